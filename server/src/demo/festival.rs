//! The festival in the demo (section 2): one programme with every stage of
//! the event, kept short. Day one: the demo package's ChGK tours, each
//! after a tour of «Мультиигры» (6.3); day two: «Брейн-ринг», qualified
//! from day one's ChGK standings (4.3), its qualifying rounds, the play-off
//! and the final; then «Эрудит-квартет», qualified from the same standings
//! (5.2: the best four of eight, drawn blind into the final's group). The
//! autopilot host lays the programme out
//! (`SetProgramme`) and follows it slot by slot — whatever the programme
//! shows as on now — so the programme on the host's and the projector's
//! screens moves along; between slots it finishes what is in play, closes
//! done ChGK tours, waits for the АЖ (6.4) and finishes a game once all of
//! its tours are played.

use std::collections::BTreeMap;

use minuta_shared::ids::{QuestionId, TourId};
use minuta_shared::play::games::{Format, InState};
use minuta_shared::play::multigames::MultigamesGame;
use minuta_shared::programme::{Programme, ProgrammeDay, Slot, SlotStatus};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::view::HostView;

use super::brain_ring_robot::{self, RingHost, ring_entry};
use super::chgk::{self, Announce, chgk_steps};
use super::erudit_robot::{self, EruditHost, staff_game};
use super::multigames::{self, Scope};
use super::plug::{Autopilot, Demo, HostCast, SetUp, Steps, games_done};
use super::{Answers, DemoConfig, erudit_demo, multigames_demo};

/// The festival (section 2): ChGK and Мультиигры tours on day one,
/// Brain-ring and Эрудит-квартет qualified from them on day two.
pub(super) struct FestivalDemo;

impl Demo for FestivalDemo {
    const NAME: &'static str = "festival";
    /// Its Brain-ring (4.4: a fight is between two tables).
    const LEAST_ROBOTS: usize = 2;
    const TEAMS: usize = TEAMS;

    fn set_up(demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
        chgk::load_package(set_up)?;
        multigames_demo::add_game(demo, MULTIGAMES_TOURS, set_up)?;
        erudit_demo::add_game(demo, set_up)?;
        brain_ring_robot::set_up_clock_and_package(demo, set_up)
    }

    fn autopilot(demo: &DemoConfig, cast: HostCast) -> Box<dyn Autopilot> {
        Box::new(FestivalHost {
            ring: RingHost::new(demo, cast.styles.clone()),
            erudit: EruditHost::new(demo, cast.styles),
            answers: cast.answers,
            seed: cast.seed,
        })
    }

    /// Every game of the programme finished, the champion known, and
    /// every slot of the programme done.
    fn finished(view: &HostView) -> bool {
        let slots_done = view.programme.as_ref().is_some_and(|p| {
            p.days
                .iter()
                .flat_map(|d| &d.slots)
                .all(|s| s.status == SlotStatus::Done)
        });
        games_done(view) && brain_ring_robot::champion_known(view) && slots_done
    }
}

/// The festival's host: the hosts of its tournaments on day two, and the
/// ChGK answers it judges by.
struct FestivalHost {
    ring: RingHost,
    erudit: EruditHost,
    answers: BTreeMap<QuestionId, Answers>,
    seed: u64,
}

impl Autopilot for FestivalHost {
    fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps> {
        let hosts = Hosts {
            ring: &mut self.ring,
            erudit: &mut self.erudit,
        };
        host_steps(&self.answers, hosts, self.seed, view, now)
    }

    fn news(&mut self) -> Vec<String> {
        self.erudit.news()
    }
}

/// How many robot teams a festival's empty store gets.
pub const TEAMS: usize = 8;

/// How many tours the festival's «Мультиигры» has: one before each of the
/// demo package's ChGK tours.
pub(super) const MULTIGAMES_TOURS: usize = 2;

/// The programme for what the host sees: day one the ChGK tours, the
/// first Мультиигры game's tours before them one by one (6.3: each before
/// a ChGK tour; a game with more tours than ChGK has leaves the rest out),
/// day two Brain-ring (4.3: after a day of ChGK) and then Эрудит-квартет
/// (5.2, the same). `None` without ChGK tours.
pub(super) fn programme(view: &HostView) -> Option<Programme> {
    let chgk: Vec<TourId> = view.event_chgk().tours.iter().map(|t| t.id).collect();
    if chgk.is_empty() {
        return None;
    }
    let game = view
        .games
        .iter()
        .find(|g| g.format == Format::Multigames)
        .and_then(|g| {
            MultigamesGame::staff_of(&g.view)
                .map(|v| (g.id, v.tours.iter().map(|t| t.tour.0).collect::<Vec<_>>()))
        });
    let mut day_one = Vec::new();
    for (i, tour) in chgk.into_iter().enumerate() {
        if let Some((id, tours)) = &game
            && let Some(game_tour) = tours.get(i)
        {
            day_one.push(Slot::GameTour {
                game: *id,
                tour: *game_tour,
            });
        }
        day_one.push(Slot::ChgkTour { tour });
    }
    let mut day_two = vec![Slot::BrainRing];
    day_two.extend(
        view.games
            .iter()
            .find(|g| g.format == Format::Erudit)
            .map(|g| Slot::GameTour {
                game: g.id,
                tour: 0,
            }),
    );
    let title = if day_two.len() > 1 {
        "День 2: «Брейн-ринг» и «Эрудит-квартет»"
    } else {
        "День 2: «Брейн-ринг»"
    };
    Some(Programme {
        days: vec![
            ProgrammeDay {
                title: "День 1: «Что? Где? Когда?» и «Мультиигры»".into(),
                slots: day_one,
            },
            ProgrammeDay {
                title: title.into(),
                slots: day_two,
            },
        ],
    })
}

