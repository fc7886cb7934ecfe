//! The autopilot host of the demo: it logs in as the host, keeps the
//! latest host view, and asks its demo's [`Autopilot`] (each demo's own:
//! `demo/chgk.rs`, `demo/festival.rs`, …) what a diligent host would do
//! next, at the autopilot's pace, one batch at a time once the last is
//! acknowledged. It stands aside while a person is using the staff
//! controls (for [`crate::demo::DemoConfig::stand_aside`] after each
//! command, a countdown every staff screen shows), prints what the host
//! announces to the hall, and reaches the demo's finish line once its
//! demo says it has been played to its end.

use std::collections::BTreeSet;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{Command, PrizeStep};
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{HostView, View};

use super::finish::FinishLine;
use super::plug::{Autopilot, Steps};
use super::{DemoConfig, DemoGame};
use crate::clock::ServerClock;
use crate::net::{Inbound, Outbound};
use crate::people::HumanHost;

/// The autopilot's times, scaled to the demo's minute.
pub(super) struct Pace {
    /// The pause for «reading» a question, and between a reveal and the next.
    pause: Duration,
    /// How often it looks at its view.
    tick: Duration,
    /// Whether it acts at all (without, it only watches for the end).
    autopilot: bool,
    /// The demo, which says when it is over.
    game: DemoGame,
    finish_line: Option<FinishLine>,
    /// Where its announcements go (`None`: stdout).
    news: Option<tokio::sync::mpsc::UnboundedSender<String>>,
}

impl Pace {
    pub(super) fn of(demo: &DemoConfig) -> Self {
        Pace {
            pause: demo.scaled(Duration::from_secs(4)),
            tick: demo
                .scaled(Duration::from_millis(500))
                .max(Duration::from_millis(10)),
            autopilot: demo.autopilot,
            game: demo.game,
            finish_line: demo.finish_line.clone(),
            news: demo.news.clone(),
        }
    }

    /// Announces `line` to the hall: to the demo's news, else on stdout.
    fn tell(&self, line: String) {
        match &self.news {
            Some(news) => {
                // Nobody listening any more: the line has no reader to lose.
                let _ = news.send(line);
            }
            None => println!("{line}"),
        }
    }
}

pub(super) async fn play(
    credential: Credential,
    mut autopilot: Box<dyn Autopilot>,
    pace: Pace,
    inbound: mpsc::Sender<Inbound>,
    clock: ServerClock,
    human: HumanHost,
) {
    let Some((conn, outbox)) = super::join(credential, &inbound).await else {
        return;
    };
    let mut latest: Option<HostView> = None;
    let mut tick = tokio::time::interval(pace.tick);
    let mut request = 0u64;
    // Requests not yet acknowledged: no next step before they are.
    let mut pending: BTreeSet<u64> = BTreeSet::new();
    let mut last_step = clock.now();
    let mut finished = false;
    loop {
        tokio::select! {
            biased;
            out = outbox.next() => {
                let Outbound::Msg(msg) = out else { return };
                match &*msg {
                    ServerMsg::View(view) => {
                        if let View::Host(v) = view.as_ref() {
                            latest = Some(v.clone());
                        }
                    }
                    // A press changed one fight: keep the picture whole.
                    ServerMsg::Patch { game, patch } => {
                        if let Some(v) = latest.take() {
                            let mut view = View::Host(v);
                            view.apply_patch(*game, patch);
                            if let View::Host(v) = view {
                                latest = Some(v);
                            }
                        }
                    }
                    ServerMsg::Ack { request, .. } => {
                        pending.remove(request);
                    }
                    // The autopilot waits for its acknowledgements either way;
                    // an outbox holds whole views (patches are made on the wire).
                    ServerMsg::Pong { .. }
                    | ServerMsg::StorageAlert { .. }
                    | ServerMsg::Media(_)
                    | ServerMsg::ViewDelta(_)
                    | ServerMsg::FilePart(_)
                    | ServerMsg::FileRefused { .. }
                    | ServerMsg::RosterRead { .. } => {}
                }
                continue;
            }
            _ = tick.tick() => {}
        }
        let Some(view) = &latest else { continue };
        // With the autopilot on, its demo ends once the prize places are
        // settled too (it draws them below).
        let prizes_settled = !pace.autopilot || view.prize_ties.iter().all(|t| t.settled());
        if !finished && pace.game.finished(view) && prizes_settled {
            finished = true;
            if let Some(line) = &pace.finish_line {
                line.reach();
            }
        }
        let now = clock.now();
        // A person at a staff screen is in control until then (the staff
        // see the same instant: `HumanHost::view`).
        if human.resumes_at(now).is_some() {
            last_step = now;
            continue;
        }
        if !pace.autopilot || !pending.is_empty() {
            continue;
        }
        // 2.2: a prize place a game left shared is drawn by lot, its seed
        // from the clock and stored with the step, before anything else.
        let steps = match prize_lot(view, now) {
            Some(lot) => Some(Steps::Paced(1, vec![lot])),
            None => autopilot.steps(view, now),
        };
        // What the host announces to the hall, the demo prints.
        for line in autopilot.news() {
            pace.tell(line);
        }
        let commands = match steps {
            Some(Steps::Paced(pauses, commands)) => {
                if now.since(last_step) < pace.pause * pauses {
                    continue;
                }
                commands
            }
            Some(Steps::Now(commands)) if !commands.is_empty() => commands,
            _ => continue,
        };
        last_step = now;
        for command in commands {
            request += 1;
            pending.insert(request);
            if !super::send(&inbound, clock, conn, request, command).await {
                return;
            }
        }
    }
}

