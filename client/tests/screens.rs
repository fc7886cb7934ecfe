//! The hall's screens at the hall's sizes (issue 25, 6): the ChGK reveal on
//! the projector (answer, standings and the leaders' race with no
//! scrolling), the festival projector's standings beside the programme
//! (nothing cut on the right), each at 1280×720 and 1920×1080 in Russian
//! and English; and the dashboard opening on the game being played.

use crate::common;

use egui::Rect;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::views::brain_ring::RingTab;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::event_own::JudgePage;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{GameId, QuestionId, TeamId, TourId};
use minuta_shared::play::chgk::view::{DisplayReveal, StandingRow, TourView};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::erudit::EruditStaffView;
use minuta_shared::play::games::{Format, GameStaffView};
use minuta_shared::play::multigames::{MultigamesSettings, MultigamesStaffView};
use minuta_shared::programme::{DayView, ProgrammeView, Slot, SlotStatus, SlotView};
use minuta_shared::tournament::Place;
use minuta_shared::wire::view::{DisplayView, GameEntry, HostView, View};

const START_MS: u64 = 1_000_000_000;
const SIZES: [[f32; 2]; 2] = [[1280.0, 720.0], [1920.0, 1080.0]];

/// Forty teams after 36 questions, long names and towns.
fn forty_standings() -> Vec<StandingRow> {
    (1..=40)
        .map(|i| StandingRow {
            team: TeamId(i),
            name: format!("Команда имени Менделеева № {i}"),
            town: "Санкт-Петербург".into(),
            place: Place::single(i),
            points: 41 - i,
            rating: 4000 - i64::from(i) * 10,
            mask: (0..36)
                .map(|q| if (q + i) % 3 == 0 { '0' } else { '1' })
                .collect(),
        })
        .collect()
}

/// Every label of the screen whose text contains `part`, by rectangle.
fn rects<S>(harness: &Harness<'_, S>, part: &str) -> Vec<Rect> {
    harness
        .get_all_by_label_contains(part)
        .map(|n| n.rect())
        .collect()
}

#[track_caller]
fn inside(rect: Rect, size: [f32; 2], what: &str) {
    assert!(
        rect.left() >= -0.5
            && rect.top() >= -0.5
            && rect.right() <= size[0] + 0.5
            && rect.bottom() <= size[1] + 0.5,
        "{what}: {rect:?} is not inside {size:?}"
    );
}

#[test]
fn chgk_3_the_reveal_shows_answer_standings_and_race_without_scrolling() {
    let mut view = common::display_view();
    let chgk = common::display_chgk(&mut view);
    chgk.clock = common::minute(QuestionId(35), "36", Phase::Over, START_MS);
    chgk.standings = forty_standings();
    chgk.revealed = Some(DisplayReveal {
        question: QuestionId(35),
        number: "36".into(),
        text: None,
        answer: "Пушкин".into(),
        accepted: Some("А. С. Пушкин".into()),
        comment: Some("Роман в стихах «Евгений Онегин» написан в 1823–1830 годах.".into()),
        withdrawn: false,
    });
    for lang in [Lang::Ru, Lang::En] {
        for size in SIZES {
            // Act
            let harness = common::projector(lang, (START_MS + 120_000) * 1000, view.clone(), size);

            // Assert: the answer, the standings' head and the race's, and
            // every team shown, all inside the screen; the leaders shown.
            let (answer, race) = match lang {
                Lang::Ru => ("Ответ: Пушкин", "Гонка лидеров"),
                Lang::En => ("Answer: Пушкин", "The leaders' race"),
            };
            inside(harness.get_by_label(answer).rect(), size, answer);
            inside(harness.get_by_label(race).rect(), size, race);
            let teams = rects(&harness, "Команда имени Менделеева");
            assert!(teams.len() >= 5, "the leaders at least: {}", teams.len());
            for team in teams {
                inside(team, size, "a team's row");
            }
            for mask in rects(&harness, "110110") {
                inside(mask, size, "a team's questions");
            }
        }
    }
}

