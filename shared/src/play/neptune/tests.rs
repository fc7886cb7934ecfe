//! A Нептун game driven through [`LiveFormat`] as the core drives it:
//! commands decided then applied, deadlines passed by time, the count's
//! events stored as the core stores them. Each test names the rule.

use std::time::Duration;

use proptest::prelude::*;
use serde_json::Value;

use super::*;
use crate::identity::Identity;
use crate::ids::{Slice, TeamId};
use crate::play::format::LiveFormat;
use crate::play::neptune::rules::{Bid, Contest};
use crate::play::roster::Roster;
use crate::time::ServerTime;

type R = Result<NeptuneReceipt, NeptunePlayError>;

const MINUTE: u64 = 60_000;
const GRACE: u64 = 3_000;
const STEP: u64 = 20_000;
const COUNT: u64 = 2_000;

fn q(answer: &str) -> NeptuneQuestion {
    NeptuneQuestion {
        text: format!("Вопрос про {answer}"),
        answer: answer.into(),
        comment: String::new(),
    }
}

/// A whole package: answer «aN» for question N of each contest.
fn package() -> NeptunePackage {
    let phrases: Vec<String> = (0..24).map(|i| format!("фраза {i}")).collect();
    NeptunePackage {
        title: "Тест".into(),
        negative: NegativePart {
            questions: (0..12)
                .map(|i| NegativeItem {
                    text: format!("Негатив {i}"),
                    answer: format!("n{i}"),
                    comment: String::new(),
                    rating: Some(i + 1),
                    flip: phrases[i as usize * 2].clone(),
                })
                .collect(),
            phrases,
        },
        sandwich: (0..6).map(|i| q(&format!("s{i}"))).collect(),
        blitz: (0..3)
            .map(|b| (0..4).map(|i| q(&format!("b{b}.{i}"))).collect())
            .collect(),
        sisyphus: (0..6).map(|i| q(&format!("y{i}"))).collect(),
        joker: JokerPart {
            topics: vec!["Тема".into()],
            questions: (0..7).map(|i| q(&format!("j{i}"))).collect(),
        },
        auction: (0..8).map(|i| q(&format!("a{i}"))).collect(),
    }
}

struct Hall {
    g: NeptuneMatch,
    roster: Roster,
    now: u64,
}

impl Hall {
    fn new(teams: u32, sizes: ContestSizes) -> Hall {
        let settings = NeptuneSettings {
            timing: NeptuneTiming::default(),
            sizes,
        };
        let mut g = NeptuneMatch::new(&settings);
        g.apply(&NeptuneEvent::PackageLoaded { package: package() });
        let mut hall = Hall {
            g,
            roster: Roster::numbered(teams),
            now: 1_000,
        };
        let teams = (1..=teams).map(TeamId).collect();
        hall.ok(NeptuneCommand::Register { teams });
        hall
    }

    fn at(&self) -> ServerTime {
        ServerTime::from_millis(self.now)
    }

    fn wait(&mut self, ms: u64) {
        self.now += ms;
        // As the core does: the deadline's events first, stored and applied.
        let own_events = <NeptuneMatch as LiveFormat>::OWN_EVENTS.expect("the count to three");
        for e in own_events.timeout_events(&self.g, self.at()) {
            self.g.apply(&e);
        }
        self.g.handle_timeout(self.at());
    }

    fn send(&mut self, who: Identity, c: NeptuneCommand) -> R {
        let (receipt, events) = self.g.decide(who, c, &self.roster, self.at())?;
        for e in &events {
            self.g.apply(e);
        }
        Ok(receipt)
    }

    fn host(&mut self, c: NeptuneCommand) -> R {
        self.send(Identity::Host, c)
    }

    fn ok(&mut self, c: NeptuneCommand) {
        let what = format!("{c:?}");
        if let Err(e) = self.host(c) {
            panic!("{what}: {e}");
        }
    }

    fn team(&mut self, team: u32, c: NeptuneCommand) -> R {
        self.send(Identity::Team(TeamId(team)), c)
    }

