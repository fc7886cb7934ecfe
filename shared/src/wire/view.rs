//! Views: what each audience may see, sent whole after every change. The
//! server builds one per audience: the event's parts (teams, access codes,
//! the programme, Brain-ring) here, and each game's part as its format
//! projects it for that audience ([`GameEntry`]), so a team's view can only
//! ever contain that team's own answers.

use std::net::SocketAddr;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::ids::{GameId, JudgeId, TeamId};
use crate::play::brain_ring::{RingFightView, RingStage, RingTiming};
use crate::play::chgk::{ChgkDisplayView, ChgkStaffView, ChgkTeamView, EVENT_CHGK};
use crate::play::games::{Format, GameDisplayView, GameStaffView, GameTeamView};
use crate::play::settings::TournamentSettings;
use crate::programme::ProgrammeView;
use crate::tournament::Place;
use crate::tournament::festival::Prize;

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
    /// Replaces the fight with `fight.id` wherever this view shows it (a
    /// [`ServerMsg::Fight`](crate::wire::server::ServerMsg::Fight) patch).
    /// Returns whether the view showed that fight; a view that does not
    /// is left as it is.
    pub fn apply_fight(&mut self, fight: &RingFightView) -> bool {
        match self {
            View::Host(h) => h.ring.apply_fight(fight),
            View::Display(d) => d.ring.apply_fight(fight),
            View::Jury(_) => false,
            View::Team(t) => match t.ring.as_mut().filter(|f| f.id == fight.id) {
                Some(slot) => {
                    slot.clone_from(fight);
                    true
                }
                None => false,
            },
        }
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
        game_view(&self.games, game, |v| match v {
            GameStaffView::Chgk(v) => Some(v),
            _ => None,
        })
    }
}

impl TeamView {
    /// The event's own ChGK tournament as this team sees it.
    pub fn event_chgk(&self) -> &ChgkTeamView {
        game_view(&self.games, EVENT_CHGK, |v| match v {
            GameTeamView::Chgk(v) => Some(v),
            _ => None,
        })
        .unwrap_or(&NO_CHGK_TEAM)
    }
}

impl DisplayView {
    /// The event's own ChGK tournament as the hall sees it.
    pub fn event_chgk(&self) -> &ChgkDisplayView {
        game_view(&self.games, EVENT_CHGK, |v| match v {
            GameDisplayView::Chgk(v) => Some(v),
            _ => None,
        })
        .unwrap_or(&NO_CHGK_DISPLAY)
    }
}

