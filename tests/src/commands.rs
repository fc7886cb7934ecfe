//! Every command a terminal can send, for the authorization matrix and the
//! fuzz of dispatch: one builder that makes any kind of command ([`kinds`]
//! of them: `Command`'s own variants here, and every registered format's
//! examples from its folder through the registry,
//! [`minuta_shared::play::examples`]) from a few small numbers, the roles
//! the rules let send each ([`senders`], an exhaustive `match` here and in
//! each format's examples, so a new variant does not compile until someone
//! says who may send it), and the variant names serde knows
//! ([`kinds_on_the_wire`]), so a variant the builder does not make fails a
//! test by name. Nothing here names a format.

use std::collections::BTreeSet;

use serde::Serialize;

use minuta_shared::identity::Role;
use minuta_shared::ids::{GameId, TeamId, TourId};
use minuta_shared::play::examples;
use minuta_shared::play::games::{self, Format, GameCommand};
use minuta_shared::play::settings::{ChgkTiming, TournamentSettings};
use minuta_shared::programme::{Programme, ProgrammeDay, Slot};
use minuta_shared::roster::ImportedTeam;
use minuta_shared::tournament::Place;
use minuta_shared::wire::client::{Command, CutDecision, CutStep, PrizeStep};

pub use minuta_shared::play::examples::{Params, variant_names};

/// Every role a connection can have.
pub const ROLES: [Role; 5] = [
    Role::Host,
    Role::Judge,
    Role::Team,
    Role::Display,
    Role::Jury,
];

/// Who may send `command`, as the rules say: the host runs the event; a
/// team presses its button; a game's command, as its format's examples
/// say (`play/<f>/examples.rs`); the display sends nothing. Written out
/// rather than asked of `permitted`, which is what is being tested.
pub fn senders(command: &Command) -> &'static [Role] {
    match command {
        Command::SetUpTournament { .. }
        | Command::RegisterTeam { .. }
        | Command::EditTeam { .. }
        | Command::AddJudge { .. }
        | Command::Qualify { .. }
        | Command::SettleCut { .. }
        | Command::AddGame { .. }
        | Command::SetProgramme { .. }
        | Command::RemoveTeam { .. }
        | Command::ImportTeams { .. }
        | Command::TakeBackAppeals
        | Command::SettlePrizeTie { .. } => examples::HOST,
        Command::Press { .. } => examples::TEAM,
        Command::Game { command, .. } => examples::senders(command),
    }
}

/// How many of `Command`'s own kinds [`command`] builds: the last of
/// them comes after every game's (see [`command`]).
const EVENT_KINDS: usize = 13;

/// How many kinds of command [`command`] builds: `Command`'s own and every
/// registered format's examples.
pub fn kinds() -> usize {
    let games: usize = Format::ALL
        .iter()
        .map(|&f| examples::commands(f, &Params::default()).len())
        .sum();
    EVENT_KINDS + games
}

/// The `kind`-th kind of command (`kind` is taken modulo [`kinds`]), made
/// of `p`: `Command`'s own, then every registered format's examples in
/// the registry's order, each to `game_of` its format, then the host
/// taking the appeals back (6.5: last, as a jury terminal connecting after
/// it seats the jury again, an event the authorization test would count).
pub fn command(kind: usize, p: &Params, game_of: impl Fn(Format) -> GameId) -> Command {
    let kind = kind % kinds();
    if kind < EVENT_KINDS - 1 {
        return event_command(kind, p);
    }
    let mut at = kind - (EVENT_KINDS - 1);
    for &format in Format::ALL {
        let mut made = examples::commands(format, p);
        if at < made.len() {
            return Command::game(game_of(format), made.swap_remove(at));
        }
        at -= made.len();
    }
    event_command(EVENT_KINDS - 1, p)
}

