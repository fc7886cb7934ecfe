//! The registered teams on the host's desk: players, the split into
//! ломтики (the captain's or the default, 2.2) with a way to split a team
//! by hand before Сэндвич, Джокер's declarations as soon as they come
//! (the staff see them at once, 5.2), and — before and during Сэндвич —
//! each ломтик's join code with its QR (2.3: a terminal of its own). The
//! table's columns are fitted to the screen (no word broken, the split
//! button on screen, 1280×720 to 1920×1080).

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, Slice, TeamId};
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneStaffView, Stage};
use minuta_shared::wire::view::{Access, HostView};

use super::{send, slice_name, split};
use crate::i18n::{Lang, T};
use crate::state::UiCommand;
use crate::views::neptune::words::Nt;
use crate::views::widgets::{self, GREEN, GREY};

#[derive(Debug, Default)]
pub struct TeamsForm {
    /// The team the host is splitting, and the split being made.
    pub splitting: Option<(TeamId, split::SplitDraft)>,
}

pub fn teams(
    ui: &mut Ui,
    lang: Lang,
    host: &HostView,
    game: GameId,
    view: &NeptuneStaffView,
    form: &mut TeamsForm,
    out: &mut Vec<UiCommand>,
) {
    if view.teams.is_empty() {
        return;
    }
    let board = &view.board;
    // 2.2: the split is the teams' until Сэндвич starts.
    let split_open = board.slices.is_empty() && !board.finished;
    let joker = board
        .contest
        .is_some_and(|c| c.index() >= Contest::Joker.index());
    ui.label(RichText::new(lang.t(Nt::TeamsTitle)).size(20.0).strong());
    let mut heads = vec![Nt::ColTeam, Nt::ColPlayers, Nt::ColTop, Nt::ColBottom];
    if joker {
        heads.push(Nt::ColDeclared);
    }
    let widths = Widths::of(ui, lang, joker, split_open);
    egui::Grid::new(("neptune-teams", game.0))
        .striped(true)
        .spacing([COLUMN_GAP, 6.0])
        .show(ui, |ui| {
            for (head, width) in heads.iter().zip(widths.columns()) {
                cell(ui, width, RichText::new(lang.t(*head)).strong());
            }
            ui.end_row();
            for entry in &view.teams {
                cell(ui, widths.name, RichText::new(&entry.name).strong());
                cell(ui, widths.players, entry.players.len().to_string().into());
                cell(ui, widths.slice, entry.split.top.join(", ").into());
                ui.vertical(|ui| {
                    ui.set_width(widths.slice);
                    ui.add(egui::Label::new(entry.split.bottom.join(", ")).wrap());
                    let (word, colour) = if entry.split.chosen {
                        (Nt::SplitChosen, GREEN)
                    } else {
                        (Nt::SplitDefault, GREY)
                    };
                    ui.label(RichText::new(lang.t(word)).small().color(colour));
                });
                if joker {
                    let text = entry
                        .declaration
                        .map_or_else(|| "—".to_owned(), |d| d.to_string());
                    cell(ui, widths.declared, RichText::new(text).strong());
                }
                if split_open && ui.small_button(lang.t(Nt::EditSplit)).clicked() {
                    form.splitting = Some((entry.team, split::SplitDraft::of(&entry.split)));
                }
                ui.end_row();
            }
        });
    if split_open {
        by_hand(ui, lang, game, view, form, out);
    } else {
        form.splitting = None;
    }
    if let Some(access) = &host.access
        && codes_wanted(view)
    {
        codes(ui, lang, game, view, access, out);
    }
}

/// Room between the table's columns, in points.
const COLUMN_GAP: f32 = 14.0;

/// The table's column widths, fitted to the screen: the names get what the
/// counts and the split button leave, so every word fits whole, the long
/// lists of players wrap between words, and the button stays on screen.
struct Widths {
    name: f32,
    players: f32,
    slice: f32,
    declared: f32,
    joker: bool,
}

