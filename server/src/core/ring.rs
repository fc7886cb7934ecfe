//! The core's Brain-ring decisions: each command checked against the live
//! tournament ([`RingTournament`]) and turned into the events to store.

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{FightId, RingEvent, RingPlayError};
use minuta_shared::play::chgk::{ChgkGame, EVENT_CHGK};
use minuta_shared::play::games::GameState;
use minuta_shared::rules::brain_ring::{qualify, seeding_order};
use minuta_shared::rules::chgk::ChgkRow;
use minuta_shared::seed::Seed;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Identity;
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
    /// The event's own ChGK tournament, whose standings Brain-ring
    /// qualifies from (4.3) and whose results the export details.
    pub fn event_chgk(&self) -> Option<&ChgkGame> {
        match &self.games.get(&EVENT_CHGK)?.state {
            GameState::Chgk(chgk) => Some(chgk),
            _ => None,
        }
    }

    /// 4.3: the ChGK standings Brain-ring qualifies from — the tours of the
    /// days before Brain-ring's when the programme has it, else every tour.
    pub(super) fn qualifying_standings(&self) -> Option<Vec<(TeamId, ChgkRow)>> {
        let teams = self.registry.team_ids();
        let chgk = self.event_chgk()?;
        Some(
            match self
                .programme
                .as_ref()
                .and_then(|p| p.brain_ring_qualifying_tours())
            {
                Some(tours) => chgk.standings(&teams, |q| tours.contains(&q.tour)),
                None => chgk.standings(&teams, |_| true),
            },
        )
    }

    pub(super) fn decide_ring(
        &self,
        who: Identity,
        command: Command,
        now: ServerTime,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        let ring = &self.ring;
        let err = CommandError::Ring;
        let fight_ok = |fight: FightId| ring.fight(fight).map_err(err);
        let one = |e: RingEvent| Ok((Receipt::Done, vec![Event::Ring(e)]));
        match command {
            Command::RingSetTiming { timing } => {
                timing.validate().map_err(CommandError::Settings)?;
                one(RingEvent::TimingSet { timing })
            }
            Command::RingQualify { places, seed } => {
                self.ensure_ring_not_started()?;
                let teams = self.registry.team_ids();
                // 4.3: the standings after day one when the programme says
                // which tours those are.
                let all = self.qualifying_standings().ok_or_else(no_chgk)?;
                let rows: Vec<_> = all.iter().map(|(_, row)| row.clone()).collect();
                let qualified = qualify(&rows, places as usize, Seed(seed))
                    .map_err(|e| CommandError::Qualification(e.to_string()))?;
                // 4.4: seeded by the table after three tours.
                let chgk = self.event_chgk().ok_or_else(no_chgk)?;
                let first_tours: Vec<_> = chgk
                    .tours
                    .iter()
                    .take(SEEDING_TOURS)
                    .map(|t| t.id)
                    .collect();
                let early = chgk.standings(&teams, |q| first_tours.contains(&q.tour));
                let early_rows: Vec<_> = early.iter().map(|(_, row)| row.clone()).collect();
                let order = seeding_order(&qualified.teams, &early_rows, Seed(seed));
                let seeded: Vec<TeamId> = order
                    .iter()
                    .filter_map(|i| teams.get(*i).copied())
                    .collect();
                if seeded.len() < 2 || !seeded.len().is_multiple_of(2) {
                    return Err(CommandError::Qualification(format!(
                        "{} teams qualified: Brain-ring pairs need an even number of at least two (4.8)",
                        seeded.len()
                    )));
                }
                one(RingEvent::Qualified {
                    teams: seeded,
                    seed,
                })
            }
            Command::RingSeed { teams } => {
                self.ensure_ring_not_started()?;
                if teams.len() < 2 || !teams.len().is_multiple_of(2) {
                    return Err(CommandError::Qualification(format!(
                        "{} teams: Brain-ring pairs need an even number of at least two (4.8)",
                        teams.len()
                    )));
                }
                let mut seen = std::collections::BTreeSet::new();
                for t in &teams {
                    if !self.registry.teams.contains_key(t) || !seen.insert(*t) {
                        return Err(CommandError::NoSuchTeam);
                    }
                }
                one(RingEvent::Qualified { teams, seed: 0 })
            }
            Command::RingStartNext { stages } => {
                let events = ring.handle_start_next(stages).map_err(err)?;
                Ok((Receipt::Done, events.into_iter().map(Event::Ring).collect()))
            }
            Command::RingFriendly { tables, format } => {
                if tables.iter().any(|t| !self.registry.teams.contains_key(t)) {
                    return Err(CommandError::NoSuchTeam);
                }
                one(ring.handle_friendly(tables, format).map_err(err)?)
            }
            Command::RingRead { fight } => {
                fight_ok(fight)?.check_read().map_err(err)?;
                one(RingEvent::QuestionRead { fight, at: now })
            }
            Command::RingArm { fight } => {
                fight_ok(fight)?.check_arm().map_err(err)?;
                one(RingEvent::Armed { fight, at: now })
            }
            Command::RingJudge { fight, correct } => {
                fight_ok(fight)?.check_judge().map_err(err)?;
                one(RingEvent::Judged {
                    fight,
                    correct,
                    at: now,
                })
            }
            Command::RingDecide { fight, table } => {
                fight_ok(fight)?.check_decide().map_err(err)?;
                one(RingEvent::ContestDecided {
                    fight,
                    table: usize::from(table.min(1)),
                    at: now,
                })
            }
            Command::RingResolveAppeal {
                fight,
                appeal,
                upheld,
                reply,
            } => {
                fight_ok(fight)?.check_resolve(appeal).map_err(err)?;
                one(RingEvent::AppealResolved {
                    fight,
                    appeal,
                    upheld,
                    reply: reply.trim().to_owned(),
                    at: now,
                })
            }
            Command::RingCloseFight { fight } => {
                fight_ok(fight)?.check_close().map_err(err)?;
                one(RingEvent::FightClosed { fight, at: now })
            }
            Command::RingAppeal { fight, kind, text } => {
                let Identity::Team(team) = who else {
                    return Err(CommandError::NoSuchTeam);
                };
                let text = text.trim().to_owned();
                if text.chars().count() > minuta_shared::play::chgk::MAX_APPEAL_CHARS {
                    return Err(CommandError::TooLong {
                        got: text.chars().count() as u32,
                        max: minuta_shared::play::chgk::MAX_APPEAL_CHARS as u32,
                    });
                }
                ring.check_appeal(fight, team, kind).map_err(err)?;
                let appeal = fight_ok(fight)?.appeals.len() as u32 + 1;
                Ok((
                    Receipt::RingAppealFiled { appeal },
                    vec![Event::Ring(RingEvent::AppealFiled {
                        fight,
                        team,
                        kind,
                        text,
                        at: now,
                    })],
                ))
            }
            Command::Press { .. } => Err(CommandError::Ring(RingPlayError::NoQuestion)),
            _ => Err(CommandError::Settings("not a Brain-ring command".into())),
        }
    }

    fn ensure_ring_not_started(&self) -> Result<(), CommandError> {
        if self
            .ring
            .fights
            .values()
            .any(|f| !matches!(f.kind, minuta_shared::play::brain_ring::FightKind::Friendly))
        {
            return Err(CommandError::Ring(RingPlayError::Tournament(
                minuta_shared::play::brain_ring::TournamentBlock::SeedingFixed,
            )));
        }
        Ok(())
    }

    /// A Brain-ring press, stamped `at` on arrival: decided and applied at
    /// once (the verdict goes out before the store commits; DESIGN.md).
    pub fn handle_press(
        &mut self,
        team: TeamId,
        at: ServerTime,
        rtt_us: u64,
        clock_offset_us: i64,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        let fight = self
            .ring
            .press_target(team)
            .ok_or(CommandError::Ring(RingPlayError::NoQuestion))?;
        let event = RingEvent::Pressed {
            fight,
            team,
            at,
            rtt_us,
            clock_offset_us,
        };
        let kind = self
            .ring
            .apply(&event)
            .ok_or(CommandError::Ring(RingPlayError::NoSuchFight))?;
        let since_arming_us = self
            .ring
            .fight(fight)
            .ok()
            .and_then(|f| f.log.presses.last())
            .and_then(|p| p.since_arming_us);
        // Only this fight changed: its screens get it as a patch, not as
        // whole views (the lockout must reach them at once).
        self.patched.insert(fight);
        Ok((
            Receipt::Press {
                kind,
                arrived_at: at,
                since_arming_us,
            },
            vec![Event::Ring(event)],
        ))
    }
}

