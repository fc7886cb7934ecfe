//! What can be wrong in a file of teams: a bad row ([`Problem`], with its
//! line and reason, shown in the preview and blocking the import) or a file
//! that cannot be read at all ([`ReadError`]). Each says itself in Russian
//! or English; no rule is decided here.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Where in the file: a line of a CSV file or a row of a spreadsheet
/// (counted from 1), or a team's place in the rating site's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spot {
    Line(u32),
    Entry(u32),
}

impl Default for Spot {
    fn default() -> Self {
        Spot::Entry(0)
    }
}

impl Spot {
    pub fn text(self, russian: bool) -> String {
        match (self, russian) {
            (Spot::Line(n), true) => format!("строка {n}"),
            (Spot::Line(n), false) => format!("line {n}"),
            (Spot::Entry(n), true) => format!("команда №{n} в файле"),
            (Spot::Entry(n), false) => format!("team #{n} of the file"),
        }
    }
}

/// A bad row: where, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    pub spot: Spot,
    pub kind: ProblemKind,
}

impl Problem {
    pub fn new(spot: Spot, kind: ProblemKind) -> Problem {
        Problem { spot, kind }
    }

    /// «строка 7: признак «Х» не К, Б или Л».
    pub fn text(&self, russian: bool) -> String {
        format!("{}: {}", self.spot.text(russian), self.kind.text(russian))
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(false))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProblemKind {
    /// The признак column holds something other than К, Б or Л.
    UnknownFlag(String),
    /// The same player (by site id, or by full name) in a second team.
    PlayerInTwoTeams { player: String, first_team: String },
    /// A team's name or a player's surname is blank.
    BlankName,
    /// A second К in one team.
    TwoCaptains { team: String },
    /// An id column holds something other than a whole number.
    BadId { column: String, text: String },
    /// A row of the roster file with fewer than its eight columns.
    TooFewColumns { got: u32, want: u32 },
    /// Two teams of the file with one name.
    SameTeamTwice(String),
    /// The name of a registered team the file's team is not.
    NameTaken(String),
    /// 0.2: the players' count outside the tournament's setting.
    PlayerCount {
        team: String,
        min: u32,
        max: u32,
        got: u32,
    },
    /// A name longer than any accepted.
    TooLong { got: u32, max: u32 },
    /// A team (sent by the wire) whose site records are not one per
    /// player: which record is whose cannot be told.
    RecordsNotPlayers {
        team: String,
        players: u32,
        records: u32,
    },
}

impl ProblemKind {
    pub fn text(&self, russian: bool) -> String {
        match (self, russian) {
            (ProblemKind::UnknownFlag(f), true) => {
                format!("признак «{f}» — не К (капитан), Б (базовый) и не Л (легионер)")
            }
            (ProblemKind::UnknownFlag(f), false) => {
                format!("flag «{f}» is not К (captain), Б (base) or Л (legionnaire)")
            }
            (ProblemKind::PlayerInTwoTeams { player, first_team }, true) => {
                format!("игрок «{player}» уже в команде «{first_team}»")
            }
            (ProblemKind::PlayerInTwoTeams { player, first_team }, false) => {
                format!("player «{player}» is in team «{first_team}» already")
            }
            (ProblemKind::BlankName, true) => "пустое название команды или фамилия".to_owned(),
            (ProblemKind::BlankName, false) => "a blank team name or surname".to_owned(),
            (ProblemKind::TwoCaptains { team }, true) => {
                format!("второй капитан (К) в команде «{team}»")
            }
            (ProblemKind::TwoCaptains { team }, false) => {
                format!("a second captain (К) in team «{team}»")
            }
            (ProblemKind::BadId { column, text }, true) => {
                format!("{column}: «{text}» — не число")
            }
            (ProblemKind::BadId { column, text }, false) => {
                format!("{column}: «{text}» is not a number")
            }
            (ProblemKind::TooFewColumns { got, want }, true) => {
                format!("столбцов {got}, нужно {want}")
            }
            (ProblemKind::TooFewColumns { got, want }, false) => {
                format!("{got} columns, {want} needed")
            }
            (ProblemKind::SameTeamTwice(name), true) => {
                format!("команда «{name}» в файле дважды")
            }
            (ProblemKind::SameTeamTwice(name), false) => {
                format!("team «{name}» is in the file twice")
            }
            (ProblemKind::NameTaken(name), true) => {
                format!("название «{name}» уже у другой зарегистрированной команды")
            }
            (ProblemKind::NameTaken(name), false) => {
                format!("another registered team is named «{name}»")
            }
            (
                ProblemKind::PlayerCount {
                    team,
                    min,
                    max,
                    got,
                },
                true,
            ) => format!("в команде «{team}» игроков {got}, а нужно от {min} до {max} (0.2)"),
            (
                ProblemKind::PlayerCount {
                    team,
                    min,
                    max,
                    got,
                },
                false,
            ) => format!("team «{team}» has {got} players, from {min} to {max} needed (0.2)"),
            (ProblemKind::TooLong { got, max }, true) => {
                format!("слишком длинное имя ({got} знаков, не больше {max})")
            }
            (ProblemKind::TooLong { got, max }, false) => {
                format!("a name too long ({got} characters, at most {max})")
            }
            (
                ProblemKind::RecordsNotPlayers {
                    team,
                    players,
                    records,
                },
                true,
            ) => format!(
                "в команде «{team}» игроков {players}, а записей сайта рейтинга о них {records}: \
                 чья запись чья, не понять"
            ),
            (
                ProblemKind::RecordsNotPlayers {
                    team,
                    players,
                    records,
                },
                false,
            ) => format!(
                "team «{team}» has {players} players but {records} rating-site records: \
                 which record is whose cannot be told"
            ),
        }
    }
}

/// A file that cannot be read as teams at all.
#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReadError {
    #[error("the file is empty: no teams in it")]
    Empty,
    #[error("not the rating site's JSON of a tournament's teams: {0}")]
    Json(String),
    #[error("not a readable .xlsx spreadsheet: {0}")]
    Xlsx(String),
}

impl ReadError {
    pub fn text(&self, russian: bool) -> String {
        if !russian {
            return self.to_string();
        }
        match self {
            ReadError::Empty => "файл пуст: в нём нет команд".to_owned(),
            ReadError::Json(why) => format!("это не JSON команд турнира с сайта рейтинга: {why}"),
            ReadError::Xlsx(why) => format!("таблицу .xlsx не прочесть: {why}"),
        }
    }
}
