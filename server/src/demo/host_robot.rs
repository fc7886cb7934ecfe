//! The autopilot host of the demo: announces the next question, gives
//! «Время» after a pause for reading, judges every group once the hand-in
//! grace is over (right if it matches the author's answer or an accepted
//! alternative), reveals, and closes each finished tour. It stands aside
//! while a person is using the host controls.

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{Phase, Verdict};
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{HostView, QuestionStatus, View};

use super::Answers;
use crate::clock::ServerClock;
use crate::driver::HumanHost;
use crate::net::{Inbound, Outbound};

/// How long the autopilot keeps still after a person's host command.
const STAND_ASIDE: Duration = Duration::from_secs(30);
/// The pause for «reading» a question, and between a reveal and the next.
const PAUSE: Duration = Duration::from_secs(4);

pub(super) async fn play(
    credential: Credential,
    answers: BTreeMap<QuestionId, Answers>,
    inbound: mpsc::Sender<Inbound>,
    clock: ServerClock,
    human: HumanHost,
) {
    let Some((conn, outbox)) = super::join(credential, &inbound).await else {
        return;
    };
    let mut latest: Option<HostView> = None;
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    let mut request = 0u64;
    let mut last_step = clock.now();
    loop {
        tokio::select! {
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
                    _ => {}
                }
                continue;
            }
            _ = tick.tick() => {}
        }
        let now = clock.now();
        if human.last().is_some_and(|t| now.since(t) < STAND_ASIDE) {
            last_step = now;
            continue;
        }
        let Some(view) = &latest else { continue };
        if now.since(last_step) < PAUSE {
            continue;
        }
        let commands = next_steps(view, &answers);
        if commands.is_empty() {
            continue;
        }
        last_step = now;
        for command in commands {
            request += 1;
            let msg = Inbound::Command {
                conn,
                request,
                command,
                received_at: clock.now(),
                rtt_us: 0,
            };
            if inbound.send(msg).await.is_err() {
                return;
            }
        }
    }
}

/// What a diligent host would do next, given what it sees.
fn next_steps(view: &HostView, answers: &BTreeMap<QuestionId, Answers>) -> Vec<Command> {
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
