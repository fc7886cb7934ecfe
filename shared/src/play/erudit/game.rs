//! One group's Эрудит-квартет game (5.6–5.10, the preamble): three tours of
//! four rounds, the captains' line-ups in their windows (5.7, 5.8), and
//! each question's reading, presses, answers and silence. Deadlines are
//! passed by [`QuartetGame::advance`] with the time every event carries.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::EruditTiming;
use crate::ids::TeamId;
use crate::play::button::PressKind;
use crate::play::erudit::rules::{Attempt, QUESTIONS_PER_ROUND, ROUNDS_PER_TOUR, TOURS, TourKind};
use crate::time::ServerTime;

/// 5.6: the tours in the order the rules list them.
pub const TOUR_ORDER: [TourKind; TOURS] = [TourKind::Open, TourKind::Closed, TourKind::SemiOpen];

/// Where one question stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuestionState {
    /// Announced (theme and value), not yet read.
    Ready,
    /// The host reads; a press interrupts the reading (the preamble).
    Reading { since: ServerTime },
    /// Read to the end: a press within the silence, or the question closes.
    Waiting { deadline: ServerTime },
    /// A player pressed and answers; `interrupted` when it was during the
    /// reading (after a wrong answer the host reads on).
    Answering { team: TeamId, interrupted: bool },
    /// Answered right (`by`), or nobody could: the answer is told.
    Closed { by: Option<TeamId> },
}

/// A press as logged for the host and the jury.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressRecord {
    pub team: TeamId,
    pub at: ServerTime,
    pub kind: PressKind,
    /// Into the reading, when the press interrupted it («прервал чтение на
    /// 4.2 с»).
    pub interrupted_after_ms: Option<u64>,
    /// After the reading ended.
    pub after_reading_ms: Option<u64>,
    pub rtt_us: u64,
    pub clock_offset_us: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionLive {
    /// 5.10: 10, 20, 30, 40, 50 by position.
    pub value: i64,
    pub state: QuestionState,
    /// The answers given, in order (each team's player at most once).
    pub attempts: Vec<Attempt>,
    pub presses: Vec<PressRecord>,
    /// When the reading (the last reading, after a re-read) ended.
    pub reading_ended: Option<ServerTime>,
}

/// One round: a theme, one player of each team at the buttons (`None`: a
/// team with nobody left to field), its questions as reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPlay {
    pub players: Vec<Option<String>>,
    pub questions: Vec<QuestionLive>,
}

impl RoundPlay {
    fn finished(&self) -> bool {
        self.questions.len() == QUESTIONS_PER_ROUND
            && self
                .questions
                .last()
                .is_some_and(|q| matches!(q.state, QuestionState::Closed { .. }))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourPlay {
    pub kind: TourKind,
    /// The four rounds' themes as the pool's indices (`None`: from paper).
    pub themes: Vec<Option<u32>>,
    pub rounds: Vec<RoundPlay>,
}

impl TourPlay {
    fn finished(&self) -> bool {
        self.rounds.len() == ROUNDS_PER_TOUR && self.rounds.iter().all(RoundPlay::finished)
    }

    /// 5.8: the players who already play a round of this tour.
    pub fn fielded(&self, team: usize) -> Vec<&str> {
        self.rounds
            .iter()
            .filter_map(|r| r.players.get(team)?.as_deref())
            .collect()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Between tours (or semi-open rounds): the host opens the next
    /// line-up.
    BeforeLineup,
    /// 5.7: the captains assign players; `chosen` by team.
    Lineup {
        deadline: ServerTime,
        chosen: Vec<Option<Vec<String>>>,
    },
    /// The current tour's round `round` is played.
    Playing {
        round: usize,
    },
    Finished,
}

/// A step the game cannot take now, named for the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum GameStep {
    #[error("the game is over")]
    Over,
    #[error("a line-up is open")]
    LineupOpen,
    #[error("no line-up is open")]
    NoLineup,
    #[error("a round is being played")]
    RoundOn,
    #[error("the question has been read already")]
    AlreadyRead,
    #[error("the question is not being read")]
    NotReading,
    #[error("nobody has finished reading and waits for a press")]
    NotWaiting,
    #[error("nobody is answering")]
    NotAnswering,
    #[error("the question is still open")]
    QuestionOpen,
}

/// A group's game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuartetGame {
    pub stage: u32,
    pub group: u32,
    pub teams: Vec<TeamId>,
    /// Each team's registered players, as at the game's start.
    pub players: Vec<Vec<String>>,
    pub tours: Vec<TourPlay>,
    pub phase: Phase,
}

impl QuartetGame {
    pub fn new(stage: u32, group: u32, teams: Vec<TeamId>, players: Vec<Vec<String>>) -> Self {
        QuartetGame {
            stage,
            group,
            teams,
            players,
            tours: Vec::new(),
            phase: Phase::BeforeLineup,
        }
    }

