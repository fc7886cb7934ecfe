//! The Brain-ring tournament live (4.1–4.12): the qualified teams in seeding
//! order, six qualifying rounds paired without rematches, the «царь горы»
//! play-off of the top five and the best-of-three final — each step computed
//! by [`crate::play::brain_ring::rules`] from the fights closed so far. Several
//! fights may run at once on different stages, each with its own clock.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::fight::{FightKind, RingAppealKind};
use super::{
    FightId, PressKind, RingEvent, RingFight, RingPlayError, RingTiming, Table, TournamentBlock,
};
use crate::ids::TeamId;
use crate::play::brain_ring::rules::{
    Fight, FightFormat, FinalSeries, KingOfTheHill, PlayoffStatus, QUALIFYING_ROUNDS, Qualifying,
    RingRow, SeriesStatus, first_round_pairs,
};
use crate::time::ServerTime;

/// Where the tournament stands, and what the host can start next.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RingStage {
    /// No teams qualified yet.
    #[default]
    NotSeeded,
    /// `round` (from 1) can be started with these pairs (seeding indices
    /// mapped to teams), or is being played (`open` fights remain).
    Qualifying {
        round: u32,
        pairs: Vec<[TeamId; 2]>,
        open: u32,
    },
    /// The next «царь горы» fight.
    Playoff { teams: [TeamId; 2], open: bool },
    /// The next fight of the final and who sits where.
    Final {
        number: u32,
        tables: [TeamId; 2],
        open: bool,
    },
    /// 4.12: the champion is known.
    Finished { champion: TeamId },
    /// 4.8: no pairing without rematches exists; the host must decide.
    Stuck(TournamentBlock),
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingTournament {
    pub timing: RingTiming,
    /// The qualified teams in seeding order (4.4): engine index = position.
    pub teams: Vec<TeamId>,
    pub seed: u64,
    pub fights: BTreeMap<FightId, RingFight>,
    /// The package questions the host loaded, in order: each «read» takes
    /// the next one (docs/rules.md, 4, «Questions from a package»).
    pub questions: Vec<crate::packages::Question>,
    /// Which pool question each fight's question is: (fight, its question
    /// number) → index in `questions`. Taken in the order questions are read.
    pub asked: BTreeMap<(FightId, u32), usize>,
    /// Questions found in play at the server's last start (issue 14.4),
    /// for the host; not stored, made by [`RingTournament::restart`].
    #[serde(skip)]
    pub restarts: Vec<super::RingRestartNotice>,
    /// 4.3: the tie at the entry cut, as the event last recorded it.
    #[serde(default)]
    pub cut: Option<crate::play::cut::QualifyingCut>,
}

impl RingTournament {
    pub fn fight(&self, id: FightId) -> Result<&RingFight, RingPlayError> {
        self.fights.get(&id).ok_or(RingPlayError::NoSuchFight)
    }

    pub fn next_fight_id(&self) -> FightId {
        FightId(self.fights.keys().next_back().map_or(1, |f| f.0 + 1))
    }

    fn index_of(&self, team: TeamId) -> Option<usize> {
        self.teams.iter().position(|t| *t == team)
    }

    /// The open fight a team plays now, if any (a team plays one at a time).
    pub fn open_fight_of(&self, team: TeamId) -> Option<&RingFight> {
        self.fights
            .values()
            .find(|f| f.is_open() && f.tables.contains(&team))
    }

    /// A fight's place among the fights of its kind (by opening order), from 1.
    pub fn ordinal(&self, fight: &RingFight) -> u32 {
        let before = self
            .fights
            .values()
            .filter(|f| f.kind == fight.kind && f.id < fight.id)
            .count();
        before as u32 + 1
    }

    /// Whether a press may come at any moment: some open fight has a
    /// question in play (read, armed, answered or in its second chance).
    pub fn buttons_live(&self) -> bool {
        self.fights
            .values()
            .any(|f| f.is_open() && f.current.as_ref().is_some_and(|q| !q.is_over()))
    }

