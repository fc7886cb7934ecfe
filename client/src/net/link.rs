//! What the native QUIC link and the browser's WebSocket link share: the
//! reconnection backoff and its jitter, the close codes that end for good,
//! and how a server's message becomes [`NetEvent`]s for `state::reduce`.

use std::collections::BTreeSet;
use std::time::Duration;

use minuta_shared::time::ClockSample;
use minuta_shared::wire::close;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;

use super::EventSink;
use crate::state::{NetCommand, NetEvent};

/// Close codes after which retrying would only repeat the same outcome.
pub const FINAL_CLOSE_CODES: [u32; 6] = [
    close::REFUSED,
    close::MALFORMED,
    close::OVERSIZED,
    close::FORBIDDEN,
    close::VERSION,
    close::REPLACED,
];

/// 0.5 s, 1 s, 2 s, then every 4 s: quick after a blip, gentle on a server
/// that is down for a while. Each pause is drawn between half its step and
/// the whole step (`jitter` in 0..1 picks where): a hall whose server
/// restarted, or whose ten thousand laptops all open their join codes at
/// the same moment, comes back spread out instead of in one wave that
/// times out together again (issue 16).
pub fn backoff(attempt: u32, jitter: f64) -> Duration {
    let step = 500u64.saturating_mul(1 << attempt.saturating_sub(1).min(3));
    let step = step.min(4_000) as f64;
    Duration::from_millis((step * (0.5 + 0.5 * jitter.clamp(0.0, 1.0))) as u64)
}

/// A number in 0..1 from the system's random source (ring's); 0.5 if it
/// fails, which only loses the spread.
pub fn jitter() -> f64 {
    use ring::rand::SecureRandom;
    let mut bytes = [0u8; 4];
    match ring::rand::SystemRandom::new().fill(&mut bytes) {
        Ok(()) => f64::from(u32::from_le_bytes(bytes)) / (f64::from(u32::MAX) + 1.0),
        Err(_) => 0.5,
    }
}

/// A command that will never get its Ack.
pub fn lose(events: &EventSink, command: &NetCommand) {
    match command {
        NetCommand::Command { request, .. }
        | NetCommand::LoadPackageFile { request, .. }
        | NetCommand::Fetch { request, .. } => {
            events.send(NetEvent::Lost { request: *request });
        }
        // The import waits for its file no longer: the host picks it again.
        NetCommand::ReadRoster { .. } | NetCommand::CancelSending { .. } | NetCommand::Leave => {}
    }
}

/// Whether this team's button may be pressed, if `msg` says: a team's
/// whole view (a Brain-ring fight with a question in play, or an
/// Эрудит-квартет question its player may press on), or a press's patch
/// (a team receives only its own fight's or game of four's).
pub fn buttons_live(msg: &ServerMsg) -> Option<bool> {
    match msg {
        ServerMsg::View(view) => match view.as_ref() {
            View::Team(team) => Some(team.games.iter().any(|g| g.view.buttons_live())),
            _ => None,
        },
        ServerMsg::Patch { patch, .. } => patch.buttons_live(),
        _ => None,
    }
}

/// The UI's event for a server's message received at `now_us` (this
/// machine's clock); an acknowledged request leaves `in_flight`.
pub fn event_of(msg: ServerMsg, in_flight: &mut BTreeSet<u64>, now_us: u64) -> Option<NetEvent> {
    match msg {
        ServerMsg::Pong {
            client_time_us,
            server_time,
        } => Some(NetEvent::Clock(ClockSample::from_exchange(
            client_time_us,
            server_time,
            now_us,
        ))),
        ServerMsg::Ack { request, result } => {
            in_flight.remove(&request);
            Some(NetEvent::Ack { request, result })
        }
        ServerMsg::View(view) => Some(NetEvent::View(view)),
        ServerMsg::Patch { game, patch } => Some(NetEvent::Patch { game, patch }),
        ServerMsg::StorageAlert { failing } => Some(NetEvent::StorageAlert(failing)),
        ServerMsg::Media(file) => Some(NetEvent::Media(file)),
        ServerMsg::FilePart(part) => Some(NetEvent::FilePart(part)),
        ServerMsg::RosterRead { request, read } => Some(NetEvent::RosterRead { request, read }),
        ServerMsg::FileRefused { request, why } => Some(NetEvent::FileRefused { request, why }),
        // The reader has made every patch a whole view.
        ServerMsg::ViewDelta(_) => None,
    }
}

/// How this terminal names itself in its greeting.
pub fn client_name() -> String {
    format!("minuta {}", env!("CARGO_PKG_VERSION"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_then_levels_off() {
        let longest: Vec<u64> = (1..=6)
            .map(|a| backoff(a, 1.0).as_millis() as u64)
            .collect();
        assert_eq!(longest, vec![500, 1000, 2000, 4000, 4000, 4000]);
        let shortest: Vec<u64> = (1..=6)
            .map(|a| backoff(a, 0.0).as_millis() as u64)
            .collect();
        assert_eq!(shortest, vec![250, 500, 1000, 2000, 2000, 2000]);
    }

    #[test]
    fn the_jitter_spreads_a_hall_over_the_step() {
        let draws: Vec<f64> = (0..200).map(|_| jitter()).collect();
        assert!(draws.iter().all(|j| (0.0..1.0).contains(j)));
        let below_half = draws.iter().filter(|j| **j < 0.5).count();
        assert!(
            (40..=160).contains(&below_half),
            "{below_half} of 200 below 0.5"
        );
        assert!(backoff(3, 0.25) < backoff(3, 0.75));
    }
}