    fn answer(&mut self, team: u32, text: &str) -> R {
        self.team(
            team,
            NeptuneCommand::Answer {
                answers: vec![text.into()],
                slice: None,
            },
        )
    }

    fn slice_answer(&mut self, team: u32, slice: Slice, text: &str) -> R {
        self.send(
            Identity::Slice(TeamId(team), slice),
            NeptuneCommand::Answer {
                answers: vec![text.into()],
                slice: None,
            },
        )
    }

    fn bid(&mut self, team: u32, bid: Bid) -> R {
        self.team(team, NeptuneCommand::Bid { team: None, bid })
    }

    /// Judges every card of the question in play: right when it says
    /// `right` (per answer number).
    fn judge_all(&mut self, right: &[&str]) {
        let groups = self.g.staff_view(&self.roster, self.at()).groups;
        for group in groups {
            let correct = right
                .get(usize::from(group.part))
                .is_some_and(|r| *r == group.text);
            self.ok(NeptuneCommand::Judge {
                cards: group.cards,
                part: group.part,
                correct,
            });
        }
    }

    /// One ordinary question: announce, the minute, the cards, the
    /// verdicts, the reveal.
    fn question(&mut self, rating: Option<u32>, cards: &[(u32, &str)], right: &str) {
        self.ok(NeptuneCommand::Announce { rating });
        self.ok(NeptuneCommand::StartMinute);
        self.wait(1_000);
        for (team, text) in cards {
            self.answer(*team, text).unwrap();
        }
        self.wait(MINUTE + GRACE);
        self.judge_all(&[right]);
        self.ok(NeptuneCommand::Reveal);
    }

    fn stage(&self) -> Stage {
        self.g.stage(self.at())
    }

    fn view(&self, team: u32) -> NeptuneTeamView {
        self.g
            .team_view(TeamId(team), None, &self.roster, self.at())
    }

    fn slice_view(&self, team: u32, slice: Slice) -> NeptuneTeamView {
        self.g
            .team_view(TeamId(team), Some(slice), &self.roster, self.at())
    }

    fn total(&self, team: u32) -> i64 {
        let board = self.g.board(&self.roster, self.at());
        board
            .table
            .iter()
            .find(|r| r.team == TeamId(team))
            .map_or(0, |r| r.total)
    }

    fn contest(&self, team: u32, contest: Contest) -> Option<i64> {
        let board = self.g.board(&self.roster, self.at());
        board
            .table
            .iter()
            .find(|r| r.team == TeamId(team))
            .and_then(|r| r.contests[contest.index()])
    }

    /// Plays the contests before `contest` with nobody right (Сэндвич's
    /// ломтики and Джокер's declarations included).
    fn skip_to(&mut self, contest: Contest) {
        while self.g.next_contest() != Some(contest) {
            let next = self.g.next_contest().unwrap();
            self.ok(NeptuneCommand::StartContest);
            if next == Contest::Joker {
                self.wait(STEP + GRACE + 1);
            }
            let n = self.g.size(next);
            for i in 0..n {
                let rating = (next == Contest::Negative).then_some(i + 1);
                self.ok(NeptuneCommand::Announce { rating });
                let steps = if next == Contest::Blitz { 4 } else { 1 };
                for _ in 0..steps {
                    self.ok(NeptuneCommand::StartMinute);
                    self.wait(MINUTE + GRACE + 1);
                }
                self.ok(NeptuneCommand::Reveal);
            }
        }
    }
}

fn negative_only() -> ContestSizes {
    ContestSizes::shortened(2)
}

fn text_of(e: NeptunePlayError) -> String {
    e.to_string()
}

// ---- 0: the game ----

