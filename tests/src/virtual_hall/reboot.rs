//! A crash and a start again on the virtual hall, as `TestServer::restart`
//! kills the server and starts it on the same data: what was on the wire
//! and the batch not yet committed are lost, every link dies, and a new
//! machine starts from the store's replay with the steps the server's
//! start takes before it serves (`minuta_server::start`).

use std::collections::BTreeMap;

use anyhow::Result;

use super::{VirtualHall, machine};

impl VirtualHall {
    /// The server crashes and starts again on its store. The terminals'
    /// links are gone: a terminal comes back by joining again.
    pub fn reboot(&mut self) -> Result<()> {
        // A module of the hall's own: it reaches the wire and the store,
        // which the hall keeps from the tests.
        self.wire = BTreeMap::new();
        self.committing = None;
        for terminal in &mut self.terminals {
            terminal.conn = None;
            terminal.in_flight.clear();
        }
        let mut core = self.restart()?;
        let now = self.now;
        let mut setup = core.resume_after_restart(now);
        setup.extend(core.upgrade("restarted-upgrade".into()));
        setup.extend(core.handle_timeout(now));
        self.stored.extend(setup.into_iter().map(|e| (now.0, e)));
        self.server = machine(core, "restarted-secret", now);
        Ok(())
    }
}
