//! ChGK's examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the rules, and a game in mid-play; and, for the leakage test, what its
//! screens may not show and when its events reveal its texts. What must not
//! live here: anything the game itself runs on.

use std::collections::BTreeSet;

use super::{
    AppealKind, ChgkCommand, ChgkDisplayView, ChgkEvent, ChgkGame, ChgkSettings, ChgkStaffView,
    ChgkTeamView, ShownPicture, Verdict,
};
use crate::identity::Identity;
use crate::ids::{AppealId, QuestionId, TeamId, TourId};
use crate::packages::Question;
use crate::play::examples::{
    Examples, HOST, HOST_OR_JURY, MidGame, Params, Reveals, STAFF, Senders, TEAM,
};
use crate::play::games::GameSettings;

impl Examples for ChgkGame {
    type Command = ChgkCommand;

    fn commands(p: &Params) -> Vec<ChgkCommand> {
        let (a, b, flag) = (p.a, p.b, p.flag);
        let text = p.text.clone();
        let question = QuestionId(a);
        vec![
            ChgkCommand::LoadPackage {
                file_name: "пакет.4s".into(),
                bytes: text.clone().into_bytes(),
                pictures: Vec::new(),
            },
            ChgkCommand::AddQuestion {
                tour: TourId(b % 3),
                question: Question {
                    text: text.clone(),
                    answer: "ответ".into(),
                    ..Question::default()
                },
            },
            ChgkCommand::Announce { question },
            ChgkCommand::StartMinute,
            ChgkCommand::Reveal { question },
            ChgkCommand::CloseTour {
                tour: TourId(b % 3),
            },
            ChgkCommand::ResolveAppeal {
                appeal: AppealId(b),
                upheld: flag,
                reply: text.clone(),
            },
            ChgkCommand::ShowQuestionOnProjector { on: flag },
            ChgkCommand::Judge {
                question,
                group: text.clone(),
                verdict: if flag {
                    Verdict::Correct
                } else {
                    Verdict::Wrong
                },
            },
            ChgkCommand::SubmitCard {
                question,
                text: text.clone(),
            },
            ChgkCommand::FileAppeal {
                question,
                kind: if flag {
                    AppealKind::AcceptMyAnswer
                } else {
                    AppealKind::WithdrawQuestion
                },
                text,
            },
            ChgkCommand::ShowHandout {
                question: flag.then_some(QuestionId(b % 3)),
            },
            ChgkCommand::JudgeRestWrong { question },
            ChgkCommand::TakeBackAnnouncement { question },
            ChgkCommand::ShowPicture {
                picture: flag.then_some(ShownPicture {
                    question: QuestionId(b % 3),
                    index: a % 2,
                }),
            },
            ChgkCommand::MarkAbsent {
                team: TeamId(b),
                tour: TourId(a % 3),
                absent: flag,
            },
        ]
    }

    /// The host runs the game; judges (besides the host) mark answers; a
    /// team hands in its cards and appeals.
    fn senders(command: &ChgkCommand) -> Senders {
        match command {
            ChgkCommand::LoadPackage { .. }
            | ChgkCommand::AddQuestion { .. }
            | ChgkCommand::Announce { .. }
            | ChgkCommand::StartMinute
            | ChgkCommand::TakeBackAnnouncement { .. }
            | ChgkCommand::Reveal { .. }
            | ChgkCommand::CloseTour { .. }
            | ChgkCommand::MarkAbsent { .. }
            | ChgkCommand::ShowQuestionOnProjector { .. }
            | ChgkCommand::ShowHandout { .. }
            | ChgkCommand::ShowPicture { .. } => HOST,
            // 6.5: the appeal jury decides ChGK appeals; the host only
            // when the event has none (a rule of the game, not a role).
            ChgkCommand::ResolveAppeal { .. } => HOST_OR_JURY,
            ChgkCommand::Judge { .. } | ChgkCommand::JudgeRestWrong { .. } => STAFF,
            ChgkCommand::SubmitCard { .. } | ChgkCommand::FileAppeal { .. } => TEAM,
        }
    }

