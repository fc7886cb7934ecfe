//! The Эрудит-квартет tournament (5.1–5.5): the qualified teams drawn blind
//! into groups of four (5.3), one group's game at a time, each stage's
//! groups filled from the last by the advancement table (5.4, 5.5), and the
//! pool of themes the tours take their rounds from.

use serde::{Deserialize, Serialize};

use super::{EruditEvent, EruditTheme, EruditTiming, QuartetGame};
use crate::ids::TeamId;
use crate::play::erudit::rules::{
    Attempt, GroupResult, OpenTie, ROUNDS_PER_TOUR, TieSettlement, advance_stage, group_places,
};
use crate::time::ServerTime;

/// 5.3–5.5 as Minuta reads them (docs/rules.md, 5.4): one group (the final
/// alone), two groups and their final, or four groups, two, and the final.
pub const TEAM_COUNTS: [usize; 3] = [4, 8, 16];

/// 5.8: a tour's four rounds, no player twice.
pub const MIN_PLAYERS: usize = ROUNDS_PER_TOUR;

/// One group of a stage and its game once started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupPlay {
    pub teams: Vec<TeamId>,
    pub game: Option<QuartetGame>,
    /// 5.4, 5.5: how the host settled this group's deciding ties so far.
    #[serde(default)]
    pub ties: Vec<TieSettlement>,
}

impl GroupPlay {
    pub fn finished(&self) -> bool {
        self.game.as_ref().is_some_and(QuartetGame::finished)
    }

    /// The group's points as the tournament counts them (complete tours).
    pub fn result(&self) -> GroupResult {
        GroupResult {
            teams: self.teams.iter().map(|t| t.0 as usize).collect(),
            points: self
                .game
                .as_ref()
                .map_or_else(|| vec![0; self.teams.len()], |g| g.points(true)),
            finished: self.finished(),
            ties: self.ties.clone(),
        }
    }
}

/// A shoot-off question in play (5.4, 5.5): the tied teams' players at the
/// buttons; the first to press answers; a wrong answer lets the others
/// press; the first right answer takes the highest place at stake.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShootOffQuestion {
    pub attempts: Vec<Attempt>,
    pub answering: Option<TeamId>,
}

/// A deciding tie the game stopped at: the group it is in and the tie.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingTie {
    pub stage: usize,
    pub group: usize,
    pub tie: OpenTie,
    /// The final's first place: the title.
    pub for_title: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditTournament {
    pub timing: EruditTiming,
    pub themes: Vec<EruditTheme>,
    /// Themes the tours have taken so far.
    pub themes_used: u32,
    /// The draw's and the lots' recorded seed (5.3, 5.4).
    pub seed: u64,
    /// The qualified teams in seeding order.
    pub entrants: Vec<TeamId>,
    pub stages: Vec<Vec<GroupPlay>>,
    /// Issue 14.4: the server found something in play when it started
    /// again; the host's next step clears it.
    pub restart_notice: bool,
    /// The shoot-off question in play, if any (5.4, 5.5).
    #[serde(default)]
    pub shoot_off: Option<ShootOffQuestion>,
    /// When the host last took a step settling a tie (the projector shows
    /// the game until the hall has seen the result).
    #[serde(default)]
    pub last_tie_step: Option<ServerTime>,
    /// 5.2 (as 4.3): the tie at the entry cut, as the event last recorded it.
    #[serde(default)]
    pub cut: Option<crate::play::cut::QualifyingCut>,
}

impl EruditTournament {
    /// The group whose game is in play: (stage, group).
    pub fn current(&self) -> Option<(usize, usize)> {
        self.stages.iter().enumerate().find_map(|(s, groups)| {
            groups
                .iter()
                .position(|g| g.game.as_ref().is_some_and(|game| !game.finished()))
                .map(|g| (s, g))
        })
    }

    pub fn game(&self) -> Option<&QuartetGame> {
        let (s, g) = self.current()?;
        self.stages.get(s)?.get(g)?.game.as_ref()
    }

    pub(super) fn game_mut(&mut self) -> Option<&mut QuartetGame> {
        let (s, g) = self.current()?;
        self.stages.get_mut(s)?.get_mut(g)?.game.as_mut()
    }

    /// The last game played or in play, for the screens between games.
    pub fn shown_game(&self) -> Option<&QuartetGame> {
        self.game().or_else(|| {
            self.stages
                .iter()
                .flatten()
                .filter_map(|g| g.game.as_ref())
                .next_back()
        })
    }

    pub fn started(&self) -> bool {
        self.stages.iter().flatten().any(|g| g.game.is_some())
    }

