//! «Эрудит-квартет» in the demo (section 5 and its preamble): the robot
//! teams' captains and players, and the autopilot host of the groups'
//! games, as pure functions of what each of them sees, so they are tested
//! without a server.
//!
//! A robot captain sends the line-up within the window (5.7): players not
//! yet in this tour, in a seeded order — or now and then leaves it to the
//! default (the registered players in order). A robot player, on first
//! seeing a question (or the question again after another team's wrong
//! answer), decides once: to press while the host still reads (cutting
//! the reading short), to press in the 5 s of silence after it, or not to
//! press at all, so that now and then the silence closes a question
//! nobody answered. A stronger team presses more often; its answer is
//! right or wrong by its seed ([`answers_right`]), which the host works
//! out the same way, as a host hears the answer.
//!
//! The host draws the teams into groups (or has them qualified from the
//! ChGK day at a festival), starts each group's game in turn, opens each
//! line-up and closes it once every team with a terminal has sent its
//! own, reads each question, ends the reading, judges, and moves on, each
//! step after a pause scaled to the demo's minute. In the first group's
//! game of the demo ([`super::erudit_script`]) only the team the script
//! names presses each question, and the host reads on until it has and
//! judges the answer as scripted, so that game ends in a tie across the
//! cut whatever the network's timing; the host settles the tie and
//! announces it (the demo prints its [`EruditHost::news`]).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::erudit::{
    EruditBoard, EruditCommand, EruditStaffView, EruditTeamView, EruditTournament, GameBoard,
    GroupState, MIN_PLAYERS, PhaseView, QuestionState, TEAM_COUNTS, TieStake,
};
use minuta_shared::play::games::InState;
use minuta_shared::seed::Rng;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{HostView, TeamInfo, TeamView};

use super::brain_ring_robot::Watch;
use super::erudit_script::{QuestionKey, Scripted, TieScript};
use super::plug::TeamStyle;
use super::{DemoConfig, schedule};

/// The game's name in the demo and at the festival.
pub(super) const GAME_NAME: &str = "Эрудит-квартет";

/// The host's times at the table of four, scaled to the demo's minute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EruditPace {
    /// Reading a question to its end.
    pub read: Duration,
    /// Hearing an answer before the verdict.
    pub answer: Duration,
    /// Between questions, line-ups and games.
    pub between: Duration,
    /// A step the view does not show taken after this is taken again.
    pub retry: Duration,
}

impl EruditPace {
    pub(super) fn of(demo: &DemoConfig) -> Self {
        EruditPace {
            read: demo.scaled(Duration::from_secs(6)),
            answer: demo.scaled(Duration::from_secs(3)),
            between: demo.scaled(Duration::from_secs(2)),
            retry: demo
                .scaled(Duration::from_secs(30))
                .max(Duration::from_secs(2)),
        }
    }
}

/// Whether the team's player answers question `key` right: the same for
/// the team and for the host who hears the answer.
pub(crate) fn answers_right(style: TeamStyle, key: QuestionKey) -> bool {
    key.rng(style.seed, 4).unit() < 0.3 + 0.55 * style.skill
}

/// The Эрудит-квартет game a team's view shows (a demo has one).
pub(super) fn team_game(view: &TeamView) -> Option<(GameId, &EruditTeamView)> {
    view.games
        .iter()
        .find_map(|g| EruditTournament::team_of(&g.view).map(|v| (g.id, v)))
}

/// The Эрудит-квартет game the host's view shows (a demo has one).
pub(super) fn staff_game(view: &HostView) -> Option<(GameId, &EruditStaffView)> {
    view.games
        .iter()
        .find_map(|g| EruditTournament::staff_of(&g.view).map(|v| (g.id, v)))
}

/// How many teams the tournament takes from `teams`: the most of 4, 8 or
/// 16 there are; with `cut`, a quarter of them stays out first (a
/// festival's qualification, as its Brain-ring leaves a quarter out).
pub(super) fn field(teams: usize, cut: bool) -> Option<usize> {
    let wanted = if cut { teams - teams / 4 } else { teams };
    TEAM_COUNTS.iter().rev().copied().find(|n| *n <= wanted)
}

