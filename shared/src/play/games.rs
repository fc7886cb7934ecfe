//! The registry of live formats: one line per format in [`formats!`] makes
//! the wire's `GameCommand`, `GameEvent`, views, receipts and errors carry
//! it, and [`GameState`] dispatch to it. The server core holds
//! `GameState`s and never names a format.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::identity::{Identity, Role};
use crate::ids::{Slice, TeamId};
use crate::jury_protocol::Protocol;
use crate::packages::media::{MediaFile, MediaHash, PackageFile};
use crate::play::button::{ButtonPress, ButtonVerdict, PressPatch, QuestionMark};
use crate::play::format::{HallPatch, Labels, LiveFormat, Results, Touched, TourState};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::play::settings::TournamentSettings;
use crate::sheet::Scoresheet;
use crate::sheet::error::SheetError;
use crate::time::ServerTime;
use crate::tournament::Place;

use crate::play::{brain_ring, chgk};

/// Why a game command was refused before its format saw it, or what the
/// format said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum PlayError {
    #[error("this command is for a game of another format")]
    WrongFormat,
    #[error("{0}")]
    Game(GameError),
}

/// A registered format's own types, found inside the registry's: its
/// game in a [`GameState`], its views and its commands. The registry asks
/// it of every format together with its [`Results`] and [`Labels`].
pub trait InState: LiveFormat + Results + Labels {
    fn of(state: &GameState) -> Option<&Self>;
    fn staff_of(view: &GameStaffView) -> Option<&Self::StaffView>;
    fn team_of(view: &GameTeamView) -> Option<&Self::TeamView>;
    fn display_of(view: &GameDisplayView) -> Option<&Self::DisplayView>;
    fn command_of(command: &GameCommand) -> Option<&Self::Command>;
}

