//! Everything a Нептун game refuses, named for the host, the captain or
//! the ломтик (the client says it in their language).

use serde::{Deserialize, Serialize};

use super::NeptunePackageError;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum NeptunePlayError {
    #[error("{0}")]
    Settings(String),
    #[error("{0}")]
    Package(NeptunePackageError),
    #[error("settings and the package are fixed once the game has started")]
    AlreadyStarted,
    #[error("no such team")]
    NoSuchTeam,
    #[error("a team is listed twice")]
    TeamTwice,
    #[error("no teams are registered for this game")]
    NoTeams,
    #[error("«{team}» has {players} players; a Нептун team has 4 to 6 (0.2)")]
    PlayerCount { team: String, players: u32 },
    #[error("this team is not registered for this game")]
    NotPlaying,
    #[error("the package has {found} questions for {contest}; the game plays {needed}")]
    PackageShort {
        contest: String,
        found: u32,
        needed: u32,
    },
    #[error("the game is over")]
    GameOver,
    #[error("the current contest is not finished")]
    ContestUnfinished,
    #[error("no contest is being played")]
    NoContest,
    #[error("every question of this contest has been played")]
    ContestDone,
    #[error("the question in play is not revealed yet")]
    QuestionOpen,
    #[error("no question is in play")]
    NoQuestion,
    #[error("a Негатив question's rating is announced before it is read (1.3)")]
    RatingNeeded,
    #[error("a rating is a positive number (1.3)")]
    ZeroRating,
    #[error("a rating is announced only in Негатив")]
    RatingNotHere,
    #[error("the minute is already running")]
    MinuteRunning,
    #[error("all four questions of the block have been read (3.2)")]
    BlockRead,
    #[error("the discussion has not ended yet")]
    StillAnswering,
    #[error("the minute has not started")]
    NotStarted,
    #[error("the time for cards is over")]
    TooLate,
    #[error("this card has already been handed in")]
    AlreadyAnswered,
    #[error("a card has {expected} answers here")]
    AnswerCount { expected: u32 },
    #[error("an answer is at most 500 characters")]
    AnswerTooLong,
    #[error("in Сэндвич the ломтики answer, each from its own terminal (2.3)")]
    SlicesAnswer,
    #[error("a ломтик answers only in Сэндвич (2.3)")]
    NotSandwich,
    #[error("a ломтик hands in only its own card")]
    OtherSlice,
    #[error("no such card")]
    NoSuchCard,
    #[error("no such answer on the card")]
    NoSuchPart,
    #[error("judge every card before the reveal (0.4)")]
    Unjudged,
    #[error("a late card is never scored")]
    LateCard,
    #[error("the split into ломтики is fixed once Сэндвич has started (2.2)")]
    SplitFixed,
    #[error("each ломтик needs at least one player (2.2)")]
    EmptySlice,
    #[error("«{player}» is not a player of this team")]
    UnknownPlayer { player: String },
    #[error("«{player}» is in both ломтики (2.2)")]
    PlayerTwice { player: String },
    #[error("a declaration is made only in Джокер, while the topics are up (5.2)")]
    NotDeclaring,
    #[error("a declaration is 0 to {max} (5.2)")]
    DeclarationRange { max: u32 },
    #[error("the declaration has already been handed in")]
    AlreadyDeclared,
    #[error("the sheet has no phrase {phrase}")]
    NoSuchPhrase { phrase: u32 },
    #[error("only in the auction (6)")]
    NotAuction,
    #[error("the bidding is not open")]
    BiddingClosed,
    #[error("the bidding is still open")]
    BiddingOpen,
    #[error("{0}")]
    Bid(BidRefusal),
    #[error("only a team's captain (or the host, naming the team) does this")]
    NotATeam,
}

/// Why a bid was refused (6.2–6.4), for the captain's screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum BidRefusal {
    #[error("the team has {score} points; only teams with a positive score bid (6.2)")]
    NotPositive { score: i64 },
    #[error("{bid} is not a multiple of 10 (6.4)")]
    NotMultipleOfTen { bid: u32 },
    #[error("{bid} is below the first bid's minimum of 40 (6.4)")]
    FirstBidTooLow { bid: u32 },
    #[error("{bid} does not raise {previous} by a multiple of 10 (6.4)")]
    RaiseTooSmall { bid: u32, previous: u32 },
    #[error("after «ва-банк» only «ва-банк» may be bid (6.4)")]
    VaBankOnly,
    /// 6.2 / 6.4: a «ва-банк» is the team's whole score and, like every bid,
    /// must offer more than the standing one (equal: the earlier keeps it).
    #[error("«ва-банк» is {worth}, not more than the standing bid of {standing} (6.2, 6.4)")]
    VaBankNotLarger { worth: i64, standing: i64 },
    #[error("the team initiated «ва-банк» on the previous question (6.4)")]
    VaBankTwoRunning,
    #[error("the team has already gone «ва-банк»")]
    VaBankAgain,
    #[error(
        "«ва-банк» of {score} points cannot open the bidding: the first bid is at least 40 (6.4)"
    )]
    VaBankBelowMinimum { score: i64 },
    #[error("the team won this bidding without the points to cover it and is out of it (6.2)")]
    Excluded,
    #[error("the team already holds the highest bid")]
    AlreadyLeading,
}