#[test]
fn neptune_0_2_a_team_plays_with_4_to_6_players() {
    // Arrange: team 1 has 3 players, team 2 has 7.
    let mut roster = Roster::numbered(3);
    roster.teams[0].players.truncate(3);
    roster.teams[1].players.extend(["x".into(), "y".into()]);
    let g = NeptuneMatch::new(&NeptuneSettings::default());
    // Act / Assert
    for (team, players) in [(1, 3), (2, 7)] {
        let err = g
            .decide(
                Identity::Host,
                NeptuneCommand::Register {
                    teams: vec![TeamId(team)],
                },
                &roster,
                ServerTime(1),
            )
            .unwrap_err();
        assert_eq!(
            err,
            NeptunePlayError::PlayerCount {
                team: format!("Команда {team}"),
                players,
            }
        );
    }
    assert!(
        g.decide(
            Identity::Host,
            NeptuneCommand::Register {
                teams: vec![TeamId(3)]
            },
            &roster,
            ServerTime(1)
        )
        .is_ok()
    );
}

#[test]
fn neptune_0_1_contests_go_in_order_and_need_the_last_finished() {
    let mut h = Hall::new(2, negative_only());
    assert_eq!(
        h.stage(),
        Stage::Between {
            next: Contest::Negative
        }
    );
    h.ok(NeptuneCommand::StartContest);
    assert_eq!(
        h.host(NeptuneCommand::StartContest),
        Err(NeptunePlayError::ContestUnfinished)
    );
    // 0.4: only the host runs the game.
    assert!(!NeptuneMatch::permitted(
        crate::identity::Role::Team,
        &NeptuneCommand::StartContest
    ));
}

// ---- 1: Негатив ----

#[test]
fn neptune_1_3_the_rating_is_announced_and_1_5_a_right_answer_adds_it() {
    let mut h = Hall::new(2, negative_only());
    h.ok(NeptuneCommand::StartContest);
    // 1.3: a rating of 0 is refused; the package suggests 1 for question 1.
    assert_eq!(
        h.host(NeptuneCommand::Announce { rating: Some(0) }),
        Err(NeptunePlayError::ZeroRating)
    );
    h.question(Some(7), &[(1, "n0"), (2, "нет")], "n0");
    assert_eq!(h.contest(1, Contest::Negative), Some(7));
    assert_eq!(h.contest(2, Contest::Negative), Some(0));
    // 1.4: the reveal gives the answer, never the «перевёртыш».
    let board = h.g.board(&h.roster, h.at());
    let reveal = board.reveal.unwrap();
    assert_eq!(reveal.answers, vec!["n0".to_string()]);
    // The hall's screens carry no phrase of the sheet, so nothing pairs an
    // answer with its «перевёртыш»; only the host's desk names it.
    let board = serde_json::to_string(&h.g.board(&h.roster, h.at())).unwrap();
    assert!(!board.contains("фраза"), "{board}");
    assert!(h.g.staff_view(&h.roster, h.at()).flip.is_some());
}

#[test]
fn neptune_1_2_a_team_marks_its_sheet_privately_and_the_marks_stay() {
    let mut h = Hall::new(2, negative_only());
    h.team(
        1,
        NeptuneCommand::MarkPhrase {
            phrase: 5,
            marked: true,
        },
    )
    .unwrap();
    assert!(h.view(1).sheet[5].marked);
    assert!(!h.view(2).sheet[5].marked);
    assert_eq!(h.view(1).sheet.len(), 24);
    assert_eq!(
        h.team(
            1,
            NeptuneCommand::MarkPhrase {
                phrase: 24,
                marked: true
            }
        ),
        Err(NeptunePlayError::NoSuchPhrase { phrase: 24 })
    );
}

