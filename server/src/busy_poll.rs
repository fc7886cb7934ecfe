//! Busy polling while Brain-ring buttons are live, for the server's thread
//! and a team terminal's network thread alike.
//!
//! Instead of sleeping in the kernel when there is nothing to do, a
//! single-threaded tokio runtime checks its sockets again at once. A
//! sleeping CPU takes tens to hundreds of µs to wake for an arriving packet
//! (more on a virtual machine), and that wake would lie between a press and
//! its departure from the terminal, or between its arrival and its stamp at
//! the server; polling keeps both at the moment they happen, for every table
//! alike. It costs one busy core while a question is in play, nothing
//! otherwise.

use tokio::sync::watch;

/// Polls while `live` is true; waits quietly while it is false; ends when
/// its sender is dropped. Spawn it on the single-threaded runtime to keep hot.
pub async fn keep_polling(mut live: watch::Receiver<bool>) {
    loop {
        if live.has_changed().is_err() {
            return; // the owner has stopped
        }
        if *live.borrow_and_update() {
            // On a single-threaded runtime a yield lets every ready task run
            // and polls the sockets without blocking, then comes back here.
            tokio::task::yield_now().await;
        } else if live.changed().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn it_polls_only_while_live_and_ends_with_its_owner() {
        let (live, rx) = watch::channel(false);
        let task = tokio::spawn(keep_polling(rx));
        tokio::task::yield_now().await;
        live.send_replace(true);
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        live.send_replace(false);
        tokio::task::yield_now().await;
        drop(live);
        tokio::time::timeout(std::time::Duration::from_secs(5), task)
            .await
            .expect("ends once its owner is gone")
            .expect("no panic");
    }
}
