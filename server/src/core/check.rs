//! Replay validation (issue 14.3): before a stored event is applied on
//! restart, everything it names — a team, a judge, a question, a tour, an
//! appeal, a fight, a game — must have been made by the events before it.
//! `apply` stays infallible and fast for live handling, where the core made
//! the event itself from its own state; only a replayed log, which anyone
//! with the sqlite3 shell can edit, is checked, and a damaged one fails the
//! load with the event's seq instead of being replayed without complaint.

use minuta_shared::ids::{AppealId, GameId, JudgeId, QuestionId, TeamId, TourId};
use minuta_shared::play::brain_ring::{FightId, RingEvent, RingTournament};
use minuta_shared::play::chgk::{ChgkEvent, ChgkGame, EVENT_CHGK, Judger};
use minuta_shared::play::games::{GameEvent, GameState};
use minuta_shared::programme::Slot;

use super::{Core, Event};

/// What a stored event names that does not exist when it is replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("comes before the store's first event, which must initialise it")]
    NotInitialised,
    #[error("initialises the store a second time")]
    InitialisedAgain,
    #[error("names team {0}, which no earlier event registered")]
    NoSuchTeam(TeamId),
    #[error("names judge {0}, which no earlier event added")]
    NoSuchJudge(JudgeId),
    /// Shown as the ChGK question's id (from 0), as stored.
    #[error("names ChGK question id {0}, which no earlier event added")]
    NoSuchQuestion(QuestionId),
    #[error("names ChGK tour id {0}, which no earlier event added")]
    NoSuchTour(TourId),
    #[error("names ChGK appeal {0}, which no earlier event filed")]
    NoSuchAppeal(AppealId),
    #[error("names Brain-ring fight {0}, which no earlier event opened")]
    NoSuchFight(FightId),
    #[error("names game {0}, which no earlier event added")]
    NoSuchGame(GameId),
    /// Ids are handed out in order; one out of order would be dropped (or
    /// overwrite another) without a word.
    #[error("adds {what} {id} out of order (the next would be {expected})")]
    OutOfOrder {
        what: &'static str,
        id: u32,
        expected: u32,
    },
    #[error("adds {what} {id}, which already exists")]
    Exists { what: &'static str, id: u32 },
}

/// A replay refused at the event at `index` (from 0; its store seq is
/// `index + 1`, the log having no gaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    pub index: usize,
    pub kind: &'static str,
    pub problem: ReplayError,
}

impl Core {
    /// Rebuilds the state from stored events, in order, checking each one
    /// ([`Core::check`]) before applying it. Stops at the first event that
    /// names what does not exist; the state is then partial and must not be
    /// served.
    pub fn replay_checked<'a>(
        &mut self,
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Result<(), ReplayFailure> {
        let events: Vec<&Event> = events.into_iter().collect();
        self.legacy_ring = super::legacy::LegacyRing::find(&events);
        for (index, event) in events.into_iter().enumerate() {
            self.check(event).map_err(|problem| ReplayFailure {
                index,
                kind: event.kind(),
                problem,
            })?;
            self.apply(event);
        }
        Ok(())
    }

