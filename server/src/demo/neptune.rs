//! «Нептун» in the demo (000_…, sections 0–6): the game set up with the
//! demo's package, its durations scaled to the demo's minute and its
//! contests shortened, and the autopilot host (Нептун) that runs it, as a
//! pure function of what it sees, so it is tested without a server.
//!
//! The host registers the teams, starts each contest, announces each
//! question (Негатив with the package's rating), gives the minute (four
//! times a Блицкриг block), judges every group once its own clock says the
//! grace is over (right when the group's text is the package's answer),
//! reveals, opens each auction question's bidding and — since the count to
//! three may end only by the host's «три» — closes it once the count has
//! run out, a moment after «три». A «three» the server already said makes
//! its close a refusal (`BiddingClosed`), which it lets pass.

use std::time::Duration;

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::{GameSettings, InState};
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{
    AnswerGroup, ContestSizes, HostStep, NeptuneCommand, NeptuneMatch, NeptuneSettings,
    NeptuneStaffView, NeptuneTeamView, NeptuneTiming, PLAYERS, Stage,
};
use minuta_shared::text::normalise_answer;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{HostView, TeamInfo, TeamView};

use super::DemoConfig;
use super::brain_ring_robot::Watch;

/// The demo's Нептун package (its JSON format: docs/running-a-game.md, «Running a real game», 7).
pub const DEMO_NEPTUNE_PACKAGE: &str = include_str!("demo_neptune.json");

/// The game's name in the demo.
pub(super) const GAME_NAME: &str = "Нептун";

/// Questions (Блицкриг: blocks) per contest unless told: with a 2-s
/// minute the whole game takes about a minute, and every
/// contest still shows what it is about (the auction's exclusion, its
/// «ва-банк» chain, a question nobody bids on).
pub const DEFAULT_QUESTIONS: u32 = 4;

/// The game's settings at the demo's scale: every duration from the
/// demo's minute, the contests shortened to `demo.neptune_questions`.
pub(super) fn settings(demo: &DemoConfig) -> NeptuneSettings {
    NeptuneSettings {
        timing: NeptuneTiming::scaled(demo.minute.as_millis() as u64),
        sizes: ContestSizes::shortened(demo.neptune_questions),
    }
}

/// Adds the Нептун game with the demo's package and settings.
pub(super) fn set_up(
    demo: &DemoConfig,
    mut host: impl FnMut(Command) -> Result<Receipt, String>,
) -> Result<(), String> {
    let receipt = host(Command::AddGame {
        name: GAME_NAME.into(),
        settings: GameSettings::Neptune(settings(demo)),
    })?;
    let Receipt::GameAdded { game } = receipt else {
        return Err(format!("adding the Нептун game: {receipt:?}"));
    };
    host(Command::game(
        game,
        NeptuneCommand::LoadPackage {
            file_name: "demo_neptune.json".into(),
            bytes: DEMO_NEPTUNE_PACKAGE.as_bytes().to_vec(),
        },
    ))?;
    Ok(())
}

/// The Нептун game the host's view shows (a demo has one).
pub(super) fn staff_game(view: &HostView) -> Option<(GameId, &NeptuneStaffView)> {
    view.games
        .iter()
        .find_map(|g| NeptuneMatch::staff_of(&g.view).map(|v| (g.id, v)))
}

/// The Нептун game a team's view shows (a demo has one).
pub(super) fn team_game(view: &TeamView) -> Option<(GameId, &NeptuneTeamView)> {
    view.games
        .iter()
        .find_map(|g| NeptuneMatch::team_of(&g.view).map(|v| (g.id, v)))
}

/// The host's times, scaled to the demo's minute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NeptunePace {
    /// Reading a question (or announcing a contest) before the next step.
    pub read: Duration,
    /// Between a reveal and the next question.
    pub between: Duration,
    /// How long after «три» the host says it itself: the server may have
    /// said it already, and its view must have had the time to arrive.
    pub close_margin: Duration,
    /// A step the view does not show taken after this is taken again.
    pub retry: Duration,
}

