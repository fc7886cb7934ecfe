//! «Нептун» on the virtual hall (`minuta_tests::virtual_hall`): the
//! server's machine and the app's own state on virtual time, no sockets
//! (000_…, sections 0–6): a host, a projector and six team terminals
//! through the six contests, shortened to two questions (blocks) each.
//! Негатив's ratings from the package; a split changed after Сэндвич
//! started refused (2.2), and the team's own terminal refused a Сэндвич
//! card (the ломтики's own terminals are in `slices`); Блицкриг's four
//! steps and four-answer cards; Сизиф's run; Джокер's declarations — one
//! missing — with every verdict hidden from the teams until the tour's
//! last question closes (5.5); the auction's live bidding with a team of
//! score 0 refused, a bid of 35 refused, an over-bidder excluded and the
//! bidding rerun (6.2), a «ва-банк» chain and numeric bids after it
//! refused (6.4), a bid the host lets in for a team, and the places of the
//! arrival order. Every refusal says why in words. No team terminal or
//! projector ever receives another team's card, Джокер's results before
//! the tour ended, or a «перевёртыш»; and the game's exported scoresheet
//! scores exactly as its live standings.

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_server::demo::neptune::DEMO_NEPTUNE_PACKAGE;
use minuta_server::export::ExportFormat;
use minuta_shared::export::event::EventExport;
use minuta_shared::export::score::ScoreLine;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::{
    GameDisplayView, GameError, GameReceipt, GameSettings, GameStaffView, GameTeamView, PlayError,
};
use minuta_shared::play::neptune::rules::{Bid, Contest};
use minuta_shared::play::neptune::{
    BidRefusal, ContestSizes, NeptuneCommand as C, NeptunePlayError as E, NeptuneReceipt,
    NeptuneSettings, NeptuneStaffView, NeptuneTeamView, NeptuneTiming, Sold, Stage, neptune_leaks,
    neptune_team_leaks,
};
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::View;
use minuta_tests::sim_net::Conditions;
use minuta_tests::test_timing;
use minuta_tests::virtual_hall::VirtualHall;

/// Short steps; the count to three is a minute long, so it never ends by
/// itself here: the host says «три» (`CloseBidding`).
fn settings() -> NeptuneSettings {
    NeptuneSettings {
        timing: NeptuneTiming {
            minute_ms: 1_000,
            grace_ms: 300,
            blitz_step_ms: 200,
            joker_topics_ms: 700,
            count_step_ms: 60_000,
        },
        sizes: ContestSizes::shortened(2),
    }
}

/// A distinct wrong answer of team `i`: found in no other terminal's frames.
fn wrong(i: usize) -> String {
    format!("Ответ команды {}", i + 1)
}

struct Neptune {
    hall: VirtualHall,
    game: GameId,
}

impl Neptune {
    fn open() -> Result<Neptune> {
        let mut hall = VirtualHall::open(6, test_timing(), Conditions::default())?;
        let game = hall.add_game("Нептун", GameSettings::Neptune(settings()))?;
        let mut n = Neptune { hall, game };
        let loaded = n.host(C::LoadPackage {
            file_name: "demo_neptune.json".into(),
            bytes: DEMO_NEPTUNE_PACKAGE.as_bytes().to_vec(),
        })?;
        ensure!(
            matches!(loaded, NeptuneReceipt::PackageLoaded { questions: 42, .. }),
            "{loaded:?}"
        );
        let teams = n.hall.team_ids.clone();
        n.host(C::Register { teams })?;
        Ok(n)
    }

    fn team_id(&self, i: usize) -> TeamId {
        self.hall.team_ids[i]
    }

    fn host(&mut self, command: C) -> Result<NeptuneReceipt> {
        let name = format!("{command:?}");
        let name: String = name.chars().take(80).collect();
        match self
            .hall
            .game_ok(self.game, command)
            .with_context(|| name.clone())?
        {
            Receipt::Game {
                receipt: GameReceipt::Neptune(r),
                ..
            } => Ok(r),
            other => bail!("{name}: {other:?}"),
        }
    }

