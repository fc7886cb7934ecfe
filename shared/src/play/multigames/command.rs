//! What the host, the judges, the teams and the appeal jury (АЖ) can ask of
//! a Мультиигры game, and what the server answers when it accepts.

use serde::{Deserialize, Serialize};

use super::{AppealNo, TaskId, TourNo};
use crate::ids::TeamId;
use crate::play::multigames::rules::Credit;
use crate::time::ServerTime;

/// A task as the host prepares it: 6 «количество времени … озвучивается
/// ведущим до момента начала», and its points before the tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskDraft {
    /// «Ребус № 3», «Кроссворд».
    pub title: String,
    /// What the team solves: hidden from terminals until the host's start.
    pub text: String,
    pub answer: String,
    pub comment: String,
    /// Full credit (6: «определенное количество очков»).
    pub points: Credit,
    /// The time to solve it, in seconds.
    pub seconds: u32,
}

/// 6.4: what a team may appeal. There is no kind naming another team: «Апелляции
/// на незачет ответа других команд не принимаются».
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TaskAppealKind {
    /// «некорректность задания»: upheld, the task scores for nobody.
    TaskIncorrect,
    /// «зачет ответа, не совпадающего с авторским»: the team's own answer.
    AcceptMyAnswer,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MultigamesCommand {
    // ---- the host ----
    /// 6.2: a tour of tasks (at most six).
    AddTour {
        title: String,
    },
    AddTask {
        tour: TourNo,
        task: TaskDraft,
    },
    /// The task's number, time and points go up on every screen; its text
    /// stays hidden (the sheet lies «чистой стороной листа вверх»).
    Announce {
        task: TaskId,
    },
    /// «По команде ведущего участники переворачивают задание»: the text
    /// shows and the countdown runs.
    Start {
        task: TaskId,
    },
    /// The author's answer and every team's credit go to the hall.
    Reveal {
        task: TaskId,
    },
    /// The tournament is over: results final, no more appeals (6.4 for the
    /// last tour).
    Finish,

    // ---- the host and the judges ----
    /// Full or partial credit (6) for a team's on-time answer.
    Award {
        task: TaskId,
        team: TeamId,
        points: Credit,
    },

    // ---- a team ----
    /// The team's answer; final once accepted, as a sheet handed in.
    Answer {
        task: TaskId,
        text: String,
    },
    /// 6.4, until the next tour starts.
    Appeal {
        task: TaskId,
        kind: TaskAppealKind,
        text: String,
    },

    // ---- the appeal jury ----
    /// 6.5: «Окончательное решение по апелляции принимает АЖ». For an upheld
    /// appeal for the team's answer, `points` is the credit it now gets (the
    /// task's full value when `None`).
    DecideAppeal {
        appeal: AppealNo,
        upheld: bool,
        points: Option<Credit>,
        reply: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MultigamesReceipt {
    Done,
    TourAdded {
        tour: TourNo,
    },
    TaskAdded {
        task: TaskId,
    },
    /// The answer is stored; a late one is kept but never scored.
    Answer {
        task: TaskId,
        received_at: ServerTime,
        since_start_ms: u64,
        late: bool,
    },
    AppealFiled {
        appeal: AppealNo,
    },
}
