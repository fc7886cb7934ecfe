//! «Что? Где? Когда?»'s steps on the virtual hall, as [`crate::hall::Hall`]
//! gives them on real sockets: a question announced and its minute run, a
//! team's card, waiting out its grace, and a whole question played through
//! as the host plays it. Nothing here decides a rule.

use anyhow::{Result, anyhow};

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, Verdict};
use minuta_shared::play::clock::{ClockView, Phase};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};

use super::{TerminalId, VirtualHall};
use crate::hall::judging_of;

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

    /// Plays question `q` through: the host announces it; every team (by
    /// its place in the hall) hands in `right_text` if `right` says so,
    /// else `wrong_text`, before «Время», which the host then gives; once
    /// the minute is over and every card grouped, the host marks each group
    /// right exactly when all its teams are, and reveals.
    pub fn play_question(
        &mut self,
        q: QuestionId,
        right_text: &str,
        wrong_text: &str,
        right: impl Fn(usize) -> bool,
    ) -> Result<()> {
        let host = self.host;
        let chgk = |c: ChgkCommand| Command::game(EVENT_CHGK, c);
        self.ok(host, chgk(ChgkCommand::Announce { question: q }))?;
        for (i, team) in self.teams.clone().into_iter().enumerate() {
            let text = if right(i) { right_text } else { wrong_text };
            self.submit_card(team, q, text)??;
        }
        self.ok(host, chgk(ChgkCommand::StartMinute))?;
        let all = self.teams.len();
        let view = self.host_sees("the minute over and every card grouped", |v| {
            v.event_chgk().clock.question == Some(q)
                && v.event_chgk().clock.phase == Phase::Over
                && judging_of(v, q)
                    .is_some_and(|j| j.groups.iter().map(|g| g.teams.len()).sum::<usize>() == all)
        })?;
        let judging = judging_of(&view, q).ok_or_else(|| anyhow!("no judging of {q:?}"))?;
        for group in &judging.groups {
            let correct = group.teams.iter().all(|t| {
                let i = self.team_ids.iter().position(|id| id == t);
                i.is_some_and(&right)
            });
            let verdict = if correct {
                Verdict::Correct
            } else {
                Verdict::Wrong
            };
            let judge = ChgkCommand::Judge {
                question: q,
                group: group.key.clone(),
                verdict,
            };
            self.ok(host, chgk(judge))?;
        }
        self.ok(host, chgk(ChgkCommand::Reveal { question: q }))?;
        Ok(())
    }
}
