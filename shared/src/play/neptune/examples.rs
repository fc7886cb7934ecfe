//! Нептун's examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the rules, and a game in mid-play; and, for the leakage test, what its
//! screens may not show and when its events reveal its texts. What must not
//! live here: anything the game itself runs on.

use std::collections::{BTreeMap, BTreeSet};

use super::{
    AuctionBoard, CardKey, ContestSizes, NeptuneBoard, NeptuneCommand, NeptuneEvent, NeptuneMatch,
    NeptunePackage, NeptuneSettings, NeptuneStaffView, NeptuneTeamView, NeptuneTiming,
    contest_title,
};
use crate::identity::Identity;
use crate::ids::{Slice, TeamId};
use crate::play::examples::{Examples, Forged, HOST, MidGame, Params, Reveals, Senders, TEAM};
use crate::play::games::GameSettings;
use crate::play::neptune::rules::{Bid, Contest};
use crate::time::ServerTime;

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

    /// The package's title, Джокер's topics and the sheet are every team's
    /// (1.2, 5.2); a contest is named by its title.
    fn public_names(game: &NeptuneMatch, view: &NeptuneStaffView) -> Vec<String> {
        let mut names = vec![view.board.title.clone()];
        names.extend(Contest::ALL.map(|c| contest_title(c).to_owned()));
        if let Some(package) = &game.package {
            names.extend(package.negative.phrases.iter().cloned());
            names.extend(package.joker.topics.iter().cloned());
        }
        names
    }

    /// [`neptune_team_leaks`], and no card answer the team did not write.
    fn team_leaks(view: &NeptuneTeamView, me: TeamId, own: &BTreeSet<&str>) -> Vec<String> {
        let mut found = neptune_team_leaks(view, me);
        found.extend(
            view.card
                .iter()
                .flat_map(|c| &c.answers)
                .filter(|a| !own.contains(a.as_str()))
                .map(|a| format!("Нептун: a card not its own: {a:?}")),
        );
        found
    }

    /// [`neptune_leaks`] on the hall's board.
    fn display_leaks(view: &NeptuneBoard, sheet: &[String]) -> Vec<String> {
        neptune_leaks(view, sheet)
    }

    /// The auction's board shows the bids once made, which are every
    /// team's (6.3): nothing secret.
    fn patch_leaks(_patch: &AuctionBoard, _own: Option<TeamId>) -> Vec<String> {
        Vec::new()
    }

    /// A question's text never (the host reads it), its answers and
    /// comments from its reveal — Джокер's all at once, when the tour's
    /// last question closes (5.5) — found by replaying the game's events;
    /// the sheet; cards' answers as the teams' texts.
    fn reveals(settings: &NeptuneSettings, events: &[&NeptuneEvent]) -> Reveals {
        let mut reveals = Reveals::default();
        let mut g = NeptuneMatch::new(settings);
        let mut shown = BTreeMap::<(usize, usize), ServerTime>::new();
        let mut packages: Vec<NeptunePackage> = Vec::new();
        for e in events {
            g.apply(e);
            match e {
                NeptuneEvent::CardHandedIn { key, answers, .. } => {
                    reveals
                        .texts
                        .extend(answers.iter().map(|a| (key.team, a.clone())));
                }
                NeptuneEvent::PackageLoaded { package } => packages.push(package.clone()),
                NeptuneEvent::Revealed { at } => {
                    let Some(play) = g.current() else { continue };
                    let done = g.contest_done(play);
                    let (contest, count) = (play.contest, play.questions.len());
                    if contest != Contest::Joker {
                        shown.insert((contest.index(), count - 1), *at);
                    } else if done {
                        for i in 0..count {
                            shown.insert((contest.index(), i), *at);
                        }
                    }
                }
                _ => {}
            }
        }
        for package in &packages {
            reveals
                .sheet
                .extend(package.negative.phrases.iter().cloned());
            for contest in Contest::ALL {
                let parts = if contest == Contest::Blitz { 4 } else { 1 };
                for i in 0..package.count(contest) {
                    let at = shown.get(&(contest.index(), i)).copied();
                    for part in 0..parts {
                        let Some(q) = package.question(contest, i, part) else {
                            continue;
                        };
                        reveals.hidden.push((q.text, None));
                        reveals.hidden.push((q.answer, at));
                        reveals.hidden.push((q.comment, at));
                    }
                }
            }
        }
        reveals
    }
}

