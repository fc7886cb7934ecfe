//! The event's programme (section 2) and the festival's results (2.2)
//! clicked through headless with egui_kittest: the host lays out days of
//! ChGK tours, Мультиигры tours and Brain-ring and saves them, the
//! dashboard and the projector say what is on now and next, the projector
//! shows the whole programme between slots, the server's refusals read in
//! Russian and English, and the festival's tables show the prizes.

use crate::common;

use common::{ScreenHarness, click, screen, state_at, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::{self, Lang};
use minuta_client::state::UiCommand;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{GameId, QuestionId, TeamId, TourId};
use minuta_shared::play::chgk::view::{StandingRow, TourView};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{Format, GameStaffView};
use minuta_shared::play::multigames::{MultigamesSettings, MultigamesStaffView, StaffTour, TourNo};
use minuta_shared::programme::{
    DayView, Programme, ProgrammeDay, ProgrammeError, ProgrammeView, Slot, SlotStatus, SlotView,
};
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::Place;
use minuta_shared::tournament::festival::Prize;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::view::{
    DisplayView, FestivalRow, FestivalTable, GameEntry, HostView, View,
};

const NOW_MS: u64 = 1_000_000_000;
/// Games the host adds get ids from 2: 0 and 1 are the event's ChGK and Brain-ring.
const MG: GameId = GameId(2);

/// A Мультиигры game with the tours «Разминка» and «Ребусы».
fn multigames() -> GameEntry<GameStaffView> {
    GameEntry {
        id: MG,
        name: "Мультиигры".into(),
        format: Format::Multigames,
        view: GameStaffView::Multigames(MultigamesStaffView {
            settings: MultigamesSettings::default(),
            tours: ["Разминка", "Ребусы"]
                .iter()
                .enumerate()
                .map(|(i, title)| StaffTour {
                    tour: TourNo(i as u32),
                    title: (*title).into(),
                    tasks: Vec::new(),
                })
                .collect(),
            current: None,
            appeals: Vec::new(),
            standings: Vec::new(),
            finished: false,
            appeal_jury: true,
        }),
    }
}

fn host_view() -> HostView {
    let mut view = HostView {
        access: Some(common::access()),
        teams: common::numbered_teams(4),
        displays_connected: 1,
        jury_secret: Some("jury-secret".into()),
        ..common::host_view()
    };
    view.games.push(multigames());
    common::staff_chgk(&mut view).tours = vec![TourView {
        id: TourId(0),
        title: "Классика".into(),
        closed: false,
        absent: Vec::new(),
        questions: Vec::new(),
    }];
    view
}

fn slot_view(slot: Slot, title: &str, status: SlotStatus) -> SlotView {
    SlotView {
        slot,
        title: title.into(),
        status,
    }
}

/// Day one: Мультиигры «Разминка» (done), ChGK tour 1 (on now),
/// Мультиигры «Ребусы» (next), ChGK tour 2; day two: Brain-ring.
fn programme_view() -> ProgrammeView {
    ProgrammeView {
        days: vec![
            DayView {
                title: "Суббота".into(),
                slots: vec![
                    slot_view(
                        Slot::GameTour { game: MG, tour: 0 },
                        "Мультиигры: Разминка",
                        SlotStatus::Done,
                    ),
                    slot_view(
                        Slot::ChgkTour { tour: TourId(0) },
                        "Классика",
                        SlotStatus::Now,
                    ),
                    slot_view(
                        Slot::GameTour { game: MG, tour: 1 },
                        "Мультиигры: Ребусы",
                        SlotStatus::Next,
                    ),
                    slot_view(Slot::ChgkTour { tour: TourId(1) }, "", SlotStatus::Later),
                ],
            },
            DayView {
                title: "Воскресенье".into(),
                slots: vec![slot_view(Slot::BrainRing, "", SlotStatus::Later)],
            },
        ],
    }
}

fn host_screen(view: HostView, tab: HostTab, lang: Lang) -> ScreenHarness<HostForm> {
    let state = state_at(lang, NOW_MS * 1000, View::Host(view));
    let form = HostForm {
        tab: Some(tab),
        ..HostForm::default()
    };
    screen(state, form, [1400.0, 1400.0], common::dashboard)
}

#[test]
fn programme_2_the_host_lays_out_two_days_by_clicking_and_saves_them() {
    let mut harness = host_screen(host_view(), HostTab::Programme, Lang::Ru);
    assert!(
        harness
            .query_by_label("Программы пока нет: добавьте день, наполните его и сохраните.")
            .is_some()
    );
    click(&mut harness, "Добавить день");
    assert!(harness.query_by_label("Добавить в «День 1»:").is_some());
    // The ChGK tour first, then the Мультиигры tour: 6.3 wants it the other
    // way round, and the form says so before anything is sent.
    click(&mut harness, "+ ЧГК, тур 1 · Классика");
    click(&mut harness, "+ Мультиигры: Разминка");
    assert!(
        harness
            .query_by_label_contains("Сервер не примет программу: после тура 1 игры «Мультиигры»")
            .is_some(),
        "6.3 is checked as the host lays the day out"
    );
    harness.get_all_by_label("Выше").nth(1).unwrap().click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("Сервер не примет программу")
            .is_none(),
        "moved up, the Мультиигры tour comes before the ChGK tour"
    );
    // Day two, titled by hand, with Brain-ring on it (4.3).
    type_into(&mut harness, "Название нового дня", "Воскресенье");
    click(&mut harness, "Добавить день");
    assert!(
        harness
            .query_by_label("Добавить в «Воскресенье»:")
            .is_some()
    );
    click(&mut harness, "+ Брейн-ринг");
    assert!(
        harness.query_by_label("ЧГК, тур 1 · Классика").is_some(),
        "listed on day one"
    );
    assert!(
        harness.query_by_label("+ ЧГК, тур 1 · Классика").is_none(),
        "no longer offered"
    );
    assert!(
        harness.state().sent.is_empty(),
        "nothing leaves before «Сохранить»"
    );
    click(&mut harness, "Сохранить программу");
    let want = Programme {
        days: vec![
            ProgrammeDay {
                title: "День 1".into(),
                slots: vec![
                    Slot::GameTour { game: MG, tour: 0 },
                    Slot::ChgkTour { tour: TourId(0) },
                ],
            },
            ProgrammeDay {
                title: "Воскресенье".into(),
                slots: vec![Slot::BrainRing],
            },
        ],
    };
    common::assert_sent(
        &harness,
        [Command::SetProgramme {
            programme: want.clone(),
        }],
    );
    assert!(harness.query_by_label("Изменения не сохранены.").is_some());
    // The server takes it: the form is the saved programme now.
    let mut saved = host_view();
    let title = |slot: &Slot| match slot {
        Slot::GameTour { .. } => "Мультиигры: Разминка".to_owned(),
        Slot::ChgkTour { .. } => "Классика".to_owned(),
        Slot::BrainRing => String::new(),
    };
    saved.programme = Some(want.view(title, |_| false));
    common::show(&mut harness.state_mut().state, View::Host(saved));
    harness.run();
    assert!(harness.query_by_label("Изменения не сохранены.").is_none());
    assert!(
        harness
            .query_by_label("Сейчас: Мультиигры: Разминка")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Далее: ЧГК, тур 1 · Классика")
            .is_some()
    );
    assert_eq!(harness.state().form.programme.draft, want);
}

