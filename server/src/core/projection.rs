//! Projections: one view per audience. This is where visibility is enforced:
//! a team's view is built from that team's cards alone, and verdicts and the
//! author's answer enter it only after the host's reveal.

use std::collections::BTreeMap;
use std::sync::Arc;

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{FightAudience, FightId, RingFightView};
use minuta_shared::play::chgk::{GameQuestion, Judger};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::handshake::Identity;
use minuta_shared::wire::view::{
    Access, AnswerGroup, AppealResolution, AppealView, CardReveal, ClockView, DisplayView,
    GameEntry, HostView, JudgeInfo, JudgementEntry, JuryView, LateCard, QuestionJudging,
    QuestionStatus, QuestionView, RingBoard, RingPlaceRow, RingStandingRow, StaffGame, StandingRow,
    TeamCard, TeamInfo, TeamView, TourView, View,
};

use super::Core;

/// How many rows of the public standings a team terminal receives besides its own.
pub const TEAM_STANDINGS_TOP: usize = 10;

/// One fight as its screens must show it after a press: the staff's copy
/// with the press log and every appeal, each table's with its own appeals,
/// and the projector's with neither ([`FightAudience`]).
#[derive(Clone, Debug)]
pub struct FightPatch {
    pub staff: RingFightView,
    pub public: RingFightView,
    pub tables: [TeamId; 2],
    /// What the team at `tables[i]` is sent.
    pub at_tables: [RingFightView; 2],
}

impl Core {
    pub(super) fn fight_patch(&self, fight: FightId) -> Option<FightPatch> {
        let f = self.ring.fight(fight).ok()?;
        let names = self.ring_names(f.tables);
        let ordinal = self.ring.ordinal(f);
        let public = f.view(names.clone(), ordinal, FightAudience::Public);
        // A table's copy differs from the projector's only by its appeals.
        let at_tables = f.tables.map(|team| RingFightView {
            appeals: f.appeals_for(FightAudience::Table(team)),
            ..public.clone()
        });
        Some(FightPatch {
            staff: f.view(names, ordinal, FightAudience::Staff),
            public,
            tables: f.tables,
            at_tables,
        })
    }

    /// The view for one connection's identity.
    pub fn view_for(&self, who: Identity, now: ServerTime) -> View {
        match who {
            Identity::Host => View::Host(self.staff_view(now, true)),
            Identity::Judge(_) => View::Host(self.staff_view(now, false)),
            Identity::Jury => View::Jury(self.jury_view(now)),
            Identity::Display => View::Display(self.display_view(now, &self.public_standings())),
            Identity::Team(team) => View::Team(self.team_view(team, now, &self.public_standings())),
        }
    }

    pub fn clock_view(&self, now: ServerTime) -> ClockView {
        let chgk = &self.chgk;
        let Some(q) = chgk.current_question() else {
            return ClockView::default();
        };
        ClockView {
            question: Some(q.id),
            number: q.number.clone(),
            tour: Some(q.tour),
            phase: chgk.phase_at(now),
            started_at: q.clock.as_ref().map(|c| c.started_at),
            warning_at: q.clock.as_ref().map(|c| c.warning_at()),
            ends_at: q.clock.as_ref().map(|c| c.ends_at()),
            accept_until: q.clock.as_ref().map(|c| c.accept_until()),
        }
    }

    fn rows(&self, counted: impl Fn(&GameQuestion) -> bool) -> Vec<StandingRow> {
        let teams = self.registry.team_ids();
        self.chgk
            .standings(&teams, counted)
            .into_iter()
            .map(|(team, row)| {
                let record = self.registry.teams.get(&team);
                StandingRow {
                    team,
                    name: record.map(|t| t.name.clone()).unwrap_or_default(),
                    town: record.map(|t| t.town.clone()).unwrap_or_default(),
                    place: row.place,
                    points: row.points,
                    rating: row.rating,
                    mask: row.mask,
                }
            })
            .collect()
    }

