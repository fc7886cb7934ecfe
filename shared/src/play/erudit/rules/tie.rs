//! 5.4, 5.5, 2.2: a group's places and the ties that decide something.
//! Teams equal on points whose places lead to different destinations (on
//! into different groups, on or out, the final's first place) are a
//! deciding tie: nothing orders them until the host settles it — by a
//! shoot-off (questions to the tied teams' players at the buttons, the
//! first right answer takes the highest place at stake) or by a lot with a
//! recorded seed. Ties that decide nothing share their place (2.2). No lot
//! is ever drawn here without a seed the host gave.

use serde::{Deserialize, Serialize};

use super::{Attempt, EruditError};
use crate::seed::{Rng, Seed};

/// How one deciding tie was settled: `teams` are the tied teams (tournament
/// indices, equal on points), `shoot_off` its questions in order (each the
/// tied teams' attempts: a wrong answer lets another team press, a right
/// one takes the highest place still at stake), then, if the host chose it,
/// a lot for the teams still tied, with its recorded seed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieSettlement {
    pub teams: Vec<usize>,
    pub shoot_off: Vec<Vec<Attempt>>,
    pub lot: Option<u64>,
}

/// A deciding tie not yet settled: the teams still tied and the group
/// places (1-based) they share.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenTie {
    /// The whole tie as it arose (the key of its [`TieSettlement`]).
    pub tied: Vec<usize>,
    /// Those still tied after the shoot-off so far.
    pub teams: Vec<usize>,
    pub first: u32,
    pub last: u32,
}

/// A group's places as far as they are known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupOrder {
    /// The teams in place order (teams still tied in the group's order).
    pub order: Vec<usize>,
    /// Each team's place in the group, parallel to `order`: shared by a
    /// tie that decides nothing or is not settled yet.
    pub places: Vec<u32>,
    /// Deciding ties still open, in place order.
    pub open: Vec<OpenTie>,
}

/// Whether the places `first..first+len` (0-based) lead to different
/// destinations.
fn decides(destinations: &[Option<usize>], first: usize, len: usize) -> bool {
    let mut leads = destinations.iter().skip(first).take(len);
    let Some(head) = leads.next() else {
        return false;
    };
    leads.any(|d| d != head)
}

/// The group's places: by points; a deciding tie ordered by its settlement
/// in `ties` (or left open), any other tie shared. `destinations[p]` is
/// where place p+1 leads. `teams[i]` scored `points[i]`.
pub fn settle_group(
    teams: &[usize],
    points: &[i64],
    destinations: &[Option<usize>],
    ties: &[TieSettlement],
) -> Result<GroupOrder, EruditError> {
    let mut rows: Vec<(i64, usize)> = teams
        .iter()
        .zip(points)
        .map(|(&team, &p)| (p, team))
        .collect();
    // Stable: equal points keep the group's order.
    rows.sort_by_key(|r| std::cmp::Reverse(r.0));
    let mut out = GroupOrder::default();
    let mut used = vec![false; ties.len()];
    let mut start = 0;
    while start < rows.len() {
        let end = start
            + rows[start..]
                .iter()
                .take_while(|r| r.0 == rows[start].0)
                .count();
        let tied: Vec<usize> = rows[start..end].iter().map(|r| r.1).collect();
        let mut remaining = tied.clone();
        let mut at = start;
        if decides(destinations, start, tied.len()) {
            let settlement = ties.iter().position(|s| same_teams(&s.teams, &tied));
            if let Some(i) = settlement {
                used[i] = true;
                let s = &ties[i];
                for (q, question) in s.shoot_off.iter().enumerate() {
                    if !decides(destinations, at, remaining.len()) {
                        return Err(EruditError::ShootOffAfterSettled {
                            teams: tied.clone(),
                            question: q,
                        });
                    }
                    if let Some(winner) = shoot_off_winner(question, &remaining, &tied, q)? {
                        remaining.retain(|&t| t != winner);
                        out.order.push(winner);
                        out.places.push(at as u32 + 1);
                        at += 1;
                    }
                }
                if let Some(seed) = s.lot {
                    if !decides(destinations, at, remaining.len()) {
                        return Err(EruditError::LotAfterSettled {
                            teams: tied.clone(),
                        });
                    }
                    // The host's lot, replayable from its seed.
                    Rng::from_seed(Seed(seed)).shuffle(&mut remaining);
                    for team in remaining.drain(..) {
                        out.order.push(team);
                        out.places.push(at as u32 + 1);
                        at += 1;
                    }
                }
            }
            if decides(destinations, at, remaining.len()) {
                out.open.push(OpenTie {
                    tied: tied.clone(),
                    teams: remaining.clone(),
                    first: at as u32 + 1,
                    last: (at + remaining.len()) as u32,
                });
            }
        }
        for team in remaining {
            out.order.push(team);
            out.places.push(at as u32 + 1);
        }
        start = end;
    }
    if let Some(i) = used.iter().position(|u| !u) {
        return Err(EruditError::NoSuchTie {
            teams: ties[i].teams.clone(),
        });
    }
    Ok(out)
}

fn same_teams(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().all(|t| b.contains(t))
}

