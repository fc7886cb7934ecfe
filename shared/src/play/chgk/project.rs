//! A ChGK game projected for each audience. This is where visibility is
//! enforced: a team's view is built from that team's cards alone, and the
//! verdicts and the author's answer enter it only after the host's reveal;
//! the projector gets a count of cards, never a card.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::game::{ChgkGame, GameQuestion};
use super::view::{
    AnswerGroup, AppealResolution, AppealView, CardReveal, ChgkDisplayView, ChgkStaffView,
    ChgkTeamView, DisplayHandout, DisplayPicture, DisplayReveal, JudgementEntry, LateCard,
    QuestionJudging, QuestionStatus, QuestionView, StandingRow, TeamCard, TourView,
};
use crate::ids::TeamId;
use crate::play::clock::ClockView;
use crate::play::roster::Roster;
use crate::time::ServerTime;

/// How many rows of the public standings a team terminal receives besides its own.
pub const TEAM_STANDINGS_TOP: usize = 10;

impl ChgkGame {
    pub fn clock_view(&self, now: ServerTime) -> ClockView {
        let Some(q) = self.current_question() else {
            return ClockView::default();
        };
        ClockView {
            question: Some(q.id),
            number: q.number.clone(),
            tour: Some(q.tour),
            phase: self.phase_at(now),
            started_at: q.clock.as_ref().map(|c| c.started_at),
            warning_at: q.clock.as_ref().map(|c| c.warning_at()),
            ends_at: q.clock.as_ref().map(|c| c.ends_at()),
            accept_until: q.clock.as_ref().map(|c| c.accept_until()),
        }
    }

