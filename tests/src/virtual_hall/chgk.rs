//! «Что? Где? Когда?»'s steps on the virtual hall, as [`crate::hall::Hall`]
//! gives them on real sockets: a question announced and its minute run,
//! and waiting out its grace. Nothing here decides a rule.

use anyhow::Result;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::clock::{ClockView, Phase};
use minuta_shared::wire::client::Command;

use super::VirtualHall;

impl VirtualHall {
    /// The host announces question `q` and gives «Время»; returns the clock
    /// as the host sees it once the minute runs.
    pub fn start_question(&mut self, q: QuestionId) -> Result<ClockView> {
        let host = self.host;
        self.ok(
            host,
            Command::game(EVENT_CHGK, ChgkCommand::Announce { question: q }),
        )?;
        self.ok(host, Command::game(EVENT_CHGK, ChgkCommand::StartMinute))?;
        let view = self.host_sees("the minute to run", |v| {
            v.event_chgk().clock.question == Some(q) && v.event_chgk().clock.started_at.is_some()
        })?;
        Ok(view.event_chgk().clock.clone())
    }

    /// Runs until every team's terminal shows question `q`'s grace as over.
    pub fn wait_until_over(&mut self, q: QuestionId) -> Result<()> {
        for t in self.teams.clone() {
            self.team_sees(t, "the end of the grace", |v| {
                v.event_chgk().clock.question == Some(q)
                    && v.event_chgk().clock.phase == Phase::Over
            })?;
        }
        Ok(())
    }
}
