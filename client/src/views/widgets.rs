//! Small building blocks shared by the views: the big clock (a ChGK
//! question's or a game task's), QR codes, join code boxes, the team's
//! heading, the connection badge, and every format's standings table, on
//! the projector too.

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::Slice;
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::time::{ServerTime, countdown};
use minuta_shared::wire::view::TeamView;

use crate::i18n::{self, Key, Lang, T};
use crate::state::{AppState, ConnectionStatus, UiCommand};
use crate::views::long_list;

pub const GREEN: Color32 = Color32::from_rgb(60, 170, 80);
pub const AMBER: Color32 = Color32::from_rgb(235, 150, 20);
pub const RED: Color32 = Color32::from_rgb(220, 50, 40);
pub const GREY: Color32 = Color32::from_gray(140);
/// Text that must read from the back of a hall.
pub const BRIGHT: Color32 = Color32::from_gray(240);
/// Secondary text (a town) that still reads on a projector.
pub const SOFT: Color32 = Color32::from_gray(205);

/// What the clock shows at one instant: computed from the server's
/// deadlines and this terminal's estimate of server time, so every terminal
/// in the hall shows the same second.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockFace {
    pub phase: Phase,
    /// The big digits, `M:SS`, or `None` before «Время».
    pub digits: Option<String>,
    /// The hand-in grace left, during «Время, сдавайте ответы».
    pub grace_left: Option<String>,
}

/// The phase at `now` by the deadlines (the view's phase is only as fresh
/// as its last frame).
pub fn phase_at(clock: &ClockView, now: ServerTime) -> Phase {
    match (clock.warning_at, clock.ends_at, clock.accept_until) {
        (Some(warning), Some(ends), Some(until)) if clock.started_at.is_some() => {
            if now < warning {
                Phase::Minute
            } else if now < ends {
                Phase::LastSeconds
            } else if now <= until {
                Phase::HandIn
            } else {
                Phase::Over
            }
        }
        _ => clock.phase,
    }
}

pub fn clock_face(clock: &ClockView, now: ServerTime) -> ClockFace {
    let phase = phase_at(clock, now);
    let digits = clock
        .ends_at
        .filter(|_| clock.started_at.is_some())
        .map(|ends| countdown(now.until(ends)));
    let grace_left = match (phase, clock.accept_until) {
        (Phase::HandIn, Some(until)) => Some(countdown(now.until(until))),
        _ => None,
    };
    ClockFace {
        phase,
        digits,
        grace_left,
    }
}

pub fn phase_colour(phase: Phase) -> Color32 {
    match phase {
        Phase::Idle | Phase::Announced => GREY,
        Phase::Minute => GREEN,
        Phase::LastSeconds => AMBER,
        Phase::HandIn => RED,
        Phase::Over => GREY,
    }
}

/// The countdown in large digits, with the phase under it.
pub fn big_clock(ui: &mut Ui, lang: Lang, clock: &ClockView, now: ServerTime, size: f32) {
    captioned_clock(ui, clock, now, size, |phase| i18n::phase(lang, phase));
}

/// The countdown in large digits in its phase's colour, with `caption`'s
/// words for the phase under it and the grace left after the end signal.
pub fn captioned_clock<'a>(
    ui: &mut Ui,
    clock: &ClockView,
    now: ServerTime,
    size: f32,
    caption: impl FnOnce(Phase) -> &'a str,
) {
    let face = clock_face(clock, now);
    let mut words = caption(face.phase).to_owned();
    if let Some(grace) = &face.grace_left {
        words = format!("{words} · {grace}");
    }
    let digits = face.digits.unwrap_or_else(|| "–:––".into());
    clock_digits(ui, &digits, &words, phase_colour(face.phase), size);
}

/// `digits` large in `colour`, centred, with a smaller caption under them
/// (none when it is empty).
pub fn clock_digits(ui: &mut Ui, digits: &str, caption: &str, colour: Color32, size: f32) {
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(digits)
                .size(size)
                .monospace()
                .strong()
                .color(colour),
        );
        if !caption.is_empty() {
            ui.label(
                RichText::new(caption)
                    .size((size / 4.0).max(16.0))
                    .color(colour),
            );
        }
    });
}

/// A QR code drawn as squares, `module` points per module.
pub fn qr(ui: &mut Ui, text: &str, module: f32) {
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return;
    };
    let width = code.width();
    let quiet = 4.0;
    let side = (width as f32 + 2.0 * quiet) * module;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    for (i, colour) in code.to_colors().iter().enumerate() {
        if *colour == qrcode::Color::Dark {
            let (x, y) = ((i % width) as f32 + quiet, (i / width) as f32 + quiet);
            let min = rect.min + egui::vec2(x * module, y * module);
            painter.rect_filled(
                egui::Rect::from_min_size(min, egui::vec2(module, module)),
                0.0,
                Color32::BLACK,
            );
        }
    }
}

