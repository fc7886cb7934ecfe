//! The autopilot host's steps as pure functions of what it sees: the ChGK
//! question in play, closing done tours and announcing the next question,
//! and how the Brain-ring field is filled. Shared by the demo's host robot
//! ([`super::host_robot`]) and the festival's programme ([`super::festival`]).

use std::collections::BTreeMap;

use minuta_shared::ids::{QuestionId, TeamId, TourId};
use minuta_shared::play::brain_ring::RingCommand;
use minuta_shared::play::chgk::view::QuestionStatus;
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView, EVENT_CHGK, Verdict};
use minuta_shared::play::clock::Phase;
use minuta_shared::text::normalise_answer;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::view::HostView;

use super::Answers;
use super::brain_ring_robot::{MAX_FIELD, field};

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
/// order the teams registered. Either way from the teams in the hall
/// ([`in_the_hall`]), as a host seeds the teams that came.
pub(super) fn ring_entry(view: &HostView, seed: u64, festival: bool) -> Option<Command> {
    let (game, _) = view.event_ring()?;
    let teams = in_the_hall(view);
    if teams.len() < 2 {
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
            places: field(teams.len(), festival) as u32,
            seed,
            // A tie at the cut: this host draws the lot with its seed.
            cut: CutDecision {
                shoot_off: Vec::new(),
                lot: Some(seed),
            },
        });
    }
    let field = field(teams.len(), false);
    let teams = teams.into_iter().take(field).collect();
    Some(Command::game(game, RingCommand::Seed { teams, seed: 0 }))
}

/// The teams a host would put into Brain-ring, in the order they
/// registered: those in the hall (a terminal connected — a robot's or a
/// person's) and, when they are odd, the first team not there (a team free
/// for a person, who may still join it), so that nobody in the hall sits
/// out of an even field. A team nobody plays never presses and loses its
/// fights; at most one such team is taken, so no fight is between two
/// silent tables (a play-off fight of two would go to sudden death for
/// ever, and a demo played to its end would never end).
pub(super) fn in_the_hall(view: &HostView) -> Vec<TeamId> {
    let mut teams: Vec<TeamId> = view
        .teams
        .iter()
        .filter(|t| t.connected)
        .map(|t| t.id)
        .collect();
    if teams.len() % 2 == 1
        && teams.len() < MAX_FIELD
        && let Some(away) = view.teams.iter().find(|t| !t.connected)
    {
        teams.push(away.id);
    }
    teams
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

#[cfg(test)]
mod tests {
    use minuta_shared::identity::Identity;
    use minuta_shared::wire::view::View;

    use super::*;
    use crate::core::{Core, ServerInfo};
    use crate::demo::{DemoConfig, DemoGame, set_up};

    const T0: ServerTime = ServerTime(1_700_000_000_000_000);

    /// The Brain-ring demo's six teams, the first `connected` of them with
    /// a terminal connected (a robot's or a person's), and the last too if
    /// `last` (a person took the free team).
    fn hall(connected: usize, last: bool) -> HostView {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), T0);
        let demo = DemoConfig {
            game: DemoGame::BrainRing,
            ..DemoConfig::default()
        };
        set_up(&mut core, &demo, T0).expect("set up");
        let teams = core.registry().team_ids();
        let mut there: Vec<TeamId> = teams.iter().take(connected).copied().collect();
        if last && let Some(t) = teams.last() {
            there.push(*t);
        }
        for team in there {
            core.connected(Identity::Team(team));
        }
        let View::Host(view) = core.view_for(Identity::Host, T0) else {
            panic!("not a host view");
        };
        view
    }

    fn seeded(view: &HostView) -> Vec<u32> {
        match ring_entry(view, 7, false) {
            Some(Command::Game { command, .. }) => match command {
                minuta_shared::play::games::GameCommand::Ring(RingCommand::Seed {
                    teams, ..
                }) => teams.iter().map(|t| t.0).collect(),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn demo_4_the_host_seeds_the_teams_in_the_hall_and_one_free_team_to_make_them_even() {
        // Five robots and the free team nobody joined: all six, the free
        // one to make the field even.
        assert_eq!(seeded(&hall(5, false)), vec![1, 2, 3, 4, 5, 6]);
        // Four robots and nobody at the two free teams: the four alone.
        assert_eq!(seeded(&hall(4, false)), vec![1, 2, 3, 4]);
        // Three robots and a person at the last team: those four.
        assert_eq!(seeded(&hall(3, true)), vec![1, 2, 3, 6]);
        // Two robots and a person: one free team joins them.
        assert_eq!(seeded(&hall(2, true)), vec![1, 2, 6, 3]);
        // One robot alone: a free team makes the pair.
        assert_eq!(seeded(&hall(1, false)), vec![1, 2]);
        assert_eq!(ring_entry(&hall(0, false), 7, false), None);
    }
}
