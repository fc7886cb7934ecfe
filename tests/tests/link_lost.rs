//! The app's own network task against a real `minuta-server` process killed
//! with SIGKILL (no close reaches the terminal): the app's state shows the
//! link lost — «нет связи с сервером», the clock frozen — within 2 s, not
//! after QUIC's idle timeout. A projector, the screen the whole hall reads
//! and nobody at it to notice.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use minuta_client::i18n::Lang;
use minuta_client::net::EventSink;
use minuta_client::shell::native::net::{NetHandle, local_now_us};
use minuta_client::state::{AppState, NetEvent, reduce};
use minuta_tests::{STEP, TestServer};

/// What the issue asks: the banner within 2 s of the server going away.
const SHOWN_WITHIN: Duration = Duration::from_secs(2);

/// Applies the network's events to `state` as the app does each frame,
/// until `done` holds; at most [`STEP`] (a generous bound: only a broken
/// build waits that long).
fn until(
    state: &mut AppState,
    events: &Receiver<NetEvent>,
    what: &str,
    done: impl Fn(&AppState) -> bool,
) -> Result<()> {
    let deadline = Instant::now() + STEP;
    while !done(state) {
        let left = deadline
            .checked_duration_since(Instant::now())
            .with_context(|| format!("{what}: not within {STEP:?}"))?;
        // Polled: a quiet link sends nothing, and the wait must still end.
        match events.recv_timeout(left.min(Duration::from_millis(20))) {
            Ok(event) => {
                state.now_us = local_now_us();
                reduce(state, event);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("{what}: the network task ended")
            }
        }
    }
    Ok(())
}

#[test]
fn a_killed_server_shows_as_lost_on_the_projector_within_two_seconds() -> Result<()> {
    let mut server = TestServer::child_process()?;
    let code = server.display_code.clone();
    let (tx, events) = mpsc::channel();
    let _net = NetHandle::start(code.clone(), EventSink::new(tx, Arc::new(|| {})), false)?;
    let mut state = AppState::new(Lang::Ru);
    state.join(code);
    until(&mut state, &events, "connected with a view", |s| {
        s.connection.is_connected() && s.view.is_some()
    })?;

    // A live server that has nothing to say for a while is not lost: the
    // keep-alives' answers keep the watchdog quiet.
    let quiet_until = Instant::now() + Duration::from_millis(2_500);
    let _ = until(&mut state, &events, "a quiet live server", |s| {
        s.link_lost() || Instant::now() >= quiet_until
    });
    ensure!(!state.link_lost(), "a live server was shown as lost");

    let killed = Instant::now();
    server.kill()?;
    until(&mut state, &events, "the loss shown", AppState::link_lost)?;
    let took = killed.elapsed();
    eprintln!("«нет связи с сервером» {took:?} after SIGKILL");
    ensure!(took < SHOWN_WITHIN, "the loss showed after {took:?}");
    ensure!(state.frozen_at_us.is_some(), "the clock still counts on");
    Ok(())
}
