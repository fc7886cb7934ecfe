//! The festival's results (2.1–2.2): every tournament gives every team a
//! place, and places 1–3 are prizes.

use serde::{Deserialize, Serialize};

use super::standings::Place;

/// 2.1: the four tournaments of the festival.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TournamentKind {
    Chgk,
    BrainRing,
    EruditQuartet,
    Multigames,
}

/// 2.2: the prize places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Prize {
    First,
    Second,
    Third,
}

impl Prize {
    /// 2.2: places 1, 2 and 3 are prizes. A shared place gives the prize of
    /// its best end (teams sharing "3-4" both take third prize), since the
    /// teams are equal on every key and none can be preferred.
    pub fn for_place(place: Place) -> Option<Prize> {
        match place.first {
            1 => Some(Prize::First),
            2 => Some(Prize::Second),
            3 => Some(Prize::Third),
            _ => None,
        }
    }
}

/// One team's final result in one tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentRow {
    pub team: usize,
    pub place: Place,
    pub prize: Option<Prize>,
}

/// A tournament's final table: every festival team, ordered by place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentStandings {
    pub kind: TournamentKind,
    pub rows: Vec<TournamentRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FestivalError {
    #[error("team {team} is out of range: the festival has {team_count} teams")]
    UnknownTeam { team: usize, team_count: usize },
    #[error("team {team} is placed twice")]
    PlacedTwice { team: usize },
    #[error("team {team} has no place (2.2: every team gets one)")]
    Unplaced { team: usize },
    #[error("place {place} of team {team} does not fit its stage of {stage_size} teams")]
    BadPlace {
        team: usize,
        place: Place,
        stage_size: usize,
    },
    #[error("{kind:?} is already recorded")]
    AlreadyRecorded { kind: TournamentKind },
}

impl TournamentStandings {
    /// Composes a tournament's final table from its stages, best stage first,
    /// each stage holding `(team, place within the stage)`. E.g. Brain-ring:
    /// the play-off (places 1–5), then the rest of the qualifying table, then
    /// the teams that did not qualify in their ChGK order; places of a later
    /// stage follow all teams of earlier stages. 2.2: every one of the
    /// `team_count` teams must get exactly one place.
    pub fn from_stages(
        kind: TournamentKind,
        team_count: usize,
        stages: &[Vec<(usize, Place)>],
    ) -> Result<Self, FestivalError> {
        let mut placed = vec![false; team_count];
        let mut rows = Vec::with_capacity(team_count);
        let mut above = 0u32;
        for stage in stages {
            let mut stage_rows: Vec<TournamentRow> = Vec::with_capacity(stage.len());
            for &(team, place) in stage {
                let slot = placed
                    .get_mut(team)
                    .ok_or(FestivalError::UnknownTeam { team, team_count })?;
                if *slot {
                    return Err(FestivalError::PlacedTwice { team });
                }
                *slot = true;
                if place.first == 0 || place.first > place.last || place.last as usize > stage.len()
                {
                    return Err(FestivalError::BadPlace {
                        team,
                        place,
                        stage_size: stage.len(),
                    });
                }
                let overall = place.after(above);
                stage_rows.push(TournamentRow {
                    team,
                    place: overall,
                    prize: Prize::for_place(overall),
                });
            }
            stage_rows.sort_by_key(|row| row.place.first);
            rows.extend(stage_rows);
            above = above.saturating_add(u32::try_from(stage.len()).unwrap_or(u32::MAX));
        }
        if let Some(team) = placed.iter().position(|p| !p) {
            return Err(FestivalError::Unplaced { team });
        }
        Ok(TournamentStandings { kind, rows })
    }

    /// The teams that took `prize` (several when a prize place is shared).
    pub fn winners_of(&self, prize: Prize) -> Vec<usize> {
        self.rows
            .iter()
            .filter(|row| row.prize == Some(prize))
            .map(|row| row.team)
            .collect()
    }
}

/// The festival: its teams and the final table of each tournament played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Festival {
    pub team_count: usize,
    pub tournaments: Vec<TournamentStandings>,
}

impl Festival {
    pub fn new(team_count: usize) -> Self {
        Festival {
            team_count,
            tournaments: Vec::new(),
        }
    }

    /// Records a tournament's final table (each tournament once, 2.1).
    pub fn record(&mut self, standings: TournamentStandings) -> Result<(), FestivalError> {
        if self.tournaments.iter().any(|t| t.kind == standings.kind) {
            return Err(FestivalError::AlreadyRecorded {
                kind: standings.kind,
            });
        }
        let mut seen = vec![false; self.team_count];
        for row in &standings.rows {
            let slot = seen.get_mut(row.team).ok_or(FestivalError::UnknownTeam {
                team: row.team,
                team_count: self.team_count,
            })?;
            if *slot {
                return Err(FestivalError::PlacedTwice { team: row.team });
            }
            *slot = true;
        }
        if let Some(team) = seen.iter().position(|s| !s) {
            return Err(FestivalError::Unplaced { team });
        }
        self.tournaments.push(standings);
        Ok(())
    }

