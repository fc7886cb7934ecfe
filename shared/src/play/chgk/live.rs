//! ChGK's face to the server core: [`LiveFormat`] for [`ChgkGame`] — who may
//! send which command, each command decided by the `handle_*` rules of
//! [`super::game`], the clock's signals as deadlines, and the game as the
//! `chgk` scoresheet `minuta-server score` takes; its results, and its
//! capabilities: packages and their pictures, the table other games
//! qualify from, the event's settings followed.

use serde::{Deserialize, Serialize};

use super::command::{ChgkCommand, ChgkReceipt};
use super::game::ChgkGame;
use super::view::{ChgkDisplayView, ChgkStaffView, ChgkTeamView};
use super::{AppealDecider, ChgkError, ChgkEvent, Judger};
use crate::identity::{Identity, Role};
use crate::ids::{GameId, TeamId};
use crate::jury_protocol::Protocol;
use crate::packages::media::{MediaFile, MediaHash, PackageFile};
use crate::packages::parse_package_with;
use crate::play::chgk::rules::ChgkRow;
use crate::play::chgk::sheet::ChgkSheet;
use crate::play::clock::Phase;
use crate::play::cut::CountedTours;
use crate::play::format::{Decided, Labels, LiveFormat, Progress, Results, Touched, TourState};
use crate::play::format::{FollowsEvent, Packages, QualifyingTable};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::play::settings::TournamentSettings;
use crate::sheet::output::{OrderedMap, Scored, int, row};
use crate::sheet::{Scoresheet, SheetError};
use crate::time::ServerTime;
use crate::tournament::Place;

/// The event's own ChGK tournament: every event has it from the start (its
/// timing is the event's settings), and stores written before games had
/// ids keep their ChGK there.
pub const EVENT_CHGK: GameId = GameId(0);

/// A ChGK game's own settings: none yet — the minute, the signal and the
/// grace are the event's ([`TournamentSettings::chgk`]), the same for every
/// ChGK game of the event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkSettings {}

impl LiveFormat for ChgkGame {
    const FORMAT: &'static str = "chgk";
    const TITLE: &'static str = "Что? Где? Когда?";
    type Settings = ChgkSettings;
    type Command = ChgkCommand;
    type Event = ChgkEvent;
    type Receipt = ChgkReceipt;
    type Error = ChgkError;
    type StaffView = ChgkStaffView;
    type TeamView = ChgkTeamView;
    type DisplayView = ChgkDisplayView;
    type Patch = ();
    type Sheet = ChgkSheet;
    const PACKAGES: Option<&'static dyn Packages<Self>> = Some(&ChgkPackages);
    const QUALIFIES: Option<&'static dyn QualifyingTable<Self>> = Some(&ChgkTable);
    const FOLLOWS_EVENT: Option<&'static dyn FollowsEvent<Self>> = Some(&ChgkFollowsEvent);

    fn new(_: &ChgkSettings) -> Self {
        ChgkGame::default()
    }

    fn validate(_: &ChgkSettings) -> Result<(), ChgkError> {
        Ok(())
    }

    fn permitted(role: Role, command: &ChgkCommand) -> bool {
        use ChgkCommand as C;
        match command {
            C::LoadPackage { .. }
            | C::AddQuestion { .. }
            | C::Announce { .. }
            | C::StartMinute
            | C::TakeBackAnnouncement { .. }
            | C::Reveal { .. }
            | C::CloseTour { .. }
            | C::ShowQuestionOnProjector { .. }
            | C::ShowHandout { .. }
            | C::ShowPicture { .. }
            | C::MarkAbsent { .. } => role == Role::Host,
            // 6.5: the appeal jury decides ChGK appeals; the host only
            // when the event has no jury (decided in `decide`).
            C::ResolveAppeal { .. } => matches!(role, Role::Host | Role::Jury),
            C::Judge { .. } | C::JudgeRestWrong { .. } => matches!(role, Role::Host | Role::Judge),
            C::SubmitCard { .. } | C::FileAppeal { .. } => role == Role::Team,
        }
    }