/// The demo's draw (5.3): the first teams registered, as many as make
/// whole groups of four, each with players enough for a tour (5.8),
/// drawn with the demo's seed.
pub(super) fn demo_entry(view: &HostView, game: GameId, seed: u64) -> Option<Command> {
    let able: Vec<TeamId> = view
        .teams
        .iter()
        .filter(|t| t.players.len() >= MIN_PLAYERS)
        .map(|t| t.id)
        .collect();
    let field = field(able.len(), false)?;
    let teams = able.into_iter().take(field).collect();
    Some(Command::game(game, EruditCommand::Seed { teams, seed }))
}

/// What decides what the host does next: the stage count, the game on,
/// its phase, the question and its state, and the line-ups sent or the
/// answers given.
type HostKey = (
    usize,
    Option<(u32, u32)>,
    u8,
    Option<QuestionKey>,
    u8,
    usize,
);

/// The autopilot host of the Эрудит-квартет tournament.
pub(super) struct EruditHost {
    pace: EruditPace,
    /// The teams robots play, with how they play.
    styles: BTreeMap<TeamId, TeamStyle>,
    script: TieScript,
    watch: Watch<HostKey>,
    /// The deciding ties met so far, by stage and group: what was at stake
    /// and whether the hall has been told it was settled.
    ties: BTreeMap<(u32, u32), (String, bool)>,
    /// Lines for the demo's output, not yet printed.
    news: Vec<String>,
}

impl EruditHost {
    /// `styles`: the teams robots play (the script's answers are theirs).
    pub(super) fn new(demo: &DemoConfig, styles: BTreeMap<TeamId, TeamStyle>) -> Self {
        EruditHost {
            pace: EruditPace::of(demo),
            script: TieScript::new(demo.seed, styles.clone()),
            styles,
            watch: Watch::default(),
            ties: BTreeMap::new(),
            news: Vec::new(),
        }
    }

    /// What the host has announced since last asked: each deciding tie met
    /// and how it was settled (the demo prints these).
    pub(super) fn news(&mut self) -> Vec<String> {
        std::mem::take(&mut self.news)
    }

    /// 5.4, 5.5: tells the hall of a deciding tie when the game in view
    /// ends in one, and how it was settled once it is.
    fn tell(&mut self, board: &EruditBoard) {
        let Some(game) = &board.game else {
            return;
        };
        let at = (game.stage, game.group);
        if let Some(tie) = &game.tie {
            if !self.ties.contains_key(&at) {
                let stake = match tie.stake {
                    TieStake::Title => "финал: ничья за первое место".to_owned(),
                    TieStake::NextStage => format!(
                        "этап {}, группа {}: ничья за места {}–{}",
                        game.stage + 1,
                        game.group + 1,
                        tie.first,
                        tie.last
                    ),
                };
                let names: Vec<&str> = tie.teams.iter().map(|(_, n)| n.as_str()).collect();
                self.news.push(format!(
                    "demo: Эрудит-квартет, {stake} ({}) — перестрелка",
                    names.join(", ")
                ));
                self.ties.insert(at, (stake, false));
            }
            return;
        }
        let Some((stake, told)) = self.ties.get_mut(&at).filter(|(_, told)| !*told) else {
            return;
        };
        let Some(settled) = game.settled.last() else {
            return;
        };
        *told = true;
        let order: Vec<&str> = settled.order.iter().map(|(_, n)| n.as_str()).collect();
        let how = match settled.lot {
            Some(seed) => format!(
                "перестрелка ({} вопр.), затем жребий (seed {seed})",
                settled.questions
            ),
            None => format!("перестрелка ({} вопр.)", settled.questions),
        };
        self.news.push(format!(
            "demo: Эрудит-квартет, {stake} решена: {how}; порядок: {}",
            order.join(", ")
        ));
    }

