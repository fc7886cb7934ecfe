//! What happened in a Мультиигры game: stored durably, replayed on restart.
//! Only ever append variants at the end.

use serde::{Deserialize, Serialize};

use super::{AppealNo, TaskAppealKind, TaskDraft, TaskId, TourNo};
use crate::ids::{JudgeId, TeamId};
use crate::play::multigames::rules::Credit;
use crate::time::ServerTime;

/// Who gave a credit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Awarder {
    Host,
    Judge(JudgeId),
    /// 6.5: the appeal jury, deciding an appeal.
    Jury,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MultigamesEvent {
    TourAdded {
        tour: TourNo,
        title: String,
    },
    TaskAdded {
        task: TaskId,
        tour: TourNo,
        draft: TaskDraft,
    },
    Announced {
        task: TaskId,
        at: ServerTime,
    },
    Started {
        task: TaskId,
        at: ServerTime,
    },
    AnswerAccepted {
        task: TaskId,
        team: TeamId,
        text: String,
        at: ServerTime,
        late: bool,
    },
    Awarded {
        task: TaskId,
        team: TeamId,
        points: Credit,
        by: Awarder,
        at: ServerTime,
    },
    Revealed {
        task: TaskId,
        at: ServerTime,
    },
    AppealFiled {
        appeal: AppealNo,
        task: TaskId,
        team: TeamId,
        kind: TaskAppealKind,
        text: String,
        at: ServerTime,
    },
    AppealDecided {
        appeal: AppealNo,
        upheld: bool,
        points: Option<Credit>,
        reply: String,
        at: ServerTime,
        /// 6.5: the host decided it, the event having no jury sitting (none
        /// came, or the host took the appeals back); absent = the jury.
        #[serde(default)]
        by_host: bool,
    },
    Finished {
        at: ServerTime,
    },
}
