//! Brain-ring's face to the server core: [`LiveFormat`] for
//! [`RingTournament`] — who may send which command, each command checked
//! against the live tournament and turned into events, the button's fast
//! path, and what each event shows to whom; its results, and its
//! capabilities: the button, patched screens, packages, entry from the
//! ChGK table, a restart's events.

use super::{
    ButtonPhase, FightId, RingBoard, RingCommand, RingEvent, RingFightView, RingPlayError,
    RingReceipt, RingRestartNotice, RingStaffView, RingStage, RingTeamView, RingTiming,
    RingTournament, TournamentBlock,
};
use crate::identity::{Identity, Role};
use crate::ids::{GameId, TeamId};
use crate::jury_protocol::Protocol;
use crate::packages::media::PackageFile;
use crate::packages::media::{MediaFile, MediaHash};
use crate::packages::parse_package;
use crate::play::brain_ring::sheet::BrainRingSheet;
use crate::play::button::{ButtonPress, ButtonVerdict, PressPatch, QuestionMark};
use crate::play::chgk::MAX_APPEAL_CHARS;
use crate::play::cut::QualifyingCut;
use crate::play::format::{Buttons, OwnEvents, Packages, Patches, Pressed, Qualified};
use crate::play::format::{
    Decided, HallPatch, Labels, LiveFormat, Progress, Results, Touched, TourState,
};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::sheet::output::{OrderedMap, Scored};
use crate::sheet::{Scoresheet, SheetError};
use crate::time::ServerTime;
use crate::tournament::Place;

/// The Brain-ring tournament every event has from its start (stored as the
/// store's first added game). A store written before games had ids keeps
/// its Brain-ring under another id; the server finds it by format.
pub const EVENT_RING: GameId = GameId(1);

/// The event's Brain-ring's name, as exports and the festival's places
/// show it.
pub const EVENT_RING_NAME: &str = "Брейн-ринг";

impl LiveFormat for RingTournament {
    const FORMAT: &'static str = "brain-ring";
    const TITLE: &'static str = "Брейн-ринг";
    type Settings = RingTiming;
    type Command = RingCommand;
    type Event = RingEvent;
    type Receipt = RingReceipt;
    type Error = RingPlayError;
    type StaffView = RingStaffView;
    type TeamView = RingTeamView;
    type DisplayView = RingBoard;
    type Patch = RingFightView;
    type Sheet = BrainRingSheet;
    const BUTTONS: Option<&'static dyn Buttons<Self>> = Some(&RingButtons);
    const PATCHES: Option<&'static dyn Patches<Self>> = Some(&RingPatches);
    const PACKAGES: Option<&'static dyn Packages<Self>> = Some(&RingPackages);
    const QUALIFIED: Option<&'static dyn Qualified<Self>> = Some(&RingEntry);
    const OWN_EVENTS: Option<&'static dyn OwnEvents<Self>> = Some(&RingOwnEvents);

    fn new(timing: &RingTiming) -> Self {
        RingTournament {
            timing: timing.clone(),
            ..RingTournament::default()
        }
    }

    fn validate(timing: &RingTiming) -> Result<(), RingPlayError> {
        timing.validate().map_err(RingPlayError::Timing)
    }

    fn permitted(role: Role, command: &RingCommand) -> bool {
        match command {
            RingCommand::Appeal { .. } => role == Role::Team,
            _ => role == Role::Host,
        }
    }

