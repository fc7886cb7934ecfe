//! Эрудит-квартет's face to the server core: [`LiveFormat`] for
//! [`EruditTournament`] — who may send which command, each command checked
//! against the tournament and turned into events, the players' button on
//! the shared fast path, and what each event shows to whom; its results,
//! and its capabilities: the button, patched screens, packages, entry from
//! the ChGK table, a restart's events.

use std::collections::BTreeMap;

use serde::de::IgnoredAny;

use super::view::Audience;
use super::{
    EruditCommand, EruditEvent, EruditPlayError, EruditReceipt, EruditStaffView, EruditTeamView,
    EruditTiming, EruditTournament, GameBoard, MIN_PLAYERS, TEAM_COUNTS, themes_of,
};
use crate::identity::{Identity, Role};
use crate::ids::TeamId;
use crate::jury_protocol::Protocol;
use crate::packages::media::{MediaFile, MediaHash, PackageFile};
use crate::packages::parse_package;
use crate::play::button::{ButtonPress, ButtonVerdict, PressKind, PressPatch, QuestionMark};
use crate::play::cut::QualifyingCut;
use crate::play::erudit::rules::blind_draw;
use crate::play::erudit::sheet::tournament::EruditTournamentSheet;
use crate::play::format::{Buttons, OwnEvents, Packages, Patches, Pressed, Qualified};
use crate::play::format::{
    Decided, HallPatch, Labels, LiveFormat, Progress, Results, Touched, TourState,
};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::seed::Seed;
use crate::sheet::output::{OrderedMap, Scored};
use crate::sheet::{self, Scoresheet, SheetError};
use crate::time::ServerTime;
use crate::tournament::Place;

type E = EruditPlayError;

impl LiveFormat for EruditTournament {
    const FORMAT: &'static str = "erudit-quartet";
    const TITLE: &'static str = "Эрудит-квартет";
    type Settings = EruditTiming;
    type Command = EruditCommand;
    type Event = EruditEvent;
    type Receipt = EruditReceipt;
    type Error = EruditPlayError;
    type StaffView = EruditStaffView;
    type TeamView = EruditTeamView;
    type DisplayView = super::EruditBoard;
    type Patch = GameBoard;
    type Sheet = EruditTournamentSheet;
    const BUTTONS: Option<&'static dyn Buttons<Self>> = Some(&EruditButtons);
    const PATCHES: Option<&'static dyn Patches<Self>> = Some(&EruditPatches);
    const PACKAGES: Option<&'static dyn Packages<Self>> = Some(&EruditPackages);
    const QUALIFIED: Option<&'static dyn Qualified<Self>> = Some(&EruditEntry);
    const OWN_EVENTS: Option<&'static dyn OwnEvents<Self>> = Some(&EruditOwnEvents);

    fn new(timing: &EruditTiming) -> Self {
        EruditTournament {
            timing: timing.clone(),
            ..EruditTournament::default()
        }
    }

    fn validate(timing: &EruditTiming) -> Result<(), E> {
        timing.validate().map_err(E::Timing)
    }

    fn permitted(role: Role, command: &EruditCommand) -> bool {
        match command {
            EruditCommand::SetLineup { .. } => matches!(role, Role::Team | Role::Host),
            _ => role == Role::Host,
        }
    }