#[test]
fn chgk_3_the_question_text_is_on_the_projector_from_the_announcement() {
    // Arrange: question 5 announced; the host ticked «показать вопрос на
    // экране», so the server sends its text at once.
    let mut view = common::display_view();
    let chgk = common::display_chgk(&mut view);
    chgk.clock = common::minute(QuestionId(4), "5", Phase::Announced, START_MS);
    chgk.clock.started_at = None;
    chgk.question_text = Some("Кто написал «Медного всадника»?".into());

    for size in SIZES {
        // Act
        let harness = common::projector(Lang::Ru, START_MS * 1000, view.clone(), size);

        // Assert: the text under the number, inside the screen.
        let text = harness
            .get_by_label("Кто написал «Медного всадника»?")
            .rect();
        inside(text, size, "the question's text");
        assert!(harness.query_by_label("Вопрос 5").is_some());
    }
}

/// Between the festival's slots: the programme beside the ChGK standings.
fn festival_between_slots() -> DisplayView {
    let slot = |slot, title: &str, status| SlotView {
        slot,
        title: title.into(),
        status,
    };
    let mut view = DisplayView {
        programme: Some(ProgrammeView {
            days: vec![DayView {
                title: "Суббота".into(),
                slots: vec![
                    slot(
                        Slot::ChgkTour { tour: TourId(0) },
                        "Классика",
                        SlotStatus::Done,
                    ),
                    slot(
                        Slot::ChgkTour { tour: TourId(1) },
                        "Второй тур",
                        SlotStatus::Now,
                    ),
                    slot(Slot::BrainRing, "", SlotStatus::Next),
                ],
            }],
        }),
        ..common::display_view()
    };
    let chgk = common::display_chgk(&mut view);
    chgk.teams = 40;
    chgk.standings = forty_standings();
    view
}

#[test]
fn festival_2_the_projector_standings_are_not_cut_on_the_right() {
    for lang in [Lang::Ru, Lang::En] {
        for size in SIZES {
            let harness = common::projector(lang, START_MS * 1000, festival_between_slots(), size);
            let names = rects(&harness, "Команда имени Менделеева № 1");
            assert!(!names.is_empty(), "the standings are shown");
            for mask in rects(&harness, "110110") {
                assert!(
                    mask.right() <= size[0] + 0.5,
                    "{lang:?} {size:?}: the questions' column ends at {}",
                    mask.right()
                );
            }
            for town in rects(&harness, "Санкт-Петербург") {
                assert!(town.right() <= size[0] + 0.5);
            }
        }
    }
}

// -------------------------------------------------- the dashboard's opening

/// The host's view of an event whose ChGK has no questions, with `games`
/// added to it in order (ids from 2).
fn event_with(games: Vec<(Format, GameStaffView)>) -> HostView {
    let mut host = HostView {
        teams: common::numbered_teams(4),
        ..common::host_view()
    };
    for (i, (format, view)) in games.into_iter().enumerate() {
        host.games.push(GameEntry {
            id: GameId(2 + i as u32),
            name: String::new(),
            format,
            view,
        });
    }
    host
}

fn erudit() -> (Format, GameStaffView) {
    (
        Format::Erudit,
        GameStaffView::Erudit(EruditStaffView::default()),
    )
}

fn multigames() -> (Format, GameStaffView) {
    let view = MultigamesStaffView {
        settings: MultigamesSettings::default(),
        tours: Vec::new(),
        current: None,
        appeals: Vec::new(),
        standings: Vec::new(),
        finished: false,
        appeal_jury: true,
    };
    (Format::Multigames, GameStaffView::Multigames(view))
}

fn opened(view: HostView) -> Option<HostTab> {
    let state = common::state_at(Lang::Ru, START_MS * 1000, View::Host(view));
    let harness = common::screen(
        state,
        HostForm::default(),
        [1280.0, 720.0],
        common::dashboard,
    );
    harness.state().form.tab
}