/// A join code: its text and a copy button; its web link with its own
/// when the server serves browsers (`web`); and a QR that unfolds on
/// demand — of the web link when there is one (a phone's camera opens it
/// in the browser, the app has no camera), else of the code.
pub fn join_code_box(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    code: &str,
    web: Option<&str>,
    out: &mut Vec<UiCommand>,
) {
    ui.horizontal(|ui| {
        ui.add(egui::Label::new(RichText::new(code).monospace().small()).wrap());
        if ui.small_button(lang.t(T::Copy)).clicked() {
            out.push(UiCommand::Copy(code.to_owned()));
        }
    });
    if let Some(link) = web {
        web_link_line(ui, lang, link, out);
    }
    egui::CollapsingHeader::new(lang.t(T::Qr))
        .id_salt(("qr", id))
        .show(ui, |ui| code_qr(ui, lang, code, web));
}

/// A code's web link (issue 24) and the button that copies it.
pub fn web_link_line(ui: &mut Ui, lang: Lang, link: &str, out: &mut Vec<UiCommand>) {
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(crate::i18n::codes::web_link_label(lang))
                .small()
                .color(GREY),
        );
        ui.add(egui::Label::new(RichText::new(link).monospace().small()).wrap());
        if ui
            .small_button(crate::i18n::codes::copy_link(lang))
            .clicked()
        {
            out.push(UiCommand::Copy(link.to_owned()));
        }
    });
}

/// The QR of a code: of its web link when the server serves browsers,
/// said under it; else of the code itself.
pub fn code_qr(ui: &mut Ui, lang: Lang, code: &str, web: Option<&str>) {
    match web {
        Some(link) => {
            qr(ui, link, 4.0);
            ui.label(
                RichText::new(crate::i18n::codes::web_qr_caption(lang))
                    .small()
                    .color(GREY),
            );
        }
        None => qr(ui, code, 4.0),
    }
}

/// A team's short code beside its long one: large enough to read out.
pub fn short_code_line(ui: &mut Ui, lang: Lang, short: &str) {
    ui.horizontal(|ui| {
        ui.label(crate::i18n::lan::short_code_label(lang));
        ui.label(RichText::new(short).monospace().size(18.0).strong());
    });
}

/// A team's answer in «ёлочки», unless it already wears quotes.
pub fn quoted(text: &str) -> String {
    let text = text.trim();
    if text.starts_with(['«', '"', '„', '“']) {
        text.to_owned()
    } else {
        format!("«{text}»")
    }
}

/// The least a finger can hit on a phone (issue 39: touch targets).
pub const TOUCH: f32 = 44.0;

/// A button a finger can hit: at least [`TOUCH`] points each way.
pub fn touch_button(ui: &mut Ui, text: impl Into<egui::WidgetText>) -> egui::Response {
    ui.add(egui::Button::new(text).min_size(egui::vec2(TOUCH, TOUCH)))
}

/// Issue 39: keeps a text field being typed in, and the button that hands
/// it in, on the screen: when the field takes the focus, and whenever the
/// screen's height changes while it has it (a phone's keyboard opening
/// shrinks the page), the two are scrolled into sight together.
pub fn keep_in_sight(ui: &mut Ui, field: &egui::Response, button: &egui::Response) {
    let key = field.id.with("screen-height-while-typing");
    let height = ui.ctx().content_rect().height();
    let before: Option<f32> = ui.data(|d| d.get_temp(key));
    if field.has_focus() {
        ui.data_mut(|d| d.insert_temp(key, height));
    } else if before.is_some() {
        ui.data_mut(|d| d.remove::<f32>(key));
    }
    let resized = field.has_focus() && before.is_some_and(|h| (h - height).abs() > 0.5);
    if field.gained_focus() || resized {
        ui.scroll_to_rect(field.rect.union(button.rect), Some(egui::Align::Center));
    }
}

/// The smallest text any screen draws (issue 39): egui's «small» style is
/// 9 points, unreadable on a phone and a projector's hints alike.
pub const SMALLEST_TEXT: f32 = 12.0;

/// Every screen's small text at [`SMALLEST_TEXT`]; both shells call it once.
pub fn legible_text(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style.text_styles.insert(
            egui::TextStyle::Small,
            egui::FontId::proportional(SMALLEST_TEXT),
        );
    });
}