impl NeptunePace {
    pub(super) fn of(demo: &DemoConfig) -> Self {
        NeptunePace {
            read: demo.scaled(Duration::from_secs(4)),
            between: demo.scaled(Duration::from_secs(3)),
            close_margin: demo
                .scaled(Duration::from_millis(500))
                .clamp(Duration::from_millis(20), Duration::from_millis(50)),
            retry: demo
                .scaled(Duration::from_secs(30))
                .max(Duration::from_secs(2)),
        }
    }
}

/// What decides the host's next step: the stage, where the game is, how
/// many cards and unjudged groups there are, and the bidding's bids.
type HostKey = (u8, Option<(Contest, u32)>, u8, usize, usize, usize);

fn host_key(view: &NeptuneStaffView) -> HostKey {
    let board = &view.board;
    let (stage, step) = match &board.stage {
        Stage::SettingUp => (0, 0),
        Stage::Between { .. } => (1, 0),
        Stage::ContestOpen => (2, 0),
        Stage::Topics { .. } => (3, 0),
        Stage::Announced => (4, 0),
        Stage::Minute { step, .. } => (5, *step),
        Stage::BetweenSteps { step } => (6, *step),
        Stage::Judging => (7, 0),
        Stage::Revealed => (8, 0),
        Stage::Bidding => (9, 0),
        Stage::Sold => (10, 0),
        Stage::Finished => (11, 0),
    };
    let question = board.question.as_ref().map(|q| (q.contest, q.index));
    let unjudged = view.groups.iter().filter(|g| g.verdict.is_none()).count();
    let bids = board
        .auction
        .as_ref()
        .map_or(0, |a| a.bids.len() + 100 * a.excluded.len());
    (stage, question, step, view.cards.len(), unjudged, bids)
}

/// The autopilot host of the demo's Нептун game.
pub(super) struct NeptuneHost {
    pace: NeptunePace,
    watch: Watch<HostKey>,
}

impl NeptuneHost {
    pub(super) fn new(demo: &DemoConfig) -> Self {
        NeptuneHost {
            pace: NeptunePace::of(demo),
            watch: Watch::default(),
        }
    }

    /// The host's steps at `now` (`teams`: the event's registry). Empty
    /// while nothing is due, and once the game is over.
    pub(super) fn steps(
        &mut self,
        game: GameId,
        view: &NeptuneStaffView,
        teams: &[TeamInfo],
        now: ServerTime,
    ) -> Vec<Command> {
        let key = host_key(view);
        let held = self.watch.held(key, now);
        let Some((commands, pause)) = self.step(view, teams, now) else {
            return Vec::new();
        };
        if held < pause || !self.watch.may_act(key, now, self.pace.retry) {
            return Vec::new();
        }
        self.watch.act(key, now);
        commands
            .into_iter()
            .map(|c| Command::game(game, c))
            .collect()
    }

