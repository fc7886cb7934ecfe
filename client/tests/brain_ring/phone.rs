//! The Brain-ring button on a phone held upright (360×640): it fills the
//! lower half of the screen, a finger presses it as it lands (its lift is
//! no second press), and the fight's screens, the appeal's form and the
//! screen between fights fit the screen's width.

use super::*;
use common::phone::{PHONE, assert_fits, assert_phone, connected, window};
use egui::{Event, PointerButton, Pos2, TouchDeviceId, TouchId, TouchPhase};
use minuta_client::views::LocalState;

/// Team 1's whole window on a phone during `fight`, `ms` after «Время».
fn phone(fight: RingFightView, ms: u64) -> Harness<'static, common::Screen<LocalState>> {
    let mut view = common::team_view();
    common::team_ring(&mut view).fight = Some(fight);
    window(connected(Lang::Ru, View::Team(view), ARMED + ms * 1000))
}

/// The big button fills the lower half of the screen: at least 45 % of
/// its height, down to its bottom edge.
#[track_caller]
fn fills_the_lower_half<S>(harness: &Harness<'_, S>, label: &str) -> egui::Rect {
    let rect = harness.get_by_label(label).rect();
    assert!(
        rect.height() >= 0.45 * PHONE[1],
        "the button is {} pt tall on a {}-pt screen: {rect:?}",
        rect.height(),
        PHONE[1]
    );
    assert!(
        rect.bottom() >= PHONE[1] - 24.0 && rect.bottom() <= PHONE[1],
        "the button reaches the bottom of the screen: {rect:?}"
    );
    assert!(rect.left() >= 0.0 && rect.right() <= PHONE[0], "{rect:?}");
    rect
}

fn presses(harness: &mut Harness<'static, common::Screen<LocalState>>) -> usize {
    std::mem::take(&mut harness.state_mut().sent)
        .into_iter()
        .filter(|c| matches!(c, UiCommand::Send(Command::Press { .. })))
        .count()
}

fn touch(phase: TouchPhase, pos: Pos2) -> Event {
    Event::Touch {
        device_id: TouchDeviceId(1),
        id: TouchId(1),
        phase,
        pos,
        force: None,
    }
}

fn pointer(pressed: bool, pos: Pos2) -> Event {
    Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::default(),
    }
}

#[test]
fn phone_the_button_fills_the_lower_half_and_the_fight_fits() {
    for lang in [Lang::Ru, Lang::En] {
        let mut view = common::team_view();
        common::team_ring(&mut view).fight = Some(fight(armed()));
        let mut harness = window(connected(lang, View::Team(view), ARMED + 20_000_000));
        let label = if lang == Lang::Ru {
            "Нажать"
        } else {
            "Press"
        };
        fills_the_lower_half(&harness, label);
        assert_phone(&mut harness, &format!("Brain-ring button ({lang:?})"));
    }
    // Every phase of a question, and a decided fight.
    let second_chance = ButtonPhase::SecondChance {
        table: 0,
        opened_at: at_ms(10_000),
        deadline: at_ms(30_000),
    };
    let mut won = fight(ButtonPhase::Over { taken_by: Some(1) });
    won.status = FightStatus::Won { winner: 0 };
    for (what, fight, ms) in [
        ("reading", fight(ButtonPhase::Reading), 0),
        ("second chance", fight(second_chance), 12_500),
        ("won", won, 70_000),
    ] {
        let mut harness = phone(fight, ms);
        fills_the_lower_half(&harness, "Нажать");
        assert_phone(&mut harness, what);
    }
}

#[test]
fn phone_a_finger_presses_as_it_lands_and_its_lift_is_no_second_press() {
    let mut harness = phone(fight(armed()), 20_000);
    let at = harness.get_by_label("Нажать").rect().center();
    // The browser reports the pointer's landing, then the touch with the
    // pointer again (one frame each); the lift later.
    frame(&mut harness, [pointer(true, at)]);
    frame(
        &mut harness,
        [pointer(true, at), touch(TouchPhase::Start, at)],
    );
    assert_eq!(presses(&mut harness), 1, "pressed as the finger landed");
    frame(
        &mut harness,
        [
            pointer(false, at),
            Event::PointerGone,
            touch(TouchPhase::End, at),
        ],
    );
    assert_eq!(presses(&mut harness), 0, "the lift is no second press");
    // From now on the landing alone presses.
    frame(&mut harness, [pointer(true, at)]);
    assert_eq!(presses(&mut harness), 1, "the next landing presses");
    frame(
        &mut harness,
        [pointer(true, at), touch(TouchPhase::Start, at)],
    );
    frame(
        &mut harness,
        [pointer(false, at), touch(TouchPhase::End, at)],
    );
    assert_eq!(presses(&mut harness), 0, "one touch, one press");
    // A landing beside the button presses nothing.
    let beside = egui::pos2(at.x, 40.0);
    frame(
        &mut harness,
        [pointer(true, beside), touch(TouchPhase::Start, beside)],
    );
    frame(
        &mut harness,
        [pointer(false, beside), touch(TouchPhase::End, beside)],
    );
    assert_eq!(presses(&mut harness), 0, "a touch elsewhere");
}

/// One frame with `events`, as a browser's event handler gives them.
fn frame<const N: usize>(
    harness: &mut Harness<'static, common::Screen<LocalState>>,
    events: [Event; N],
) {
    harness.input_mut().events.extend(events);
    harness.step();
}

#[test]
fn phone_a_mouse_still_presses_on_its_click() {
    let mut harness = phone(fight(armed()), 20_000);
    let at = harness.get_by_label("Нажать").rect().center();
    frame(&mut harness, [Event::PointerMoved(at)]);
    frame(&mut harness, [pointer(true, at)]);
    assert_eq!(presses(&mut harness), 0, "a mouse presses on release");
    frame(&mut harness, [pointer(false, at)]);
    assert_eq!(presses(&mut harness), 1);
}

#[test]
fn phone_the_appeal_form_fits_and_its_text_is_reachable() {
    let mut over = fight(ButtonPhase::Over { taken_by: Some(1) });
    over.score = [2, 2];
    let mut harness = phone(over, 30_000);
    common::click(&mut harness, "Подать апелляцию…");
    assert_phone(&mut harness, "Brain-ring appeal");
}

#[test]
fn phone_between_fights_the_tournament_fits() {
    let mut lost = fight(ButtonPhase::Over { taken_by: Some(1) });
    lost.kind = FightKind::Final { number: 1 };
    lost.ordinal = 1;
    lost.score = [2, 4];
    lost.status = FightStatus::Won { winner: 1 };
    lost.closed = true;
    let ring = finished(
        vec![lost],
        RingStandingRow {
            team: TeamId(1),
            name: "Знатоки".into(),
            place: Place::single(1),
            points_halves: 20,
            difference: 5,
            taken: 15,
            fights: 5,
        },
    );
    let mut view = common::team_view();
    common::team_ring(&mut view).board = Some(ring);
    let mut harness = window(connected(Lang::Ru, View::Team(view), ARMED));
    assert_fits(&harness, "between fights");
    assert_phone(&mut harness, "between fights");
}