#[test]
fn programme_2_a_chgk_tour_not_yet_loaded_is_added_by_its_number() {
    let mut harness = host_screen(host_view(), HostTab::Programme, Lang::Ru);
    click(&mut harness, "Добавить день");
    click(&mut harness, "+ ЧГК, тур 1 · Классика");
    // The number field offers the first tour not in the programme: 2.
    click(&mut harness, "Добавить тур ЧГК");
    assert!(harness.query_by_label("ЧГК, тур 2").is_some());
    click(&mut harness, "Сохранить программу");
    let [UiCommand::Send(Command::SetProgramme { programme })] = harness.state().sent.as_slice()
    else {
        panic!("one SetProgramme, got {:?}", harness.state().sent);
    };
    assert_eq!(
        programme.days[0].slots,
        vec![
            Slot::ChgkTour { tour: TourId(0) },
            Slot::ChgkTour { tour: TourId(1) }
        ]
    );
}

#[test]
fn programme_2_the_form_starts_from_the_saved_programme() {
    let mut view = host_view();
    view.programme = Some(programme_view());
    let mut harness = host_screen(view, HostTab::Programme, Lang::Ru);
    assert_eq!(
        harness.query_all_by_label("Брейн-ринг").count(),
        2,
        "the tab and the slot"
    );
    assert!(harness.query_by_label("ЧГК, тур 2").is_some());
    // Brain-ring leaves the programme; everything else stays as saved.
    let remove: Vec<_> = harness.get_all_by_label("×").collect();
    assert_eq!(remove.len(), 5, "one per slot");
    remove[4].click();
    harness.run();
    assert!(harness.query_by_label("Изменения не сохранены.").is_some());
    click(&mut harness, "Сохранить программу");
    let mut want = minuta_client::views::host::programme::saved(&programme_view());
    want.days[1].slots.clear();
    common::assert_sent(&harness, [Command::SetProgramme { programme: want }]);
}

