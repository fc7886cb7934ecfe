//! Messages from a terminal to the server.

use serde::{Deserialize, Serialize};

use crate::ids::{GameId, TeamId};
use crate::play::games::{GameCommand, GameSettings};
use crate::play::settings::TournamentSettings;
use crate::programme::Programme;
use crate::roster::ImportedTeam;
use crate::tournament::Place;
use crate::wire::files::HostFile;

// A message is decoded, handled and dropped; boxing the command would only
// add an allocation per frame.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// Clock-offset probe; answered at once with `ServerMsg::Pong`.
    Ping { client_time_us: u64 },
    /// An action; answered with `ServerMsg::Ack` carrying the same `request`.
    Command { request: u64, command: Command },
    /// The terminal's last view is not the base of a patch it received (or
    /// the patch did not rebuild it): the server answers with a whole view.
    WholeView,
    /// The host asks for a file made from the store (issue 38): answered
    /// with `ServerMsg::FilePart`s carrying the same `request`, or
    /// `ServerMsg::FileRefused`. Any other role asking is closed as
    /// forbidden.
    Fetch { request: u64, file: HostFile },
    /// A piece of a large message's encoding (a question package with its
    /// pictures: `crate::wire::pieces`), in order; the server takes the
    /// message once `total` bytes have come. Only the host sends these.
    Piece { total: u32, bytes: Vec<u8> },
    /// The host stopped the message it was sending in pieces: those so far
    /// are dropped.
    PiecesDropped,
    /// The host's browser has a file of teams read by the server (its
    /// spreadsheet readers stay out of the page): answered with
    /// `ServerMsg::RosterRead` for the same `request`. Host only.
    ReadRoster {
        request: u64,
        file_name: String,
        bytes: Vec<u8>,
    },
}

/// Every action any role can take. Who may send which is decided in one
/// place: [`crate::wire::permission::permitted`].
// Decided and dropped, like the message around it (a game's command holds
// a typed-in question).
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    // ---- host: the tournament ----
    /// Names the tournament and sets its rules' settings.
    SetUpTournament {
        name: String,
        settings: TournamentSettings,
    },
    RegisterTeam {
        name: String,
        town: String,
        players: Vec<String>,
        /// The team's id on the rating site (rating.chgk.info), if known:
        /// the rating export names the team by it.
        rating_id: Option<u32>,
    },
    EditTeam {
        team: TeamId,
        name: String,
        town: String,
        players: Vec<String>,
        rating_id: Option<u32>,
    },
    /// Makes a judge and its secret (shown as a join code to the host).
    AddJudge { name: String },
    // ---- host: qualification into a game (4.3, 5.2) ----
    /// The `places` best teams of the event's ChGK tournament (points, then
    /// rating) qualify into `game`, seeded by the table after three tours
    /// (4.4; full ties in that seeding by a lot with `seed`). Teams level
    /// across the cut are settled by `cut` — the host's shoot-off on cards
    /// or lot; until it settles them the server refuses with
    /// `CommandError::TieAtTheCut`, naming them.
    Qualify {
        game: GameId,
        places: u32,
        seed: u64,
        cut: CutDecision,
    },
    /// 4.3, 5.2: the host records one step of settling the tie at the cut
    /// of the qualification `places`/`seed` into `game` (as `Qualify`):
    /// a shoot-off question's right cards or a lot's seed. The server
    /// stores it with the shoot-off so far, shown to every staff screen;
    /// once the tie is broken it qualifies the teams as `Qualify` does.
    SettleCut {
        game: GameId,
        places: u32,
        seed: u64,
        step: CutStep,
    },

    // ---- a team: the button (Brain-ring) ----
    /// The button. The server stamps it on arrival; `clock_offset_us` is the
    /// terminal's measured offset to server time, kept in the press log.
    Press { clock_offset_us: i64 },

    // ---- the programme: games of any live format ----
    /// The host adds a game to the event's programme.
    AddGame {
        name: String,
        settings: GameSettings,
    },
    /// A command for one game; its format says who may send it.
    Game { game: GameId, command: GameCommand },
    /// The host lays out the event's programme (2): days of ChGK tours,
    /// games' tours and Brain-ring; replaces the previous one.
    SetProgramme { programme: Programme },
    /// Takes a team off the event before it has played: its secret stops
    /// working and it leaves every view. Its id is never given again.
    RemoveTeam { team: TeamId },
    /// Registers the new teams of a file (the rating site's roster, its
    /// JSON, a plain spreadsheet; `crate::roster`) and edits the changed
    /// ones: all of them or, on any bad row, none.
    ImportTeams { teams: Vec<ImportedTeam> },
    /// 6.5: the appeal jury has left for good — the host takes the
    /// appeals back and decides them from now on (4.14), so no tour or
    /// game waits for a jury that will not come. Stored; a jury terminal
    /// joining later seats the jury again.
    TakeBackAppeals,
    /// 2.2: the host records one step of settling a tie at a prize place
    /// of a game that is over — the teams sharing `place` in its table: a
    /// shoot-off question's right answers, a lot's seed, or that the place
    /// stays shared. Stored with the steps so far; every table, sheet and
    /// festival prize follows it.
    SettlePrizeTie {
        game: GameId,
        place: Place,
        step: PrizeStep,
    },
}

/// One step of settling a tie at a prize place (2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrizeStep {
    /// A shoot-off question to the teams still tied: those right.
    ShootOff { right: Vec<TeamId> },
    /// A lot among the teams still tied, drawn with the host's seed.
    Lot { seed: u64 },
    /// The host records that the place is shared (a shared prize).
    Shared,
}

/// One step of settling a tie at the qualification cut (4.3, 5.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CutStep {
    /// A shoot-off question to the tied teams' cards: those right.
    ShootOff { right: Vec<TeamId> },
    /// A lot among the teams still tied, drawn with the host's seed.
    Lot { seed: u64 },
}

/// How the host settles a tie across the qualification cut (4.3, 5.2):
/// each shoot-off question as the tied teams whose card was right, in
/// order, then, if the host chose it, a lot's seed for those still tied.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutDecision {
    pub shoot_off: Vec<Vec<TeamId>>,
    pub lot: Option<u64>,
}

impl Command {
    /// A command for one game of the programme.
    pub fn game(game: GameId, command: impl Into<GameCommand>) -> Command {
        Command::Game {
            game,
            command: command.into(),
        }
    }
}