#[test]
fn neptune_1_3_cards_late_after_the_minute_and_3_seconds_are_kept_not_scored() {
    let mut h = Hall::new(2, negative_only());
    h.ok(NeptuneCommand::StartContest);
    h.ok(NeptuneCommand::Announce { rating: Some(5) });
    assert_eq!(h.answer(1, "n0"), Err(NeptunePlayError::NotStarted));
    h.ok(NeptuneCommand::StartMinute);
    h.wait(MINUTE + GRACE);
    // The instant of the deadline still counts.
    assert!(matches!(
        h.answer(1, "n0"),
        Ok(NeptuneReceipt::Card { late: false, .. })
    ));
    h.wait(1);
    assert!(matches!(
        h.answer(2, "n0"),
        Ok(NeptuneReceipt::Card { late: true, .. })
    ));
    assert_eq!(h.answer(2, "n0"), Err(NeptunePlayError::AlreadyAnswered));
    h.judge_all(&["n0"]);
    h.ok(NeptuneCommand::Reveal);
    assert_eq!(h.contest(1, Contest::Negative), Some(5));
    assert_eq!(h.contest(2, Contest::Negative), Some(0));
}

#[test]
fn neptune_0_4_the_host_judges_every_card_before_the_reveal() {
    let mut h = Hall::new(2, negative_only());
    h.ok(NeptuneCommand::StartContest);
    h.ok(NeptuneCommand::Announce { rating: Some(5) });
    h.ok(NeptuneCommand::StartMinute);
    h.answer(1, "n0").unwrap();
    assert_eq!(
        h.host(NeptuneCommand::Reveal),
        Err(NeptunePlayError::StillAnswering)
    );
    h.wait(MINUTE + GRACE + 1);
    assert_eq!(
        h.host(NeptuneCommand::Reveal),
        Err(NeptunePlayError::Unjudged)
    );
    // Another team's card is not shown to a team before the reveal.
    assert!(h.view(2).card.is_none());
    assert_eq!(h.view(1).card.unwrap().verdicts, vec![None]);
}

// ---- 2: Сэндвич ----

fn split(h: &mut Hall, team: u32, top: &[&str], bottom: &[&str]) -> R {
    h.team(
        team,
        NeptuneCommand::SetSplit {
            team: None,
            top: top.iter().map(|s| (*s).into()).collect(),
            bottom: bottom.iter().map(|s| (*s).into()).collect(),
        },
    )
}

#[test]
fn neptune_2_2_a_split_has_a_player_in_each_slice_and_no_one_twice() {
    let mut h = Hall::new(2, negative_only());
    let cases: Vec<(&[&str], &[&str], NeptunePlayError)> = vec![
        (&[], &["Игрок 1.1"], NeptunePlayError::EmptySlice),
        (
            &["Игрок 1.1"],
            &["Игрок 2.1"],
            NeptunePlayError::UnknownPlayer {
                player: "Игрок 2.1".into(),
            },
        ),
        (
            &["Игрок 1.1", "Игрок 1.2"],
            &["Игрок 1.2"],
            NeptunePlayError::PlayerTwice {
                player: "Игрок 1.2".into(),
            },
        ),
    ];
    for (top, bottom, error) in cases {
        assert_eq!(split(&mut h, 1, top, bottom), Err(error));
    }
    split(&mut h, 1, &["Игрок 1.1"], &["Игрок 1.2", "Игрок 1.3"]).unwrap();
    let view = h.view(1);
    assert!(view.split.chosen && view.split_open);
    assert_eq!(view.split.top, vec!["Игрок 1.1".to_string()]);
    // A team that chose nothing plays the default split.
    assert_eq!(h.view(2).split.top.len(), 3);
}

#[test]
fn neptune_2_2_a_split_is_fixed_once_the_sandwich_starts() {
    let mut h = Hall::new(2, negative_only());
    h.skip_to(Contest::Sandwich);
    split(&mut h, 1, &["Игрок 1.1"], &["Игрок 1.2"]).unwrap();
    h.ok(NeptuneCommand::StartContest);
    let err = split(&mut h, 1, &["Игрок 1.2"], &["Игрок 1.1"]).unwrap_err();
    assert_eq!(err, NeptunePlayError::SplitFixed);
    assert!(text_of(err).contains("2.2"));
    assert!(!h.view(1).split_open);
}

