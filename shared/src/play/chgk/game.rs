//! The ChGK game: tours of questions, the current question and its clock,
//! the cards and judgements (appeals in `appeals.rs`, who plays in
//! `attendance.rs`). `handle_*` checks a rule against the
//! state and returns the events to store; `apply` is the only mutation.

use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::ChgkError;
use super::command::ShownPicture;
use super::view::StandingRow;
use super::{AppealDecider, AppealKind, CardTiming, ChgkEvent, Judger, QuestionClock, Verdict};
use crate::ids::{AppealId, QuestionId, TeamId, TourId};
use crate::packages::{Package, Question};
use crate::play::chgk::rules::{ChgkQuestionOutcome, ChgkRow, chgk_standings};
use crate::play::clock::Phase;
use crate::play::settings::ChgkTiming;
use crate::text::normalise_answer;
use crate::time::ServerTime;

/// A card holds a short answer; a paper card is not a novel.
pub const MAX_CARD_CHARS: usize = 500;

pub const MAX_APPEAL_CHARS: usize = 2_000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    pub id: AppealId,
    pub team: TeamId,
    pub question: QuestionId,
    pub kind: AppealKind,
    pub text: String,
    pub filed_at: ServerTime,
    pub resolution: Option<(bool, String, ServerTime)>,
    /// Who decided it, once decided.
    pub decided_by: Option<AppealDecider>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameTour {
    pub id: TourId,
    pub title: String,
    pub questions: Vec<QuestionId>,
    pub closed_at: Option<ServerTime>,
    /// 4.3: the teams that played the tour when it closed, fixing its A
    /// («количество играющих команд»); `None` while it is open, and for a
    /// tour closed by a store from before issue 41.
    #[serde(default)]
    pub playing_at_close: Option<BTreeSet<TeamId>>,
}

/// A handed-in answer card. Final once accepted (3: paper cards are kept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    pub team: TeamId,
    pub text: String,
    /// The normalised text: cards with equal keys are judged together.
    pub key: String,
    pub received_at: ServerTime,
    pub since_start_ms: u64,
    pub late: bool,
}