/// 2.2: the lot the autopilot draws for the first prize tie still open.
fn prize_lot(view: &HostView, now: ServerTime) -> Option<Command> {
    let tie = view.prize_ties.iter().find(|t| !t.settled())?;
    Some(Command::SettlePrizeTie {
        game: tie.game,
        place: tie.place,
        step: PrizeStep::Lot {
            seed: now.0 % 1_000_000,
        },
    })
}

#[cfg(test)]
mod tests {
    use minuta_shared::identity::Identity;
    use minuta_shared::ids::QuestionId;
    use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, Verdict};
    use minuta_shared::play::clock::Phase;
    use minuta_shared::time::ServerTime;
    use minuta_shared::wire::client::Command;

    use super::*;
    use crate::core::{Core, ServerInfo};
    use crate::demo::chgk::{Announce, chgk_steps};
    use crate::demo::{DemoConfig, RobotCast, robot_credentials, set_up};
    use crate::secrets::fresh_secret;

    const T0: ServerTime = ServerTime(1_700_000_000_000_000);

    fn at(ms: u64) -> ServerTime {
        T0.plus(Duration::from_millis(ms))
    }

    #[test]
    fn demo_3_the_host_judges_once_its_own_clock_says_the_grace_is_over() {
        // Arrange: the ChGK demo with a 1-s minute (the grace ends 50 ms
        // after it); «Время» at 0 and one card; the host's last view was
        // sent during the grace.
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), T0);
        let demo = DemoConfig {
            minute: Duration::from_secs(1),
            ..DemoConfig::default()
        };
        set_up(&mut core, &demo, T0).expect("set up");
        let RobotCast { answers, .. } = robot_credentials(&core, &demo);
        let q = QuestionId(0);
        let team = core.registry().team_ids()[0];
        for (who, command) in [
            (
                Identity::Host,
                Command::game(EVENT_CHGK, ChgkCommand::Announce { question: q }),
            ),
            (
                Identity::Host,
                Command::game(EVENT_CHGK, ChgkCommand::StartMinute),
            ),
            (
                Identity::Team(team),
                Command::game(
                    EVENT_CHGK,
                    ChgkCommand::SubmitCard {
                        question: q,
                        text: "Пушкин".into(),
                    },
                ),
            ),
        ] {
            core.handle_command(who, command, T0, &mut fresh_secret)
                .expect("accepted");
        }
        let View::Host(during_grace) = core.view_for(Identity::Host, at(1_020)) else {
            panic!("not a host view");
        };
        assert_eq!(during_grace.event_chgk().clock.phase, Phase::HandIn);

        // Act: the same view, looked at during the grace and after it.
        let waiting = chgk_steps(&during_grace, &answers, Announce::Any, at(1_030));
        let after = chgk_steps(&during_grace, &answers, Announce::Any, at(1_100));

        // Assert: nothing before the grace is over (3); then the verdict
        // and the reveal, though no view has shown the end yet.
        assert!(waiting.is_empty(), "{waiting:?}");
        assert_eq!(
            after,
            vec![
                Command::game(
                    EVENT_CHGK,
                    ChgkCommand::Judge {
                        question: q,
                        group: "пушкин".into(),
                        verdict: Verdict::Correct,
                    }
                ),
                Command::game(EVENT_CHGK, ChgkCommand::Reveal { question: q }),
            ]
        );
    }
}
