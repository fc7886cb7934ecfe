//! The team terminal as the Brain-ring button: the two tables as they sit
//! (the final's tables swap sides between fights), the score, the phase in
//! big letters with the countdown of the minute or the extra time, and one
//! big button — the space bar presses it too, unless the appeal's text has
//! the keyboard. The button lights up the moment it is pressed; the
//! server's verdict follows under it. After a question, before the next is
//! read, the team may appeal (4.13); issue 39: what it writes is kept past
//! a reload until the server lists the appeal or the next question is read.

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, PressKind, RingAppealKind, RingCommand, RingFightView, Table,
};
use minuta_shared::wire::client::Command;

use super::{countdown_at, phase_at, phase_colour, question_line, send, tables};
use crate::i18n::{Lang, T};
use crate::state::{AppState, PressOn, PressOutcome, UiCommand};
use crate::views::appeal::{self, Decided, Own, Written};
use crate::views::brain_ring::words;
use crate::views::brain_ring::words::Rt;
use crate::views::brain_ring::words::WonNow;
use crate::views::kept::{self, Kept};
use crate::views::widgets::{self, AMBER, GREEN, GREY, RED};
use minuta_shared::play::brain_ring::Ruling;

/// The button's colour in the instant after a press, before any verdict
/// (every format's button).
pub const FLASH: Color32 = Color32::from_rgb(255, 225, 90);
/// A button that presses nothing now.
pub const IDLE: Color32 = Color32::from_gray(70);
const LOCKED: Color32 = Color32::from_rgb(110, 30, 25);

#[derive(Debug, Default)]
pub struct ButtonForm {
    pub appeal: Option<RingAppealForm>,
    /// Issue 39: the draft of the appeal on the question last over.
    pub kept: Kept,
}

/// An appeal being written, and the question it is about.
#[derive(Debug)]
pub struct RingAppealForm {
    pub on: PressOn,
    pub kind: RingAppealKind,
    pub text: String,
    /// Just opened: scroll to it and give its text the keyboard.
    pub fresh: bool,
}

/// The whole terminal as the button: the team plays a fight of the
/// event's own Brain-ring.
pub fn screen(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    team: TeamId,
    fight: &RingFightView,
    form: &mut ButtonForm,
) -> Vec<UiCommand> {
    let mut out = Vec::new();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            button(ui, state, game, team, fight, form, &mut out)
        });
    out
}

