//! A deciding tie the Эрудит-квартет tournament stopped at (5.4, 5.5): on
//! the host's panel, who is tied and what is at stake, «Вопрос
//! перестрелки», «Верно» / «Неверно» naming who answers, «Никто не
//! ответил», and the lot with its seed («Бросить жребий»); for the hall
//! and the teams, the tie, the shoot-off as it goes, and each settled tie
//! with how it was settled (a lot with its seed). The server decides who
//! may press and what settles the tie; these screens only show and ask.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::erudit::{EruditCommand, GameBoard, TieBoard};

use super::send;
use crate::i18n::Lang;
use crate::i18n::tie::{self as words, Tt};
use crate::state::UiCommand;
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

fn names(tie: &TieBoard) -> Vec<String> {
    tie.teams.iter().map(|(_, n)| n.clone()).collect()
}

fn name_of(game: &GameBoard, tie: &TieBoard, team: minuta_shared::ids::TeamId) -> String {
    tie.teams
        .iter()
        .find(|(t, _)| *t == team)
        .map(|(_, n)| n.clone())
        .or_else(|| {
            game.teams
                .iter()
                .find(|r| r.team == team)
                .map(|r| r.name.clone())
        })
        .unwrap_or_default()
}

/// The host's panel while the tournament waits at `tie`; `seed` is the
/// lot's seed as the host sees (and may type) it before drawing.
pub fn host_panel(
    ui: &mut Ui,
    lang: Lang,
    game_id: GameId,
    game: &GameBoard,
    tie: &TieBoard,
    seed: &mut u64,
    out: &mut Vec<UiCommand>,
) {
    ui.label(
        RichText::new(crate::views::erudit::words::tie_heading(
            lang,
            &names(tie),
            tie.first,
            tie.last,
            tie.stake,
        ))
        .size(20.0)
        .strong()
        .color(AMBER),
    );
    ui.add_space(6.0);
    ui.label(RichText::new(lang.t(Tt::ShootOff)).size(18.0).strong());
    ui.label(RichText::new(lang.t(Tt::ShootOffHint)).small().color(GREY));
    match &tie.question {
        None => {
            if ui
                .button(RichText::new(lang.t(Tt::ShootOffQuestion)).size(18.0))
                .clicked()
            {
                send(out, game_id, EruditCommand::ShootOffQuestion);
            }
        }
        Some(q) => {
            ui.label(RichText::new(words::question_number(lang, tie.questions + 1)).size(16.0));
            attempts(ui, lang, game, tie, 15.0);
            match q.answering {
                Some(team) => {
                    ui.label(
                        RichText::new(words::answering(lang, &name_of(game, tie, team)))
                            .size(18.0)
                            .strong(),
                    );
                    ui.horizontal(|ui| {
                        if ui
                            .button(RichText::new(lang.t(Tt::Right)).size(18.0).color(GREEN))
                            .clicked()
                        {
                            send(out, game_id, EruditCommand::ShootOffJudge { correct: true });
                        }
                        if ui
                            .button(RichText::new(lang.t(Tt::Wrong)).size(18.0).color(RED))
                            .clicked()
                        {
                            send(
                                out,
                                game_id,
                                EruditCommand::ShootOffJudge { correct: false },
                            );
                        }
                    });
                }
                None => {
                    ui.label(RichText::new(lang.t(Tt::WaitingForPress)).color(GREY));
                    if ui.button(lang.t(Tt::Nobody)).clicked() {
                        send(out, game_id, EruditCommand::ShootOffNobody);
                    }
                }
            }
        }
    }
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(Tt::Lot)).size(18.0).strong());
    ui.label(RichText::new(lang.t(Tt::LotHint)).small().color(GREY));
    let answering = tie.question.as_ref().is_some_and(|q| q.answering.is_some());
    ui.horizontal(|ui| {
        let label = ui.label(lang.t(Tt::LotSeed));
        ui.add(egui::DragValue::new(seed)).labelled_by(label.id);
        if ui
            .add_enabled(!answering, egui::Button::new(lang.t(Tt::DrawLot)))
            .clicked()
        {
            send(out, game_id, EruditCommand::DrawLot { seed: *seed });
        }
    });
    settled(ui, lang, game, 15.0);
}

/// The shoot-off question's answers so far.
fn attempts(ui: &mut Ui, lang: Lang, game: &GameBoard, tie: &TieBoard, size: f32) {
    let Some(q) = &tie.question else { return };
    for (team, correct) in &q.attempts {
        let (word, colour) = if *correct {
            (lang.t(Tt::Right), GREEN)
        } else {
            (lang.t(Tt::Wrong), RED)
        };
        ui.label(
            RichText::new(format!("«{}»: {word}", name_of(game, tie, *team)))
                .size(size)
                .color(colour),
        );
    }
}

/// The group's settled ties, each with how (the lot's seed shown).
pub fn settled(ui: &mut Ui, lang: Lang, game: &GameBoard, size: f32) {
    for tie in &game.settled {
        let names: Vec<String> = tie.order.iter().map(|(_, n)| n.clone()).collect();
        ui.label(
            RichText::new(words::settled(lang, &names, tie.questions, tie.lot))
                .size(size)
                .strong(),
        );
    }
}

/// The tie as the hall and the teams see it: what is at stake, the
/// shoot-off as it goes, and the settled ties.
pub fn hall(ui: &mut Ui, lang: Lang, game: &GameBoard, size: f32) {
    ui.vertical_centered(|ui| {
        if let Some(tie) = &game.tie {
            ui.label(
                RichText::new(crate::views::erudit::words::tie_heading(
                    lang,
                    &names(tie),
                    tie.first,
                    tie.last,
                    tie.stake,
                ))
                .size(size)
                .strong()
                .color(AMBER),
            );
            if tie.question.is_some() {
                ui.label(
                    RichText::new(words::question_number(lang, tie.questions + 1)).size(size * 0.8),
                );
                if let Some(team) = tie.question.as_ref().and_then(|q| q.answering) {
                    ui.label(
                        RichText::new(words::answering(lang, &name_of(game, tie, team)))
                            .size(size)
                            .strong(),
                    );
                }
                attempts(ui, lang, game, tie, size * 0.7);
            }
        }
        settled(ui, lang, game, size * 0.8);
    });
}