#[test]
fn neptune_2_3_the_slices_answer_apart_and_2_4_2_6_score_20_60_0() {
    let mut h = Hall::new(3, negative_only());
    h.skip_to(Contest::Sandwich);
    h.ok(NeptuneCommand::StartContest);
    h.ok(NeptuneCommand::Announce { rating: None });
    h.ok(NeptuneCommand::StartMinute);
    // The team's own terminal does not answer in Сэндвич; a ломтик answers
    // only for itself.
    assert_eq!(h.answer(1, "s0"), Err(NeptunePlayError::SlicesAnswer));
    assert_eq!(
        h.send(
            Identity::Slice(TeamId(1), Slice::Top),
            NeptuneCommand::Answer {
                answers: vec!["s0".into()],
                slice: Some(Slice::Bottom)
            }
        ),
        Err(NeptunePlayError::OtherSlice)
    );
    h.slice_answer(1, Slice::Top, "s0").unwrap();
    h.slice_answer(1, Slice::Bottom, "s0").unwrap();
    h.slice_answer(2, Slice::Top, "нет").unwrap();
    h.slice_answer(2, Slice::Bottom, "s0").unwrap();
    h.slice_answer(3, Slice::Top, "нет").unwrap();
    // Neither ломтик sees the other's card.
    assert_eq!(
        h.slice_view(1, Slice::Top).card.unwrap().answers,
        vec!["s0"]
    );
    assert!(h.slice_view(3, Slice::Bottom).card.is_none());
    assert!(h.slice_view(3, Slice::Bottom).may_answer);
    assert!(!h.view(3).may_answer);
    h.wait(MINUTE + GRACE + 1);
    h.judge_all(&["s0"]);
    h.ok(NeptuneCommand::Reveal);
    assert_eq!(h.contest(1, Contest::Sandwich), Some(60));
    assert_eq!(h.contest(2, Contest::Sandwich), Some(20));
    assert_eq!(h.contest(3, Contest::Sandwich), Some(0));
    // 2.3: the reveal names the right ломтики.
    let right = h.g.board(&h.roster, h.at()).reveal.unwrap().right;
    assert_eq!(right[0].len(), 3);
    // A ломтик answers only in Сэндвич.
    let board = h.g.board(&h.roster, h.at());
    assert_eq!(board.slices.len(), 3);
    assert_eq!(board.slices[0].1[0], "Команда 1-верх");
}

// ---- 3: Блицкриг ----

#[test]
fn neptune_3_a_block_is_four_20s_steps_one_card_and_80_for_all_four() {
    let mut h = Hall::new(2, negative_only());
    h.skip_to(Contest::Blitz);
    h.ok(NeptuneCommand::StartContest);
    h.ok(NeptuneCommand::Announce { rating: None });
    for step in 1..=4u8 {
        h.ok(NeptuneCommand::StartMinute);
        assert!(matches!(h.stage(), Stage::Minute { step: s, .. } if s == step));
        h.wait(STEP + 1);
        if step < 4 {
            assert_eq!(h.stage(), Stage::BetweenSteps { step });
            assert_eq!(
                h.host(NeptuneCommand::Reveal),
                Err(NeptunePlayError::StillAnswering)
            );
        }
    }
    assert_eq!(
        h.host(NeptuneCommand::StartMinute),
        Err(NeptunePlayError::MinuteRunning)
    );
    let four = |a: [&str; 4]| NeptuneCommand::Answer {
        answers: a.iter().map(|s| (*s).into()).collect(),
        slice: None,
    };
    assert_eq!(
        h.answer(1, "b0.0"),
        Err(NeptunePlayError::AnswerCount { expected: 4 })
    );
    h.team(1, four(["b0.0", "b0.1", "b0.2", "b0.3"])).unwrap();
    h.team(2, four(["b0.0", "", "b0.2", "x"])).unwrap();
    h.wait(GRACE);
    assert_eq!(h.stage(), Stage::Judging);
    h.judge_all(&["b0.0", "b0.1", "b0.2", "b0.3"]);
    h.ok(NeptuneCommand::Reveal);
    // 3.5–3.6: 10 each, 40 more for the whole block.
    assert_eq!(h.contest(1, Contest::Blitz), Some(80));
    assert_eq!(h.contest(2, Contest::Blitz), Some(20));
}