    fn settings() -> GameSettings {
        GameSettings::Chgk(ChgkSettings::default())
    }

    /// Three questions, the first in its minute and carded by team 1.
    fn mid_game() -> MidGame {
        let host = |c: ChgkCommand| (Identity::Host, c.into());
        let mut script: Vec<_> = (0..3)
            .map(|q| {
                host(ChgkCommand::AddQuestion {
                    tour: TourId(0),
                    question: Question {
                        text: format!("Вопрос {q}"),
                        answer: format!("Ответ {q}"),
                        ..Question::default()
                    },
                })
            })
            .collect();
        script.extend([
            host(ChgkCommand::Announce {
                question: QuestionId(0),
            }),
            host(ChgkCommand::StartMinute),
            (
                Identity::Team(TeamId(1)),
                ChgkCommand::SubmitCard {
                    question: QuestionId(0),
                    text: "Ответ 0".into(),
                }
                .into(),
            ),
        ]);
        MidGame {
            settings: <Self as Examples>::settings(),
            script,
        }
    }

    /// Tours' titles and questions' numbers.
    fn public_names(_game: &ChgkGame, view: &ChgkStaffView) -> Vec<String> {
        let mut names = Vec::new();
        for tour in &view.tours {
            names.push(tour.title.clone());
            names.extend(tour.questions.iter().map(|q| q.number.clone()));
        }
        names
    }

    /// No other team's appeal, and no card the team did not write.
    fn team_leaks(view: &ChgkTeamView, me: TeamId, own: &BTreeSet<&str>) -> Vec<String> {
        let mut found: Vec<String> = view
            .appeals
            .iter()
            .filter(|a| a.team != me)
            .map(|a| format!("ChGK: team {}'s appeal", a.team))
            .collect();
        found.extend(
            view.cards
                .iter()
                .filter(|c| !own.contains(c.text.as_str()))
                .map(|c| format!("ChGK: a card not its own: {:?}", c.text)),
        );
        found
    }

    /// The projector holds no team's text by its shape; the package's
    /// texts are checked by the time of their reveal.
    fn display_leaks(_view: &ChgkDisplayView, _sheet: &[String]) -> Vec<String> {
        Vec::new()
    }

    /// ChGK sends no patches.
    fn patch_leaks(_patch: &(), _own: Option<TeamId>) -> Vec<String> {
        Vec::new()
    }

    /// A question's text, answer, «зачёт» and comment at its reveal (never,
    /// if it was not revealed); cards and appeals as the teams' texts.
    fn reveals(_settings: &ChgkSettings, events: &[&ChgkEvent]) -> Reveals {
        let mut reveals = Reveals::default();
        let mut questions: Vec<(u32, Vec<String>)> = Vec::new();
        for event in events {
            match event {
                ChgkEvent::QuestionAdded {
                    question, content, ..
                } => {
                    let mut texts = vec![content.text.clone(), content.answer.clone()];
                    texts.extend(content.accepted.clone());
                    texts.extend(content.comment.clone());
                    questions.push((question.0, texts));
                }
                ChgkEvent::Revealed { question, at } => {
                    if let Some(i) = questions.iter().position(|(q, _)| *q == question.0) {
                        let (_, texts) = questions.remove(i);
                        reveals
                            .hidden
                            .extend(texts.into_iter().map(|t| (t, Some(*at))));
                    }
                }
                ChgkEvent::CardAccepted { team, text, .. }
                | ChgkEvent::AppealFiled { team, text, .. } => {
                    reveals.texts.push((*team, text.clone()));
                }
                _ => {}
            }
        }
        for (_, texts) in questions {
            reveals.hidden.extend(texts.into_iter().map(|t| (t, None)));
        }
        reveals
    }
}