/// Whether some game of the programme waits for its АЖ (6.4: appeals are
/// decided before the next tour, of whatever game).
fn appeals_open(view: &HostView) -> bool {
    view.games.iter().any(|g| {
        let Some(v) = MultigamesGame::staff_of(&g.view) else {
            return false;
        };
        v.appeals.iter().any(|a| a.decision.is_none())
    })
}

/// The hosts of the festival's tournaments on day two.
struct Hosts<'a> {
    pub ring: &'a mut RingHost,
    pub erudit: &'a mut EruditHost,
}

/// The festival host's next steps: the programme laid out first; then
/// whatever is in play finished and done ChGK tours closed; then the slot
/// that is on now.
fn host_steps(
    answers: &BTreeMap<QuestionId, Answers>,
    hosts: Hosts<'_>,
    seed: u64,
    view: &HostView,
    now: ServerTime,
) -> Option<Steps> {
    let Some(laid_out) = &view.programme else {
        let programme = programme(view)?;
        return Some(Steps::Paced(1, vec![Command::SetProgramme { programme }]));
    };
    let on = laid_out.find(SlotStatus::Now).map(|s| s.slot);
    let announce = match on {
        Some(Slot::ChgkTour { tour }) if !appeals_open(view) => Announce::In(tour),
        _ => Announce::Nothing,
    };
    let chgk = chgk_steps(view, answers, announce, now);
    if !chgk.is_empty() {
        return Some(Steps::Paced(1, chgk));
    }
    for g in &view.games {
        let Some(v) = MultigamesGame::staff_of(&g.view) else {
            continue;
        };
        let scope = match on {
            Some(Slot::GameTour { game, tour }) if game == g.id => Scope::Tour(tour),
            _ => Scope::Nothing,
        };
        if let Some((pauses, commands)) = multigames::host_steps(g.id, v, scope) {
            return Some(Steps::Paced(pauses, commands));
        }
    }
    match on {
        Some(Slot::BrainRing) => {
            let (game, board) = view.event_ring()?;
            let entry = || ring_entry(view, seed, true);
            let commands = hosts.ring.steps(game, &board.board, entry, now);
            Some(Steps::Now(commands))
        }
        Some(Slot::GameTour { game, .. }) => {
            let (erudit, board) = staff_game(view).filter(|(id, _)| *id == game)?;
            // 5.2: the best of the ChGK day, as Brain-ring's are (4.3).
            let entry = || {
                let places = erudit_robot::field(view.teams.len(), true)?;
                Some(Command::Qualify {
                    game: erudit,
                    places: places as u32,
                    seed,
                    // A tie at the cut: this host draws the lot with its seed.
                    cut: CutDecision {
                        shoot_off: Vec::new(),
                        lot: Some(seed),
                    },
                })
            };
            let commands = hosts.erudit.steps(erudit, board, &view.teams, entry, now);
            Some(Steps::Now(commands))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use minuta_shared::identity::Identity;
    use minuta_shared::ids::GameId;
    use minuta_shared::play::games::GameState;
    use minuta_shared::wire::view::View;

    use super::*;
    use crate::core::{Core, ServerInfo};
    use crate::demo::{DemoConfig, DemoGame, set_up};
    use crate::secrets::fresh_secret;

    const T0: ServerTime = ServerTime(1_700_000_000_000_000);

    fn festival() -> Core {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), T0);
        let demo = DemoConfig {
            minute: Duration::from_secs(2),
            game: DemoGame::Festival,
            teams: DemoGame::Festival.default_teams(),
            ..DemoConfig::default()
        };
        set_up(&mut core, &demo, T0).expect("the festival sets up");
        core
    }

    fn host_view(core: &Core) -> HostView {
        let View::Host(view) = core.view_for(Identity::Host, T0) else {
            panic!("not a host view");
        };
        view
    }

    fn multigames_id(view: &HostView) -> GameId {
        view.games
            .iter()
            .find(|g| MultigamesGame::staff_of(&g.view).is_some())
            .expect("a Мультиигры game")
            .id
    }

    #[test]
    fn demo_2_festival_set_up_brings_eight_teams_chgk_multigames_the_ring_clock_and_erudit() {
        // Arrange / act
        let mut core = festival();

        // Assert: 2.1's games: the package's two ChGK tours, a Мультиигры
        // game of two tours (one before each), Brain-ring's clock at scale,
        // and Эрудит-квартет with the demo's themes.
        assert_eq!(core.registry().teams.len(), TEAMS);
        assert_eq!(core.event_chgk().expect("ChGK").tours.len(), 2);
        let games: Vec<_> = core.games().collect();
        assert_eq!(
            games.len(),
            4,
            "the event's ChGK and Brain-ring, the Мультиигры and the Эрудит-квартет"
        );
        let GameState::Erudit(erudit) = &games[3].1.state else {
            panic!("not an Эрудит-квартет game")
        };
        assert_eq!(erudit.themes.len(), 12);
        assert_eq!(
            erudit.timing.silence_ms, 200,
            "5 s at a 2-s minute, at least 200 ms"
        );
        // 5.2: eight teams of four players; the best four qualify.
        assert_eq!(erudit_robot::field(TEAMS, true), Some(4));
        let GameState::Multigames(game) = &games[2].1.state else {
            panic!("not a Мультиигры game")
        };
        assert_eq!(game.tours.len(), MULTIGAMES_TOURS);
        assert_eq!(
            core.event_ring().expect("Brain-ring").timing.minute_ms,
            2_000
        );
        // A second start adds nothing.
        let demo = DemoConfig {
            minute: Duration::from_secs(2),
            game: DemoGame::Festival,
            ..DemoConfig::default()
        };
        assert!(set_up(&mut core, &demo, T0).expect("again").is_empty());
    }

    #[test]
    fn demo_2_6_3_4_3_5_2_the_programme_interleaves_the_tours_and_ends_with_brain_ring_and_erudit()
    {
        // Arrange
        let mut core = festival();
        let view = host_view(&core);
        let game = multigames_id(&view);

        // Act
        let programme = programme(&view).expect("a programme");

        // Assert: day one MG, ChGK, MG, ChGK; day two Brain-ring and
        // Эрудит-квартет; and the core accepts it (6.3, 4.3).
        let slots: Vec<Vec<Slot>> = programme.days.iter().map(|d| d.slots.clone()).collect();
        let chgk = |t| Slot::ChgkTour { tour: TourId(t) };
        let mg = |tour| Slot::GameTour { game, tour };
        let erudit = view
            .games
            .iter()
            .find(|g| g.format == Format::Erudit)
            .expect("an Эрудит-квартет game")
            .id;
        assert_eq!(
            slots,
            vec![
                vec![mg(0), chgk(0), mg(1), chgk(1)],
                vec![
                    Slot::BrainRing,
                    Slot::GameTour {
                        game: erudit,
                        tour: 0
                    }
                ]
            ]
        );
        core.handle_command(
            Identity::Host,
            Command::SetProgramme { programme },
            T0,
            &mut fresh_secret,
        )
        .expect("6.3 and 4.3 hold");
        let on = core
            .programme_view()
            .and_then(|p| p.find(SlotStatus::Now).map(|s| s.slot));
        assert_eq!(on, Some(mg(0)));
    }

    #[test]
    fn demo_2_the_host_lays_out_the_programme_first_then_opens_what_is_on_now() {
        // Arrange
        let mut core = festival();
        let demo = DemoConfig {
            game: DemoGame::Festival,
            ..DemoConfig::default()
        };
        let answers = BTreeMap::new();
        let mut ring = RingHost::new(&demo, Default::default());
        let mut erudit = EruditHost::new(&demo, Default::default());
        let mut steps = |view: &HostView| {
            let hosts = Hosts {
                ring: &mut ring,
                erudit: &mut erudit,
            };
            host_steps(&answers, hosts, demo.seed, view, T0)
        };

        // Act: its first step, then its step once the programme is laid out.
        let first = steps(&host_view(&core));
        let Some(Steps::Paced(_, commands)) = first else {
            panic!("{first:?}");
        };
        for command in commands {
            core.handle_command(Identity::Host, command, T0, &mut fresh_secret)
                .expect("the programme is accepted");
        }
        let second = steps(&host_view(&core));

        // Assert: the first slot is Мультиигры' first tour: its first task.
        let game = multigames_id(&host_view(&core));
        assert!(
            matches!(
                second,
                Some(Steps::Paced(_, ref c)) if matches!(
                    c.as_slice(),
                    [Command::Game { game: g, .. }] if *g == game
                )
            ),
            "{second:?}"
        );
    }
}