    fn decide(
        &self,
        who: Identity,
        command: EruditCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, E> {
        let one = |e: EruditEvent| Ok((EruditReceipt::Done, vec![e]));
        // The game as it stands at `now`: a deadline may have passed that
        // the timer has not fired yet.
        let mut at_now = self.clone();
        at_now.advance(now);
        let game = || at_now.game().ok_or(E::NoGame);
        match command {
            EruditCommand::LoadPackage { file_name, bytes } => {
                let package = parse_package(&file_name, &bytes).map_err(E::Package)?;
                let themes = themes_of(&package);
                if themes.is_empty() {
                    return Err(E::NoThemes);
                }
                let added = themes.len() as u32;
                Ok((
                    EruditReceipt::PackageLoaded {
                        added,
                        themes: self.themes.len() as u32 + added,
                    },
                    vec![EruditEvent::ThemesAdded { themes }],
                ))
            }
            EruditCommand::SetTiming { timing } => {
                Self::validate(&timing)?;
                one(EruditEvent::TimingSet { timing })
            }
            EruditCommand::Seed { teams, seed } => {
                self.check_seeding(&teams, roster)?;
                let indices: Vec<usize> = teams.iter().map(|t| t.0 as usize).collect();
                // 5.3: the blind draw, its seed recorded with the groups.
                let draw = blind_draw(&indices, crate::play::erudit::rules::TEAMS, Seed(seed))
                    .map_err(|_| E::TeamCount {
                        teams: teams.len() as u32,
                    })?;
                let groups: Vec<Vec<TeamId>> = draw
                    .groups
                    .iter()
                    .map(|g| g.iter().map(|&t| TeamId(t as u32)).collect())
                    .collect();
                Ok((
                    EruditReceipt::Drawn {
                        groups: groups.clone(),
                    },
                    vec![EruditEvent::Seeded {
                        teams,
                        seed,
                        groups,
                    }],
                ))
            }
            EruditCommand::StartGame { group } => {
                if at_now.finished() {
                    return Err(E::TournamentOver);
                }
                let stage = at_now.stage_index().ok_or(E::NotSeeded)?;
                if at_now.game().is_some() {
                    return Err(E::GameInPlay);
                }
                // 5.4, 5.5: a deciding tie is settled before play goes on.
                if at_now.pending_tie().is_some() {
                    return Err(E::TieToSettle);
                }
                let play = at_now
                    .stages
                    .get(stage)
                    .and_then(|s| s.get(group as usize))
                    .ok_or(E::NoSuchGroup)?;
                if play.game.is_some() {
                    return Err(E::GroupPlayed);
                }
                let mut players = Vec::with_capacity(play.teams.len());
                for team in &play.teams {
                    let registered = roster.get(*team).ok_or(E::NoSuchTeam)?;
                    check_players(registered)?;
                    players.push(registered.players.clone());
                }
                one(EruditEvent::GameStarted {
                    stage: stage as u32,
                    group,
                    players,
                    at: now,
                })
            }
            EruditCommand::OpenLineup => {
                let game = game()?;
                game.check_open_lineup().map_err(E::Step)?;
                let themes = game.next_lineup_starts_tour().then(|| at_now.next_themes());
                one(EruditEvent::LineupOpened { themes, at: now })
            }
            EruditCommand::CloseLineup => {
                if !matches!(game()?.phase, super::Phase::Lineup { .. }) {
                    return Err(E::Step(super::GameStep::NoLineup));
                }
                one(EruditEvent::LineupClosed { at: now })
            }
            EruditCommand::SetLineup { team, players } => {
                let team = match (who, team) {
                    (Identity::Team(own), None) => own,
                    (Identity::Team(own), Some(named)) if named == own => own,
                    (Identity::Host, Some(named)) => named,
                    _ => return Err(E::NotATeam),
                };
                let game = game()?;
                let index = game.index_of(team).ok_or(E::NotInGame)?;
                let players: Vec<String> = players.iter().map(|p| p.trim().to_owned()).collect();
                game.check_lineup(index, &players).map_err(E::Lineup)?;
                one(EruditEvent::LineupSet {
                    team,
                    players,
                    at: now,
                })
            }
            EruditCommand::Read => {
                game()?.check_read().map_err(E::Step)?;
                one(EruditEvent::ReadingStarted { at: now })
            }
            EruditCommand::EndReading => {
                game()?.check_end_reading().map_err(E::Step)?;
                one(EruditEvent::ReadingEnded { at: now })
            }
            EruditCommand::Reread => {
                game()?.check_reread().map_err(E::Step)?;
                one(EruditEvent::Reread { at: now })
            }
            EruditCommand::Judge { correct } => {
                game()?.check_judge().map_err(E::Step)?;
                one(EruditEvent::Judged { correct, at: now })
            }
            EruditCommand::Next => {
                game()?.check_next().map_err(E::Step)?;
                one(EruditEvent::Next { at: now })
            }
            EruditCommand::ShootOffQuestion => {
                at_now.pending_tie().ok_or(E::NoTie)?;
                if at_now.shoot_off.is_some() {
                    return Err(E::ShootOffInPlay);
                }
                one(EruditEvent::ShootOffOpened { at: now })
            }
            EruditCommand::ShootOffJudge { correct } => {
                let q = at_now.shoot_off.as_ref().ok_or(E::NoShootOff)?;
                if q.answering.is_none() {
                    return Err(E::NobodyAnswering);
                }
                one(EruditEvent::ShootOffJudged { correct, at: now })
            }
            EruditCommand::ShootOffNobody => {
                let q = at_now.shoot_off.as_ref().ok_or(E::NoShootOff)?;
                if q.answering.is_some() {
                    return Err(E::ShootOffAnswering);
                }
                one(EruditEvent::ShootOffClosed { at: now })
            }
            EruditCommand::DrawLot { seed } => {
                at_now.pending_tie().ok_or(E::NoTie)?;
                if at_now
                    .shoot_off
                    .as_ref()
                    .is_some_and(|q| q.answering.is_some())
                {
                    return Err(E::ShootOffAnswering);
                }
                one(EruditEvent::LotDrawn { seed, at: now })
            }
        }
    }

    fn apply(&mut self, event: &EruditEvent) -> Touched {
        if !matches!(
            event,
            EruditEvent::Pressed { .. } | EruditEvent::Interrupted { .. }
        ) {
            self.restart_notice = false;
        }
        self.apply_event(event);
        match event {
            // A line-up is its team's and the staff's until the window
            // closes; the hall sees only that it was sent.
            EruditEvent::LineupSet { team, .. }
                if self
                    .game()
                    .is_some_and(|g| matches!(g.phase, super::Phase::Lineup { .. })) =>
            {
                Touched {
                    staff: true,
                    display: true,
                    all_teams: false,
                    teams: vec![*team],
                }
            }
            EruditEvent::ThemesAdded { .. } | EruditEvent::TimingSet { .. } => Touched::staff(),
            _ => Touched::everyone(),
        }
    }

    fn poll_timeout(&self, _now: ServerTime) -> Option<ServerTime> {
        self.next_deadline()
    }

    fn handle_timeout(&mut self, now: ServerTime) -> Touched {
        if self.advance(now) {
            Touched::everyone()
        } else {
            Touched::nobody()
        }
    }

    fn staff_view(&self, roster: &Roster, _now: ServerTime) -> EruditStaffView {
        EruditStaffView {
            board: self.board(roster, Audience::Staff),
            timing: self.timing.clone(),
            pool: self.themes.len() as u32,
            pool_used: self.themes_used,
            restart_notice: self.restart_notice,
        }
    }

    fn team_view(&self, team: TeamId, roster: &Roster, _now: ServerTime) -> EruditTeamView {
        EruditTeamView {
            team,
            board: self.board(roster, Audience::Team(team)),
            lineup: self.lineup_form(team, roster),
        }
    }

    fn display_view(&self, roster: &Roster, _now: ServerTime) -> super::EruditBoard {
        self.board(roster, Audience::Public)
    }

    fn sheet(&self, roster: &Roster) -> EruditTournamentSheet {
        self.scoresheet(roster)
    }

    /// Replay: every team a stored event names is registered.
    fn check_replay(&self, event: &EruditEvent, known: &dyn Known) -> Result<(), ReplayError> {
        use EruditEvent as E;
        match event {
            E::Seeded { teams, groups, .. } => {
                known.teams_exist(teams)?;
                groups.iter().try_for_each(|g| known.teams_exist(g))
            }
            E::LineupSet { team, .. } | E::Pressed { team, .. } => known.team_exists(*team),
            E::CutRecorded { cut } => known.teams_exist(&cut.tied),
            E::TimingSet { .. }
            | E::ThemesAdded { .. }
            | E::GameStarted { .. }
            | E::LineupOpened { .. }
            | E::LineupClosed { .. }
            | E::ReadingStarted { .. }
            | E::ReadingEnded { .. }
            | E::Reread { .. }
            | E::Judged { .. }
            | E::Next { .. }
            | E::Interrupted { .. }
            | E::ShootOffOpened { .. }
            | E::ShootOffJudged { .. }
            | E::ShootOffClosed { .. }
            | E::LotDrawn { .. } => Ok(()),
        }
    }
}

impl Results for EruditTournament {
    const BEFORE_CHGK_TOURS: bool = false;

