//! «Мультиигры» (6.x): puzzle tasks scored in full or in part; six tours
//! (6.2), the team with the most points over all tasks wins. Partial credit
//! is kept as an exact decimal so that 0.1 + 0.2 ties with 0.3.

use std::fmt;

use serde::{Deserialize, Serialize};

/// 6.2: the tournament has six tours.
pub const TOURS: usize = 6;

/// Exact decimal points: an integer count of 10⁻¹⁸ of a point.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Credit {
    pub atto: i128,
}

/// 10¹⁸: atto-points in a point.
const SCALE: i128 = 1_000_000_000_000_000_000;
/// Fractional digits kept exactly.
const FRACTION_DIGITS: i32 = 18;
/// The largest magnitude a single value may have (far beyond any score).
const MAX_VALUE: i128 = 1_000_000_000_000_000 * SCALE;

impl Credit {
    pub const ZERO: Credit = Credit { atto: 0 };

    pub fn from_int(points: i64) -> Self {
        Credit {
            atto: i128::from(points) * SCALE,
        }
    }

    /// Parses a JSON number's text (`3`, `-0.25`, `1.5e2`, `1E-7`) exactly.
    /// None for anything else, more than 18 fractional digits, or a magnitude
    /// above 10¹⁵.
    pub fn parse(text: &str) -> Option<Credit> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exponent) = match body.find(['e', 'E']) {
            Some(i) => (&body[..i], body[i + 1..].parse::<i32>().ok()?),
            None => (body, 0),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if whole.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let digits = format!("{whole}{fraction}");
        let digits = digits.trim_start_matches('0');
        let fraction_len = i32::try_from(fraction.len()).ok()?;
        // value = digits × 10^(exponent − fraction_len); scale to 10⁻¹⁸.
        let mut shift = exponent
            .checked_sub(fraction_len)?
            .checked_add(FRACTION_DIGITS)?;
        let mut digits = digits.to_owned();
        while shift < 0 {
            // Only trailing zeros may be dropped: the value must stay exact.
            if digits.is_empty() {
                break;
            }
            if !digits.ends_with('0') {
                return None;
            }
            digits.pop();
            shift += 1;
        }
        let mut atto: i128 = if digits.is_empty() {
            0
        } else {
            digits.parse().ok()?
        };
        if atto != 0 {
            for _ in 0..shift.max(0) {
                atto = atto.checked_mul(10)?;
                if atto > MAX_VALUE {
                    return None;
                }
            }
        }
        if atto > MAX_VALUE {
            return None;
        }
        Some(Credit {
            atto: if negative { -atto } else { atto },
        })
    }

    pub fn checked_add(self, other: Credit) -> Option<Credit> {
        self.atto
            .checked_add(other.atto)
            .map(|atto| Credit { atto })
    }

    /// The whole number of points, when there is no fraction.
    pub fn whole(self) -> Option<i64> {
        (self.atto % SCALE == 0)
            .then(|| i64::try_from(self.atto / SCALE).ok())
            .flatten()
    }

    pub fn is_negative(self) -> bool {
        self.atto < 0
    }
}

impl fmt::Display for Credit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.atto < 0 { "-" } else { "" };
        let magnitude = self.atto.unsigned_abs();
        let scale = SCALE.unsigned_abs();
        let (whole, fraction) = (magnitude / scale, magnitude % scale);
        if fraction == 0 {
            return write!(f, "{sign}{whole}");
        }
        let digits = format!("{fraction:018}");
        write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// One task: its full value and each team's credit (0 if it scored nothing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub max: Credit,
    /// Credit by team index.
    pub points: Vec<Credit>,
}

/// One tour's tasks (6.3: played before each ChGK tour).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiTour {
    pub tasks: Vec<Task>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MultigamesError {
    #[error("{found} tours, but the tournament has {TOURS} (6.2)")]
    TooManyTours { found: usize },
    #[error("tour {tour} task {task}: the full value must be positive")]
    BadMax { tour: usize, task: usize },
    #[error(
        "tour {tour} task {task}: team {team} scored {points}, outside 0..={max} (partial credit is at most the full value)"
    )]
    OutOfRange {
        tour: usize,
        task: usize,
        team: usize,
        points: Credit,
        max: Credit,
    },
    #[error("tour {tour} task {task}: credit for team {team}, but there are {team_count} teams")]
    UnknownTeam {
        tour: usize,
        task: usize,
        team: usize,
        team_count: usize,
    },
    #[error("the total is too large")]
    Overflow,
}

