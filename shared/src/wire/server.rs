//! Messages from the server to a terminal.

use serde::{Deserialize, Serialize};

use crate::ids::{GameId, JudgeId, TeamId};
use crate::packages::media::MediaFile;
use crate::play::button::PressKind;
use crate::play::games::{GamePatch, GameReceipt, PlayError};
use crate::programme::ProgrammeError;
use crate::roster::{Problem, Read, ReadError};
use crate::time::ServerTime;
use crate::wire::delta::ViewDelta;
use crate::wire::files::{FilePart, FileRefusal};
use crate::wire::view::View;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ServerMsg {
    Pong {
        client_time_us: u64,
        server_time: ServerTime,
    },
    /// The answer to `ClientMsg::Command { request, .. }`, sent only after
    /// what it acknowledges is durable.
    Ack {
        request: u64,
        result: Result<Receipt, CommandError>,
    },
    /// Everything this terminal may see, replacing the previous view. Sent
    /// on connect and when the terminal asks (`ClientMsg::WholeView`);
    /// after that, a view is sent as a [`ServerMsg::ViewDelta`] when that
    /// is smaller. The envelope's `seq` numbers it for the next patch.
    View(Box<View>),
    /// A press changed one part of one game and nothing else did (a
    /// Brain-ring fight): it replaces that part wherever the last view
    /// shows it ([`View::apply_patch`]). Sent to the concerned screens
    /// right behind the verdict, so the lockout reaches the other table,
    /// the host and the projector without a whole view being built and sent.
    Patch { game: GameId, patch: Box<GamePatch> },
    /// To the staff: the store refuses writes (`Some(reason)`: a full disk,
    /// an I/O error) — nothing is acknowledged until it takes them again —
    /// or takes them again (`None`). Issue 14, «disk full».
    StorageAlert { failing: Option<String> },
    /// The next view as a patch of the encoded bytes of the view in the
    /// frame numbered `base` (see [`crate::wire::delta`]). Turned back into
    /// a [`ServerMsg::View`] by [`crate::wire::view_stream::ViewStream`];
    /// a terminal whose last view is not that one asks for a whole view.
    ViewDelta(Box<ViewDelta>),
    /// To a projector: the bytes of a picture its view shows (by hash), sent
    /// once per connection just before the first view that shows it; the
    /// client keeps them by hash. Nobody else gets a picture's bytes.
    Media(Box<MediaFile>),
    /// To the host: one part of a file it asked for
    /// (`ClientMsg::Fetch`), in order.
    FilePart(Box<FilePart>),
    /// To the host: the file it asked for was not made, and why.
    FileRefused { request: u64, why: FileRefusal },
    /// To the host: the file of teams of its `ClientMsg::ReadRoster`, read.
    RosterRead {
        request: u64,
        read: Result<Read, ReadError>,
    },
}

impl ServerMsg {
    /// The index of [`ServerMsg::View`] in the encoding (its place in the enum).
    pub const VIEW_VARIANT: u32 = 2;
    /// The index of [`ServerMsg::ViewDelta`] in the encoding.
    pub const VIEW_DELTA_VARIANT: u32 = 5;
}

/// What the server did with an accepted command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Receipt {
    Done,
    TeamRegistered {
        team: TeamId,
    },
    JudgeAdded {
        judge: JudgeId,
    },
    /// The server's verdict on a press of the button, sent at once.
    Press {
        kind: PressKind,
        arrived_at: ServerTime,
        since_arming_us: Option<i64>,
    },
    GameAdded {
        game: GameId,
    },
    /// What a game's format answered.
    Game {
        game: GameId,
        receipt: GameReceipt,
    },
}

/// Why a command was refused. The connection stays open: these are the
/// game's rules speaking, not a protocol violation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum CommandError {
    #[error("no such team")]
    NoSuchTeam,
    #[error("a team needs from {min} to {max} players, this one has {got}")]
    PlayerCount { min: u32, max: u32, got: u32 },
    #[error("a team named «{0}» is registered already")]
    DuplicateTeam(String),
    #[error("a name must not be empty")]
    EmptyName,
    #[error("the text is too long ({got} characters, at most {max})")]
    TooLong { got: u32, max: u32 },
    #[error("the settings are not valid: {0}")]
    Settings(String),
    #[error("the server could not store this: {0}")]
    Storage(String),
    /// A press with no question in play for this team in any game.
    #[error("no question is in play for this team")]
    NothingToPress,
    #[error("the ChGK results needed here are not there: {0}")]
    Qualification(String),
    /// 4.3, 5.2: teams level on points and rating across the cut; the
    /// host settles it (a shoot-off on cards, or a lot) and qualifies again.
    #[error("{} are level on points and rating for the last {places} place(s): settle it by a shoot-off or a lot (4.3)", .teams.iter().map(|(_, n)| format!("«{n}»")).collect::<Vec<_>>().join(", "))]
    TieAtTheCut {
        teams: Vec<(TeamId, String)>,
        places: u32,
    },
    /// The connection checks roles first; this is the core's own check
    /// answering should that check ever let a command through.
    #[error("your role may not do this")]
    Forbidden,
    #[error("there is no such game in the programme")]
    NoSuchGame,
    /// A game's format refused the command.
    #[error("{0}")]
    Play(PlayError),
    #[error("the programme: {0}")]
    Programme(ProgrammeError),
    /// A team that has handed in a card or an answer, pressed, or been
    /// drawn into Brain-ring is part of the results: it cannot be removed.
    #[error("the team has played already and is part of the results: it cannot be removed")]
    TeamHasPlayed,
    /// The teams of an import, refused whole: every bad row, with its line.
    #[error("the import was refused: {}", import_problems(.0))]
    Import(Vec<Problem>),
    /// 2.2: a step of settling a tie at a prize place was refused.
    #[error("{0}")]
    PrizeTie(crate::tournament::prize_tie::PrizeTieRefusal),
}

fn import_problems(problems: &[Problem]) -> String {
    problems
        .iter()
        .map(Problem::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}
