//! «Брейн-ринг» in the demo (section 4): the robot teams at their buttons
//! and the autopilot host of the fights, as pure functions of what each of
//! them sees, so they are tested without a server.
//!
//! A robot team presses after «Время» with a seeded reaction time (a
//! stronger team is quicker and presses more often); on an easy question
//! both tables press almost at once, so the host now and then has a tie to
//! decide; now and then a team presses while the question is still read (a
//! false start); after the other table's wrong answer it may press in its
//! 20 s. Its spoken answer is right or wrong by its seed ([`answers_right`]):
//! the host works out the same, as a host hears the answer. A team that
//! answered wrong sometimes appeals for its answer (4.13).
//!
//! The host reads each fight's next question, gives «Время», judges every
//! answer, decides ties (`RingCommand::Decide`), answers appeals before the next
//! question (4.16), closes a finished fight and opens the next step
//! (`RingCommand::StartNext`: a round on several stages, a play-off fight, a fight
//! of the final) until the champion is known.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use minuta_shared::ids::{GameId, Slice, TeamId};
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, EarlyPress, FightId, RingAppealKind, RingBoard, RingCommand, RingFightView,
    RingStage, RingTiming,
};
use minuta_shared::play::chgk::view::QuestionStatus;
use minuta_shared::seed::Rng;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::view::{HostView, TeamView};

use super::plug::{
    Autopilot, Demo, FormatRobots, HostCast, SetUp, Steps, TeamCast, TeamHand, TeamStyle,
};
use super::{DEMO_PACKAGE, DemoConfig, schedule};

/// «Брейн-ринг» (section 4): qualifying rounds, the play-off, the final.
pub(super) struct RingDemo;

impl Demo for RingDemo {
    const NAME: &'static str = "brain-ring";
    /// 4.4: a fight is between two tables.
    const LEAST_ROBOTS: usize = 2;

    fn set_up(demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
        set_up_clock_and_package(demo, set_up)
    }

    fn autopilot(demo: &DemoConfig, cast: HostCast) -> Box<dyn Autopilot> {
        Box::new(RingAutopilot {
            host: RingHost::new(demo, cast.styles),
            seed: cast.seed,
        })
    }

    /// The champion is known.
    fn finished(view: &HostView) -> bool {
        champion_known(view)
    }
}

/// Whether the event's Brain-ring has its champion.
pub(super) fn champion_known(view: &HostView) -> bool {
    view.event_ring()
        .is_some_and(|(_, r)| matches!(r.board.stage, RingStage::Finished { .. }))
}

/// The event's Brain-ring at the demo's scale until its first fight, and
/// the demo package on it: the host's panel shows its questions while
/// they last (then the host reads from paper, as without a package).
pub(super) fn set_up_clock_and_package(
    demo: &DemoConfig,
    set_up: &mut SetUp<'_>,
) -> Result<(), String> {
    let timing = timing(demo);
    let core = set_up.core();
    let retime = core
        .event_ring_id()
        .zip(core.event_ring())
        .filter(|(_, r)| r.fights.is_empty() && r.timing != timing)
        .map(|(game, _)| game);
    if let Some(game) = retime {
        set_up.host(Command::game(game, RingCommand::SetTiming { timing }))?;
    }
    let core = set_up.core();
    let empty = core
        .event_ring_id()
        .zip(core.event_ring())
        .filter(|(_, r)| r.questions.is_empty())
        .map(|(game, _)| game);
    if let Some(game) = empty {
        set_up.host(Command::game(
            game,
            RingCommand::LoadPackage {
                file_name: "demo.4s".into(),
                bytes: DEMO_PACKAGE.as_bytes().to_vec(),
            },
        ))?;
    }
    Ok(())
}

/// The Brain-ring demo's host: the field seeded or qualified, then the
/// fights at their own pace.
struct RingAutopilot {
    host: RingHost,
    seed: u64,
}

impl Autopilot for RingAutopilot {
    fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps> {
        let seed = self.seed;
        let (game, ring) = view.event_ring()?;
        let commands = self
            .host
            .steps(game, &ring.board, || ring_entry(view, seed, false), now);
        Some(Steps::Now(commands))
    }
}

/// Brain-ring's robots: a team at its button.
pub(super) struct RingRobots;

impl FormatRobots for RingRobots {
    fn hand(cast: &TeamCast<'_>) -> Box<dyn TeamHand> {
        Box::new(Buttons::new(cast.team, cast.style, cast.demo))
    }
}

