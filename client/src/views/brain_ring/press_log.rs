//! The press log of the question in play, as the host reads it: every
//! press in the order it arrived at the server, with its gap to the first
//! («+0.000 / +0.037 с»), what it turned out to be, its time from «Время»,
//! and the team's measured round trip and clock offset at that moment —
//! the evidence a jury needs. Hovering a gap shows the arrival stamp in µs.
//!
//! Gaps count from the first press after «Время»: a false start while the
//! question was read would otherwise shift every gap by the reading time.

use egui::{RichText, Ui};
use minuta_shared::play::brain_ring::{Press, PressKind, RingFightView};

use crate::i18n::{Lang, T};
use crate::views::brain_ring::words;
use crate::views::brain_ring::words::Rt;
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

pub fn press_log(ui: &mut Ui, lang: Lang, fight: &RingFightView) {
    ui.label(RichText::new(lang.t(Rt::PressLog)).strong().size(16.0));
    if fight.presses.is_empty() {
        ui.label(RichText::new(lang.t(Rt::NoPresses)).color(GREY));
        return;
    }
    egui::Grid::new(("press-log", fight.id.0))
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for head in [
                T::ColNumber,
                T::ColTeam,
                T::ColTable,
                T::ColGap,
                T::ColPress,
                T::ColSinceArming,
                T::ColRtt,
                T::ColClockOffset,
            ] {
                ui.label(RichText::new(lang.t(head)).strong());
            }
            ui.end_row();
            let gaps = gaps(&fight.presses);
            for (i, ((press, _), gap)) in fight.presses.iter().zip(gaps).enumerate() {
                ui.label((i + 1).to_string());
                let name = fight
                    .names
                    .get(press.table)
                    .map(String::as_str)
                    .unwrap_or("");
                ui.label(RichText::new(name).strong());
                ui.label((press.table + 1).to_string());
                let gap = gap.map_or_else(|| "—".to_owned(), |g| words::gap(lang, g));
                ui.label(RichText::new(gap).monospace())
                    .on_hover_text(format!("{} µs", press.arrived_at.as_micros()));
                let colour = match press.kind {
                    PressKind::Won => GREEN,
                    PressKind::FalseStart | PressKind::LockedOut => RED,
                    PressKind::Contested => AMBER,
                    PressKind::Late | PressKind::Repeated | PressKind::Ignored => GREY,
                };
                ui.label(RichText::new(words::press_kind(lang, press.kind)).color(colour));
                ui.label(
                    RichText::new(words::since_arming(lang, press.since_arming_us)).monospace(),
                );
                let rtt = i64::try_from(press.rtt_us).unwrap_or(i64::MAX);
                ui.label(RichText::new(words::millis(lang, rtt, false)).monospace());
                ui.label(
                    RichText::new(words::millis(lang, press.clock_offset_us, true)).monospace(),
                );
                ui.end_row();
            }
        });
}

/// Each press's gap to the first press after arming; `None` for presses
/// before it. Before arming there is no such press: the server's gaps (to
/// the first press of all) stand.
pub fn gaps(presses: &[(Press, u64)]) -> Vec<Option<u64>> {
    let first_armed = presses
        .iter()
        .map(|(p, _)| p)
        .find(|p| p.since_arming_us.is_some_and(|us| us >= 0))
        .map(|p| p.arrived_at);
    presses
        .iter()
        .map(|(press, gap)| match first_armed {
            Some(first) => press.arrived_at.0.checked_sub(first.0),
            None => Some(*gap),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_shared::ids::TeamId;
    use minuta_shared::time::ServerTime;

    fn press(arrived_at: u64, since_arming_us: Option<i64>, gap: u64) -> (Press, u64) {
        let press = Press {
            question: 1,
            team: TeamId(1),
            table: 0,
            arrived_at: ServerTime(arrived_at),
            since_arming_us,
            rtt_us: 0,
            clock_offset_us: 0,
            kind: PressKind::Late,
        };
        (press, gap)
    }

    #[test]
    fn brain_ring_gaps_count_from_the_first_press_after_time() {
        let log = [
            press(1_000, None, 0),
            press(11_080_000, Some(2_253_000), 11_079_000),
            press(11_117_400, Some(2_290_400), 11_116_400),
        ];
        assert_eq!(gaps(&log), vec![None, Some(0), Some(37_400)]);
        assert_eq!(gaps(&log[..1]), vec![Some(0)], "only a false start so far");
    }
}
