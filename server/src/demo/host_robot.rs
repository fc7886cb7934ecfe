//! The autopilot host of the demo. In ChGK it announces the next question,
//! gives «Время» after a pause for reading, judges every group once the
//! hand-in grace is over (right if it matches the author's answer or an
//! accepted alternative), reveals, and closes each finished tour. In
//! Мультиигры it announces a task, starts it, waits for the grace to end,
//! credits every on-time answer (full, partial or none), reveals, waits for
//! the АЖ before a new tour (6.4) and finally finishes the game. It stands
//! aside while a person is using the host controls, and reaches the demo's
//! finish line once the whole programme has been played.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{Phase, Verdict};
use minuta_shared::play::games::GameStaffView;
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{HostView, QuestionStatus, View};

use super::finish::{FinishLine, programme_finished};
use super::{Answers, DemoConfig};
use crate::clock::ServerClock;
use crate::driver::HumanHost;
use crate::net::{Inbound, Outbound};

/// The autopilot's times, scaled to the demo's minute.
pub(super) struct Pace {
    /// How long the autopilot keeps still after a person's host command.
    stand_aside: Duration,
    /// The pause for «reading» a question, and between a reveal and the next.
    pause: Duration,
    /// How often it looks at its view.
    tick: Duration,
    /// Whether it acts at all (without, it only watches for the end).
    autopilot: bool,
    finish_line: Option<FinishLine>,
}

impl Pace {
    pub(super) fn of(demo: &DemoConfig) -> Self {
        Pace {
            // A person needs a few seconds whatever the minute.
            stand_aside: demo
                .scaled(Duration::from_secs(30))
                .max(Duration::from_secs(5)),
            pause: demo.scaled(Duration::from_secs(4)),
            tick: demo
                .scaled(Duration::from_millis(500))
                .max(Duration::from_millis(10)),
            autopilot: demo.autopilot,
            finish_line: demo.finish_line.clone(),
        }
    }
}

pub(super) async fn play(
    credential: Credential,
    answers: BTreeMap<QuestionId, Answers>,
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
                    ServerMsg::Fight(fight) => {
                        if let Some(v) = latest.as_mut() {
                            v.ring.apply_fight(fight);
                        }
                    }
                    ServerMsg::Ack { request, .. } => {
                        pending.remove(request);
                    }
                    ServerMsg::Pong { .. } => {}
                }
                continue;
            }
            _ = tick.tick() => {}
        }
        let Some(view) = &latest else { continue };
        if !finished && programme_finished(view) {
            finished = true;
            if let Some(line) = &pace.finish_line {
                line.reach();
            }
        }
        let now = clock.now();
        if human
            .last()
            .is_some_and(|t| now.since(t) < pace.stand_aside)
        {
            last_step = now;
            continue;
        }
        if !pace.autopilot || !pending.is_empty() {
            continue;
        }
        let Some((pauses, commands)) = next_steps(view, &answers) else {
            continue;
        };
        if now.since(last_step) < pace.pause * pauses {
            continue;
        }
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
) -> Option<(u32, Vec<Command>)> {
    let chgk = chgk_steps(view, answers);
    if !chgk.is_empty() {
        return Some((1, chgk));
    }
    view.games.iter().find_map(|g| {
        let GameStaffView::Multigames(v) = &g.view;
        super::multigames::host_steps(g.id, v)
    })
}

fn chgk_steps(view: &HostView, answers: &BTreeMap<QuestionId, Answers>) -> Vec<Command> {
    let clock = &view.clock;
    let status_of = |q: QuestionId| {
        view.tours
            .iter()
            .flat_map(|t| &t.questions)
            .find(|qv| qv.id == q)
            .map(|qv| qv.status)
    };
    if let Some(current) = clock.question {
        match (clock.phase, status_of(current)) {
            (Phase::Announced, _) => return vec![Command::StartMinute],
            (Phase::Minute | Phase::LastSeconds | Phase::HandIn, _) => return Vec::new(),
            (Phase::Over, Some(QuestionStatus::Played)) => {
                let mut steps = judge(view, current, answers);
                steps.push(Command::Reveal { question: current });
                return steps;
            }
            _ => {}
        }
    }
    // Close a tour whose questions are all revealed.
    for tour in view.tours.iter().filter(|t| !t.closed) {
        let done = !tour.questions.is_empty()
            && tour
                .questions
                .iter()
                .all(|q| q.status == QuestionStatus::Revealed || q.withdrawn);
        let open_appeals = view
            .appeals
            .iter()
            .any(|a| a.resolution.is_none() && tour.questions.iter().any(|q| q.id == a.question));
        if done && !open_appeals {
            return vec![Command::CloseTour { tour: tour.id }];
        }
    }
    let next = view
        .tours
        .iter()
        .filter(|t| !t.closed)
        .flat_map(|t| &t.questions)
        .find(|q| q.status == QuestionStatus::NotPlayed && !q.withdrawn);
    match next {
        Some(q) => vec![Command::AnnounceQuestion { question: q.id }],
        None => Vec::new(),
    }
}

fn judge(
    view: &HostView,
    question: QuestionId,
    answers: &BTreeMap<QuestionId, Answers>,
) -> Vec<Command> {
    let Some(judging) = view.judging.iter().find(|j| j.question == question) else {
        return Vec::new();
    };
    let right: Vec<String> = answers
        .get(&question)
        .map(|a| {
            std::iter::once(&a.right)
                .chain(&a.accepted)
                .map(|s| normalise_answer(s))
                .collect()
        })
        .unwrap_or_default();
    judging
        .groups
        .iter()
        .filter(|g| g.verdict.is_none())
        .map(|g| {
            let verdict = if right.contains(&g.key) {
                Verdict::Correct
            } else {
                Verdict::Wrong
            };
            Command::Judge {
                question,
                group: g.key.clone(),
                verdict,
            }
        })
        .collect()
}