    pub fn index_of(&self, team: TeamId) -> Option<usize> {
        self.teams.iter().position(|t| *t == team)
    }

    pub fn finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    pub fn tour(&self) -> Option<&TourPlay> {
        self.tours.last()
    }

    /// The round being played and its index.
    pub fn round(&self) -> Option<(usize, &RoundPlay)> {
        let Phase::Playing { round } = self.phase else {
            return None;
        };
        Some((round, self.tour()?.rounds.get(round)?))
    }

    pub fn question(&self) -> Option<&QuestionLive> {
        self.round()?.1.questions.last()
    }

    fn question_mut(&mut self) -> Option<&mut QuestionLive> {
        let Phase::Playing { round } = self.phase else {
            return None;
        };
        self.tours
            .last_mut()?
            .rounds
            .get_mut(round)?
            .questions
            .last_mut()
    }

    /// Whether the next line-up starts a new tour (else: the semi-open
    /// tour's next round).
    pub fn next_lineup_starts_tour(&self) -> bool {
        self.tour().is_none_or(TourPlay::finished)
    }

    /// The kind of tour the open or next line-up is for.
    pub fn lineup_kind(&self) -> Option<TourKind> {
        if self.next_lineup_starts_tour() && !matches!(self.phase, Phase::Lineup { .. }) {
            TOUR_ORDER.get(self.tours.len()).copied()
        } else {
            self.tour().map(|t| t.kind)
        }
    }

    /// How many rounds the open (or next) line-up assigns: a whole tour, or
    /// one semi-open round (5.7).
    pub fn lineup_rounds(&self) -> usize {
        match self.lineup_kind() {
            Some(TourKind::SemiOpen) => 1,
            _ => ROUNDS_PER_TOUR,
        }
    }

    /// The round index the open line-up's first player goes to.
    pub fn lineup_first_round(&self) -> usize {
        match &self.phase {
            Phase::Lineup { .. } => self.tour().map_or(0, |t| t.rounds.len()),
            _ if self.next_lineup_starts_tour() => 0,
            _ => self.tour().map_or(0, |t| t.rounds.len()),
        }
    }

    fn window(&self, timing: &EruditTiming) -> Duration {
        Duration::from_millis(match self.lineup_kind() {
            Some(TourKind::SemiOpen) => timing.semi_open_lineup_ms,
            _ => timing.lineup_ms,
        })
    }

    pub fn check_open_lineup(&self) -> Result<(), GameStep> {
        match self.phase {
            Phase::BeforeLineup => Ok(()),
            Phase::Lineup { .. } => Err(GameStep::LineupOpen),
            Phase::Playing { .. } => Err(GameStep::RoundOn),
            Phase::Finished => Err(GameStep::Over),
        }
    }

    /// Opens a line-up window; a tour's first one starts the tour with its
    /// themes.
    pub fn open_lineup(
        &mut self,
        themes: Option<Vec<Option<u32>>>,
        at: ServerTime,
        timing: &EruditTiming,
    ) {
        if self.next_lineup_starts_tour() {
            let Some(&kind) = TOUR_ORDER.get(self.tours.len()) else {
                return;
            };
            self.tours.push(TourPlay {
                kind,
                themes: themes.unwrap_or_else(|| vec![None; ROUNDS_PER_TOUR]),
                rounds: Vec::new(),
            });
        }
        let deadline = at.plus(self.window(timing));
        self.phase = Phase::Lineup {
            deadline,
            chosen: vec![None; self.teams.len()],
        };
    }

