//! The projector's Brain-ring board, and Brain-ring as a format of the
//! programme: the event's own is the first game of that format whatever
//! its id, and a second one added by the host runs from its own tab, on the
//! team's terminal and on the projector like any added game.

use minuta_client::views::jury;
use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::{RingStaffView, RingTeamView};
use minuta_shared::play::games::{Format, GameDisplayView, GameStaffView, GameTeamView};
use minuta_shared::wire::view::{GameEntry, JuryView};

use super::staff::{host_screen_on, host_view};
use super::*;

// ------------------------------------------------------------------ the hall

/// The projector at `now_us` of server time.
fn projector(view: DisplayView, now_us: u64) -> Harness<'static> {
    common::projector(Lang::Ru, now_us, view, [1280.0, 900.0])
}

#[test]
fn the_projector_shows_the_open_fight_and_no_press_log() {
    let mut answering = fight(ButtonPhase::Answering {
        table: 1,
        pressed_at: at_ms(2_000),
    });
    if let Some(q) = &mut answering.question {
        q.false_start = [true, false];
    }
    let view = {
        let mut view = common::display_view();
        *common::display_ring(&mut view) = board(vec![answering]);
        let chgk = common::display_chgk(&mut view);
        chgk.teams = 2;
        view
    };
    let harness = projector(view, ARMED + 3_000_000);
    assert!(harness.query_by_label("Отвечает «Эрудиты»").is_some());
    assert!(harness.query_by_label("Вопрос 4").is_some());
    assert!(harness.query_by_label("фальстарт").is_some());
    assert!(harness.query_by_label("Журнал нажатий").is_none());
}

#[test]
fn the_projector_names_the_champion_and_shows_the_table() {
    let ring = finished(
        Vec::new(),
        RingStandingRow {
            team: TeamId(2),
            name: "Эрудиты".into(),
            place: Place::single(1),
            points_halves: 9,
            difference: 3,
            taken: 12,
            fights: 5,
        },
    );
    let view = {
        let mut view = common::display_view();
        *common::display_ring(&mut view) = ring;
        let chgk = common::display_chgk(&mut view);
        chgk.teams = 2;
        view
    };
    let harness = projector(view, ARMED);
    assert!(harness.query_by_label("Чемпион: «Эрудиты»").is_some());
    assert!(harness.query_by_label("4.5").is_some(), "points in halves");
    assert!(harness.query_by_label("+3").is_some());
    // 2.2: the final places beside the qualifying table.
    assert!(harness.query_by_label("Итоговые места").is_some());
    assert!(
        harness.query_by_label("Знатоки").is_some(),
        "the runner-up is placed"
    );
}

// ------------------------------------------------------- more than one Brain-ring

/// A second Brain-ring the host added beside the event's own (games the
/// host adds get ids from 2).
const JUNIORS: GameId = GameId(2);

fn juniors<V>(view: V) -> GameEntry<V> {
    GameEntry {
        id: JUNIORS,
        name: "Юниоры".into(),
        format: Format::Ring,
        view,
    }
}

fn answering_in_the_juniors() -> RingFightView {
    let mut fight = fight(ButtonPhase::Answering {
        table: 1,
        pressed_at: at_ms(900),
    });
    fight.names = ["Неспроста".into(), "Гуманитарии".into()];
    fight
}

#[test]
fn a_second_brain_ring_runs_from_its_own_tab_and_its_commands_name_it() {
    let mut view = host_view(fight(ButtonPhase::Reading));
    view.games.push(juniors(GameStaffView::Ring(RingStaffView {
        board: board(vec![answering_in_the_juniors()]),
        ..RingStaffView::default()
    })));
    let mut harness = host_screen_on(view, 2_000);
    assert!(
        harness.query_by_label("Читается вопрос").is_some(),
        "the «Брейн-ринг» tab is the event's own"
    );
    assert!(harness.query_by_label("Отвечает «Гуманитарии»").is_none());
    common::click(&mut harness, "Ещё брейн-ринг");
    assert!(harness.query_by_label("Отвечает «Гуманитарии»").is_some());
    common::click(&mut harness, "Неверно");
    common::assert_sent(
        &harness,
        [Command::game(
            JUNIORS,
            RingCommand::Judge {
                fight: FIGHT,
                correct: false,
            },
        )],
    );
}

#[test]
fn the_events_brain_ring_is_the_first_of_its_format_whatever_its_id() {
    // A store from an older release keeps its Brain-ring as game 5.
    let old = GameId(5);
    let mut view = host_view(fight(ButtonPhase::Reading));
    for game in &mut view.games {
        if game.format == Format::Ring {
            game.id = old;
        }
    }
    let mut harness = host_screen_on(view, 0);
    assert!(
        harness.query_by_label("Ещё брейн-ринг").is_none(),
        "no second Brain-ring: no tab for one on the bar"
    );
    common::click(&mut harness, "Время");
    common::assert_sent(
        &harness,
        [Command::game(old, RingCommand::Arm { fight: FIGHT })],
    );
}