/// Issue 14.4: a restart in the middle of a Brain-ring question. A press's
/// verdict leaves before its record is committed, so a stop within those
/// few ms can lose the record of a press the hall saw win (never a score:
/// the host's judgement, which scores, is stored before it is
/// acknowledged). The state the host can understand is chosen here.
impl Core {
    /// Called once on start, after the replay and before anything else
    /// (before time is let pass): every open fight whose question was armed
    /// goes back to «reading» (stored as [`Event::RingInterrupted`], so every
    /// later replay does the same), and the host gets a notice for every
    /// question found in play. Returns the events to store before serving.
    pub fn resume_after_restart(&mut self, now: ServerTime) -> Vec<Event> {
        use minuta_shared::play::brain_ring::RingRestartNotice;
        let mut events = Vec::new();
        self.restart_notices.clear();
        for fight in self.ring.fights.values().filter(|f| f.is_open()) {
            let Some(q) = fight.current.as_ref().filter(|q| !q.is_over()) else {
                continue;
            };
            let rearm = q.armed_at_restart();
            if rearm {
                events.push(Event::RingInterrupted {
                    fight: fight.id,
                    question: q.number,
                    at: now,
                });
            }
            self.restart_notices.push(RingRestartNotice {
                fight: fight.id,
                question: q.number,
                rearm,
            });
        }
        for e in &events {
            self.apply(e);
        }
        if !self.restart_notices.is_empty() {
            tracing::warn!(
                questions = self.restart_notices.len(),
                rearmed = events.len(),
                "restarted during Brain-ring questions: armed ones wait for «Время» again"
            );
        }
        events
    }

