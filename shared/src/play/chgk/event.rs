//! What happened in a ChGK game: the facts that are stored durably and
//! replayed on restart. Only ever append variants at the end.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::command::ShownPicture;
use super::{AppealKind, Verdict};
use crate::ids::{AppealId, JudgeId, QuestionId, TeamId, TourId};
use crate::packages::Question;
use crate::time::ServerTime;

/// Who decided a ChGK appeal: the host, or the appeal jury (6.5) when the
/// event has one. Stores from before the jury decided every appeal by the
/// host, so that is what a missing field reads as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AppealDecider {
    #[default]
    Host,
    Jury,
}

/// Who marked a group of answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Judger {
    Host,
    Judge(JudgeId),
}

// Events are built once, stored and replayed; the size of the question
// variant costs nothing worth a Box in every match.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChgkEvent {
    TourAdded {
        tour: TourId,
        title: String,
    },
    QuestionAdded {
        question: QuestionId,
        tour: TourId,
        content: Question,
    },
    Announced {
        question: QuestionId,
        at: ServerTime,
    },
    MinuteStarted {
        question: QuestionId,
        at: ServerTime,
    },
    CardAccepted {
        question: QuestionId,
        team: TeamId,
        text: String,
        received_at: ServerTime,
        late: bool,
    },
    Judged {
        question: QuestionId,
        group: String,
        verdict: Verdict,
        by: Judger,
        at: ServerTime,
    },
    Revealed {
        question: QuestionId,
        at: ServerTime,
    },
    TourClosed {
        tour: TourId,
        at: ServerTime,
        /// 4.3: the teams playing the tour when it closed — its A from
        /// then on, whoever registers or leaves later. Absent in stores
        /// from before issue 41: such a tour's A is counted as it was then,
        /// from the teams registered now.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        playing: Option<BTreeSet<TeamId>>,
    },
    AppealFiled {
        appeal: AppealId,
        team: TeamId,
        question: QuestionId,
        kind: AppealKind,
        text: String,
        at: ServerTime,
    },
    AppealResolved {
        appeal: AppealId,
        upheld: bool,
        reply: String,
        at: ServerTime,
        /// Absent in stores from before the appeal jury: the host.
        #[serde(default)]
        by: AppealDecider,
    },
    /// The host's choice whether the projector shows a revealed question's
    /// text beside its answer (off until set: some packages' texts are too
    /// long for the back of the hall).
    ProjectorShowsText {
        on: bool,
    },
    /// The host put a question's handout on the projector, or took it down.
    HandoutShown {
        question: Option<QuestionId>,
    },
    /// The host put a question's picture on the projector, or took it down.
    PictureShown {
        picture: Option<ShownPicture>,
    },
    /// The host took back the announcement of the current question before
    /// its «Время»: it is unplayed again, and no question is current.
    AnnouncementTakenBack {
        question: QuestionId,
    },
    /// 4.3: the host marked a team absent from a tour (it did not come, or
    /// left), or present again: an absent team does not count in the
    /// tour's A.
    AbsenceMarked {
        team: TeamId,
        tour: TourId,
        absent: bool,
    },
}
