//! What an upheld appeal made of the Brain-ring question on screen
//! (4.14–4.15), read from the fight's view. The question's phase stays as
//! it was played, so without this a screen would say «Вопрос не взят»
//! beside a score that counts it; the views colour it and the texts word it.

use super::{RingAppealKind, RingFightView, Table};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    Withdrawn,
    TakenBy(Table),
}

impl Ruling {
    /// The ruling on the fight's current question, if an appeal on it was
    /// upheld.
    pub fn of(fight: &RingFightView) -> Option<Ruling> {
        let number = fight.question.as_ref()?.number;
        // The latest upheld appeal on the question decides.
        let upheld = fight
            .appeals
            .iter()
            .rev()
            .find(|a| a.question == number && a.resolution.as_ref().is_some_and(|r| r.0))?;
        match upheld.kind {
            RingAppealKind::QuestionIncorrect => Some(Ruling::Withdrawn),
            RingAppealKind::AcceptOurAnswer => fight
                .tables
                .iter()
                .position(|t| *t == upheld.team)
                .map(Ruling::TakenBy),
        }
    }
}
