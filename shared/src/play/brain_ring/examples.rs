//! Brain-ring's examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the rules, and a tournament in mid-play; and, for the leakage test, what
//! its screens may not show and when its events reveal its texts. What must
//! not live here: anything the game itself runs on.

use std::collections::BTreeSet;

use super::{
    EarlyPress, FightId, RingAppealKind, RingBoard, RingCommand, RingEvent, RingFightView,
    RingStaffView, RingTeamView, RingTiming, RingTournament,
};
use crate::identity::Identity;
use crate::ids::TeamId;
use crate::play::brain_ring::rules::FightFormat;
use crate::play::examples::{Examples, HOST, MidGame, Params, Reveals, Senders, TEAM};
use crate::play::games::GameSettings;

impl Examples for RingTournament {
    type Command = RingCommand;

    fn commands(p: &Params) -> Vec<RingCommand> {
        let (a, b, flag, big) = (p.a, p.b, p.flag, p.big);
        let text = p.text.clone();
        let fight = FightId(a);
        vec![
            RingCommand::SetTiming {
                timing: RingTiming {
                    minute_ms: big % 120_000,
                    second_chance_ms: u64::from(a) * 1_000,
                    tie_window_us: u64::from(b) * 1_000,
                    early_press: if flag {
                        EarlyPress::LosesTheQuestion
                    } else {
                        EarlyPress::Ignored
                    },
                },
            },
            RingCommand::Seed {
                teams: (1..=a % 8).map(TeamId).collect(),
                seed: big,
            },
            RingCommand::StartNext { stages: b },
            RingCommand::Friendly {
                tables: [TeamId(a), TeamId(b)],
                format: FightFormat {
                    questions: b,
                    sudden_death: flag,
                },
            },
            RingCommand::Read { fight },
            RingCommand::Arm { fight },
            RingCommand::Judge {
                fight,
                correct: flag,
            },
            RingCommand::Decide {
                fight,
                table: (b % 3) as u8,
            },
            RingCommand::ResolveAppeal {
                fight,
                appeal: b,
                upheld: flag,
                reply: text.clone(),
            },
            RingCommand::CloseFight { fight },
            RingCommand::LoadPackage {
                file_name: "брейн.4s".into(),
                bytes: text.clone().into_bytes(),
            },
            RingCommand::Appeal {
                fight,
                kind: if flag {
                    RingAppealKind::AcceptOurAnswer
                } else {
                    RingAppealKind::QuestionIncorrect
                },
                text,
            },
        ]
    }

    /// In Brain-ring the host judges at the table (4); a team appeals.
    fn senders(command: &RingCommand) -> Senders {
        match command {
            RingCommand::LoadPackage { .. }
            | RingCommand::SetTiming { .. }
            | RingCommand::Seed { .. }
            | RingCommand::StartNext { .. }
            | RingCommand::Friendly { .. }
            | RingCommand::Read { .. }
            | RingCommand::Arm { .. }
            | RingCommand::Judge { .. }
            | RingCommand::Decide { .. }
            | RingCommand::ResolveAppeal { .. }
            | RingCommand::CloseFight { .. } => HOST,
            RingCommand::Appeal { .. } => TEAM,
        }
    }

    fn settings() -> GameSettings {
        GameSettings::Ring(RingTiming::default())
    }

    /// A friendly fight of teams 1 and 2, read and armed, on two-second
    /// minutes.
    fn mid_game() -> MidGame {
        // A tournament's first fight is number 1.
        let fight = FightId(1);
        let host = |c: RingCommand| (Identity::Host, c.into());
        MidGame {
            settings: <Self as Examples>::settings(),
            script: vec![
                host(RingCommand::SetTiming {
                    timing: RingTiming {
                        minute_ms: 2_000,
                        second_chance_ms: 1_000,
                        ..RingTiming::default()
                    },
                }),
                host(RingCommand::Friendly {
                    tables: [TeamId(1), TeamId(2)],
                    format: FightFormat {
                        questions: 3,
                        sudden_death: false,
                    },
                }),
                host(RingCommand::Read { fight }),
                host(RingCommand::Arm { fight }),
            ],
        }
    }

    /// Fights' labels and the names on them.
    fn public_names(_game: &RingTournament, view: &RingStaffView) -> Vec<String> {
        let mut names = Vec::new();
        for fight in &view.board.fights {
            names.push(fight.label.clone());
            names.extend(fight.names.iter().cloned());
        }
        names
    }

    /// [`fight_leaks`] on the team's fight and the board's.
    fn team_leaks(view: &RingTeamView, me: TeamId, _own: &BTreeSet<&str>) -> Vec<String> {
        let RingTeamView { fight, board } = view;
        let fights = fight
            .iter()
            .chain(board.iter().flat_map(|b| b.fights.iter()));
        fights.filter_map(|f| fight_leaks(f, Some(me))).collect()
    }

    /// [`fight_leaks`] on every fight of the board.
    fn display_leaks(view: &RingBoard, _sheet: &[String]) -> Vec<String> {
        view.fights
            .iter()
            .filter_map(|f| fight_leaks(f, None))
            .collect()
    }

    /// [`fight_leaks`] on the fight a press changed.
    fn patch_leaks(patch: &RingFightView, own: Option<TeamId>) -> Vec<String> {
        fight_leaks(patch, own).into_iter().collect()
    }

    /// Appeals as the teams' texts; the questions are read from paper.
    fn reveals(_settings: &RingTiming, events: &[&RingEvent]) -> Reveals {
        let mut reveals = Reveals::default();
        for event in events {
            if let RingEvent::AppealFiled { team, text, .. } = event {
                reveals.texts.push((*team, text.clone()));
            }
        }
        reveals
    }
}

/// A fight as a team (`own`) or the hall may see it: no press log, and
/// another team's appeal only as a fact (a screen says a question was
/// withdrawn or taken on appeal), without its words or the jury's reply.
fn fight_leaks(fight: &RingFightView, own: Option<TeamId>) -> Option<String> {
    if !fight.presses.is_empty() {
        return Some(format!("fight {:?}: the press log", fight.id));
    }
    fight
        .appeals
        .iter()
        .filter(|a| Some(a.team) != own)
        .find(|a| !a.text.is_empty() || a.resolution.as_ref().is_some_and(|r| !r.1.is_empty()))
        .map(|a| {
            format!(
                "fight {:?}: the words of team {}'s appeal",
                fight.id, a.team
            )
        })
}