    fn decide(
        &self,
        who: Identity,
        command: ChgkCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, ChgkError> {
        use ChgkCommand as C;
        let done = |e: ChgkEvent| Ok((ChgkReceipt::Done, vec![e]));
        let team = || match who {
            Identity::Team(team) => Ok(team),
            _ => Err(ChgkError::NotATeam),
        };
        match command {
            C::LoadPackage {
                file_name,
                bytes,
                pictures,
            } => {
                let package = parse_package_with(&file_name, &bytes, None, &pictures)
                    .map_err(ChgkError::Package)?;
                let questions = package.tours.iter().map(|t| t.questions.len() as u32).sum();
                let receipt = ChgkReceipt::PackageLoaded {
                    tours: package.tours.len() as u32,
                    questions,
                };
                Ok((receipt, self.handle_load_package(&package)))
            }
            C::AddQuestion { tour, question } => {
                Ok((ChgkReceipt::Done, self.handle_add_question(tour, question)?))
            }
            C::Announce { question } => done(self.handle_announce(question, now)?),
            C::StartMinute => done(self.handle_start_minute(now)?),
            C::TakeBackAnnouncement { question } => {
                done(self.handle_take_back_announcement(question)?)
            }
            C::Reveal { question } => Ok((
                ChgkReceipt::Done,
                self.handle_reveal(question, now)?.into_iter().collect(),
            )),
            C::CloseTour { tour } => {
                let registered: Vec<TeamId> = roster.teams.iter().map(|t| t.id).collect();
                done(self.handle_close_tour(tour, &registered, now)?)
            }
            C::ResolveAppeal {
                appeal,
                upheld,
                reply,
            } => {
                let by = match who {
                    Identity::Jury => AppealDecider::Jury,
                    Identity::Host => AppealDecider::Host,
                    _ => return Err(ChgkError::NotADecider),
                };
                let jury_sits = roster.appeal_jury;
                done(self.handle_resolve_appeal(appeal, (upheld, &reply), by, jury_sits, now)?)
            }
            C::MarkAbsent { team, tour, absent } => {
                done(self.handle_mark_absent(roster, team, tour, absent)?)
            }
            C::ShowQuestionOnProjector { on } => done(ChgkEvent::ProjectorShowsText { on }),
            C::ShowHandout { question } => {
                if let Some(id) = question
                    && self.question(id)?.content.handout.is_none()
                {
                    return Err(ChgkError::NoHandout);
                }
                done(ChgkEvent::HandoutShown { question })
            }
            C::ShowPicture { picture } => {
                if let Some(shown) = picture {
                    let pictures = &self.question(shown.question)?.content.media;
                    if pictures.get(shown.index as usize).is_none() {
                        return Err(ChgkError::NoPicture);
                    }
                }
                done(ChgkEvent::PictureShown { picture })
            }
            C::Judge {
                question,
                group,
                verdict,
            } => {
                let by = match who {
                    Identity::Judge(j) => Judger::Judge(j),
                    _ => Judger::Host,
                };
                done(self.handle_judge(question, &group, verdict, by, now)?)
            }
            C::JudgeRestWrong { question } => {
                let by = match who {
                    Identity::Judge(j) => Judger::Judge(j),
                    _ => Judger::Host,
                };
                Ok((
                    ChgkReceipt::Done,
                    self.handle_judge_rest_wrong(question, by, now)?,
                ))
            }
            C::SubmitCard { question, text } => {
                let event = self.handle_card(team()?, question, &text, now)?;
                let late = matches!(event, ChgkEvent::CardAccepted { late: true, .. });
                let since_start_ms = self
                    .question(question)?
                    .clock
                    .as_ref()
                    .map_or(0, |c| now.since(c.started_at).as_millis() as u64);
                let receipt = ChgkReceipt::Card {
                    question,
                    received_at: now,
                    since_start_ms,
                    late,
                };
                Ok((receipt, vec![event]))
            }
            C::FileAppeal {
                question,
                kind,
                text,
            } => {
                let event = self.handle_file_appeal(team()?, question, kind, &text, now)?;
                let ChgkEvent::AppealFiled { appeal, .. } = &event else {
                    return Err(ChgkError::NoSuchAppeal);
                };
                Ok((ChgkReceipt::AppealFiled { appeal: *appeal }, vec![event]))
            }
        }
    }

    fn apply(&mut self, event: &ChgkEvent) -> Touched {
        // Only revealed questions count in the hall's standings: a card
        // leaves them as they are.
        if !matches!(event, ChgkEvent::CardAccepted { .. }) {
            self.public_cache.take();
        }
        ChgkGame::apply(self, event);
        match event {
            // A card changes only its team's view, the staff's and the
            // projector's count.
            ChgkEvent::CardAccepted { team, .. } => Touched {
                staff: true,
                display: true,
                all_teams: false,
                teams: vec![*team],
            },
            // A judgement before the reveal is the staff's alone.
            ChgkEvent::Judged { question, .. }
                if self
                    .question(*question)
                    .is_ok_and(|q| q.revealed_at.is_none()) =>
            {
                Touched::staff()
            }
            _ => Touched::everyone(),
        }
    }

    fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime> {
        // The grace's end is the last signal: if the driver woke only after
        // it, no later deadline would ever show it, so it is due now.
        if self.phase_at(now) == Phase::Over
            && matches!(
                self.shown_phase,
                Phase::Minute | Phase::LastSeconds | Phase::HandIn
            )
        {
            return Some(now);
        }
        self.next_deadline(now)
    }

    fn handle_timeout(&mut self, now: ServerTime) -> Touched {
        let phase = self.phase_at(now);
        if phase == self.shown_phase {
            return Touched::nobody();
        }
        self.shown_phase = phase;
        Touched::everyone()
    }

    fn staff_view(&self, roster: &Roster, now: ServerTime) -> ChgkStaffView {
        self.project_staff(roster, now)
    }

    fn team_view(&self, team: TeamId, roster: &Roster, now: ServerTime) -> ChgkTeamView {
        self.project_team(team, roster, now)
    }

    fn display_view(&self, roster: &Roster, now: ServerTime) -> ChgkDisplayView {
        self.project_display(roster, now)
    }

    /// Every played question: the teams right on it, whether it was
    /// withdrawn on appeal (4.14), and the teams the host marked absent
    /// from its tour (4.3: they do not count in A).
    fn sheet(&self, roster: &Roster) -> ChgkSheet {
        self.scoresheet(roster)
    }

    fn check_replay(&self, event: &ChgkEvent, known: &dyn Known) -> Result<(), ReplayError> {
        self.check_stored(event, known)
    }
}

impl Results for ChgkGame {
    const BEFORE_CHGK_TOURS: bool = false;

