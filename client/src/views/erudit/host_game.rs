//! The group's game in play on the host's panel: the table of four, the
//! tour with its themes and line-ups, and the button for the next step by
//! phase — «Объявить тур / раунд», the line-up's countdown with who has
//! sent («Закончить расстановку», and a line-up set by hand for a team
//! whose laptop failed), and in a question its theme, value, text and
//! answer with «Читаю», «Дочитал» (the silence's countdown), «Повторить
//! вопрос», «Верно +N» / «Неверно −N» naming who answers, «Дальше»; and the
//! question's press log with each press's moment. When the game ends in
//! a deciding tie, the tie's panel ([`tie::host_panel`]) instead.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::erudit::{
    EruditCommand, GameBoard, PhaseView, QuestionBoard, QuestionState, TourBoard,
};
use minuta_shared::wire::view::HostView;

use super::lineup::{self, LineupDraft};
use super::{board, lineup_left, send, silence_left, state_at, tie};
use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::brain_ring::words::Rt;
use crate::views::erudit::words::{self, Et};
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// What the game panel remembers: the team whose line-up the host sets by
/// hand, and the draft.
#[derive(Debug, Default)]
pub struct HostGameForm {
    pub by_hand: Option<TeamId>,
    pub draft: LineupDraft,
    /// The lot's seed for a deciding tie; `None` until first shown (then
    /// from the clock, so the host sees it before drawing).
    pub lot_seed: Option<u64>,
}

/// The panel of the game in play.
pub fn panel(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game_id: GameId,
    game: &GameBoard,
    form: &mut HostGameForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    board::table_of_four(ui, game, None, 18.0);
    ui.add_space(8.0);
    if let Some(tie) = &game.tie {
        // 5.4, 5.5: the tournament waits for the host to settle the tie.
        let seed = form.lot_seed.get_or_insert(state.now_us % 1_000_000);
        tie::host_panel(ui, lang, game_id, game, tie, seed, out);
        return;
    }
    let round = match game.phase {
        PhaseView::Playing { round } => Some(round),
        _ => None,
    };
    if let Some(tour) = &game.tour {
        board::themes(ui, lang, tour, round, 18.0);
    }
    ui.add_space(8.0);
    match &game.phase {
        PhaseView::BeforeLineup { kind, round } => {
            let label = RichText::new(words::open_lineup(lang, *kind, *round))
                .size(20.0)
                .strong();
            if ui.button(label).clicked() {
                send(out, game_id, EruditCommand::OpenLineup);
            }
        }
        PhaseView::Lineup {
            kind,
            first_round,
            rounds,
            submitted,
            ..
        } => {
            ui.label(
                RichText::new(words::lineup_title(lang, *kind))
                    .size(20.0)
                    .strong(),
            );
            if let Some(digits) = lineup_left(&game.phase, now) {
                ui.label(
                    RichText::new(words::lineup_countdown(lang, &digits))
                        .size(20.0)
                        .monospace(),
                );
            }
            let mut sent = Vec::new();
            let mut waiting = Vec::new();
            for (i, row) in game.teams.iter().enumerate() {
                if submitted.get(i).copied().unwrap_or(false) {
                    sent.push(row.name.as_str());
                } else {
                    waiting.push(row.name.as_str());
                }
            }
            ui.label(words::lineup_sent(lang, &sent, &waiting));
            let end = RichText::new(lang.t(Et::CloseLineup)).size(18.0);
            if ui.button(end).clicked() {
                send(out, game_id, EruditCommand::CloseLineup);
            }
            by_hand(
                ui,
                state,
                host,
                game_id,
                game,
                *first_round,
                *rounds,
                form,
                out,
            );
        }
        PhaseView::Playing { .. } => {
            if let Some(q) = &game.question {
                question(ui, state, game_id, game, q, out);
            }
        }
        PhaseView::Finished => {
            ui.label(RichText::new(lang.t(Et::GameOver)).size(18.0).color(GREEN));
        }
    }
    if let Some(tour) = &game.tour {
        ui.add_space(8.0);
        board::lineups(ui, lang, game, tour, 15.0);
    }
}

