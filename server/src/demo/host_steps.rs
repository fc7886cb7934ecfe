//! The autopilot host's steps as pure functions of what it sees: the ChGK
//! question in play, closing done tours and announcing the next question,
//! and how the Brain-ring field is filled. Shared by the demo's host robot
//! ([`super::host_robot`]) and the festival's programme ([`super::festival`]).

use std::collections::BTreeMap;

use minuta_shared::ids::{QuestionId, TourId};
use minuta_shared::play::brain_ring::RingCommand;
use minuta_shared::play::chgk::view::QuestionStatus;
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView, EVENT_CHGK, Phase, Verdict};
use minuta_shared::text::normalise_answer;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use super::Answers;
use super::ring_robot::field;

/// The host's next steps: at the autopilot's pace (that many pauses after
/// its last step), or now (Brain-ring keeps each fight's pace itself).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Steps {
    Paced(u32, Vec<Command>),
    Now(Vec<Command>),
}

/// How the host fills the Brain-ring field: at a festival by 4.3 (the
/// best of the ChGK day, a quarter left out); in the Brain-ring demo from
/// the ChGK standings if some ChGK has been played, else by hand in the
/// order the teams registered.
pub(super) fn ring_entry(view: &HostView, seed: u64, festival: bool) -> Option<Command> {
    let (game, _) = view.event_ring()?;
    let teams = view.teams.len();
    if teams < 2 {
        return None;
    }
    let played = view
        .event_chgk()
        .tours
        .iter()
        .flat_map(|t| &t.questions)
        .any(|q| q.status == QuestionStatus::Revealed);
    if festival || played {
        return Some(Command::Qualify {
            game,
            places: field(teams, festival) as u32,
            seed,
        });
    }
    let teams = view
        .teams
        .iter()
        .take(field(teams, false))
        .map(|t| t.id)
        .collect();
    Some(Command::game(game, RingCommand::Seed { teams, seed: 0 }))
}

/// Which ChGK question the host may announce next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Announce {
    /// The next one not played, in any open tour.
    Any,
    /// The next one of this tour only (a festival's slot).
    In(TourId),
    /// None: only the question in play is finished and done tours closed.
    Nothing,
}

/// The ChGK steps: the question in play first, then closing a done tour,
/// then announcing the next question as `announce` allows.
///
/// The grace is over once the host's own clock says so (`now` past
/// `accept_until`), as for a host with a stopwatch, without waiting for a
/// view to show it.
pub(super) fn chgk_steps(
    view: &HostView,
    answers: &BTreeMap<QuestionId, Answers>,
    announce: Announce,
    now: ServerTime,
) -> Vec<Command> {
    let view = view.event_chgk();
    let clock = &view.clock;
    let phase = match (clock.phase, clock.accept_until) {
        (Phase::Minute | Phase::LastSeconds | Phase::HandIn, Some(until)) if now > until => {
            Phase::Over
        }
        (phase, _) => phase,
    };
    let status_of = |q: QuestionId| {
        view.tours
            .iter()
            .flat_map(|t| &t.questions)
            .find(|qv| qv.id == q)
            .map(|qv| qv.status)
    };
    if let Some(current) = clock.question {
        match (phase, status_of(current)) {
            (Phase::Announced, _) => {
                return vec![Command::game(EVENT_CHGK, ChgkCommand::StartMinute)];
            }
            (Phase::Minute | Phase::LastSeconds | Phase::HandIn, _) => return Vec::new(),
            (Phase::Over, Some(QuestionStatus::Played)) => {
                let mut steps = judge(view, current, answers);
                steps.push(Command::game(
                    EVENT_CHGK,
                    ChgkCommand::Reveal { question: current },
                ));
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
            return vec![Command::game(
                EVENT_CHGK,
                ChgkCommand::CloseTour { tour: tour.id },
            )];
        }
    }
    let next = view
        .tours
        .iter()
        .filter(|t| !t.closed)
        .filter(|t| match announce {
            Announce::Any => true,
            Announce::In(tour) => t.id == tour,
            Announce::Nothing => false,
        })
        .flat_map(|t| &t.questions)
        .find(|q| q.status == QuestionStatus::NotPlayed && !q.withdrawn);
    match next {
        Some(q) => vec![Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question: q.id },
        )],
        None => Vec::new(),
    }
}

fn judge(
    view: &ChgkStaffView,
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
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Judge {
                    question,
                    group: g.key.clone(),
                    verdict,
                },
            )
        })
        .collect()
}