impl TeamHand for Buttons {
    fn see(&mut self, view: &TeamView, now: ServerTime) {
        if let Some((_, fight)) = view.ring_fight() {
            Buttons::see(self, fight, now);
        }
    }

    fn next_at(&self) -> Option<ServerTime> {
        Buttons::next_at(self)
    }

    fn due(&mut self, view: Option<&TeamView>, now: ServerTime) -> Vec<(Option<Slice>, Command)> {
        let fight = view.and_then(|v| v.ring_fight());
        Buttons::due(self, now)
            .iter()
            .filter_map(|plan| {
                let (game, fight) = fight?;
                self.command(plan, game, Some(fight))
            })
            .map(|command| (None, command))
            .collect()
    }
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

/// At most this many stages (rings) play at once; a round with more fights
/// plays them one after another on each stage.
pub(super) const MAX_STAGES: u32 = 4;

/// The largest Brain-ring field the demo qualifies or seeds.
pub(super) const MAX_FIELD: usize = 16;

/// The tie window for a 60-s minute: presses closer than this go to the host.
const TIE_WINDOW: Duration = Duration::from_millis(300);

/// The demo's Brain-ring clock: the rules' minute and 20 s at the demo's
/// scale, a tie window, and a false start losing the question.
pub(super) fn timing(demo: &DemoConfig) -> RingTiming {
    let ms = |d: Duration| (d.as_millis() as u64).clamp(1, 3_600_000);
    RingTiming {
        minute_ms: ms(demo.minute),
        second_chance_ms: ms(demo.scaled(Duration::from_secs(20))),
        tie_window_us: (demo.scaled(TIE_WINDOW).as_micros() as u64).clamp(1, 1_000_000),
        early_press: EarlyPress::LosesTheQuestion,
    }
}

/// How many teams Brain-ring takes from `teams`: an even number, at least
/// two, at most [`MAX_FIELD`]; with `cut`, a quarter of the field stays out
/// (the festival's 4.3: 6 of 8).
pub(super) fn field(teams: usize, cut: bool) -> usize {
    let wanted = if cut { teams - teams / 4 } else { teams };
    (wanted.min(MAX_FIELD) & !1).max(2)
}

/// The host's times at the fights, scaled to the demo's minute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RingPace {
    /// Reading a question, before «Время».
    pub read: Duration,
    /// Hearing an answer (or an appeal) before the verdict.
    pub answer: Duration,
    /// Between questions, and before a fight's first.
    pub between: Duration,
    /// A step the view does not show taken after this is taken again.
    pub retry: Duration,
}

impl RingPace {
    pub(super) fn of(demo: &DemoConfig) -> Self {
        RingPace {
            read: demo.scaled(Duration::from_secs(5)),
            answer: demo.scaled(Duration::from_secs(3)),
            between: demo.scaled(Duration::from_secs(2)),
            retry: demo
                .scaled(Duration::from_secs(30))
                .max(Duration::from_secs(2)),
        }
    }
}

fn rng(seed: u64, fight: FightId, question: u32, purpose: u64) -> Rng {
    Rng::new(seed ^ (u64::from(fight.0) << 40) ^ (u64::from(question) << 8) ^ purpose)
}

/// Whether the team's spoken answer to question `question` of `fight` is
/// right: the same for the team and for the host who hears it.
pub(crate) fn answers_right(style: TeamStyle, fight: FightId, question: u32) -> bool {
    rng(style.seed, fight, question, 4).unit() < 0.3 + 0.55 * style.skill
}

/// Which chance to press a planned press is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Chance {
    /// While the host reads: a false start.
    Early,
    /// After «Время».
    Minute,
    /// In the 20 s after the other table's wrong answer.
    Second,
    /// An appeal for the team's own answer (4.13), not a press.
    Appeal,
}

/// A press (or an appeal) a team means to make at `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Planned {
    pub at: ServerTime,
    pub fight: FightId,
    pub question: u32,
    pub chance: Chance,
}

impl schedule::Due for Planned {
    fn due_at(&self) -> ServerTime {
        self.at
    }
}