    /// The host's steps at `now`: `entry` draws (or qualifies) the teams
    /// while nobody is drawn; then each group's game is played in turn.
    /// `teams` says who has a terminal connected. Empty once the final is
    /// over.
    pub(super) fn steps(
        &mut self,
        game: GameId,
        view: &EruditStaffView,
        teams: &[TeamInfo],
        entry: impl FnOnce() -> Option<Command>,
        now: ServerTime,
    ) -> Vec<Command> {
        let board = &view.board;
        self.tell(board);
        if board.finished {
            return Vec::new();
        }
        if let Some(tied) = board.game.as_ref().filter(|g| g.tie.is_some()) {
            return self.tie_steps(game, tied, now);
        }
        let on = board
            .game
            .as_ref()
            .filter(|g| !matches!(g.phase, PhaseView::Finished));
        let key = host_key(board.stages.len(), on);
        let held = self.watch.held(key, now);
        let step = match on {
            None if board.seed.is_none() => entry().map(|c| (c, self.pace.between * 2)),
            None => {
                let waiting = board
                    .stages
                    .last()
                    .and_then(|s| s.groups.iter().position(|g| g.state == GroupState::Waiting));
                waiting.map(|group| {
                    let start = EruditCommand::StartGame {
                        group: group as u32,
                    };
                    (Command::game(game, start), self.pace.between * 2)
                })
            }
            Some(on) => self
                .game_step(board, on, teams)
                .map(|(c, pause)| (Command::game(game, c), pause)),
        };
        let Some((command, pause)) = step else {
            return Vec::new();
        };
        if held < pause || !self.watch.may_act(key, now, self.pace.retry) {
            return Vec::new();
        }
        self.watch.act(key, now);
        vec![command]
    }

    /// 5.4, 5.5: the host settles the deciding tie the game ended in: a
    /// shoot-off question at a time (the tied teams' players at the
    /// buttons, the answer judged as heard), «никто» when nobody presses;
    /// after three questions without a result, the lot, its seed shown.
    fn tie_steps(&mut self, game: GameId, board: &GameBoard, now: ServerTime) -> Vec<Command> {
        let Some(tie) = &board.tie else {
            return Vec::new();
        };
        let pace = &self.pace;
        let question = tie.question.as_ref();
        let key: HostKey = (
            usize::MAX,
            Some((board.stage, board.group)),
            5,
            QuestionKey::shoot_off(board),
            u8::from(question.is_some())
                + u8::from(question.is_some_and(|q| q.answering.is_some())),
            tie.questions as usize * 8 + question.map_or(0, |q| q.attempts.len()),
        );
        let held = self.watch.held(key, now);
        let (command, pause) = match question {
            None if tie.questions >= 3 => {
                let seed = self.seed_of_lot(board, tie.questions);
                (EruditCommand::DrawLot { seed }, pace.between)
            }
            None => (EruditCommand::ShootOffQuestion, pace.between),
            Some(q) => match q.answering {
                Some(team) => {
                    let style = self.styles.get(&team).copied().unwrap_or(TeamStyle {
                        seed: u64::from(team.0),
                        skill: 0.5,
                    });
                    let Some(key) = QuestionKey::shoot_off(board) else {
                        return Vec::new();
                    };
                    let correct = answers_right(style, key);
                    (EruditCommand::ShootOffJudge { correct }, pace.answer)
                }
                None => (EruditCommand::ShootOffNobody, pace.read * 2),
            },
        };
        if held < pause || !self.watch.may_act(key, now, self.pace.retry) {
            return Vec::new();
        }
        self.watch.act(key, now);
        vec![Command::game(game, command)]
    }

    /// The lot's seed the host draws with (shown to the hall with the
    /// result): from the teams' seeds and where the tie stands.
    fn seed_of_lot(&self, board: &GameBoard, questions: u32) -> u64 {
        let mut seed =
            (u64::from(board.stage) << 40) ^ (u64::from(board.group) << 32) ^ u64::from(questions);
        for team in board.tie.iter().flat_map(|t| &t.teams) {
            seed ^= self.styles.get(&team.0).map_or(0, |s| s.seed);
        }
        Rng::new(seed).below(1_000_000)
    }