    /// Every stage played and no stage after the last: the final is over,
    /// and a tie for its first place settled (5.5).
    pub fn finished(&self) -> bool {
        self.stages
            .last()
            .is_some_and(|groups| groups.len() == 1 && groups.iter().all(GroupPlay::finished))
            && self.pending_tie().is_none()
    }

    /// 5.4, 5.5: the first deciding tie of a played group of the last
    /// stage that the host has not settled yet: the tournament waits at it.
    pub fn pending_tie(&self) -> Option<PendingTie> {
        let stage = self.stages.len().checked_sub(1)?;
        let groups = self.stages.get(stage)?;
        groups.iter().enumerate().find_map(|(g, play)| {
            if !play.finished() {
                return None;
            }
            let order = group_places(&play.result(), groups.len(), g).ok()?;
            let tie = order.open.into_iter().next()?;
            Some(PendingTie {
                stage,
                group: g,
                for_title: groups.len() == 1 && tie.first == 1,
                tie,
            })
        })
    }

    /// Whether `team`'s player may press in the shoot-off question now: it
    /// is still tied, nobody answers, and it has not answered this one.
    pub fn shoot_off_takes(&self, team: TeamId) -> bool {
        let Some(q) = &self.shoot_off else {
            return false;
        };
        let index = team.0 as usize;
        q.answering.is_none()
            && !q.attempts.iter().any(|a| a.team == index)
            && self
                .pending_tie()
                .is_some_and(|p| p.tie.teams.contains(&index))
    }

    /// The settlement record of the pending tie (made on its first step).
    fn settlement_mut(&mut self) -> Option<&mut TieSettlement> {
        let pending = self.pending_tie()?;
        let play = self.stages.get_mut(pending.stage)?.get_mut(pending.group)?;
        let tied = pending.tie.tied;
        let i = match play.ties.iter().position(|s| same_teams(&s.teams, &tied)) {
            Some(i) => i,
            None => {
                play.ties.push(TieSettlement {
                    teams: tied,
                    ..TieSettlement::default()
                });
                play.ties.len() - 1
            }
        };
        play.ties.get_mut(i)
    }

    /// The shoot-off question is over: its attempts join the tie's record,
    /// and the tournament goes on if that settled it.
    fn close_shoot_off(&mut self) {
        let Some(q) = self.shoot_off.take() else {
            return;
        };
        if let Some(s) = self.settlement_mut() {
            s.shoot_off.push(q.attempts);
        }
        self.after_tie_step();
    }

    fn after_tie_step(&mut self) {
        if let Some(stage) = self.stage_index() {
            self.maybe_next_stage(stage);
        }
    }

    /// The next theme indices a tour takes (`None` past the pool's end).
    pub fn next_themes(&self) -> Vec<Option<u32>> {
        (0..ROUNDS_PER_TOUR as u32)
            .map(|i| {
                let index = self.themes_used + i;
                ((index as usize) < self.themes.len()).then_some(index)
            })
            .collect()
    }

    pub fn next_deadline(&self) -> Option<ServerTime> {
        self.game().and_then(QuartetGame::next_deadline)
    }

    /// Passes the game's deadlines up to `now`.
    pub fn advance(&mut self, now: ServerTime) -> bool {
        self.game_mut().is_some_and(|g| g.advance(now))
    }