/// A robot team at its button: what it has decided, so each chance is
/// weighed once.
pub(super) struct Buttons {
    team: TeamId,
    style: TeamStyle,
    /// The hall's seed: how easy a question is, the same for both tables.
    hall_seed: u64,
    /// The host's reading time (a false start comes within it).
    read: Duration,
    tie_window: Duration,
    tried: BTreeSet<(FightId, u32, Chance)>,
    planned: Vec<Planned>,
}

impl Buttons {
    pub(super) fn new(team: TeamId, style: TeamStyle, demo: &DemoConfig) -> Self {
        Buttons {
            team,
            style,
            hall_seed: demo.seed,
            read: RingPace::of(demo).read,
            tie_window: Duration::from_micros(timing(demo).tie_window_us),
            tried: BTreeSet::new(),
            planned: Vec::new(),
        }
    }

    /// Looks at the team's fight as it is at `now` and plans what to do
    /// about its current question, once per chance.
    pub(super) fn see(&mut self, fight: &RingFightView, now: ServerTime) {
        let Some(plan) = self.decide(fight, now) else {
            return;
        };
        self.planned.push(plan);
    }

    fn decide(&mut self, fight: &RingFightView, now: ServerTime) -> Option<Planned> {
        let table = fight.tables.iter().position(|t| *t == self.team)?;
        let q = fight.question.as_ref().filter(|_| !fight.closed)?;
        let (chance, at) = match &q.phase {
            ButtonPhase::Reading => (Chance::Early, None),
            ButtonPhase::Armed { armed_at, deadline } => {
                (Chance::Minute, Some((*armed_at, deadline.since(*armed_at))))
            }
            ButtonPhase::SecondChance {
                table: open,
                opened_at,
                deadline,
            } if *open == table => (
                Chance::Second,
                Some((*opened_at, deadline.since(*opened_at))),
            ),
            // 4.13: answered, judged wrong, and the question is over.
            ButtonPhase::Over { taken_by } if *taken_by != Some(table) => {
                if !q.locked[table] || q.false_start[table] {
                    return None;
                }
                (Chance::Appeal, None)
            }
            _ => return None,
        };
        if !self.tried.insert((fight.id, q.number, chance)) {
            return None;
        }
        if q.locked[table] && chance != Chance::Appeal {
            return None;
        }
        // Each chance draws apart from the answer's own draw (purpose 4).
        let mut rng = rng(self.style.seed, fight.id, q.number, 16 + chance as u64);
        let skill = self.style.skill;
        let at = match (chance, at) {
            (Chance::Early, _) => {
                if rng.unit() >= 0.03 {
                    return None;
                }
                now.plus(self.read.mul_f64(0.1 + 0.5 * rng.unit()))
            }
            (Chance::Minute, Some((armed_at, minute))) => {
                if rng.unit() >= 0.55 + 0.4 * skill {
                    return None;
                }
                let easy = rng_easy(self.hall_seed, fight.id, q.number);
                let reaction = if easy {
                    minute.mul_f64(0.04) + self.tie_window.mul_f64(1.5 * rng.unit())
                } else {
                    minute.mul_f64(0.06 + 0.5 * (1.3 - skill) * rng.unit())
                };
                armed_at.plus(reaction)
            }
            (Chance::Second, Some((opened_at, time))) => {
                if rng.unit() >= 0.45 + 0.4 * skill {
                    return None;
                }
                opened_at.plus(time.mul_f64(0.1 + 0.6 * rng.unit()))
            }
            (Chance::Appeal, _) => {
                if rng.unit() >= 0.12 {
                    return None;
                }
                now
            }
            (Chance::Minute | Chance::Second, None) => return None,
        };
        Some(Planned {
            at,
            fight: fight.id,
            question: q.number,
            chance,
        })
    }

    /// When the next planned press is due.
    pub(super) fn next_at(&self) -> Option<ServerTime> {
        schedule::next_at(&self.planned)
    }

    /// The planned presses due by `now`, taken off the plan.
    pub(super) fn due(&mut self, now: ServerTime) -> Vec<Planned> {
        schedule::take_due(&mut self.planned, now)
    }