/// One shoot-off question: only teams still tied answer, each once, and
/// nobody after a right answer; the right answer's team, if any.
fn shoot_off_winner(
    question: &[Attempt],
    remaining: &[usize],
    tied: &[usize],
    index: usize,
) -> Result<Option<usize>, EruditError> {
    let mut winner = None;
    for (a, attempt) in question.iter().enumerate() {
        let fault = if winner.is_some() {
            Some(EruditError::AfterCorrect)
        } else if !remaining.contains(&attempt.team) {
            Some(EruditError::UnknownTeam { team: attempt.team })
        } else if question[..a].iter().any(|b| b.team == attempt.team) {
            Some(EruditError::AttemptedTwice { team: attempt.team })
        } else {
            None
        };
        if let Some(error) = fault {
            return Err(EruditError::InShootOff {
                teams: tied.to_vec(),
                question: index,
                attempt: a,
                error: Box::new(error),
            });
        }
        if attempt.correct {
            winner = Some(attempt.team);
        }
    }
    Ok(winner)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 5.5: the final's first place is the title; the rest lead nowhere.
    const FINAL: [Option<usize>; 4] = [Some(0), None, None, None];
    /// 5.5: two groups' best two go to the final.
    const TWO_ON: [Option<usize>; 4] = [Some(0), Some(0), None, None];

    fn right(team: usize) -> Attempt {
        Attempt {
            team,
            correct: true,
        }
    }

    fn wrong(team: usize) -> Attempt {
        Attempt {
            team,
            correct: false,
        }
    }

    #[test]
    fn erudit_5_5_final_tied_for_first_stays_open_until_settled() {
        let order = settle_group(&[1, 2, 3, 4], &[90, 50, 90, 10], &FINAL, &[]).unwrap();
        assert_eq!(
            order.open,
            vec![OpenTie {
                tied: vec![1, 3],
                teams: vec![1, 3],
                first: 1,
                last: 2
            }]
        );
        assert_eq!(order.places, vec![1, 1, 3, 4]);
    }

    #[test]
    fn erudit_5_5_shoot_off_first_right_answer_takes_the_title() {
        let settled = TieSettlement {
            teams: vec![3, 1],
            shoot_off: vec![vec![wrong(1)], vec![wrong(3), right(1)]],
            lot: None,
        };
        let order = settle_group(&[1, 2, 3, 4], &[90, 50, 90, 10], &FINAL, &[settled]).unwrap();
        assert!(order.open.is_empty());
        assert_eq!(order.order, vec![1, 3, 2, 4]);
        assert_eq!(order.places, vec![1, 2, 3, 4]);
    }

    #[test]
    fn erudit_5_5_lot_with_its_seed_settles_and_replays() {
        let lot = TieSettlement {
            teams: vec![1, 3],
            shoot_off: Vec::new(),
            lot: Some(77),
        };
        let a = settle_group(
            &[1, 2, 3, 4],
            &[90, 50, 90, 10],
            &FINAL,
            std::slice::from_ref(&lot),
        )
        .unwrap();
        let b = settle_group(&[1, 2, 3, 4], &[90, 50, 90, 10], &FINAL, &[lot]).unwrap();
        assert_eq!(a, b);
        assert!(a.open.is_empty());
        assert_eq!(a.places, vec![1, 2, 3, 4]);
    }

    #[test]
    fn erudit_2_2_tie_that_decides_nothing_shares_its_place() {
        // Tied for 3rd in the final, and for 1st-2nd when both go on.
        let order = settle_group(&[1, 2, 3, 4], &[90, 10, 50, 10], &FINAL, &[]).unwrap();
        assert!(order.open.is_empty());
        assert_eq!(order.places, vec![1, 2, 3, 3]);
        let order = settle_group(&[1, 2, 3, 4], &[90, 90, 50, 10], &TWO_ON, &[]).unwrap();
        assert!(order.open.is_empty());
        assert_eq!(order.places, vec![1, 1, 3, 4]);
    }

    #[test]
    fn erudit_5_5_three_tied_across_the_cut_need_shoot_off_until_it_breaks() {
        // Three teams on 40 for places 2-4: one goes on.
        let points = [90, 40, 40, 40];
        let one = TieSettlement {
            teams: vec![2, 3, 4],
            shoot_off: vec![vec![wrong(2), wrong(3)]],
            lot: None,
        };
        let order = settle_group(&[1, 2, 3, 4], &points, &TWO_ON, &[one]).unwrap();
        assert_eq!(order.open[0].teams, vec![2, 3, 4]);
        let two = TieSettlement {
            teams: vec![2, 3, 4],
            shoot_off: vec![vec![wrong(2), wrong(3)], vec![right(4)]],
            lot: None,
        };
        let order = settle_group(&[1, 2, 3, 4], &points, &TWO_ON, &[two]).unwrap();
        assert!(order.open.is_empty());
        assert_eq!(order.order, vec![1, 4, 2, 3]);
        // The two left are out either way: they share 3rd.
        assert_eq!(order.places, vec![1, 2, 3, 3]);
    }

    #[test]
    fn erudit_5_5_shoot_off_faults_are_refused() {
        let points = [90, 50, 90, 10];
        let twice = TieSettlement {
            teams: vec![1, 3],
            shoot_off: vec![vec![wrong(1), wrong(1)]],
            lot: None,
        };
        assert!(matches!(
            settle_group(&[1, 2, 3, 4], &points, &FINAL, &[twice]),
            Err(EruditError::InShootOff { .. })
        ));
        let after = TieSettlement {
            teams: vec![1, 3],
            shoot_off: vec![vec![right(1)], vec![right(3)]],
            lot: None,
        };
        assert!(matches!(
            settle_group(&[1, 2, 3, 4], &points, &FINAL, &[after]),
            Err(EruditError::ShootOffAfterSettled { .. })
        ));
        let stranger = TieSettlement {
            teams: vec![2, 4],
            shoot_off: Vec::new(),
            lot: Some(1),
        };
        assert!(matches!(
            settle_group(&[1, 2, 3, 4], &points, &FINAL, &[stranger]),
            Err(EruditError::NoSuchTie { .. })
        ));
    }
}
