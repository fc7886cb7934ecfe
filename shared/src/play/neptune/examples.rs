//! Нептун's examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the rules, and a game in mid-play. What must not live here: anything the
//! game itself runs on.

use super::{CardKey, ContestSizes, NeptuneCommand, NeptuneMatch, NeptuneSettings, NeptuneTiming};
use crate::identity::Identity;
use crate::ids::{Slice, TeamId};
use crate::play::examples::{Examples, Forged, HOST, MidGame, Params, Senders, TEAM};
use crate::play::games::GameSettings;
use crate::play::neptune::rules::Bid;

/// The demo's package (the server's demo plays it too): the examples are
/// built only for the tests crate, which has both.
const DEMO_PACKAGE: &str = include_str!("../../../../server/src/demo/demo_neptune.json");

impl Examples for NeptuneMatch {
    type Command = NeptuneCommand;

    fn commands(p: &Params) -> Vec<NeptuneCommand> {
        let (a, b, flag, big) = (p.a, p.b, p.flag, p.big);
        let text = p.text.clone();
        let team = TeamId(a);
        // A captain names no team; the host names the team it acts for.
        let for_team = (!flag).then_some(TeamId(b));
        vec![
            NeptuneCommand::LoadPackage {
                file_name: "нептун.json".into(),
                bytes: text.clone().into_bytes(),
            },
            NeptuneCommand::SetSettings {
                settings: NeptuneSettings {
                    timing: NeptuneTiming {
                        minute_ms: big % 120_000,
                        grace_ms: u64::from(a) * 1_000,
                        blitz_step_ms: u64::from(b) * 1_000,
                        joker_topics_ms: u64::from(b) * 500,
                        count_step_ms: u64::from(a) * 700,
                    },
                    sizes: ContestSizes::shortened(a),
                },
            },
            NeptuneCommand::Register {
                teams: (1..=a % 8).map(TeamId).collect(),
            },
            NeptuneCommand::StartContest,
            NeptuneCommand::Announce {
                rating: flag.then_some(b * 10),
            },
            NeptuneCommand::StartMinute,
            NeptuneCommand::Judge {
                cards: vec![if flag {
                    CardKey::team(team)
                } else {
                    CardKey::slice(team, Slice::Top)
                }],
                part: (b % 5) as u8,
                correct: flag,
            },
            NeptuneCommand::Reveal,
            NeptuneCommand::OpenBidding,
            NeptuneCommand::CloseBidding,
            NeptuneCommand::SetSplit {
                team: for_team,
                top: p.players(),
                bottom: vec![format!("Игрок {b}")],
            },
            NeptuneCommand::Bid {
                team: for_team,
                bid: if a % 2 == 0 {
                    Bid::VaBank
                } else {
                    Bid::Amount(b * 10 + (big % 7) as u32 * 5 + 30)
                },
            },
            NeptuneCommand::Declare { count: b },
            NeptuneCommand::Answer {
                answers: (0..=a % 4).map(|_| text.clone()).collect(),
                slice: (!flag).then_some(if b % 2 == 0 {
                    Slice::Top
                } else {
                    Slice::Bottom
                }),
            },
            NeptuneCommand::MarkPhrase {
                phrase: b,
                marked: flag,
            },
        ]
    }

    /// 0.4: Нептун (the host) alone runs the game and judges; a captain
    /// splits the team, declares, marks its sheet, answers and bids (the
    /// host may split or bid naming the team), and a ломтик — a team's
    /// terminal too — hands in its card.
    fn senders(command: &NeptuneCommand) -> Senders {
        match command {
            NeptuneCommand::LoadPackage { .. }
            | NeptuneCommand::SetSettings { .. }
            | NeptuneCommand::Register { .. }
            | NeptuneCommand::StartContest
            | NeptuneCommand::Announce { .. }
            | NeptuneCommand::StartMinute
            | NeptuneCommand::Judge { .. }
            | NeptuneCommand::Reveal
            | NeptuneCommand::OpenBidding
            | NeptuneCommand::CloseBidding => HOST,
            // The captain for itself; the host names the team.
            NeptuneCommand::SetSplit { team, .. } | NeptuneCommand::Bid { team, .. } => {
                if team.is_some() { HOST } else { TEAM }
            }
            NeptuneCommand::Declare { .. }
            | NeptuneCommand::Answer { .. }
            | NeptuneCommand::MarkPhrase { .. } => TEAM,
        }
    }

    fn settings() -> GameSettings {
        GameSettings::Neptune(NeptuneSettings::default())
    }

    /// A captain naming a team in a split or a bid (the host's form, for a
    /// laptop that failed) is cut off as forbidden, its own team or another
    /// (2.2, 6.3): a captain acts for its own team only.
    fn forged(own: TeamId, other: TeamId) -> Vec<(NeptuneCommand, Forged)> {
        vec![
            (
                NeptuneCommand::SetSplit {
                    team: Some(other),
                    top: vec!["Игрок 1.1".into()],
                    bottom: vec!["Игрок 1.2".into()],
                },
                Forged::Forbidden,
            ),
            (
                NeptuneCommand::Bid {
                    team: Some(own),
                    bid: Bid::Amount(40),
                },
                Forged::Forbidden,
            ),
        ]
    }

    /// The demo's package, teams 1–3 registered and the first Негатив
    /// question's two-second minute running, carded by team 1.
    fn mid_game() -> MidGame {
        let host = |c: NeptuneCommand| (Identity::Host, c.into());
        MidGame {
            settings: GameSettings::Neptune(NeptuneSettings {
                timing: NeptuneTiming {
                    minute_ms: 2_000,
                    grace_ms: 500,
                    blitz_step_ms: 500,
                    joker_topics_ms: 500,
                    count_step_ms: 300,
                },
                sizes: ContestSizes::shortened(2),
            }),
            script: vec![
                host(NeptuneCommand::LoadPackage {
                    file_name: "demo_neptune.json".into(),
                    bytes: DEMO_PACKAGE.as_bytes().to_vec(),
                }),
                host(NeptuneCommand::Register {
                    teams: vec![TeamId(1), TeamId(2), TeamId(3)],
                }),
                host(NeptuneCommand::StartContest),
                host(NeptuneCommand::Announce { rating: None }),
                host(NeptuneCommand::StartMinute),
                (
                    Identity::Team(TeamId(1)),
                    NeptuneCommand::Answer {
                        answers: vec!["Горе от ума".into()],
                        slice: None,
                    }
                    .into(),
                ),
            ],
        }
    }
}
