//! Replay validation's vocabulary (issue 14.3): what a stored event may name
//! that no earlier event made, and what a format asks the event about while
//! it checks its own stored events ([`LiveFormat::check_replay`]). The
//! store's log is editable with the sqlite3 shell, so a replayed event is
//! checked before it is applied; live events, made by the core from its own
//! state, are not.
//!
//! [`LiveFormat::check_replay`]: crate::play::format::LiveFormat::check_replay

use crate::ids::{GameId, JudgeId, TeamId};

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
    #[error("names game {0}, which no earlier event added")]
    NoSuchGame(GameId),
    #[error("is an event of another format than its game's")]
    WrongFormat,
    /// A format's own thing (`"ChGK question id"`, `"Brain-ring fight"`),
    /// shown by its id as stored.
    #[error("names {what} {id}, which no earlier event {made}")]
    Missing {
        what: &'static str,
        id: u32,
        /// How such a thing is made: «added», «opened», «filed».
        made: &'static str,
    },
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

/// What the event has registered so far, as a format's check asks it.
pub trait Known {
    fn team(&self, team: TeamId) -> bool;
    fn judge(&self, judge: JudgeId) -> bool;

    /// `Ok` when `team` is registered.
    fn team_exists(&self, team: TeamId) -> Result<(), ReplayError> {
        if self.team(team) {
            Ok(())
        } else {
            Err(ReplayError::NoSuchTeam(team))
        }
    }

    /// `Ok` when every one of `teams` is registered.
    fn teams_exist(&self, teams: &[TeamId]) -> Result<(), ReplayError> {
        teams.iter().try_for_each(|t| self.team_exists(*t))
    }

    fn judge_exists(&self, judge: JudgeId) -> Result<(), ReplayError> {
        if self.judge(judge) {
            Ok(())
        } else {
            Err(ReplayError::NoSuchJudge(judge))
        }
    }
}
