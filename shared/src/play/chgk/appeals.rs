//! ChGK appeals (4.13–4.16; 6.5 for the jury): a team's appeal against the
//! question or for its own answer (a «спорный»), and its decision by the
//! appeal jury, or by the host when the event has none. Decides only; the
//! game changes in [`ChgkGame::apply`].

use super::game::{Appeal, ChgkGame, GameQuestion, MAX_APPEAL_CHARS};
use super::{AppealDecider, AppealKind, ChgkError, ChgkEvent};
use crate::ids::{AppealId, QuestionId, TeamId};
use crate::time::ServerTime;

impl ChgkGame {
    /// A team appeals after the reveal and before the tour is closed: against
    /// the question, or for its own on-time answer (4.13).
    pub fn handle_file_appeal(
        &self,
        team: TeamId,
        q: QuestionId,
        kind: AppealKind,
        text: &str,
        now: ServerTime,
    ) -> Result<ChgkEvent, ChgkError> {
        let question = self.question(q)?;
        self.ensure_tour_open(question)?;
        if question.revealed_at.is_none() {
            return Err(ChgkError::NotRevealed);
        }
        if question.withdrawn {
            return Err(ChgkError::QuestionWithdrawn);
        }
        let text = text.trim();
        let chars = text.chars().count();
        if chars > MAX_APPEAL_CHARS {
            return Err(ChgkError::TooLong {
                got: chars as u32,
                max: MAX_APPEAL_CHARS as u32,
            });
        }
        // A late card was never considered, a «пропуск» answered nothing.
        if kind == AppealKind::AcceptMyAnswer
            && question
                .cards
                .get(&team)
                .is_none_or(|c| c.late || c.is_pass())
        {
            return Err(ChgkError::NoCardToAppeal);
        }
        // 4.13–4.15 (applied to ChGK): a спорный asks that an answer not
        // counted be counted; an answer judged right has nothing to ask.
        if kind == AppealKind::AcceptMyAnswer && question.is_correct(team) {
            return Err(ChgkError::AnswerCounted);
        }
        let duplicate = self
            .appeals
            .iter()
            .any(|a| a.team == team && a.question == q && a.kind == kind);
        if duplicate {
            return Err(ChgkError::DuplicateAppeal);
        }
        let appeal = AppealId(self.appeals.len() as u32 + 1);
        Ok(ChgkEvent::AppealFiled {
            appeal,
            team,
            question: q,
            kind,
            text: text.to_owned(),
            at: now,
        })
    }

    /// 6.5: the appeal jury decides when the event has one (`jury_sits`),
    /// and the host is then refused; with no jury the host decides (4.14).
    /// The decision is final. An upheld question appeal withdraws the
    /// question; an upheld answer appeal counts the answer.
    pub fn handle_resolve_appeal(
        &self,
        appeal: AppealId,
        (upheld, reply): (bool, &str),
        by: AppealDecider,
        jury_sits: bool,
        now: ServerTime,
    ) -> Result<ChgkEvent, ChgkError> {
        if by == AppealDecider::Host && jury_sits {
            return Err(ChgkError::JuryDecides);
        }
        let a = self.appeal(appeal)?;
        if a.resolution.is_some() {
            return Err(ChgkError::AppealResolved);
        }
        let chars = reply.chars().count();
        if chars > MAX_APPEAL_CHARS {
            return Err(ChgkError::TooLong {
                got: chars as u32,
                max: MAX_APPEAL_CHARS as u32,
            });
        }
        Ok(ChgkEvent::AppealResolved {
            appeal,
            upheld,
            reply: reply.trim().to_owned(),
            at: now,
            by,
        })
    }

    pub fn appeal(&self, id: AppealId) -> Result<&Appeal, ChgkError> {
        id.0.checked_sub(1)
            .and_then(|i| self.appeals.get(i as usize))
            .ok_or(ChgkError::NoSuchAppeal)
    }

    /// Whether the team's answer to `q` waits for a decision: it filed a
    /// спорный on it, nobody has decided it yet, and the answer is not
    /// counted (4.15: a спорный is only ever on an answer not counted; one
    /// the judges turned right meanwhile is `1` like any right answer). The
    /// live table, the rating mask and the rating CSV all ask this one
    /// question, so they cannot disagree.
    pub fn answer_open(&self, q: &GameQuestion, team: TeamId) -> bool {
        !q.withdrawn
            && !q.is_correct(team)
            && self.appeals.iter().any(|a| {
                a.question == q.id
                    && a.team == team
                    && a.kind == AppealKind::AcceptMyAnswer
                    && a.resolution.is_none()
            })
    }

    /// One character of a team's mask: `1` right, `0` not (or late, or no
    /// card, or a «пропуск»), `X` withdrawn on appeal (4.14), `?` a спорный
    /// the jury has not decided.
    pub fn mask_char(&self, q: &GameQuestion, team: TeamId) -> char {
        if q.withdrawn {
            'X'
        } else if q.is_correct(team) {
            '1'
        } else if self.answer_open(q, team) {
            '?'
        } else {
            '0'
        }
    }
}
