//! The «Программа» tab (section 2): the event's days and what is on each —
//! ChGK tours, tours of the programme's games, «Брейн-ринг» — with every
//! slot's status (done, on now, next), and the editor that lays them out:
//! add and title days, add slots from what exists (or a ChGK tour not yet
//! loaded), move them up and down (across days too), remove them, and
//! «Сохранить программу». The form starts from the saved programme and
//! follows it while untouched; the server's refusal (6.3, 4.3) shows by the
//! button, and a programme it would refuse is flagged before it is sent.

use egui::{Button, RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::programme::{
    GameKind, Programme, ProgrammeDay, ProgrammeView, Slot, SlotStatus,
};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::view::HostView;

use crate::i18n::{self, Lang, T, programme as words};
use crate::state::{AppState, Notice, UiCommand};
use crate::views::games;
use crate::views::programme::{status_colour, status_mark};
use crate::views::widgets::{AMBER, GREY, RED};

/// The longest day title the programme takes (shared's `MAX_TITLE_CHARS`).
const TITLE_CHARS: usize = 100;

#[derive(Debug, Default)]
pub struct ProgrammeForm {
    /// The programme as the host is laying it out.
    pub draft: Programme,
    /// The saved programme the draft last followed; `None` before the
    /// first view.
    pub base: Option<Programme>,
    /// The day new slots go to.
    pub target: usize,
    /// The title typed for the next day.
    pub new_day: String,
}

impl ProgrammeForm {
    /// Whether the draft differs from the saved programme.
    pub fn dirty(&self) -> bool {
        self.base.as_ref().is_some_and(|b| *b != self.draft)
    }

    /// Takes the saved programme in: the draft follows it unless the host
    /// has changed something since.
    fn follow(&mut self, saved: Programme) {
        if self.base.as_ref() == Some(&saved) {
            return;
        }
        let untouched = self.base.as_ref().is_none_or(|b| *b == self.draft);
        if untouched {
            self.draft = saved.clone();
            self.target = self.draft.days.len().saturating_sub(1);
        }
        self.base = Some(saved);
    }

    fn uses(&self, slot: &Slot) -> bool {
        self.draft.days.iter().any(|d| d.slots.contains(slot))
    }
}

/// The programme as saved, from the view (its slots without their status).
pub fn saved(view: &ProgrammeView) -> Programme {
    Programme {
        days: view
            .days
            .iter()
            .map(|d| ProgrammeDay {
                title: d.title.clone(),
                slots: d.slots.iter().map(|s| s.slot).collect(),
            })
            .collect(),
    }
}

/// What the host clicked on a slot or a day.
enum Edit {
    Up(usize, usize),
    Down(usize, usize),
    Remove(usize, usize),
    RemoveDay(usize),
}

pub fn programme(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut ProgrammeForm,
    games_form: &mut games::GamesForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    form.follow(view.programme.as_ref().map(saved).unwrap_or_default());
    ui.label(RichText::new(lang.t(T::ProgrammeHint)).small().color(GREY));
    ui.add_space(4.0);
    if form.draft.days.is_empty() {
        ui.label(lang.t(T::ProgrammeEmpty));
    }
    let mut edit = None;
    let days = form.draft.days.len();
    for i in 0..days {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            day(ui, lang, view, form, i, &mut edit);
        });
    }
    if let Some(edit) = edit {
        apply(form, edit);
    }
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut form.new_day)
                .hint_text(lang.t(T::NewDayTitle))
                .char_limit(TITLE_CHARS)
                .desired_width(220.0),
        );
        if ui.button(lang.t(T::AddDay)).clicked() {
            let typed = form.new_day.trim();
            let title = if typed.is_empty() {
                words::day(lang, form.draft.days.len() + 1)
            } else {
                typed.to_owned()
            };
            form.draft.days.push(ProgrammeDay {
                title,
                slots: Vec::new(),
            });
            form.target = form.draft.days.len() - 1;
            form.new_day.clear();
        }
    });
    if !form.draft.days.is_empty() {
        ui.separator();
        palette(ui, lang, view, form, games_form);
    }
    ui.separator();
    save(ui, state, view, form, out);
}

