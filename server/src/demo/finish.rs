//! The end of a demo played to its end (`--run-to-end`): the host robot
//! reaches the [`FinishLine`] once its demo says its view shows the demo
//! played to its end, and whoever started the server waits for it.

use std::sync::Arc;

use tokio::sync::Notify;

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