/// A Нептун board as a team or the hall may see it: Джокер's results,
/// answers and verdicts only once the tour is over (5.5), and never a
/// question's «перевёртыш» (1.4: no answer or comment shown may hold a
/// phrase of the sheet, `sheet`).
pub fn neptune_leaks(board: &NeptuneBoard, sheet: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(joker) = &board.joker
        && !joker.revealed
    {
        if !joker.results.is_empty() {
            found.push("Джокер: the declarations and results before the tour ended".into());
        }
        if !joker.questions.is_empty() {
            found.push("Джокер: answers and verdicts before the tour ended".into());
        }
    }
    if let Some(reveal) = &board.reveal {
        let shown = reveal.answers.iter().chain(&reveal.comments);
        for text in shown {
            if let Some(flip) = sheet
                .iter()
                .find(|p| !p.is_empty() && text.contains(p.as_str()))
            {
                found.push(format!("the «перевёртыш» «{flip}» in {text:?}"));
            }
        }
    }
    found
}

/// A team's (or a ломтик's) own Нептун terminal (`own`): [`neptune_leaks`]
/// on its board, and its Джокер cards' verdicts only after the tour.
pub fn neptune_team_leaks(view: &NeptuneTeamView, own: TeamId) -> Vec<String> {
    let sheet: Vec<String> = view.sheet.iter().map(|p| p.text.clone()).collect();
    let mut found = neptune_leaks(&view.board, &sheet);
    if view.team != own {
        found.push(format!("team {}'s Нептун view", view.team));
    }
    let over = view.board.joker.as_ref().is_some_and(|j| j.revealed);
    if !over && view.joker_cards.iter().any(|c| c.verdict.is_some()) {
        found.push("Джокер: a verdict before the tour ended".into());
    }
    if !over
        && view.board.contest == Some(Contest::Joker)
        && view
            .card
            .as_ref()
            .is_some_and(|c| c.verdicts.iter().any(Option::is_some))
    {
        found.push("Джокер: the card's verdict before the tour ended".into());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Нептун checks catch what they look for: Джокер's results or
    /// verdicts before the tour ended, and a «перевёртыш» in what is revealed.
    #[test]
    fn the_neptune_checks_find_a_planted_leak() {
        use crate::play::neptune::{
            JokerBoard, JokerOwnRow, JokerTeamResult, NeptuneBoard, RevealBoard,
        };

        // Arrange: a clean board in Джокер, and the sheet's phrases.
        let (me, sheet) = (TeamId(2), vec!["Радость от глупости".to_owned()]);
        let joker = JokerBoard {
            topics: vec!["Кино".into()],
            declared: 3,
            ..JokerBoard::default()
        };
        let clean = NeptuneBoard {
            contest: Some(Contest::Joker),
            joker: Some(joker.clone()),
            ..NeptuneBoard::default()
        };
        let results = NeptuneBoard {
            joker: Some(JokerBoard {
                results: vec![JokerTeamResult {
                    team: TeamId(1),
                    declared: Some(2),
                    taken: 0,
                    points: 0,
                }],
                ..joker.clone()
            }),
            ..clean.clone()
        };
        let flipped = NeptuneBoard {
            reveal: Some(RevealBoard {
                contest: Contest::Negative,
                index: 0,
                answers: vec!["Горе от ума".into()],
                comments: vec!["На листе — «Радость от глупости»".into()],
                right: vec![Vec::new()],
            }),
            ..NeptuneBoard::default()
        };

        // Act / assert: clean passes; each planted leak is found once.
        assert!(neptune_leaks(&clean, &sheet).is_empty());
        assert_eq!(neptune_leaks(&results, &sheet).len(), 1);
        assert_eq!(neptune_leaks(&flipped, &sheet).len(), 1);
        let view = |board: NeptuneBoard, verdict| crate::play::neptune::NeptuneTeamView {
            team: me,
            slice: None,
            playing: true,
            board,
            players: Vec::new(),
            split: Default::default(),
            split_open: false,
            sheet: Vec::new(),
            card: None,
            may_answer: false,
            answers_expected: 1,
            declaration: Some(1),
            may_declare: false,
            declare_max: 7,
            joker_cards: vec![JokerOwnRow {
                index: 0,
                answer: Some("Гагарин".into()),
                verdict,
            }],
            run: None,
            score: 0,
            may_bid: false,
        };
        assert!(neptune_team_leaks(&view(clean.clone(), None), me).is_empty());
        assert_eq!(neptune_team_leaks(&view(clean, Some(true)), me).len(), 1);
    }
}