/// One day: its title (editable), where new slots go, its slots.
fn day(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    form: &mut ProgrammeForm,
    i: usize,
    edit: &mut Option<Edit>,
) {
    let last_day = form.draft.days.len() - 1;
    ui.horizontal(|ui| {
        if ui.radio(form.target == i, lang.t(T::AddHere)).clicked() {
            form.target = i;
        }
        if let Some(d) = form.draft.days.get_mut(i) {
            ui.add(
                egui::TextEdit::singleline(&mut d.title)
                    .id_salt(("programme-day-title", i))
                    .hint_text(lang.t(T::DayTitle))
                    .char_limit(TITLE_CHARS)
                    .font(egui::TextStyle::Heading)
                    .desired_width(260.0),
            );
        }
        if ui.small_button(lang.t(T::RemoveDay)).clicked() {
            *edit = Some(Edit::RemoveDay(i));
        }
    });
    let Some(d) = form.draft.days.get(i) else {
        return;
    };
    if d.slots.is_empty() {
        ui.label(RichText::new(lang.t(T::DayEmpty)).color(GREY));
    }
    let count = d.slots.len();
    for (j, slot) in d.slots.iter().enumerate() {
        ui.horizontal(|ui| {
            let up = i > 0 || j > 0;
            let down = i < last_day || j + 1 < count;
            if ui
                .add_enabled(up, Button::new(lang.t(T::MoveUp)).small())
                .clicked()
            {
                *edit = Some(Edit::Up(i, j));
            }
            if ui
                .add_enabled(down, Button::new(lang.t(T::MoveDown)).small())
                .clicked()
            {
                *edit = Some(Edit::Down(i, j));
            }
            if ui
                .small_button("×")
                .on_hover_text(lang.t(T::RemoveSlot))
                .clicked()
            {
                *edit = Some(Edit::Remove(i, j));
            }
            let status = view
                .programme
                .as_ref()
                .and_then(|p| {
                    p.days
                        .iter()
                        .flat_map(|d| &d.slots)
                        .find(|s| s.slot == *slot)
                })
                .map(|s| s.status);
            let mut name = RichText::new(slot_name(lang, view, slot)).size(15.0);
            if let Some(colour) = status.and_then(status_colour) {
                name = name.color(colour);
            }
            ui.label(name);
            if let Some(status) = status
                && let Some(mark) = status_mark(lang, status)
            {
                let colour = status_colour(status).unwrap_or(GREY);
                let mut mark = RichText::new(mark).small().color(colour);
                if status == SlotStatus::Now {
                    mark = mark.strong();
                }
                ui.label(mark);
            }
        });
    }
}

fn apply(form: &mut ProgrammeForm, edit: Edit) {
    let days = &mut form.draft.days;
    let (Edit::Up(i, _) | Edit::Down(i, _) | Edit::Remove(i, _) | Edit::RemoveDay(i)) = edit;
    let len = match days.get(i) {
        Some(d) => d.slots.len(),
        None => return,
    };
    match edit {
        Edit::Up(i, j) if j > 0 && j < len => days[i].slots.swap(j, j - 1),
        // The first of a day moves to the end of the day before.
        Edit::Up(i, 0) if i > 0 && len > 0 => {
            let slot = days[i].slots.remove(0);
            days[i - 1].slots.push(slot);
        }
        Edit::Down(i, j) if j + 1 < len => days[i].slots.swap(j, j + 1),
        // The last of a day moves to the start of the day after.
        Edit::Down(i, j) if j < len && i + 1 < days.len() => {
            let slot = days[i].slots.remove(j);
            days[i + 1].slots.insert(0, slot);
        }
        Edit::Remove(i, j) if j < len => {
            days[i].slots.remove(j);
        }
        Edit::RemoveDay(i) => {
            days.remove(i);
            form.target = form.target.min(days.len().saturating_sub(1));
        }
        Edit::Up(..) | Edit::Down(..) | Edit::Remove(..) => {}
    }
}

/// A game of the event by id.
fn game_label(lang: Lang, view: &HostView, game: GameId) -> Option<String> {
    view.games
        .iter()
        .find(|g| g.id == game)
        .map(|g| games::game_name(lang, g.format, &g.name))
}

/// A slot's name: from what the view holds now, else the saved
/// programme's title for it.
pub fn slot_name(lang: Lang, view: &HostView, slot: &Slot) -> String {
    let saved_title = || {
        view.programme
            .as_ref()
            .and_then(|p| {
                p.days
                    .iter()
                    .flat_map(|d| &d.slots)
                    .find(|s| s.slot == *slot)
            })
            .map(|s| s.title.clone())
            .unwrap_or_default()
    };
    let Slot::GameTour { game, tour } = slot else {
        // An event's own game's slot: titled as its game has it now.
        let title = games::own_slots(view)
            .into_iter()
            .find(|(s, _)| s == slot)
            .map(|(_, title)| title)
            .unwrap_or_else(saved_title);
        return words::slot(lang, slot, &title);
    };
    match view.games.iter().find(|g| g.id == *game) {
        Some(g) => {
            let title = games::staff_tours(g)
                .into_iter()
                .find(|(n, _)| n == tour)
                .map(|(_, t)| t)
                .unwrap_or_default();
            words::game_tour(
                lang,
                &games::game_name(lang, g.format, &g.name),
                *tour,
                &title,
            )
        }
        None => words::slot(lang, slot, &saved_title()),
    }
}