macro_rules! formats {
    ($($variant:ident => $game:ty),* $(,)?) => {
        /// A live format, by the name `minuta-server score` knows it by.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum Format { $($variant),* }

        impl Format {
            pub const ALL: &'static [Format] = &[$(Format::$variant),*];

            /// The format's name in `score` and in exports.
            pub fn name(self) -> &'static str {
                match self { $(Format::$variant => <$game as LiveFormat>::FORMAT),* }
            }
        }

        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameSettings { $($variant(<$game as LiveFormat>::Settings)),* }

        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameCommand { $($variant(<$game as LiveFormat>::Command)),* }

        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameEvent { $($variant(<$game as LiveFormat>::Event)),* }

        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameReceipt { $($variant(<$game as LiveFormat>::Receipt)),* }

        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
        pub enum GameError { $(#[error("{0}")] $variant(<$game as LiveFormat>::Error)),* }

        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameStaffView { $($variant(<$game as LiveFormat>::StaffView)),* }

        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameTeamView { $($variant(<$game as LiveFormat>::TeamView)),* }

        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GameDisplayView { $($variant(<$game as LiveFormat>::DisplayView)),* }

        /// What a press changed in one game's screens.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum GamePatch { $($variant(<$game as LiveFormat>::Patch)),* }

        impl GamePatch {
            /// Whether a press's patch says the buttons are live; `None`
            /// when it does not say.
            pub fn buttons_live(&self) -> Option<bool> {
                match self { $(GamePatch::$variant(p) => <$game>::BUTTONS.and_then(|b| b.patch_buttons_live(p))),* }
            }
        }

        impl GameStaffView {
            /// Applies a press's patch; `false` if it is not this view's.
            pub fn apply_patch(&mut self, patch: &GamePatch) -> bool {
                #[allow(unreachable_patterns)]
                match (self, patch) {
                    $((GameStaffView::$variant(v), GamePatch::$variant(p)) => <$game>::PATCHES.is_some_and(|c| c.patch_staff(v, p)),)*
                    _ => false,
                }
            }
        }

        impl GameStaffView {
            /// Whether the game is in use and played to its end.
            pub fn progress(&self) -> crate::play::format::Progress {
                match self { $(GameStaffView::$variant(v) => <$game as Results>::staff_progress(v)),* }
            }
        }

        impl GameTeamView {
            /// The question this team's button would press on now.
            pub fn press_question(&self) -> Option<QuestionMark> {
                match self { $(GameTeamView::$variant(v) => <$game>::BUTTONS.and_then(|b| b.press_question(v))),* }
            }

            /// Whether this team's press may go somewhere at any moment.
            pub fn buttons_live(&self) -> bool {
                match self { $(GameTeamView::$variant(v) => <$game>::BUTTONS.is_some_and(|b| b.team_buttons_live(v))),* }
            }

            /// When the press now answering the team's question arrived.
            pub fn answering_press_at(&self) -> Option<ServerTime> {
                match self { $(GameTeamView::$variant(v) => <$game>::BUTTONS.and_then(|b| b.answering_press_at(v))),* }
            }

            pub fn apply_patch(&mut self, patch: &GamePatch) -> bool {
                #[allow(unreachable_patterns)]
                match (self, patch) {
                    $((GameTeamView::$variant(v), GamePatch::$variant(p)) => <$game>::PATCHES.is_some_and(|c| c.patch_team(v, p)),)*
                    _ => false,
                }
            }
        }

        impl GameDisplayView {
            pub fn apply_patch(&mut self, patch: &GamePatch) -> bool {
                #[allow(unreachable_patterns)]
                match (self, patch) {
                    $((GameDisplayView::$variant(v), GamePatch::$variant(p)) => <$game>::PATCHES.is_some_and(|c| c.patch_display(v, p)),)*
                    _ => false,
                }
            }
        }

        /// One game of the event, of whichever format (a handful per
        /// event: their sizes do not matter).
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum GameState { $($variant($game)),* }

        $(#[allow(unreachable_patterns)]
        impl InState for $game {
            fn of(state: &GameState) -> Option<&Self> { match state { GameState::$variant(g) => Some(g), _ => None } }
            fn staff_of(view: &GameStaffView) -> Option<&Self::StaffView> { match view { GameStaffView::$variant(v) => Some(v), _ => None } }
            fn team_of(view: &GameTeamView) -> Option<&Self::TeamView> { match view { GameTeamView::$variant(v) => Some(v), _ => None } }
            fn display_of(view: &GameDisplayView) -> Option<&Self::DisplayView> { match view { GameDisplayView::$variant(v) => Some(v), _ => None } }
            fn command_of(command: &GameCommand) -> Option<&Self::Command> { match command { GameCommand::$variant(c) => Some(c), _ => None } }
        })*

        impl GameSettings {
            pub fn format(&self) -> Format {
                match self { $(GameSettings::$variant(_) => Format::$variant),* }
            }

            pub fn validate(&self) -> Result<(), GameError> {
                match self {
                    $(GameSettings::$variant(s) => {
                        <$game as LiveFormat>::validate(s).map_err(GameError::$variant)
                    })*
                }
            }
        }

        $(impl From<<$game as LiveFormat>::Command> for GameCommand {
            fn from(command: <$game as LiveFormat>::Command) -> Self {
                GameCommand::$variant(command)
            }
        })*

        impl GameEvent {
            /// The store's `kind` column for this event.
            pub fn kind(&self) -> &'static str {
                match self { $(GameEvent::$variant(e) => <$game as Labels>::event_kind(e)),* }
            }
        }

        impl GameCommand {
            /// Whether a terminal shows this command's outcome in place.
            pub fn outcome_in_place(&self, succeeded: bool) -> bool {
                match self { $(GameCommand::$variant(c) => <$game as Labels>::outcome_in_place(c, succeeded)),* }
            }

            /// Whether two commands are the same action: of the same format
            /// and the same kind (a success makes the earlier failures of
            /// the same action stale).
            pub fn same_action(&self, other: &GameCommand) -> bool {
                #[allow(unreachable_patterns)]
                match (self, other) {
                    $((GameCommand::$variant(a), GameCommand::$variant(b)) => {
                        std::mem::discriminant(a) == std::mem::discriminant(b)
                    })*
                    _ => false,
                }
            }

            /// The command without a package's bytes and pictures, as a
            /// terminal keeps it while waiting for its answer.
            pub fn without_files(self) -> GameCommand {
                let format = self.format();
                let stub = match &self {
                    $(GameCommand::$variant(c) => <$game>::PACKAGES.and_then(|p| p.loaded_file(c))
                        .and_then(|name| format.load_package(name.to_owned(), Vec::new(), Vec::new()))),*
                };
                stub.unwrap_or(self)
            }

            /// The pictures this command brings (a package's).
            pub fn media(&self) -> Vec<MediaFile> {
                match self { $(GameCommand::$variant(c) => <$game>::PACKAGES.map_or_else(Vec::new, |p| p.command_media(c))),* }
            }

            pub fn format(&self) -> Format {
                match self { $(GameCommand::$variant(_) => Format::$variant),* }
            }

            /// Whether `role` may send this command at all.
            pub fn permitted(&self, role: Role) -> bool {
                match self {
                    $(GameCommand::$variant(c) => <$game as LiveFormat>::permitted(role, c)),*
                }
            }
        }

        impl GameState {
            pub fn new(settings: &GameSettings) -> GameState {
                match settings {
                    $(GameSettings::$variant(s) => GameState::$variant(<$game as LiveFormat>::new(s))),*
                }
            }

            pub fn format(&self) -> Format {
                match self { $(GameState::$variant(_) => Format::$variant),* }
            }

            pub fn decide(
                &self,
                who: Identity,
                command: GameCommand,
                roster: &Roster,
                now: ServerTime,
            ) -> Result<(GameReceipt, Vec<GameEvent>), PlayError> {
                #[allow(unreachable_patterns)]
                match (self, command) {
                    $((GameState::$variant(g), GameCommand::$variant(c)) => {
                        let (receipt, events) = LiveFormat::decide(g, who, c, roster, now)
                            .map_err(|e| PlayError::Game(GameError::$variant(e)))?;
                        Ok((
                            GameReceipt::$variant(receipt),
                            events.into_iter().map(GameEvent::$variant).collect(),
                        ))
                    })*
                    _ => Err(PlayError::WrongFormat),
                }
            }

            /// Applies an event; one of another format (never stored by the
            /// core) changes nothing.
            pub fn apply(&mut self, event: &GameEvent) -> Touched {
                #[allow(unreachable_patterns)]
                match (self, event) {
                    $((GameState::$variant(g), GameEvent::$variant(e)) => LiveFormat::apply(g, e),)*
                    _ => Touched::nobody(),
                }
            }

            /// Replay validation of a stored event against this game; one
            /// of another format is this game's to refuse.
            pub fn check_replay(&self, event: &GameEvent, known: &dyn Known) -> Result<(), ReplayError> {
                #[allow(unreachable_patterns)]
                match (self, event) {
                    $((GameState::$variant(g), GameEvent::$variant(e)) => LiveFormat::check_replay(g, e, known),)*
                    _ => Err(ReplayError::WrongFormat),
                }
            }

            /// The pictures the projector's view of this game shows now.
            pub fn shown_media(&self) -> Vec<MediaHash> {
                match self { $(GameState::$variant(g) => <$game>::PACKAGES.map_or_else(Vec::new, |p| p.shown_media(g))),* }
            }

            /// Whether `team` has left a trace in this game.
            pub fn has_played(&self, team: TeamId) -> bool {
                match self { $(GameState::$variant(g) => Results::has_played(g, team)),* }
            }

            /// The event's registry or settings changed.
            pub fn event_changed(&mut self, settings: &TournamentSettings) {
                match self { $(GameState::$variant(g) => if let Some(f) = <$game>::FOLLOWS_EVENT { f.event_changed(g, settings) }),* }
            }

            pub fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime> {
                match self { $(GameState::$variant(g) => LiveFormat::poll_timeout(g, now)),* }
            }

            pub fn handle_timeout(&mut self, now: ServerTime) -> Touched {
                match self { $(GameState::$variant(g) => LiveFormat::handle_timeout(g, now)),* }
            }

            /// The events a passing deadline decides, to store.
            pub fn timeout_events(&self, now: ServerTime) -> Vec<GameEvent> {
                match self {
                    $(GameState::$variant(g) => <$game>::OWN_EVENTS.map_or_else(Vec::new, |o| o.timeout_events(g, now)).into_iter().map(GameEvent::$variant).collect()),*
                }
            }

            pub fn staff_view(&self, roster: &Roster, now: ServerTime) -> GameStaffView {
                match self { $(GameState::$variant(g) => GameStaffView::$variant(LiveFormat::staff_view(g, roster, now))),* }
            }

            pub fn team_view(&self, team: TeamId, roster: &Roster, now: ServerTime) -> GameTeamView {
                match self { $(GameState::$variant(g) => GameTeamView::$variant(LiveFormat::team_view(g, team, roster, now))),* }
            }

            /// Нептун 2.2: one ломтик's view of the game.
            pub fn slice_view(&self, team: TeamId, slice: Slice, roster: &Roster, now: ServerTime) -> GameTeamView {
                match self {
                    $(GameState::$variant(g) => GameTeamView::$variant(<$game>::SLICES.map_or_else(
                        || LiveFormat::team_view(g, team, roster, now), |s| s.slice_view(g, team, slice, roster, now)))),*
                }
            }

            pub fn display_view(&self, roster: &Roster, now: ServerTime) -> GameDisplayView {
                match self { $(GameState::$variant(g) => GameDisplayView::$variant(LiveFormat::display_view(g, roster, now))),* }
            }

            /// The live standings as `score` prints them for [`GameState::sheet`].
            pub fn standings(&self, roster: &Roster) -> Value {
                let rows = match self { $(GameState::$variant(g) => serde_json::to_value(Results::standings(g, roster))),* };
                rows.unwrap_or(Value::Array(Vec::new()))
            }

            /// The game as the scoresheet `score` takes, as JSON.
            pub fn sheet(&self, roster: &Roster) -> Value {
                let sheet = match self { $(GameState::$variant(g) => serde_json::to_value(LiveFormat::sheet(g, roster))),* };
                sheet.unwrap_or(Value::Null)
            }

            /// The game's section of the jury's protocol.
            pub fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
                match self { $(GameState::$variant(g) => Results::protocol_section(g, protocol, roster, title)),* }
            }

            /// The format's name as the jury's protocol prints it.
            pub fn title(&self) -> &'static str {
                match self { $(GameState::$variant(_) => <$game as LiveFormat>::TITLE),* }
            }

            pub fn finished(&self) -> bool {
                match self { $(GameState::$variant(g) => Results::finished(g)),* }
            }

            pub fn tour(&self, tour: u32) -> Option<TourState> {
                match self { $(GameState::$variant(g) => Results::tour(g, tour)),* }
            }

            pub fn places(&self, roster: &Roster) -> Vec<(TeamId, Place)> {
                match self { $(GameState::$variant(g) => Results::places(g, roster)),* }
            }

            /// 4.3, 5.2: the command seeding this game with qualified teams.
            pub fn qualified(&self, teams: Vec<TeamId>, seed: u64) -> Option<GameCommand> {
                match self {
                    $(GameState::$variant(_) => <$game>::QUALIFIED.map(|q| GameCommand::$variant(q.qualified(teams, seed)))),*
                }
            }

            /// 4.3, 5.2: the event storing the tie at the cut into this game.
            pub fn cut_recorded(&self, cut: crate::play::cut::QualifyingCut) -> Option<GameEvent> {
                match self {
                    $(GameState::$variant(_) => <$game>::QUALIFIED.map(|q| GameEvent::$variant(q.cut_recorded(cut)))),*
                }
            }

            /// 4.3, 5.2: the table other games qualify from, if this is one.
            pub fn qualifying_table(
                &self,
                teams: &[TeamId],
                counted: &crate::play::cut::CountedTours,
            ) -> Option<Vec<(TeamId, crate::play::chgk::rules::ChgkRow)>> {
                match self { $(GameState::$variant(g) => <$game>::QUALIFIES.map(|q| q.qualifying_table(g, teams, counted))),* }
            }

            /// The tie at the cut into this game as last recorded.
            pub fn qualifying_cut(&self) -> Option<&crate::play::cut::QualifyingCut> {
                match self { $(GameState::$variant(g) => <$game>::QUALIFIED.and_then(|q| q.qualifying_cut(g))),* }
            }

            /// The server started again: the events that settle what was in play.
            pub fn restarted(&mut self, now: ServerTime) -> Vec<GameEvent> {
                match self {
                    $(GameState::$variant(g) => <$game>::OWN_EVENTS.map_or_else(Vec::new, |o| o.restarted(g, now)).into_iter().map(GameEvent::$variant).collect()),*
                }
            }

            pub fn takes_press(&self, team: TeamId) -> bool {
                match self { $(GameState::$variant(g) => <$game>::BUTTONS.is_some_and(|b| b.takes_press(g, team))),* }
            }

            /// A press decided and applied at once.
            pub fn press(
                &mut self,
                press: ButtonPress,
            ) -> Option<Result<(ButtonVerdict, GameEvent), GameError>> {
                match self {
                    $(GameState::$variant(g) => <$game>::BUTTONS.and_then(|b| b.press(g, press)).map(|r| {
                        r.map(|(verdict, event)| (verdict, GameEvent::$variant(event)))
                            .map_err(GameError::$variant)
                    })),*
                }
            }

            pub fn press_patch(&self, team: TeamId, roster: &Roster) -> Option<PressPatch<GamePatch>> {
                match self {
                    $(GameState::$variant(g) => <$game>::BUTTONS.and_then(|b| b.press_patch(g, team, roster)).map(|p| PressPatch {
                        staff: GamePatch::$variant(p.staff),
                        public: GamePatch::$variant(p.public),
                        teams: p.teams.into_iter().map(|(t, v)| (t, GamePatch::$variant(v))).collect(),
                    })),*
                }
            }

            pub fn buttons_live(&self) -> bool {
                match self { $(GameState::$variant(g) => <$game>::BUTTONS.is_some_and(|b| b.buttons_live(g))),* }
            }

            /// What `event`, just applied, changed on every screen, when a
            /// patch says it all (see [`crate::play::format::Patches::commit_patch`]).
            pub fn commit_patch(&self, event: &GameEvent, roster: &Roster) -> Option<HallPatch<GamePatch>> {
                #[allow(unreachable_patterns)]
                match (self, event) {
                    $((GameState::$variant(g), GameEvent::$variant(e)) => <$game>::PATCHES.and_then(|c| c.commit_patch(g, e, roster)).map(|p| HallPatch {
                        staff: GamePatch::$variant(p.staff),
                        public: GamePatch::$variant(p.public),
                    }),)*
                    _ => None,
                }
            }
        }

        impl Format {
            /// 6.3: each tour of this format comes before a ChGK tour.
            pub fn before_chgk_tours(self) -> bool {
                match self { $(Format::$variant => <$game as Results>::BEFORE_CHGK_TOURS),* }
            }

            /// Whether the demo plays this format with robots.
            pub fn played_by_robots(self) -> bool {
                match self { $(Format::$variant => <$game as Results>::PLAYED_BY_ROBOTS),* }
            }

            /// The command loading a package file into a game of this format.
            pub fn load_package(self, file_name: String, bytes: Vec<u8>, pictures: Vec<PackageFile>) -> Option<GameCommand> {
                match self {
                    $(Format::$variant => <$game>::PACKAGES.map(|p| GameCommand::$variant(p.load_package(file_name, bytes, pictures)))),*
                }
            }

            /// `minuta-server score` for a sheet of this format.
            pub fn score_sheet(self, text: &str) -> Result<String, SheetError> {
                match self { $(Format::$variant => <<$game as LiveFormat>::Sheet as Scoresheet>::score_text(text)),* }
            }

            /// 4.3, 5.2: teams enter this format from the ChGK standings.
            pub fn qualified_from_chgk(self) -> bool {
                match self { $(Format::$variant => <$game>::QUALIFIED.is_some()),* }
            }

            /// 4.4: the seeding order decides who meets whom.
            pub fn seeded_by_table(self) -> bool {
                match self { $(Format::$variant => <$game>::QUALIFIED.is_some_and(|q| q.seeded_by_table())),* }
            }
        }
    };
}