    fn standings(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.standings_table(roster)
    }

    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
        super::protocol::section(protocol, roster, title, self);
    }

    fn finished(&self) -> bool {
        EruditTournament::finished(self)
    }

    fn staff_progress(view: &EruditStaffView) -> Progress {
        Progress {
            in_use: view.board.seed.is_some(),
            finished: view.board.finished,
        }
    }

    /// One «tour» in the programme: the tournament, once teams are drawn.
    fn tour(&self, tour: u32) -> Option<TourState> {
        (tour == 0 && !self.entrants.is_empty()).then(|| TourState {
            title: String::new(),
            started: true,
            done: EruditTournament::finished(self),
        })
    }

    /// 2.2: the tournament's table (the final's places once it is over).
    fn places(&self, _roster: &Roster) -> Vec<(TeamId, Place)> {
        self.table()
            .into_iter()
            .map(|r| (TeamId(r.team as u32), r.place))
            .collect()
    }

    fn has_played(&self, team: TeamId) -> bool {
        self.has_team(team)
    }
}

impl Labels for EruditTournament {
    fn event_kind(_event: &EruditEvent) -> &'static str {
        "game"
    }

    /// A captain's line-up shows on the team's screen; the host's steps
    /// are seen at once where clicked (a refusal does get a toast).
    fn outcome_in_place(command: &EruditCommand, succeeded: bool) -> bool {
        match command {
            EruditCommand::SetLineup { .. } => true,
            EruditCommand::OpenLineup
            | EruditCommand::CloseLineup
            | EruditCommand::Read
            | EruditCommand::EndReading
            | EruditCommand::Reread
            | EruditCommand::Judge { .. }
            | EruditCommand::Next
            // The tie's panel shows each step of its settling (5.4, 5.5).
            | EruditCommand::ShootOffQuestion
            | EruditCommand::ShootOffJudge { .. }
            | EruditCommand::ShootOffNobody
            | EruditCommand::DrawLot { .. } => succeeded,
            EruditCommand::LoadPackage { .. }
            | EruditCommand::SetTiming { .. }
            | EruditCommand::Seed { .. }
            | EruditCommand::StartGame { .. } => false,
        }
    }
}

