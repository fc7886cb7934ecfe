//! A robot's plan as both button robots keep it: actions due at server
//! times, the next one's time, and those due taken off the plan. What an
//! action is stays each robot's own.

use minuta_shared::time::ServerTime;

/// A planned action's due time.
pub(super) trait Due {
    fn due_at(&self) -> ServerTime;
}

/// When the next planned action is due.
pub(super) fn next_at<P: Due>(planned: &[P]) -> Option<ServerTime> {
    planned.iter().map(Due::due_at).min()
}

/// The planned actions due by `now`, taken off the plan.
pub(super) fn take_due<P: Due>(planned: &mut Vec<P>, now: ServerTime) -> Vec<P> {
    let (due, later) = std::mem::take(planned)
        .into_iter()
        .partition(|p| p.due_at() <= now);
    *planned = later;
    due
}