    /// Closed fights of a kind, as the rules engines count them (by seeding index).
    fn closed_qualifying_rounds(&self) -> Vec<Vec<Fight>> {
        let mut rounds: Vec<Vec<Fight>> = Vec::new();
        for f in self.fights.values().filter(|f| !f.is_open()) {
            let FightKind::Qualifying { round } = f.kind else {
                continue;
            };
            let (Some(a), Some(b), Some(result)) = (
                self.index_of(f.tables[0]),
                self.index_of(f.tables[1]),
                f.result(),
            ) else {
                continue;
            };
            let r = round.saturating_sub(1) as usize;
            if rounds.len() <= r {
                rounds.resize(r + 1, Vec::new());
            }
            rounds[r].push(Fight {
                teams: [a, b],
                score: result.score,
            });
        }
        rounds
    }

    pub fn qualifying(&self) -> Option<Qualifying> {
        let mut q = Qualifying::new(self.teams.len()).ok()?;
        for round in self.closed_qualifying_rounds() {
            // Fights were paired by the same rules, so rounds fit; a round
            // that somehow does not is left out rather than trusted.
            let _ = q.play_round(round);
        }
        Some(q)
    }

    /// The qualifying table (4.6–4.7), by seeding index mapped to teams.
    pub fn standings(&self) -> Vec<(TeamId, RingRow)> {
        let Some(q) = self.qualifying() else {
            return Vec::new();
        };
        q.standings()
            .into_iter()
            .filter_map(|row| self.teams.get(row.team).map(|t| (*t, row)))
            .collect()
    }