    /// The step the game in play calls for, and how long its state must
    /// have held.
    fn game_step(
        &mut self,
        board: &EruditBoard,
        game: &GameBoard,
        teams: &[TeamInfo],
    ) -> Option<(EruditCommand, Duration)> {
        let pace = self.pace;
        match &game.phase {
            PhaseView::BeforeLineup { .. } => Some((EruditCommand::OpenLineup, pace.between)),
            // 5.7: the window ends at its deadline by itself; the host
            // closes it early once every captain in the hall has sent
            // (a team nobody plays never does).
            PhaseView::Lineup { submitted, .. } => {
                let waiting_for_someone = game
                    .teams
                    .iter()
                    .zip(submitted)
                    .any(|(row, sent)| !sent && connected(teams, row.team));
                (!waiting_for_someone).then_some((EruditCommand::CloseLineup, pace.between))
            }
            PhaseView::Playing { .. } => {
                let q = game.question.as_ref()?;
                let key = QuestionKey::of(game)?;
                // The scripted game (the demo's tie): the host reads on
                // until the one team to answer has pressed, and hears the
                // answer the script gives it.
                let scripted = match self.script.answer(board, game, key) {
                    Scripted::By(answer) if q.attempts.is_empty() => Some(answer),
                    Scripted::By(_) | Scripted::Nobody | Scripted::Free => None,
                };
                match q.state {
                    QuestionState::Ready => Some((EruditCommand::Read, pace.between)),
                    QuestionState::Reading { .. } if scripted.is_some() => {
                        Some((EruditCommand::EndReading, pace.retry))
                    }
                    QuestionState::Reading { .. } => Some((EruditCommand::EndReading, pace.read)),
                    QuestionState::Waiting { .. } => None,
                    QuestionState::Answering { team, .. }
                        if scripted.is_some_and(|a| a.team == team) =>
                    {
                        let correct = scripted.is_some_and(|a| a.correct);
                        Some((EruditCommand::Judge { correct }, pace.answer))
                    }
                    QuestionState::Answering { team, .. } => {
                        let style = self.styles.get(&team).copied().unwrap_or(TeamStyle {
                            seed: u64::from(team.0),
                            skill: 0.5,
                        });
                        let correct = answers_right(style, key);
                        Some((EruditCommand::Judge { correct }, pace.answer))
                    }
                    QuestionState::Closed { .. } => Some((EruditCommand::Next, pace.between)),
                }
            }
            PhaseView::Finished => None,
        }
    }
}

fn connected(teams: &[TeamInfo], team: TeamId) -> bool {
    teams.iter().any(|t| t.id == team && t.connected)
}

fn host_key(stages: usize, on: Option<&GameBoard>) -> HostKey {
    let Some(game) = on else {
        return (stages, None, 0, None, 0, 0);
    };
    let (phase, marks) = match &game.phase {
        PhaseView::BeforeLineup { .. } => (1, 0),
        PhaseView::Lineup { submitted, .. } => (2, submitted.iter().filter(|s| **s).count()),
        PhaseView::Playing { .. } => (3, 0),
        PhaseView::Finished => (4, 0),
    };
    let (state, attempts) = game.question.as_ref().map_or((0, 0), |q| {
        let state = match q.state {
            QuestionState::Ready => 1,
            QuestionState::Reading { .. } => 2,
            QuestionState::Waiting { .. } => 3,
            QuestionState::Answering { .. } => 4,
            QuestionState::Closed { .. } => 5,
        };
        (state, q.attempts.len())
    });
    (
        stages,
        Some((game.stage, game.group)),
        phase,
        QuestionKey::of(game),
        state,
        marks.max(attempts),
    )
}

/// A line-up window: the game's group, the tour and its first round.
type WindowKey = (u32, u32, u32, u32);

/// What a robot team means to do at a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Intent {
    /// The captain's line-up for a window.
    Lineup {
        window: WindowKey,
        players: Vec<String>,
    },
    /// The player's button on a question, after `attempts` answers to it.
    Press { key: QuestionKey, attempts: usize },
}

/// When the player presses on a question, as decided on first seeing it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum When {
    /// This far into the host's reading (cutting it short).
    Reading(Duration),
    /// This fraction into the silence after the reading.
    Silence(f64),
    Never,
}

/// A planned action and when it is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Planned {
    pub at: ServerTime,
    pub intent: Intent,
}

impl schedule::Due for Planned {
    fn due_at(&self) -> ServerTime {
        self.at
    }
}