    fn decide(
        &self,
        who: Identity,
        command: RingCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, RingPlayError> {
        let one = |e: RingEvent| Ok((RingReceipt::Done, vec![e]));
        let fight = |id: FightId| self.fight(id);
        match command {
            RingCommand::LoadPackage { file_name, bytes } => {
                let package = parse_package(&file_name, &bytes).map_err(RingPlayError::Package)?;
                let questions: Vec<_> = package.questions().cloned().collect();
                let added = questions.len() as u32;
                Ok((
                    RingReceipt::PackageLoaded {
                        added,
                        questions: self.questions.len() as u32 + added,
                    },
                    vec![RingEvent::QuestionsAdded { questions }],
                ))
            }
            RingCommand::SetTiming { timing } => {
                Self::validate(&timing)?;
                one(RingEvent::TimingSet { timing })
            }
            RingCommand::Seed { teams, seed } => {
                self.check_seeding(&teams, roster)?;
                one(RingEvent::Qualified { teams, seed })
            }
            RingCommand::StartNext { stages } => {
                Ok((RingReceipt::Done, self.handle_start_next(stages)?))
            }
            RingCommand::Friendly { tables, format } => {
                if tables.iter().any(|t| !roster.contains(*t)) {
                    return Err(RingPlayError::NoSuchTeam);
                }
                one(self.handle_friendly(tables, format)?)
            }
            RingCommand::Read { fight: id } => {
                fight(id)?.check_read()?;
                one(RingEvent::QuestionRead { fight: id, at: now })
            }
            RingCommand::Arm { fight: id } => {
                fight(id)?.check_arm()?;
                one(RingEvent::Armed { fight: id, at: now })
            }
            RingCommand::Judge { fight: id, correct } => {
                fight(id)?.check_judge()?;
                one(RingEvent::Judged {
                    fight: id,
                    correct,
                    at: now,
                })
            }
            RingCommand::Decide { fight: id, table } => {
                fight(id)?.check_decide()?;
                one(RingEvent::ContestDecided {
                    fight: id,
                    table: usize::from(table.min(1)),
                    at: now,
                })
            }
            RingCommand::ResolveAppeal {
                fight: id,
                appeal,
                upheld,
                reply,
            } => {
                fight(id)?.check_resolve(appeal)?;
                one(RingEvent::AppealResolved {
                    fight: id,
                    appeal,
                    upheld,
                    reply: reply.trim().to_owned(),
                    at: now,
                })
            }
            RingCommand::CloseFight { fight: id } => {
                fight(id)?.check_close()?;
                one(RingEvent::FightClosed { fight: id, at: now })
            }
            RingCommand::Appeal {
                fight: id,
                kind,
                text,
            } => {
                let Identity::Team(team) = who else {
                    return Err(RingPlayError::NotATeam);
                };
                let text = text.trim().to_owned();
                let chars = text.chars().count();
                if chars > MAX_APPEAL_CHARS {
                    return Err(RingPlayError::TooLong {
                        got: chars as u32,
                        max: MAX_APPEAL_CHARS as u32,
                    });
                }
                self.check_appeal(id, team, kind)?;
                let appeal = fight(id)?.appeals.len() as u32 + 1;
                Ok((
                    RingReceipt::AppealFiled { appeal },
                    vec![RingEvent::AppealFiled {
                        fight: id,
                        team,
                        kind,
                        text,
                        at: now,
                    }],
                ))
            }
        }
    }

    fn apply(&mut self, event: &RingEvent) -> Touched {
        self.clear_restart_notice(event);
        RingTournament::apply(self, event);
        // A fight's changes concern the staff, the hall's screen and its
        // two tables; the other teams' views stay as they are. A fight
        // opening or closing moves the tournament on, which every team
        // follows between its fights.
        let tables = match event {
            // The pool concerns the staff alone, but the staff see it
            // through the whole board: the same as a tournament step.
            RingEvent::FightOpened { .. }
            | RingEvent::FightClosed { .. }
            | RingEvent::TimingSet { .. }
            | RingEvent::Qualified { .. }
            | RingEvent::CutRecorded { .. }
            | RingEvent::QuestionsAdded { .. } => None,
            RingEvent::QuestionRead { fight, .. }
            | RingEvent::Armed { fight, .. }
            | RingEvent::Pressed { fight, .. }
            | RingEvent::ContestDecided { fight, .. }
            | RingEvent::Judged { fight, .. }
            | RingEvent::AppealFiled { fight, .. }
            | RingEvent::AppealResolved { fight, .. }
            | RingEvent::Interrupted { fight, .. } => self.fight(*fight).ok().map(|f| f.tables),
        };
        match tables {
            Some(tables) => Touched {
                staff: true,
                display: true,
                all_teams: false,
                teams: tables.to_vec(),
            },
            None => Touched::everyone(),
        }
    }

    fn poll_timeout(&self, _now: ServerTime) -> Option<ServerTime> {
        self.next_deadline()
    }

    fn handle_timeout(&mut self, now: ServerTime) -> Touched {
        // A minute or extra time ran out: the question is over.
        if self.next_deadline().is_some_and(|d| d <= now) {
            self.advance(now);
            Touched::everyone()
        } else {
            Touched::nobody()
        }
    }

    fn staff_view(&self, roster: &Roster, _now: ServerTime) -> RingStaffView {
        self.staff_board(roster)
    }

    fn team_view(&self, team: TeamId, roster: &Roster, _now: ServerTime) -> RingTeamView {
        self.team_board(team, roster)
    }

    fn display_view(&self, roster: &Roster, _now: ServerTime) -> RingBoard {
        self.board(roster, super::FightAudience::Public)
    }

    fn sheet(&self, roster: &Roster) -> BrainRingSheet {
        self.scoresheet(roster)
    }

    fn check_replay(&self, event: &RingEvent, known: &dyn Known) -> Result<(), ReplayError> {
        self.check_stored(event, known)
    }
}

impl Results for RingTournament {
    const BEFORE_CHGK_TOURS: bool = false;

