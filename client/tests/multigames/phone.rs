//! «Мультиигры» on a phone held upright (360×640): the task card before and
//! after its start, the answer handed in with its receipt, the revealed
//! answers with their credit, the appeal's form and the jury's decision,
//! and the standings fit the screen's width with the fields in reach.

use super::*;
use common::phone::{assert_fits, assert_phone, connected, window};
use minuta_client::views::LocalState;

/// Team 1's whole window on a phone, `ms` after the task's start.
fn phone(
    lang: Lang,
    view: TeamView,
    ms: u64,
) -> egui_kittest::Harness<'static, common::Screen<LocalState>> {
    window(connected(lang, View::Team(view), (START_MS + ms) * 1000))
}

#[test]
fn multigames_phone_the_task_card_fits_before_and_after_the_start() {
    for lang in [Lang::Ru, Lang::En] {
        for (status, ms) in [
            (TaskStatus::Announced, 0),
            (TaskStatus::Running, 20_000),
            (TaskStatus::Over, 125_000),
        ] {
            let mut harness = phone(lang, team_game(task_view(status)), ms);
            assert_phone(&mut harness, &format!("task {status:?} ({lang:?})"));
        }
    }
}

#[test]
fn multigames_phone_an_answer_and_its_receipt_fit() {
    let mut harness = phone(Lang::Ru, team_game(task_view(TaskStatus::Running)), 58_000);
    common::type_into(&mut harness, "Ваш ответ", "Пастила");
    common::click(&mut harness, "Сдать ответ");
    assert_fits(&harness, "the confirmation");
    common::click(&mut harness, "Да, сдать");
    let sent = std::mem::take(&mut harness.state_mut().sent);
    let [UiCommand::Send(command)] = sent.as_slice() else {
        panic!("expected one command, got {sent:?}");
    };
    let request = harness.state_mut().state.begin_request(command.clone());
    harness.run_steps(2);
    assert_fits(&harness, "the answer on its way");
    let receipt = Receipt::Game {
        game: GAME,
        receipt: GameReceipt::Multigames(MultigamesReceipt::Answer {
            task: TASK,
            received_at: at(58_731),
            since_start_ms: 58_731,
            late: false,
        }),
    };
    common::answer(&mut harness.state_mut().state, request, Ok(receipt));
    harness.run();
    assert!(harness.query_by_label("принято 00:58.731").is_some());
    assert_fits(&harness, "the receipt");
}

#[test]
fn multigames_phone_the_revealed_answers_the_appeal_and_the_decision_fit() {
    let mut harness = phone(Lang::Ru, team_game(revealed_view("0")), 200_000);
    assert_phone(&mut harness, "revealed");
    common::click(&mut harness, "Апелляция");
    assert_phone(&mut harness, "the appeal's form");
    let mut view = revealed_view("3");
    view.appeals = vec![appeal(
        1,
        Some(AppealDecision {
            upheld: true,
            points: Some(Credit::from_int(3)),
            reply: "Засчитано по звучанию, как решило апелляционное жюри".into(),
            at: at(300_000),
            by_host: false,
        }),
    )];
    for lang in [Lang::Ru, Lang::En] {
        let mut harness = phone(lang, team_game(view.clone()), 400_000);
        assert_phone(&mut harness, &format!("decision ({lang:?})"));
    }
}
