//! Views: what each audience may see, built whole after every change (and
//! sent as a patch of the last one when that is smaller: see
//! [`crate::wire::view_stream`]). The
//! server builds one per audience: the event's parts (teams, access codes,
//! the programme) here, and each game's part as its format
//! projects it for that audience ([`GameEntry`]), so a team's view can only
//! ever contain that team's own answers.

use std::net::SocketAddr;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::ids::{GameId, JudgeId, Slice, TeamId};
use crate::play::brain_ring::{
    RingBoard, RingFightView, RingStaffView, RingTeamView, RingTournament,
};
use crate::play::chgk::{ChgkDisplayView, ChgkGame, ChgkStaffView, ChgkTeamView, EVENT_CHGK};
use crate::play::games::{
    Format, GameDisplayView, GamePatch, GameStaffView, GameTeamView, InState,
};
use crate::play::settings::TournamentSettings;
use crate::programme::ProgrammeView;
use crate::roster::SitePlayer;
use crate::time::ServerTime;
use crate::tournament::Place;
use crate::tournament::festival::Prize;

// Sent boxed (`ServerMsg::View`), so the host's larger view costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum View {
    /// The host's dashboard, and (with `access: None`) a judge's.
    Host(HostView),
    Team(TeamView),
    Display(DisplayView),
    /// 6.5: the appeal jury's terminal.
    Jury(JuryView),
}

/// One game of the programme as one audience sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEntry<V> {
    pub id: GameId,
    pub name: String,
    pub format: Format,
    pub view: V,
}

pub type StaffGame = GameEntry<GameStaffView>;
pub type TeamGame = GameEntry<GameTeamView>;
pub type DisplayGame = GameEntry<GameDisplayView>;

/// The appeal jury (АЖ) sees every game as the staff does, to weigh an
/// appeal against the answers, and may only decide appeals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JuryView {
    pub tournament: String,
    pub games: Vec<StaffGame>,
}

impl View {
    /// Applies a press's patch to the game it names (a
    /// [`ServerMsg::Patch`](crate::wire::server::ServerMsg::Patch)).
    /// Returns whether the view showed what the patch replaces; a view
    /// that does not is left as it is.
    pub fn apply_patch(&mut self, game: GameId, patch: &GamePatch) -> bool {
        fn entry<V>(games: &mut [GameEntry<V>], game: GameId) -> Option<&mut V> {
            games.iter_mut().find(|g| g.id == game).map(|g| &mut g.view)
        }
        match self {
            View::Host(h) => entry(&mut h.games, game).is_some_and(|v| v.apply_patch(patch)),
            View::Display(d) => entry(&mut d.games, game).is_some_and(|v| v.apply_patch(patch)),
            View::Team(t) => entry(&mut t.games, game).is_some_and(|v| v.apply_patch(patch)),
            View::Jury(_) => false,
        }
    }
}

/// The first game of a format in a list of games (the event's own game
/// of that format), as the format's view.
fn first_of<V, T>(games: &[GameEntry<V>], pick: impl Fn(&V) -> Option<&T>) -> Option<(GameId, &T)> {
    games
        .iter()
        .find_map(|g| pick(&g.view).map(|view| (g.id, view)))
}

impl HostView {
    /// The event's Brain-ring as the staff see it: its first game of that
    /// format (game 1 in a store made by this release, another id in an
    /// older one).
    pub fn event_ring(&self) -> Option<(GameId, &RingStaffView)> {
        first_of(&self.games, RingTournament::staff_of)
    }
}

impl TeamView {
    /// The event's Brain-ring as this team sees it.
    pub fn event_ring(&self) -> Option<(GameId, &RingTeamView)> {
        first_of(&self.games, RingTournament::team_of)
    }

    /// The Brain-ring fight this team plays now, in whichever game.
    pub fn ring_fight(&self) -> Option<(GameId, &RingFightView)> {
        first_of(&self.games, |v| RingTournament::team_of(v)?.fight.as_ref())
    }
}

impl DisplayView {
    /// The event's Brain-ring as the hall sees it.
    pub fn event_ring(&self) -> Option<(GameId, &RingBoard)> {
        first_of(&self.games, RingTournament::display_of)
    }
}

/// What a view shows of the event's own ChGK when it has none (a damaged
/// store's): an empty game, as an unused ChGK looks.
static NO_CHGK_STAFF: LazyLock<ChgkStaffView> = LazyLock::new(ChgkStaffView::default);
static NO_CHGK_TEAM: LazyLock<ChgkTeamView> = LazyLock::new(ChgkTeamView::default);
static NO_CHGK_DISPLAY: LazyLock<ChgkDisplayView> = LazyLock::new(ChgkDisplayView::default);

/// The game with `id` in a list of games, as its format's view.
fn game_view<V, T>(
    games: &[GameEntry<V>],
    id: GameId,
    pick: impl Fn(&V) -> Option<&T>,
) -> Option<&T> {
    games
        .iter()
        .find(|g| g.id == id)
        .and_then(|g| pick(&g.view))
}

impl HostView {
    /// The event's own ChGK tournament as the staff see it.
    pub fn event_chgk(&self) -> &ChgkStaffView {
        self.chgk(EVENT_CHGK).unwrap_or(&NO_CHGK_STAFF)
    }