/// The players' button, on the shared fast path.
struct EruditButtons;

impl Buttons<EruditTournament> for EruditButtons {
    fn takes_press(&self, game: &EruditTournament, team: TeamId) -> bool {
        game.game().is_some_and(|g| g.takes_press(team)) || game.in_shoot_off(team)
    }

    fn press(
        &self,
        game: &mut EruditTournament,
        press: ButtonPress,
    ) -> Option<Pressed<EruditTournament>> {
        if !self.takes_press(game, press.team) {
            return None;
        }
        let event = EruditEvent::Pressed {
            team: press.team,
            at: press.at,
            rtt_us: press.rtt_us,
            clock_offset_us: press.clock_offset_us,
        };
        if game.shoot_off.is_some() {
            // 5.4, 5.5: the first tied team to press answers.
            let won = game.shoot_off_takes(press.team);
            game.apply_event(&event);
            let kind = if won {
                PressKind::Won
            } else if game
                .shoot_off
                .as_ref()
                .is_some_and(|q| q.attempts.iter().any(|a| a.team == press.team.0 as usize))
            {
                PressKind::LockedOut
            } else {
                PressKind::Late
            };
            return Some(Ok((
                ButtonVerdict {
                    kind,
                    since_arming_us: None,
                },
                event,
            )));
        }
        game.apply_event(&event);
        let game = game.game()?;
        let record = game.question()?.presses.last()?;
        let since_arming_us = record
            .after_reading_ms
            .map(|ms| (ms * 1000) as i64)
            .or(record.interrupted_after_ms.map(|ms| -((ms * 1000) as i64)));
        Some(Ok((
            ButtonVerdict {
                kind: record.kind,
                since_arming_us,
            },
            event,
        )))
    }

