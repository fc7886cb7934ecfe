//! A Brain-ring tournament's check of its own stored events on replay: the
//! fights and teams they name exist, and a fight is opened once. Nothing
//! here changes the tournament.

use crate::play::replay::{Known, ReplayError};

use super::{FightId, RingEvent, RingTournament};

impl RingTournament {
    pub(super) fn check_stored(&self, e: &RingEvent, known: &dyn Known) -> Result<(), ReplayError> {
        match e {
            RingEvent::TimingSet { .. } | RingEvent::QuestionsAdded { .. } => Ok(()),
            RingEvent::Qualified { teams, .. } => known.teams_exist(teams),
            // Every team the record names is one of the tied.
            RingEvent::CutRecorded { cut } => known.teams_exist(&cut.tied),
            RingEvent::FightOpened { fight, tables, .. } => {
                if self.fights.contains_key(fight) {
                    return Err(ReplayError::Exists {
                        what: "Brain-ring fight",
                        id: fight.0,
                    });
                }
                known.teams_exist(tables)
            }
            RingEvent::Pressed { fight, team, .. } | RingEvent::AppealFiled { fight, team, .. } => {
                self.fight_exists(*fight)?;
                known.team_exists(*team)
            }
            RingEvent::QuestionRead { fight, .. }
            | RingEvent::Armed { fight, .. }
            | RingEvent::ContestDecided { fight, .. }
            | RingEvent::Judged { fight, .. }
            | RingEvent::AppealResolved { fight, .. }
            | RingEvent::FightClosed { fight, .. }
            | RingEvent::Interrupted { fight, .. } => self.fight_exists(*fight),
        }
    }

    fn fight_exists(&self, fight: FightId) -> Result<(), ReplayError> {
        if self.fights.contains_key(&fight) {
            Ok(())
        } else {
            Err(ReplayError::Missing {
                what: "Brain-ring fight",
                id: fight.0,
                made: "opened",
            })
        }
    }
}