#[test]
fn a_team_follows_its_fight_in_a_second_brain_ring_and_presses_there() {
    let mut view = common::team_view();
    view.games.push(juniors(GameTeamView::Ring(RingTeamView {
        fight: Some(fight(armed())),
        board: None,
    })));
    let state = state_at(Lang::Ru, ARMED + 20_000_000, View::Team(view));
    let mut harness = screen(
        state,
        team::TeamForm::default(),
        [1000.0, 1200.0],
        common::team_terminal,
    );
    assert!(harness.query_by_label("Время! Жмите").is_some());
    assert!(harness.query_by_label("Стол 1 · вы").is_some());
    common::click(&mut harness, "Нажать");
    common::assert_sent(&harness, [Command::Press { clock_offset_us: 0 }]);
    // The press is on that game's question, not the event's.
    let sent = std::mem::take(&mut harness.state_mut().sent);
    let UiCommand::Send(press) = &sent[0] else {
        unreachable!()
    };
    let state = &mut harness.state_mut().state;
    let request = state.begin_request(press.clone());
    common::answer(
        state,
        request,
        Ok(Receipt::Press {
            kind: PressKind::Won,
            arrived_at: at_ms(20_000),
            since_arming_us: Some(20_000_000),
        }),
    );
    let on = minuta_client::state::PressOn::new(
        JUNIORS,
        minuta_shared::play::button::QuestionMark([FIGHT.0, 4, 0, 0, 0]),
    );
    assert!(state.button.verdict_on(on).is_some());
}

#[test]
fn the_projector_shows_a_second_brain_ring_by_its_name_while_it_is_played() {
    let mut view = common::display_view();
    view.games.push(juniors(GameDisplayView::Ring(board(vec![
        answering_in_the_juniors(),
    ]))));
    let harness = projector(view, ARMED + 3_000_000);
    assert!(harness.query_by_label("Юниоры").is_some());
    assert!(harness.query_by_label("Отвечает «Гуманитарии»").is_some());
}

#[test]
fn the_jury_is_told_the_host_decides_brain_ring_appeals() {
    let view = View::Jury(JuryView {
        tournament: common::TOURNAMENT.into(),
        games: vec![
            common::event_ring(GameStaffView::Ring(RingStaffView::default())),
            juniors(GameStaffView::Ring(RingStaffView::default())),
        ],
    });
    let harness = screen(
        state_at(Lang::Ru, ARMED, view),
        jury::JuryForm::default(),
        [1000.0, 900.0],
        common::jury_terminal,
    );
    assert_eq!(
        harness
            .query_all_by_label("Апелляции по брейн-рингу рассматривает ведущий (4.13–4.16).")
            .count(),
        1,
        "the event's own Brain-ring is no page of the jury's"
    );
}

#[test]
fn once_the_question_is_over_the_projector_shows_its_answer_not_its_text() {
    // Arrange: the server sends the hall the answer (never the text) once
    // the question is over.
    let mut over = fight(ButtonPhase::Over { taken_by: Some(0) });
    let mut answer = super::staff::package_question("");
    answer.text.clear();
    over.text = Some(answer);
    let mut view = common::display_view();
    *common::display_ring(&mut view) = board(vec![over]);

    // Act
    let harness = projector(view, ARMED + 30_000_000);

    // Assert
    assert!(harness.query_by_label("Ответ: Пушкин").is_some());
    assert!(harness.query_by_label_contains("Евгения").is_none());
}

#[test]
fn brain_ring_4_3_the_projector_shows_the_lot_drawn_at_the_cut_with_its_seed() {
    // Arrange: the host drew the lot (seed 2026) among three tied teams
    // for two places; the teams are seeded, no fight yet.
    let named = |t: u32| (TeamId(t), format!("Команда {t}"));
    let mut view = common::display_view();
    let ring = common::display_ring(&mut view);
    ring.stage = RingStage::Qualifying {
        round: 1,
        open: 0,
        pairs: vec![[TeamId(3), TeamId(1)]],
    };
    ring.cut = Some(CutBoard {
        places: 2,
        seed: 1,
        tied: vec![named(1), named(2), named(3)],
        contested: 2,
        lot: Some(2026),
        lot_order: vec!["Команда 3".into(), "Команда 1".into(), "Команда 2".into()],
        ..CutBoard::default()
    });

    // Act
    let harness = projector(view, ARMED);

    // Assert: the seed and the order it drew, for the hall.
    assert!(
        harness
            .query_by_label("Жребий (зерно 2026): Команда 3, Команда 1, Команда 2")
            .is_some()
    );
    assert!(harness.query_by_label("Ничья на границе отбора").is_some());
}
