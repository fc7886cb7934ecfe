//! «Брейн-ринг» on screen: the team's button ([`button`]), the host's fight
//! panel ([`fight_panel`]) with the press log ([`press_log`]), and the
//! projector's board ([`board`]), and the team's screen between its fights
//! ([`waiting`]). What they share lives here: a question's
//! phase at this instant, the countdown, and the two tables side by side.

pub mod board;
pub mod button;
pub mod fight_panel;
pub mod press_log;
pub mod waiting;

use egui::{Color32, RichText, Ui};
use minuta_shared::play::brain_ring::{ButtonPhase, ButtonQuestion, RingFightView, Table};
use minuta_shared::rules::brain_ring::FightStatus;
use minuta_shared::time::{ServerTime, countdown};

use crate::i18n::{Lang, T, ring as words};
use crate::state::Ruling;
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// The question being read: not yet live, but not idle either.
const READING: Color32 = Color32::from_gray(200);
/// The answering table's frame is tinted so the hall sees it from afar
/// (opaque: a translucent fill dithers into streaks on some drivers).
const ANSWERING_TINT: Color32 = Color32::from_rgb(72, 50, 14);

/// The phase at `now`: a view is only as fresh as its last frame, and a
/// minute or an extra time that has run out is over even before the
/// server's next view says so (the server decides the same way: a press
/// one microsecond after the deadline is ignored).
pub fn phase_at(question: &ButtonQuestion, now: ServerTime) -> ButtonPhase {
    match &question.phase {
        ButtonPhase::Armed { deadline, .. } | ButtonPhase::SecondChance { deadline, .. }
            if now > *deadline =>
        {
            ButtonPhase::Over { taken_by: None }
        }
        other => other.clone(),
    }
}

/// The countdown of the minute or of the extra time, while one runs.
pub fn countdown_at(phase: &ButtonPhase, now: ServerTime) -> Option<String> {
    match phase {
        ButtonPhase::Armed { deadline, .. } | ButtonPhase::SecondChance { deadline, .. } => {
            Some(countdown(now.until(*deadline)))
        }
        _ => None,
    }
}

/// The fight each stage plays now, by stage: of its open fights the first
/// one begun (a question read), else the first one waiting. The others on
/// that stage wait their turn (a round opens all its fights at once).
pub fn on_stage(fights: &[RingFightView]) -> Vec<&RingFightView> {
    let mut open: Vec<&RingFightView> = fights.iter().filter(|f| !f.closed).collect();
    open.sort_by_key(|f| (f.stage, f.question.is_none(), f.id));
    open.dedup_by_key(|f| f.stage);
    open
}

/// Whether a clock runs on this fight's question (the screen must tick).
pub fn ticking(fight: &RingFightView) -> bool {
    !fight.closed
        && fight.question.as_ref().is_some_and(|q| {
            matches!(
                q.phase,
                ButtonPhase::Armed { .. } | ButtonPhase::SecondChance { .. }
            )
        })
}

pub fn phase_colour(phase: &ButtonPhase) -> Color32 {
    match phase {
        ButtonPhase::Reading => READING,
        ButtonPhase::Armed { .. } => GREEN,
        ButtonPhase::Contested { .. } | ButtonPhase::Answering { .. } => AMBER,
        ButtonPhase::SecondChance { .. } => GREEN,
        ButtonPhase::Over { .. } => GREY,
    }
}

/// The table answering now, if any (it is highlighted on every screen).
pub fn answering(phase: &ButtonPhase) -> Option<Table> {
    match phase {
        ButtonPhase::Answering { table, .. } | ButtonPhase::SecondChance { table, .. } => {
            Some(*table)
        }
        _ => None,
    }
}

/// The question's number line: «Вопрос 3», in sudden death «Вопрос 6 — до
/// первого взятого», and the fight's result once it has one; nothing
/// before the first question (the phase says so).
pub fn question_line(lang: Lang, fight: &RingFightView) -> Option<String> {
    let number = fight.question.as_ref().map(|q| q.number);
    match (fight.status, number) {
        (FightStatus::Won { winner }, _) => {
            let name = fight.names.get(winner).map(String::as_str).unwrap_or("");
            Some(words::fight_won(lang, name))
        }
        (FightStatus::Drawn, _) => Some(lang.t(T::RingDrawn).to_owned()),
        (_, None) => None,
        (
            FightStatus::InProgress {
                next_question,
                sudden_death,
            },
            Some(n),
        ) => {
            // The status speaks of the next question to ask: once this one
            // is over, it has been counted, and the last regulation question
            // is not sudden death even though the next one will be.
            let over = fight.question.as_ref().is_some_and(|q| q.is_over());
            let this_one = if over {
                next_question > fight.format.questions + 1
            } else {
                sudden_death
            };
            Some(if this_one {
                words::sudden_death_question(lang, n)
            } else {
                crate::i18n::question_number(lang, &n.to_string())
            })
        }
    }
}

