//! A Нептун game's set-up as the host makes it before the first contest:
//! the package (through the common package field), the durations and each
//! contest's number of questions, and the teams ticked from the event's
//! registry (0.2: four to six players each). All of it is fixed once the
//! first contest starts; the server refuses it after that.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::Format;
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{
    ContestSizes, NeptuneCommand, NeptuneSettings, NeptuneStaffView, NeptuneTiming, PLAYERS,
};
use minuta_shared::wire::view::HostView;

use super::send;
use crate::i18n::{Lang, T};
use crate::state::UiCommand;
use crate::views::neptune::words::{self, Nt};
use crate::views::package_field::package_field;
use crate::views::team_picker;
use crate::views::widgets::{self, GREY};

#[derive(Debug, Default)]
pub struct SetupForm {
    /// The package file's path being typed.
    pub package: String,
    pub settings: SettingsForm,
    /// The teams ticked for the game; `None` until first shown (then the
    /// registered ones).
    pub ticked: Option<Vec<TeamId>>,
    /// The search over the hall's teams to tick.
    pub find: String,
}

/// The settings being edited (durations in seconds); they follow the
/// server's until changed.
#[derive(Debug, Default)]
pub struct SettingsForm {
    pub editing: bool,
    pub minute_s: f64,
    pub grace_s: f64,
    pub blitz_step_s: f64,
    pub joker_topics_s: f64,
    pub count_step_s: f64,
    pub sizes: [u32; 6],
}

impl SettingsForm {
    fn follow(&mut self, settings: &NeptuneSettings) {
        let s = |ms: u64| ms as f64 / 1000.0;
        let t = &settings.timing;
        *self = SettingsForm {
            editing: false,
            minute_s: s(t.minute_ms),
            grace_s: s(t.grace_ms),
            blitz_step_s: s(t.blitz_step_ms),
            joker_topics_s: s(t.joker_topics_ms),
            count_step_s: s(t.count_step_ms),
            sizes: settings.sizes.sizes,
        };
    }

    fn settings(&self) -> NeptuneSettings {
        let ms = |s: f64| (s.max(0.0) * 1000.0).round() as u64;
        NeptuneSettings {
            timing: NeptuneTiming {
                minute_ms: ms(self.minute_s),
                grace_ms: ms(self.grace_s),
                blitz_step_ms: ms(self.blitz_step_s),
                joker_topics_ms: ms(self.joker_topics_s),
                count_step_ms: ms(self.count_step_s),
            },
            sizes: ContestSizes { sizes: self.sizes },
        }
    }
}

/// The whole set-up: editable until the first contest begins, then shown
/// as fixed.
pub fn setup(
    ui: &mut Ui,
    lang: Lang,
    host: &HostView,
    game: GameId,
    view: &NeptuneStaffView,
    form: &mut SetupForm,
    out: &mut Vec<UiCommand>,
) {
    let started = view.board.contest.is_some();
    if started {
        ui.label(RichText::new(lang.t(Nt::SetupFixed)).color(GREY));
    }
    ui.label(RichText::new(lang.t(Nt::PackageTitle)).strong());
    match &view.package {
        Some(package) => {
            let counts: Vec<String> = Contest::ALL
                .iter()
                .map(|c| format!("{} {}", words::contest(lang, *c), package.counts[c.index()]))
                .collect();
            ui.label(format!("«{}» · {}", package.title, counts.join(" · ")));
        }
        None => {
            ui.label(RichText::new(lang.t(Nt::NoPackage)).color(GREY));
        }
    }
    if !started {
        ui.label(RichText::new(lang.t(Nt::PackageHint)).small().color(GREY));
        package_field(ui, lang, game, Format::Neptune, &mut form.package, out);
    }
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(Nt::SettingsTitle)).strong());
    ui.add_enabled_ui(!started, |ui| {
        settings(ui, lang, game, &view.settings, &mut form.settings, out)
    });
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(Nt::RegisterTitle)).strong());
    if started {
        let names: Vec<&str> = view.teams.iter().map(|t| t.name.as_str()).collect();
        ui.label(names.join(", "));
    } else {
        register(ui, lang, host, game, view, form, out);
    }
}