// ---- 4: Сизиф ----

#[test]
fn neptune_3_the_core_is_woken_when_a_step_is_over_not_at_its_last_instant() {
    // Arrange: a Блицкриг block's first step running.
    let mut h = Hall::new(2, negative_only());
    h.skip_to(Contest::Blitz);
    h.ok(NeptuneCommand::StartContest);
    h.ok(NeptuneCommand::Announce { rating: None });
    h.ok(NeptuneCommand::StartMinute);
    let ends = h.at().plus(std::time::Duration::from_millis(STEP));

    // Act: woken at the step's last instant, then at the next wake-up.
    h.g.handle_timeout(ends);
    let next = h.g.next_signal(ends).expect("a wake-up after the step");

    // Assert: the card is still taken at `ends`; the next wake-up is the
    // first instant «between steps», which every screen is then sent.
    assert!(matches!(h.g.stage(ends), Stage::Minute { step: 1, .. }));
    assert_eq!(h.g.stage(next), Stage::BetweenSteps { step: 1 });
}
#[test]
fn neptune_4_3_the_terminal_shows_the_run_and_the_next_answer_s_worth() {
    let mut h = Hall::new(1, negative_only());
    h.skip_to(Contest::Sisyphus);
    h.ok(NeptuneCommand::StartContest);
    assert_eq!(h.view(1).run.unwrap().next_worth, 10);
    h.question(None, &[(1, "y0")], "y0");
    assert_eq!(h.view(1).run.unwrap().run, 1);
    assert_eq!(h.view(1).run.unwrap().next_worth, 20);
    h.question(None, &[(1, "y1")], "y1");
    assert_eq!(h.contest(1, Contest::Sisyphus), Some(30));
}

// ---- 5: Джокер ----

#[test]
fn neptune_5_2_declarations_by_the_deadline_and_5_5_verdicts_hidden_until_the_end() {
    let mut h = Hall::new(3, negative_only());
    h.skip_to(Contest::Joker);
    assert_eq!(
        h.team(1, NeptuneCommand::Declare { count: 1 }),
        Err(NeptunePlayError::NotDeclaring)
    );
    h.ok(NeptuneCommand::StartContest);
    assert!(matches!(h.stage(), Stage::Topics { .. }));
    assert_eq!(
        h.team(1, NeptuneCommand::Declare { count: 3 }),
        Err(NeptunePlayError::DeclarationRange { max: 2 })
    );
    h.team(1, NeptuneCommand::Declare { count: 2 }).unwrap();
    h.team(2, NeptuneCommand::Declare { count: 1 }).unwrap();
    // Team 3 declares too late: kept, counted as none (0).
    h.wait(STEP + GRACE + 1);
    let late = h.team(3, NeptuneCommand::Declare { count: 2 });
    assert!(late.is_ok());
    assert_eq!(h.g.board(&h.roster, h.at()).joker.unwrap().declared, 2);
    h.question(None, &[(1, "j0"), (2, "j0"), (3, "j0")], "j0");
    // 5.5: nothing of it reaches the hall or the teams yet.
    let board = h.g.board(&h.roster, h.at());
    assert!(board.reveal.is_none());
    assert!(board.joker.as_ref().unwrap().results.is_empty());
    assert_eq!(h.view(1).joker_cards[0].verdict, None);
    assert_eq!(h.view(1).card.unwrap().verdicts, vec![None]);
    assert_eq!(h.contest(1, Contest::Joker), Some(0));
    h.question(None, &[(1, "j1"), (2, "j1"), (3, "x")], "j1");
    // The tour is over: everything is revealed.
    let joker = h.g.board(&h.roster, h.at()).joker.unwrap();
    assert!(joker.revealed);
    // 5.4: exactly as declared: 30 each; more: 10 each; declared none: 10 each.
    assert_eq!(h.contest(1, Contest::Joker), Some(60));
    assert_eq!(h.contest(2, Contest::Joker), Some(20));
    assert_eq!(h.contest(3, Contest::Joker), Some(10));
    assert_eq!(joker.results[2].declared, None);
    assert_eq!(h.view(1).joker_cards[0].verdict, Some(true));
}