/// Everything that may go on the target day and is not yet anywhere in
/// the programme, one button each; and the own games' other ways to add
/// their slots (a ChGK tour by number).
fn palette(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    form: &mut ProgrammeForm,
    games_form: &mut games::GamesForm,
) {
    let target = form.target.min(form.draft.days.len() - 1);
    let title = form
        .draft
        .days
        .get(target)
        .map(|d| d.title.clone())
        .unwrap_or_default();
    ui.label(RichText::new(words::add_to(lang, &title)).strong());
    // The event's own games offer their slots (the ChGK's tours, the
    // Brain-ring), the games added their tours.
    let mut offered: Vec<Slot> = games::own_slots(view)
        .into_iter()
        .map(|(slot, _)| slot)
        .collect();
    for game in games::added(&view.games) {
        offered.extend(
            games::staff_tours(game)
                .into_iter()
                .map(|(tour, _)| Slot::GameTour {
                    game: game.id,
                    tour,
                }),
        );
    }
    offered.retain(|s| !form.uses(s));
    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        if offered.is_empty() {
            ui.label(RichText::new(lang.t(T::AllInProgramme)).color(GREY));
        }
        for slot in &offered {
            if ui
                .button(format!("+ {}", slot_name(lang, view, slot)))
                .clicked()
            {
                picked = Some(*slot);
            }
        }
    });
    let taken = |slot: &Slot| form.uses(slot);
    picked = picked.or(games::own_slot_pickers(ui, lang, view, &taken, games_form));
    if let Some(slot) = picked
        && let Some(day) = form.draft.days.get_mut(target)
    {
        day.slots.push(slot);
    }
}

/// What the programme's rules say of the draft, as the server will check
/// it with the games it knows.
fn check(
    view: &HostView,
    draft: &Programme,
) -> Result<(), minuta_shared::programme::ProgrammeError> {
    draft.validate(|game| {
        view.games
            .iter()
            .find(|g| g.id == game)
            .map(|g| GameKind::of(g.format))
    })
}

/// The server's last refusal of a programme, while it stands.
fn refusal(state: &AppState) -> Option<&CommandError> {
    state.toasts.iter().rev().find_map(|t| match &t.notice {
        Notice::Failed { command, error } if matches!(**command, Command::SetProgramme { .. }) => {
            Some(error)
        }
        _ => None,
    })
}

/// A refusal in words, naming the games the view knows.
pub fn refusal_text(lang: Lang, view: &HostView, error: &CommandError) -> String {
    match error {
        CommandError::Programme(e) => words::error(lang, e, &|g| game_label(lang, view, g)),
        other => i18n::command_error(lang, other),
    }
}

/// «Сохранить программу», what stands in its way, and the way back.
fn save(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut ProgrammeForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let refused = refusal(state).map(|e| refusal_text(lang, view, e));
    if let Some(text) = &refused {
        ui.label(RichText::new(text).color(RED));
    }
    if !form.draft.days.is_empty()
        && let Err(e) = check(view, &form.draft)
    {
        let why = words::error(lang, &e, &|g| game_label(lang, view, g));
        if refused.as_deref() != Some(why.as_str()) {
            ui.label(RichText::new(words::will_refuse(lang, &why)).color(AMBER));
        }
    }
    let sending = state
        .pending
        .values()
        .any(|p| matches!(p.command, Command::SetProgramme { .. }));
    ui.horizontal(|ui| {
        let button = Button::new(RichText::new(lang.t(T::SaveProgramme)).strong());
        if ui
            .add_enabled(!form.draft.days.is_empty() && !sending, button)
            .clicked()
        {
            out.push(UiCommand::Send(Command::SetProgramme {
                programme: form.draft.clone(),
            }));
        }
        if sending {
            ui.spinner();
            ui.label(RichText::new(lang.t(T::Sending)).color(GREY));
        } else if form.dirty() {
            ui.label(RichText::new(lang.t(T::ProgrammeUnsaved)).color(AMBER));
            if ui.button(lang.t(T::DiscardChanges)).clicked()
                && let Some(base) = &form.base
            {
                form.draft = base.clone();
                form.target = form.draft.days.len().saturating_sub(1);
            }
        }
    });
}
