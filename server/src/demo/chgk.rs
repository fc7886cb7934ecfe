//! ChGK in the demo: the package loaded on the event's ChGK, the answers
//! the robots know, the autopilot host's steps as pure functions of what
//! it sees (the question in play judged and revealed once its grace is
//! over, done tours closed, the next question announced), a robot team's
//! cards, and the robot jury's reading of ChGK appeals (6.5). The festival
//! ([`super::festival`]) and Мультиигры's demo take the host's steps too.

use std::collections::BTreeMap;
use std::time::Duration;

use minuta_shared::ids::{GameId, QuestionId, TourId};
use minuta_shared::play::chgk::view::QuestionStatus;
use minuta_shared::play::chgk::{
    AppealKind, ChgkCommand, ChgkGame, ChgkStaffView, EVENT_CHGK, Verdict,
};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameStaffView, InState};
use minuta_shared::seed::Rng;
use minuta_shared::text::normalise_answer;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{HostView, TeamView};

use super::plug::{
    Autopilot, Demo, FormatRobots, HostCast, SetUp, Steps, TeamCast, TeamHand, TeamStyle,
};
use super::{Answers, DEMO_PACKAGE, DemoConfig};
use crate::core::Core;

/// «Что? Где? Когда?» from the demo package (section 3).
pub(super) struct ChgkDemo;

impl Demo for ChgkDemo {
    const NAME: &'static str = "chgk";

    fn set_up(_demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
        load_package(set_up)
    }

    fn autopilot(_demo: &DemoConfig, cast: HostCast) -> Box<dyn Autopilot> {
        Box::new(ChgkHost {
            answers: cast.answers,
        })
    }
}

/// The demo package on the event's ChGK, unless it has questions.
pub(super) fn load_package(set_up: &mut SetUp<'_>) -> Result<(), String> {
    if set_up
        .core()
        .event_chgk()
        .is_some_and(|c| c.questions.is_empty())
    {
        set_up.host(Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: "demo.4s".into(),
                bytes: DEMO_PACKAGE.as_bytes().to_vec(),
                pictures: Vec::new(),
            },
        ))?;
    }
    Ok(())
}

/// The answers the robots "know": each question of the event's ChGK, its
/// author's answer and the accepted ones.
pub(super) fn known_answers(core: &Core) -> BTreeMap<QuestionId, Answers> {
    core.event_chgk()
        .map(|c| c.questions.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|q| {
            let accepted = q
                .content
                .accepted
                .as_deref()
                .unwrap_or_default()
                .split([';', '\n'])
                .map(|s| s.trim().trim_end_matches('.').to_owned())
                .filter(|s| !s.is_empty())
                .collect();
            let right = q.content.answer.trim().trim_end_matches('.').to_owned();
            (q.id, Answers { right, accepted })
        })
        .collect()
}

/// The ChGK demo's host: the questions in order, at the autopilot's pace.
struct ChgkHost {
    answers: BTreeMap<QuestionId, Answers>,
}

impl Autopilot for ChgkHost {
    fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps> {
        let steps = chgk_steps(view, &self.answers, Announce::Any, now);
        (!steps.is_empty()).then_some(Steps::Paced(1, steps))
    }
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

/// ChGK's robots: a team's cards, and the jury's reading of appeals.
pub(super) struct ChgkRobots;

impl FormatRobots for ChgkRobots {
    fn hand(cast: &TeamCast<'_>) -> Box<dyn TeamHand> {
        Box::new(Cards {
            answers: cast.answers.clone(),
            style: cast.style,
            minute: cast.demo.scaled(Duration::from_secs(60)),
            rng: Rng::new(cast.style.seed),
            handed_in: Default::default(),
        })
    }