    fn team(&mut self, i: usize, command: C) -> Result<Result<NeptuneReceipt, E>> {
        let game = self.game;
        let answer = self
            .hall
            .command(self.hall.teams[i], Command::game(game, command))?;
        Ok(match answer {
            Ok(Receipt::Game {
                receipt: GameReceipt::Neptune(r),
                ..
            }) => Ok(r),
            Err(CommandError::Play(PlayError::Game(GameError::Neptune(e)))) => Err(e),
            other => bail!("team {i}: {other:?}"),
        })
    }

    /// A team's command the rules must refuse with `want`; the refusal's
    /// words must hold `says`.
    fn refused(&mut self, i: usize, command: C, want: E, says: &str) -> Result<()> {
        let name = format!("{command:?}");
        let got = self.team(i, command)?;
        ensure!(got == Err(want.clone()), "{name}: {got:?}, not {want:?}");
        ensure!(
            want.to_string().contains(says),
            "«{want}» does not say «{says}»"
        );
        Ok(())
    }

    fn answer(&mut self, i: usize, answers: Vec<String>) -> Result<()> {
        match self.team(
            i,
            C::Answer {
                answers,
                slice: None,
            },
        )? {
            Ok(NeptuneReceipt::Card { late: false, .. }) => Ok(()),
            other => bail!("team {i}'s card: {other:?}"),
        }
    }

    fn staff(
        &mut self,
        what: &str,
        pred: impl Fn(&NeptuneStaffView) -> bool,
    ) -> Result<NeptuneStaffView> {
        let view = self.hall.host_sees(what, |v| staff(v).is_some_and(&pred))?;
        staff(&view)
            .cloned()
            .ok_or_else(|| anyhow!("no Нептун game in the host's view"))
    }

    fn seen(
        &mut self,
        i: usize,
        what: &str,
        pred: impl Fn(&NeptuneTeamView) -> bool,
    ) -> Result<NeptuneTeamView> {
        let view = self.hall.team_sees(self.hall.teams[i], what, |v| {
            team_game(v).is_some_and(&pred)
        })?;
        team_game(&view)
            .cloned()
            .ok_or_else(|| anyhow!("no Нептун game in team {i}'s view"))
    }

    /// Waits for the time for cards to end, judges every group (right when
    /// its text is one of `right[part]`) and reveals.
    fn judge_and_reveal(&mut self, right: &[&[&str]]) -> Result<()> {
        let view = self.staff("the time for cards over", |v| {
            v.board.stage == Stage::Judging
        })?;
        for group in view.groups.iter().filter(|g| g.verdict.is_none()) {
            let correct = right.get(usize::from(group.part)).is_some_and(|r| {
                r.iter()
                    .any(|a| normalise_answer(a) == normalise_answer(&group.text))
            });
            self.host(C::Judge {
                cards: group.cards.clone(),
                part: group.part,
                correct,
            })?;
        }
        self.host(C::Reveal)?;
        Ok(())
    }

    /// One question (not Блицкриг): announced, its minute, the cards of
    /// `cards` (team, right or not), judged and revealed.
    fn question(&mut self, answer: &str, cards: &[(usize, bool)]) -> Result<()> {
        self.host(C::Announce { rating: None })?;
        self.host(C::StartMinute)?;
        for &(i, right) in cards {
            let text = if right { answer.to_owned() } else { wrong(i) };
            self.answer(i, vec![text])?;
        }
        self.judge_and_reveal(&[&[answer]])
    }
}

fn staff(view: &minuta_shared::wire::view::HostView) -> Option<&NeptuneStaffView> {
    view.games.iter().find_map(|g| match &g.view {
        GameStaffView::Neptune(v) => Some(v),
        _ => None,
    })
}

fn team_game(view: &minuta_shared::wire::view::TeamView) -> Option<&NeptuneTeamView> {
    view.games.iter().find_map(|g| match &g.view {
        GameTeamView::Neptune(v) => Some(v),
        _ => None,
    })
}

fn score_of(view: &NeptuneStaffView, team: TeamId) -> Option<i64> {
    view.board
        .table
        .iter()
        .find(|r| r.team == team)
        .map(|r| r.total)
}