// ---- 6: Аукцион (in tests/auction.rs) ----

mod auction;

// ---- the sheet ----

/// Plays a whole (shortened) game; `right(contest, question, team)` says
/// who answers right.
fn whole_game(teams: u32, size: u32, right: impl Fn(usize, u32, u32) -> bool) -> Hall {
    let mut h = Hall::new(teams, ContestSizes::shortened(size));
    for (c, contest) in Contest::ALL.into_iter().enumerate() {
        h.ok(NeptuneCommand::StartContest);
        if contest == Contest::Joker {
            for t in 1..=teams {
                if t != 2 {
                    let count = t % (h.g.size(contest) + 1);
                    h.team(t, NeptuneCommand::Declare { count }).unwrap();
                }
            }
            h.wait(STEP + GRACE + 1);
        }
        for i in 0..h.g.size(contest) {
            if contest == Contest::Auction {
                h.ok(NeptuneCommand::OpenBidding);
                let _ = h.bid(1 + i % teams, Bid::Amount(40));
                let _ = h.bid(1 + (i + 1) % teams, Bid::VaBank);
                h.wait(COUNT * 3);
                h.wait(COUNT * 3);
            }
            let rating = (contest == Contest::Negative).then_some(i + 2);
            h.ok(NeptuneCommand::Announce { rating });
            let steps = if contest == Contest::Blitz { 4 } else { 1 };
            for _ in 0..steps {
                h.ok(NeptuneCommand::StartMinute);
                h.wait(STEP + 1);
            }
            let answer = |t: u32| if right(c, i, t) { "да" } else { "нет" };
            for t in 1..=teams {
                let cmd = |a: &str| NeptuneCommand::Answer {
                    answers: vec![a.to_string(); NeptuneMatch::answers_per_card(contest)],
                    slice: None,
                };
                if contest == Contest::Sandwich {
                    h.slice_answer(t, Slice::Top, answer(t)).unwrap();
                    h.slice_answer(t, Slice::Bottom, answer(t + i)).unwrap();
                } else {
                    h.team(t, cmd(answer(t))).unwrap();
                }
            }
            h.wait(MINUTE + GRACE + 1);
            h.judge_all(&["да", "да", "да", "да"]);
            h.ok(NeptuneCommand::Reveal);
        }
    }
    h
}

fn scored(sheet: &Value) -> Value {
    let text = crate::play::score::score_sheet(&sheet.to_string()).expect("the sheet scores");
    let v: Value = serde_json::from_str(&text).unwrap();
    v["standings"].clone()
}

#[test]
fn neptune_0_1_the_exported_sheet_scores_exactly_the_live_standings() {
    let h = whole_game(4, 2, |c, q, t| !(c as u32 + q + t).is_multiple_of(3));
    assert!(h.g.finished());
    assert_eq!(h.stage(), Stage::Finished);
    let standings = serde_json::to_value(h.g.standings_table(&h.roster)).unwrap();
    assert_eq!(
        scored(&serde_json::to_value(h.g.scoresheet(&h.roster)).unwrap()),
        standings
    );
    // At the end the live table and the standings agree too.
    let board = h.g.board(&h.roster, h.at());
    for row in &board.table {
        let name = h.roster.name(row.team);
        let live = standings
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["team"] == name)
            .unwrap();
        assert_eq!(live["points"], row.total, "{name}");
    }
}