    /// The notices of questions found in play at the last start.
    pub fn restart_notices(&self) -> &[minuta_shared::play::brain_ring::RingRestartNotice] {
        &self.restart_notices
    }

    /// Applies [`Event::RingInterrupted`]: without letting time pass first
    /// (the minute may have ended while the server was down; that must not
    /// close the question untaken).
    pub(super) fn apply_ring_interrupted(&mut self, fight: FightId, question: u32) {
        if let Some(q) = self
            .ring
            .fights
            .get_mut(&fight)
            .and_then(|f| f.current.as_mut())
            .filter(|q| q.number == question)
        {
            q.interrupt();
        }
    }

    /// The host acted in the fight (read, «Время», a judgement, a decision,
    /// closing it): its restart notice has been seen and goes.
    pub(super) fn clear_restart_notice(&mut self, e: &RingEvent) {
        let host_acted = match e {
            RingEvent::QuestionRead { fight, .. }
            | RingEvent::Armed { fight, .. }
            | RingEvent::ContestDecided { fight, .. }
            | RingEvent::Judged { fight, .. }
            | RingEvent::AppealResolved { fight, .. }
            | RingEvent::FightClosed { fight, .. } => Some(*fight),
            _ => None,
        };
        if let Some(fight) = host_acted {
            self.restart_notices.retain(|n| n.fight != fight);
        }
    }
}
