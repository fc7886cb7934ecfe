//! The Эрудит-квартет demo's scripted group game (5.4, 5.5): so that the
//! demo meets a deciding tie every time, over a real network too, the
//! first group's game of a tournament of two or more groups is played to a
//! script drawn from the demo's seed. Each question is answered by the one
//! robot team the script names (right or wrong, as it says) or by nobody,
//! and the script ends the game with the 2nd and 3rd teams equal on points
//! — a tie across the cut that the host then settles in play. Whoever
//! presses is alone at the buttons, so the timing of presses cannot change
//! the scores. The other games are played freely. Nothing here reads a
//! clock or a socket.

use std::collections::BTreeMap;

use minuta_shared::ids::TeamId;
use minuta_shared::play::erudit::rules::{QUESTIONS_PER_ROUND, ROUNDS_PER_TOUR, TEAMS, TOURS};
use minuta_shared::play::erudit::{EruditBoard, GameBoard};
use minuta_shared::seed::Rng;

use super::plug::TeamStyle;

/// One question of one group's game: where it stands in the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct QuestionKey {
    pub stage: u32,
    pub group: u32,
    pub tour: u32,
    pub round: u32,
    pub number: u32,
}

impl QuestionKey {
    pub(super) fn of(game: &GameBoard) -> Option<QuestionKey> {
        let q = game.question.as_ref()?;
        Some(QuestionKey {
            stage: game.stage,
            group: game.group,
            tour: game.tour.as_ref()?.number,
            round: q.round,
            number: q.number,
        })
    }

    /// The shoot-off question in play at `game`'s deciding tie (5.4, 5.5):
    /// its own key, apart from every question of the game.
    pub(super) fn shoot_off(game: &GameBoard) -> Option<QuestionKey> {
        let tie = game.tie.as_ref()?;
        tie.question.as_ref()?;
        Some(QuestionKey {
            stage: game.stage,
            group: game.group,
            tour: u32::MAX,
            round: tie.questions,
            number: 0,
        })
    }

    /// A draw for this question from `seed`, apart for each `purpose`.
    pub(super) fn rng(self, seed: u64, purpose: u64) -> Rng {
        Rng::new(
            seed ^ (u64::from(self.stage) << 56)
                ^ (u64::from(self.group) << 48)
                ^ (u64::from(self.tour) << 40)
                ^ (u64::from(self.round) << 32)
                ^ (u64::from(self.number) << 24)
                ^ purpose,
        )
    }
}

/// Questions in one group's game (5.6, 5.10).
const QUESTIONS: usize = TOURS * ROUNDS_PER_TOUR * QUESTIONS_PER_ROUND;

/// How many scripts are drawn, at most, before one ends in the tie.
const DRAWS: usize = 256;

/// Every question's answer in the scripted game, in play order (None:
/// nobody answers it).
type Script = Vec<Option<Answer>>;

/// One question of the scripted game: who answers it, and whether right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Answer {
    pub team: TeamId,
    pub correct: bool,
}

/// What the script says about one question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scripted {
    /// Not the scripted game: the robots play freely.
    Free,
    /// Nobody presses; the silence closes the question.
    Nobody,
    /// Only this team presses, and answers as said.
    By(Answer),
}

/// The script of the demo's tie, shared by the robot teams and the host:
/// the same seed and the same robot teams give the same script.
#[derive(Clone, Debug, Default)]
pub(super) struct TieScript {
    seed: u64,
    /// The teams robots play, with how they play.
    robots: BTreeMap<TeamId, TeamStyle>,
    /// The scripted game's teams and its script, once worked out.
    script: Option<(Vec<TeamId>, Option<Script>)>,
}

impl TieScript {
    pub(super) fn new(seed: u64, robots: BTreeMap<TeamId, TeamStyle>) -> Self {
        TieScript {
            seed,
            robots,
            script: None,
        }
    }

    /// What the script says about question `key` of `game`.
    pub(super) fn answer(
        &mut self,
        board: &EruditBoard,
        game: &GameBoard,
        key: QuestionKey,
    ) -> Scripted {
        let scripted_game = game.stage == 0
            && game.group == 0
            && board.stages.first().is_some_and(|s| s.groups.len() >= 2);
        if !scripted_game {
            return Scripted::Free;
        }
        let teams: Vec<TeamId> = game.teams.iter().map(|r| r.team).collect();
        if self.script.as_ref().is_none_or(|(t, _)| *t != teams) {
            let script = draw_script(self.seed, &teams, &self.robots);
            self.script = Some((teams, script));
        }
        let Some((_, Some(script))) = &self.script else {
            return Scripted::Free;
        };
        let at = (key.tour as usize * ROUNDS_PER_TOUR + key.round as usize) * QUESTIONS_PER_ROUND
            + key.number as usize;
        match script.get(at) {
            Some(Some(answer)) => Scripted::By(*answer),
            Some(None) => Scripted::Nobody,
            None => Scripted::Free,
        }
    }
}