impl Widths {
    fn of(ui: &Ui, lang: Lang, joker: bool, split_open: bool) -> Widths {
        let text_width = |text: &str| {
            egui::WidgetText::from(text)
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Button,
                )
                .size()
                .x
        };
        let button = if split_open {
            text_width(lang.t(Nt::EditSplit)) + 2.0 * ui.spacing().button_padding.x + COLUMN_GAP
        } else {
            0.0
        };
        let players = text_width(lang.t(Nt::ColPlayers)).max(40.0);
        let declared = if joker {
            text_width(lang.t(Nt::ColDeclared)).max(40.0) + COLUMN_GAP
        } else {
            0.0
        };
        let room = ui.available_width() - button - declared - players - 4.0 * COLUMN_GAP;
        let name = (room * 0.28).clamp(120.0, 280.0);
        let slice = ((room - name) / 2.0).max(120.0);
        Widths {
            name,
            players,
            slice,
            declared: declared - COLUMN_GAP,
            joker,
        }
    }

    /// The heads' widths, in the table's order.
    fn columns(&self) -> Vec<f32> {
        let mut widths = vec![self.name, self.players, self.slice, self.slice];
        if self.joker {
            widths.push(self.declared);
        }
        widths
    }
}

/// A table cell of a fixed width whose text wraps between words.
fn cell(ui: &mut Ui, width: f32, text: RichText) {
    ui.vertical(|ui| {
        ui.set_width(width);
        ui.add(egui::Label::new(text).wrap());
    });
}

/// 2.2: the host splits a team whose captain cannot.
fn by_hand(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    view: &NeptuneStaffView,
    form: &mut TeamsForm,
    out: &mut Vec<UiCommand>,
) {
    let Some((team, draft)) = &mut form.splitting else {
        return;
    };
    let Some(entry) = view.teams.iter().find(|t| t.team == *team) else {
        form.splitting = None;
        return;
    };
    let mut close = false;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        // The editor closes as the split leaves: nothing to send twice.
        if let Some((top, bottom)) =
            split::editor(ui, lang, &entry.name, &entry.players, draft, false)
        {
            send(
                out,
                game,
                NeptuneCommand::SetSplit {
                    team: Some(entry.team),
                    top,
                    bottom,
                },
            );
            close = true;
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            close = true;
        }
    });
    if close {
        form.splitting = None;
    }
}

/// Before and during Сэндвич, the ломтики need their codes.
fn codes_wanted(view: &NeptuneStaffView) -> bool {
    let board = &view.board;
    match board.contest {
        None | Some(Contest::Negative) => true,
        Some(Contest::Sandwich) => !matches!(board.stage, Stage::Between { .. }),
        Some(_) => false,
    }
}

/// Each ломтик's join code with a QR.
fn codes(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    view: &NeptuneStaffView,
    access: &Access,
    out: &mut Vec<UiCommand>,
) {
    let soon = matches!(
        view.board.stage,
        Stage::Between {
            next: Contest::Sandwich
        }
    ) || view.board.contest == Some(Contest::Sandwich);
    egui::CollapsingHeader::new(RichText::new(lang.t(Nt::SliceCodes)).strong())
        .id_salt(("neptune-slice-codes", game.0))
        .default_open(soon)
        .show(ui, |ui| {
            ui.label(
                RichText::new(lang.t(Nt::SliceCodesHint))
                    .small()
                    .color(GREY),
            );
            for entry in &view.teams {
                for slice in Slice::BOTH {
                    let name = slice_name(&view.board, entry.team, slice);
                    ui.label(RichText::new(&name).strong());
                    match crate::views::join_codes::slice_join_code(access, entry.team, slice) {
                        Some(code) => {
                            let id = format!("neptune-{}-{}-{}", game.0, entry.team, slice.code());
                            let web = crate::views::join_codes::web_link_of(access, &code);
                            widgets::join_code_box(ui, lang, &id, &code, web.as_deref(), out);
                        }
                        None => {
                            ui.label(RichText::new(lang.t(Nt::NoSliceCode)).color(GREY));
                        }
                    }
                }
            }
        });
}