    fn standings(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.standings_table(roster)
    }

    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
        super::protocol::section(protocol, roster, title, self);
    }

    fn finished(&self) -> bool {
        matches!(self.stage(), RingStage::Finished { .. })
    }

    fn staff_progress(view: &RingStaffView) -> Progress {
        Progress {
            in_use: !view.board.seeding.is_empty() || !view.board.fights.is_empty(),
            finished: matches!(
                view.board.stage,
                crate::play::brain_ring::RingStage::Finished { .. }
            ),
        }
    }

    /// Brain-ring is one stage of a programme: its one «tour» exists once
    /// teams are seeded or a fight was opened.
    fn tour(&self, tour: u32) -> Option<TourState> {
        (tour == 0 && (!self.teams.is_empty() || !self.fights.is_empty())).then(|| TourState {
            title: String::new(),
            // Seeded is begun: the festival places its teams from then on.
            started: true,
            done: Results::finished(self),
        })
    }

    /// 2.2: the final places once the champion is known (4.12), the
    /// qualifying table before; the event places those not qualified.
    fn places(&self, _roster: &Roster) -> Vec<(TeamId, Place)> {
        let finals = self.final_places();
        if finals.is_empty() {
            self.standings()
                .into_iter()
                .map(|(team, row)| (team, row.place))
                .collect()
        } else {
            finals
                .into_iter()
                .map(|(team, place)| (team, Place::single(place)))
                .collect()
        }
    }

    /// Drawn, seeded or in a fight (its presses are in a fight).
    fn has_played(&self, team: TeamId) -> bool {
        self.teams.contains(&team) || self.fights.values().any(|f| f.tables.contains(&team))
    }
}

impl Labels for RingTournament {
    /// The kinds stay as they were before games had ids (the press bench
    /// counts `ring_pressed`).
    fn event_kind(event: &RingEvent) -> &'static str {
        event.kind()
    }

    /// The host's clicks that run a question (several a minute, each seen
    /// at once on the fight panel; a refusal does get a toast).
    fn outcome_in_place(command: &RingCommand, succeeded: bool) -> bool {
        succeeded
            && matches!(
                command,
                RingCommand::Read { .. }
                    | RingCommand::Arm { .. }
                    | RingCommand::Judge { .. }
                    | RingCommand::Decide { .. }
            )
    }
}

