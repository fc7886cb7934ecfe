//! Messages from a terminal to the server.

use serde::{Deserialize, Serialize};

use crate::ids::{AppealId, QuestionId, TeamId, TourId};
use crate::packages::Question;
use crate::play::chgk::{AppealKind, Verdict};
use crate::play::settings::TournamentSettings;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// Clock-offset probe; answered at once with `ServerMsg::Pong`.
    Ping { client_time_us: u64 },
    /// An action; answered with `ServerMsg::Ack` carrying the same `request`.
    Command { request: u64, command: Command },
}

/// Every action any role can take. Who may send which is decided in one
/// place: [`crate::wire::permission::permitted`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    // ---- host: the tournament ----
    /// Names the tournament and sets its rules' settings.
    SetUpTournament { name: String, settings: TournamentSettings },
    RegisterTeam { name: String, town: String, players: Vec<String> },
    EditTeam { team: TeamId, name: String, town: String, players: Vec<String> },
    /// Makes a judge and its secret (shown as a join code to the host).
    AddJudge { name: String },
    /// A question package file as the host picked it; the server parses it
    /// and appends its tours.
    LoadPackage { file_name: String, bytes: Vec<u8> },
    /// A question typed in by the host, appended to a tour (a new tour when
    /// `tour` is one past the last).
    AddQuestion { tour: TourId, question: Question },

    // ---- host: «Что? Где? Когда?» play ----
    /// Announces the question: its number goes up on every screen and cards
    /// for it are accepted from now on.
    AnnounceQuestion { question: QuestionId },
    /// «Время»: the minute starts now (3).
    StartMinute,
    /// Shows the author's answer and every team's verdict to the teams.
    Reveal { question: QuestionId },
    /// Freezes every judgement of the tour; nothing in it changes after this.
    CloseTour { tour: TourId },
    ResolveAppeal { appeal: AppealId, upheld: bool, reply: String },

    // ---- host and judges ----
    /// Marks every card of a question whose normalised text is `group`.
    Judge { question: QuestionId, group: String, verdict: Verdict },

    // ---- a team ----
    /// The answer card. Final once accepted, as on paper.
    SubmitCard { question: QuestionId, text: String },
    FileAppeal { question: QuestionId, kind: AppealKind, text: String },
}
