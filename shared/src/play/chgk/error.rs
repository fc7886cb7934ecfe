//! Why a ChGK command was refused: the rules of section 3 (and 4.13–4.16
//! for appeals) speaking. The connection stays open.

use serde::{Deserialize, Serialize};

use crate::packages::PackageError;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum ChgkError {
    #[error("no such question")]
    NoSuchQuestion,
    #[error("no such tour")]
    NoSuchTour,
    #[error("no such appeal")]
    NoSuchAppeal,
    #[error("only a team hands in cards and files appeals")]
    NotATeam,
    #[error("a question needs a text")]
    EmptyQuestion,
    /// Typed, so the client can say it in the host's language.
    #[error("the question package could not be read: {0}")]
    Package(PackageError),
    #[error("no question is announced")]
    NoQuestionAnnounced,
    #[error("the minute for this question has started already")]
    MinuteAlreadyStarted,
    #[error("cards for this question are not accepted yet")]
    NotAnnounced,
    #[error("your team has already handed in a card for this question")]
    CardAlreadyAccepted,
    #[error("the text is too long ({got} characters, at most {max})")]
    TooLong { got: u32, max: u32 },
    #[error("the tour is closed: its results are final")]
    TourClosed,
    #[error("the tour still has open appeals")]
    OpenAppeals,
    #[error("no card has that text")]
    NoSuchGroup,
    #[error("the answer has not been revealed yet")]
    NotRevealed,
    #[error("your team has no card for this question")]
    NoCardToAppeal,
    #[error("this appeal is resolved already")]
    AppealResolved,
    #[error("your team has filed this appeal already")]
    DuplicateAppeal,
    #[error("this question was withdrawn")]
    QuestionWithdrawn,
    #[error("every answer must be judged before the reveal")]
    NotAllJudged,
    #[error("the question's clock is still running")]
    ClockRunning,
    #[error("this question has no handout")]
    NoHandout,
    #[error("this question has no such picture")]
    NoPicture,
    #[error("a team has handed in a card for this question already")]
    CardsHandedIn,
    #[error("no such team")]
    NoSuchTeam,
    /// 4.3: a team with a card in the tour played it.
    #[error("the team handed in a card in this tour: it played it")]
    PlayedTheTour,
    /// 6.5: while the event has an appeal jury, it decides.
    #[error("the appeal jury decides appeals (6.5)")]
    JuryDecides,
    #[error("only the host or the appeal jury decides an appeal")]
    NotADecider,
    /// 4.13–4.15: a спорный asks to count an answer; one counted already
    /// has nothing to appeal for.
    #[error("your answer is counted already")]
    AnswerCounted,
    /// «Остальные — неверно» sweeps the cards of a question whose hand-in
    /// is over; before its minute there are no «остальные» yet.
    #[error("the question has not been played yet")]
    NotPlayedYet,
}