/// The button of `team` in `fight` of `game`, on a screen that scrolls.
pub fn button(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    team: TeamId,
    fight: &RingFightView,
    form: &mut ButtonForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    // Read before any widget is drawn, so a focused button does not also
    // take the space bar as its own click.
    let mut press = space_pressed(ui);
    let now = state.server_now();
    let key = PressOn::new(game, fight.question_mark());
    if form.appeal.as_ref().is_some_and(|a| a.on != key) {
        form.appeal = None;
    }
    let Some(mine) = fight.tables.iter().position(|t| *t == team) else {
        return;
    };
    let phase = fight.question.as_ref().map(|q| phase_at(q, now));
    // Where the screen's content begins, for the button to reach the
    // bottom of a phone's screen from wherever it starts.
    let top = ui.max_rect().top();
    let phone = widgets::phone_portrait(ui.ctx());
    // A phone held upright: smaller type above, so that the button below
    // can fill the lower half of the screen.
    let scale = if phone { 0.6 } else { 1.0 };
    ui.vertical_centered(|ui| {
        let mut heading = words::fight_name(lang, fight);
        if fight.stage > 1 {
            heading = format!("{heading} · {}", words::stage_number(lang, fight.stage));
        }
        let line = question_line(lang, fight);
        match line {
            // One line on a phone: the fight and the question.
            Some(line) if phone => {
                ui.label(RichText::new(format!("{heading} · {line}")).size(16.0));
            }
            _ => {
                ui.label(RichText::new(heading).size(18.0).color(GREY));
                if let Some(line) = line {
                    ui.label(RichText::new(line).size(24.0).strong());
                }
            }
        }
    });
    ui.add_space(6.0 * scale);
    tables(ui, lang, fight, phase.as_ref(), Some(mine), 26.0 * scale);
    ui.add_space(6.0 * scale);
    ui.vertical_centered(|ui| {
        let (text, colour) = phase_face(lang, fight, phase.as_ref(), mine);
        ui.label(
            RichText::new(&text)
                .size(40.0 * scale)
                .strong()
                .color(colour),
        );
        match phase.as_ref().and_then(|p| countdown_at(p, now)) {
            Some(digits) => ui.label(
                RichText::new(digits)
                    .size(64.0 * scale)
                    .monospace()
                    .strong()
                    .color(colour),
            ),
            // The digits' place is kept, so the button never jumps.
            None => ui.label(
                RichText::new("–:––")
                    .size(64.0 * scale)
                    .monospace()
                    .strong()
                    .color(IDLE),
            ),
        };
        ui.add_space(6.0 * scale);
        let fill = button_colour(state, fight, phase.as_ref(), mine);
        // A red button says why it will not take a press (a false start
        // locked this table out), not «Нажать».
        let label = if fill == LOCKED {
            lang.t(T::PressLocked)
        } else {
            lang.t(T::Press)
        };
        if phone {
            // The verdict above the button, which takes the rest of the
            // screen; a phone has no space bar to hint at.
            verdict(ui, state, fight, phase.as_ref(), key, mine, &text);
            press |= big(ui, label, fill, true, top);
        } else {
            press |= big(ui, label, fill, true, top);
            ui.label(RichText::new(lang.t(T::PressHint)).color(GREY));
            ui.add_space(4.0);
            verdict(ui, state, fight, phase.as_ref(), key, mine, &text);
        }
    });
    ui.add_space(12.0);
    appeal(ui, state, game, fight, key, mine, form, out);
    own_appeals(ui, lang, team, fight);
    if press {
        // The terminal's best measured offset goes with the press into the
        // press log, for a jury to read. The press names no game: the
        // server gives it to the fight this team plays.
        let clock_offset_us = state.clock.map_or(0, |c| c.offset_us);
        out.push(UiCommand::Send(Command::Press { clock_offset_us }));
    }
}

/// The least share of a phone's screen the big button takes, whatever is
/// above it (the status bar, the banner of a lost server).
const MIN_SHARE: f32 = 0.45;

/// The big button labelled `label` in `fill`, under content that began at
/// `top`; true when it is pressed this frame. 160 points tall on a laptop;
/// on a phone held upright it reaches down to the bottom of the screen and
/// is at least [`MIN_SHARE`] of the screen tall.
pub fn big(ui: &mut Ui, label: &str, fill: Color32, enabled: bool, top: f32) -> bool {
    let width = ui.available_width().min(720.0);
    let height = if widgets::phone_portrait(ui.ctx()) {
        let screen = ui.clip_rect();
        // Measured from the content's top, not from where it is scrolled
        // to, so the button keeps its size while the screen scrolls.
        let above = ui.cursor().top() - top;
        let margin = ui.spacing().item_spacing.y + 2.0;
        (screen.height() - above - margin).max(ui.ctx().content_rect().height() * MIN_SHARE)
    } else {
        160.0
    };
    let big = egui::Button::new(
        RichText::new(label)
            .size(56.0)
            .strong()
            .color(Color32::BLACK),
    )
    .fill(fill)
    .min_size(egui::vec2(width, height))
    .corner_radius(24.0);
    let response = ui.add_enabled(enabled, big);
    pressed(ui, &response)
}