    /// Whether `event` may be applied to the state as it is: everything it
    /// names exists. Changes nothing.
    pub fn check(&self, event: &Event) -> Result<(), ReplayError> {
        let initialised = self.registry.initialised();
        match event {
            Event::Initialised { .. } if initialised => Err(ReplayError::InitialisedAgain),
            Event::Initialised { .. } => Ok(()),
            _ if !initialised => Err(ReplayError::NotInitialised),
            Event::TournamentSetUp { .. }
            | Event::TeamRegistered { .. }
            | Event::JudgeAdded { .. }
            | Event::JuryAppointed { .. }
            | Event::JurySeated { .. }
            | Event::Media { .. } => Ok(()),
            Event::TeamEdited { team, .. }
            | Event::TeamRemoved { team }
            | Event::TeamRatingId { team, .. }
            | Event::TeamSitePlayers { team, .. } => self.team_exists(*team),
            // A store from before games had ids: the event's own ChGK.
            Event::Chgk(e) => match self.event_chgk() {
                Some(chgk) => self.check_chgk(chgk, e),
                None => Err(ReplayError::NoSuchGame(EVENT_CHGK)),
            },
            // A store from before Brain-ring was a game: its Brain-ring
            // may not be made yet (it is at its first event).
            Event::Ring(e) => self.check_ring(self.legacy_ring_state(), e),
            Event::RingInterrupted { fight, .. } => fight_exists(self.legacy_ring_state(), *fight),
            Event::GameAdded { game, .. } => {
                let legacy = self.legacy_ring.is_some_and(|l| l.game == *game);
                if self.games.contains_key(game) && !legacy {
                    Err(ReplayError::Exists {
                        what: "game",
                        id: game.0,
                    })
                } else {
                    Ok(())
                }
            }
            Event::Game { game, event } => {
                self.game_exists(*game)?;
                match (self.games.get(game).map(|g| &g.state), event) {
                    (Some(GameState::Chgk(chgk)), GameEvent::Chgk(e)) => self.check_chgk(chgk, e),
                    (Some(GameState::Ring(ring)), GameEvent::Ring(e)) => {
                        self.check_ring(Some(ring), e)
                    }
                    _ => Ok(()),
                }
            }
            Event::ProgrammeSet { programme } => {
                for slot in programme.days.iter().flat_map(|d| &d.slots) {
                    if let Slot::GameTour { game, .. } = slot {
                        self.game_exists(*game)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// The Brain-ring an old store's events go to, if made yet.
    fn legacy_ring_state(&self) -> Option<&RingTournament> {
        let game = self.legacy_ring?.game;
        match &self.games.get(&game)?.state {
            GameState::Ring(ring) => Some(ring),
            _ => None,
        }
    }

    fn check_chgk(&self, chgk: &ChgkGame, e: &ChgkEvent) -> Result<(), ReplayError> {
        match e {
            ChgkEvent::TourAdded { tour, .. } => {
                let expected = chgk.tours.len() as u32;
                if tour.0 != expected {
                    return Err(ReplayError::OutOfOrder {
                        what: "ChGK tour id",
                        id: tour.0,
                        expected,
                    });
                }
                Ok(())
            }
            ChgkEvent::QuestionAdded { question, tour, .. } => {
                tour_exists(chgk, *tour)?;
                let expected = chgk.questions.len() as u32;
                if question.0 != expected {
                    return Err(ReplayError::OutOfOrder {
                        what: "ChGK question id",
                        id: question.0,
                        expected,
                    });
                }
                Ok(())
            }
            ChgkEvent::Announced { question, .. }
            | ChgkEvent::AnnouncementTakenBack { question }
            | ChgkEvent::MinuteStarted { question, .. }
            | ChgkEvent::Revealed { question, .. } => question_exists(chgk, *question),
            ChgkEvent::CardAccepted { question, team, .. }
            | ChgkEvent::AppealFiled { question, team, .. } => {
                question_exists(chgk, *question)?;
                self.team_exists(*team)
            }
            ChgkEvent::Judged { question, by, .. } => {
                question_exists(chgk, *question)?;
                match by {
                    Judger::Judge(judge) if !self.registry.judges.contains_key(judge) => {
                        Err(ReplayError::NoSuchJudge(*judge))
                    }
                    _ => Ok(()),
                }
            }
            ChgkEvent::TourClosed { tour, .. } => tour_exists(chgk, *tour),
            ChgkEvent::AbsenceMarked { team, tour, .. } => {
                tour_exists(chgk, *tour)?;
                self.team_exists(*team)
            }
            ChgkEvent::AppealResolved { appeal, .. } => match chgk.appeal(*appeal) {
                Ok(_) => Ok(()),
                Err(_) => Err(ReplayError::NoSuchAppeal(*appeal)),
            },
            ChgkEvent::ProjectorShowsText { .. } | ChgkEvent::HandoutShown { question: None } => {
                Ok(())
            }
            ChgkEvent::HandoutShown {
                question: Some(question),
            } => question_exists(chgk, *question),
            ChgkEvent::PictureShown { picture: None } => Ok(()),
            ChgkEvent::PictureShown {
                picture: Some(shown),
            } => question_exists(chgk, shown.question),
        }
    }

    /// A Brain-ring event against its tournament (`None`: not made yet,
    /// so it has no fight).
    fn check_ring(&self, ring: Option<&RingTournament>, e: &RingEvent) -> Result<(), ReplayError> {
        match e {
            RingEvent::TimingSet { .. } | RingEvent::QuestionsAdded { .. } => Ok(()),
            RingEvent::Qualified { teams, .. } => {
                teams.iter().try_for_each(|t| self.team_exists(*t))
            }
            // Every team the record names is one of the tied.
            RingEvent::CutRecorded { cut } => {
                cut.tied.iter().try_for_each(|t| self.team_exists(*t))
            }
            RingEvent::FightOpened { fight, tables, .. } => {
                if ring.is_some_and(|r| r.fights.contains_key(fight)) {
                    return Err(ReplayError::Exists {
                        what: "Brain-ring fight",
                        id: fight.0,
                    });
                }
                tables.iter().try_for_each(|t| self.team_exists(*t))
            }
            RingEvent::Pressed { fight, team, .. } | RingEvent::AppealFiled { fight, team, .. } => {
                fight_exists(ring, *fight)?;
                self.team_exists(*team)
            }
            RingEvent::QuestionRead { fight, .. }
            | RingEvent::Armed { fight, .. }
            | RingEvent::ContestDecided { fight, .. }
            | RingEvent::Judged { fight, .. }
            | RingEvent::AppealResolved { fight, .. }
            | RingEvent::FightClosed { fight, .. }
            | RingEvent::Interrupted { fight, .. } => fight_exists(ring, *fight),
        }
    }

    fn team_exists(&self, team: TeamId) -> Result<(), ReplayError> {
        if self.registry.teams.contains_key(&team) {
            Ok(())
        } else {
            Err(ReplayError::NoSuchTeam(team))
        }
    }

    fn game_exists(&self, game: GameId) -> Result<(), ReplayError> {
        if self.games.contains_key(&game) {
            Ok(())
        } else {
            Err(ReplayError::NoSuchGame(game))
        }
    }
}

fn fight_exists(ring: Option<&RingTournament>, fight: FightId) -> Result<(), ReplayError> {
    if ring.is_some_and(|r| r.fights.contains_key(&fight)) {
        Ok(())
    } else {
        Err(ReplayError::NoSuchFight(fight))
    }
}

fn question_exists(chgk: &ChgkGame, question: QuestionId) -> Result<(), ReplayError> {
    match chgk.question(question) {
        Ok(_) => Ok(()),
        Err(_) => Err(ReplayError::NoSuchQuestion(question)),
    }
}

fn tour_exists(chgk: &ChgkGame, tour: TourId) -> Result<(), ReplayError> {
    match chgk.tour(tour) {
        Ok(_) => Ok(()),
        Err(_) => Err(ReplayError::NoSuchTour(tour)),
    }
}