    /// A team's place in every tournament recorded so far.
    pub fn places_of(&self, team: usize) -> Vec<(TournamentKind, Place)> {
        self.tournaments
            .iter()
            .filter_map(|t| {
                t.rows
                    .iter()
                    .find(|row| row.team == team)
                    .map(|row| (t.kind, row.place))
            })
            .collect()
    }

    /// 2.2: the prize-winners of every recorded tournament, per prize.
    pub fn prize_winners(&self) -> Vec<(TournamentKind, Prize, Vec<usize>)> {
        let mut out = Vec::new();
        for t in &self.tournaments {
            for prize in [Prize::First, Prize::Second, Prize::Third] {
                let winners = t.winners_of(prize);
                if !winners.is_empty() {
                    out.push((t.kind, prize, winners));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn single(stage: &[usize]) -> Vec<(usize, Place)> {
        stage
            .iter()
            .enumerate()
            .map(|(i, &team)| (team, Place::single(i as u32 + 1)))
            .collect()
    }

    #[test]
    fn festival_2_2_stages_give_every_team_a_place() {
        // Arrange: a play-off of 2 teams, then 2 more teams by the table, then
        // one team that did not qualify.
        let stages = [single(&[3, 0]), single(&[1, 4]), single(&[2])];
        // Act
        let table =
            TournamentStandings::from_stages(TournamentKind::BrainRing, 5, &stages).unwrap();
        // Assert
        let got: Vec<(usize, String)> = table
            .rows
            .iter()
            .map(|r| (r.team, r.place.to_string()))
            .collect();
        assert_eq!(
            got,
            vec![
                (3, "1".into()),
                (0, "2".into()),
                (1, "3".into()),
                (4, "4".into()),
                (2, "5".into())
            ]
        );
    }

    #[test]
    fn festival_2_2_prizes_for_places_one_to_three_only() {
        let cases = [
            (Place::single(1), Some(Prize::First)),
            (Place::single(3), Some(Prize::Third)),
            (Place::single(4), None),
            (Place { first: 3, last: 4 }, Some(Prize::Third)),
            (Place { first: 4, last: 5 }, None),
        ];
        for (place, prize) in cases {
            assert_eq!(Prize::for_place(place), prize, "{place}");
        }
    }

    #[test]
    fn festival_2_2_shared_places_offset_by_earlier_stages() {
        let stages = [
            single(&[0]),
            vec![
                (1, Place { first: 1, last: 2 }),
                (2, Place { first: 1, last: 2 }),
            ],
        ];
        let table =
            TournamentStandings::from_stages(TournamentKind::Multigames, 3, &stages).unwrap();
        assert_eq!(table.rows[1].place.to_string(), "2-3");
        assert_eq!(table.winners_of(Prize::Second), vec![1, 2]);
        assert!(table.winners_of(Prize::Third).is_empty());
    }

    #[test]
    fn festival_2_2_rejects_missing_twice_and_unknown_teams() {
        let kind = TournamentKind::Chgk;
        assert_eq!(
            TournamentStandings::from_stages(kind, 3, &[single(&[0, 1])]),
            Err(FestivalError::Unplaced { team: 2 })
        );
        assert_eq!(
            TournamentStandings::from_stages(kind, 2, &[single(&[0]), single(&[0])]),
            Err(FestivalError::PlacedTwice { team: 0 })
        );
        assert_eq!(
            TournamentStandings::from_stages(kind, 1, &[single(&[4])]),
            Err(FestivalError::UnknownTeam {
                team: 4,
                team_count: 1
            })
        );
        assert!(matches!(
            TournamentStandings::from_stages(kind, 1, &[vec![(0, Place::single(2))]]),
            Err(FestivalError::BadPlace { .. })
        ));
    }

    #[test]
    fn festival_2_1_each_tournament_recorded_once_and_places_collected() {
        let mut festival = Festival::new(2);
        let chgk =
            TournamentStandings::from_stages(TournamentKind::Chgk, 2, &[single(&[1, 0])]).unwrap();
        let multi =
            TournamentStandings::from_stages(TournamentKind::Multigames, 2, &[single(&[0, 1])])
                .unwrap();
        festival.record(chgk.clone()).unwrap();
        festival.record(multi).unwrap();
        assert_eq!(
            festival.record(chgk),
            Err(FestivalError::AlreadyRecorded {
                kind: TournamentKind::Chgk
            })
        );
        assert_eq!(
            festival.places_of(0),
            vec![
                (TournamentKind::Chgk, Place::single(2)),
                (TournamentKind::Multigames, Place::single(1))
            ]
        );
        let prizes = festival.prize_winners();
        assert_eq!(prizes[0], (TournamentKind::Chgk, Prize::First, vec![1]));
        assert_eq!(prizes.len(), 4);
    }
}