/// Whether the big button of `response` is pressed this frame. A mouse
/// presses on its click, as any button; a finger presses the moment it
/// lands, as a Brain-ring button must (a finger's lift comes a tenth of a
/// second later), and neither its lift nor the browser's second report of
/// the same touch is another press. A terminal that has seen a touch
/// counts the pointer's landing from then on.
fn pressed(ui: &Ui, response: &egui::Response) -> bool {
    let ctx = ui.ctx();
    let touch_id = egui::Id::unique("minuta-touch-screen");
    let held_id = response.id.with("held");
    let rect = response.interact_rect;
    let (touched, landings, lifted) = ui.input(|input| {
        let (mut touched, mut landings, mut lifted) = (false, Vec::new(), false);
        for event in &input.events {
            match event {
                egui::Event::Touch { phase, .. } => match phase {
                    egui::TouchPhase::Start => touched = true,
                    egui::TouchPhase::End | egui::TouchPhase::Cancel => lifted = true,
                    egui::TouchPhase::Move => {}
                },
                egui::Event::PointerButton {
                    pos,
                    button: egui::PointerButton::Primary,
                    pressed,
                    ..
                } => {
                    if *pressed {
                        landings.push(*pos);
                    } else {
                        lifted = true;
                    }
                }
                // Keys, text, scrolling: not the pointer's.
                _ => {}
            }
        }
        (touched, landings, lifted)
    });
    // Not when something (a menu, a tooltip) lies over the button there.
    let landed = landings
        .into_iter()
        .any(|pos| rect.contains(pos) && ctx.layer_id_at(pos) == Some(response.layer_id));
    if touched {
        ctx.data_mut(|d| d.insert_temp(touch_id, true));
    }
    let touch_screen = touched || ctx.data(|d| d.get_temp::<bool>(touch_id)).unwrap_or(false);
    if !touch_screen {
        return response.clicked();
    }
    let held = ctx.data(|d| d.get_temp::<bool>(held_id)).unwrap_or(false);
    ctx.data_mut(|d| d.insert_temp(held_id, (held || landed) && !lifted));
    landed && !held && response.enabled()
}

/// Space presses this frame, taken out of the input so no focused widget
/// sees them; key repeats from holding it down are not presses. A text
/// field with the keyboard keeps its spaces.
pub fn space_pressed(ui: &Ui) -> bool {
    if ui.ctx().text_edit_focused() {
        return false;
    }
    ui.input_mut(|input| {
        let mut pressed = false;
        input.events.retain(|event| match event {
            egui::Event::Key {
                key: egui::Key::Space,
                pressed: down,
                repeat,
                ..
            } => {
                pressed |= *down && !*repeat;
                false
            }
            _ => true,
        });
        pressed
    })
}

/// Lit at once on a press; green when pressing now answers; dark when it
/// cannot.
fn button_colour(
    state: &AppState,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    mine: Table,
) -> Color32 {
    if state.button.is_flashing(state.now_us) {
        return FLASH;
    }
    let locked = fight
        .question
        .as_ref()
        .is_some_and(|q| q.locked.get(mine).copied().unwrap_or(false));
    match phase {
        _ if fight.closed => IDLE,
        Some(ButtonPhase::Armed { .. }) if !locked => GREEN,
        Some(ButtonPhase::SecondChance { table, .. }) if *table == mine => GREEN,
        Some(ButtonPhase::Answering { table, .. }) if *table == mine => AMBER,
        Some(ButtonPhase::Over { .. }) | None => IDLE,
        _ if locked => LOCKED,
        _ => IDLE,
    }
}

/// The phase in big letters, as this team lives it, and its colour: red
/// when the team may not answer, green when the question is its own.
fn phase_face(
    lang: Lang,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    mine: Table,
) -> (String, Color32) {
    let (Some(q), Some(phase)) = (&fight.question, phase) else {
        return (lang.t(Rt::NoQuestionYet).to_owned(), GREY);
    };
    // Once the fight is decided, that is what the team wants to read.
    if matches!(phase, ButtonPhase::Over { .. }) {
        match fight.status {
            FightStatus::Won { winner } if winner == mine => {
                return (lang.t(Rt::FightWonYou).to_owned(), GREEN);
            }
            FightStatus::Won { .. } => return (lang.t(Rt::FightLostYou).to_owned(), GREY),
            FightStatus::Drawn => return (lang.t(Rt::Drawn).to_owned(), GREY),
            FightStatus::InProgress { .. } => {}
        }
    }
    if let (ButtonPhase::Over { .. }, Some(ruling)) = (phase, Ruling::of(fight)) {
        let colour = match ruling {
            Ruling::TakenBy(table) if table == mine => GREEN,
            _ => GREY,
        };
        return (words::team_ruling(lang, ruling, mine), colour);
    }
    let text = words::team_phase(lang, q, phase, mine, &fight.names);
    let locked = q.locked.get(mine).copied().unwrap_or(false);
    let false_start = q.false_start.get(mine).copied().unwrap_or(false);
    let colour = match phase {
        ButtonPhase::Reading | ButtonPhase::Armed { .. } if locked => RED,
        ButtonPhase::Reading if false_start => AMBER,
        ButtonPhase::SecondChance { table, .. } if *table != mine => AMBER,
        ButtonPhase::Over {
            taken_by: Some(table),
        } if *table == mine => GREEN,
        _ => phase_colour(phase),
    };
    (text, colour)
}