    /// 5.8 and the line-up's shape: `players` for the open window of team
    /// `team` (index).
    pub fn check_lineup(&self, team: usize, players: &[String]) -> Result<(), LineupFault> {
        if !matches!(self.phase, Phase::Lineup { .. }) {
            return Err(LineupFault::Closed);
        }
        let expected = self.lineup_rounds();
        if players.len() != expected {
            return Err(LineupFault::Count {
                expected: expected as u32,
                got: players.len() as u32,
            });
        }
        let registered = self.players.get(team).map(Vec::as_slice).unwrap_or(&[]);
        let fielded = self.tour().map(|t| t.fielded(team)).unwrap_or_default();
        for (i, name) in players.iter().enumerate() {
            if !registered.iter().any(|p| p == name) {
                return Err(LineupFault::NotInTeam { name: name.clone() });
            }
            // 5.8: once per tour — within this line-up and across the
            // semi-open tour's earlier rounds.
            if players[..i].contains(name) || fielded.contains(&name.as_str()) {
                return Err(LineupFault::Twice { name: name.clone() });
            }
        }
        Ok(())
    }

    pub fn set_lineup(&mut self, team: usize, players: Vec<String>) -> bool {
        let Phase::Lineup { chosen, .. } = &mut self.phase else {
            return false;
        };
        if let Some(slot) = chosen.get_mut(team) {
            *slot = Some(players);
        }
        // Everyone has assigned: no need to wait out the minute.
        if chosen.iter().all(Option::is_some) {
            self.close_lineup();
        }
        true
    }

    /// The line-up window ends: each team that did not assign fields its
    /// registered players in order, skipping those already in this tour
    /// (docs/rules.md, 5.7); the rounds begin.
    pub fn close_lineup(&mut self) {
        let Phase::Lineup { chosen, .. } = std::mem::replace(&mut self.phase, Phase::BeforeLineup)
        else {
            return;
        };
        let rounds = self.lineup_rounds();
        let first = self.lineup_first_round();
        let mut by_round: Vec<Vec<Option<String>>> = vec![Vec::new(); rounds];
        for (team, choice) in chosen.into_iter().enumerate() {
            let picked: Vec<Option<String>> = match choice {
                Some(players) => players.into_iter().map(Some).collect(),
                None => {
                    let fielded: Vec<String> = self
                        .tour()
                        .map(|t| t.fielded(team).into_iter().map(str::to_owned).collect())
                        .unwrap_or_default();
                    let mut free = self
                        .players
                        .get(team)
                        .into_iter()
                        .flatten()
                        .filter(|p| !fielded.contains(p))
                        .cloned();
                    (0..rounds).map(|_| free.next()).collect()
                }
            };
            for (r, player) in picked.into_iter().enumerate() {
                if let Some(round) = by_round.get_mut(r) {
                    round.push(player);
                }
            }
        }
        let Some(tour) = self.tours.last_mut() else {
            return;
        };
        for players in by_round {
            tour.rounds.push(RoundPlay {
                players,
                questions: Vec::new(),
            });
        }
        self.start_round(first);
    }

    fn start_round(&mut self, round: usize) {
        self.phase = Phase::Playing { round };
        self.push_question();
    }

    fn push_question(&mut self) {
        let Phase::Playing { round } = self.phase else {
            return;
        };
        let Some(r) = self.tours.last_mut().and_then(|t| t.rounds.get_mut(round)) else {
            return;
        };
        let value = 10 * (r.questions.len() as i64 + 1);
        r.questions.push(QuestionLive {
            value,
            state: QuestionState::Ready,
            attempts: Vec::new(),
            presses: Vec::new(),
            reading_ended: None,
        });
    }

    fn state(&self) -> Option<QuestionState> {
        self.question().map(|q| q.state)
    }

    fn playing(&self) -> Result<QuestionState, GameStep> {
        match self.phase {
            Phase::Playing { .. } => self.state().ok_or(GameStep::NotReading),
            Phase::Lineup { .. } => Err(GameStep::LineupOpen),
            Phase::BeforeLineup => Err(GameStep::NoLineup),
            Phase::Finished => Err(GameStep::Over),
        }
    }

    pub fn check_read(&self) -> Result<(), GameStep> {
        match self.playing()? {
            QuestionState::Ready => Ok(()),
            QuestionState::Closed { .. } => Err(GameStep::AlreadyRead),
            _ => Err(GameStep::QuestionOpen),
        }
    }

    pub fn check_end_reading(&self) -> Result<(), GameStep> {
        match self.playing()? {
            QuestionState::Reading { .. } => Ok(()),
            _ => Err(GameStep::NotReading),
        }
    }

    pub fn check_reread(&self) -> Result<(), GameStep> {
        match self.playing()? {
            QuestionState::Waiting { .. } => Ok(()),
            _ => Err(GameStep::NotWaiting),
        }
    }

    pub fn check_judge(&self) -> Result<(), GameStep> {
        match self.playing()? {
            QuestionState::Answering { .. } => Ok(()),
            _ => Err(GameStep::NotAnswering),
        }
    }

