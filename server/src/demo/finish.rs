//! The end of a demo played to its end (`--run-to-end`): the host robot
//! reaches the [`FinishLine`] once its view shows every game of the
//! programme finished, and whoever started the server waits for it.

use std::sync::Arc;

use minuta_shared::play::brain_ring::RingStage;
use minuta_shared::programme::SlotStatus;
use minuta_shared::wire::view::HostView;
use tokio::sync::Notify;

use super::DemoGame;

/// Shared between the demo's host robot and the server's starter.
#[derive(Clone, Debug, Default)]
pub struct FinishLine(Arc<Notify>);

impl FinishLine {
    pub fn new() -> Self {
        FinishLine::default()
    }

    /// The programme has been played to its end (kept until awaited).
    pub fn reach(&self) {
        self.0.notify_one();
    }

    /// Waits until [`FinishLine::reach`] has been called.
    pub async fn reached(&self) {
        self.0.notified().await;
    }
}

/// Whether the demo's programme has been played to its end. ChGK and
/// Мультиигры: the ChGK tournament when it has tours (each closed: all its
/// questions revealed and its appeals resolved), and every game of a
/// plug-in format (`finished()`); a programme with nothing in it is not
/// finished (Эрудит-квартет's once its final is over). Brain-ring: the
/// champion is known. A festival: all of that,
/// and every slot of the programme done.
pub fn programme_finished(view: &HostView, game: DemoGame) -> bool {
    // Each game: whether it is in use, and whether it is done. A ChGK
    // game without tours is not in use (a Мультиигры evening's ChGK).
    let games: Vec<(bool, bool)> = view
        .games
        .iter()
        .map(|g| {
            let progress = g.view.progress();
            (progress.in_use, progress.finished)
        })
        .collect();
    let games_done =
        games.iter().any(|(used, _)| *used) && games.iter().all(|(used, done)| !used || *done);
    let champion = view
        .event_ring()
        .is_some_and(|(_, r)| matches!(r.board.stage, RingStage::Finished { .. }));
    match game {
        DemoGame::Chgk | DemoGame::Multigames | DemoGame::EruditQuartet | DemoGame::Neptune => {
            games_done
        }
        DemoGame::BrainRing => champion,
        DemoGame::Festival => {
            let slots_done = view.programme.as_ref().is_some_and(|p| {
                p.days
                    .iter()
                    .flat_map(|d| &d.slots)
                    .all(|s| s.status == SlotStatus::Done)
            });
            games_done && champion && slots_done
        }
    }
}
