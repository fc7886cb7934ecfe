//! 5.3: the blind draw of teams into first-round groups, replayable from its
//! recorded seed.

use serde::{Deserialize, Serialize};

use super::EruditError;
use crate::seed::{Rng, Seed};

/// The groups of a draw and the seed that produced them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupDraw {
    pub seed: Seed,
    pub groups: Vec<Vec<usize>>,
}

/// 5.3: shuffles `teams` with `seed` and deals them into groups of
/// `group_size` (the «___» setting; a game is played by four teams, so it is
/// normally 4). The count must divide evenly: every group plays one game.
pub fn blind_draw(
    teams: &[usize],
    group_size: usize,
    seed: Seed,
) -> Result<GroupDraw, EruditError> {
    if group_size == 0 || teams.is_empty() || !teams.len().is_multiple_of(group_size) {
        return Err(EruditError::UnevenGroups {
            teams: teams.len(),
            group_size,
        });
    }
    if let Some(i) = (1..teams.len()).find(|&i| teams[..i].contains(&teams[i])) {
        return Err(EruditError::DrawnTwice { team: teams[i] });
    }
    let mut order = teams.to_vec();
    Rng::from_seed(seed).shuffle(&mut order);
    let groups = order.chunks(group_size).map(<[usize]>::to_vec).collect();
    Ok(GroupDraw { seed, groups })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erudit_5_3_draw_is_replayable_from_its_seed() {
        let teams: Vec<usize> = (0..16).collect();
        let draw = blind_draw(&teams, 4, Seed(2024)).unwrap();
        assert_eq!(draw, blind_draw(&teams, 4, Seed(2024)).unwrap());
        assert_eq!(draw.seed, Seed(2024));
        assert_eq!(draw.groups.len(), 4);
        let mut all: Vec<usize> = draw.groups.concat();
        all.sort_unstable();
        assert_eq!(all, teams);
    }

    #[test]
    fn erudit_5_3_different_seeds_give_different_draws() {
        let teams: Vec<usize> = (0..16).collect();
        let draws: Vec<GroupDraw> = (0..5)
            .map(|s| blind_draw(&teams, 4, Seed(s)).unwrap())
            .collect();
        assert!(draws.windows(2).any(|w| w[0].groups != w[1].groups));
    }

    #[test]
    fn erudit_5_3_uneven_groups_and_repeated_teams_are_refused() {
        assert_eq!(
            blind_draw(&[0, 1, 2, 3, 4], 4, Seed(0)),
            Err(EruditError::UnevenGroups {
                teams: 5,
                group_size: 4
            })
        );
        assert_eq!(
            blind_draw(&[0, 1], 0, Seed(0)),
            Err(EruditError::UnevenGroups {
                teams: 2,
                group_size: 0
            })
        );
        assert_eq!(
            blind_draw(&[0, 1, 1, 2], 4, Seed(0)),
            Err(EruditError::DrawnTwice { team: 1 })
        );
    }
}
