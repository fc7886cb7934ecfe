//! The demo's autopilot host as every staff screen shows it: a banner while
//! it runs the game («коснитесь любой кнопки, чтобы взять управление»), and
//! while a person is in control, the seconds until it takes over again,
//! counted on this terminal's estimate of server time as the clocks are.

use std::time::Duration;

use egui::{RichText, Ui};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::AutopilotView;

use crate::i18n::{self, Lang, T};
use crate::views::widgets::{AMBER, GREEN};

/// What the banner says at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The autopilot runs the game.
    Running,
    /// A person does; the autopilot is back in this many whole seconds
    /// (rounded up, so «1 с» shows until it is back), and the number
    /// changes after `next`.
    Aside { seconds: u64, next: Duration },
}

/// The banner at server time `now`. A countdown run out shows the
/// autopilot running: it is, though the server's next view may be a
/// moment behind.
pub fn shown(autopilot: &AutopilotView, now: ServerTime) -> Shown {
    let left = match autopilot.resumes_at {
        Some(back) if !autopilot.running => now.until(back),
        _ => return Shown::Running,
    };
    if left.is_zero() {
        return Shown::Running;
    }
    let second = Duration::from_secs(1);
    let seconds = left.as_micros().div_ceil(second.as_micros()) as u64;
    // The number drops once the time left is a whole second less.
    let next = left.saturating_sub(second * (seconds.saturating_sub(1) as u32));
    Shown::Aside { seconds, next }
}

/// The banner across the top of a staff screen. While counting down it asks
/// for the next frame only when the number changes.
pub fn banner(ui: &mut Ui, lang: Lang, autopilot: &AutopilotView, now: ServerTime) {
    ui.vertical_centered(|ui| match shown(autopilot, now) {
        Shown::Running => {
            ui.label(
                RichText::new(lang.t(T::AutopilotRunning))
                    .size(18.0)
                    .strong()
                    .color(GREEN),
            );
        }
        Shown::Aside { seconds, next } => {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(lang.t(T::AutopilotAside))
                        .size(18.0)
                        .strong()
                        .color(AMBER),
                );
                ui.label(
                    RichText::new(i18n::autopilot_back(lang, seconds))
                        .size(18.0)
                        .color(AMBER),
                );
            });
            ui.ctx().request_repaint_after(next);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const BACK: ServerTime = ServerTime(1_000_000_000_000);

    fn aside() -> AutopilotView {
        AutopilotView {
            running: false,
            resumes_at: Some(BACK),
        }
    }

    fn before_back(ms: u64) -> ServerTime {
        ServerTime(BACK.0 - ms * 1000)
    }

    #[test]
    fn the_countdown_rounds_up_and_changes_on_the_whole_second() {
        assert_eq!(
            shown(&aside(), before_back(29_400)),
            Shown::Aside {
                seconds: 30,
                next: Duration::from_millis(400)
            }
        );
        assert_eq!(
            shown(&aside(), before_back(29_000)),
            Shown::Aside {
                seconds: 29,
                next: Duration::from_secs(1)
            }
        );
        assert_eq!(
            shown(&aside(), before_back(1)),
            Shown::Aside {
                seconds: 1,
                next: Duration::from_millis(1)
            }
        );
    }

    #[test]
    fn a_countdown_run_out_shows_the_autopilot_running() {
        assert_eq!(shown(&aside(), BACK), Shown::Running);
        assert_eq!(
            shown(&aside(), BACK.plus(Duration::from_secs(3))),
            Shown::Running
        );
        let running = AutopilotView {
            running: true,
            resumes_at: None,
        };
        assert_eq!(shown(&running, before_back(5_000)), Shown::Running);
    }
}
