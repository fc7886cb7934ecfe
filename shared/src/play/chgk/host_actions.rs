//! The host's two shortcuts against slips on a 40-team evening: «Остальные —
//! неверно» (every group not yet judged marked wrong in one command) and
//! taking back an announcement before «Время». Decisions only; the events
//! they return are applied by [`ChgkGame::apply`] like every other.

use super::{ChgkError, ChgkEvent, ChgkGame, Judger, Verdict};
use crate::ids::QuestionId;
use crate::time::ServerTime;

impl ChgkGame {
    /// «Остальные — неверно»: one `Judged` event per on-time group of the
    /// question that has no verdict yet, all stored by one command. Groups
    /// already judged keep their verdict; nothing left to judge is no event.
    pub fn handle_judge_rest_wrong(
        &self,
        q: QuestionId,
        by: Judger,
        now: ServerTime,
    ) -> Result<Vec<ChgkEvent>, ChgkError> {
        let question = self.question(q)?;
        // The same rule as one group's verdict: a closed tour is final.
        if self.tour(question.tour)?.closed_at.is_some() {
            return Err(ChgkError::TourClosed);
        }
        // 3: «остальные» are the cards of a question whose hand-in is over;
        // before «Время», or while cards still come in, there is no rest.
        let clock = question.clock.as_ref().ok_or(ChgkError::NotPlayedYet)?;
        if now <= clock.accept_until() {
            return Err(ChgkError::ClockRunning);
        }
        let open: Vec<&str> = question
            .groups()
            .into_iter()
            .filter(|g| !question.verdicts.contains_key(*g))
            .collect();
        let mut events = Vec::with_capacity(open.len());
        for group in open {
            events.push(self.handle_judge(q, group, Verdict::Wrong, by, now)?);
        }
        Ok(events)
    }

    /// Takes back the announcement of the current question before its
    /// «Время» (a press of «Следующий вопрос» too many): the question is
    /// unplayed again and no question is current. Refused once the minute
    /// has started, and once a team has handed in a card for it (the card
    /// is accepted data; see docs/rules.md, section 3).
    pub fn handle_take_back_announcement(&self, q: QuestionId) -> Result<ChgkEvent, ChgkError> {
        let question = self.question(q)?;
        if self.current != Some(q) {
            return Err(ChgkError::NotAnnounced);
        }
        if question.played() {
            return Err(ChgkError::MinuteAlreadyStarted);
        }
        if !question.cards.is_empty() {
            return Err(ChgkError::CardsHandedIn);
        }
        Ok(ChgkEvent::AnnouncementTakenBack { question: q })
    }