    /// What the game calls for, and how long its state must have held.
    fn step(
        &self,
        view: &NeptuneStaffView,
        teams: &[TeamInfo],
        now: ServerTime,
    ) -> Option<(Vec<NeptuneCommand>, Duration)> {
        let pace = &self.pace;
        let board = &view.board;
        match view.next {
            HostStep::Register => {
                // 0.2: every team of four to six players.
                let teams: Vec<TeamId> = teams
                    .iter()
                    .filter(|t| PLAYERS.contains(&t.players.len()))
                    .map(|t| t.id)
                    .collect();
                (!teams.is_empty()).then(|| (vec![NeptuneCommand::Register { teams }], pace.read))
            }
            HostStep::StartContest(_) => Some((vec![NeptuneCommand::StartContest], pace.read)),
            HostStep::Announce => {
                // 1.3: the rating before a Негатив question (the package's).
                let rating = match board.contest {
                    Some(Contest::Negative) => view.suggested_rating.or(Some(10)),
                    _ => None,
                };
                let pause = if board.stage == Stage::Revealed {
                    pace.between
                } else {
                    pace.read
                };
                Some((vec![NeptuneCommand::Announce { rating }], pause))
            }
            HostStep::StartMinute => Some((vec![NeptuneCommand::StartMinute], pace.read)),
            // The host's own clock says when the time for cards is over.
            // (Блицкриг: only after the block's fourth question; before it
            // the next one is read.)
            HostStep::Wait => match board.stage {
                Stage::Minute {
                    step, accept_until, ..
                } if now > accept_until && (board.contest != Some(Contest::Blitz) || step >= 4) => {
                    Some((judge_and_reveal(view), Duration::ZERO))
                }
                _ => None,
            },
            HostStep::Judge | HostStep::Reveal => Some((judge_and_reveal(view), Duration::ZERO)),
            HostStep::OpenBidding => Some((vec![NeptuneCommand::OpenBidding], pace.between)),
            // 6.3: «три» once the count has run out (and a moment more).
            HostStep::CloseBidding => {
                let auction = board.auction.as_ref()?;
                let from = auction.count_from?;
                let step = Duration::from_millis(auction.count_step_ms);
                let due = from.plus(step * 3 + pace.close_margin);
                (now >= due).then(|| (vec![NeptuneCommand::CloseBidding], Duration::ZERO))
            }
            HostStep::Done => None,
        }
    }
}

/// Every group not judged yet, right when its text is the package's answer
/// to its part, then the reveal.
fn judge_and_reveal(view: &NeptuneStaffView) -> Vec<NeptuneCommand> {
    let mut commands: Vec<NeptuneCommand> = view
        .groups
        .iter()
        .filter(|g| g.verdict.is_none())
        .map(|g| NeptuneCommand::Judge {
            cards: g.cards.clone(),
            part: g.part,
            correct: is_right(view, g),
        })
        .collect();
    commands.push(NeptuneCommand::Reveal);
    commands
}

/// Whether a group's answer is the package's (as the host hears it: case
/// and punctuation aside).
fn is_right(view: &NeptuneStaffView, group: &AnswerGroup) -> bool {
    view.reading
        .get(usize::from(group.part))
        .is_some_and(|q| normalise_answer(&q.answer) == normalise_answer(&group.text))
}

#[cfg(test)]
mod tests {
    use minuta_shared::play::neptune::NeptunePackage;

    use super::*;

    #[test]
    fn demo_neptune_package_parses_with_every_contest_full() {
        // Act
        let package = NeptunePackage::parse("demo_neptune.json", DEMO_NEPTUNE_PACKAGE.as_bytes())
            .expect("the demo's package parses");

        // Assert: the rules' sizes (1.1–6.1), a sheet of 24 with every
        // question's «перевёртыш» on it and twelve decoys, Джокер's topics.
        for contest in Contest::ALL {
            assert_eq!(package.count(contest), contest.questions(), "{contest:?}");
        }
        let negative = &package.negative;
        assert_eq!(negative.phrases.len(), 24);
        assert!(negative.questions.iter().all(|q| q.rating.is_some()));
        let flips: std::collections::BTreeSet<&str> =
            negative.questions.iter().map(|q| q.flip.as_str()).collect();
        assert_eq!(flips.len(), 12);
        assert!(
            flips
                .iter()
                .all(|f| negative.phrases.iter().any(|p| p == f))
        );
        assert_eq!(package.joker.topics.len(), 7);
    }

    #[test]
    fn demo_neptune_durations_scale_with_the_minute() {
        let demo = |s| DemoConfig {
            minute: Duration::from_secs(s),
            ..DemoConfig::default()
        };
        assert_eq!(settings(&demo(60)).timing, NeptuneTiming::default());
        let short = settings(&demo(6)).timing;
        assert_eq!(short.minute_ms, 6_000);
        assert_eq!(short.blitz_step_ms, 2_000);
        assert_eq!(short.count_step_ms, 200);
        assert_eq!(
            settings(&demo(6)).sizes,
            ContestSizes::shortened(DEFAULT_QUESTIONS)
        );
    }
}