    /// What the hall may see: only revealed questions count.
    pub fn public_standings(&self) -> Arc<Vec<StandingRow>> {
        Arc::clone(
            self.public_cache
                .get_or_init(|| Arc::new(self.rows(|q| q.revealed_at.is_some()))),
        )
    }

    /// What the host sees: every played question, judged or not.
    pub fn staff_standings(&self) -> Vec<StandingRow> {
        self.rows(|_| true)
    }

    pub fn team_view(&self, team: TeamId, now: ServerTime, public: &[StandingRow]) -> TeamView {
        let cards = self
            .chgk
            .questions
            .iter()
            .filter_map(|q| {
                let card = q.cards.get(&team)?;
                let reveal = q.revealed_at.map(|_| CardReveal {
                    author_answer: q.content.answer.clone(),
                    accepted: q.content.accepted.clone(),
                    comment: q.content.comment.clone(),
                    verdict: q.verdict_for(team),
                    withdrawn: q.withdrawn,
                });
                Some(TeamCard {
                    question: q.id,
                    number: q.number.clone(),
                    text: card.text.clone(),
                    received_at: card.received_at,
                    since_start_ms: card.since_start_ms,
                    late: card.late,
                    reveal,
                })
            })
            .collect();
        let appeals = self.appeal_views(Some(team));
        let mut standings: Vec<StandingRow> =
            public.iter().take(TEAM_STANDINGS_TOP).cloned().collect();
        if !standings.iter().any(|r| r.team == team) {
            standings.extend(public.iter().find(|r| r.team == team).cloned());
        }
        TeamView {
            tournament: self.registry.tournament.clone(),
            team,
            name: self.registry.team_name(team),
            clock: self.clock_view(now),
            cards,
            appeals,
            standings,
            ring: self.ring.open_fight_of(team).map(|f| {
                f.view(
                    self.ring_names(f.tables),
                    self.ring.ordinal(f),
                    FightAudience::Table(team),
                )
            }),
            ring_board: self.team_ring_board(team),
            games: self.game_entries(|g| g.state.team_view(team, &self.roster, now)),
        }
    }

    /// What a team sees of Brain-ring between its fights: every team once
    /// the tournament is seeded (those not qualified follow it too), or a
    /// team that has played a friendly fight; only its own fights.
    fn team_ring_board(&self, team: TeamId) -> Option<RingBoard> {
        let concerned = !self.ring.teams.is_empty()
            || self.ring.fights.values().any(|f| f.tables.contains(&team));
        if !concerned {
            return None;
        }
        let mut board = self.ring_board(FightAudience::Table(team));
        board.fights.retain(|f| f.tables.contains(&team));
        Some(board)
    }

    fn ring_names(&self, tables: [TeamId; 2]) -> [String; 2] {
        tables.map(|t| self.registry.team_name(t))
    }

    /// Brain-ring for a screen: open fights first, then the finished ones
    /// (newest first), each as `audience` may see it.
    pub fn ring_board(&self, audience: FightAudience) -> RingBoard {
        let ring = &self.ring;
        let mut fights: Vec<_> = ring.fights.values().collect();
        fights.sort_by_key(|f| (f.closed_at.is_some(), std::cmp::Reverse(f.id)));
        RingBoard {
            stage: ring.stage(),
            seeding: ring.teams.clone(),
            fights: fights
                .into_iter()
                .map(|f| f.view(self.ring_names(f.tables), ring.ordinal(f), audience))
                .collect(),
            standings: ring
                .standings()
                .into_iter()
                .map(|(team, row)| RingStandingRow {
                    team,
                    name: self.registry.team_name(team),
                    place: row.place,
                    points_halves: (row.points.as_f64() * 2.0).round() as u32,
                    difference: row.difference,
                    taken: row.taken,
                    fights: row.fights,
                })
                .collect(),
            final_places: ring
                .final_places()
                .into_iter()
                .map(|(team, place)| RingPlaceRow {
                    place,
                    team,
                    name: self.registry.team_name(team),
                })
                .collect(),
            timing: ring.timing.clone(),
        }
    }