    fn rows(&self, roster: &Roster, counted: impl Fn(&GameQuestion) -> bool) -> Vec<StandingRow> {
        let teams: Vec<TeamId> = roster.teams.iter().map(|t| t.id).collect();
        self.standings(&teams, counted)
            .into_iter()
            .map(|(team, row)| {
                let record = roster.get(team);
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

    /// What the hall may see: only revealed questions count. Built once
    /// until an event changes them: a burst of cards leaves them as they
    /// are, so a hall of thousands of terminals shares one table.
    pub fn public_standings(&self, roster: &Roster) -> Arc<Vec<StandingRow>> {
        Arc::clone(
            self.public_cache
                .get_or_init(|| Arc::new(self.rows(roster, |q| q.revealed_at.is_some()))),
        )
    }

    /// What the host sees: every played question, judged or not.
    pub fn staff_standings(&self, roster: &Roster) -> Vec<StandingRow> {
        self.rows(roster, |_| true)
    }

    pub fn project_team(&self, team: TeamId, roster: &Roster, now: ServerTime) -> ChgkTeamView {
        let cards = self
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
        let public = self.public_standings(roster);
        let mut standings: Vec<StandingRow> =
            public.iter().take(TEAM_STANDINGS_TOP).cloned().collect();
        if !standings.iter().any(|r| r.team == team) {
            standings.extend(public.iter().find(|r| r.team == team).cloned());
        }
        ChgkTeamView {
            clock: self.clock_view(now),
            cards,
            appeals: self.appeal_views(roster, Some(team)),
            standings,
        }
    }

    pub fn project_display(&self, roster: &Roster, now: ServerTime) -> ChgkDisplayView {
        let current = self.current_question();
        ChgkDisplayView {
            clock: self.clock_view(now),
            tour_title: current
                .and_then(|q| self.tours.get(q.tour.0 as usize))
                .map(|t| t.title.clone())
                .unwrap_or_default(),
            cards_in: current.map_or(0, |q| q.cards.values().filter(|c| !c.late).count() as u32),
            teams: roster.teams.len() as u32,
            standings: self.public_standings(roster).to_vec(),
            revealed: self.display_reveal(),
            handout: self
                .handout_shown
                .and_then(|id| self.question(id).ok())
                .and_then(|q| {
                    let text = q.content.handout.clone()?;
                    Some(DisplayHandout {
                        number: q.number.clone(),
                        text,
                    })
                }),
            picture: self.shown_picture(),
            question_text: current
                .filter(|q| self.projector_text && q.revealed_at.is_none())
                .map(projected_text),
        }
    }

    /// The picture on the projector, only while the host shows it: a
    /// question's pictures never reach the hall's screen before.
    fn shown_picture(&self) -> Option<DisplayPicture> {
        let shown = self.picture_shown?;
        let q = self.question(shown.question).ok()?;
        let media = q.content.media.get(shown.index as usize)?.clone();
        Some(DisplayPicture {
            number: q.number.clone(),
            media,
        })
    }

    /// The question on the projector, only once revealed: the answer never
    /// reaches the hall's screen before the host shows it.
    fn display_reveal(&self) -> Option<DisplayReveal> {
        let q = self
            .on_projector
            .and_then(|id| self.question(id).ok())
            .filter(|q| q.revealed_at.is_some())?;
        let text = self.projector_text.then(|| projected_text(q));
        Some(DisplayReveal {
            question: q.id,
            number: q.number.clone(),
            text,
            answer: q.content.answer.clone(),
            accepted: q.content.accepted.clone(),
            comment: q.content.comment.clone(),
            withdrawn: q.withdrawn,
        })
    }

    fn appeal_views(&self, roster: &Roster, only: Option<TeamId>) -> Vec<AppealView> {
        self.appeals
            .iter()
            .filter(|a| only.is_none_or(|t| t == a.team))
            .map(|a| {
                let question = self.question(a.question).ok();
                AppealView {
                    id: a.id,
                    team: a.team,
                    team_name: roster.name(a.team),
                    question: a.question,
                    number: question.map(|q| q.number.clone()).unwrap_or_default(),
                    kind: a.kind,
                    text: a.text.clone(),
                    filed_at: a.filed_at,
                    // The filer's own card: a team's view lists only its
                    // own appeals, so no other team's answer gets in.
                    card: question
                        .and_then(|q| q.cards.get(&a.team))
                        .map(|c| c.text.clone()),
                    author_answer: question
                        .map(|q| q.content.answer.clone())
                        .unwrap_or_default(),
                    accepted: question.and_then(|q| q.content.accepted.clone()),
                    resolution: a
                        .resolution
                        .as_ref()
                        .map(|(upheld, reply, at)| AppealResolution {
                            upheld: *upheld,
                            reply: reply.clone(),
                            at: *at,
                            by: a.decided_by.unwrap_or_default(),
                        }),
                }
            })
            .collect()
    }

    pub fn project_staff(&self, roster: &Roster, now: ServerTime) -> ChgkStaffView {
        let current = self.current;
        let tours = self
            .tours
            .iter()
            .map(|t| TourView {
                id: t.id,
                title: t.title.clone(),
                closed: t.closed_at.is_some(),
                absent: self
                    .absent
                    .get(&t.id)
                    .map(|a| a.iter().copied().collect())
                    .unwrap_or_default(),
                questions: t
                    .questions
                    .iter()
                    .filter_map(|q| self.question(*q).ok())
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
        let team_ids: Vec<TeamId> = roster.teams.iter().map(|t| t.id).collect();
        let judging = self
            .questions
            .iter()
            .filter(|q| {
                (q.played() || current == Some(q.id))
                    && self
                        .tours
                        .get(q.tour.0 as usize)
                        .is_some_and(|t| t.closed_at.is_none())
            })
            .map(|q| judging_of(q, &team_ids))
            .collect();
        let judgement_log = self
            .judgement_log
            .iter()
            .map(|(q, group, verdict, by, at)| JudgementEntry {
                question: *q,
                number: self
                    .question(*q)
                    .map(|q| q.number.clone())
                    .unwrap_or_default(),
                group: group.clone(),
                verdict: *verdict,
                by: *by,
                at: *at,
            })
            .collect();
        ChgkStaffView {
            timing: self.timing.clone(),
            tours,
            clock: self.clock_view(now),
            judging,
            appeals: self.appeal_views(roster, None),
            standings: self.staff_standings(roster),
            judgement_log,
            projector_text: self.projector_text,
            handout_shown: self.handout_shown,
            picture_shown: self.picture_shown,
            appeal_jury: roster.appeal_jury,
        }
    }
}

/// A question's text as the projector shows it: the text, then its
/// numbered parts.
fn projected_text(q: &GameQuestion) -> String {
    let mut lines = vec![q.content.text.clone()];
    lines.extend(
        q.content
            .parts
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{}. {p}", i + 1)),
    );
    lines.retain(|l| !l.trim().is_empty());
    lines.join("\n")
}

/// A question's cards grouped by normalised text, late cards apart.
fn judging_of(q: &GameQuestion, teams: &[TeamId]) -> QuestionJudging {
    let mut groups: BTreeMap<&str, AnswerGroup> = BTreeMap::new();
    let mut late = Vec::new();
    let mut passes = Vec::new();
    for card in q.cards.values() {
        // A «пропуск» has nothing to judge: the team is neither missing
        // nor in a group.
        if card.is_pass() {
            passes.push(card.team);
            continue;
        }
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
    // The most common answers first, then alphabetically — never by
    // verdict: a verdict must not move the row under the judge's pointer.
    // (A card arriving during the minute may still add a row.)
    groups.sort_by(|a, b| b.teams.len().cmp(&a.teams.len()).then(a.key.cmp(&b.key)));
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
        passes,
    }
}
