//! Every registered format's examples, reached by [`Format`]: one command
//! or more of every variant of its command, who may send each, and a game
//! of it brought to mid-play — what the tests crate's authorization matrix
//! and fuzz are built from — and what its screens may show and when, which
//! the leakage test checks every frame against; so that a new format adds its examples in its
//! own folder (`play/<f>/examples.rs`, an [`Examples`] impl) and nothing in
//! the tests. Built only with the `examples` feature, which the tests crate
//! turns on and no product has. What must not live here: any format's name
//! or command (each is in its folder).

use std::collections::BTreeSet;

use serde::de::DeserializeOwned;

use crate::identity::{Identity, Role};
use crate::ids::TeamId;
use crate::play::format::LiveFormat;
use crate::play::games::{
    Format, GameCommand, GameDisplayView, GameError, GameEvent, GamePatch, GameSettings,
    GameStaffView, GameState, GameTeamView,
};
use crate::time::ServerTime;

/// The roles that may send a command.
pub type Senders = &'static [Role];

pub const HOST: Senders = &[Role::Host];
pub const STAFF: Senders = &[Role::Host, Role::Judge];
pub const TEAM: Senders = &[Role::Team];
pub const HOST_OR_TEAM: Senders = &[Role::Host, Role::Team];
pub const HOST_OR_JURY: Senders = &[Role::Host, Role::Jury];

/// What an example command is made of: small numbers, so that generated
/// commands name teams, questions, tasks and fights that exist.
#[derive(Clone, Debug)]
pub struct Params {
    pub a: u32,
    pub b: u32,
    pub flag: bool,
    pub text: String,
    pub big: u64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            a: 1,
            b: 2,
            flag: true,
            text: "текст".into(),
            big: 7,
        }
    }
}

impl Params {
    /// A line-up of `a % 8` players.
    pub fn players(&self) -> Vec<String> {
        (0..self.a % 8).map(|i| format!("Игрок {i}")).collect()
    }
}

/// A game of a format in mid-play, for the fuzz: the settings it is added
/// with (unless it is one of the event's own games) and the commands, from
/// whom, that bring it there (the fuzz addresses them to its game) — after the host has set up the event with
/// two-second ChGK minutes, registered teams 1, 2 and 3 and added a judge.
pub struct MidGame {
    pub settings: GameSettings,
    pub script: Vec<(Identity, GameCommand)>,
}

/// How a captain's forged command — one naming a team in the host's field
/// for it — must be refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Forged {
    /// By the game's rules, with this error; the connection stays.
    Refused(GameError),
    /// As forbidden: the connection is closed.
    Forbidden,
}

/// What a game's stored events say a team or the hall may see, and when.
#[derive(Clone, Debug, Default)]
pub struct Reveals {
    /// Every text a team handed in (cards, answers, appeals), with its team.
    pub texts: Vec<(TeamId, String)>,
    /// Package texts and the instant they may first be shown: a question's
    /// answer at its reveal, a task's text at its start (`None`: never in
    /// this game).
    pub hidden: Vec<(String, Option<ServerTime>)>,
    /// Package names every screen may show (Эрудит-квартет's themes).
    pub public: Vec<String>,
    /// Phrases no revealed answer or comment may hold (Нептун's sheet, 1.4).
    pub sheet: Vec<String>,
}

/// One format's examples, written in its folder. The leakage checks have
/// no defaults: a new format says what its screens may not show.
pub trait Examples: LiveFormat {
    type Command: DeserializeOwned + Into<GameCommand>;

    /// One command or more of every variant, made of `p`: as many, in the
    /// same order, whatever `p` is.
    fn commands(p: &Params) -> Vec<<Self as Examples>::Command>;

    /// Who may send `command`, as the rules say: an exhaustive `match`, so
    /// that a new variant does not compile until someone says who may send
    /// it; written out rather than asked of `permitted`, which is what the
    /// authorization matrix tests.
    fn senders(command: &<Self as Examples>::Command) -> Senders;

    /// The settings a game of the format is added with.
    fn settings() -> GameSettings;

    /// A game of the format brought to mid-play.
    fn mid_game() -> MidGame;

    /// What the captain of `own` may try, naming `own` or `other` where
    /// only the host names a team, and how each is refused: nothing when
    /// no command has such a field.
    fn forged(_own: TeamId, _other: TeamId) -> Vec<(<Self as Examples>::Command, Forged)> {
        Vec::new()
    }

    /// The names every screen of `game` may show, read from it and its
    /// staff `view`: tours, question and task numbers and titles, fights.
    fn public_names(game: &Self, view: &<Self as LiveFormat>::StaffView) -> Vec<String>;

    /// What team `me`'s `view` of a game shows that it may not; `own`: the
    /// texts the team handed in itself.
    fn team_leaks(
        view: &<Self as LiveFormat>::TeamView,
        me: TeamId,
        own: &BTreeSet<&str>,
    ) -> Vec<String>;

    /// What the projector's `view` of a game shows that it may not;
    /// `sheet`: [`Reveals::sheet`].
    fn display_leaks(view: &<Self as LiveFormat>::DisplayView, sheet: &[String]) -> Vec<String>;

    /// What a `patch` shows a team (`own`) or the hall (`None`) that it
    /// may not.
    fn patch_leaks(patch: &<Self as LiveFormat>::Patch, own: Option<TeamId>) -> Vec<String>;