    fn jury(game: GameId, view: &GameStaffView) -> Vec<(u32, Command)> {
        ChgkGame::staff_of(view)
            .map(|v| jury_decisions(game, v))
            .unwrap_or_default()
    }
}

const WRONG: [&str; 6] = ["Не знаем", "Чехов", "Луна", "Волга", "Сорок", "Медведь"];

/// A robot team's cards: one per question, at a moment of its own choosing
/// within the minute — right, misspelt-but-right, or wrong — so the
/// judging view has groups to merge and the standings spread out.
struct Cards {
    answers: BTreeMap<QuestionId, Answers>,
    style: TeamStyle,
    /// The demo's minute (a card's minute when the view lacks one).
    minute: Duration,
    rng: Rng,
    /// The questions the team has handed a card in for.
    handed_in: std::collections::BTreeSet<QuestionId>,
}

impl TeamHand for Cards {
    fn moves(&mut self, view: &TeamView, _now: ServerTime) -> Vec<(Duration, Command)> {
        self.card(view).into_iter().collect()
    }
}

impl Cards {
    /// A card for the question in its minute, if not yet handed in.
    fn card(&mut self, view: &TeamView) -> Option<(Duration, Command)> {
        let view = view.event_chgk();
        for card in &view.cards {
            self.handed_in.insert(card.question);
        }
        let question_clock = &view.clock;
        let question = question_clock.question?;
        if self.handed_in.contains(&question) || !matches!(question_clock.phase, Phase::Minute) {
            return None;
        }
        self.handed_in.insert(question);
        // Think for 30–95 % of the minute, like a team that writes late.
        let minute = question_clock
            .ends_at
            .zip(question_clock.started_at)
            .map(|(e, s)| e.since(s))
            .unwrap_or(self.minute);
        let rng = &mut self.rng;
        let think = minute.mul_f64(0.3 + 0.65 * rng.unit());
        let text = match self.answers.get(&question) {
            Some(a) if rng.unit() < self.style.skill => spell(&a.right, &a.accepted, rng),
            _ => WRONG[rng.below(WRONG.len() as u64) as usize].to_owned(),
        };
        Some((
            think,
            Command::game(EVENT_CHGK, ChgkCommand::SubmitCard { question, text }),
        ))
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

/// 6.5, for ChGK: the АЖ accepts a спорный whose card says the author's
/// answer or one of the accepted ones in other spelling, and rejects the
/// rest; a question it does not withdraw.
fn jury_decisions(id: GameId, view: &ChgkStaffView) -> Vec<(u32, Command)> {
    view.appeals
        .iter()
        .filter(|a| a.resolution.is_none())
        .map(|a| {
            let right: Vec<String> = std::iter::once(a.author_answer.as_str())
                .chain(a.accepted.as_deref().unwrap_or_default().split([';', '\n']))
                .map(|s| normalise_answer(s.trim().trim_end_matches('.')))
                .filter(|s| !s.is_empty())
                .collect();
            let upheld = a.kind == AppealKind::AcceptMyAnswer
                && a.card
                    .as_deref()
                    .is_some_and(|card| right.contains(&normalise_answer(card)));
            let reply = if upheld {
                "Апелляция удовлетворена: ответ совпадает с авторским по смыслу."
            } else {
                "Апелляция отклонена."
            };
            let command = Command::game(
                id,
                ChgkCommand::ResolveAppeal {
                    appeal: a.id,
                    upheld,
                    reply: reply.into(),
                },
            );
            (a.id.0, command)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use minuta_shared::ids::{AppealId, TeamId};
    use minuta_shared::play::chgk::view::AppealView;

    use super::*;

    fn appeal(id: u32, card: &str) -> AppealView {
        AppealView {
            id: AppealId(id),
            team: TeamId(id),
            team_name: format!("Команда {id}"),
            question: QuestionId(0),
            number: "1".into(),
            kind: AppealKind::AcceptMyAnswer,
            text: "засчитайте".into(),
            filed_at: ServerTime(0),
            card: Some(card.into()),
            author_answer: "Пушкин.".into(),
            accepted: Some("Александр Пушкин".into()),
            resolution: None,
        }
    }

    #[test]
    fn chgk_6_5_the_robot_jury_accepts_an_accepted_wording_and_rejects_the_rest() {
        let view = ChgkStaffView {
            appeals: vec![appeal(1, "александр пушкин"), appeal(2, "Гоголь")],
            appeal_jury: true,
            ..ChgkStaffView::default()
        };
        let upheld: Vec<(u32, bool)> = jury_decisions(EVENT_CHGK, &view)
            .into_iter()
            .map(|(id, command)| {
                let upheld = matches!(
                    command,
                    Command::Game { command, .. }
                        if matches!(
                            command,
                            minuta_shared::play::games::GameCommand::Chgk(
                                ChgkCommand::ResolveAppeal { upheld: true, .. }
                            )
                        )
                );
                (id, upheld)
            })
            .collect();
        assert_eq!(upheld, vec![(1, true), (2, false)]);
    }
}
