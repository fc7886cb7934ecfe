//! Why a Мультиигры command was refused: the rules speaking, in words the
//! client translates (`client/src/i18n`).

use serde::{Deserialize, Serialize};

use super::{AppealNo, TaskId, TourNo};
use crate::play::multigames::rules::Credit;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum MultigamesPlayError {
    #[error("a tournament has at most {max} tours (6.2)")]
    TooManyTours { max: u32 },
    #[error("no tour {0}")]
    NoSuchTour(TourNo),
    #[error("no task {0}")]
    NoSuchTask(TaskId),
    #[error("no appeal {0}")]
    NoSuchAppeal(AppealNo),
    #[error("a title must not be empty")]
    EmptyTitle,
    #[error("a task is worth more than zero points and at most {max}")]
    BadPoints { max: i64 },
    #[error("a task takes from 1 to {max} seconds")]
    BadSeconds { max: u32 },
    #[error("the text is too long ({got} characters, at most {max})")]
    TooLong { got: u32, max: u32 },
    #[error("the grace after the end signal must be at most 60 s, the warning at most 10 minutes")]
    BadTiming,
    #[error("task {0} is still being solved")]
    TaskRunning(TaskId),
    #[error("task {0} has been started already")]
    AlreadyStarted(TaskId),
    #[error("task {0} is not the announced task")]
    NotAnnounced(TaskId),
    #[error("task {0} has not been started")]
    NotStarted(TaskId),
    #[error("answers to task {0} are still accepted")]
    StillAccepting(TaskId),
    #[error("the tour of task {0} is over: its results are final")]
    TourOver(TaskId),
    #[error("the appeals of the previous tour must be decided first (6.4)")]
    OpenAppeals,
    #[error("an answer must not be empty")]
    EmptyAnswer,
    #[error("your team has already handed in an answer to this task")]
    AlreadyAnswered,
    #[error("this team has no answer to this task")]
    NoAnswer,
    #[error("a late answer is kept but never scored")]
    LateAnswer,
    #[error("{got} is outside 0..{max}: credit is at most the task's value")]
    CreditOutOfRange { got: Credit, max: Credit },
    #[error("every answer must be credited before the reveal")]
    NotAllAwarded,
    #[error("the answer has not been revealed yet")]
    NotRevealed,
    #[error("appeals are switched off in this game")]
    AppealsOff,
    #[error("your answer has full credit already")]
    NothingToAppeal,
    #[error("your team has filed this appeal already")]
    DuplicateAppeal,
    #[error("this appeal is decided already")]
    AppealDecided,
    #[error("this task was withdrawn on appeal")]
    Withdrawn,
    #[error("credit is given in hundredths of a point at the finest")]
    TooPrecise,
    #[error("the game is over: its results are final")]
    Finished,
    #[error("no such team")]
    NoSuchTeam,
    #[error("your role may not do this")]
    Forbidden,
    /// 6: the tasks' points are announced before the tournament; once a
    /// task has begun, no task is added.
    #[error("a task has begun: the tasks and their points were announced (6)")]
    PointsAnnounced,
}