/// The button's fast path: a press decided and applied on arrival.
struct RingButtons;

impl Buttons<RingTournament> for RingButtons {
    fn takes_press(&self, game: &RingTournament, team: TeamId) -> bool {
        game.press_target(team).is_some()
    }

    fn press(
        &self,
        game: &mut RingTournament,
        press: ButtonPress,
    ) -> Option<Pressed<RingTournament>> {
        let fight = game.press_target(press.team)?;
        let event = RingEvent::Pressed {
            fight,
            team: press.team,
            at: press.at,
            rtt_us: press.rtt_us,
            clock_offset_us: press.clock_offset_us,
        };
        let Some(kind) = RingTournament::apply(game, &event) else {
            return Some(Err(RingPlayError::NoSuchFight));
        };
        let since_arming_us = game
            .fight(fight)
            .ok()
            .and_then(|f| f.log.presses.last())
            .and_then(|p| p.since_arming_us);
        Some(Ok((
            ButtonVerdict {
                kind,
                since_arming_us,
            },
            event,
        )))
    }

    fn press_patch(
        &self,
        game: &RingTournament,
        team: TeamId,
        roster: &Roster,
    ) -> Option<PressPatch<RingFightView>> {
        game.fight_patch(team, roster)
    }

    fn buttons_live(&self, game: &RingTournament) -> bool {
        RingTournament::buttons_live(game)
    }

    fn press_question(&self, view: &RingTeamView) -> Option<QuestionMark> {
        view.fight.as_ref().map(RingFightView::question_mark)
    }

    fn team_buttons_live(&self, view: &RingTeamView) -> bool {
        view.fight
            .as_ref()
            .is_some_and(RingFightView::question_in_play)
    }

    fn answering_press_at(&self, view: &RingTeamView) -> Option<ServerTime> {
        let question = view.fight.as_ref()?.question.as_ref()?;
        match question.phase {
            ButtonPhase::Answering { pressed_at, .. }
            | ButtonPhase::Contested { pressed_at, .. } => Some(pressed_at),
            _ => None,
        }
    }

    fn patch_buttons_live(&self, fight: &RingFightView) -> Option<bool> {
        Some(fight.question_in_play())
    }
}

/// A press's fight, patched into every screen.
struct RingPatches;

impl Patches<RingTournament> for RingPatches {
    /// A stored event changes whole views.
    fn commit_patch(
        &self,
        _game: &RingTournament,
        _event: &RingEvent,
        _roster: &Roster,
    ) -> Option<HallPatch<RingFightView>> {
        None
    }

    fn patch_staff(&self, view: &mut RingStaffView, fight: &RingFightView) -> bool {
        view.board.apply_fight(fight)
    }

    fn patch_team(&self, view: &mut RingTeamView, fight: &RingFightView) -> bool {
        view.apply_fight(fight)
    }

    fn patch_display(&self, view: &mut RingBoard, fight: &RingFightView) -> bool {
        view.apply_fight(fight)
    }
}

/// A Brain-ring question package (no pictures).
struct RingPackages;

impl Packages<RingTournament> for RingPackages {
    fn load_package(
        &self,
        file_name: String,
        bytes: Vec<u8>,
        _pictures: Vec<PackageFile>,
    ) -> RingCommand {
        RingCommand::LoadPackage { file_name, bytes }
    }

    fn loaded_file<'c>(&self, command: &'c RingCommand) -> Option<&'c str> {
        match command {
            RingCommand::LoadPackage { file_name, .. } => Some(file_name),
            _ => None,
        }
    }

    fn command_media(&self, _command: &RingCommand) -> Vec<MediaFile> {
        Vec::new()
    }

    fn shown_media(&self, _game: &RingTournament) -> Vec<MediaHash> {
        Vec::new()
    }
}

/// 4.3: teams enter Brain-ring from the ChGK table.
struct RingEntry;