#[test]
fn neptune_the_full_size_game_exports_without_sizes() {
    let h = whole_game(2, 12, |_, q, t| (q + t) % 2 == 0);
    let sheet = serde_json::to_value(h.g.scoresheet(&h.roster)).unwrap();
    assert!(sheet.get("sizes").is_none());
    assert_eq!(
        scored(&sheet),
        serde_json::to_value(h.g.standings_table(&h.roster)).unwrap()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn neptune_any_verdicts_export_a_sheet_that_scores_the_live_standings(
        pattern in proptest::collection::vec(any::<bool>(), 64)
    ) {
        let h = whole_game(3, 1, |c, q, t| pattern[(c * 9 + q as usize * 3 + t as usize) % 64]);
        prop_assert_eq!(scored(&serde_json::to_value(h.g.scoresheet(&h.roster)).unwrap()), serde_json::to_value(h.g.standings_table(&h.roster)).unwrap());
    }

    /// The sheet the live game writes — shortened or whole, with the
    /// «ва-банк» stakes of its auction — reads back as the same sheet.
    #[test]
    fn neptune_sheet_written_live_reads_back_unchanged(
        pattern in proptest::collection::vec(any::<bool>(), 64),
        size in 1u32..3,
    ) {
        let h = whole_game(3, size, |c, q, t| pattern[(c * 9 + q as usize * 3 + t as usize) % 64]);
        prop_assert_eq!(crate::play::score::tests::round_trip(&h.g.scoresheet(&h.roster)), Ok(()));
    }
}

#[test]
fn neptune_package_json_parses_and_names_what_is_wrong() {
    let ok = serde_json::to_vec(&package()).unwrap();
    assert_eq!(NeptunePackage::parse("p.json", &ok).unwrap(), package());
    let mut short_sheet = package();
    short_sheet.negative.phrases.pop();
    let bytes = serde_json::to_vec(&short_sheet).unwrap();
    assert_eq!(
        NeptunePackage::parse("p.json", &bytes),
        Err(NeptunePackageError::SheetSize { found: 23 })
    );
    let err = NeptunePackage::parse("p.json", b"{\"negativ\": 1}").unwrap_err();
    assert!(err.to_string().contains("p.json"), "{err}");
}

// ---- the clock ----

const T0: ServerTime = ServerTime(1_700_000_000_000_000);

fn at(ms: u64) -> ServerTime {
    T0.plus(Duration::from_millis(ms))
}

/// A game whose first Негатив question's minute started at `T0`: a minute
/// of 1 s, cards until 1.5 s.
fn minute_running() -> NeptuneMatch {
    let settings = NeptuneSettings {
        timing: NeptuneTiming {
            minute_ms: 1_000,
            grace_ms: 500,
            ..NeptuneTiming::default()
        },
        sizes: ContestSizes::shortened(1),
    };
    let mut game = NeptuneMatch::new(&settings);
    let players = (1..=4).map(|p| format!("Игрок {p}")).collect();
    for event in [
        NeptuneEvent::Registered {
            teams: vec![(TeamId(1), players)],
        },
        NeptuneEvent::ContestStarted { at: T0 },
        NeptuneEvent::Announced {
            rating: Some(10),
            at: T0,
        },
        NeptuneEvent::MinuteStarted { at: T0 },
    ] {
        game.apply(&event);
    }
    game
}

#[test]
fn neptune_a_signal_passed_while_the_server_was_busy_is_still_due() {
    // Arrange: the server last woke at 0.9 s; a command kept it busy past
    // the minute's end at 1 s.
    let mut game = minute_running();
    assert!(!LiveFormat::handle_timeout(&mut game, at(900)).any());
    let busy_until = at(1_200);

    // Act
    let due = LiveFormat::poll_timeout(&game, busy_until);

    // Assert: the end is due at once, and waking for it tells every screen;
    // then the next signal is the end of the cards' time.
    assert_eq!(due, Some(at(1_000)));
    assert!(LiveFormat::handle_timeout(&mut game, busy_until).any());
    let next = LiveFormat::poll_timeout(&game, busy_until).expect("the grace's end");
    assert!(next > at(1_500) && next < at(1_501), "{next:?}");
}