/// The `kind`-th of `Command`'s own kinds of command, made of `p`.
fn event_command(kind: usize, p: &Params) -> Command {
    let (a, b, flag, big) = (p.a, p.b, p.flag, p.big);
    let text = p.text.clone();
    let team = TeamId(a);
    let players = p.players();
    match kind {
        0 => Command::SetUpTournament {
            name: text,
            settings: TournamentSettings {
                min_players: a,
                max_players: a + b,
                chgk: ChgkTiming {
                    minute_ms: big % 120_000,
                    warning_before_end_ms: u64::from(b) * 1_000,
                    grace_ms: u64::from(a) * 1_000,
                },
            },
        },
        1 => Command::RegisterTeam {
            name: text,
            town: "Город".into(),
            players,
            rating_id: flag.then_some(b),
        },
        2 => Command::EditTeam {
            team,
            name: text,
            town: "Город".into(),
            players,
            rating_id: None,
        },
        3 => Command::AddJudge { name: text },
        4 => Command::Qualify {
            game: GameId(b),
            places: a,
            seed: big,
            cut: CutDecision {
                shoot_off: vec![vec![TeamId(b)]; (a % 3) as usize],
                lot: flag.then_some(big),
            },
        },
        5 => Command::Press {
            clock_offset_us: big as i64,
        },
        6 => Command::AddGame {
            name: text,
            settings: examples::settings(Format::ALL[a as usize % Format::ALL.len()]),
        },
        7 => Command::SetProgramme {
            programme: Programme {
                days: (0..a % 3)
                    .map(|d| ProgrammeDay {
                        title: format!("День {d}"),
                        slots: vec![
                            Slot::ChgkTour { tour: TourId(d) },
                            Slot::GameTour {
                                game: GameId(b),
                                tour: d,
                            },
                        ],
                    })
                    .collect(),
            },
        },
        8 => Command::RemoveTeam { team },
        9 => Command::ImportTeams {
            teams: vec![ImportedTeam {
                rating_id: flag.then_some(b),
                name: text,
                town: "Город".into(),
                players,
                ..ImportedTeam::default()
            }],
        },
        // ---- 2.2: a tie at a prize place, one step
        10 => Command::SettlePrizeTie {
            game: GameId(b),
            place: Place {
                first: a.max(1),
                last: a.max(1) + 1,
            },
            step: match a % 3 {
                0 => PrizeStep::ShootOff {
                    right: vec![TeamId(b)],
                },
                1 => PrizeStep::Lot { seed: big },
                _ => PrizeStep::Shared,
            },
        },
        // ---- the tie at a qualification cut, one step (4.3, 5.2)
        11 => Command::SettleCut {
            game: GameId(b),
            places: a,
            seed: big,
            step: if flag {
                CutStep::Lot { seed: big }
            } else {
                CutStep::ShootOff {
                    right: vec![TeamId(b)],
                }
            },
        },
        // ---- 6.5: the host takes the appeals back from a jury gone
        _ => Command::TakeBackAppeals,
    }
}

/// One command of every kind, made of `p`.
pub fn every_command(p: &Params, game_of: impl Fn(Format) -> GameId) -> Vec<Command> {
    (0..kinds()).map(|k| command(k, p, &game_of)).collect()
}

/// A command's kind by name: `RegisterTeam`, or `Chgk::SubmitCard` for a
/// game's command (serde's externally tagged names).
pub fn kind_name(command: &Command) -> String {
    /// The variant's name of an externally tagged enum value.
    fn tag(value: &serde_json::Value) -> (String, Option<&serde_json::Value>) {
        match value {
            serde_json::Value::String(unit) => (unit.clone(), None),
            serde_json::Value::Object(map) => match map.iter().next() {
                Some((name, inner)) => (name.clone(), Some(inner)),
                None => (String::new(), None),
            },
            other => (other.to_string(), None),
        }
    }
    let value = serde_json::to_value(command).unwrap_or_default();
    let (name, body) = tag(&value);
    if name != "Game" {
        return name;
    }
    let Some(game_command) = body.and_then(|b| b.get("command")) else {
        return name;
    };
    let (format, inner) = tag(game_command);
    let inner = inner.map(|i| tag(i).0).unwrap_or_default();
    format!("{format}::{inner}")
}

/// Every kind of command the wire has, by [`kind_name`]: `Command`'s
/// variants but `Game`, and `Format::Variant` for every variant of every
/// registered format's command (its examples' `Command` type). A format
/// the registry does not know is named `Format::?` so that it never
/// matches what the builder makes.
pub fn kinds_on_the_wire() -> BTreeSet<String> {
    let mut kinds: BTreeSet<String> = variant_names::<Command>()
        .into_iter()
        .filter(|k| k != "Game")
        .collect();
    for format in variant_names::<GameCommand>() {
        let registered = Format::ALL
            .iter()
            .find(|&&f| examples::variant_name(&f) == format);
        let inner = match registered {
            Some(&f) => examples::command_variants(f),
            None => BTreeSet::from(["?".to_owned()]),
        };
        kinds.extend(inner.into_iter().map(|c| format!("{format}::{c}")));
    }
    kinds
}

/// The field names anywhere in a serialized value (struct fields and map
/// keys; not enum variant tags, which serde writes as keys too, so those
/// are left in: a caller looks for a name that is no variant's).
pub fn field_names<T: Serialize>(value: &T) -> BTreeSet<String> {
    fn walk(value: &serde_json::Value, out: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    out.insert(key.clone());
                    walk(inner, out);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(&serde_json::to_value(value).unwrap_or_default(), &mut out);
    out
}

/// The event's own games by format — its ChGK tournament and the games a
/// new store adds first — as the registry says: a game of any other format
/// is one the host adds.
pub fn event_games() -> Vec<(Format, GameId)> {
    let first = games::event_games()
        .into_iter()
        .map(|(id, s)| (s.format(), id));
    let added = games::first_added_games()
        .into_iter()
        .map(|(id, _, s)| (s.format(), id));
    first.chain(added).collect()
}

/// Whether a command from a team names a team (a field `team` that is
/// set, `teams` or `tables`): the host's field naming the team it acts for
/// (a line-up's, a split's, a bid's) is left empty by a captain.
pub fn names_a_team(command: &Command) -> bool {
    fn walk(value: &serde_json::Value) -> bool {
        match value {
            serde_json::Value::Object(map) => map.iter().any(|(key, inner)| {
                (key == "team" && !inner.is_null())
                    || key == "teams"
                    || key == "tables"
                    || walk(inner)
            }),
            serde_json::Value::Array(items) => items.iter().any(walk),
            _ => false,
        }
    }
    walk(&serde_json::to_value(command).unwrap_or_default())
}