/// A line-up sent by the host for a team whose captain's laptop failed.
#[allow(clippy::too_many_arguments)]
fn by_hand(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game_id: GameId,
    game: &GameBoard,
    first_round: u32,
    rounds: u32,
    form: &mut HostGameForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    egui::CollapsingHeader::new(RichText::new(lang.t(Et::ByHandLineup)).strong())
        .id_salt(("erudit-by-hand", game_id.0))
        .show(ui, |ui| {
            ui.label(
                RichText::new(lang.t(Et::ByHandLineupHint))
                    .small()
                    .color(GREY),
            );
            ui.horizontal_wrapped(|ui| {
                for row in &game.teams {
                    if ui
                        .selectable_label(form.by_hand == Some(row.team), &row.name)
                        .clicked()
                    {
                        form.by_hand = Some(row.team);
                    }
                }
            });
            let Some(team) = form.by_hand else { return };
            let Some(index) = game.teams.iter().position(|r| r.team == team) else {
                return;
            };
            let players = host
                .teams
                .iter()
                .find(|t| t.id == team)
                .map(|t| t.players.clone())
                .unwrap_or_default();
            let tour = game.tour.as_ref();
            let unavailable = tour.map_or_else(Vec::new, |t| fielded(t, index, first_round));
            // A draft per team: another team's picks are not this one's.
            let window = lineup::window(game, first_round, Some(team));
            form.draft.follow(window, rounds, None);
            let themes = tour.map_or(&[][..], |t| &t.themes[..]);
            let ready = lineup::picker(
                ui,
                lang,
                ("host", team.0),
                first_round,
                themes,
                &players,
                &unavailable,
                &mut form.draft,
            );
            if ui
                .add_enabled(ready.is_ok(), egui::Button::new(lang.t(Et::SendLineup)))
                .clicked()
                && let Ok(players) = &ready
            {
                send(
                    out,
                    game_id,
                    EruditCommand::SetLineup {
                        team: Some(team),
                        players: players.clone(),
                    },
                );
            }
            lineup::status(ui, &ready, lineup::refusal(state, game_id, Some(team)));
        });
}

/// 5.8: the team's players in the rounds of this tour before the window.
fn fielded(tour: &TourBoard, team: usize, first_round: u32) -> Vec<String> {
    tour.lineups
        .iter()
        .take(first_round as usize)
        .filter_map(|r| r.get(team).cloned().flatten())
        .collect()
}

/// The question: its line, text and answer, the step's buttons, the
/// answers given and the press log.
fn question(
    ui: &mut Ui,
    state: &AppState,
    game_id: GameId,
    game: &GameBoard,
    q: &QuestionBoard,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let state_now = state_at(q, now);
    ui.label(
        RichText::new(words::question_line(
            lang,
            q.round,
            q.theme.as_deref(),
            q.value,
        ))
        .size(20.0)
        .strong(),
    );
    match &q.text {
        Some(text) => {
            ui.label(RichText::new(text).size(18.0));
        }
        None => {
            ui.label(RichText::new(lang.t(Et::FromPaper)).color(GREY));
        }
    }
    if let Some(answer) = &q.answer {
        ui.label(
            RichText::new(words::answer(lang, answer))
                .size(18.0)
                .strong(),
        );
    }
    if let Some(comment) = &q.comment {
        ui.label(RichText::new(format!("{}: {comment}", lang.t(Et::Comment))).color(GREY));
    }
    ui.add_space(6.0);
    let (text, colour) = board::hall_state(lang, game, &state_now, q.value);
    ui.label(RichText::new(text).size(22.0).strong().color(colour));
    if let Some(digits) = silence_left(&state_now, now) {
        ui.label(
            RichText::new(digits)
                .size(30.0)
                .monospace()
                .strong()
                .color(GREEN),
        );
    }
    let big = |text: String| egui::Button::new(RichText::new(text).size(20.0).strong());
    ui.horizontal_wrapped(|ui| match state_now {
        QuestionState::Ready => {
            if ui.add(big(lang.t(Et::Read).into())).clicked() {
                send(out, game_id, EruditCommand::Read);
            }
        }
        QuestionState::Reading { .. } => {
            if ui.add(big(lang.t(Et::EndReading).into())).clicked() {
                send(out, game_id, EruditCommand::EndReading);
            }
        }
        QuestionState::Waiting { .. } => {
            if ui.add(big(lang.t(Et::Reread).into())).clicked() {
                send(out, game_id, EruditCommand::Reread);
            }
        }
        QuestionState::Answering { .. } => {
            for correct in [true, false] {
                let button = big(words::judge(lang, correct, q.value)).fill(if correct {
                    GREEN
                } else {
                    RED
                });
                if ui.add(button).clicked() {
                    send(out, game_id, EruditCommand::Judge { correct });
                }
            }
        }
        QuestionState::Closed { .. } => {
            if ui.add(big(lang.t(Et::Next).into())).clicked() {
                send(out, game_id, EruditCommand::Next);
            }
        }
    });
    ui.add_space(8.0);
    press_log(ui, lang, game, q);
}