/// The server's word on this terminal's press of the current question,
/// unless the phase above already says the same.
fn verdict(
    ui: &mut Ui,
    state: &AppState,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    key: PressOn,
    mine: Table,
    phase_text: &str,
) {
    let lang = state.lang;
    let size = if widgets::phone_portrait(ui.ctx()) {
        18.0
    } else {
        24.0
    };
    let outcome = state.button.verdict_on(key);
    let text = outcome.map(|outcome| {
        let locked = fight
            .question
            .as_ref()
            .is_some_and(|q| q.locked.get(mine).copied().unwrap_or(false));
        let won = match phase {
            Some(ButtonPhase::Answering { table, .. }) if *table == mine => WonNow::Answering,
            Some(ButtonPhase::SecondChance { table, .. }) if *table == mine => WonNow::Fresh,
            None | Some(ButtonPhase::Reading | ButtonPhase::Armed { .. }) => WonNow::Fresh,
            Some(_) => WonNow::Past,
        };
        (words::press_verdict(lang, outcome, locked, won), won)
    });
    // In its own extra time the team needs no reminder that it was late
    // or answered wrong the first time.
    let own_second_chance =
        matches!(phase, Some(ButtonPhase::SecondChance { table, .. }) if *table == mine);
    let stale = |outcome: &PressOutcome| {
        own_second_chance
            && !matches!(
                outcome,
                PressOutcome::Decided {
                    kind: PressKind::Won,
                    ..
                }
            )
    };
    let over = matches!(phase, Some(ButtonPhase::Over { .. }));
    match (outcome, text) {
        (Some(outcome), Some((text, won))) if text != phase_text && !stale(outcome) => {
            let colour = match outcome {
                // Once the question is over a verdict is history.
                _ if over => GREY,
                PressOutcome::Decided {
                    kind: PressKind::Won,
                    ..
                } if won == WonNow::Past => GREY,
                PressOutcome::Decided {
                    kind: PressKind::Won,
                    ..
                } => GREEN,
                PressOutcome::Decided {
                    kind: PressKind::Contested | PressKind::Repeated | PressKind::Ignored,
                    ..
                } => AMBER,
                PressOutcome::Decided { .. } | PressOutcome::Refused(_) | PressOutcome::Lost => RED,
            };
            ui.label(RichText::new(text).size(size).strong().color(colour));
        }
        (None, _) if state.button.waiting() => {
            ui.label(
                RichText::new(lang.t(T::WaitingVerdict))
                    .size(size)
                    .color(GREY),
            );
        }
        _ => {
            // Keeps the layout still when the verdict appears.
            ui.label(RichText::new(" ").size(size));
        }
    }
}