/// The question, its phase and the countdown, centred, as the hall and
/// the host see them; `size` is the phase's letters.
pub fn hall_status(
    ui: &mut Ui,
    lang: Lang,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    now: ServerTime,
    size: f32,
) {
    let decided = !matches!(fight.status, FightStatus::InProgress { .. })
        && !phase.is_some_and(|p| !matches!(p, ButtonPhase::Over { .. }));
    ui.vertical_centered(|ui| {
        if let Some(line) = question_line(lang, fight) {
            // A decided fight's result is the news; the last question's
            // outcome follows in smaller letters.
            let line = if decided {
                RichText::new(line).size(size * 1.2).strong().color(GREEN)
            } else {
                RichText::new(line).size(size * 0.8).strong()
            };
            ui.label(line);
        }
        let size = if decided { size * 0.7 } else { size };
        let (text, colour) = match (phase, Ruling::of(fight)) {
            (Some(ButtonPhase::Over { .. }), Some(ruling)) => {
                (words::hall_ruling(lang, ruling, &fight.names), GREEN)
            }
            (Some(phase), _) => (
                words::hall_phase(lang, phase, &fight.names),
                phase_colour(phase),
            ),
            (None, _) => (lang.t(T::RingNoQuestionYet).to_owned(), GREY),
        };
        ui.label(RichText::new(text).size(size).strong().color(colour));
        if let Some(digits) = phase.and_then(|p| countdown_at(p, now)) {
            ui.label(
                RichText::new(digits)
                    .size(size * 2.0)
                    .monospace()
                    .strong()
                    .color(colour),
            );
        }
    });
}

/// The two tables side by side as `tables` says (table 1 on the left): the
/// name, the score, and marks for the table that answers, a false start
/// and a lost right to answer. `mine` marks this terminal's own table.
pub fn tables(
    ui: &mut Ui,
    lang: Lang,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    mine: Option<Table>,
    size: f32,
) {
    let active = phase.and_then(answering);
    ui.columns(2, |cols| {
        for (table, ui) in cols.iter_mut().enumerate() {
            let lit = active == Some(table);
            // One stroke width for both, so the frames stay level.
            let (stroke, fill) = if lit {
                (egui::Stroke::new(4.0, AMBER), ANSWERING_TINT)
            } else {
                (
                    egui::Stroke::new(4.0, Color32::from_gray(60)),
                    Color32::TRANSPARENT,
                )
            };
            egui::Frame::group(ui.style())
                .stroke(stroke)
                .fill(fill)
                .inner_margin(size * 0.4)
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    ui.vertical_centered(|ui| {
                        let mut caption = words::table_number(lang, table);
                        if mine == Some(table) {
                            caption = format!("{caption} · {}", lang.t(T::RingYou));
                        }
                        ui.label(RichText::new(caption).size(size * 0.6).color(GREY));
                        let name = fight.names.get(table).map(String::as_str).unwrap_or("");
                        ui.label(RichText::new(name).size(size).strong());
                        let score = fight.score.get(table).copied().unwrap_or(0);
                        ui.label(
                            RichText::new(score.to_string())
                                .size(size * 2.6)
                                .strong()
                                .monospace(),
                        );
                        let marks = table_marks(lang, fight.question.as_ref(), table);
                        // Keeps both frames the same height with or without marks.
                        let text = if marks.is_empty() { " ".into() } else { marks };
                        ui.label(RichText::new(text).size(size * 0.6).color(RED));
                    });
                });
        }
    });
}

/// «фальстарт», «без права ответа» for one table on the current question.
fn table_marks(lang: Lang, question: Option<&ButtonQuestion>, table: Table) -> String {
    let Some(q) = question else {
        return String::new();
    };
    let false_start = q.false_start.get(table).copied().unwrap_or(false);
    let locked = q.locked.get(table).copied().unwrap_or(false);
    let mut marks = Vec::new();
    if false_start {
        marks.push(lang.t(T::RingFalseStartMark));
    }
    if locked && !false_start && !q_is_over(q) {
        marks.push(lang.t(T::RingLockedMark));
    }
    marks.join(" · ")
}

fn q_is_over(q: &ButtonQuestion) -> bool {
    matches!(q.phase, ButtonPhase::Over { .. })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn armed(deadline_ms: u64) -> ButtonQuestion {
        let mut q = ButtonQuestion::new(2);
        q.phase = ButtonPhase::Armed {
            armed_at: ServerTime::from_millis(0),
            deadline: ServerTime::from_millis(deadline_ms),
        };
        q
    }

    #[test]
    fn the_minute_runs_out_on_screen_at_the_deadline() {
        let q = armed(60_000);
        let at = |ms| ServerTime::from_millis(ms);
        assert_eq!(
            countdown_at(&phase_at(&q, at(20_500)), at(20_500)).as_deref(),
            Some("0:40")
        );
        assert!(matches!(
            phase_at(&q, at(60_000)),
            ButtonPhase::Armed { .. }
        ));
        assert_eq!(
            phase_at(&q, ServerTime(at(60_000).0 + 1)),
            ButtonPhase::Over { taken_by: None }
        );
    }
}