    pub fn display_view(&self, now: ServerTime, public: &[StandingRow]) -> DisplayView {
        let current = self.chgk.current_question();
        DisplayView {
            tournament: self.registry.tournament.clone(),
            clock: self.clock_view(now),
            tour_title: current
                .and_then(|q| self.chgk.tours.get(q.tour.0 as usize))
                .map(|t| t.title.clone())
                .unwrap_or_default(),
            cards_in: current.map_or(0, |q| q.cards.values().filter(|c| !c.late).count() as u32),
            teams: self.registry.teams.len() as u32,
            standings: public.to_vec(),
            ring: self.ring_board(FightAudience::Public),
            games: self.game_entries(|g| g.state.display_view(&self.roster, now)),
            programme: self.programme_view(),
        }
    }

    /// Every game as the staff sees it: the host, the judges and the jury.
    fn staff_games(&self, now: ServerTime) -> Vec<StaffGame> {
        self.game_entries(|g| g.state.staff_view(&self.roster, now))
    }

    /// Every programme game as one audience sees it.
    fn game_entries<V>(&self, view: impl Fn(&super::GameSlot) -> V) -> Vec<GameEntry<V>> {
        self.games
            .iter()
            .map(|(id, g)| GameEntry {
                id: *id,
                name: g.name.clone(),
                format: g.format(),
                view: view(g),
            })
            .collect()
    }

    /// 6.5: the appeal jury weighs appeals against every answer.
    pub fn jury_view(&self, now: ServerTime) -> JuryView {
        JuryView {
            tournament: self.registry.tournament.clone(),
            games: self.staff_games(now),
        }
    }

    fn appeal_views(&self, only: Option<TeamId>) -> Vec<AppealView> {
        self.chgk
            .appeals
            .iter()
            .filter(|a| only.is_none_or(|t| t == a.team))
            .map(|a| AppealView {
                id: a.id,
                team: a.team,
                team_name: self.registry.team_name(a.team),
                question: a.question,
                number: self
                    .chgk
                    .question(a.question)
                    .map(|q| q.number.clone())
                    .unwrap_or_default(),
                kind: a.kind,
                text: a.text.clone(),
                filed_at: a.filed_at,
                resolution: a
                    .resolution
                    .as_ref()
                    .map(|(upheld, reply, at)| AppealResolution {
                        upheld: *upheld,
                        reply: reply.clone(),
                        at: *at,
                    }),
            })
            .collect()
    }