/// The durations and each contest's number of questions.
fn settings(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    settings: &NeptuneSettings,
    form: &mut SettingsForm,
    out: &mut Vec<UiCommand>,
) {
    if !form.editing {
        form.follow(settings);
    }
    let seconds = lang.t(T::UnitSeconds);
    let mut changed = widgets::duration_grid(
        ui,
        ("neptune-timing", game.0),
        vec![
            (lang.t(Nt::MinuteTime), &mut form.minute_s, seconds, 3600.0),
            (lang.t(Nt::GraceTime), &mut form.grace_s, seconds, 600.0),
            (
                lang.t(Nt::BlitzStepTime),
                &mut form.blitz_step_s,
                seconds,
                3600.0,
            ),
            (
                lang.t(Nt::JokerTopicsTime),
                &mut form.joker_topics_s,
                seconds,
                3600.0,
            ),
            (
                lang.t(Nt::CountStepTime),
                &mut form.count_step_s,
                seconds,
                60.0,
            ),
        ],
    );
    ui.add_space(4.0);
    egui::Grid::new(("neptune-sizes", game.0))
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            for contest in Contest::ALL {
                let label = ui.label(words::contest(lang, contest));
                let size = &mut form.sizes[contest.index()];
                changed |= ui
                    .add(egui::DragValue::new(size).range(1..=contest.questions() as u32))
                    .labelled_by(label.id)
                    .changed();
                ui.end_row();
            }
        });
    form.editing |= changed;
    ui.label(RichText::new(lang.t(Nt::SizesHint)).small().color(GREY));
    if widgets::save_or_cancel(ui, lang, &mut form.editing) {
        send(
            out,
            game,
            NeptuneCommand::SetSettings {
                settings: form.settings(),
            },
        );
    }
}

/// 0.2: the teams ticked from the registry, each showing its size; a
/// team outside four to six players cannot be ticked.
fn register(
    ui: &mut Ui,
    lang: Lang,
    host: &HostView,
    game: GameId,
    view: &NeptuneStaffView,
    form: &mut SetupForm,
    out: &mut Vec<UiCommand>,
) {
    ui.label(RichText::new(lang.t(Nt::RegisterHint)).small().color(GREY));
    if host.teams.is_empty() {
        ui.label(RichText::new(lang.t(Nt::NoRegistry)).color(GREY));
        return;
    }
    let ticked = form
        .ticked
        .get_or_insert_with(|| view.teams.iter().map(|t| t.team).collect());
    let find = team_picker::search_box(ui, lang, &mut form.find);
    let (shown, more) = team_picker::matching(&host.teams, &find, |_| true);
    ui.horizontal_wrapped(|ui| {
        for team in shown {
            let mut on = ticked.contains(&team.id);
            let fits = PLAYERS.contains(&team.players.len());
            let text = format!(
                "{} ({})",
                team.name,
                words::players(lang, team.players.len())
            );
            if ui
                .add_enabled(fits, egui::Checkbox::new(&mut on, text))
                .changed()
            {
                if on {
                    ticked.push(team.id);
                } else {
                    ticked.retain(|t| *t != team.id);
                }
            }
        }
    });
    team_picker::more_line(ui, lang, more);
    // Registration order is the host's ticking order; the registry's is
    // the hall's, so the game lists teams as the registry does.
    let teams: Vec<TeamId> = host
        .teams
        .iter()
        .map(|t| t.id)
        .filter(|id| ticked.contains(id))
        .collect();
    let label = words::register(lang, teams.len());
    if ui
        .add_enabled(!teams.is_empty(), egui::Button::new(label))
        .clicked()
    {
        send(out, game, NeptuneCommand::Register { teams });
    }
}
