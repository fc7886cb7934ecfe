//! The autopilot host of the demo. In ChGK it announces the next question,
//! gives «Время» after a pause for reading, judges every group once the
//! hand-in grace is over (right if it matches the author's answer or an
//! accepted alternative), reveals, and closes each finished tour. In
//! Мультиигры it announces a task, starts it, waits for the grace to end,
//! credits every on-time answer (full, partial or none), reveals, waits for
//! the АЖ before a new tour (6.4) and finally finishes the game. In
//! Brain-ring it runs the fights ([`super::brain_ring_robot`]); in
//! Эрудит-квартет the groups' games ([`super::erudit_robot`]); in Нептун
//! its contests and auction ([`super::neptune`]); at a festival it
//! lays out the programme and follows it slot by slot
//! ([`super::festival`]). It stands aside while a person is using the staff
//! controls (for [`crate::demo::DemoConfig::stand_aside`] after each
//! command, a countdown every staff screen shows), and reaches the demo's finish line once the whole programme
//! has been played.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::games::GameStaffView;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{HostView, View};

use super::brain_ring_robot::{RingHost, TeamStyle};
use super::erudit_robot::{EruditHost, demo_entry, staff_game};
use super::finish::{FinishLine, programme_finished};
use super::host_steps::{Announce, Steps, chgk_steps, ring_entry};
use super::multigames::Scope;
use super::neptune::NeptuneHost;
use super::{Answers, DemoConfig, DemoGame};
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

/// What the autopilot knows and remembers.
pub(super) struct Autopilot {
    pub game: DemoGame,
    pub answers: BTreeMap<QuestionId, Answers>,
    pub ring: RingHost,
    pub erudit: EruditHost,
    pub neptune: NeptuneHost,
    /// The demo's seed: the lot of `RingQualify`, and Эрудит-квартет's draw.
    pub seed: u64,
}

impl Autopilot {
    pub(super) fn new(
        demo: &DemoConfig,
        answers: BTreeMap<QuestionId, Answers>,
        styles: BTreeMap<TeamId, TeamStyle>,
    ) -> Self {
        Autopilot {
            game: demo.game,
            answers,
            ring: RingHost::new(demo, styles.clone()),
            erudit: EruditHost::new(demo, styles),
            neptune: NeptuneHost::new(demo),
            seed: demo.seed,
        }
    }

    /// What a diligent host would do next, given what it sees at `now`.
    pub(super) fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps> {
        match self.game {
            DemoGame::Chgk | DemoGame::Multigames => {
                next_steps(view, &self.answers, now).map(|(p, c)| Steps::Paced(p, c))
            }
            DemoGame::BrainRing => {
                let seed = self.seed;
                let (game, ring) = view.event_ring()?;
                let commands =
                    self.ring
                        .steps(game, &ring.board, || ring_entry(view, seed, false), now);
                Some(Steps::Now(commands))
            }
            DemoGame::EruditQuartet => {
                let seed = self.seed;
                let (game, erudit) = staff_game(view)?;
                let entry = || demo_entry(view, game, seed);
                let commands = self.erudit.steps(game, erudit, &view.teams, entry, now);
                Some(Steps::Now(commands))
            }
            DemoGame::Neptune => {
                let (game, neptune) = super::neptune::staff_game(view)?;
                let commands = self.neptune.steps(game, neptune, &view.teams, now);
                Some(Steps::Now(commands))
            }
            DemoGame::Festival => super::festival::host_steps(
                &self.answers,
                super::festival::Hosts {
                    ring: &mut self.ring,
                    erudit: &mut self.erudit,
                },
                self.seed,
                view,
                now,
            ),
        }
    }
}

pub(super) async fn play(
    credential: Credential,
    mut autopilot: Autopilot,
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
                    | ServerMsg::ViewDelta(_) => {}
                }
                continue;
            }
            _ = tick.tick() => {}
        }
        let Some(view) = &latest else { continue };
        if !finished && programme_finished(view, autopilot.game) {
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
        let steps = autopilot.steps(view, now);
        // What the host announces to the hall, the demo prints.
        for line in autopilot.erudit.news() {
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

/// What a diligent host would do next, given what it sees, and how many
/// pauses must have passed since its last step: ChGK first, then each game
/// of the programme.
fn next_steps(
    view: &HostView,
    answers: &BTreeMap<QuestionId, Answers>,
    now: ServerTime,
) -> Option<(u32, Vec<Command>)> {
    let chgk = chgk_steps(view, answers, Announce::Any, now);
    if !chgk.is_empty() {
        return Some((1, chgk));
    }
    view.games.iter().find_map(|g| {
        let GameStaffView::Multigames(v) = &g.view else {
            return None;
        };
        super::multigames::host_steps(g.id, v, Scope::All)
    })
}

#[cfg(test)]
mod tests {
    use minuta_shared::identity::Identity;
    use minuta_shared::play::chgk::Verdict;
    use minuta_shared::play::clock::Phase;

    use super::*;
    use crate::core::{Core, ServerInfo};
    use crate::demo::{DemoConfig, RobotCast, robot_credentials, set_up};
    use crate::driver::fresh_secret;
    use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};

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
