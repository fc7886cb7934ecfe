//! The press desk: a Brain-ring press decided by the connection task that
//! read it, the moment it is read, instead of after a hop to the driver.
//!
//! The core is shared between the driver and every connection task
//! ([`SharedCore`]); all of them run on the server's one thread, so the lock
//! is never contended, it only keeps the borrow rules. A press may skip the
//! driver only when nothing read before it still waits in the driver's
//! channel: the driver decides in the order of arrival stamps, and a press
//! must never be judged ahead of a «Время» stamped before it. Otherwise the
//! press takes the driver's road like any command.
//!
//! The decision's events go to the driver in the same step as the decision
//! (through a slot reserved beforehand), so the store keeps them in the order
//! the core applied them; the driver commits them and sends the fight's
//! screens their patch. The verdict goes out at once, as for every press
//! (DESIGN.md: a Brain-ring verdict goes out before its commit).

use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::mpsc;

use minuta_shared::ids::TeamId;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::server::ServerMsg;

use super::{ConnId, Inbound};
use crate::core::Core;

/// The core, shared by the driver and the connection tasks of one server
/// thread.
#[derive(Clone)]
pub struct SharedCore(Arc<Mutex<Core>>);

impl SharedCore {
    pub fn new(core: Core) -> Self {
        SharedCore(Arc::new(Mutex::new(core)))
    }

    /// The core, for one step. A panic while it was held may have left the
    /// core halfway through a step: the server stops rather than go on with
    /// it (`crate::sync`); the next start replays the store.
    pub fn lock(&self) -> MutexGuard<'_, Core> {
        crate::sync::lock(&self.0, "the core")
    }
}

/// One team's press, as its connection task read it.
pub struct Press {
    pub conn: ConnId,
    pub team: TeamId,
    pub request: u64,
    pub received_at: ServerTime,
    pub rtt_us: u64,
    pub clock_offset_us: i64,
}

/// What became of a press at the desk.
pub enum AtDesk {
    /// Decided here: send this verdict to the pressing terminal.
    Decided(ServerMsg),
    /// Sent on to the driver, which decides it in arrival order.
    Queued,
}

/// The driver is gone: the server is shutting down.
pub struct DriverGone;

/// Decides `press` at once when the driver's channel holds nothing read
/// before it; otherwise queues it for the driver.
pub async fn press(
    core: &SharedCore,
    driver: &mpsc::Sender<Inbound>,
    press: Press,
) -> Result<AtDesk, DriverGone> {
    // The slot first: once the core has changed, its events must reach the
    // driver without any other task running in between.
    let permit = driver.reserve().await.map_err(|_| DriverGone)?;
    // What the channel holds besides this slot: commands, joins and
    // decisions read before this press (the driver empties the channel and
    // decides everything in it in one step, so nothing else waits).
    let ahead = driver
        .max_capacity()
        .saturating_sub(driver.capacity())
        .saturating_sub(1);
    if ahead > 0 {
        permit.send(Inbound::Command {
            conn: press.conn,
            request: press.request,
            command: minuta_shared::wire::client::Command::Press {
                clock_offset_us: press.clock_offset_us,
            },
            received_at: press.received_at,
            rtt_us: press.rtt_us,
        });
        return Ok(AtDesk::Queued);
    }
    let decided = core.lock().handle_press(
        press.team,
        press.received_at,
        press.rtt_us,
        press.clock_offset_us,
    );
    let result = match decided {
        Ok((receipt, events)) => {
            permit.send(Inbound::Pressed {
                received_at: press.received_at,
                events,
            });
            Ok(receipt)
        }
        // A refused press changes nothing: nothing to commit or show.
        Err(e) => Err(e),
    };
    Ok(AtDesk::Decided(ServerMsg::Ack {
        request: press.request,
        result,
    }))
}

#[cfg(test)]
#[path = "press_desk_tests.rs"]
mod tests;
