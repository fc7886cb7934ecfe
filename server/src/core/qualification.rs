//! Qualification between the event's games (4.3–4.4, 5.2): the table of
//! the event's first game (its own ChGK, [`GameState::qualifying_table`])
//! seeds a game nobody enters otherwise. The core knows which tours
//! qualify; the game's format says what seeding it takes
//! ([`GameState::qualified`]).

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::chgk::rules::ChgkRow;
use minuta_shared::play::cut::{CountedTours, QualifyingCut};
use minuta_shared::play::games::event_games;
use minuta_shared::play::qualification::{CutSettlement, QualifyError, qualify, seeding_order};
use minuta_shared::seed::Seed;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{CutDecision, CutStep};
use minuta_shared::wire::server::{CommandError, Receipt};

use super::{Core, Event};

/// How many ChGK tours seed round 1 (4.4: «после трех туров»).
const SEEDING_TOURS: usize = 3;

/// Brain-ring qualifies from the event's own ChGK game (4.3); a store
/// always has it, so its absence is a damaged store's.
fn no_chgk() -> CommandError {
    CommandError::Qualification("the event has no ChGK tournament to qualify from".to_owned())
}

impl Core {
    /// The table the event's qualifications count (4.3: its own first
    /// game's, the ChGK tournament's), over the `counted` tours.
    fn qualifying_table(&self, counted: &CountedTours) -> Option<Vec<(TeamId, ChgkRow)>> {
        let teams = self.registry.team_ids();
        let (_, first) = event_games().into_iter().next()?;
        let source = self.games.values().find(|g| g.format() == first.format())?;
        source.state.qualifying_table(&teams, counted)
    }

    /// 4.3, 5.2: the ChGK tours a qualification counts — «по итогам
    /// первого игрового дня»: the ChGK tours of the programme's first game
    /// day; every tour when there is no programme or that day has none.
    pub fn qualifying_window(&self) -> CountedTours {
        match self.programme.as_ref().and_then(|p| p.qualifying_tours()) {
            Some(tours) => CountedTours::These(tours),
            None => CountedTours::All,
        }
    }

    /// 4.3, 5.2: the ChGK standings Brain-ring and Эрудит-квартет qualify
    /// from, over [`Core::qualifying_window`].
    pub(super) fn qualifying_standings(&self) -> Option<Vec<(TeamId, ChgkRow)>> {
        self.qualifying_table(&self.qualifying_window())
    }

    /// 4.3–4.4: the `places` best ChGK teams (points, then rating; a tie
    /// across the cut settled by the host's `cut` — or, when that is empty,
    /// by the shoot-off recorded so far — else refused naming the tied
    /// teams), seeded by the table after three tours (its full ties by a
    /// lot with `seed`), handed to `game` as its format's seeding command.
    pub(super) fn decide_qualify(
        &self,
        game: GameId,
        places: u32,
        seed: u64,
        cut: &CutDecision,
        now: ServerTime,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        let cut = if *cut == CutDecision::default() {
            self.recorded_cut(game, places).unwrap_or_default()
        } else {
            cut.clone()
        };
        match self.cut_outcome(game, places, seed, &cut, now)? {
            CutOutcome::Qualified(events) => Ok((Receipt::Done, events)),
            CutOutcome::Tied { refusal, .. } => Err(refusal),
        }
    }

    /// 4.3, 5.2: one step of the host's settlement of the tie at the cut
    /// (a shoot-off question's right cards, or a lot), added to the steps
    /// recorded so far and stored with them; once the tie is broken, the
    /// qualification itself, as [`Core::decide_qualify`].
    pub(super) fn decide_settle_cut(
        &self,
        game: GameId,
        places: u32,
        seed: u64,
        step: CutStep,
        now: ServerTime,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        // A settled tie stays as it was settled (4.3: its record is the
        // qualification's).
        if let Some(done) = self.games.get(&game).and_then(|g| g.state.qualifying_cut())
            && done.places == places
            && done.settled()
        {
            return Err(CommandError::Qualification(
                "the tie at the cut is already settled".to_owned(),
            ));
        }
        let mut cut = self.recorded_cut(game, places).unwrap_or_default();
        match step {
            CutStep::ShootOff { right } => cut.shoot_off.push(right),
            CutStep::Lot { seed } => cut.lot = Some(seed),
        }
        match self.cut_outcome(game, places, seed, &cut, now)? {
            CutOutcome::Qualified(events) => Ok((Receipt::Done, events)),
            CutOutcome::Tied { record, .. } => {
                let slot = self.games.get(&game).ok_or(CommandError::NoSuchGame)?;
                let event = slot.state.cut_recorded(*record).ok_or_else(|| {
                    CommandError::Qualification(format!(
                        "game {game} keeps no record of a tie at its cut"
                    ))
                })?;
                Ok((Receipt::Done, vec![Event::Game { game, event }]))
            }
        }
    }

    /// The host's settlement recorded so far for a qualification of
    /// `places` into `game`, while its tie still stands.
    fn recorded_cut(&self, game: GameId, places: u32) -> Option<CutDecision> {
        let cut = self.games.get(&game)?.state.qualifying_cut()?;
        (cut.places == places && !cut.settled()).then(|| CutDecision {
            shoot_off: cut.shoot_off.clone(),
            lot: cut.lot,
        })
    }