/// A robot team at the table of four: its captain's line-ups and its
/// player's button, each decided once.
pub(super) struct Quartet {
    team: TeamId,
    style: TeamStyle,
    /// The host's reading time (an interrupting press comes within it).
    read: Duration,
    windows: BTreeSet<WindowKey>,
    decided: BTreeMap<(QuestionKey, usize), When>,
    planned: Vec<Planned>,
    /// The demo's scripted game: who alone presses each question.
    script: TieScript,
}

impl Quartet {
    /// `robots`: every team robots play, as the host knows them (the
    /// scripted game's answers are theirs).
    pub(super) fn new(
        team: TeamId,
        style: TeamStyle,
        demo: &DemoConfig,
        robots: BTreeMap<TeamId, TeamStyle>,
    ) -> Self {
        Quartet {
            team,
            style,
            read: EruditPace::of(demo).read,
            script: TieScript::new(demo.seed, robots),
            windows: BTreeSet::new(),
            decided: BTreeMap::new(),
            planned: Vec::new(),
        }
    }

    /// Looks at the team's view at `now` and plans its line-up and its
    /// press, once each.
    pub(super) fn see(&mut self, view: &EruditTeamView, now: ServerTime) {
        if view.team != self.team {
            return;
        }
        if let Some(plan) = self.lineup(view, now) {
            self.planned.push(plan);
        }
        if let Some(plan) = self.press(view, now) {
            self.planned.push(plan);
        }
    }

    fn lineup(&mut self, view: &EruditTeamView, now: ServerTime) -> Option<Planned> {
        let form = view.lineup.as_ref().filter(|f| f.chosen.is_none())?;
        let game = view.board.game.as_ref()?;
        let window = (
            game.stage,
            game.group,
            game.tour.as_ref()?.number,
            form.first_round,
        );
        if !self.windows.insert(window) {
            return None;
        }
        let key = QuestionKey {
            stage: window.0,
            group: window.1,
            tour: window.2,
            round: window.3,
            number: u32::MAX,
        };
        let mut rng = key.rng(self.style.seed, 32);
        // Now and then the captain leaves it to the default.
        if rng.unit() < 0.15 {
            return None;
        }
        let mut free: Vec<String> = form
            .players
            .iter()
            .filter(|p| !form.unavailable.contains(p))
            .cloned()
            .collect();
        rng.shuffle(&mut free);
        free.truncate(form.rounds as usize);
        if free.len() < form.rounds as usize {
            return None;
        }
        let window_left = form.deadline.since(now);
        Some(Planned {
            at: now.plus(window_left.mul_f64(0.1 + 0.5 * rng.unit())),
            intent: Intent::Lineup {
                window,
                players: free,
            },
        })
    }

    fn press(&mut self, view: &EruditTeamView, now: ServerTime) -> Option<Planned> {
        if !view.may_press() {
            return None;
        }
        let game = view.board.game.as_ref()?;
        if let Some(tie) = &game.tie {
            return self.shoot_off_press(game, tie.question.as_ref()?.attempts.len(), now);
        }
        let q = game.question.as_ref()?;
        let key = QuestionKey::of(game)?;
        let attempts = q.attempts.len();
        match self.script.answer(&view.board, game, key) {
            Scripted::Free => {}
            Scripted::By(answer) if answer.team == self.team && attempts == 0 => {
                return self.scripted_press(key, q.state, now);
            }
            Scripted::By(_) | Scripted::Nobody => return None,
        }
        let (seed, skill, read) = (self.style.seed, self.style.skill, self.read);
        let when = *self.decided.entry((key, attempts)).or_insert_with(|| {
            let mut rng = key.rng(seed, 16 + attempts as u64);
            let roll = rng.unit();
            let interrupt = 0.1 + 0.15 * skill;
            let after = interrupt + 0.3 + 0.25 * skill;
            if roll < interrupt && matches!(q.state, QuestionState::Reading { .. }) {
                When::Reading(read.mul_f64(0.2 + 0.7 * rng.unit()))
            } else if roll < after {
                When::Silence(0.1 + 0.7 * rng.unit())
            } else {
                When::Never
            }
        });
        let at = match (when, q.state) {
            (When::Reading(into), QuestionState::Reading { .. }) => now.plus(into),
            (When::Silence(part), QuestionState::Waiting { deadline }) => {
                now.plus(deadline.since(now).mul_f64(part))
            }
            _ => return None,
        };
        // Planned once: a press on its way is not planned again.
        self.decided.insert((key, attempts), When::Never);
        Some(Planned {
            at,
            intent: Intent::Press { key, attempts },
        })
    }