    /// The host's standings (every played question, as judged), as `score`
    /// prints them for [`LiveFormat::sheet`].
    fn standings(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.staff_standings(roster)
            .into_iter()
            .map(|r| {
                row(&r.name, r.place, int(i64::from(r.points)))
                    .with("rating", int(r.rating))
                    .with("mask", r.mask.into())
            })
            .collect()
    }

    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
        super::protocol::section(protocol, roster, title, self);
    }

    fn finished(&self) -> bool {
        !self.tours.is_empty() && self.tours.iter().all(|t| t.closed_at.is_some())
    }

    fn staff_progress(view: &ChgkStaffView) -> Progress {
        Progress {
            in_use: !view.tours.is_empty(),
            finished: view.tours.iter().all(|t| t.closed),
        }
    }

    fn tour(&self, tour: u32) -> Option<TourState> {
        let t = self.tours.get(tour as usize)?;
        let questions: Vec<_> = t
            .questions
            .iter()
            .filter_map(|q| self.question(*q).ok())
            .collect();
        Some(TourState {
            title: t.title.clone(),
            started: questions.iter().any(|q| q.played()),
            done: t.closed_at.is_some()
                || (!questions.is_empty()
                    && questions
                        .iter()
                        .all(|q| q.revealed_at.is_some() || q.withdrawn)),
        })
    }

