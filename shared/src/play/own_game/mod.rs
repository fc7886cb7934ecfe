//! «Своя игра», the test-only format: one themed round on a price board,
//! answered by the button. It exists to prove that a format plugs in
//! through its own folders and one line of the registry
//! ([`crate::live_formats!`]) and nothing else; it is built only with the
//! `own-game` feature, which no release build has. Its rules are the
//! house's (docs/rules.md, «Своя игра»), not the rule documents'.
//! What must not live here: anything of another format.

mod board;
#[cfg(feature = "examples")]
mod examples;
mod live;
mod protocol;
mod sheet;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::ids::TeamId;
use crate::time::ServerTime;

pub use board::OwnGame;

/// The round as the host sets it: the theme, the board's prices in order,
/// and how long the buttons stay open with nobody pressing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnGameSettings {
    pub theme: String,
    pub prices: Vec<u32>,
    pub press_seconds: u32,
}

impl Default for OwnGameSettings {
    fn default() -> Self {
        OwnGameSettings {
            theme: "Тема".into(),
            prices: vec![10, 20, 30, 40, 50],
            press_seconds: 10,
        }
    }
}

/// The most questions a board holds, and the largest price on it.
pub const MAX_QUESTIONS: usize = 12;
pub const MAX_PRICE: u32 = 10_000;

/// What the host does; the teams' only action is the button.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OwnGameCommand {
    /// Opens the board's question `question` (0-based) to be read.
    Choose { question: u32 },
    /// «Время»: the buttons open.
    Arm,
    /// The answering team was right (takes the price) or wrong (loses it;
    /// the buttons open again for the others).
    Judge { right: bool },
    /// Closes the question unanswered.
    Close,
}

/// What is stored. Times are the server's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OwnGameEvent {
    Chosen {
        question: u32,
    },
    Armed {
        at: ServerTime,
    },
    Pressed {
        team: TeamId,
        at: ServerTime,
        rtt_us: u64,
        clock_offset_us: i64,
    },
    Judged {
        right: bool,
        at: ServerTime,
    },
    /// Closed by the host, or by the press window running out.
    Closed {
        at: ServerTime,
    },
    /// The server restarted while the buttons were open: they are shut
    /// until the host says «Время» again.
    Disarmed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OwnGameReceipt {
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum OwnGameError {
    #[error("the board has no question {0}")]
    NoSuchQuestion(u32),
    #[error("question {0} has been played")]
    Played(u32),
    #[error("a question is open: close it first")]
    QuestionOpen,
    #[error("no question is open")]
    NoQuestion,
    #[error("the buttons are open already")]
    Armed,
    #[error("a team is answering: judge it first")]
    Answering,
    #[error("no team is answering")]
    NobodyAnswering,
    #[error("a board needs 1 to {MAX_QUESTIONS} questions")]
    BoardSize,
    #[error("a price must be 1 to {MAX_PRICE}")]
    Price,
    #[error("the buttons stay open 1 to 600 seconds")]
    PressSeconds,
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellState {
    Open,
    Current,
    /// Played: the team that took it, if any.
    Taken {
        by: Option<TeamId>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    pub price: u32,
    pub state: CellState,
}

/// The open question as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionView {
    pub question: u32,
    pub price: u32,
    /// When the buttons close with nobody pressing; `None` while shut.
    pub open_until: Option<ServerTime>,
    pub answering: Option<AnsweringView>,
    /// Teams out of this question (a false start or a wrong answer).
    pub out: Vec<TeamId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnsweringView {
    pub team: TeamId,
    pub name: String,
    pub pressed_at: ServerTime,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRow {
    pub team: TeamId,
    pub name: String,
    pub points: i64,
}

/// The board as the host, the hall and every team see it: nothing in this
/// format is secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnGameBoard {
    pub theme: String,
    pub cells: Vec<CellView>,
    pub question: Option<QuestionView>,
    pub scores: Vec<ScoreRow>,
    pub finished: bool,
}

/// A team's view: the board, and whether its button goes anywhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnGameTeamView {
    pub team: TeamId,
    pub board: OwnGameBoard,
}

impl OwnGameTeamView {
    /// Whether this team may press now (the buttons open, nobody
    /// answering, the team not out).
    pub fn may_press(&self) -> bool {
        self.board.question.as_ref().is_some_and(|q| {
            q.open_until.is_some() && q.answering.is_none() && !q.out.contains(&self.team)
        })
    }
}