    /// What a game added with `settings` reveals, and when, by its stored
    /// `events` in order.
    fn reveals(
        settings: &<Self as LiveFormat>::Settings,
        events: &[&<Self as LiveFormat>::Event],
    ) -> Reveals;
}

macro_rules! examples_of {
    ($($variant:ident => $game:ty),* $(,)?) => {
        /// One command or more of every variant of `format`'s command.
        pub fn commands(format: Format, p: &Params) -> Vec<GameCommand> {
            match format {
                $(Format::$variant => <$game as Examples>::commands(p)
                    .into_iter()
                    .map(Into::into)
                    .collect()),*
            }
        }

        /// Who may send `command`, as its format's examples say.
        pub fn senders(command: &GameCommand) -> Senders {
            match command {
                $(GameCommand::$variant(c) => <$game as Examples>::senders(c)),*
            }
        }

        /// Every variant name serde knows for `format`'s command.
        pub fn command_variants(format: Format) -> BTreeSet<String> {
            match format {
                $(Format::$variant => variant_names::<<$game as Examples>::Command>()),*
            }
        }

        /// The settings a game of `format` is added with.
        pub fn settings(format: Format) -> GameSettings {
            match format {
                $(Format::$variant => <$game as Examples>::settings()),*
            }
        }

        /// A captain's forged commands of `format` and their refusals.
        pub fn forged(format: Format, own: TeamId, other: TeamId) -> Vec<(GameCommand, Forged)> {
            match format {
                $(Format::$variant => <$game as Examples>::forged(own, other)
                    .into_iter()
                    .map(|(c, f)| (c.into(), f))
                    .collect()),*
            }
        }

        /// A game of `format` brought to mid-play.
        pub fn mid_game(format: Format) -> MidGame {
            match format {
                $(Format::$variant => <$game as Examples>::mid_game()),*
            }
        }

        /// The names every screen of `game` may show, its staff `view`'s
        /// among them.
        pub fn public_names(game: &GameState, view: &GameStaffView) -> Vec<String> {
            match (game, view) {
                $((GameState::$variant(g), GameStaffView::$variant(v)) => {
                    <$game as Examples>::public_names(g, v)
                })*
                // A view of another game names nothing of this one.
                _ => Vec::new(),
            }
        }

        /// What team `me`'s `view` of a game shows that it may not.
        pub fn team_leaks(view: &GameTeamView, me: TeamId, own: &BTreeSet<&str>) -> Vec<String> {
            match view {
                $(GameTeamView::$variant(v) => <$game as Examples>::team_leaks(v, me, own)),*
            }
        }

        /// What the projector's `view` of a game shows that it may not.
        pub fn display_leaks(view: &GameDisplayView, sheet: &[String]) -> Vec<String> {
            match view {
                $(GameDisplayView::$variant(v) => <$game as Examples>::display_leaks(v, sheet)),*
            }
        }

        /// What a `patch` shows a team (`own`) or the hall that it may not.
        pub fn patch_leaks(patch: &GamePatch, own: Option<TeamId>) -> Vec<String> {
            match patch {
                $(GamePatch::$variant(p) => <$game as Examples>::patch_leaks(p, own)),*
            }
        }

        /// What a game added with `settings` reveals by its `events`
        /// (those of other formats are not its own and are passed over).
        pub fn reveals(settings: &GameSettings, events: &[GameEvent]) -> Reveals {
            match settings {
                $(GameSettings::$variant(s) => {
                    let own: Vec<_> = events
                        .iter()
                        .filter_map(|e| match e {
                            GameEvent::$variant(e) => Some(e),
                            #[allow(unreachable_patterns)]
                            _ => None,
                        })
                        .collect();
                    <$game as Examples>::reveals(s, &own)
                })*
            }
        }
    };
}

crate::live_formats!(examples_of);

/// Every variant name serde knows for the enum `T`, read from the error it
/// gives for a name it does not know («expected one of `A`, `B`, …»).
pub fn variant_names<T: DeserializeOwned>() -> BTreeSet<String> {
    let error = match serde_json::from_str::<T>(r#""no such variant""#) {
        Ok(_) => return BTreeSet::new(),
        Err(e) => e.to_string(),
    };
    let listed = error
        .split_once("expected one of")
        .or_else(|| error.split_once("expected"))
        .map(|(_, rest)| rest)
        .unwrap_or_default();
    listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The variant name of an externally tagged enum value, as serde writes it.
pub fn variant_name<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(unit)) => unit,
        Ok(serde_json::Value::Object(map)) => map.keys().next().cloned().unwrap_or_default(),
        Ok(other) => other.to_string(),
        Err(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_has_an_example_of_every_command_variant_whatever_the_params() {
        let odd = Params {
            a: 0,
            b: 3,
            flag: false,
            text: String::new(),
            big: u64::MAX,
        };
        for &format in Format::ALL {
            // Arrange and act.
            let made: BTreeSet<String> = commands(format, &Params::default())
                .iter()
                .map(|c| {
                    assert_eq!(c.format(), format);
                    // The inner command's name, under the format's tag.
                    let value = serde_json::to_value(c).unwrap_or_default();
                    value
                        .as_object()
                        .and_then(|m| m.values().next())
                        .map(variant_name)
                        .unwrap_or_default()
                })
                .collect();

            // Assert.
            assert_eq!(made, command_variants(format), "{format:?}");
            assert_eq!(
                commands(format, &odd).len(),
                commands(format, &Params::default()).len(),
                "{format:?}: as many examples whatever the params"
            );
        }
    }
}