#[test]
fn programme_2_the_dashboard_says_what_is_on_now_and_next() {
    let mut view = host_view();
    view.programme = Some(programme_view());
    let harness = host_screen(
        view.clone(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Standings)),
        Lang::Ru,
    );
    assert!(
        harness
            .query_by_label("Сейчас: ЧГК, тур 1 · Классика")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Далее: Мультиигры: Ребусы")
            .is_some()
    );
    let harness = host_screen(
        view.clone(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Standings)),
        Lang::En,
    );
    assert!(
        harness
            .query_by_label("Now: ChGK, tour 1 · Классика")
            .is_some()
    );
    assert!(harness.query_by_label("Next: Мультиигры: Ребусы").is_some());
    // The tab lists every day with each slot's status.
    let harness = host_screen(view, HostTab::Programme, Lang::Ru);
    assert!(harness.query_by_label("сыграно").is_some());
    assert!(harness.query_by_label("сейчас").is_some());
    assert!(harness.query_by_label("далее").is_some());
    assert!(harness.query_by_label("Мультиигры: Разминка").is_some());
}

#[test]
fn programme_2_once_every_slot_is_done_the_strip_says_so() {
    let mut listed = programme_view();
    for slot in listed.days.iter_mut().flat_map(|d| &mut d.slots) {
        slot.status = SlotStatus::Done;
    }
    let mut view = host_view();
    view.programme = Some(listed);
    let harness = host_screen(
        view,
        HostTab::Own(EventTab::Chgk(ChgkTab::Standings)),
        Lang::Ru,
    );
    assert!(harness.query_by_label("Программа пройдена").is_some());
    assert!(harness.query_by_label_contains("Сейчас:").is_none());
}

fn display_view() -> DisplayView {
    let mut view = DisplayView {
        programme: Some(programme_view()),
        ..common::display_view()
    };
    let chgk = common::display_chgk(&mut view);
    chgk.teams = 4;
    chgk.standings = vec![StandingRow {
        team: TeamId(1),
        name: "Команда 1".into(),
        town: "Москва".into(),
        place: Place::single(1),
        points: 7,
        rating: 70,
        mask: "1111111".into(),
    }];
    view
}

