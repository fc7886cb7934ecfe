//! «Нептун» live (000_…, sections 0–6): six contests in order with one
//! overall score — Негатив's sheet and marks, Сэндвич's ломтики on their own
//! terminals, Блицкриг's blocks, Сизиф's runs, Джокер's declarations and
//! hidden verdicts, and the auction's live bidding with the server's count
//! to three. Scoring is the rules' ([`crate::play::neptune::rules`]); nothing
//! here reads a clock or does I/O.

mod card;
mod command;
mod decide;
mod error;
mod event;
mod game;
mod live;
mod package;
mod project;
mod protocol;
pub mod rules;
mod score;
mod settings;
mod sheet;
mod view;

pub use card::{AnswerCard, CardKey};
pub use command::{NeptuneCommand, NeptuneReceipt};
pub use decide::PLAYERS;
pub use error::{BidRefusal, NeptunePlayError};
pub use event::NeptuneEvent;
pub use game::{
    ContestPlay, Declaration, Entrant, LiveAuction, LoggedBid, NeptuneMatch, QuestionPlay, Split,
};
pub use live::contest_title;
pub use package::{
    JokerPart, NegativeItem, NegativePart, NeptunePackage, NeptunePackageError, NeptuneQuestion,
    SHEET_PHRASES,
};
pub use project::package_counts;
pub use settings::{ContestSizes, NeptuneSettings, NeptuneTiming};
pub use view::{
    AnswerGroup, AuctionBoard, BidRow, HostStep, JokerBoard, JokerOwnRow, JokerQuestionResult,
    JokerTeamResult, NeptuneBoard, NeptuneStaffView, NeptuneTeamView, OwnCard, PackageSummary,
    QuestionBoard, RevealBoard, RunView, ScoreRow, SheetPhrase, Sold, SplitView, StaffCard, Stage,
    TeamEntry,
};

#[cfg(feature = "examples")]
mod examples;
/// The leakage checks other tests of Нептун's screens use too.
#[cfg(feature = "examples")]
pub use examples::{neptune_leaks, neptune_team_leaks};
#[cfg(test)]
mod tests;
