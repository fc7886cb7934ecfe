//! The festival through the core (2): the programme laid out and checked
//! (6.3, 4.3), what is on now and next, Brain-ring qualified from day one's
//! ChGK tours alone, and every tournament's places for every team (2.2).

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, QuestionId, TeamId, TourId};
use minuta_shared::play::brain_ring::EVENT_RING;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, Verdict};
use minuta_shared::play::games::{GameCommand, GameSettings};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{MultigamesCommand as M, TaskDraft, TaskId, TourNo};
use minuta_shared::programme::{Programme, ProgrammeDay, ProgrammeError, Slot, SlotStatus};
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::festival::Prize;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::View;

use super::*;

fn s(secs: u64) -> ServerTime {
    ServerTime::from_millis(1_700_000_000_000 + secs * 1000)
}

/// The first game the host adds (the event has ChGK 0 and Brain-ring 1).
const MG: GameId = GameId(2);
const TWO_TOURS: &str = "## Тур 1\n\n? Первый.\n! Пушкин.\n\n## Тур 2\n\n? Второй.\n! Нева.\n";

struct Hall {
    core: Core,
    secrets: u32,
}

impl Hall {
    /// Four teams, a two-tour ChGK package and a Мультиигры game of one
    /// tour with one 10-s task worth 2.
    fn new() -> Self {
        let mut h = Hall {
            core: Core::new(ServerInfo::default()),
            secrets: 0,
        };
        h.core
            .initialise("host".into(), "display".into(), "jury".into(), s(0))
            .expect("new");
        for i in 1..=4 {
            h.host(
                Command::RegisterTeam {
                    rating_id: None,
                    name: format!("Команда {i}"),
                    town: String::new(),
                    players: (1..=4).map(|p| format!("И{p}")).collect(),
                },
                s(0),
            )
            .expect("team");
        }
        h.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::LoadPackage {
                    file_name: "p.4s".into(),
                    bytes: TWO_TOURS.as_bytes().to_vec(),
                    pictures: Vec::new(),
                },
            ),
            s(0),
        )
        .expect("package");
        h.host(
            Command::AddGame {
                name: "Мультиигры".into(),
                settings: GameSettings::Multigames(Default::default()),
            },
            s(0),
        )
        .expect("game");
        h.mg(
            M::AddTour {
                title: "Ребусы".into(),
            },
            s(0),
        );
        let task = TaskDraft {
            title: "Ребус".into(),
            text: "?".into(),
            answer: "!".into(),
            comment: String::new(),
            points: Credit::from_int(2),
            seconds: 10,
        };
        h.mg(
            M::AddTask {
                tour: TourNo(0),
                task,
            },
            s(0),
        );
        h
    }

    fn run(&mut self, who: Identity, c: Command, now: ServerTime) -> Result<Receipt, CommandError> {
        let secrets = &mut self.secrets;
        let mut fresh = || {
            *secrets += 1;
            format!("s{secrets}")
        };
        self.core
            .handle_command(who, c, now, &mut fresh)
            .map(|(r, _)| r)
    }

    fn host(&mut self, c: Command, now: ServerTime) -> Result<Receipt, CommandError> {
        self.run(Identity::Host, c, now)
    }

    fn mg(&mut self, c: M, now: ServerTime) {
        self.host(
            Command::Game {
                game: MG,
                command: GameCommand::Multigames(c),
            },
            now,
        )
        .expect("multigames command");
    }

    /// ChGK question `q` played at `start`: `right` teams answer right, the
    /// others wrong, then revealed.
    fn chgk(&mut self, q: u32, start: u64, right: &[u32]) {
        let question = QuestionId(q);
        self.host(
            Command::game(EVENT_CHGK, ChgkCommand::Announce { question }),
            s(start),
        )
        .expect("announce");
        self.host(
            Command::game(EVENT_CHGK, ChgkCommand::StartMinute),
            s(start),
        )
        .expect("minute");
        for team in 1..=4 {
            let text = if right.contains(&team) {
                "верно"
            } else {
                "нет"
            };
            self.run(
                Identity::Team(TeamId(team)),
                Command::game(
                    EVENT_CHGK,
                    ChgkCommand::SubmitCard {
                        question,
                        text: text.into(),
                    },
                ),
                s(start + 1),
            )
            .expect("card");
        }
        for (group, verdict) in [("верно", Verdict::Correct), ("нет", Verdict::Wrong)] {
            let _ = self.host(
                Command::game(
                    EVENT_CHGK,
                    ChgkCommand::Judge {
                        question,
                        group: group.into(),
                        verdict,
                    },
                ),
                s(start + 70),
            );
        }
        self.host(
            Command::game(EVENT_CHGK, ChgkCommand::Reveal { question }),
            s(start + 70),
        )
        .expect("reveal");
    }

    /// The one Мультиигры task: team 1 gets 2, team 2 gets 1, others nothing.
    fn multigames_tour(&mut self, start: u64) {
        self.mg(M::Announce { task: TaskId(0) }, s(start));
        self.mg(M::Start { task: TaskId(0) }, s(start));
        for team in [1, 2] {
            self.run(
                Identity::Team(TeamId(team)),
                Command::Game {
                    game: MG,
                    command: GameCommand::Multigames(M::Answer {
                        task: TaskId(0),
                        text: "ответ".into(),
                    }),
                },
                s(start + 1),
            )
            .expect("answer");
        }
        for (team, points) in [(1, 2), (2, 1)] {
            self.mg(
                M::Award {
                    task: TaskId(0),
                    team: TeamId(team),
                    points: Credit::from_int(points),
                },
                s(start + 14),
            );
        }
        self.mg(M::Reveal { task: TaskId(0) }, s(start + 14));
    }
}