    /// Applies [`ChgkEvent::AnnouncementTakenBack`].
    pub(super) fn apply_take_back(&mut self, q: QuestionId) {
        if self.current != Some(q) {
            return;
        }
        if let Some(question) = self.questions.get_mut(q.0 as usize) {
            question.announced_at = None;
        }
        self.current = None;
        // What was put up for this question comes down with it.
        self.handout_shown = None;
        self.picture_shown = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{TeamId, TourId};
    use crate::packages::Question;

    fn s(secs: u64) -> ServerTime {
        ServerTime::from_millis(secs * 1000)
    }

    /// A tour of two questions; question 0 announced at 10 s.
    fn announced() -> ChgkGame {
        let mut game = ChgkGame::default();
        for _ in 0..2 {
            let question = Question {
                text: "Кто?".into(),
                answer: "Пушкин".into(),
                ..Question::default()
            };
            let events = game
                .handle_add_question(TourId(0), question)
                .expect("added");
            events.iter().for_each(|e| game.apply(e));
        }
        let e = game
            .handle_announce(QuestionId(0), s(10))
            .expect("announced");
        game.apply(&e);
        game
    }

    fn apply(game: &mut ChgkGame, events: &[ChgkEvent]) {
        events.iter().for_each(|e| game.apply(e));
    }

    /// Question 0 played: «Время» at 11 s and four cards, three answers.
    fn played() -> ChgkGame {
        let mut game = announced();
        let e = game.handle_start_minute(s(11)).expect("started");
        game.apply(&e);
        for (team, text) in [
            (1, "Пушкин"),
            (2, "Лермонтов"),
            (3, "Гоголь"),
            (4, "гоголь"),
        ] {
            let e = game
                .handle_card(TeamId(team), QuestionId(0), text, s(30))
                .expect("card");
            game.apply(&e);
        }
        game
    }

    #[test]
    fn chgk_3_the_rest_wrong_marks_every_unjudged_group_and_keeps_the_judged() {
        // Arrange: «пушкин» judged correct, two groups open.
        let mut game = played();
        let e = game
            .handle_judge(
                QuestionId(0),
                "пушкин",
                Verdict::Correct,
                Judger::Host,
                s(80),
            )
            .expect("judged");
        game.apply(&e);

        // Act
        let events = game
            .handle_judge_rest_wrong(QuestionId(0), Judger::Host, s(81))
            .expect("the rest judged");
        apply(&mut game, &events);

        // Assert: one event per open group; every group now has a verdict.
        assert_eq!(events.len(), 2);
        let q = game.question(QuestionId(0)).expect("question");
        assert_eq!(q.verdicts["пушкин"].0, Verdict::Correct);
        assert_eq!(q.verdicts["лермонтов"].0, Verdict::Wrong);
        assert_eq!(q.verdicts["гоголь"].0, Verdict::Wrong);
        assert!(game.handle_reveal(QuestionId(0), s(82)).is_ok());
        let again = game
            .handle_judge_rest_wrong(QuestionId(0), Judger::Host, s(83))
            .expect("nothing left");
        assert!(again.is_empty(), "nothing left to judge is no event");
    }

    #[test]
    fn chgk_3_the_rest_wrong_is_refused_in_a_closed_tour() {
        let mut game = played();
        let events = game
            .handle_judge_rest_wrong(QuestionId(0), Judger::Host, s(80))
            .expect("judged");
        apply(&mut game, &events);
        let e = game
            .handle_close_tour(TourId(0), &[], s(90))
            .expect("closed");
        game.apply(&e);
        assert_eq!(
            game.handle_judge_rest_wrong(QuestionId(0), Judger::Host, s(91)),
            Err(ChgkError::TourClosed)
        );
    }

    #[test]
    fn chgk_3_a_verdict_never_moves_a_group_in_the_judges_list() {
        // Arrange: three groups, «гоголь» from two teams.
        let mut game = played();
        let roster = crate::play::roster::Roster::numbered(4);
        let order = |game: &ChgkGame| -> Vec<String> {
            game.project_staff(&roster, s(80)).judging[0]
                .groups
                .iter()
                .map(|g| g.key.clone())
                .collect()
        };
        let before = order(&game);

        // Act: the first and the last group judged.
        for group in [before[0].clone(), before[2].clone()] {
            let e = game
                .handle_judge(QuestionId(0), &group, Verdict::Wrong, Judger::Host, s(80))
                .expect("judged");
            game.apply(&e);
        }

        // Assert: the most common first, then alphabetically, as before.
        assert_eq!(before, vec!["гоголь", "лермонтов", "пушкин"]);
        assert_eq!(order(&game), before);
    }

    #[test]
    fn chgk_3_an_announcement_is_taken_back_before_the_minute() {
        // Arrange
        let mut game = announced();

        // Act
        let e = game
            .handle_take_back_announcement(QuestionId(0))
            .expect("taken back");
        game.apply(&e);

        // Assert: nothing current; the question can be announced again.
        assert_eq!(game.current, None);
        assert_eq!(game.phase_at(s(12)), crate::play::clock::Phase::Idle);
        assert!(game.handle_announce(QuestionId(0), s(13)).is_ok());
    }

    #[test]
    fn chgk_3_an_announcement_is_not_taken_back_after_time_or_a_card() {
        let game = played();
        assert_eq!(
            game.handle_take_back_announcement(QuestionId(0)),
            Err(ChgkError::MinuteAlreadyStarted)
        );
        assert_eq!(
            game.handle_take_back_announcement(QuestionId(1)),
            Err(ChgkError::NotAnnounced),
            "only the current question's announcement"
        );
        let mut early = announced();
        let e = early
            .handle_card(TeamId(1), QuestionId(0), "Пушкин", s(10))
            .expect("an early card");
        early.apply(&e);
        assert_eq!(
            early.handle_take_back_announcement(QuestionId(0)),
            Err(ChgkError::CardsHandedIn)
        );
    }
}