    /// The qualification with `cut` applied: the events that seed `game`
    /// (with the settled tie's record first, when there was a tie), or the
    /// tie still standing — its record and the refusal naming its teams.
    fn cut_outcome(
        &self,
        game: GameId,
        places: u32,
        seed: u64,
        cut: &CutDecision,
        now: ServerTime,
    ) -> Result<CutOutcome, CommandError> {
        let slot = self.games.get(&game).ok_or(CommandError::NoSuchGame)?;
        let teams = self.registry.team_ids();
        let all = self.qualifying_standings().ok_or_else(no_chgk)?;
        let rows: Vec<_> = all.iter().map(|(_, row)| row.clone()).collect();
        let index = |t: &TeamId| teams.iter().position(|x| x == t);
        let mut shoot_off = Vec::with_capacity(cut.shoot_off.len());
        for question in &cut.shoot_off {
            shoot_off.push(
                question
                    .iter()
                    .map(|t| index(t).ok_or(CommandError::NoSuchTeam))
                    .collect::<Result<Vec<usize>, _>>()?,
            );
        }
        let settlement = CutSettlement {
            shoot_off,
            lot: cut.lot,
        };
        let id = |i: &usize| teams.get(*i).copied().unwrap_or(TeamId(*i as u32));
        let ids = |list: &[usize]| list.iter().map(id).collect::<Vec<TeamId>>();
        let named = |i: usize| (id(&i), self.roster.name(id(&i)));
        let record = |tied: &[usize], contested: usize| QualifyingCut {
            places,
            seed,
            tied: ids(tied),
            contested: contested as u32,
            shoot_off: cut.shoot_off.clone(),
            lot: cut.lot,
            lot_order: Vec::new(),
            still_tied: Vec::new(),
            left: 0,
            seeding_lot: Vec::new(),
        };
        let qualified = match qualify(&rows, places as usize, &settlement) {
            Ok(q) => q,
            Err(QualifyError::CutTie {
                teams: still,
                places: left,
            }) => {
                // The whole tie as it stood before any shoot-off.
                let (tied, contested) =
                    match qualify(&rows, places as usize, &CutSettlement::default()) {
                        Err(QualifyError::CutTie { teams, places }) => (teams, places),
                        _ => (still.clone(), left),
                    };
                return Ok(CutOutcome::Tied {
                    record: Box::new(QualifyingCut {
                        still_tied: ids(&still),
                        left: left as u32,
                        ..record(&tied, contested)
                    }),
                    refusal: CommandError::TieAtTheCut {
                        teams: still.into_iter().map(named).collect(),
                        places: left as u32,
                    },
                });
            }
            Err(QualifyError::NotTied { question, team }) => {
                return Err(CommandError::Qualification(format!(
                    "shoot-off question {}: «{}» is not one of the teams still tied",
                    question + 1,
                    named(team).1
                )));
            }
            Err(other) => return Err(CommandError::Qualification(other.to_string())),
        };
        let early = self
            .qualifying_table(&CountedTours::First(SEEDING_TOURS))
            .ok_or_else(no_chgk)?;
        let early_rows: Vec<_> = early.iter().map(|(_, row)| row.clone()).collect();
        let seeded: Vec<TeamId> = seeding_order(&qualified.teams, &early_rows, Seed(seed))
            .iter()
            .filter_map(|i| teams.get(*i).copied())
            .collect();
        // 4.4: the seeding lot among full ties of the seeding table, for a
        // format whose seeding decides who meets whom: recorded and shown.
        let seeding_lot = if slot.format().seeded_by_table() {
            seeding_ties(&seeded, &early)
        } else {
            Vec::new()
        };
        let command = slot.state.qualified(seeded, seed).ok_or_else(|| {
            CommandError::Qualification(format!(
                "game {game} is not one teams qualify into from ChGK"
            ))
        })?;
        let (_, seeding) = self.decide_game(Identity::Host, game, command, now)?;
        // 4.3: the settled tie is kept with the qualification (the
        // scoresheet's record, the lot's seed and order for the hall).
        let mut events = Vec::new();
        if !qualified.tied.is_empty() || !seeding_lot.is_empty() {
            let settled = QualifyingCut {
                lot_order: ids(&qualified.lot_order),
                seeding_lot,
                ..record(&qualified.tied, qualified.contested)
            };
            if let Some(event) = slot.state.cut_recorded(settled) {
                events.push(Event::Game { game, event });
            }
        }
        events.extend(seeding);
        Ok(CutOutcome::Qualified(events))
    }
}

/// 4.4: the groups of `seeded` (in seeding order) level on points and
/// rating in the seeding table, each in the order the lot drew it; a team
/// missing from the table is in no group.
fn seeding_ties(seeded: &[TeamId], table: &[(TeamId, ChgkRow)]) -> Vec<Vec<TeamId>> {
    let key = |team: &TeamId| {
        table
            .iter()
            .find(|(t, _)| t == team)
            .map(|(_, row)| (row.points, row.rating))
    };
    let mut groups: Vec<Vec<TeamId>> = Vec::new();
    let mut last = None;
    for team in seeded {
        let k = key(team);
        match groups.last_mut() {
            Some(group) if k.is_some() && k == last => group.push(*team),
            _ => groups.push(vec![*team]),
        }
        last = k;
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// A qualification with the host's settlement applied.
enum CutOutcome {
    Qualified(Vec<Event>),
    Tied {
        /// Boxed: the record is far larger than the other variant.
        record: Box<QualifyingCut>,
        refusal: CommandError,
    },
}