    /// A ChGK game of the programme as the staff see it.
    pub fn chgk(&self, game: GameId) -> Option<&ChgkStaffView> {
        game_view(&self.games, game, ChgkGame::staff_of)
    }
}

impl TeamView {
    /// The event's own ChGK tournament as this team sees it.
    pub fn event_chgk(&self) -> &ChgkTeamView {
        game_view(&self.games, EVENT_CHGK, ChgkGame::team_of).unwrap_or(&NO_CHGK_TEAM)
    }
}

impl DisplayView {
    /// The event's own ChGK tournament as the hall sees it.
    pub fn event_chgk(&self) -> &ChgkDisplayView {
        game_view(&self.games, EVENT_CHGK, ChgkGame::display_of).unwrap_or(&NO_CHGK_DISPLAY)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamView {
    pub tournament: String,
    pub team: TeamId,
    /// The team's name; a ломтик's is the team's with its suffix
    /// (Нептун 2.2: «Н-верх», «Н-низ»).
    pub name: String,
    /// The programme's games (the event's ChGK tournament first), as this
    /// team sees them.
    pub games: Vec<TeamGame>,
    /// Нептун 2.2: this terminal is one ломтик of the team, not the team's
    /// own; `None` for a team's terminal.
    pub slice: Option<Slice>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayView {
    pub tournament: String,
    pub games: Vec<DisplayGame>,
    /// The programme with what is on now and next; `None` until laid out.
    pub programme: Option<ProgrammeView>,
    /// 2.2: the ties at prize places and how the host is settling them.
    pub prize_ties: Vec<PrizeTieBoard>,
}

/// 2.2: one tie at a prize place of a game that is over, as the staff and
/// the hall see it: the teams the table left level, each shoot-off
/// question's right answers, the lot, and the places so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeTieBoard {
    pub game: GameId,
    /// The game's name (empty for the event's own ChGK and Brain-ring: the
    /// screen names them).
    pub game_name: String,
    pub format: Format,
    /// The place the teams share in the game's table.
    pub place: Place,
    pub tied: Vec<(TeamId, String)>,
    pub shoot_off: Vec<Vec<String>>,
    pub lot: Option<u64>,
    /// The host recorded the place as shared.
    pub shared: bool,
    /// The teams still level at a prize position, and the place they
    /// share; empty and `None` once settled.
    pub still_tied: Vec<(TeamId, String)>,
    pub still_place: Option<Place>,
    /// Every tied team's place so far, best first.
    pub places: Vec<(String, Place)>,
}

impl PrizeTieBoard {
    pub fn settled(&self) -> bool {
        self.still_tied.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HostView {
    pub tournament: String,
    pub settings: TournamentSettings,
    /// Secrets and addresses for join codes: the host's only, `None` for judges.
    pub access: Option<Access>,
    pub teams: Vec<TeamInfo>,
    pub judges: Vec<JudgeInfo>,
    pub displays_connected: u32,
    /// The programme's games (the event's ChGK tournament first), with
    /// everything in them.
    pub games: Vec<StaffGame>,
    /// The appeal jury's secret: the host's only, like `access`.
    pub jury_secret: Option<String>,
    pub programme: Option<ProgrammeView>,
    /// 2.2: every tournament's places for every team, prizes 1–3.
    pub festival: Vec<FestivalTable>,
    /// 2.2: the ties at prize places and how the host is settling them.
    pub prize_ties: Vec<PrizeTieBoard>,
    /// The demo's autopilot host, so every staff screen can say who runs
    /// the game; `None` when there is no autopilot (a real game).
    pub autopilot: Option<AutopilotView>,
}

/// The demo's autopilot host as the staff see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AutopilotView {
    /// It runs the game now: any host control takes over from it.
    pub running: bool,
    /// While a person is in control: when the autopilot takes over again
    /// if nobody touches a control before.
    pub resumes_at: Option<ServerTime>,
}

/// 2.2: one tournament of the event with a place for every team in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FestivalTable {
    /// The game's name; the screen names ChGK and Brain-ring itself.
    pub name: String,
    /// `score`'s format name: `chgk`, `brain-ring`, `multigames`, …
    pub format: String,
    pub rows: Vec<FestivalRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FestivalRow {
    pub team: TeamId,
    pub name: String,
    pub place: Place,
    pub prize: Option<Prize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Access {
    pub addrs: Vec<SocketAddr>,
    pub fingerprint: [u8; 32],
    pub host_secret: String,
    pub display_secret: String,
    pub teams: Vec<(TeamId, String)>,
    pub judges: Vec<(JudgeId, String)>,
    /// The TCP port of the server's web page (browser terminals, issue
    /// 24): every join code's web link is `http://ADDR:web_port/#…`.
    /// `None` when the server serves no web page.
    pub web_port: Option<u16>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamInfo {
    pub id: TeamId,
    pub name: String,
    pub town: String,
    pub players: Vec<String>,
    pub connected: bool,
    /// Нептун 2.2: the team's ломтики with a terminal connected.
    pub slices_connected: Vec<Slice>,
    /// Part of the results already (a card, an answer, Brain-ring): the
    /// host can no longer remove it.
    pub played: bool,
    /// The team's id on the rating site, if the host entered one.
    pub rating_id: Option<u32>,
    /// What the rating site knows of its players (an imported roster).
    pub site_players: Vec<SitePlayer>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeInfo {
    pub id: JudgeId,
    pub name: String,
    pub connected: bool,
}