    /// A card, on time or late, or an appeal; or a place in a closed
    /// tour's A (4.3: removing the team would change that tour's ratings).
    fn has_played(&self, team: TeamId) -> bool {
        self.questions.iter().any(|q| q.cards.contains_key(&team))
            || self.appeals.iter().any(|a| a.team == team)
            || self.counted_in_a_closed_tour(team)
    }

    /// 2.2: the ChGK places as the host's standings give them.
    fn places(&self, roster: &Roster) -> Vec<(TeamId, Place)> {
        self.staff_standings(roster)
            .into_iter()
            .map(|r| (r.team, r.place))
            .collect()
    }
}

impl Labels for ChgkGame {
    fn event_kind(event: &ChgkEvent) -> &'static str {
        super::replay::kind(event)
    }

    /// A team's card shows its receipt or refusal.
    fn outcome_in_place(command: &ChgkCommand, _succeeded: bool) -> bool {
        matches!(command, ChgkCommand::SubmitCard { .. })
    }
}

/// ChGK's question packages and their pictures.
struct ChgkPackages;

impl Packages<ChgkGame> for ChgkPackages {
    fn load_package(
        &self,
        file_name: String,
        bytes: Vec<u8>,
        pictures: Vec<PackageFile>,
    ) -> ChgkCommand {
        ChgkCommand::LoadPackage {
            file_name,
            bytes,
            pictures,
        }
    }

    fn loaded_file<'c>(&self, command: &'c ChgkCommand) -> Option<&'c str> {
        match command {
            ChgkCommand::LoadPackage { file_name, .. } => Some(file_name),
            _ => None,
        }
    }

    /// A package's pictures, read before the game decides; none for a
    /// package it will refuse anyway.
    fn command_media(&self, command: &ChgkCommand) -> Vec<MediaFile> {
        let ChgkCommand::LoadPackage {
            file_name,
            bytes,
            pictures,
        } = command
        else {
            return Vec::new();
        };
        parse_package_with(file_name, bytes, None, pictures)
            .map(|package| package.media)
            .unwrap_or_default()
    }

    fn shown_media(&self, game: &ChgkGame) -> Vec<MediaHash> {
        game.picture_shown
            .and_then(|shown| {
                let question = game.question(shown.question).ok()?;
                let media = question.content.media.get(shown.index as usize)?;
                Some(media.hash.clone())
            })
            .into_iter()
            .collect()
    }
}

/// 4.3: the ChGK table other games qualify from.
struct ChgkTable;

impl QualifyingTable<ChgkGame> for ChgkTable {
    /// 4.3: the table Brain-ring (and any game qualifying from ChGK) is
    /// filled from.
    fn qualifying_table(
        &self,
        game: &ChgkGame,
        teams: &[TeamId],
        counted: &CountedTours,
    ) -> Vec<(TeamId, ChgkRow)> {
        match counted {
            CountedTours::All => game.standings(teams, |_| true),
            CountedTours::These(tours) => game.standings(teams, |q| tours.contains(&q.tour)),
            CountedTours::First(n) => {
                let first: Vec<_> = game.tours.iter().take(*n).map(|t| t.id).collect();
                game.standings(teams, |q| first.contains(&q.tour))
            }
        }
    }
}

/// The minute, the signal and the grace are the event's settings.
struct ChgkFollowsEvent;

impl FollowsEvent<ChgkGame> for ChgkFollowsEvent {
    fn event_changed(&self, game: &mut ChgkGame, settings: &TournamentSettings) {
        game.timing = settings.chgk.clone();
        // Teams' names and the number of teams are in the standings.
        game.public_cache.take();
    }
}

/// The `chgk` sheet, scored as `minuta-server score` prints it.
impl Scoresheet for ChgkSheet {
    fn score(&self) -> Result<Scored, SheetError> {
        crate::play::chgk::sheet::score(self)
    }
}