impl RingBoard {
    /// Replaces the fight with `fight.id` if the board shows it.
    pub fn apply_fight(&mut self, fight: &RingFightView) -> bool {
        match self.fights.iter_mut().find(|f| f.id == fight.id) {
            Some(slot) => {
                slot.clone_from(fight);
                true
            }
            None => false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamView {
    pub tournament: String,
    pub team: TeamId,
    pub name: String,
    /// The Brain-ring fight this team plays now (the button's screen).
    pub ring: Option<RingFightView>,
    /// Brain-ring between this team's fights: the stage, the table, the
    /// final places, and this team's own fights only (never a press log).
    /// `None` while no Brain-ring tournament or fight concerns the team.
    pub ring_board: Option<RingBoard>,
    /// The programme's games (the event's ChGK tournament first), as this
    /// team sees them.
    pub games: Vec<TeamGame>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayView {
    pub tournament: String,
    pub ring: RingBoard,
    pub games: Vec<DisplayGame>,
    /// The programme with what is on now and next; `None` until laid out.
    pub programme: Option<ProgrammeView>,
}

/// Brain-ring as the hall and the host see it: where the tournament
/// stands, the fights (open ones first) and the qualifying table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingBoard {
    pub stage: RingStage,
    /// The qualified teams in seeding order.
    pub seeding: Vec<TeamId>,
    pub fights: Vec<RingFightView>,
    pub standings: Vec<RingStandingRow>,
    /// The tournament's places once the champion is known (2.2): the
    /// final's two, the play-off's three, then the qualifying table; empty
    /// before.
    pub final_places: Vec<RingPlaceRow>,
    pub timing: RingTiming,
}

/// A line of the Brain-ring tournament's final places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingPlaceRow {
    pub place: u32,
    pub team: TeamId,
    pub name: String,
}

/// A line of the Brain-ring table (4.6–4.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingStandingRow {
    pub team: TeamId,
    pub name: String,
    pub place: Place,
    /// Points ×2, so 4.5 stays exact: 3 for a win, 1 a draw, 0.5 a question.
    pub points_halves: u32,
    /// Questions taken minus questions conceded.
    pub difference: i64,
    pub taken: u32,
    pub fights: u32,
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
    /// Brain-ring, with every press of the current questions.
    pub ring: RingBoard,
    /// The programme's games (the event's ChGK tournament first), with
    /// everything in them.
    pub games: Vec<StaffGame>,
    /// The appeal jury's secret: the host's only, like `access`.
    pub jury_secret: Option<String>,
    pub programme: Option<ProgrammeView>,
    /// 2.2: every tournament's places for every team, prizes 1–3.
    pub festival: Vec<FestivalTable>,
    /// Issue 14.4: Brain-ring questions the server found in play when it
    /// started again, until the host's next action in each fight.
    pub ring_restarts: Vec<crate::play::brain_ring::RingRestartNotice>,
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
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamInfo {
    pub id: TeamId,
    pub name: String,
    pub town: String,
    pub players: Vec<String>,
    pub connected: bool,
    /// Part of the results already (a card, an answer, Brain-ring): the
    /// host can no longer remove it.
    pub played: bool,
    /// The team's id on the rating site, if the host entered one.
    pub rating_id: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgeInfo {
    pub id: JudgeId,
    pub name: String,
    pub connected: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::brain_ring::{FightId, RingFightView};
    use crate::rules::brain_ring::FightStatus;

    fn fight(id: u32, score: [u32; 2]) -> RingFightView {
        RingFightView {
            id: FightId(id),
            label: format!("бой {id}"),
            kind: crate::play::brain_ring::FightKind::Friendly,
            ordinal: id,
            format: crate::rules::brain_ring::FightFormat::QUALIFYING,
            stage: 1,
            tables: [TeamId(1), TeamId(2)],
            names: ["А".into(), "Б".into()],
            score,
            status: FightStatus::InProgress {
                next_question: 1,
                sudden_death: false,
            },
            question: None,
            closed: false,
            presses: Vec::new(),
            appeals: Vec::new(),
        }
    }

    #[test]
    fn a_fight_patch_replaces_that_fight_and_nothing_else() {
        let mut display = View::Display(DisplayView {
            tournament: String::new(),
            ring: RingBoard {
                fights: vec![fight(1, [0, 0]), fight(2, [0, 0])],
                ..RingBoard::default()
            },
            games: Vec::new(),
            programme: None,
        });
        assert!(display.apply_fight(&fight(2, [1, 0])));
        let View::Display(d) = &display else {
            unreachable!()
        };
        assert_eq!(d.ring.fights[0], fight(1, [0, 0]));
        assert_eq!(d.ring.fights[1], fight(2, [1, 0]));
        assert!(!display.apply_fight(&fight(3, [1, 0])), "not on this board");
    }

    #[test]
    fn a_team_takes_a_patch_only_of_its_own_fight() {
        let mut team = View::Team(TeamView {
            tournament: String::new(),
            team: TeamId(1),
            name: "А".into(),
            ring: Some(fight(1, [0, 0])),
            ring_board: None,
            games: Vec::new(),
        });
        assert!(!team.apply_fight(&fight(2, [1, 0])));
        assert!(team.apply_fight(&fight(1, [0, 1])));
        let View::Team(t) = &team else { unreachable!() };
        assert_eq!(t.ring, Some(fight(1, [0, 1])));
    }
}