    fn press_patch(
        &self,
        tournament: &EruditTournament,
        _team: TeamId,
        roster: &Roster,
    ) -> Option<PressPatch<GameBoard>> {
        // A shoot-off's press shows on the board of the group it settles.
        let game = tournament.game().or_else(|| {
            tournament.shoot_off.as_ref()?;
            tournament.shown_game()
        })?;
        Some(PressPatch {
            staff: tournament.game_board(game, roster, Audience::Staff),
            public: tournament.game_board(game, roster, Audience::Public),
            teams: game
                .teams
                .iter()
                .map(|&t| (t, tournament.game_board(game, roster, Audience::Team(t))))
                .collect(),
        })
    }

    fn buttons_live(&self, game: &EruditTournament) -> bool {
        game.game().is_some_and(|g| g.round().is_some()) || game.shoot_off.is_some()
    }

    /// The question on the board, while this team's player is at the
    /// buttons.
    fn press_question(&self, view: &EruditTeamView) -> Option<QuestionMark> {
        view.row()?.on.as_ref()?;
        view.board.game.as_ref()?.question_mark()
    }

    fn team_buttons_live(&self, view: &EruditTeamView) -> bool {
        view.may_press()
    }

    /// A late press is not told by how much it lost.
    fn answering_press_at(&self, _view: &EruditTeamView) -> Option<ServerTime> {
        None
    }

    /// The patch is the team's own copy of the game of four.
    fn patch_buttons_live(&self, board: &GameBoard) -> Option<bool> {
        Some(board.question_in_play())
    }
}

/// A press's game of four, patched into every screen.
struct EruditPatches;

impl Patches<EruditTournament> for EruditPatches {
    /// A stored event changes whole views.
    fn commit_patch(
        &self,
        _game: &EruditTournament,
        _event: &EruditEvent,
        _roster: &Roster,
    ) -> Option<HallPatch<GameBoard>> {
        None
    }

    fn patch_staff(&self, view: &mut EruditStaffView, patch: &GameBoard) -> bool {
        replace_game(&mut view.board.game, patch)
    }

    fn patch_team(&self, view: &mut EruditTeamView, patch: &GameBoard) -> bool {
        replace_game(&mut view.board.game, patch)
    }

    fn patch_display(&self, view: &mut super::EruditBoard, patch: &GameBoard) -> bool {
        replace_game(&mut view.game, patch)
    }
}

/// An Эрудит-квартет package of themes (no pictures).
struct EruditPackages;

impl Packages<EruditTournament> for EruditPackages {
    fn load_package(
        &self,
        file_name: String,
        bytes: Vec<u8>,
        _pictures: Vec<PackageFile>,
    ) -> EruditCommand {
        EruditCommand::LoadPackage { file_name, bytes }
    }

    fn loaded_file<'c>(&self, command: &'c EruditCommand) -> Option<&'c str> {
        match command {
            EruditCommand::LoadPackage { file_name, .. } => Some(file_name),
            _ => None,
        }
    }

    fn command_media(&self, _command: &EruditCommand) -> Vec<MediaFile> {
        Vec::new()
    }

    fn shown_media(&self, _game: &EruditTournament) -> Vec<MediaHash> {
        Vec::new()
    }
}

/// 5.2: teams enter the Эрудит-квартет from the ChGK table.
struct EruditEntry;