fn projector(view: DisplayView, lang: Lang) -> Harness<'static> {
    common::projector(lang, NOW_MS * 1000, view, [1280.0, 900.0])
}

#[test]
fn programme_2_the_projector_shows_the_whole_programme_between_slots() {
    let harness = projector(display_view(), Lang::Ru);
    assert!(
        harness
            .query_by_label("Сейчас: ЧГК, тур 1 · Классика")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Далее: Мультиигры: Ребусы")
            .is_some()
    );
    assert!(harness.query_by_label("Программа").is_some());
    assert!(harness.query_by_label("Суббота").is_some());
    assert!(harness.query_by_label("Воскресенье").is_some());
    assert!(harness.query_by_label("Брейн-ринг").is_some());
    assert!(harness.query_by_label("сейчас").is_some());
    assert!(
        harness.query_by_label("Команда 1").is_some(),
        "the standings beside the programme"
    );
}

#[test]
fn programme_2_the_projector_keeps_the_clock_while_a_question_is_played() {
    let mut view = display_view();
    common::display_chgk(&mut view).clock = ClockView {
        tour: Some(TourId(0)),
        ..common::minute(QuestionId(0), "1", Phase::Minute, NOW_MS - 20_000)
    };
    let harness = projector(view.clone(), Lang::Ru);
    assert!(harness.query_by_label("Вопрос 1").is_some());
    assert!(harness.query_by_label("0:40").is_some());
    assert!(
        harness
            .query_by_label("Сейчас: ЧГК, тур 1 · Классика")
            .is_some(),
        "the strip stays on top"
    );
    assert!(harness.query_by_label("Воскресенье").is_none());
    // Between two questions of the tour on now the clock stays too.
    let clock = &mut common::display_chgk(&mut view).clock;
    clock.phase = Phase::Over;
    clock.started_at = Some(ServerTime::from_millis(NOW_MS - 200_000));
    clock.warning_at = Some(ServerTime::from_millis(NOW_MS - 150_000));
    clock.ends_at = Some(ServerTime::from_millis(NOW_MS - 140_000));
    clock.accept_until = Some(ServerTime::from_millis(NOW_MS - 137_000));
    let harness = projector(view, Lang::En);
    assert!(harness.query_by_label("Question 1").is_some());
    assert!(
        harness
            .query_by_label("Now: ChGK, tour 1 · Классика")
            .is_some()
    );
    assert!(harness.query_by_label("Воскресенье").is_none());
}

/// The host's programme tab after the server refused `error`.
fn refused(error: ProgrammeError, lang: Lang) -> ScreenHarness<HostForm> {
    let mut harness = host_screen(host_view(), HostTab::Programme, lang);
    let state = &mut harness.state_mut().state;
    let request = state.begin_request(Command::SetProgramme {
        programme: Programme::default(),
    });
    common::answer(state, request, Err(CommandError::Programme(error)));
    harness.run();
    harness
}

#[test]
fn programme_6_3_and_4_3_refusals_are_shown_in_russian_and_english() {
    let not_before = ProgrammeError::NotBeforeChgkTour { game: MG, tour: 1 };
    let harness = refused(not_before.clone(), Lang::Ru);
    assert!(
        harness
            .query_by_label(
                "после тура 1 игры «Мультиигры» до её следующего тура должен идти тур ЧГК: \
                 каждый тур проводится перед очередным туром ЧГК (6.3)"
            )
            .is_some(),
        "by the button, naming the game"
    );
    let harness = refused(not_before, Lang::En);
    assert!(
        harness
            .query_by_label(
                "tour 1 of «Мультиигры» must be followed by a ChGK tour before the game's next \
                 tour: each tour comes before a ChGK tour (6.3)"
            )
            .is_some()
    );
    let harness = refused(ProgrammeError::BrainRingBeforeChgk, Lang::Ru);
    assert!(
        harness
            .query_by_label_contains("брейн-ринг ставится на день после него")
            .is_some()
    );
    // The toast says it too, in either language.
    let toast = &harness.state().state.toasts[0].notice;
    assert_eq!(
        i18n::notice(Lang::Ru, toast),
        "сохранение программы: в первый игровой день нужны туры ЧГК, а брейн-ринг \
         ставится на день после него: отбор — по итогам первого игрового дня (4.3)"
    );
    assert_eq!(
        i18n::notice(Lang::En, toast),
        "saving the programme: the first game day needs ChGK tours and Brain-ring goes on a \
         later day: it qualifies from the first game day's results (4.3)"
    );
}