    /// What to send for a due plan, if the fight (as the team sees it now)
    /// still calls for it: a press is not made on a question that has moved
    /// on, nor an early press once the buttons are armed.
    pub(super) fn command(
        &self,
        plan: &Planned,
        game: GameId,
        fight: Option<&RingFightView>,
    ) -> Option<Command> {
        let fight = fight.filter(|f| f.id == plan.fight && !f.closed)?;
        let table = fight.tables.iter().position(|t| *t == self.team)?;
        let q = fight
            .question
            .as_ref()
            .filter(|q| q.number == plan.question)?;
        let press = Command::Press { clock_offset_us: 0 };
        match (plan.chance, &q.phase) {
            (Chance::Early, ButtonPhase::Reading) => Some(press),
            (Chance::Minute, ButtonPhase::Armed { .. } | ButtonPhase::Answering { .. }) => {
                Some(press)
            }
            (Chance::Minute | Chance::Second, ButtonPhase::SecondChance { table: open, .. })
                if *open == table =>
            {
                Some(press)
            }
            (Chance::Appeal, ButtonPhase::Over { .. }) => Some(Command::game(
                game,
                RingCommand::Appeal {
                    fight: fight.id,
                    kind: RingAppealKind::AcceptOurAnswer,
                    text: "Просим засчитать наш ответ: он верен по существу.".into(),
                },
            )),
            _ => None,
        }
    }
}

/// 1 question in 8 is easy: both tables know it at once.
fn rng_easy(hall_seed: u64, fight: FightId, question: u32) -> bool {
    rng(hall_seed, fight, question, 3).unit() < 0.125
}

/// A fight's state as far as the host's next step goes: the question's
/// number, its phase, the table in it, the open appeals, and whether the
/// fight is still being played.
type FightKey = (u32, u8, usize, usize, bool);

fn fight_key(f: &RingFightView) -> FightKey {
    let (number, phase, table) = match &f.question {
        None => (0, 0, 0),
        Some(q) => {
            let (phase, table) = match &q.phase {
                ButtonPhase::Reading => (1, 0),
                ButtonPhase::Armed { .. } => (2, 0),
                ButtonPhase::Contested { first, .. } => (3, *first),
                ButtonPhase::Answering { table, .. } => (4, *table),
                ButtonPhase::SecondChance { table, .. } => (5, *table),
                ButtonPhase::Over { .. } => (6, 0),
            };
            (q.number, phase, table)
        }
    };
    let appeals = f.appeals.iter().filter(|a| a.resolution.is_none()).count();
    let playing = matches!(f.status, FightStatus::InProgress { .. });
    (number, phase, table, appeals, playing)
}

/// The tournament's state as far as opening the next step goes.
type StageKey = (usize, usize, usize);

/// A state first seen at an instant, and the state last acted on (the
/// Brain-ring and the Эрудит-квартет hosts keep their pace by it).
#[derive(Default)]
pub(super) struct Watch<K> {
    seen: Option<(K, ServerTime)>,
    acted: Option<(K, ServerTime)>,
}

impl<K: PartialEq + Copy> Watch<K> {
    /// How long the state has held, as of `now`.
    pub(super) fn held(&mut self, key: K, now: ServerTime) -> Duration {
        match self.seen {
            Some((k, since)) if k == key => now.since(since),
            _ => {
                self.seen = Some((key, now));
                Duration::ZERO
            }
        }
    }

    /// Whether a step on this state may be taken: not taken yet, or taken
    /// so long ago that the view should have shown it.
    pub(super) fn may_act(&self, key: K, now: ServerTime, retry: Duration) -> bool {
        match self.acted {
            Some((k, at)) if k == key => now.since(at) >= retry,
            _ => true,
        }
    }

    /// A step on this state was taken at `now`.
    pub(super) fn act(&mut self, key: K, now: ServerTime) {
        self.acted = Some((key, now));
    }
}

/// The autopilot host of the Brain-ring tournament.
pub(super) struct RingHost {
    pace: RingPace,
    hall_seed: u64,
    styles: BTreeMap<TeamId, TeamStyle>,
    fights: BTreeMap<FightId, Watch<FightKey>>,
    stage: Watch<StageKey>,
}

impl RingHost {
    pub(super) fn new(demo: &DemoConfig, styles: BTreeMap<TeamId, TeamStyle>) -> Self {
        RingHost {
            pace: RingPace::of(demo),
            hall_seed: demo.seed,
            styles,
            fights: BTreeMap::new(),
            stage: Watch::default(),
        }
    }