fn festival() -> Programme {
    Programme {
        days: vec![
            ProgrammeDay {
                title: "День 1".into(),
                slots: vec![
                    Slot::GameTour { game: MG, tour: 0 },
                    Slot::ChgkTour { tour: TourId(0) },
                ],
            },
            ProgrammeDay {
                title: "День 2".into(),
                slots: vec![Slot::BrainRing, Slot::ChgkTour { tour: TourId(1) }],
            },
        ],
    }
}

#[test]
fn festival_2_6_3_the_programme_is_checked_when_laid_out() {
    let mut h = Hall::new();
    // The Мультиигры tour last: no ChGK tour follows it (6.3).
    let mut wrong = festival();
    let tour = wrong.days[0].slots.remove(0);
    wrong.days[1].slots.push(tour);
    assert_eq!(
        h.host(Command::SetProgramme { programme: wrong }, s(1)),
        Err(CommandError::Programme(ProgrammeError::NotBeforeChgkTour {
            game: MG,
            tour: 1
        }))
    );
    assert_eq!(
        h.run(
            Identity::Jury,
            Command::SetProgramme {
                programme: festival()
            },
            s(1)
        ),
        Err(CommandError::Forbidden)
    );
    assert_eq!(
        h.host(
            Command::SetProgramme {
                programme: festival()
            },
            s(1)
        ),
        Ok(Receipt::Done)
    );
}

#[test]
fn festival_2_the_host_and_the_hall_see_what_is_on_now_and_next() {
    let mut h = Hall::new();
    h.host(
        Command::SetProgramme {
            programme: festival(),
        },
        s(1),
    )
    .expect("set");
    let now_next = |h: &Hall| {
        let view = h.core.programme_view().expect("a programme");
        (
            view.find(SlotStatus::Now).map(|s| s.slot),
            view.find(SlotStatus::Next).map(|s| s.slot),
        )
    };
    assert_eq!(
        now_next(&h),
        (
            Some(Slot::GameTour { game: MG, tour: 0 }),
            Some(Slot::ChgkTour { tour: TourId(0) })
        )
    );
    h.multigames_tour(10);
    assert_eq!(
        now_next(&h),
        (
            Some(Slot::ChgkTour { tour: TourId(0) }),
            Some(Slot::BrainRing)
        )
    );
    let View::Display(display) = h.core.view_for(Identity::Display, s(30)) else {
        panic!("display");
    };
    let programme = display.programme.expect("the hall sees the programme");
    assert_eq!(programme.days[0].slots[0].title, "Мультиигры: Ребусы");
}

#[test]
fn festival_4_3_brain_ring_qualifies_from_day_one_alone() {
    let mut h = Hall::new();
    h.host(
        Command::SetProgramme {
            programme: festival(),
        },
        s(1),
    )
    .expect("set");
    // Day one (tour 1): teams 3 and 4 right. Day two (tour 2): teams 1 and 2.
    h.chgk(0, 100, &[3, 4]);
    h.chgk(1, 300, &[1, 2]);
    h.host(
        Command::Qualify {
            game: EVENT_RING,
            places: 2,
            seed: 7,
            cut: CutDecision::default(),
        },
        s(500),
    )
    .expect("qualify");
    let mut seeded = h.core.event_ring().expect("Brain-ring").teams.clone();
    seeded.sort();
    assert_eq!(seeded, vec![TeamId(3), TeamId(4)]);
}

