//! A ChGK game's check of its own stored events on replay: the tours,
//! questions, appeals, teams and judges they name exist, and new tours and
//! questions come in id order. Nothing here changes the game.

use crate::ids::{QuestionId, TourId};
use crate::play::replay::{Known, ReplayError};

use super::{ChgkEvent, ChgkGame, Judger};

impl ChgkGame {
    pub(super) fn check_stored(&self, e: &ChgkEvent, known: &dyn Known) -> Result<(), ReplayError> {
        match e {
            ChgkEvent::TourAdded { tour, .. } => {
                let expected = self.tours.len() as u32;
                if tour.0 != expected {
                    return Err(ReplayError::OutOfOrder {
                        what: "ChGK tour id",
                        id: tour.0,
                        expected,
                    });
                }
                Ok(())
            }
            ChgkEvent::QuestionAdded { question, tour, .. } => {
                self.tour_exists(*tour)?;
                let expected = self.questions.len() as u32;
                if question.0 != expected {
                    return Err(ReplayError::OutOfOrder {
                        what: "ChGK question id",
                        id: question.0,
                        expected,
                    });
                }
                Ok(())
            }
            ChgkEvent::Announced { question, .. }
            | ChgkEvent::AnnouncementTakenBack { question }
            | ChgkEvent::MinuteStarted { question, .. }
            | ChgkEvent::Revealed { question, .. } => self.question_exists(*question),
            ChgkEvent::CardAccepted { question, team, .. }
            | ChgkEvent::AppealFiled { question, team, .. } => {
                self.question_exists(*question)?;
                known.team_exists(*team)
            }
            ChgkEvent::Judged { question, by, .. } => {
                self.question_exists(*question)?;
                match by {
                    Judger::Judge(judge) => known.judge_exists(*judge),
                    Judger::Host => Ok(()),
                }
            }
            ChgkEvent::TourClosed { tour, playing, .. } => {
                self.tour_exists(*tour)?;
                playing
                    .iter()
                    .flatten()
                    .try_for_each(|team| known.team_exists(*team))
            }
            ChgkEvent::AbsenceMarked { team, tour, .. } => {
                self.tour_exists(*tour)?;
                known.team_exists(*team)
            }
            ChgkEvent::AppealResolved { appeal, .. } => match self.appeal(*appeal) {
                Ok(_) => Ok(()),
                Err(_) => Err(ReplayError::Missing {
                    what: "ChGK appeal",
                    id: appeal.0,
                    made: "filed",
                }),
            },
            ChgkEvent::ProjectorShowsText { .. } | ChgkEvent::HandoutShown { question: None } => {
                Ok(())
            }
            ChgkEvent::HandoutShown {
                question: Some(question),
            } => self.question_exists(*question),
            ChgkEvent::PictureShown { picture: None } => Ok(()),
            ChgkEvent::PictureShown {
                picture: Some(shown),
            } => self.question_exists(shown.question),
        }
    }

    fn question_exists(&self, question: QuestionId) -> Result<(), ReplayError> {
        match self.question(question) {
            Ok(_) => Ok(()),
            Err(_) => Err(ReplayError::Missing {
                what: "ChGK question id",
                id: question.0,
                made: "added",
            }),
        }
    }

    fn tour_exists(&self, tour: TourId) -> Result<(), ReplayError> {
        match self.tour(tour) {
            Ok(_) => Ok(()),
            Err(_) => Err(ReplayError::Missing {
                what: "ChGK tour id",
                id: tour.0,
                made: "added",
            }),
        }
    }
}

/// The store's `kind` column for a ChGK event; the names stay as they were
/// before games had ids, so a query reads old and new stores alike.
pub(super) fn kind(e: &ChgkEvent) -> &'static str {
    match e {
        ChgkEvent::TourAdded { .. } => "chgk_tour_added",
        ChgkEvent::QuestionAdded { .. } => "chgk_question_added",
        ChgkEvent::Announced { .. } => "chgk_announced",
        ChgkEvent::MinuteStarted { .. } => "chgk_minute_started",
        ChgkEvent::CardAccepted { .. } => "chgk_card_accepted",
        ChgkEvent::Judged { .. } => "chgk_judged",
        ChgkEvent::Revealed { .. } => "chgk_revealed",
        ChgkEvent::TourClosed { .. } => "chgk_tour_closed",
        ChgkEvent::AppealFiled { .. } => "chgk_appeal_filed",
        ChgkEvent::AppealResolved { .. } => "chgk_appeal_resolved",
        ChgkEvent::ProjectorShowsText { .. } => "chgk_projector_shows_text",
        ChgkEvent::HandoutShown { .. } => "chgk_handout_shown",
        ChgkEvent::PictureShown { .. } => "chgk_picture_shown",
        ChgkEvent::AnnouncementTakenBack { .. } => "chgk_announcement_taken_back",
        ChgkEvent::AbsenceMarked { .. } => "chgk_absence_marked",
    }
}