impl Card {
    /// A «пропуск»: the team handed in a card answering nothing. It counts
    /// as a card (the team plays, 4.3) and is never right.
    pub fn is_pass(&self) -> bool {
        self.text.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameQuestion {
    pub id: QuestionId,
    pub tour: TourId,
    /// As the hall knows it: the package's number, or the position in play.
    pub number: String,
    pub content: Question,
    pub announced_at: Option<ServerTime>,
    pub clock: Option<QuestionClock>,
    pub revealed_at: Option<ServerTime>,
    pub withdrawn: bool,
    pub cards: BTreeMap<TeamId, Card>,
    /// Verdict per normalised answer, with who gave it and when.
    pub verdicts: BTreeMap<String, (Verdict, Judger, ServerTime)>,
    /// 4.15: teams whose own answer was accepted on appeal.
    pub accepted_on_appeal: BTreeSet<TeamId>,
}

impl GameQuestion {
    /// Whether this team's card scores: on time, and judged correct or
    /// accepted on appeal; a withdrawn question scores for nobody.
    pub fn is_correct(&self, team: TeamId) -> bool {
        let Some(card) = self.cards.get(&team) else {
            return false;
        };
        if card.late || card.is_pass() || self.withdrawn {
            return false;
        }
        self.accepted_on_appeal.contains(&team)
            || matches!(self.verdicts.get(&card.key), Some((Verdict::Correct, _, _)))
    }

    /// The verdict a team sees for its card after the reveal.
    pub fn verdict_for(&self, team: TeamId) -> Option<Verdict> {
        let card = self.cards.get(&team)?;
        if card.late {
            return None;
        }
        if self.is_correct(team) {
            Some(Verdict::Correct)
        } else if card.is_pass() {
            Some(Verdict::Wrong)
        } else {
            Some(
                self.verdicts
                    .get(&card.key)
                    .map(|v| v.0)
                    .unwrap_or(Verdict::Wrong),
            )
        }
    }

    /// Normalised keys of the on-time cards, each once; a «пропуск» has
    /// nothing to judge.
    pub fn groups(&self) -> BTreeSet<&str> {
        self.cards
            .values()
            .filter(|c| !c.late && !c.is_pass())
            .map(|c| c.key.as_str())
            .collect()
    }

    pub fn played(&self) -> bool {
        self.clock.is_some()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChgkGame {
    pub timing: ChgkTiming,
    pub tours: Vec<GameTour>,
    pub questions: Vec<GameQuestion>,
    pub current: Option<QuestionId>,
    pub appeals: Vec<Appeal>,
    /// 4.3: the teams the host marked absent from each tour; every other
    /// registered team plays it and counts in its A.
    pub absent: BTreeMap<TourId, BTreeSet<TeamId>>,
    pub judgement_log: Vec<(QuestionId, String, Verdict, Judger, ServerTime)>,
    /// The question whose answer the projector shows: the last revealed,
    /// until another question is announced.
    pub on_projector: Option<QuestionId>,
    /// The host's setting: the projector shows the revealed question's text
    /// too, not only its answer.
    pub projector_text: bool,
    /// The question whose handout the projector shows full screen.
    pub handout_shown: Option<QuestionId>,
    /// The question's picture the projector shows full screen.
    pub picture_shown: Option<ShownPicture>,
    /// The hall's standings, built once until an event changes them
    /// ([`ChgkGame::public_standings`]); not part of the game's facts.
    pub(super) public_cache: OnceCell<Arc<Vec<StandingRow>>>,
    /// The phase every screen was last shown, so a deadline passing
    /// wakes them ([`crate::play::format::LiveFormat::handle_timeout`]).
    pub(super) shown_phase: Phase,
}

impl ChgkGame {
    pub fn new(timing: ChgkTiming) -> Self {
        ChgkGame {
            timing,
            ..ChgkGame::default()
        }
    }

    pub fn question(&self, q: QuestionId) -> Result<&GameQuestion, ChgkError> {
        self.questions
            .get(q.0 as usize)
            .ok_or(ChgkError::NoSuchQuestion)
    }

    pub fn tour(&self, t: TourId) -> Result<&GameTour, ChgkError> {
        self.tours.get(t.0 as usize).ok_or(ChgkError::NoSuchTour)
    }

    fn tour_of(&self, q: &GameQuestion) -> Result<&GameTour, ChgkError> {
        self.tour(q.tour)
    }

    pub(super) fn ensure_tour_open(&self, q: &GameQuestion) -> Result<(), ChgkError> {
        if self.tour_of(q)?.closed_at.is_some() {
            Err(ChgkError::TourClosed)
        } else {
            Ok(())
        }
    }

    // ---------------------------------------------------------------- questions

    /// Appends a whole package: each of its tours becomes a new tour.
    pub fn handle_load_package(&self, package: &Package) -> Vec<ChgkEvent> {
        let mut events = Vec::new();
        let mut next_q = self.questions.len() as u32;
        for (i, tour) in package.tours.iter().enumerate() {
            let tour_id = TourId(self.tours.len() as u32 + i as u32);
            events.push(ChgkEvent::TourAdded {
                tour: tour_id,
                title: tour.title.clone(),
            });
            for q in &tour.questions {
                events.push(ChgkEvent::QuestionAdded {
                    question: QuestionId(next_q),
                    tour: tour_id,
                    content: q.clone(),
                });
                next_q += 1;
            }
        }
        events
    }

    /// A typed-in question, into an existing open tour or a new one (`tour`
    /// one past the last).
    pub fn handle_add_question(
        &self,
        tour: TourId,
        question: Question,
    ) -> Result<Vec<ChgkEvent>, ChgkError> {
        if question.text.trim().is_empty() && question.parts.is_empty() {
            return Err(ChgkError::EmptyQuestion);
        }
        let mut events = Vec::new();
        if tour.0 as usize == self.tours.len() {
            events.push(ChgkEvent::TourAdded {
                tour,
                title: format!("Тур {}", tour.0 + 1),
            });
        } else if self.tour(tour)?.closed_at.is_some() {
            return Err(ChgkError::TourClosed);
        }
        events.push(ChgkEvent::QuestionAdded {
            question: QuestionId(self.questions.len() as u32),
            tour,
            content: question,
        });
        Ok(events)
    }

    // ---------------------------------------------------------------- the minute

    /// The host announces a question number. Refused while another
    /// question's clock still accepts cards, and for a question already played.
    pub fn handle_announce(&self, q: QuestionId, now: ServerTime) -> Result<ChgkEvent, ChgkError> {
        let question = self.question(q)?;
        self.ensure_tour_open(question)?;
        if question.withdrawn {
            return Err(ChgkError::QuestionWithdrawn);
        }
        if question.played() {
            return Err(ChgkError::MinuteAlreadyStarted);
        }
        if let Some(clock) = self.current_question().and_then(|c| c.clock.as_ref())
            && now <= clock.accept_until()
        {
            return Err(ChgkError::ClockRunning);
        }
        Ok(ChgkEvent::Announced {
            question: q,
            at: now,
        })
    }

    /// 3: «Время» — the minute of the announced question starts now.
    pub fn handle_start_minute(&self, now: ServerTime) -> Result<ChgkEvent, ChgkError> {
        let current = self
            .current_question()
            .ok_or(ChgkError::NoQuestionAnnounced)?;
        if current.played() {
            return Err(ChgkError::MinuteAlreadyStarted);
        }
        Ok(ChgkEvent::MinuteStarted {
            question: current.id,
            at: now,
        })
    }

    pub fn current_question(&self) -> Option<&GameQuestion> {
        self.current.and_then(|q| self.questions.get(q.0 as usize))
    }

    /// The phase of the current question at `now`.
    pub fn phase_at(&self, now: ServerTime) -> Phase {
        match self.current_question() {
            None => Phase::Idle,
            Some(q) => match &q.clock {
                None => Phase::Announced,
                Some(clock) => clock.phase_at(now),
            },
        }
    }

    /// The next instant at which a signal is due (sans-IO `poll_timeout`).
    pub fn next_deadline(&self, now: ServerTime) -> Option<ServerTime> {
        self.current_question()?.clock.as_ref()?.next_signal(now)
    }

    // ---------------------------------------------------------------- cards

    /// A team hands in its card. Accepted while the question is announced or
    /// its minute runs, up to 3 s after the end signal; later it is stored
    /// flagged late and never scored (3). One card per team per question;
    /// an empty one is a «пропуск» (4.3: it counts as a card, scores nothing).
    pub fn handle_card(
        &self,
        team: TeamId,
        q: QuestionId,
        text: &str,
        received_at: ServerTime,
    ) -> Result<ChgkEvent, ChgkError> {
        let question = self.question(q)?;
        if question.cards.contains_key(&team) {
            return Err(ChgkError::CardAlreadyAccepted);
        }
        let text = text.trim();
        let chars = text.chars().count();
        if chars > MAX_CARD_CHARS {
            return Err(ChgkError::TooLong {
                got: chars as u32,
                max: MAX_CARD_CHARS as u32,
            });
        }
        let late = match &question.clock {
            Some(clock) => matches!(clock.classify(received_at), CardTiming::Late { .. }),
            None if self.current == Some(q) => false,
            None => return Err(ChgkError::NotAnnounced),
        };
        Ok(ChgkEvent::CardAccepted {
            question: q,
            team,
            text: text.to_owned(),
            received_at,
            late,
        })
    }

    // ---------------------------------------------------------------- judging

    /// Marks every on-time card of the question whose normalised text is
    /// `group`. Judges may change their minds until the host closes the tour.
    pub fn handle_judge(
        &self,
        q: QuestionId,
        group: &str,
        verdict: Verdict,
        by: Judger,
        now: ServerTime,
    ) -> Result<ChgkEvent, ChgkError> {
        let question = self.question(q)?;
        self.ensure_tour_open(question)?;
        if !question.groups().contains(group) {
            return Err(ChgkError::NoSuchGroup);
        }
        Ok(ChgkEvent::Judged {
            question: q,
            group: group.to_owned(),
            verdict,
            by,
            at: now,
        })
    }

    /// Shows the answer and the verdicts to the teams: only once the grace is
    /// over and every on-time answer is judged. Revealing twice does nothing.
    pub fn handle_reveal(
        &self,
        q: QuestionId,
        now: ServerTime,
    ) -> Result<Option<ChgkEvent>, ChgkError> {
        let question = self.question(q)?;
        let clock = question.clock.as_ref().ok_or(ChgkError::NotAnnounced)?;
        if now <= clock.accept_until() {
            return Err(ChgkError::ClockRunning);
        }
        if question.revealed_at.is_some() {
            return Ok(None);
        }
        if question
            .groups()
            .iter()
            .any(|g| !question.verdicts.contains_key(*g))
        {
            return Err(ChgkError::NotAllJudged);
        }
        Ok(Some(ChgkEvent::Revealed {
            question: q,
            at: now,
        }))
    }

    /// Freezes the tour's judgements and its A: `registered` are the teams
    /// registered now, and those of them playing the tour are stored with
    /// the close (4.3: «А – количество играющих команд» — counted when the
    /// tour's results become final, not again after a late registration or
    /// a removal). Refused while one of its appeals is open.
    pub fn handle_close_tour(
        &self,
        t: TourId,
        registered: &[TeamId],
        now: ServerTime,
    ) -> Result<ChgkEvent, ChgkError> {
        let tour = self.tour(t)?;
        if tour.closed_at.is_some() {
            return Err(ChgkError::TourClosed);
        }
        let open = self.appeals.iter().any(|a| {
            a.resolution.is_none()
                && self
                    .questions
                    .get(a.question.0 as usize)
                    .is_some_and(|q| q.tour == t)
        });
        if open {
            return Err(ChgkError::OpenAppeals);
        }
        // 4.3: A is fixed when the tour closes.
        let playing = registered
            .iter()
            .copied()
            .filter(|team| self.plays(*team, t))
            .collect();
        Ok(ChgkEvent::TourClosed {
            tour: t,
            at: now,
            playing: Some(playing),
        })
    }

    // ---------------------------------------------------------------- apply

    /// The only place the game changes. Events come from `handle_*` or the
    /// store; an event that no longer fits (a corrupted store) is ignored
    /// rather than trusted.
    pub fn apply(&mut self, event: &ChgkEvent) {
        match event {
            ChgkEvent::TourAdded { tour, title } => {
                if tour.0 as usize == self.tours.len() {
                    self.tours.push(GameTour {
                        id: *tour,
                        title: title.clone(),
                        questions: Vec::new(),
                        closed_at: None,
                        playing_at_close: None,
                    });
                }
            }
            ChgkEvent::QuestionAdded {
                question,
                tour,
                content,
            } => {
                if question.0 as usize != self.questions.len() {
                    return;
                }
                let Some(t) = self.tours.get_mut(tour.0 as usize) else {
                    return;
                };
                t.questions.push(*question);
                let number = content
                    .number
                    .clone()
                    .unwrap_or_else(|| (question.0 + 1).to_string());
                self.questions.push(GameQuestion {
                    id: *question,
                    tour: *tour,
                    number,
                    content: content.clone(),
                    announced_at: None,
                    clock: None,
                    revealed_at: None,
                    withdrawn: false,
                    cards: BTreeMap::new(),
                    verdicts: BTreeMap::new(),
                    accepted_on_appeal: BTreeSet::new(),
                });
            }
            ChgkEvent::Announced { question, at } => {
                if let Some(q) = self.questions.get_mut(question.0 as usize) {
                    q.announced_at = Some(*at);
                    self.current = Some(*question);
                    // The hall turns to the new question.
                    self.on_projector = None;
                    self.handout_shown = None;
                    self.picture_shown = None;
                }
            }
            ChgkEvent::MinuteStarted { question, at } => {
                let timing = self.timing.clone();
                if let Some(q) = self.questions.get_mut(question.0 as usize) {
                    q.clock = Some(QuestionClock {
                        started_at: *at,
                        timing,
                    });
                }
            }
            ChgkEvent::CardAccepted {
                question,
                team,
                text,
                received_at,
                late,
            } => {
                if let Some(q) = self.questions.get_mut(question.0 as usize) {
                    let since_start_ms = q
                        .clock
                        .as_ref()
                        .map(|c| received_at.since(c.started_at).as_millis() as u64)
                        .unwrap_or(0);
                    q.cards.insert(
                        *team,
                        Card {
                            team: *team,
                            key: normalise_answer(text),
                            text: text.clone(),
                            received_at: *received_at,
                            since_start_ms,
                            late: *late,
                        },
                    );
                }
            }
            ChgkEvent::Judged {
                question,
                group,
                verdict,
                by,
                at,
            } => {
                if let Some(q) = self.questions.get_mut(question.0 as usize) {
                    q.verdicts.insert(group.clone(), (*verdict, *by, *at));
                    self.judgement_log
                        .push((*question, group.clone(), *verdict, *by, *at));
                }
            }
            ChgkEvent::Revealed { question, at } => {
                if let Some(q) = self.questions.get_mut(question.0 as usize) {
                    q.revealed_at = Some(*at);
                    self.on_projector = Some(*question);
                }
            }
            ChgkEvent::TourClosed { tour, at, playing } => {
                if let Some(t) = self.tours.get_mut(tour.0 as usize) {
                    t.closed_at = Some(*at);
                    t.playing_at_close = playing.clone();
                }
            }
            ChgkEvent::AppealFiled {
                appeal,
                team,
                question,
                kind,
                text,
                at,
            } => {
                if appeal.0 as usize == self.appeals.len() + 1 {
                    self.appeals.push(Appeal {
                        id: *appeal,
                        team: *team,
                        question: *question,
                        kind: *kind,
                        text: text.clone(),
                        filed_at: *at,
                        resolution: None,
                        decided_by: None,
                    });
                }
            }
            ChgkEvent::AppealResolved {
                appeal,
                upheld,
                reply,
                at,
                by,
            } => {
                let Some(i) = appeal.0.checked_sub(1) else {
                    return;
                };
                let Some(a) = self.appeals.get_mut(i as usize) else {
                    return;
                };
                a.resolution = Some((*upheld, reply.clone(), *at));
                a.decided_by = Some(*by);
                if !*upheld {
                    return;
                }
                let (team, kind) = (a.team, a.kind);
                if let Some(q) = self.questions.get_mut(a.question.0 as usize) {
                    match kind {
                        AppealKind::WithdrawQuestion => q.withdrawn = true,
                        AppealKind::AcceptMyAnswer => {
                            q.accepted_on_appeal.insert(team);
                        }
                    }
                }
            }
            ChgkEvent::AbsenceMarked { team, tour, absent } => {
                let marked = self.absent.entry(*tour).or_default();
                if *absent {
                    marked.insert(*team);
                } else {
                    marked.remove(team);
                }
            }
            ChgkEvent::ProjectorShowsText { on } => self.projector_text = *on,
            ChgkEvent::HandoutShown { question } => {
                self.handout_shown = *question;
                // One sheet at a time fills the screen.
                if question.is_some() {
                    self.picture_shown = None;
                }
            }
            ChgkEvent::PictureShown { picture } => {
                self.picture_shown = *picture;
                if picture.is_some() {
                    self.handout_shown = None;
                }
            }
            ChgkEvent::AnnouncementTakenBack { question } => self.apply_take_back(*question),
        }
    }

    // ---------------------------------------------------------------- standings

    /// Standings over the questions `counted` selects (3; 4.3): the host
    /// counts every played question, the hall only the revealed ones.
    /// `teams` are the registered teams; those marked absent from a tour
    /// leave its A. A mask shows `?` where the team's спорный waits.
    pub fn standings(
        &self,
        teams: &[TeamId],
        counted: impl Fn(&GameQuestion) -> bool,
    ) -> Vec<(TeamId, ChgkRow)> {
        let index: BTreeMap<TeamId, usize> =
            teams.iter().enumerate().map(|(i, t)| (*t, i)).collect();
        let counted: Vec<&GameQuestion> = self
            .questions
            .iter()
            .filter(|q| q.played() && counted(q))
            .collect();
        let outcomes: Vec<ChgkQuestionOutcome> = counted
            .iter()
            .map(|q| ChgkQuestionOutcome {
                correct: teams
                    .iter()
                    .filter(|t| q.is_correct(**t))
                    .filter_map(|t| index.get(t).copied())
                    .collect(),
                removed: q.withdrawn,
                // 4.3: A counts the teams playing.
                absent: teams
                    .iter()
                    .filter(|t| !self.plays(**t, q.tour))
                    .filter_map(|t| index.get(t).copied())
                    .collect(),
            })
            .collect();
        chgk_standings(teams.len(), &outcomes)
            .into_iter()
            .filter_map(|mut row| {
                let team = *teams.get(row.team)?;
                // A спорный before the jury: the answer is open, not wrong.
                row.mask = counted
                    .iter()
                    .zip(row.mask.chars())
                    .map(|(q, c)| if self.answer_open(q, team) { '?' } else { c })
                    .collect();
                Some((team, row))
            })
            .collect()
    }
}