/// The script of a game of `teams`: every question's answer, the last
/// round chosen so that the 2nd and 3rd places end equal on points (and
/// apart from the 1st and the 4th); None if no draw manages it (or fewer
/// than two of the teams have robots).
fn draw_script(
    seed: u64,
    teams: &[TeamId],
    robots: &BTreeMap<TeamId, TeamStyle>,
) -> Option<Script> {
    let players: Vec<(usize, TeamStyle)> = teams
        .iter()
        .enumerate()
        .filter_map(|(slot, team)| robots.get(team).map(|style| (slot, *style)))
        .collect();
    if teams.len() != TEAMS || players.len() < 2 {
        return None;
    }
    let mut rng = Rng::new(seed ^ 0x5445_4945_u64);
    for _ in 0..DRAWS {
        let mut script: Vec<Option<(usize, bool)>> = Vec::with_capacity(QUESTIONS);
        let mut points = [0i64; TEAMS];
        for q in 0..QUESTIONS - QUESTIONS_PER_ROUND {
            let answer = draw_answer(&mut rng, &players);
            if let Some((slot, correct)) = answer {
                points[slot] += signed(value(q), correct);
            }
            script.push(answer);
        }
        if let Some(last) = last_round(points, &players) {
            script.extend(last);
            return Some(
                script
                    .into_iter()
                    .map(|a| {
                        a.map(|(slot, correct)| Answer {
                            team: teams[slot],
                            correct,
                        })
                    })
                    .collect(),
            );
        }
    }
    None
}

/// 5.10: the `q`-th question's value (10..50 by place in its round).
fn value(q: usize) -> i64 {
    10 * (q % QUESTIONS_PER_ROUND + 1) as i64
}

fn signed(value: i64, correct: bool) -> i64 {
    if correct { value } else { -value }
}

/// One question as a real table plays it: now and then nobody answers;
/// otherwise a stronger team answers more often, and more often right.
fn draw_answer(rng: &mut Rng, players: &[(usize, TeamStyle)]) -> Option<(usize, bool)> {
    if rng.unit() < 0.15 {
        return None;
    }
    let total: f64 = players.iter().map(|(_, s)| 0.3 + s.skill).sum();
    let mut pick = rng.unit() * total;
    let (slot, style) = players
        .iter()
        .find(|(_, s)| {
            pick -= 0.3 + s.skill;
            pick < 0.0
        })
        .or(players.last())?;
    Some((*slot, rng.unit() < 0.45 + 0.5 * style.skill))
}

/// The last round's five right answers (or silences) that leave the 2nd
/// and the 3rd equal and apart from the others, if any do.
fn last_round(
    points: [i64; TEAMS],
    players: &[(usize, TeamStyle)],
) -> Option<Vec<Option<(usize, bool)>>> {
    let options = players.len() + 1;
    let combos = options.pow(QUESTIONS_PER_ROUND as u32);
    (0..combos).find_map(|combo| {
        let mut left = combo;
        let mut after = points;
        let mut round = Vec::with_capacity(QUESTIONS_PER_ROUND);
        for q in 0..QUESTIONS_PER_ROUND {
            let choice = left % options;
            left /= options;
            let answer = players.get(choice).map(|(slot, _)| (*slot, true));
            if let Some((slot, _)) = answer {
                after[slot] += value(q);
            }
            round.push(answer);
        }
        tied_across_the_cut(after).then_some(round)
    })
}

/// 5.5: the best two go on; the 2nd and 3rd equal, the 1st above them and
/// the 4th below.
fn tied_across_the_cut(mut points: [i64; TEAMS]) -> bool {
    points.sort_unstable_by(|a, b| b.cmp(a));
    points[0] > points[1] && points[1] == points[2] && points[2] > points[3]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn style(seed: u64, skill: f64) -> TeamStyle {
        TeamStyle { seed, skill }
    }

    #[test]
    fn demo_5_5_the_script_ends_the_game_tied_across_the_cut() {
        // Arrange: four teams, robots at three (the fourth has nobody).
        let teams = [TeamId(3), TeamId(0), TeamId(7), TeamId(5)];
        let robots: BTreeMap<TeamId, TeamStyle> = [(0, 0.85), (3, 0.6), (5, 0.4)]
            .into_iter()
            .map(|(t, skill)| (TeamId(t), style(t.into(), skill)))
            .collect();

        for seed in [2026, 7, 8, 2041] {
            // Act
            let script = draw_script(seed, &teams, &robots).expect("a script");

            // Assert: every question scripted; only robots answer; the
            // points end tied across the cut (5.5).
            assert_eq!(script.len(), QUESTIONS);
            let mut points = [0i64; TEAMS];
            for (q, answer) in script.iter().enumerate() {
                if let Some(a) = answer {
                    assert!(robots.contains_key(&a.team), "{a:?}");
                    let slot = teams.iter().position(|t| *t == a.team).unwrap();
                    points[slot] += signed(value(q), a.correct);
                }
            }
            assert!(tied_across_the_cut(points), "seed {seed}: {points:?}");
            assert_eq!(draw_script(seed, &teams, &robots), Some(script));
        }
    }
}
