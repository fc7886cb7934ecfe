//! An Эрудит-квартет tournament's set-up as the host makes it: the teams
//! qualified from the event's ChGK table (5.2, as Brain-ring's 4.3) or
//! ticked by hand, drawn blind into groups of four with a recorded seed
//! (5.3); and the line-up and silence times.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::erudit::EruditTournament;
use minuta_shared::play::erudit::{EruditCommand, EruditTiming, MIN_PLAYERS, TEAM_COUNTS};
use minuta_shared::play::games::InState;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::view::HostView;

use super::send;
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::erudit::words::Et;
use crate::views::team_picker;
use crate::views::widgets::{self, AMBER, GREY};

#[derive(Debug, Default)]
pub struct SetupForm {
    /// Places to qualify; `None` until first shown (then from the teams).
    pub places: Option<u32>,
    /// The draw's seed; `None` until first shown (then from the clock, so
    /// two tournaments do not share a draw unless the host types one in).
    pub seed: Option<u64>,
    /// Teams ticked for the draw by hand.
    pub teams: Vec<TeamId>,
    /// The search over the hall's teams to tick.
    pub find: String,
    pub timing: TimingForm,
    /// A tie at the qualification cut being settled (5.2 as 4.3).
    pub cut: crate::views::cut_tie::CutTieForm,
}

/// The timing being edited, in seconds; it follows the server's until
/// changed.
#[derive(Debug, Default)]
pub struct TimingForm {
    pub editing: bool,
    pub lineup_s: f64,
    pub semi_open_s: f64,
    pub silence_s: f64,
}

impl TimingForm {
    fn follow(&mut self, timing: &EruditTiming) {
        *self = TimingForm {
            editing: false,
            lineup_s: timing.lineup_ms as f64 / 1000.0,
            semi_open_s: timing.semi_open_lineup_ms as f64 / 1000.0,
            silence_s: timing.silence_ms as f64 / 1000.0,
        };
    }

    fn timing(&self) -> EruditTiming {
        let ms = |s: f64| (s.max(0.0) * 1000.0).round() as u64;
        EruditTiming {
            lineup_ms: ms(self.lineup_s),
            semi_open_lineup_ms: ms(self.semi_open_s),
            silence_ms: ms(self.silence_s),
        }
    }
}

/// 5.2–5.3: qualification from the ChGK table, or the host's own choice of
/// 4, 8 or 16 teams, and the draw.
pub fn seeding(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    game: GameId,
    form: &mut SetupForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let teams = view.teams.len() as u32;
    let fitting = TEAM_COUNTS
        .iter()
        .rev()
        .map(|n| *n as u32)
        .find(|n| *n <= teams)
        .unwrap_or(4);
    let places = form.places.get_or_insert(fitting);
    let seed = form.seed.get_or_insert(state.now_us % 1_000_000);
    ui.label(RichText::new(lang.t(Et::QualifyFromChgk)).strong());
    crate::views::cut_tie::qualifying_window(ui, lang, view.programme.as_ref());
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(lang.t(Et::Places));
        egui::ComboBox::from_id_salt(("erudit-places", game.0))
            .selected_text(places.to_string())
            .show_ui(ui, |ui| {
                for n in TEAM_COUNTS {
                    ui.selectable_value(places, n as u32, n.to_string());
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label(lang.t(Et::LotSeed));
        ui.add(egui::DragValue::new(seed)).labelled_by(label.id);
        if ui.button(lang.t(Et::Qualify)).clicked() {
            // The event qualifies from its own ChGK standings into this game.
            out.push(UiCommand::Send(Command::Qualify {
                game,
                places: *places,
                seed: *seed,
                cut: CutDecision::default(),
            }));
        }
    });
    ui.label(RichText::new(lang.t(Et::QualifyHint)).small().color(GREY));
    // The tie as the server recorded it: the shoot-off so far.
    let recorded = view
        .games
        .iter()
        .find(|g| g.id == game)
        .and_then(|g| EruditTournament::staff_of(&g.view)?.board.cut.as_ref());
    crate::views::cut_tie::panel(ui, state, game, recorded, &mut form.cut, out);
    // Everyone level on nothing: «Отобрать» would qualify by lot alone.
    if view
        .event_chgk()
        .standings
        .iter()
        .all(|r| r.points == 0 && r.rating == 0)
    {
        ui.label(RichText::new(lang.t(Et::QualifyNoChgk)).color(AMBER));
    }
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(Et::ByHand)).strong());
    ui.label(RichText::new(lang.t(Et::ByHandHint)).small().color(GREY));
    let find = team_picker::search_box(ui, lang, &mut form.find);
    let (shown, more) = team_picker::matching(&view.teams, &find, |_| true);
    ui.horizontal_wrapped(|ui| {
        for team in shown {
            let mut ticked = form.teams.contains(&team.id);
            // 5.8: a team of fewer than four cannot field a tour.
            let enough = team.players.len() >= MIN_PLAYERS;
            let text = format!("{} ({})", team.name, team.players.len());
            if ui
                .add_enabled(enough, egui::Checkbox::new(&mut ticked, text))
                .changed()
            {
                if ticked {
                    form.teams.push(team.id);
                } else {
                    form.teams.retain(|t| *t != team.id);
                }
            }
        }
    });
    team_picker::more_line(ui, lang, more);
    ui.horizontal(|ui| {
        let ready = TEAM_COUNTS.contains(&form.teams.len());
        let label = format!("{} ({})", lang.t(Et::Draw), form.teams.len());
        if ui.add_enabled(ready, egui::Button::new(label)).clicked() {
            send(
                out,
                game,
                EruditCommand::Seed {
                    teams: form.teams.clone(),
                    seed: *seed,
                },
            );
        }
        if ui
            .add_enabled(!form.teams.is_empty(), egui::Button::new(lang.t(Et::Clear)))
            .clicked()
        {
            form.teams.clear();
        }
    });
}

/// The line-up windows and the silence after the reading.
pub fn timing(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    timing: &EruditTiming,
    form: &mut TimingForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if !form.editing {
        form.follow(timing);
    }
    let seconds = lang.t(T::UnitSeconds);
    let changed = widgets::duration_grid(
        ui,
        ("erudit-timing", game.0),
        vec![
            (lang.t(Et::LineupTime), &mut form.lineup_s, seconds, 3600.0),
            (
                lang.t(Et::SemiOpenTime),
                &mut form.semi_open_s,
                seconds,
                3600.0,
            ),
            (lang.t(Et::SilenceTime), &mut form.silence_s, seconds, 600.0),
        ],
    );
    form.editing |= changed;
    ui.label(RichText::new(lang.t(Et::TimingHint)).small().color(GREY));
    if widgets::save_or_cancel(ui, lang, &mut form.editing) {
        send(
            out,
            game,
            EruditCommand::SetTiming {
                timing: form.timing(),
            },
        );
    }
}