impl Qualified<EruditTournament> for EruditEntry {
    /// 5.3: the groups are drawn blind; the order decides nothing.
    fn seeded_by_table(&self) -> bool {
        false
    }

    fn qualified(&self, teams: Vec<TeamId>, seed: u64) -> EruditCommand {
        EruditCommand::Seed { teams, seed }
    }

    fn cut_recorded(&self, cut: QualifyingCut) -> EruditEvent {
        EruditEvent::CutRecorded { cut }
    }

    fn qualifying_cut<'g>(&self, game: &'g EruditTournament) -> Option<&'g QualifyingCut> {
        game.cut.as_ref()
    }
}

/// A restart's interruption.
struct EruditOwnEvents;

impl OwnEvents<EruditTournament> for EruditOwnEvents {
    /// A deadline changes views only.
    fn timeout_events(&self, _game: &EruditTournament, _now: ServerTime) -> Vec<EruditEvent> {
        Vec::new()
    }

    fn restarted(&self, game: &mut EruditTournament, now: ServerTime) -> Vec<EruditEvent> {
        let shoot_off_answering = game
            .shoot_off
            .as_ref()
            .is_some_and(|q| q.answering.is_some());
        if shoot_off_answering || game.game().is_some_and(super::QuartetGame::in_play) {
            game.restart_notice = true;
            vec![EruditEvent::Interrupted { at: now }]
        } else {
            Vec::new()
        }
    }
}

/// A press changes only the game in play: the patch replaces it when the
/// view shows that game.
fn replace_game(game: &mut Option<GameBoard>, patch: &GameBoard) -> bool {
    match game {
        Some(g) if g.stage == patch.stage && g.group == patch.group => {
            *g = patch.clone();
            true
        }
        _ => false,
    }
}

/// 5.8: a tour's four rounds, no player twice: four players at least.
fn check_players(team: &crate::play::roster::RosterTeam) -> Result<(), E> {
    if team.players.len() < MIN_PLAYERS {
        return Err(E::TooFewPlayers {
            team: team.name.clone(),
            players: team.players.len() as u32,
        });
    }
    Ok(())
}

impl EruditTournament {
    /// Whether `team` is one of the tied teams at the buttons of the
    /// shoot-off question in play (a press then is decided, even a late
    /// one, and logged).
    fn in_shoot_off(&self, team: TeamId) -> bool {
        self.shoot_off.is_some()
            && self
                .pending_tie()
                .is_some_and(|p| p.tie.teams.contains(&(team.0 as usize)))
    }

    /// 5.2–5.3: the draw may be made until the first game, with 4, 8 or 16
    /// registered teams of four players or more, each once.
    fn check_seeding(&self, teams: &[TeamId], roster: &Roster) -> Result<(), E> {
        if self.started() {
            return Err(E::SeedingFixed);
        }
        if !TEAM_COUNTS.contains(&teams.len()) {
            return Err(E::TeamCount {
                teams: teams.len() as u32,
            });
        }
        let mut seen = std::collections::BTreeSet::new();
        for t in teams {
            let team = roster.get(*t).ok_or(E::NoSuchTeam)?;
            if !seen.insert(*t) {
                return Err(E::TeamTwice);
            }
            check_players(team)?;
        }
        Ok(())
    }
}

/// The `erudit-quartet` sheet, scored as `minuta-server score` prints it.
impl Scoresheet for EruditTournamentSheet {
    fn score(&self) -> Result<Scored, SheetError> {
        super::sheet::tournament::score(self)
    }

    /// A sheet with `stages` is a whole tournament, else one game.
    fn score_text(text: &str) -> Result<String, SheetError> {
        let fields: BTreeMap<String, IgnoredAny> = sheet::read(text)?;
        if fields.contains_key("stages") {
            sheet::write(&sheet::read::<EruditTournamentSheet>(text)?.score()?)
        } else {
            sheet::write(&super::sheet::score(&sheet::read(text)?)?)
        }
    }
}
