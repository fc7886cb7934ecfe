//! A connection's outgoing queue, written by the driver (and by the
//! connection's own reader, for pongs) and drained by its writer.
//!
//! Views wait here whole; the writer turns each into a patch of the last
//! view it actually wrote as it takes it (see `connection`), so dropping a
//! waiting view never leaves a patch without its base.
//!
//! Acknowledgements, pongs and fight patches keep their order. A whole view
//! supersedes every view and fight patch still waiting before it: it already
//! contains what they would show. So a terminal that reads slowly holds at
//! most one view in the server's memory (a host view is tens of KB, a hall
//! of thousands would otherwise pile up hundreds of MB behind a stalled
//! laptop), and when it catches up it reads the newest state first.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

use minuta_shared::wire::server::ServerMsg;

use super::Outbound;

/// How many messages may wait for a slow terminal before it is cut off (it
/// reconnects and gets a fresh view; nobody else waits for it). Views do not
/// pile up (see the module), so this counts acknowledgements, pongs and
/// fight patches.
pub const OUTBOX_LIMIT: usize = 1024;

/// The terminal has not read its last [`OUTBOX_LIMIT`] messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxFull;

/// One connection's queue; clones share it.
#[derive(Clone, Default)]
pub struct Outbox {
    shared: Arc<Shared>,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<VecDeque<Outbound>>,
    ready: Notify,
}

impl Outbox {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues `out` behind everything waiting, first dropping the waiting
    /// views and fight patches if `out` is a whole view.
    pub fn push(&self, out: Outbound) -> Result<(), OutboxFull> {
        let mut queue = self.lock();
        if is_view(&out) {
            queue.retain(|waiting| !is_view(waiting) && !is_patch(waiting));
        }
        if queue.len() >= OUTBOX_LIMIT {
            return Err(OutboxFull);
        }
        queue.push_back(out);
        drop(queue);
        // Stores a permit when the writer is not waiting yet, so a push
        // between its look at the queue and its wait is never missed.
        self.shared.ready.notify_one();
        Ok(())
    }

    /// The next message, waiting for one if none is queued.
    pub async fn next(&self) -> Outbound {
        loop {
            if let Some(out) = self.lock().pop_front() {
                return out;
            }
            self.shared.ready.notified().await;
        }
    }

    /// How many messages wait.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<Outbound>> {
        crate::sync::lock(&self.shared.queue, "a connection's outbox")
    }
}

fn is_view(out: &Outbound) -> bool {
    matches!(out, Outbound::Msg(msg) if matches!(**msg, ServerMsg::View(_)))
}

fn is_patch(out: &Outbound) -> bool {
    matches!(out, Outbound::Msg(msg) if matches!(**msg, ServerMsg::Patch { .. }))
}

#[cfg(test)]
#[path = "outbox_tests.rs"]
mod tests;