    pub fn check_next(&self) -> Result<(), GameStep> {
        match self.playing()? {
            QuestionState::Closed { .. } => Ok(()),
            _ => Err(GameStep::QuestionOpen),
        }
    }

    pub fn read(&mut self, at: ServerTime) {
        if let Some(q) = self.question_mut() {
            q.state = QuestionState::Reading { since: at };
        }
    }

    pub fn end_reading(&mut self, at: ServerTime, timing: &EruditTiming) {
        if let Some(q) = self.question_mut() {
            q.state = QuestionState::Waiting {
                deadline: at.plus(Duration::from_millis(timing.silence_ms)),
            };
            q.reading_ended = Some(at);
        }
    }

    pub fn reread(&mut self, at: ServerTime) {
        self.read(at);
    }

    /// Whether a press from `team` goes to this game: it plays here and a
    /// round is on (a press between questions is logged and ignored).
    pub fn takes_press(&self, team: TeamId) -> bool {
        self.index_of(team).is_some() && self.round().is_some()
    }

    /// A press, decided by arrival: the first press of a team whose player
    /// has not answered this question wins it (the preamble: at any moment,
    /// during the reading too).
    pub fn press(
        &mut self,
        team: TeamId,
        at: ServerTime,
        rtt_us: u64,
        clock_offset_us: i64,
    ) -> PressKind {
        let index = self.index_of(team);
        let fielded = index
            .and_then(|i| {
                self.round()
                    .map(|(_, r)| r.players.get(i).cloned().flatten())
            })
            .flatten()
            .is_some();
        let Some(q) = self.question_mut() else {
            return PressKind::Ignored;
        };
        let attempted = q.attempts.iter().any(|a| Some(a.team) == index);
        let (kind, interrupted_after_ms, after_reading_ms) = match q.state {
            _ if !fielded => (PressKind::Ignored, None, None),
            QuestionState::Reading { since } if !attempted => (
                PressKind::Won,
                Some(at.since(since).as_millis() as u64),
                None,
            ),
            QuestionState::Waiting { .. } if !attempted => (
                PressKind::Won,
                None,
                q.reading_ended.map(|e| at.since(e).as_millis() as u64),
            ),
            QuestionState::Reading { .. } | QuestionState::Waiting { .. } => {
                (PressKind::LockedOut, None, None)
            }
            QuestionState::Answering { team: on, .. } if on == team => {
                (PressKind::Repeated, None, None)
            }
            QuestionState::Answering { .. } => (PressKind::Late, None, None),
            QuestionState::Ready | QuestionState::Closed { .. } => (PressKind::Ignored, None, None),
        };
        if kind == PressKind::Won {
            q.state = QuestionState::Answering {
                team,
                interrupted: interrupted_after_ms.is_some(),
            };
        }
        q.presses.push(PressRecord {
            team,
            at,
            kind,
            interrupted_after_ms,
            after_reading_ms,
            rtt_us,
            clock_offset_us,
        });
        kind
    }

    /// The answering player's answer (the preamble, 5.10): a wrong one lets
    /// the others press — the reading goes on if it was interrupted, else a
    /// new silence — until every fielded team has answered.
    pub fn judge(&mut self, correct: bool, at: ServerTime, timing: &EruditTiming) {
        let fielded: Vec<TeamId> = self
            .round()
            .map(|(_, r)| {
                r.players
                    .iter()
                    .zip(&self.teams)
                    .filter(|(p, _)| p.is_some())
                    .map(|(_, t)| *t)
                    .collect()
            })
            .unwrap_or_default();
        let teams = self.teams.clone();
        let Some(q) = self.question_mut() else {
            return;
        };
        let QuestionState::Answering { team, interrupted } = q.state else {
            return;
        };
        let index = teams.iter().position(|t| *t == team).unwrap_or(usize::MAX);
        q.attempts.push(Attempt {
            team: index,
            correct,
        });
        q.state = if correct {
            QuestionState::Closed { by: Some(team) }
        } else if fielded
            .iter()
            .all(|t| q.attempts.iter().any(|a| teams.get(a.team) == Some(t)))
        {
            QuestionState::Closed { by: None }
        } else if interrupted {
            QuestionState::Reading { since: at }
        } else {
            QuestionState::Waiting {
                deadline: at.plus(Duration::from_millis(timing.silence_ms)),
            }
        };
    }