/// 4.13: after a question is over and before the next is read.
#[allow(clippy::too_many_arguments)]
fn appeal(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    fight: &RingFightView,
    key: PressOn,
    mine: Table,
    form: &mut ButtonForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let Some(q) = &fight.question else { return };
    let draft_key = kept::draft_key(game, format_args!("appeal-f{}-q{}", fight.id, q.number));
    if fight.closed || form.kept.key().is_some_and(|k| k != draft_key) {
        // Issue 39: the fight is over or the next question is read: the
        // appeal on the last one can no longer be filed, nor its draft.
        form.kept.keep("", out);
    }
    let ButtonPhase::Over { taken_by } = phase_at(q, state.server_now()) else {
        return;
    };
    if fight.closed {
        return;
    }
    // Issue 39: on the first frame of the appeal's window, whether a draft
    // was kept for it (a reload interrupted the writing).
    let interrupted = form.kept.restore(state, &draft_key).is_some();
    // 4.15: only a team that answered the question, and did not take it,
    // may ask for its answer to be accepted.
    let won_press = matches!(
        state.button.verdict_on(key),
        Some(PressOutcome::Decided {
            kind: PressKind::Won,
            ..
        })
    );
    let answered_wrong = q.locked.get(mine).copied().unwrap_or(false)
        && !q.false_start.get(mine).copied().unwrap_or(false);
    let may_claim = (won_press || answered_wrong) && taken_by != Some(mine);
    // One appeal of each kind per question (the server refuses a second).
    let team = fight.tables.get(mine).copied();
    let filed = |kind: RingAppealKind| {
        fight
            .appeals
            .iter()
            .any(|a| Some(a.team) == team && a.question == q.number && a.kind == kind)
    };
    // Issue 39: an appeal the server lists leaves no draft behind.
    if form.appeal.is_none()
        && let Some((kind, _)) = appeal::draft::<RingAppealKind>(state, &draft_key)
        && filed(kind)
    {
        form.kept.keep("", out);
    }
    let open_kinds: Vec<RingAppealKind> = [
        (RingAppealKind::QuestionIncorrect, true),
        (RingAppealKind::AcceptOurAnswer, may_claim),
    ]
    .into_iter()
    .filter(|(kind, allowed)| *allowed && !filed(*kind))
    .map(|(kind, _)| kind)
    .collect();
    let Some(first) = open_kinds.first().copied() else {
        form.kept.keep("", out);
        form.appeal = None;
        return;
    };
    if interrupted
        && form.appeal.is_none()
        && let Some((kind, text)) = appeal::draft(state, &draft_key)
        && open_kinds.contains(&kind)
    {
        form.appeal = Some(RingAppealForm {
            on: key,
            kind,
            text,
            fresh: true,
        });
    }
    let Some(appeal) = &mut form.appeal else {
        ui.vertical_centered(|ui| {
            if ui.button(lang.t(Rt::AppealOpen)).clicked() {
                form.appeal = Some(RingAppealForm {
                    on: key,
                    kind: first,
                    text: String::new(),
                    fresh: true,
                });
            }
        });
        return;
    };
    if !open_kinds.contains(&appeal.kind) {
        appeal.kind = first;
    }
    let frame = egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new(words::appeal_on(lang, q.number)).strong());
        ui.label(RichText::new(lang.t(Rt::AppealHint)).small().color(GREY));
        // Wrapped: on a phone the second choice goes under the first.
        ui.horizontal_wrapped(|ui| {
            for kind in [
                RingAppealKind::QuestionIncorrect,
                RingAppealKind::AcceptOurAnswer,
            ] {
                ui.add_enabled_ui(open_kinds.contains(&kind), |ui| {
                    ui.radio_value(&mut appeal.kind, kind, words::appeal_kind(lang, kind));
                });
            }
        });
        let (text, written) = appeal::write(ui, lang, &mut appeal.text, true);
        if appeal.fresh {
            // The team writes at once; while it does, the space bar types.
            text.request_focus();
        }
        written
    });
    if appeal.fresh {
        // The form opens below the button, out of sight on a small screen.
        frame.response.scroll_to_me(Some(egui::Align::Max));
        appeal.fresh = false;
    }
    appeal::keep(&mut form.kept, appeal.kind, &appeal.text, out);
    let Some(written) = frame.inner else {
        return;
    };
    match written {
        // The draft stays until the server lists the appeal: a reload
        // before that gives it back.
        Written::Filed(text) => send(
            out,
            game,
            RingCommand::Appeal {
                fight: fight.id,
                kind: appeal.kind,
                text,
            },
        ),
        Written::Cancelled => form.kept.keep("", out),
    }
    form.appeal = None;
}

/// This team's appeals in the fight and how they were decided.
fn own_appeals(ui: &mut Ui, lang: Lang, team: TeamId, fight: &RingFightView) {
    let own: Vec<Own<'_>> = fight
        .appeals
        .iter()
        .filter(|a| a.team == team)
        .map(|a| Own {
            title: words::appeal_on(lang, a.question),
            kind: words::appeal_kind(lang, a.kind),
            text: &a.text,
            decided: a.resolution.as_ref().map(|(upheld, reply, _)| Decided {
                upheld: *upheld,
                credit: None,
                reply,
            }),
        })
        .collect();
    appeal::own(ui, lang, &own);
}