    fn rounds_started(&self) -> u32 {
        self.fights
            .values()
            .filter_map(|f| match f.kind {
                FightKind::Qualifying { round } => Some(round),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    fn open_count(&self, pred: impl Fn(&FightKind) -> bool) -> u32 {
        self.fights
            .values()
            .filter(|f| f.is_open() && pred(&f.kind))
            .count() as u32
    }

    fn winners_of(&self, pred: impl Fn(&FightKind) -> bool) -> Vec<usize> {
        self.fights
            .values()
            .filter(|f| !f.is_open() && pred(&f.kind))
            .filter_map(|f| f.winner().and_then(|w| self.index_of(w)))
            .collect()
    }

    pub fn stage(&self) -> RingStage {
        if self.teams.len() < 2 {
            return RingStage::NotSeeded;
        }
        let Some(qualifying) = self.qualifying() else {
            return RingStage::Stuck(TournamentBlock::OddTeams {
                teams: self.teams.len() as u32,
            });
        };
        let started = self.rounds_started();
        let open = self.open_count(|k| matches!(k, FightKind::Qualifying { .. }));
        let map = |pairs: Vec<[usize; 2]>| -> Vec<[TeamId; 2]> {
            pairs
                .into_iter()
                .filter_map(|[a, b]| Some([*self.teams.get(a)?, *self.teams.get(b)?]))
                .collect()
        };
        if open > 0 {
            let pairs = self
                .fights
                .values()
                .filter(|f| f.kind == FightKind::Qualifying { round: started })
                .map(|f| f.tables)
                .collect();
            return RingStage::Qualifying {
                round: started,
                pairs,
                open,
            };
        }
        // 4.9: six rounds; fewer teams than the rounds allow end earlier.
        let max_rounds = QUALIFYING_ROUNDS.min(self.teams.len().saturating_sub(1)) as u32;
        if started < max_rounds {
            let pairs = if started == 0 {
                first_round_pairs(&(0..self.teams.len()).collect::<Vec<_>>())
            } else {
                qualifying.next_round()
            };
            match pairs {
                Some(pairs) => {
                    return RingStage::Qualifying {
                        round: started + 1,
                        pairs: map(pairs),
                        open: 0,
                    };
                }
                None if started == 0 => {
                    return RingStage::Stuck(TournamentBlock::FirstRoundUnpairable);
                }
                // 4.8: no round without rematches exists, so none can be
                // played: the qualifying part ends here and the play-off
                // follows on the table as it stands (docs/rules.md, 4.8).
                None => {}
            }
        }
        // 4.9: the top five play off; with fewer teams, the top two go
        // straight to the final.
        let table: Vec<usize> = qualifying.standings().iter().map(|r| r.team).collect();
        let finalists = if table.len() >= 5 {
            let Some(ladder) = self.playoff_ladder(&table) else {
                return RingStage::Stuck(TournamentBlock::PlayoffSeedsRepeat);
            };
            match ladder.status() {
                PlayoffStatus::Fight { teams } => {
                    let teams = map(vec![teams]).first().copied();
                    let open = self.open_count(|k| *k == FightKind::Playoff) > 0;
                    return match teams {
                        Some(teams) => RingStage::Playoff { teams, open },
                        None => RingStage::Stuck(TournamentBlock::UnknownPlayoffTeam),
                    };
                }
                PlayoffStatus::Final { teams } => teams,
            }
        } else {
            [table[0], table[1]]
        };
        let Some(series) = self.final_series(finalists) else {
            return RingStage::Stuck(TournamentBlock::FinalistsRepeat);
        };
        let open = self.open_count(|k| matches!(k, FightKind::Final { .. })) > 0;
        match series.status() {
            SeriesStatus::NextFight { number, tables } => match map(vec![tables]).first() {
                Some(tables) => RingStage::Final {
                    number: number as u32,
                    tables: *tables,
                    open,
                },
                None => RingStage::Stuck(TournamentBlock::UnknownFinalist),
            },
            SeriesStatus::Champion { team } => match self.teams.get(team) {
                Some(champion) => RingStage::Finished {
                    champion: *champion,
                },
                None => RingStage::Stuck(TournamentBlock::UnknownChampion),
            },
        }
    }

    /// The «царь горы» ladder (4.11) of the table's top five, with the
    /// play-off fights played so far; `None` with fewer than five teams.
    fn playoff_ladder(&self, table: &[usize]) -> Option<KingOfTheHill> {
        let seeds: [usize; 5] = table.get(..5)?.try_into().ok()?;
        let mut ladder = KingOfTheHill::new(seeds).ok()?;
        for winner in self.winners_of(|k| *k == FightKind::Playoff) {
            let _ = ladder.record_winner(winner);
        }
        Some(ladder)
    }

    /// The final series (4.12) with the final fights played so far.
    fn final_series(&self, finalists: [usize; 2]) -> Option<FinalSeries> {
        let mut series = FinalSeries::new(finalists).ok()?;
        for winner in self.winners_of(|k| matches!(k, FightKind::Final { .. })) {
            let _ = series.record_winner(winner);
        }
        Some(series)
    }

    /// The tournament's places once the champion is known (2.2 with
    /// 4.11–4.12): the final gives 1st and 2nd, the play-off's losers 3rd to
    /// 5th (the first out is 5th), then the rest of the qualifying table in
    /// its order. Empty before the final is decided. Places are never
    /// shared: every stage orders its teams strictly.
    pub fn final_places(&self) -> Vec<(TeamId, u32)> {
        let Some(qualifying) = self.qualifying() else {
            return Vec::new();
        };
        let table: Vec<usize> = qualifying.standings().iter().map(|r| r.team).collect();
        let (finalists, mut ladder_places) = if table.len() >= 5 {
            let Some(ladder) = self.playoff_ladder(&table) else {
                return Vec::new();
            };
            let PlayoffStatus::Final { teams } = ladder.status() else {
                return Vec::new();
            };
            (teams, ladder.places())
        } else {
            match table.as_slice() {
                [first, second, ..] => ([*first, *second], Vec::new()),
                _ => return Vec::new(),
            }
        };
        let Some([champion, runner_up]) = self.final_series(finalists).and_then(|s| s.places())
        else {
            return Vec::new();
        };
        ladder_places.sort_by_key(|(_, place)| place.first);
        let mut order = vec![champion.0, runner_up.0];
        order.extend(ladder_places.into_iter().map(|(team, _)| team));
        let rest: Vec<usize> = table.into_iter().filter(|t| !order.contains(t)).collect();
        order.extend(rest);
        order
            .into_iter()
            .zip(1u32..)
            .filter_map(|(index, place)| Some((*self.teams.get(index)?, place)))
            .collect()
    }

    // ---------------------------------------------------------------- decisions

    /// The fights to open for the next step of the tournament, on stages
    /// 1..=`stages` in turn.
    pub fn handle_start_next(&self, stages: u32) -> Result<Vec<RingEvent>, RingPlayError> {
        let stages = stages.max(1);
        let mut id = self.next_fight_id();
        let mut events = Vec::new();
        let mut open = |kind: FightKind,
                        label: String,
                        stage: u32,
                        format: FightFormat,
                        tables: [TeamId; 2]| {
            events.push(RingEvent::FightOpened {
                fight: id,
                kind,
                label,
                stage,
                format,
                tables,
            });
            id = FightId(id.0 + 1);
        };
        match self.stage() {
            RingStage::Qualifying {
                round,
                pairs,
                open: 0,
            } => {
                // A team still in a friendly fight cannot be sent to a second one.
                if pairs
                    .iter()
                    .flatten()
                    .any(|t| self.open_fight_of(*t).is_some())
                {
                    return Err(RingPlayError::TeamBusy);
                }
                for (i, pair) in pairs.into_iter().enumerate() {
                    let label = format!("Круг {round}, бой {}", i + 1);
                    open(
                        FightKind::Qualifying { round },
                        label,
                        i as u32 % stages + 1,
                        FightFormat::QUALIFYING,
                        pair,
                    );
                }
            }
            RingStage::Playoff { teams, open: false } => {
                if teams.iter().any(|t| self.open_fight_of(*t).is_some()) {
                    return Err(RingPlayError::TeamBusy);
                }
                open(
                    FightKind::Playoff,
                    "Плей-офф".into(),
                    1,
                    FightFormat::PLAYOFF,
                    teams,
                );
            }
            RingStage::Final {
                number,
                tables,
                open: false,
            } => {
                if tables.iter().any(|t| self.open_fight_of(*t).is_some()) {
                    return Err(RingPlayError::TeamBusy);
                }
                open(
                    FightKind::Final { number },
                    format!("Финал, бой {number}"),
                    1,
                    FightFormat::FINAL,
                    tables,
                );
            }
            RingStage::NotSeeded => {
                return Err(RingPlayError::Tournament(TournamentBlock::NotSeeded));
            }
            RingStage::Finished { .. } => {
                return Err(RingPlayError::Tournament(TournamentBlock::Finished));
            }
            RingStage::Stuck(why) => return Err(RingPlayError::Tournament(why)),
            _ => {
                return Err(RingPlayError::Tournament(TournamentBlock::FightsOpen));
            }
        }
        Ok(events)
    }

    /// A single fight outside the tournament's flow.
    pub fn handle_friendly(
        &self,
        tables: [TeamId; 2],
        format: FightFormat,
    ) -> Result<RingEvent, RingPlayError> {
        if tables[0] == tables[1] {
            return Err(RingPlayError::Tournament(TournamentBlock::SameTeam));
        }
        if tables.iter().any(|t| self.open_fight_of(*t).is_some()) {
            return Err(RingPlayError::TeamBusy);
        }
        let id = self.next_fight_id();
        Ok(RingEvent::FightOpened {
            fight: id,
            kind: FightKind::Friendly,
            label: format!("Бой {id}"),
            stage: 1,
            format,
            tables,
        })
    }

    /// A press from `team`, stamped on arrival: the fight it plays now decides.
    pub fn press_target(&self, team: TeamId) -> Option<FightId> {
        self.open_fight_of(team).map(|f| f.id)
    }

    pub fn check_appeal(
        &self,
        fight: FightId,
        team: TeamId,
        kind: RingAppealKind,
    ) -> Result<u32, RingPlayError> {
        self.fight(fight)?.check_appeal(team, kind)
    }

    // ---------------------------------------------------------------- apply

    /// The only mutation. Time passes to each event's instant first.
    pub fn apply(&mut self, event: &RingEvent) -> Option<PressKind> {
        if let Some(at) = event.at() {
            self.advance(at);
        }
        let timing = self.timing.clone();
        match event {
            RingEvent::TimingSet { timing } => self.timing = timing.clone(),
            RingEvent::Qualified { teams, seed } => {
                self.teams = teams.clone();
                self.seed = *seed;
            }
            RingEvent::FightOpened {
                fight,
                kind,
                label,
                stage,
                format,
                tables,
            } => {
                self.fights.insert(
                    *fight,
                    RingFight::new(*fight, *kind, label.clone(), *stage, *format, *tables),
                );
            }
            RingEvent::QuestionRead { fight, at } => {
                self.with(*fight, |f| f.read(*at));
                self.take_next_question(*fight);
            }
            RingEvent::Armed { fight, at } => self.with(*fight, |f| f.arm(*at, &timing)),
            RingEvent::Pressed {
                fight,
                team,
                at,
                rtt_us,
                clock_offset_us,
            } => {
                return self
                    .fights
                    .get_mut(fight)
                    .map(|f| f.press(*team, *at, *rtt_us, *clock_offset_us, &timing));
            }
            RingEvent::ContestDecided { fight, table, .. } => {
                self.with(*fight, |f| f.decide(*table as Table))
            }
            RingEvent::Judged { fight, correct, at } => {
                self.with(*fight, |f| f.judge(*correct, *at, &timing))
            }
            RingEvent::AppealFiled {
                fight,
                team,
                kind,
                text,
                at,
            } => self.with(*fight, |f| f.file_appeal(*team, *kind, text.clone(), *at)),
            RingEvent::AppealResolved {
                fight,
                appeal,
                upheld,
                reply,
                at,
            } => self.with(*fight, |f| {
                f.resolve_appeal(*appeal, *upheld, reply.clone(), *at)
            }),
            RingEvent::FightClosed { fight, at } => self.with(*fight, |f| f.close(*at)),
            RingEvent::CutRecorded { cut } => {
                self.cut = Some(cut.clone());
            }
            RingEvent::QuestionsAdded { questions } => {
                self.questions.extend(questions.iter().cloned());
            }
            RingEvent::Interrupted {
                fight, question, ..
            } => {
                if let Some(q) = self
                    .fights
                    .get_mut(fight)
                    .and_then(|f| f.current.as_mut())
                    .filter(|q| q.number == *question)
                {
                    q.interrupt();
                }
            }
        }
        None
    }

    /// The question a fight has just started reading gets the pool's next
    /// question, if any is left.
    fn take_next_question(&mut self, fight: FightId) {
        let Some(number) = self
            .fights
            .get(&fight)
            .and_then(|f| f.current.as_ref())
            .map(|q| q.number)
        else {
            return;
        };
        let next = self.asked.len();
        if next < self.questions.len() {
            self.asked.insert((fight, number), next);
        }
    }

    fn with(&mut self, fight: FightId, change: impl FnOnce(&mut RingFight)) {
        if let Some(f) = self.fights.get_mut(&fight) {
            change(f);
        }
    }

    /// Lets time pass in every open fight.
    pub fn advance(&mut self, now: ServerTime) {
        for f in self.fights.values_mut().filter(|f| f.is_open()) {
            f.advance(now);
        }
    }

    pub fn next_deadline(&self) -> Option<ServerTime> {
        self.fights
            .values()
            .filter(|f| f.is_open())
            .filter_map(RingFight::next_deadline)
            .min()
    }
}

#[cfg(test)]
mod tests;