    /// On from a closed question (5.9: in order of value).
    pub fn next(&mut self) {
        let Some((round, r)) = self.round() else {
            return;
        };
        if r.questions.len() < QUESTIONS_PER_ROUND {
            self.push_question();
            return;
        }
        let Some(tour) = self.tour() else {
            return;
        };
        let more_rounds = tour.rounds.len() > round + 1;
        self.phase = if more_rounds {
            Phase::Playing { round: round + 1 }
        } else if tour.finished() && self.tours.len() >= TOURS {
            Phase::Finished
        } else {
            Phase::BeforeLineup
        };
        if more_rounds {
            self.push_question();
        }
    }

    /// The next deadline: a line-up's end or a silence's.
    pub fn next_deadline(&self) -> Option<ServerTime> {
        match &self.phase {
            Phase::Lineup { deadline, .. } => Some(*deadline),
            Phase::Playing { .. } => match self.state()? {
                QuestionState::Waiting { deadline } => Some(deadline),
                _ => None,
            },
            _ => None,
        }
    }

    /// Passes every deadline up to `now`; true if anything changed.
    pub fn advance(&mut self, now: ServerTime) -> bool {
        if self.next_deadline().is_none_or(|d| d > now) {
            return false;
        }
        match self.phase {
            Phase::Lineup { .. } => self.close_lineup(),
            _ => {
                // The preamble: 5 s of silence after the reading — the host
                // tells the answer and moves on.
                if let Some(q) = self.question_mut() {
                    q.state = QuestionState::Closed { by: None };
                }
            }
        }
        true
    }

    /// Issue 14.4: what was in play when the server stopped gets its time
    /// again: a question being read or waited for goes back to reading, a
    /// line-up gets a whole window.
    pub fn interrupted(&mut self, at: ServerTime, timing: &EruditTiming) -> bool {
        let window = self.window(timing);
        match &mut self.phase {
            Phase::Lineup { deadline, .. } => {
                *deadline = at.plus(window);
                true
            }
            Phase::Playing { .. } => match self.question_mut() {
                Some(q)
                    if matches!(
                        q.state,
                        QuestionState::Reading { .. } | QuestionState::Waiting { .. }
                    ) =>
                {
                    q.state = QuestionState::Reading { since: at };
                    true
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// What a restart would interrupt.
    pub fn in_play(&self) -> bool {
        match self.phase {
            Phase::Lineup { .. } => true,
            Phase::Playing { .. } => matches!(
                self.state(),
                Some(QuestionState::Reading { .. } | QuestionState::Waiting { .. })
            ),
            _ => false,
        }
    }

    /// Each team's points and each of its players', over every answer given
    /// (complete tours only when `whole_tours`).
    pub fn points(&self, whole_tours: bool) -> Vec<i64> {
        let mut points = vec![0; self.teams.len()];
        for tour in &self.tours {
            if whole_tours && !tour.finished() {
                continue;
            }
            for round in &tour.rounds {
                for q in &round.questions {
                    for a in &q.attempts {
                        if let Some(p) = points.get_mut(a.team) {
                            *p += if a.correct { q.value } else { -q.value };
                        }
                    }
                }
            }
        }
        points
    }

    /// A team's players with their points, in the order they first played.
    pub fn player_points(&self, team: usize) -> Vec<(String, i64)> {
        let mut out: Vec<(String, i64)> = Vec::new();
        for tour in &self.tours {
            for round in &tour.rounds {
                let Some(Some(player)) = round.players.get(team) else {
                    continue;
                };
                let mut got = 0;
                for q in &round.questions {
                    for a in q.attempts.iter().filter(|a| a.team == team) {
                        got += if a.correct { q.value } else { -q.value };
                    }
                }
                match out.iter_mut().find(|(p, _)| p == player) {
                    Some((_, total)) => *total += got,
                    None => out.push((player.clone(), got)),
                }
            }
        }
        out
    }

    /// Whether `tour` has been played to its end.
    pub fn tour_finished(&self, tour: usize) -> bool {
        self.tours.get(tour).is_some_and(TourPlay::finished)
    }
}

/// Why a line-up is refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum LineupFault {
    #[error("no line-up is open now")]
    Closed,
    #[error("the line-up names {got} players, {expected} expected (one per round)")]
    Count { expected: u32, got: u32 },
    #[error("«{name}» is not a player of this team")]
    NotInTeam { name: String },
    #[error("«{name}» would play twice in one tour (5.8)")]
    Twice { name: String },
}