    /// The scripted game's press: the one team to answer presses during
    /// the reading (the host reads on until it does), or early in the
    /// silence if it first sees the question there; once.
    fn scripted_press(
        &mut self,
        key: QuestionKey,
        state: QuestionState,
        now: ServerTime,
    ) -> Option<Planned> {
        if self.decided.contains_key(&(key, 0)) {
            return None;
        }
        let mut rng = key.rng(self.style.seed, 16);
        let at = match state {
            QuestionState::Reading { .. } => now.plus(self.read.mul_f64(0.2 + 0.5 * rng.unit())),
            QuestionState::Waiting { deadline } => now.plus(deadline.since(now).mul_f64(0.1)),
            QuestionState::Ready
            | QuestionState::Answering { .. }
            | QuestionState::Closed { .. } => {
                return None;
            }
        };
        self.decided.insert((key, 0), When::Never);
        Some(Planned {
            at,
            intent: Intent::Press { key, attempts: 0 },
        })
    }

    /// 5.4, 5.5: a tied team's player in a shoot-off question presses (or
    /// not) once, after a moment's thought; a stronger team more often.
    fn shoot_off_press(
        &mut self,
        game: &GameBoard,
        attempts: usize,
        now: ServerTime,
    ) -> Option<Planned> {
        let key = QuestionKey::shoot_off(game)?;
        if self.decided.contains_key(&(key, attempts)) {
            return None;
        }
        self.decided.insert((key, attempts), When::Never);
        let mut rng = key.rng(self.style.seed, 64 + attempts as u64);
        if rng.unit() > 0.5 + 0.4 * self.style.skill {
            return None;
        }
        Some(Planned {
            at: now.plus(self.read.mul_f64(0.2 + 0.6 * rng.unit())),
            intent: Intent::Press { key, attempts },
        })
    }

    /// When the next planned action is due.
    pub(super) fn next_at(&self) -> Option<ServerTime> {
        schedule::next_at(&self.planned)
    }

    /// The planned actions due by `now`, taken off the plan.
    pub(super) fn due(&mut self, now: ServerTime) -> Vec<Planned> {
        schedule::take_due(&mut self.planned, now)
    }

    /// What to send for a due plan, if the game (as the team sees it now)
    /// still calls for it: no press on a question that has moved on or
    /// that the team may not press on, no line-up once its window closed.
    pub(super) fn command(
        &self,
        plan: &Planned,
        game: GameId,
        view: &EruditTeamView,
    ) -> Option<Command> {
        let board = view.board.game.as_ref()?;
        match &plan.intent {
            Intent::Press { key, attempts } if board.tie.is_some() => {
                let q = board.tie.as_ref()?.question.as_ref()?;
                (QuestionKey::shoot_off(board) == Some(*key)
                    && q.attempts.len() == *attempts
                    && view.may_press())
                .then_some(Command::Press { clock_offset_us: 0 })
            }
            Intent::Press { key, attempts } => {
                let q = board.question.as_ref()?;
                (QuestionKey::of(board) == Some(*key)
                    && q.attempts.len() == *attempts
                    && view.may_press())
                .then_some(Command::Press { clock_offset_us: 0 })
            }
            Intent::Lineup { window, players } => {
                let form = view.lineup.as_ref().filter(|f| f.chosen.is_none())?;
                let open = (
                    board.stage,
                    board.group,
                    board.tour.as_ref()?.number,
                    form.first_round,
                );
                (open == *window).then(|| {
                    Command::game(
                        game,
                        EruditCommand::SetLineup {
                            team: None,
                            players: players.clone(),
                        },
                    )
                })
            }
        }
    }
}

#[cfg(test)]
#[path = "erudit_tests.rs"]
mod tests;