/// The live formats, one line each, handed to the macro `$then` as
/// `Variant => type` lines: [`formats!`] here, and whatever else must
/// cover every format (the client's words) calls it too, so the compiler
/// finds each place a new format must fill. Stored events and settings
/// name a format by its position: append new formats at the end, never
/// reorder.
#[macro_export]
macro_rules! live_formats {
    ($then:ident) => {
        $crate::test_formats! { $then:
            Multigames => $crate::play::multigames::MultigamesGame,
            Chgk => $crate::play::chgk::ChgkGame,
            Ring => $crate::play::brain_ring::RingTournament,
            Erudit => $crate::play::erudit::EruditTournament,
            Neptune => $crate::play::neptune::NeptuneMatch,
        }
    };
}

/// [`live_formats!`]'s list as it is, in a build without the test-only
/// format.
#[cfg(not(feature = "own-game"))]
#[doc(hidden)]
#[macro_export]
macro_rules! test_formats {
    ($then:ident: $($formats:tt)*) => { $then! { $($formats)* } };
}

/// [`live_formats!`]'s list and «Своя игра», the format that exists to
/// prove a format plugs in through the seam alone (`tests/tests/own_game.rs`).
#[cfg(feature = "own-game")]
#[doc(hidden)]
#[macro_export]
macro_rules! test_formats {
    ($then:ident: $($formats:tt)*) => {
        $then! { $($formats)* OwnGame => $crate::play::own_game::OwnGame, }
    };
}

live_formats!(formats);

impl Format {
    /// The format `score` and exports name `name`.
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.iter().copied().find(|f| f.name() == name)
    }
}

/// The games a new store adds as its first events, stored like any added
/// game so that a store's games all come from its log: the event's own
/// Brain-ring (an older store has it under another id, or not at all).
pub fn first_added_games() -> Vec<(crate::ids::GameId, &'static str, GameSettings)> {
    vec![(
        brain_ring::EVENT_RING,
        brain_ring::EVENT_RING_NAME,
        GameSettings::Ring(Default::default()),
    )]
}

/// The games every event has from its start, before the host adds any:
/// the event's own ChGK tournament, named by the event (an empty name).
pub fn event_games() -> Vec<(crate::ids::GameId, GameSettings)> {
    vec![(
        chgk::EVENT_CHGK,
        GameSettings::Chgk(chgk::ChgkSettings::default()),
    )]
}
