//! A team's attendance, opened from its line on the teams tab (4.3): one
//! box per tour of the event's ChGK, ticked while the team plays it. Unticking marks the team
//! absent (it did not come, or left), so it leaves the tour's A; the
//! question ratings follow at once. A closed tour's box is fixed.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView};
use minuta_shared::wire::client::Command;

use crate::i18n::Lang;
use crate::state::UiCommand;
use crate::views::chgk::words::{Ct, plays_tour};
use crate::views::widgets::GREY;

pub fn attendance(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    chgk: &ChgkStaffView,
    team: TeamId,
    out: &mut Vec<UiCommand>,
) {
    ui.label(
        RichText::new(lang.t(Ct::AttendanceHint))
            .small()
            .color(GREY),
    );
    if chgk.tours.is_empty() {
        ui.label(lang.t(Ct::NoTours));
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for tour in &chgk.tours {
            let mut plays = !tour.absent.contains(&team);
            let box_ = egui::Checkbox::new(&mut plays, plays_tour(lang, &tour.title));
            if ui.add_enabled(!tour.closed, box_).changed() {
                out.push(UiCommand::Send(Command::game(
                    game,
                    ChgkCommand::MarkAbsent {
                        team,
                        tour: tour.id,
                        absent: !plays,
                    },
                )));
            }
        }
    });
}
