//! The appeal jury (6.5) on the virtual hall: its terminal joining, what it sees, and
//! the jury's protocol as `minuta-server export --format pdf` reads it
//! from the store. Nothing here decides a rule.

use anyhow::{Result, anyhow};

use minuta_server::export::protocol_of;
use minuta_server::jury_protocol::Protocol;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::{JuryView, View};

use super::{JURY_SECRET, TerminalId, VirtualHall};

impl VirtualHall {
    /// The appeal jury's terminal (6.5) joins with its secret.
    pub fn join_jury(&mut self) -> Result<TerminalId> {
        self.join(Credential::Jury {
            secret: JURY_SECRET.into(),
        })
    }

    /// Runs until the jury's terminal `t` sees what `done` asks, and
    /// returns its view.
    pub fn jury_sees(
        &mut self,
        t: TerminalId,
        what: &str,
        done: impl Fn(&JuryView) -> bool,
    ) -> Result<JuryView> {
        self.until(what, |h| h.jury_view(t).is_some_and(&done))?;
        self.jury_view(t)
            .cloned()
            .ok_or_else(|| anyhow!("no jury view"))
    }

    fn jury_view(&self, t: TerminalId) -> Option<&JuryView> {
        match &self.terminals[t].state.view {
            Some(View::Jury(v)) => Some(v),
            _ => None,
        }
    }

    /// The jury's protocol of this hall's store: its events replayed into
    /// a fresh core and dated by the store's first event, as
    /// `minuta_server::export::protocol` does with a data directory.
    pub fn protocol(&self) -> Result<Protocol> {
        let core = self.restart()?;
        Ok(protocol_of(&core, self.stored().iter().map(|(_, e)| e)))
    }
}