/// Every team's total over all tasks of the tours played so far.
pub fn multigames_totals(
    team_count: usize,
    tours: &[MultiTour],
) -> Result<Vec<Credit>, MultigamesError> {
    // 6.2: six tours.
    if tours.len() > TOURS {
        return Err(MultigamesError::TooManyTours { found: tours.len() });
    }
    let mut totals = vec![Credit::ZERO; team_count];
    for (t, tour) in tours.iter().enumerate() {
        for (k, task) in tour.tasks.iter().enumerate() {
            if task.max.atto <= 0 {
                return Err(MultigamesError::BadMax { tour: t, task: k });
            }
            if task.points.len() > team_count {
                return Err(MultigamesError::UnknownTeam {
                    tour: t,
                    task: k,
                    team: team_count,
                    team_count,
                });
            }
            for (team, &points) in task.points.iter().enumerate() {
                // 6: full or partial credit, never more than the task's value.
                if points.is_negative() || points > task.max {
                    return Err(MultigamesError::OutOfRange {
                        tour: t,
                        task: k,
                        team,
                        points,
                        max: task.max,
                    });
                }
                totals[team] = totals[team]
                    .checked_add(points)
                    .ok_or(MultigamesError::Overflow)?;
            }
        }
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Credit {
        Credit::parse(text).unwrap()
    }

    #[test]
    fn multigames_credit_parses_json_numbers_exactly() {
        let cases = [
            ("3", "3"),
            ("0.5", "0.5"),
            ("-2.25", "-2.25"),
            ("1.5e2", "150"),
            ("1E-7", "0.0000001"),
            ("0.1", "0.1"),
            ("10.000", "10"),
            ("0", "0"),
            ("-0.0", "0"),
            ("2.50e-1", "0.25"),
        ];
        for (text, shown) in cases {
            assert_eq!(c(text).to_string(), shown, "{text}");
        }
        for bad in [
            "",
            "abc",
            "1.2.3",
            ".5",
            "1e",
            "1e-19",
            "1e16",
            "1.0000000000000000001",
        ] {
            assert_eq!(Credit::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn multigames_credit_sums_are_exact() {
        let sum = c("0.1").checked_add(c("0.2")).unwrap();
        assert_eq!(sum, c("0.3"));
        assert_eq!(c("4").whole(), Some(4));
        assert_eq!(c("4.5").whole(), None);
    }

    #[test]
    fn multigames_6_full_and_partial_credit_add_up() {
        let tours = vec![
            MultiTour {
                tasks: vec![
                    Task {
                        max: c("5"),
                        points: vec![c("5"), c("2.5")],
                    },
                    Task {
                        max: c("3"),
                        points: vec![c("0"), c("3")],
                    },
                ],
            },
            MultiTour {
                tasks: vec![Task {
                    max: c("1"),
                    points: vec![c("0.5")],
                }],
            },
        ];
        let totals = multigames_totals(2, &tours).unwrap();
        assert_eq!(
            totals.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
            vec!["5.5", "5.5"]
        );
    }

    #[test]
    fn multigames_6_credit_beyond_the_task_value_or_negative_is_refused() {
        let over = vec![MultiTour {
            tasks: vec![Task {
                max: c("2"),
                points: vec![c("2.5")],
            }],
        }];
        assert_eq!(
            multigames_totals(1, &over),
            Err(MultigamesError::OutOfRange {
                tour: 0,
                task: 0,
                team: 0,
                points: c("2.5"),
                max: c("2")
            })
        );
        let negative = vec![MultiTour {
            tasks: vec![Task {
                max: c("2"),
                points: vec![c("-1")],
            }],
        }];
        assert!(matches!(
            multigames_totals(1, &negative),
            Err(MultigamesError::OutOfRange { .. })
        ));
        let zero_max = vec![MultiTour {
            tasks: vec![Task {
                max: c("0"),
                points: vec![],
            }],
        }];
        assert_eq!(
            multigames_totals(1, &zero_max),
            Err(MultigamesError::BadMax { tour: 0, task: 0 })
        );
    }

    #[test]
    fn multigames_6_2_at_most_six_tours() {
        let tours = vec![MultiTour { tasks: vec![] }; 7];
        assert_eq!(
            multigames_totals(1, &tours),
            Err(MultigamesError::TooManyTours { found: 7 })
        );
        assert!(multigames_totals(1, &tours[..6]).is_ok());
    }
}