fn row(team: u32, place: Place) -> FestivalRow {
    FestivalRow {
        team: TeamId(team),
        name: format!("Команда {team}"),
        place,
        prize: Prize::for_place(place),
    }
}

fn festival() -> Vec<FestivalTable> {
    let shared = Place { first: 3, last: 4 };
    vec![
        FestivalTable {
            name: String::new(),
            format: "chgk".into(),
            rows: vec![
                row(2, Place::single(1)),
                row(1, Place::single(2)),
                row(3, shared),
                row(4, shared),
            ],
        },
        FestivalTable {
            name: "Мультиигры".into(),
            format: "multigames".into(),
            rows: (1..=5000).map(|t| row(t, Place::single(t))).collect(),
        },
        FestivalTable {
            name: String::new(),
            format: "brain-ring".into(),
            rows: vec![row(1, Place::single(1)), row(2, Place::single(2))],
        },
    ]
}

/// The standings tab in `lang` with the festival's results opened by
/// clicking `results`.
fn festival_screen(lang: Lang, results: &str) -> ScreenHarness<HostForm> {
    let mut view = host_view();
    view.festival = festival();
    let mut harness = host_screen(view, HostTab::Own(EventTab::Chgk(ChgkTab::Standings)), lang);
    click(&mut harness, results);
    harness
}

#[test]
fn festival_2_2_every_tournament_places_every_team_with_prizes() {
    let mut harness = festival_screen(Lang::Ru, "Итоги фестиваля");
    assert!(
        harness
            .query_by_label("«Что? Где? Когда?» — Кубок Минуты")
            .is_some()
    );
    assert_eq!(
        harness.query_all_by_label("Брейн-ринг").count(),
        2,
        "the tab and the table"
    );
    assert_eq!(harness.query_all_by_label("1 место").count(), 3);
    assert_eq!(harness.query_all_by_label("2 место").count(), 3);
    assert_eq!(
        harness.query_all_by_label("3 место").count(),
        3,
        "teams sharing 3-4 both take third prize, as does the third of Мультиигры"
    );
    assert_eq!(harness.query_all_by_label("3-4").count(), 2);
    assert!(harness.query_by_label("5000 команд").is_some());
    assert!(
        harness.query_by_label("Команда 4999").is_none(),
        "a long table draws only the rows in sight"
    );
    type_into(&mut harness, "Найти команду", "4999");
    assert!(harness.query_by_label("Команда 4999").is_some());
    assert!(harness.query_by_label("4999").is_some(), "its place");
}

#[test]
fn festival_2_2_prizes_read_in_english() {
    let harness = festival_screen(Lang::En, "Festival results");
    assert!(
        harness
            .query_by_label("«What? Where? When?» — Кубок Минуты")
            .is_some()
    );
    assert!(harness.query_all_by_label("1st place").count() >= 1);
    assert!(harness.query_all_by_label("3rd place").count() >= 2);
}

#[test]
fn programme_the_set_up_tabs_open_from_one_menu() {
    let mut harness = host_screen(
        host_view(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Standings)),
        Lang::Ru,
    );
    click(&mut harness, "Подготовка");
    click(&mut harness, "Команды (4)");
    assert!(harness.query_by_label("Регистрация команды").is_some());
    assert!(harness.query_by_label("Подготовка: Команды (4)").is_some());
}