impl Qualified<RingTournament> for RingEntry {
    /// 4.4: the seeding decides who meets whom.
    fn seeded_by_table(&self) -> bool {
        true
    }

    fn qualified(&self, teams: Vec<TeamId>, seed: u64) -> RingCommand {
        RingCommand::Seed { teams, seed }
    }

    fn cut_recorded(&self, cut: QualifyingCut) -> RingEvent {
        RingEvent::CutRecorded { cut }
    }

    fn qualifying_cut<'g>(&self, game: &'g RingTournament) -> Option<&'g QualifyingCut> {
        game.cut.as_ref()
    }
}

/// Issue 14.4: a restart's interruptions.
struct RingOwnEvents;

impl OwnEvents<RingTournament> for RingOwnEvents {
    /// A deadline changes views only.
    fn timeout_events(&self, _game: &RingTournament, _now: ServerTime) -> Vec<RingEvent> {
        Vec::new()
    }

    fn restarted(&self, game: &mut RingTournament, now: ServerTime) -> Vec<RingEvent> {
        game.restart(now)
    }
}

impl RingTournament {
    /// 4.3–4.4, 4.8: the seeding may be set until the tournament's first
    /// fight (friendly ones aside), with an even number of at least two
    /// registered teams, each once.
    fn check_seeding(&self, teams: &[TeamId], roster: &Roster) -> Result<(), RingPlayError> {
        if self
            .fights
            .values()
            .any(|f| !matches!(f.kind, super::FightKind::Friendly))
        {
            return Err(RingPlayError::Tournament(TournamentBlock::SeedingFixed));
        }
        if teams.len() < 2 || !teams.len().is_multiple_of(2) {
            return Err(RingPlayError::CannotPair {
                teams: teams.len() as u32,
            });
        }
        let mut seen = std::collections::BTreeSet::new();
        for t in teams {
            if !roster.contains(*t) {
                return Err(RingPlayError::NoSuchTeam);
            }
            if !seen.insert(*t) {
                return Err(RingPlayError::TeamTwice);
            }
        }
        Ok(())
    }

    /// Issue 14.4, on the server's start, before time is let pass: every
    /// open fight whose question was armed goes back to «reading» (the
    /// returned [`RingEvent::Interrupted`]s, stored so every later replay
    /// does the same), and the host gets a notice for every question found
    /// in play.
    pub fn restart(&mut self, now: ServerTime) -> Vec<RingEvent> {
        let mut events = Vec::new();
        self.restarts.clear();
        for fight in self.fights.values().filter(|f| f.is_open()) {
            let Some(q) = fight.current.as_ref().filter(|q| !q.is_over()) else {
                continue;
            };
            let rearm = q.armed_at_restart();
            if rearm {
                events.push(RingEvent::Interrupted {
                    fight: fight.id,
                    question: q.number,
                    at: now,
                });
            }
            self.restarts.push(RingRestartNotice {
                fight: fight.id,
                question: q.number,
                rearm,
            });
        }
        events
    }

    /// The host acted in the fight (read, «Время», a judgement, a decision,
    /// closing it): its restart notice has been seen and goes.
    fn clear_restart_notice(&mut self, e: &RingEvent) {
        let host_acted = match e {
            RingEvent::QuestionRead { fight, .. }
            | RingEvent::Armed { fight, .. }
            | RingEvent::ContestDecided { fight, .. }
            | RingEvent::Judged { fight, .. }
            | RingEvent::AppealResolved { fight, .. }
            | RingEvent::FightClosed { fight, .. } => Some(*fight),
            _ => None,
        };
        if let Some(fight) = host_acted {
            self.restarts.retain(|n| n.fight != fight);
        }
    }
}

#[cfg(test)]
#[path = "live_tests.rs"]
mod tests;

/// The `brain-ring` sheet, scored as `minuta-server score` prints it.
impl Scoresheet for BrainRingSheet {
    fn score(&self) -> Result<Scored, SheetError> {
        crate::play::brain_ring::sheet::score(self)
    }
}