#[test]
fn festival_4_3_5_2_the_first_game_day_counts_even_with_brain_ring_two_days_later() {
    // Arrange: day one ChGK tour 1, day two ChGK tour 2, Brain-ring on day
    // three; the programme laid out with no Мультиигры.
    let mut h = Hall::new();
    let day = |title: &str, slots: Vec<Slot>| ProgrammeDay {
        title: title.into(),
        slots,
    };
    let programme = Programme {
        days: vec![
            day("Пятница", vec![Slot::ChgkTour { tour: TourId(0) }]),
            day("Суббота", vec![Slot::ChgkTour { tour: TourId(1) }]),
            day("Воскресенье", vec![Slot::BrainRing]),
        ],
    };
    h.host(Command::SetProgramme { programme }, s(1))
        .expect("set");
    // Day one: teams 3 and 4 right; day two: teams 1 and 2.
    h.chgk(0, 100, &[3, 4]);
    h.chgk(1, 300, &[1, 2]);

    // Act
    let window = h.core.qualifying_window();
    h.host(
        Command::Qualify {
            game: EVENT_RING,
            places: 2,
            seed: 7,
            cut: CutDecision::default(),
        },
        s(500),
    )
    .expect("qualify");

    // Assert: only the first game day's tour counts (not Saturday's,
    // though it is before Brain-ring's day), and the host's view names it.
    assert_eq!(
        window,
        minuta_shared::play::cut::CountedTours::These(vec![TourId(0)])
    );
    let mut seeded = h.core.event_ring().expect("Brain-ring").teams.clone();
    seeded.sort();
    assert_eq!(seeded, vec![TeamId(3), TeamId(4)]);
    let shown = h.core.programme_view().and_then(|p| p.qualifying_tours());
    assert_eq!(shown, Some(("Пятница".to_owned(), vec![TourId(0)])));
}

#[test]
fn festival_2_2_every_tournament_places_every_team_with_prizes() {
    let mut h = Hall::new();
    h.host(
        Command::SetProgramme {
            programme: festival(),
        },
        s(1),
    )
    .expect("set");
    h.multigames_tour(10);
    h.chgk(0, 100, &[3, 4]);
    h.host(
        Command::Qualify {
            game: EVENT_RING,
            places: 2,
            seed: 7,
            cut: CutDecision::default(),
        },
        s(500),
    )
    .expect("qualify");
    let tables = h.core.festival_tables();
    let formats: Vec<_> = tables.iter().map(|t| t.format.as_str()).collect();
    assert_eq!(formats, vec!["chgk", "multigames", "brain-ring"]);
    for table in &tables {
        assert_eq!(table.rows.len(), 4, "{}: every team placed", table.format);
    }
    let mg = &tables[1];
    assert_eq!(
        (mg.rows[0].team, mg.rows[0].prize),
        (TeamId(1), Some(Prize::First))
    );
    assert_eq!(
        mg.rows[2].place.to_string(),
        "3-4",
        "teams 3 and 4 share a place"
    );
    assert_eq!(
        mg.rows[3].prize,
        Some(Prize::Third),
        "a shared third takes third prize"
    );
    // Brain-ring: the two qualified first, the two others after them,
    // sharing 3-4 as they share ChGK's points and rating.
    let ring = &tables[2];
    let first_two: Vec<_> = ring.rows.iter().take(2).map(|r| r.team).collect();
    assert!(first_two.contains(&TeamId(3)) && first_two.contains(&TeamId(4)));
    assert_eq!(ring.rows[2].place.to_string(), "3-4");
}

#[test]
fn programme_the_events_own_chgk_is_laid_out_by_its_chgk_tour_slots_only() {
    let mut core = Core::new(ServerInfo::default());
    core.initialise("h".into(), "d".into(), "j".into(), ServerTime(0))
        .expect("a new store");
    let programme = Programme {
        days: vec![ProgrammeDay {
            title: "День 1".into(),
            slots: vec![Slot::GameTour {
                game: EVENT_CHGK,
                tour: 0,
            }],
        }],
    };
    let refused = core.handle_command(
        Identity::Host,
        Command::SetProgramme { programme },
        ServerTime(1),
        &mut || "s".into(),
    );
    assert_eq!(
        refused.map(|_| ()),
        Err(CommandError::Programme(ProgrammeError::UnknownGame {
            game: GameId(0)
        }))
    );
}