    /// The only mutation of the tournament.
    pub fn apply_event(&mut self, event: &EruditEvent) {
        use EruditEvent as E;
        // Deadlines up to the event's moment pass first, as they did live;
        // a restart's interruption is stored before time is let pass.
        if let Some(at) = event
            .at()
            .filter(|_| !matches!(event, E::Interrupted { .. }))
        {
            self.advance(at);
        }
        let timing = self.timing.clone();
        match event {
            E::TimingSet { timing } => self.timing = timing.clone(),
            E::ThemesAdded { themes } => self.themes.extend(themes.iter().cloned()),
            E::CutRecorded { cut } => self.cut = Some(cut.clone()),
            E::Seeded {
                teams,
                seed,
                groups,
            } => {
                self.entrants = teams.clone();
                self.seed = *seed;
                self.stages = vec![
                    groups
                        .iter()
                        .map(|teams| GroupPlay {
                            teams: teams.clone(),
                            game: None,
                            ties: Vec::new(),
                        })
                        .collect(),
                ];
            }
            E::GameStarted {
                stage,
                group,
                players,
                ..
            } => {
                if let Some(g) = self
                    .stages
                    .get_mut(*stage as usize)
                    .and_then(|s| s.get_mut(*group as usize))
                {
                    g.game = Some(QuartetGame::new(
                        *stage,
                        *group,
                        g.teams.clone(),
                        players.clone(),
                    ));
                }
            }
            E::LineupOpened { themes, at } => {
                if themes.is_some() {
                    self.themes_used += ROUNDS_PER_TOUR as u32;
                    self.themes_used = self.themes_used.min(self.themes.len() as u32);
                }
                if let Some(g) = self.game_mut() {
                    g.open_lineup(themes.clone(), *at, &timing);
                }
            }
            E::LineupSet { team, players, .. } => {
                if let Some(g) = self.game_mut()
                    && let Some(i) = g.index_of(*team)
                {
                    g.set_lineup(i, players.clone());
                }
            }
            E::LineupClosed { .. } => {
                if let Some(g) = self.game_mut() {
                    g.close_lineup();
                }
            }
            E::ReadingStarted { at } => {
                if let Some(g) = self.game_mut() {
                    g.read(*at);
                }
            }
            E::ReadingEnded { at } => {
                if let Some(g) = self.game_mut() {
                    g.end_reading(*at, &timing);
                }
            }
            E::Reread { at } => {
                if let Some(g) = self.game_mut() {
                    g.reread(*at);
                }
            }
            E::Pressed {
                team,
                at,
                rtt_us,
                clock_offset_us,
            } => {
                if self.shoot_off.is_some() {
                    if self.shoot_off_takes(*team)
                        && let Some(q) = &mut self.shoot_off
                    {
                        q.answering = Some(*team);
                    }
                } else if let Some(g) = self.game_mut() {
                    g.press(*team, *at, *rtt_us, *clock_offset_us);
                }
            }
            E::Judged { correct, at } => {
                if let Some(g) = self.game_mut() {
                    g.judge(*correct, *at, &timing);
                }
            }
            E::Next { .. } => {
                let stage = self.current().map(|(s, _)| s);
                if let Some(g) = self.game_mut() {
                    g.next();
                }
                if let Some(stage) = stage {
                    self.maybe_next_stage(stage);
                }
            }
            E::Interrupted { at } => {
                if let Some(q) = &mut self.shoot_off {
                    // A press the store may not have kept: the question
                    // is asked again from its start (issue 14.4).
                    q.answering = None;
                } else if let Some(g) = self.game_mut() {
                    g.interrupted(*at, &timing);
                }
            }
            E::ShootOffOpened { at } => {
                self.last_tie_step = Some(*at);
                self.shoot_off = Some(ShootOffQuestion::default());
            }
            E::ShootOffJudged { correct, at } => {
                self.last_tie_step = Some(*at);
                self.shoot_off_judged(*correct);
            }
            E::ShootOffClosed { at } => {
                self.last_tie_step = Some(*at);
                self.close_shoot_off();
            }
            E::LotDrawn { seed, at } => {
                self.last_tie_step = Some(*at);
                self.shoot_off = None;
                if let Some(s) = self.settlement_mut() {
                    s.lot = Some(*seed);
                }
                self.after_tie_step();
            }
        }
    }

    /// 5.4, 5.5: once every group of the last stage has played and its
    /// deciding ties are settled, the next stage's groups are filled by
    /// the table.
    fn maybe_next_stage(&mut self, stage: usize) {
        if stage + 1 != self.stages.len() {
            return;
        }
        let Some(groups) = self.stages.get(stage) else {
            return;
        };
        if !groups.iter().all(GroupPlay::finished) {
            return;
        }
        let results: Vec<GroupResult> = groups.iter().map(GroupPlay::result).collect();
        // A deciding tie left open stops here until the host settles it.
        if let Ok(Some(next)) = advance_stage(&results) {
            self.stages.push(
                next.into_iter()
                    .map(|teams| GroupPlay {
                        teams: teams.into_iter().map(|t| TeamId(t as u32)).collect(),
                        game: None,
                        ties: Vec::new(),
                    })
                    .collect(),
            );
        }
    }

    /// The answering player's shoot-off answer: right ends the question; a
    /// wrong one lets the other tied teams press, and once every one of
    /// them has answered the question is over.
    fn shoot_off_judged(&mut self, correct: bool) {
        let still_tied = self.pending_tie().map(|p| p.tie.teams).unwrap_or_default();
        let Some(q) = &mut self.shoot_off else {
            return;
        };
        let Some(team) = q.answering.take() else {
            return;
        };
        q.attempts.push(Attempt {
            team: team.0 as usize,
            correct,
        });
        let everyone = still_tied
            .iter()
            .all(|t| q.attempts.iter().any(|a| a.team == *t));
        if correct || everyone {
            self.close_shoot_off();
        }
    }

    /// The stage new games are started in.
    pub fn stage_index(&self) -> Option<usize> {
        self.stages.len().checked_sub(1)
    }

    /// Whether `team` has left a trace: drawn into a group.
    pub fn has_team(&self, team: TeamId) -> bool {
        self.entrants.contains(&team)
    }
}

fn same_teams(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().all(|t| b.contains(t))
}