/// Every press on the question in the order it arrived: the team, its
/// player, what it turned out to be, its moment («прервал чтение на 4.2
/// с», «через 1.3 с после чтения»), the round trip and the clock offset;
/// then the answers judged.
fn press_log(ui: &mut Ui, lang: Lang, game: &GameBoard, q: &QuestionBoard) {
    ui.label(RichText::new(lang.t(Rt::PressLog)).strong().size(16.0));
    let row = |team: TeamId| game.teams.iter().find(|r| r.team == team);
    if q.presses.is_empty() {
        ui.label(RichText::new(lang.t(Rt::NoPresses)).color(GREY));
    } else {
        egui::Grid::new(("erudit-press-log", game.stage, game.group))
            .striped(true)
            .spacing([14.0, 4.0])
            .show(ui, |ui| {
                for head in [T::ColNumber, T::ColTeam] {
                    ui.label(RichText::new(lang.t(head)).strong());
                }
                ui.label(RichText::new(lang.t(Et::ColPlayer)).strong());
                ui.label(RichText::new(lang.t(T::ColPress)).strong());
                ui.label(RichText::new(lang.t(Et::ColWhen)).strong());
                for head in [T::ColRtt, T::ColClockOffset] {
                    ui.label(RichText::new(lang.t(head)).strong());
                }
                ui.end_row();
                for (i, press) in q.presses.iter().enumerate() {
                    ui.label((i + 1).to_string());
                    let team = row(press.team);
                    ui.label(RichText::new(team.map_or("", |r| r.name.as_str())).strong());
                    ui.label(team.and_then(|r| r.on.as_deref()).unwrap_or("—"));
                    let colour = match press.kind {
                        minuta_shared::play::button::PressKind::Won => GREEN,
                        _ => GREY,
                    };
                    ui.label(
                        RichText::new(crate::views::brain_ring::words::press_kind(
                            lang, press.kind,
                        ))
                        .color(colour),
                    );
                    ui.label(words::press_moment(
                        lang,
                        press.interrupted_after_ms,
                        press.after_reading_ms,
                    ));
                    let rtt = i64::try_from(press.rtt_us).unwrap_or(i64::MAX);
                    ui.label(
                        RichText::new(crate::views::brain_ring::words::millis(lang, rtt, false))
                            .monospace(),
                    );
                    ui.label(
                        RichText::new(crate::views::brain_ring::words::millis(
                            lang,
                            press.clock_offset_us,
                            true,
                        ))
                        .monospace(),
                    );
                    ui.end_row();
                }
            });
    }
    for (team, correct) in &q.attempts {
        let name = row(*team).map_or_else(|| format!("#{team}"), |r| r.name.clone());
        let colour = if *correct { GREEN } else { AMBER };
        ui.label(RichText::new(words::attempt(lang, &name, *correct, q.value)).color(colour));
    }
}
