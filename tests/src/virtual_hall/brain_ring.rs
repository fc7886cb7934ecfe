//! «Брейн-ринг»'s steps on the virtual hall, as [`crate::brain_ring`] gives
//! them on real sockets: the host's Brain-ring commands, a press and its
//! verdict, a fight as one terminal shows it. Nothing here decides a rule.

use anyhow::{Result, anyhow};

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, RingCommand, RingFightView};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;

use super::{TerminalId, VirtualHall};
use crate::brain_ring::{Verdict, fight_of_view, verdict_of};

impl VirtualHall {
    /// The host gives a Brain-ring command; fails unless it is accepted.
    pub fn ring(&mut self, command: RingCommand) -> Result<Receipt> {
        let host = self.host;
        self.ok(host, Command::game(EVENT_RING, command))
    }

    /// `t` presses its button once; the server's verdict.
    pub fn press(&mut self, t: TerminalId) -> Result<Verdict> {
        let result = self.command(t, Command::Press { clock_offset_us: 0 })?;
        verdict_of(&result)
    }

    /// The terminal `team` sits at.
    pub fn terminal_of(&self, team: TeamId) -> Result<TerminalId> {
        let i = self.team_ids.iter().position(|t| *t == team);
        i.and_then(|i| self.teams.get(i).copied())
            .ok_or_else(|| anyhow!("team {team} has no terminal"))
    }

    /// Runs until `t` shows `fight` (a team its own, the staff and the
    /// projector on the board) with `pred` true; returns it as shown.
    pub fn fight_sees(
        &mut self,
        t: TerminalId,
        fight: FightId,
        what: &str,
        pred: impl Fn(&RingFightView) -> bool,
    ) -> Result<RingFightView> {
        let shown = |h: &Self| {
            let view = h.terminals[t].state.view.as_ref()?;
            fight_of_view(view, fight).filter(|f| pred(f)).cloned()
        };
        self.until(what, |h| shown(h).is_some())?;
        shown(self).ok_or_else(|| anyhow!("{what}: gone"))
    }
}