/// Lays `add` out centred horizontally: egui centres single widgets, not
/// grids, so the block's width from the previous pass sets the margin.
/// A block seen for the first time, or grown, is measured in a pass egui
/// discards (issue 39): nobody sees, or taps, a button where it stands for
/// one frame before it moves («Да, сдать» under a thumb aimed at «Отмена»).
pub fn centred(ui: &mut Ui, id: &str, add: impl FnOnce(&mut Ui)) {
    let key = ui.scope_id().with(("centred-width", id));
    let width: Option<f32> = ui.data(|d| d.get_temp(key));
    let margin = ((ui.available_width() - width.unwrap_or(0.0)) / 2.0).max(0.0);
    ui.horizontal(|ui| {
        ui.add_space(margin);
        let block = ui.scope(add).response.rect.width();
        if width.is_none_or(|w| (block - w).abs() > 0.5) {
            ui.data_mut(|d| d.insert_temp(key, block));
            ui.ctx().request_discard("a centred block measured");
            ui.ctx().request_repaint();
        }
    });
}

/// The team's name and the tournament's, at the top of every team screen
/// but the Brain-ring button.
pub fn team_heading(ui: &mut Ui, view: &TeamView) {
    ui.label(RichText::new(&view.name).size(30.0).strong());
    ui.label(RichText::new(&view.tournament).color(GREY));
    ui.add_space(8.0);
}

/// Under a ломтик's name («Н-верх»), which half of its team this terminal
/// is (Нептун 2.2), so the players at it know they act for it alone.
/// Nothing for a team's own terminal.
pub fn slice_note(ui: &mut Ui, lang: Lang, view: &TeamView) {
    let note = match view.slice {
        Some(Slice::Top) => T::SliceTop,
        Some(Slice::Bottom) => T::SliceBottom,
        None => return,
    };
    ui.label(RichText::new(lang.t(note)).color(AMBER));
    ui.add_space(4.0);
}

/// A coloured dot and the connection's state in words.
/// Narrower than this a screen stacks its columns and its tables' cells:
/// a phone held upright (360 points) and anything up to a small tablet's
/// half; a laptop's window is always wider.
pub const NARROW: f32 = 560.0;

/// Whether `ui` has a phone's width rather than a laptop's.
pub fn narrow(ui: &Ui) -> bool {
    ui.available_width() < NARROW
}

/// Whether the whole window is a phone held upright: narrow and taller
/// than wide. The big buttons then fill the lower half of the screen.
pub fn phone_portrait(ctx: &egui::Context) -> bool {
    let screen = ctx.content_rect();
    screen.width() < NARROW && screen.height() > screen.width()
}

pub fn connection_badge(ui: &mut Ui, state: &AppState) {
    let colour = match state.connection {
        ConnectionStatus::Connected => GREEN,
        ConnectionStatus::Connecting
        | ConnectionStatus::Silent
        | ConnectionStatus::Reconnecting { .. } => AMBER,
        ConnectionStatus::Idle => GREY,
        ConnectionStatus::Stopped(_) => RED,
    };
    dot(ui, colour);
    let text = i18n::connection(state.lang, &state.connection);
    let label = ui.label(RichText::new(text).color(colour));
    if let ConnectionStatus::Reconnecting { error, .. } = &state.connection {
        label.on_hover_text(i18n::link_error(state.lang, error));
    }
}

/// «нет связи с сервером» across the top of every role's screen, the
/// projector's too: the view under it is the last the server sent, and its
/// clocks stand still. `size` scales it (the projector is read from afar).
pub fn link_lost_banner(ui: &mut Ui, lang: Lang, size: f32) {
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(lang.t(T::LinkLost))
                .size(size)
                .strong()
                .color(RED),
        );
        ui.label(RichText::new(lang.t(T::LinkLostHint)).size((size * 0.55).max(14.0)));
    });
}

/// The staff's banner while the server's store refuses writes, with the
/// server's reason (the OS's words, as the server's log has them).
pub fn storage_banner(ui: &mut Ui, lang: Lang, reason: &str) {
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(lang.t(T::StorageFailing))
                .size(20.0)
                .strong()
                .color(RED),
        );
        ui.label(RichText::new(lang.t(T::StorageFailingHint)));
        ui.label(RichText::new(reason).small().color(GREY));
    });
}

/// A settings grid of durations: each row a label, a value dragged from 0
/// to its maximum, and its unit. Returns whether any value changed.
pub fn duration_grid(
    ui: &mut Ui,
    id: impl egui::AsIdSalt,
    rows: Vec<(&str, &mut f64, &str, f64)>,
) -> bool {
    let mut changed = false;
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            for (label, value, unit, max) in rows {
                let label = ui.label(label);
                changed |= ui
                    .add(
                        egui::DragValue::new(value)
                            .range(0.0..=max)
                            .speed(0.5)
                            .suffix(format!(" {unit}")),
                    )
                    .labelled_by(label.id)
                    .changed();
                ui.end_row();
            }
        });
    changed
}

