//! A robot team: hands in one card per question at a moment of its own
//! choosing within the minute — right, misspelt-but-right, or wrong — so the
//! judging view has groups to merge and the standings spread out.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::Phase;
use minuta_shared::seed::Rng;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;

use super::Answers;
use crate::clock::ServerClock;
use crate::net::{Inbound, Outbound};

const WRONG: [&str; 6] = ["Не знаем", "Чехов", "Луна", "Волга", "Сорок", "Медведь"];

pub(super) async fn play(
    credential: Credential,
    answers: BTreeMap<QuestionId, Answers>,
    seed: u64,
    skill: f64,
    inbound: mpsc::Sender<Inbound>,
    clock: ServerClock,
) {
    let Some((conn, outbox)) = super::join(credential, &inbound).await else {
        return;
    };
    let mut rng = Rng::new(seed);
    let mut handed_in: BTreeSet<QuestionId> = BTreeSet::new();
    let mut request = 0u64;
    loop {
        let Outbound::Msg(msg) = outbox.next().await else {
            return;
        };
        let ServerMsg::View(view) = &*msg else {
            continue;
        };
        let View::Team(view) = view.as_ref() else {
            continue;
        };
        for card in &view.cards {
            handed_in.insert(card.question);
        }
        let question_clock = &view.clock;
        let Some(question) = question_clock.question else {
            continue;
        };
        if handed_in.contains(&question) || !matches!(question_clock.phase, Phase::Minute) {
            continue;
        }
        handed_in.insert(question);
        // Think for 30–95 % of the minute, like a team that writes late.
        let minute = question_clock
            .ends_at
            .zip(question_clock.started_at)
            .map(|(e, s)| e.since(s))
            .unwrap_or(Duration::from_secs(60));
        let think = minute.mul_f64(0.3 + 0.65 * rng.unit());
        let text = match answers.get(&question) {
            Some(a) if rng.unit() < skill => spell(&a.right, &a.accepted, &mut rng),
            _ => WRONG[rng.below(WRONG.len() as u64) as usize].to_owned(),
        };
        request += 1;
        let inbound = inbound.clone();
        let request_id = request;
        tokio::spawn(async move {
            tokio::time::sleep(think).await;
            let command = Command::SubmitCard { question, text };
            // Stamped like a terminal's frame: on arrival, by the server clock.
            let received_at = clock.now();
            let _ = inbound
                .send(Inbound::Command {
                    conn,
                    request: request_id,
                    command,
                    received_at,
                    rtt_us: 0,
                })
                .await;
        });
    }
}

/// The right answer as a team might write it: an accepted alternative, or
/// the author's answer in other case or with stray punctuation.
fn spell(right: &str, accepted: &[String], rng: &mut Rng) -> String {
    match rng.below(4) {
        0 if !accepted.is_empty() => accepted[rng.below(accepted.len() as u64) as usize].clone(),
        1 => right.to_lowercase(),
        2 => format!("«{right}»"),
        _ => right.to_owned(),
    }
}