    pub fn staff_view(&self, now: ServerTime, with_access: bool) -> HostView {
        let registry = &self.registry;
        let access = with_access.then(|| Access {
            addrs: self.info.addrs.clone(),
            fingerprint: self.info.fingerprint,
            host_secret: registry.host_secret.clone(),
            display_secret: registry.display_secret.clone(),
            teams: registry
                .teams
                .values()
                .map(|t| (t.id, t.secret.clone()))
                .collect(),
            judges: registry
                .judges
                .values()
                .map(|j| (j.id, j.secret.clone()))
                .collect(),
        });
        let teams = registry
            .teams
            .values()
            .map(|t| TeamInfo {
                id: t.id,
                name: t.name.clone(),
                town: t.town.clone(),
                players: t.players.clone(),
                connected: self.is_connected(Identity::Team(t.id)),
            })
            .collect();
        let judges = registry
            .judges
            .values()
            .map(|j| JudgeInfo {
                id: j.id,
                name: j.name.clone(),
                connected: self.is_connected(Identity::Judge(j.id)),
            })
            .collect();
        let current = self.chgk.current;
        let tours = self
            .chgk
            .tours
            .iter()
            .map(|t| TourView {
                id: t.id,
                title: t.title.clone(),
                closed: t.closed_at.is_some(),
                questions: t
                    .questions
                    .iter()
                    .filter_map(|q| self.chgk.question(*q).ok())
                    .map(|q| QuestionView {
                        id: q.id,
                        number: q.number.clone(),
                        content: q.content.clone(),
                        status: if q.revealed_at.is_some() {
                            QuestionStatus::Revealed
                        } else if q.played() {
                            QuestionStatus::Played
                        } else if current == Some(q.id) {
                            QuestionStatus::Announced
                        } else {
                            QuestionStatus::NotPlayed
                        },
                        withdrawn: q.withdrawn,
                    })
                    .collect(),
            })
            .collect();
        let team_ids = registry.team_ids();
        let judging = self
            .chgk
            .questions
            .iter()
            .filter(|q| {
                (q.played() || current == Some(q.id))
                    && self
                        .chgk
                        .tours
                        .get(q.tour.0 as usize)
                        .is_some_and(|t| t.closed_at.is_none())
            })
            .map(|q| judging_of(q, &team_ids))
            .collect();
        let judge_name = |by: &Judger| match by {
            Judger::Host => "ведущий".to_owned(),
            Judger::Judge(j) => registry
                .judges
                .get(j)
                .map(|r| r.name.clone())
                .unwrap_or_else(|| format!("судья {j}")),
        };
        let judgement_log = self
            .chgk
            .judgement_log
            .iter()
            .map(|(q, group, verdict, by, at)| JudgementEntry {
                question: *q,
                number: self
                    .chgk
                    .question(*q)
                    .map(|q| q.number.clone())
                    .unwrap_or_default(),
                group: group.clone(),
                verdict: *verdict,
                by: judge_name(by),
                at: *at,
            })
            .collect();
        HostView {
            tournament: registry.tournament.clone(),
            settings: registry.settings.clone(),
            access,
            teams,
            judges,
            displays_connected: self.presence.get(&Identity::Display).copied().unwrap_or(0),
            tours,
            clock: self.clock_view(now),
            judging,
            appeals: self.appeal_views(None),
            standings: self.staff_standings(),
            judgement_log,
            ring: self.ring_board(FightAudience::Staff),
            games: self.staff_games(now),
            jury_secret: with_access.then(|| registry.jury_secret.clone()),
            programme: self.programme_view(),
            festival: self.festival_tables(),
            ring_restarts: self.restart_notices.clone(),
        }
    }
}

/// A question's cards grouped by normalised text, late cards apart.
fn judging_of(q: &GameQuestion, teams: &[TeamId]) -> QuestionJudging {
    let mut groups: BTreeMap<&str, AnswerGroup> = BTreeMap::new();
    let mut late = Vec::new();
    for card in q.cards.values() {
        if card.late {
            late.push(LateCard {
                team: card.team,
                text: card.text.clone(),
                received_at: card.received_at,
                since_start_ms: card.since_start_ms,
            });
            continue;
        }
        let group = groups
            .entry(card.key.as_str())
            .or_insert_with(|| AnswerGroup {
                key: card.key.clone(),
                spellings: Vec::new(),
                teams: Vec::new(),
                verdict: q.verdicts.get(&card.key).map(|v| v.0),
            });
        if !group.spellings.contains(&card.text) {
            group.spellings.push(card.text.clone());
        }
        group.teams.push(card.team);
    }
    let mut groups: Vec<AnswerGroup> = groups.into_values().collect();
    // Unjudged groups first, then the most common answers.
    groups.sort_by(|a, b| {
        a.verdict
            .is_some()
            .cmp(&b.verdict.is_some())
            .then(b.teams.len().cmp(&a.teams.len()))
    });
    QuestionJudging {
        question: q.id,
        number: q.number.clone(),
        groups,
        late,
        missing: teams
            .iter()
            .filter(|t| !q.cards.contains_key(t))
            .copied()
            .collect(),
    }
}