/// «Сохранить» (enabled while a form is being edited) and «Отмена»: true
/// when the person saves; either ends the editing.
pub fn save_or_cancel(ui: &mut Ui, lang: Lang, editing: &mut bool) -> bool {
    let mut saved = false;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(*editing, egui::Button::new(lang.t(T::Save)))
            .clicked()
        {
            saved = true;
            *editing = false;
        }
        if *editing && ui.button(lang.t(T::Cancel)).clicked() {
            *editing = false;
        }
    });
    saved
}

/// The unobtrusive line that says the clock's signals cannot be heard.
pub fn no_audio_line(ui: &mut Ui, lang: Lang) {
    ui.label(RichText::new(lang.t(T::NoAudio)).small().color(GREY));
}

pub fn dot(ui: &mut Ui, colour: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
    ui.painter().circle_filled(rect.center(), 5.0, colour);
}

/// The projector's «Положение команд» under its clock, and `table` in the
/// room left, centred and scrolling, in type scaled to `clock_size`.
pub fn projector_standings(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    clock_size: f32,
    table: impl FnOnce(&mut Ui, f32),
) {
    ui.vertical_centered(|ui| {
        ui.add_space(clock_size * 0.1);
        ui.label(
            RichText::new(lang.t(T::Standings))
                .size(clock_size * 0.16)
                .strong(),
        );
    });
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let size = (clock_size * 0.12).max(16.0);
            centred(ui, id, |ui| table(ui, size));
        });
}

/// A striped table under the bold `heads`, a line per row as `line` draws
/// its cells, every format's standings alike; «Пока нет результатов» when
/// empty. `size` scales it for a projector; `salt` keeps it apart from the
/// screen's other tables.
pub fn places_table<R, K: Key>(
    ui: &mut Ui,
    lang: Lang,
    salt: impl egui::AsIdSalt,
    heads: &[K],
    rows: &[R],
    size: f32,
    mut line: impl FnMut(&mut Ui, &R),
) {
    if rows.is_empty() {
        ui.label(RichText::new(lang.t(T::NoStandings)).size(size));
        return;
    }
    // A line at `size`, numbers in monospace: every row is this tall, so
    // only the rows on screen need drawing (a hall of thousands).
    let height = long_list::line_height(ui, egui::FontId::proportional(size))
        .max(long_list::line_height(ui, egui::FontId::monospace(size)));
    egui::Grid::new(salt)
        .striped(true)
        .spacing([size, size * 0.3])
        .min_row_height(height)
        .show(ui, |ui| {
            for head in heads {
                ui.label(RichText::new(lang.t(*head)).size(size).strong());
            }
            ui.end_row();
            long_list::grid_rows(ui, rows, height, |ui, row| line(ui, row));
        });
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn running_clock() -> ClockView {
        let start = 1_000_000_000;
        ClockView {
            question: Some(minuta_shared::ids::QuestionId(0)),
            number: "1".into(),
            tour: None,
            phase: Phase::Minute,
            started_at: Some(ServerTime::from_millis(start)),
            warning_at: Some(ServerTime::from_millis(start + 50_000)),
            ends_at: Some(ServerTime::from_millis(start + 60_000)),
            accept_until: Some(ServerTime::from_millis(start + 63_000)),
        }
    }

    #[test]
    fn the_clock_follows_the_deadlines_not_the_last_frame() {
        let clock = running_clock();
        let at = |ms: u64| ServerTime::from_millis(1_000_000_000 + ms);
        let table = [
            (0, Phase::Minute, Some("1:00"), None),
            (49_500, Phase::Minute, Some("0:11"), None),
            (50_000, Phase::LastSeconds, Some("0:10"), None),
            (60_000, Phase::HandIn, Some("0:00"), Some("0:03")),
            (63_000, Phase::HandIn, Some("0:00"), Some("0:00")),
            (63_001, Phase::Over, Some("0:00"), None),
        ];
        for (ms, phase, digits, grace) in table {
            let face = clock_face(&clock, at(ms));
            assert_eq!(face.phase, phase, "at {ms}");
            assert_eq!(face.digits.as_deref(), digits, "at {ms}");
            assert_eq!(face.grace_left.as_deref(), grace, "at {ms}");
        }
    }

    #[test]
    fn before_time_is_called_there_are_no_digits() {
        let clock = ClockView {
            phase: Phase::Announced,
            number: "3".into(),
            ..ClockView::default()
        };
        let face = clock_face(&clock, ServerTime(5));
        assert_eq!(face.phase, Phase::Announced);
        assert_eq!(face.digits, None);
    }
}