    /// The host's steps at `now`, given the board: `entry` seeds or
    /// qualifies the teams when nobody is seeded yet; then every fight on
    /// a stage is played at its own pace and the next step is opened once
    /// all are closed. Empty once the champion is known.
    pub(super) fn steps(
        &mut self,
        game: GameId,
        board: &RingBoard,
        entry: impl FnOnce() -> Option<Command>,
        now: ServerTime,
    ) -> Vec<Command> {
        let mut open: Vec<&RingFightView> = board.fights.iter().filter(|f| !f.closed).collect();
        if open.is_empty() {
            return self
                .next_stage(game, board, entry, now)
                .into_iter()
                .collect();
        }
        // One fight at a time on each stage, the earliest opened first.
        open.sort_by_key(|f| f.id);
        let mut stages = BTreeSet::new();
        open.retain(|f| stages.insert(f.stage));
        let mut out = Vec::new();
        for f in open {
            let key = fight_key(f);
            let watch = self.fights.entry(f.id).or_default();
            let held = watch.held(key, now);
            let Some((command, pause)) = self.fight_step(game, f) else {
                continue;
            };
            let watch = self.fights.entry(f.id).or_default();
            if held >= pause && watch.may_act(key, now, self.pace.retry) {
                watch.act(key, now);
                out.push(command);
            }
        }
        out
    }

    fn next_stage(
        &mut self,
        game: GameId,
        board: &RingBoard,
        entry: impl FnOnce() -> Option<Command>,
        now: ServerTime,
    ) -> Option<Command> {
        let closed = board.fights.iter().filter(|f| f.closed).count();
        let key = (board.fights.len(), closed, board.seeding.len());
        let held = self.stage.held(key, now);
        if held < self.pace.between * 2 || !self.stage.may_act(key, now, self.pace.retry) {
            return None;
        }
        let command = match &board.stage {
            RingStage::NotSeeded => entry()?,
            RingStage::Qualifying { pairs, open: 0, .. } => Command::game(
                game,
                RingCommand::StartNext {
                    stages: (pairs.len() as u32).clamp(1, MAX_STAGES),
                },
            ),
            RingStage::Playoff { open: false, .. } | RingStage::Final { open: false, .. } => {
                Command::game(game, RingCommand::StartNext { stages: 1 })
            }
            _ => return None,
        };
        self.stage.act(key, now);
        Some(command)
    }

    /// The step a fight calls for, and how long its state must have held.
    fn fight_step(&self, game: GameId, f: &RingFightView) -> Option<(Command, Duration)> {
        let fight = f.id;
        let pace = &self.pace;
        // 4.16: an appeal is decided before the next question is read.
        if let Some(a) = f.appeals.iter().find(|a| a.resolution.is_none()) {
            let upheld = rng(self.hall_seed, fight, a.id, 5).unit() < 0.25;
            let reply = if upheld {
                "Ответ засчитан: он верен по существу (4.15)."
            } else {
                "Апелляция отклонена: ответ не совпадает с авторским."
            };
            let command = Command::game(
                game,
                RingCommand::ResolveAppeal {
                    fight,
                    appeal: a.id,
                    upheld,
                    reply: reply.into(),
                },
            );
            return Some((command, pace.answer));
        }
        let phase = f.question.as_ref().map(|q| (q.number, &q.phase));
        match phase {
            None | Some((_, ButtonPhase::Over { .. })) => {
                let command = if matches!(f.status, FightStatus::InProgress { .. }) {
                    Command::game(game, RingCommand::Read { fight })
                } else {
                    Command::game(game, RingCommand::CloseFight { fight })
                };
                Some((command, pace.between))
            }
            Some((_, ButtonPhase::Reading)) => {
                Some((Command::game(game, RingCommand::Arm { fight }), pace.read))
            }
            Some((_, ButtonPhase::Armed { .. } | ButtonPhase::SecondChance { .. })) => None,
            Some((number, ButtonPhase::Answering { table, .. })) => {
                let team = f.tables.get(*table).copied()?;
                let style = self.styles.get(&team).copied().unwrap_or(TeamStyle {
                    seed: u64::from(team.0),
                    skill: 0.5,
                });
                let correct = answers_right(style, fight, number);
                Some((
                    Command::game(game, RingCommand::Judge { fight, correct }),
                    pace.answer,
                ))
            }
            Some((_, ButtonPhase::Contested { first, .. })) => Some((
                Command::game(
                    game,
                    RingCommand::Decide {
                        fight,
                        table: u8::from(*first == 1),
                    },
                ),
                pace.answer / 2,
            )),
        }
    }
}

#[cfg(test)]
#[path = "brain_ring_tests.rs"]
mod tests;
