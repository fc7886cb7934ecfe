//! ChGK's examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the rules, and a game in mid-play. What must not live here: anything the
//! game itself runs on.

use super::{AppealKind, ChgkCommand, ChgkGame, ChgkSettings, ShownPicture, Verdict};
use crate::identity::Identity;
use crate::ids::{AppealId, QuestionId, TeamId, TourId};
use crate::packages::Question;
use crate::play::examples::{Examples, HOST, HOST_OR_JURY, MidGame, Params, STAFF, Senders, TEAM};
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
}