#[test]
fn neptune_0_to_6_a_whole_game_with_hidden_joker_verdicts_and_live_bidding() -> Result<()> {
    // Arrange: six teams registered, the demo's package loaded.
    let mut n = Neptune::open()?;
    let t: Vec<TeamId> = (0..6).map(|i| n.team_id(i)).collect();
    let split = C::SetSplit {
        team: None,
        top: vec!["Игрок 1.1".into(), "Игрок 1.3".into()],
        bottom: vec!["Игрок 1.2".into(), "Игрок 1.4".into()],
    };
    ensure!(n.team(0, split)?.is_ok());

    // Act / assert — 1: Негатив, the package's ratings 20 and 30; a mark
    // on the team's own sheet.
    n.host(C::StartContest)?;
    let announced = n.host(C::Announce { rating: None })?;
    ensure!(announced == NeptuneReceipt::Done);
    let up = n.staff("Негатив's first rating", |v| {
        v.board.question.is_some()
    })?;
    ensure!(
        up.board.question.as_ref().and_then(|q| q.rating) == Some(20),
        "{up:?}"
    );
    n.host(C::StartMinute)?;
    for (i, right) in [(0, true), (1, true), (2, true), (3, true), (4, false)] {
        let text = if right {
            "Горе от ума".to_owned()
        } else {
            wrong(i)
        };
        n.answer(i, vec![text])?;
    }
    ensure!(
        n.team(
            0,
            C::MarkPhrase {
                phrase: 0,
                marked: true
            }
        )?
        .is_ok()
    );
    n.judge_and_reveal(&[&["Горе от ума"]])?;
    n.question(
        "Преступление и наказание",
        &[(0, true), (1, true), (2, false), (3, true), (4, true)],
    )?;

    // 2: Сэндвич: the split is fixed; the team's own terminal does not
    // answer (its ломтики do).
    n.host(C::StartContest)?;
    let late = C::SetSplit {
        team: None,
        top: vec!["Игрок 2.1".into()],
        bottom: vec!["Игрок 2.2".into()],
    };
    n.refused(1, late, E::SplitFixed, "fixed once Сэндвич has started")?;
    for answer in ["Париж", "Нил"] {
        n.host(C::Announce { rating: None })?;
        n.host(C::StartMinute)?;
        n.refused(
            0,
            C::Answer {
                answers: vec![answer.into()],
                slice: None,
            },
            E::SlicesAnswer,
            "ломтики answer",
        )?;
        n.judge_and_reveal(&[&[answer]])?;
    }

    // 3: Блицкриг: four steps, one card of four answers.
    n.host(C::StartContest)?;
    let blocks: [[&str; 4]; 2] = [
        ["Рим", "Токио", "Каир", "Оттава"],
        ["Булгаков", "Толстой", "Чехов", "Лермонтов"],
    ];
    for (b, block) in blocks.iter().enumerate() {
        n.host(C::Announce { rating: None })?;
        for step in 1..=4u8 {
            n.host(C::StartMinute)?;
            // 3.3: the card is taken from the block's first question on.
            if b == 0 && step == 1 {
                n.answer(0, block.iter().map(|a| (*a).to_owned()).collect())?;
                let half = vec![block[0].into(), wrong(1), block[2].into(), wrong(1)];
                n.answer(1, half)?;
                let one = C::Answer {
                    answers: vec!["Рим".into()],
                    slice: None,
                };
                n.refused(2, one, E::AnswerCount { expected: 4 }, "4 answers")?;
            }
            if step < 4 {
                n.staff("the step's 20 s over", |v| {
                    v.board.stage == Stage::BetweenSteps { step }
                })?;
            }
        }
        let right: Vec<&[&str]> = block.iter().map(std::slice::from_ref).collect();
        n.judge_and_reveal(&right)?;
    }

    // 4: Сизиф: the run grows (10, then 20).
    n.host(C::StartContest)?;
    n.question("Луна", &[(2, true)])?;
    n.question("Тихий", &[(2, true), (0, false)])?;

    // 5: Джокер: the topics, the declarations (the fifth team none).
    n.host(C::StartContest)?;
    let topics = n.seen(0, "the topics", |v| v.may_declare)?;
    ensure!(
        topics
            .board
            .joker
            .as_ref()
            .is_some_and(|j| j.topics.len() == 7),
        "{topics:?}"
    );
    for (i, count) in [(0, 2), (1, 1), (2, 0), (3, 1)] {
        ensure!(n.team(i, C::Declare { count })?.is_ok());
    }
    n.refused(0, C::Declare { count: 1 }, E::AlreadyDeclared, "already")?;
    n.refused(
        4,
        C::Declare { count: 3 },
        E::DeclarationRange { max: 2 },
        "0 to 2",
    )?;
    // The hall sees how many declared, not what.
    let hall = n.hall.display_sees("four declarations", |d| {
        display_board(d).is_some_and(|b| b.joker.as_ref().is_some_and(|j| j.declared == 4))
    })?;
    let board = display_board(&hall).ok_or_else(|| anyhow!("no board"))?;
    ensure!(board.joker.as_ref().is_some_and(|j| j.results.is_empty()));
    n.staff("the topics over", |v| v.board.stage == Stage::ContestOpen)?;
    n.question("Синий кит", &[(0, true), (1, true), (3, false)])?;
    // 5.5: the first question closed; its verdicts stay hidden.
    let hidden = n.seen(0, "the first Джокер question closed", |v| {
        v.board.stage == Stage::Revealed
    })?;
    ensure!(
        hidden.joker_cards.iter().all(|c| c.verdict.is_none())
            && hidden
                .card
                .as_ref()
                .is_some_and(|c| c.verdicts == vec![None])
            && hidden.board.reveal.is_none()
            && hidden
                .board
                .joker
                .as_ref()
                .is_some_and(|j| !j.revealed && j.results.is_empty()),
        "{hidden:?}"
    );
    ensure!(neptune_team_leaks(&hidden, t[0]).is_empty());
    n.question("Гагарин", &[(0, true), (3, true)])?;
    // The tour is over: every declaration, answer and verdict is out.
    let over = n.seen(1, "the Джокер tour revealed", |v| {
        v.board.joker.as_ref().is_some_and(|j| j.revealed)
    })?;
    let joker = over
        .board
        .joker
        .as_ref()
        .ok_or_else(|| anyhow!("no Джокер"))?;
    let result = |team: TeamId| joker.results.iter().find(|r| r.team == team).cloned();
    ensure!(
        result(t[0]).is_some_and(|r| r.declared == Some(2) && r.taken == 2 && r.points == 60),
        "{joker:?}"
    );
    ensure!(result(t[4]).is_some_and(|r| r.declared.is_none() && r.points == 0));
    ensure!(
        over.joker_cards
            .first()
            .is_some_and(|c| c.verdict == Some(true))
    );

    // 6: the auction: the scores so far are the auction's.
    n.host(C::StartContest)?;
    let before = n.staff("the auction on", |v| {
        v.board.contest == Some(Contest::Auction)
    })?;
    let scores: Vec<i64> = t
        .iter()
        .map(|&team| score_of(&before, team).unwrap_or(0))
        .collect();
    ensure!(scores == vec![190, 100, 50, 80, 30, 0], "{scores:?}");
    n.host(C::OpenBidding)?;
    n.refused(
        5,
        C::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
        E::Bid(BidRefusal::NotPositive { score: 0 }),
        "only teams with a positive score bid",
    )?;
    n.refused(
        0,
        C::Bid {
            team: None,
            bid: Bid::Amount(35),
        },
        E::Bid(BidRefusal::NotMultipleOfTen { bid: 35 }),
        "not a multiple of 10",
    )?;
    // 6.2: 40 with 30 on the account: excluded when the count runs out.
    let over_bid = n.team(
        4,
        C::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
    )?;
    ensure!(
        matches!(over_bid, Ok(NeptuneReceipt::Bid { place: 1, .. })),
        "{over_bid:?}"
    );
    n.host(C::CloseBidding)?;
    let rerun = n.staff("the rerun without the over-bidder", |v| {
        v.board
            .auction
            .as_ref()
            .is_some_and(|a| a.excluded == vec![t[4]] && a.bids.is_empty())
    })?;
    ensure!(rerun.board.stage == Stage::Bidding);
    n.refused(
        4,
        C::Bid {
            team: None,
            bid: Bid::VaBank,
        },
        E::Bid(BidRefusal::Excluded),
        "out of it",
    )?;
    // 6.4: «ва-банк», another, then numbers are refused.
    let first = n.team(
        3,
        C::Bid {
            team: None,
            bid: Bid::VaBank,
        },
    )?;
    let second = n.team(
        1,
        C::Bid {
            team: None,
            bid: Bid::VaBank,
        },
    )?;
    let (
        Ok(NeptuneReceipt::Bid { place: p1, at: a1 }),
        Ok(NeptuneReceipt::Bid { place: p2, at: a2 }),
    ) = (first, second)
    else {
        bail!("the «ва-банк» chain was refused");
    };
    ensure!(
        p1 < p2 && a1 <= a2,
        "places {p1}, {p2}; times {a1:?}, {a2:?}"
    );
    n.refused(
        0,
        C::Bid {
            team: None,
            bid: Bid::Amount(200),
        },
        E::Bid(BidRefusal::VaBankOnly),
        "only «ва-банк»",
    )?;
    // 6.2 / 6.4: team 3's «ва-банк» is its 50, less than the standing 100.
    n.refused(
        2,
        C::Bid {
            team: None,
            bid: Bid::VaBank,
        },
        E::Bid(BidRefusal::VaBankNotLarger {
            worth: 50,
            standing: 100,
        }),
        "not more than the standing bid of 100",
    )?;
    n.refused(
        1,
        C::Bid {
            team: None,
            bid: Bid::VaBank,
        },
        E::Bid(BidRefusal::AlreadyLeading),
        "highest bid",
    )?;
    n.host(C::CloseBidding)?;
    let sold = n.staff("sold to the second «ва-банк»", |v| {
        v.board.stage == Stage::Sold
    })?;
    let board = sold
        .board
        .auction
        .as_ref()
        .ok_or_else(|| anyhow!("no auction"))?;
    ensure!(
        board.sold
            == Some(Sold::To {
                team: t[1],
                bid: Bid::VaBank,
                stake: 100
            }),
        "{board:?}"
    );
    n.refused(
        2,
        C::Bid {
            team: None,
            bid: Bid::VaBank,
        },
        E::BiddingClosed,
        "not open",
    )?;
    n.question("Ртуть", &[(1, true), (0, true), (3, false)])?;
    // 6.4: each «ва-банк» keeps the sum it was made for, though team 2
    // now has 200.
    let scored = n.staff("the first auction question scored", |v| {
        v.board.stage == Stage::Revealed
    })?;
    let worth: Vec<(TeamId, i64)> = scored
        .board
        .auction
        .as_ref()
        .map(|a| a.bids.iter().map(|b| (b.team, b.worth)).collect())
        .unwrap_or_default();
    ensure!(worth == vec![(t[3], 80), (t[1], 100)], "{worth:?}");
    ensure!(score_of(&scored, t[1]) == Some(200), "{scored:?}");

    // The second question: the previous initiator may not open «ва-банк»;
    // the host lets a bid in for a team whose laptop failed.
    n.host(C::OpenBidding)?;
    n.refused(
        3,
        C::Bid {
            team: None,
            bid: Bid::VaBank,
        },
        E::Bid(BidRefusal::VaBankTwoRunning),
        "previous question",
    )?;
    ensure!(
        n.team(
            3,
            C::Bid {
                team: None,
                bid: Bid::Amount(40)
            }
        )?
        .is_ok()
    );
    n.refused(
        0,
        C::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
        E::Bid(BidRefusal::RaiseTooSmall {
            bid: 40,
            previous: 40,
        }),
        "does not raise",
    )?;
    ensure!(
        n.team(
            0,
            C::Bid {
                team: None,
                bid: Bid::Amount(50)
            }
        )?
        .is_ok()
    );
    let by_host = n.host(C::Bid {
        team: Some(t[1]),
        bid: Bid::Amount(60),
    })?;
    ensure!(
        matches!(by_host, NeptuneReceipt::Bid { place: 3, .. }),
        "{by_host:?}"
    );
    let log = n.staff("the host's bid on the board", |v| {
        v.board.auction.as_ref().is_some_and(|a| a.bids.len() == 3)
    })?;
    let rows = &log
        .board
        .auction
        .as_ref()
        .ok_or_else(|| anyhow!("no auction"))?
        .bids;
    ensure!(
        rows.iter().map(|r| (r.team, r.by_host)).collect::<Vec<_>>()
            == vec![(t[3], false), (t[0], false), (t[1], true)],
        "{rows:?}"
    );
    ensure!(rows.windows(2).all(|w| w[0].at <= w[1].at));
    n.host(C::CloseBidding)?;
    n.question("24", &[(1, false), (0, true)])?;

    // Assert: the game is over, the standings as the rules add them up.
    let end = n.staff("the game over", |v| v.board.finished)?;
    let totals: Vec<i64> = t
        .iter()
        .map(|&team| score_of(&end, team).unwrap_or(0))
        .collect();
    // The auction: 1) team 2 (right, «ва-банк» 100) +100, team 1 +30,
    // team 4 −30, the rest −30; 2) team 2 (60, wrong) −60, team 1 +30.
    ensure!(totals == vec![250, 140, -10, 20, -30, -60], "{totals:?}");

    // The exported scoresheet scores exactly as the live standings.
    let sheet = n.hall.export(ExportFormat::Sheet(n.game))?;
    let scored = minuta_shared::play::score::score_sheet(&sheet).map_err(|e| anyhow!("{e}"))?;
    let scored: ScoreLine = serde_json::from_str(&scored)?;
    let json: EventExport = serde_json::from_str(&n.hall.export(ExportFormat::Json)?)?;
    let live = json
        .games
        .iter()
        .find(|g| g.format == "neptune")
        .map(|g| g.standings.clone())
        .ok_or_else(|| anyhow!("no Нептун game in the export"))?;
    ensure!(
        scored.standings == live,
        "{:#} vs {live:#}",
        scored.standings
    );
    let points: Vec<i64> = live
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["points"].as_i64())
        .collect();
    ensure!(points == vec![250, 140, 20, -10, -30, -60], "{live:#}");

    // Nothing leaked to a team or the projector on the way.
    let sheet: Vec<String> = n
        .seen(0, "the sheet", |v| !v.sheet.is_empty())?
        .sheet
        .iter()
        .map(|p| p.text.clone())
        .collect();
    let mut boards = 0;
    for (i, &me) in t.iter().enumerate() {
        let others: Vec<String> = (0..6).filter(|j| *j != i).map(wrong).collect();
        for msg in &n.hall.terminals[n.hall.teams[i]].received {
            let debug = format!("{msg:?}");
            if let Some(text) = others.iter().find(|o| debug.contains(o.as_str())) {
                bail!("team {i} received another team's card {text:?}");
            }
            if let ServerMsg::View(view) = msg.as_ref()
                && let View::Team(v) = view.as_ref()
                && let Some(mine) = team_game(v)
            {
                boards += 1;
                let found = neptune_team_leaks(mine, me);
                ensure!(found.is_empty(), "team {i}: {found:?}");
            }
        }
    }
    for msg in &n.hall.terminals[n.hall.display].received {
        let debug = format!("{msg:?}");
        if let Some(text) = (0..6).map(wrong).find(|o| debug.contains(o.as_str())) {
            bail!("the projector received a card {text:?}");
        }
        if let ServerMsg::View(view) = msg.as_ref()
            && let View::Display(d) = view.as_ref()
            && let Some(board) = display_board(d)
        {
            boards += 1;
            let found = neptune_leaks(board, &sheet);
            ensure!(found.is_empty(), "the projector: {found:?}");
        }
    }
    ensure!(boards > 100, "{boards} boards looked at");
    Ok(())
}

fn display_board(
    view: &minuta_shared::wire::view::DisplayView,
) -> Option<&minuta_shared::play::neptune::NeptuneBoard> {
    view.games.iter().find_map(|g| match &g.view {
        GameDisplayView::Neptune(b) => Some(b),
        _ => None,
    })
}