#[test]
fn the_dashboard_opens_on_the_game_the_event_plays_not_an_empty_chgk_page() {
    // An Эрудит-квартет evening: its tab, not the empty ChGK questions.
    assert_eq!(
        opened(event_with(vec![erudit()])),
        Some(HostTab::Games(Format::Erudit))
    );

    // The festival: the programme's slot on now (Мультиигры), not the game
    // added last.
    let mut festival = event_with(vec![multigames(), erudit()]);
    festival.programme = Some(ProgrammeView {
        days: vec![DayView {
            title: "Суббота".into(),
            slots: vec![SlotView {
                slot: Slot::GameTour {
                    game: GameId(2),
                    tour: 0,
                },
                title: "Разминка".into(),
                status: SlotStatus::Now,
            }],
        }],
    });
    assert_eq!(opened(festival), Some(HostTab::Games(Format::Multigames)));

    // Nothing to play yet: a set-up tab, chosen again next frame.
    let empty = HostView {
        teams: common::numbered_teams(4),
        ..common::host_view()
    };
    assert_eq!(opened(empty), None);
}

fn a_tour() -> TourView {
    TourView {
        id: TourId(0),
        title: "Тур 1".into(),
        closed: false,
        absent: Vec::new(),
        questions: Vec::new(),
    }
}

fn on_now(slot: Slot) -> Option<ProgrammeView> {
    Some(ProgrammeView {
        days: vec![DayView {
            title: "Воскресенье".into(),
            slots: vec![SlotView {
                slot,
                title: String::new(),
                status: SlotStatus::Now,
            }],
        }],
    })
}

#[test]
fn the_dashboard_opens_on_the_event_s_own_game_that_is_ready() {
    let game = Some(HostTab::Own(EventTab::Chgk(ChgkTab::Game)));
    let ring = Some(HostTab::Own(EventTab::Ring(RingTab::Tournament)));
    // (ChGK has a tour, the Brain-ring has questions, the slot on now) →
    // the tab it opens on.
    let table = [
        ((true, false, None), game),
        ((false, true, None), ring),
        // Both ready: the event's ChGK, registered first.
        ((true, true, None), game),
        // 2: the programme's slot on now is the own game's.
        ((true, true, Some(Slot::BrainRing)), ring),
        ((true, true, Some(Slot::ChgkTour { tour: TourId(0) })), game),
        // A slot whose game is not ready yet: the game that is.
        ((true, false, Some(Slot::BrainRing)), game),
    ];
    for ((tours, questions, slot), tab) in table {
        let mut view = event_with(Vec::new());
        if tours {
            common::staff_chgk(&mut view).tours = vec![a_tour()];
        }
        if questions {
            common::staff_ring(&mut view).pool = 12;
        }
        view.programme = slot.and_then(on_now);
        assert_eq!(opened(view), tab, "{tours} {questions} {slot:?}");
    }
}

#[test]
fn the_dashboard_names_the_own_games_tabs_and_no_festival_for_one_tournament() {
    // Arrange: an event of one tournament, its ChGK with a tour.
    let mut view = event_with(Vec::new());
    common::staff_chgk(&mut view).tours = vec![a_tour()];
    let state = common::state_at(Lang::Ru, START_MS * 1000, View::Host(view.clone()));
    let harness = common::screen(
        state,
        HostForm::default(),
        [1280.0, 720.0],
        common::dashboard,
    );
    for tab in [
        "Игра",
        "Судейство",
        "Апелляции",
        "Итоги",
        "Брейн-ринг",
        "Программа",
    ] {
        assert!(harness.query_by_label(tab).is_some(), "{tab}");
    }
    assert!(
        harness.query_by_label("Итоги фестиваля").is_none(),
        "one tournament: no festival"
    );
}

#[test]
fn a_judge_credits_the_event_s_chgk_and_each_format_with_added_games() {
    // Arrange: a Мультиигры game beside the event's ChGK.
    let view = event_with(vec![multigames()]);
    let state = common::state_at(Lang::Ru, START_MS * 1000, View::Host(view));

    // Act
    let mut harness = common::screen(
        state,
        HostForm::default(),
        [1280.0, 720.0],
        common::judge_terminal,
    );

    // Assert: the ChGK page first, Мультиигры beside it, no Brain-ring.
    assert_eq!(
        harness.state().form.judge_page,
        Some(JudgePage::Own(Format::Chgk))
    );
    assert!(harness.query_by_label("ЧГК").is_some());
    assert!(harness.query_by_label("Брейн-ринг").is_none());
    common::click(&mut harness, "Мультиигры");
    assert_eq!(
        harness.state().form.judge_page,
        Some(JudgePage::Games(Format::Multigames))
    );
}
