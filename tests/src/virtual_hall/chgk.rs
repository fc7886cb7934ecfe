//! «Что? Где? Когда?»'s steps on the virtual hall, as [`crate::hall::Hall`]
//! gives them on real sockets: a question announced and its minute run, a
//! team's card, and waiting out its grace. Nothing here decides a rule.

use anyhow::Result;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::clock::{ClockView, Phase};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};

use super::{TerminalId, VirtualHall};

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

    /// Team terminal `t` hands in its card for question `q`; returns the
    /// server's answer.
    pub fn submit_card(
        &mut self,
        t: TerminalId,
        q: QuestionId,
        text: &str,
    ) -> Result<Result<Receipt, CommandError>> {
        let card = ChgkCommand::SubmitCard {
            question: q,
            text: text.into(),
        };
        self.command(t, Command::game(EVENT_CHGK, card))
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
