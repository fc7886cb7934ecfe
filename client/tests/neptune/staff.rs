//! The staff's and the hall's Нептун screens: the host's desk step by
//! step (the big button, the rating, Блицкриг's steps, the judging, the
//! auction), the projector's auction, and every screen drawn at every step
//! of a whole game.

use super::*;

// --------------------------------------------------------------- the host

#[test]
fn neptune_the_host_starts_the_first_contest_with_the_big_button() {
    let hall = Hall::registered();
    let mut harness = hall.desk();
    assert!(
        harness.query_by_label("Коды ломтиков").is_some(),
        "before Сэндвич"
    );
    common::click(&mut harness, "Начать конкурс «Негатив»");
    common::assert_sent(&harness, [neptune(NeptuneCommand::StartContest)]);
}

#[test]
fn neptune_1_3_the_rating_comes_prefilled_from_the_package_and_the_flip_is_not_read() {
    let mut hall = Hall::registered();
    hall.host(NeptuneCommand::StartContest);
    let mut harness = hall.desk();
    assert!(harness.query_by_label("Рейтинг по пакету: 30").is_some());
    assert!(
        harness
            .query_by_label("Перевёртыш — не оглашать (1.4): «фраза 5»")
            .is_some()
    );
    common::click(&mut harness, "Объявить вопрос 1");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Announce { rating: Some(30) })],
    );
}

#[test]
fn neptune_3_2_the_host_reads_a_block_twenty_seconds_a_question() {
    let mut hall = Hall::registered();
    hall.host(NeptuneCommand::StartContest);
    hall.play_question(Contest::Negative, &[]);
    hall.host(NeptuneCommand::StartContest);
    hall.play_question(Contest::Sandwich, &[]);
    hall.host(NeptuneCommand::StartContest);
    hall.host(NeptuneCommand::Announce { rating: None });
    hall.host(NeptuneCommand::StartMinute);
    hall.pass(21_000);
    let mut harness = hall.desk();
    common::click(&mut harness, "Вопрос 2 из 4: 20 секунд");
    common::assert_sent(&harness, [neptune(NeptuneCommand::StartMinute)]);
}

#[test]
fn neptune_0_4_the_host_judges_a_group_and_reveals_only_when_all_are_judged() {
    let mut hall = Hall::registered();
    hall.host(NeptuneCommand::StartContest);
    hall.host(NeptuneCommand::Announce { rating: None });
    hall.host(NeptuneCommand::StartMinute);
    for team in [1, 2] {
        hall.team(
            team,
            NeptuneCommand::Answer {
                answers: vec![
                    if team == 1 {
                        "Чёрное"
                    } else {
                        "чёрное "
                    }
                    .into(),
                ],
                slice: None,
            },
        );
    }
    hall.pass(64_000);
    let mut harness = hall.desk();
    assert!(harness.query_by_label("×2").is_some(), "one group of two");
    assert!(disabled(&harness, "Показать ответ"));
    assert!(
        harness
            .query_by_label("Сначала оцените все карточки (0.4).")
            .is_some()
    );
    common::click(&mut harness, "Верно");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Judge {
            cards: vec![CardKey::team(TeamId(1)), CardKey::team(TeamId(2))],
            part: 0,
            correct: true,
        })],
    );
}

#[test]
fn neptune_6_3_the_host_says_three_and_bids_by_hand() {
    let mut hall = Hall::bidding();
    hall.team(
        1,
        NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
    );
    let mut harness = hall.desk();
    assert_eq!(
        harness.get_all_by_label("40").count(),
        2,
        "the standing bid and the log's"
    );
    common::click(&mut harness, "«Три!» — закрыть торги");
    common::assert_sent(&harness, [neptune(NeptuneCommand::CloseBidding)]);
    harness.state_mut().sent.clear();
    // The team's button (its name elsewhere is plain text).
    harness
        .get_all_by_label("Эрудиты")
        .find(|n| n.accesskit_node().toggled().is_some())
        .expect("the team's button")
        .click();
    harness.run();
    // The chosen team's «ва-банк» with its sum (its 50 points).
    common::click(&mut harness, "Ва-банк (50)");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Bid {
            team: Some(TeamId(2)),
            bid: Bid::VaBank,
        })],
    );
}

// ------------------------------------------------------------ the projector

#[test]
fn neptune_the_projector_shows_the_standing_bid_and_the_table() {
    let mut hall = Hall::bidding();
    hall.team(
        2,
        NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
    );
    let mut view = common::display_view();
    view.games.push(GameEntry {
        id: GAME,
        name: String::new(),
        format: Format::Neptune,
        view: GameDisplayView::Neptune(hall.game.display_view(&hall.roster, hall.now())),
    });
    let harness = common::projector(Lang::Ru, hall.now_ms * 1000, view, [1600.0, 1200.0]);
    assert!(harness.query_by_label("Аукцион · вопрос 1 из 1").is_some());
    assert_eq!(
        harness.get_all_by_label("40").count(),
        2,
        "huge, and logged"
    );
    assert!(harness.query_by_label("Общий зачёт").is_some());
    assert!(
        harness.query_by_label("Негатив").is_some(),
        "a column per contest"
    );
}

// ------------------------------------------------------------- every step

impl Hall {
    /// Every screen of the game now, in both languages: a team's, a
    /// ломтик's, the host's desk and the projector.
    fn draw_everything(&mut self) {
        for lang in [Lang::Ru, Lang::En] {
            self.lang = lang;
            let _ = self.terminal(1, None);
            let _ = self.terminal(3, Some(Slice::Top));
            self.phone_fits();
            let _ = self.desk();
            let mut view = common::display_view();
            view.games.push(GameEntry {
                id: GAME,
                name: String::new(),
                format: Format::Neptune,
                view: GameDisplayView::Neptune(self.game.display_view(&self.roster, self.now())),
            });
            let _ = common::projector(lang, self.now_ms * 1000, view, [1600.0, 1200.0]);
        }
        self.lang = Lang::Ru;
    }

    fn slice(&mut self, team: u32, slice: Slice, answer: &str) {
        let command = NeptuneCommand::Answer {
            answers: vec![answer.into()],
            slice: Some(slice),
        };
        self.run(Identity::Slice(TeamId(team), slice), command);
    }
}

/// A whole game, one question a contest, drawn at every step: nothing on
/// any screen panics or lacks a glyph, whatever the stage.
#[test]
fn neptune_every_screen_draws_at_every_step_of_a_game() {
    let mut hall = Hall::registered();
    hall.draw_everything();
    // Негатив: a card, a late card, a mark.
    hall.host(NeptuneCommand::StartContest);
    hall.team(
        1,
        NeptuneCommand::MarkPhrase {
            phrase: 4,
            marked: true,
        },
    );
    hall.draw_everything();
    hall.host(NeptuneCommand::Announce { rating: None });
    hall.host(NeptuneCommand::StartMinute);
    hall.team(
        1,
        NeptuneCommand::Answer {
            answers: vec!["Чёрное".into()],
            slice: None,
        },
    );
    hall.draw_everything();
    hall.pass(64_000);
    hall.team(
        2,
        NeptuneCommand::Answer {
            answers: vec!["Белое".into()],
            slice: None,
        },
    );
    hall.draw_everything();
    hall.host(NeptuneCommand::Judge {
        cards: vec![CardKey::team(TeamId(1))],
        part: 0,
        correct: true,
    });
    hall.host(NeptuneCommand::Reveal);
    hall.draw_everything();
    // Сэндвич: the ломтики's cards.
    hall.host(NeptuneCommand::SetSplit {
        team: Some(TeamId(2)),
        top: vec!["Егор".into()],
        bottom: vec!["Жанна".into(), "Зоя".into(), "Иван".into(), "Кира".into()],
    });
    hall.host(NeptuneCommand::StartContest);
    hall.host(NeptuneCommand::Announce { rating: None });
    hall.host(NeptuneCommand::StartMinute);
    hall.slice(1, Slice::Top, "Луна");
    hall.slice(3, Slice::Top, "Солнце");
    hall.draw_everything();
    hall.pass(64_000);
    let cards = vec![CardKey::slice(TeamId(1), Slice::Top)];
    hall.host(NeptuneCommand::Judge {
        cards,
        part: 0,
        correct: true,
    });
    let cards = vec![CardKey::slice(TeamId(3), Slice::Top)];
    hall.host(NeptuneCommand::Judge {
        cards,
        part: 0,
        correct: false,
    });
    hall.host(NeptuneCommand::Reveal);
    hall.draw_everything();
    // Блицкриг: a block read question by question, one card of four.
    hall.host(NeptuneCommand::StartContest);
    hall.host(NeptuneCommand::Announce { rating: None });
    hall.draw_everything();
    for _ in 0..4 {
        hall.host(NeptuneCommand::StartMinute);
        hall.draw_everything();
        hall.pass(21_000);
    }
    hall.draw_everything();
    hall.pass(64_000);
    hall.host(NeptuneCommand::Reveal);
    // Сизиф.
    hall.host(NeptuneCommand::StartContest);
    hall.play_question(Contest::Sisyphus, &[2]);
    hall.draw_everything();
    // Джокер: the topics, a declaration, the tour revealed at its end.
    hall.host(NeptuneCommand::StartContest);
    hall.team(1, NeptuneCommand::Declare { count: 1 });
    hall.draw_everything();
    hall.pass(24_000);
    hall.play_question(Contest::Joker, &[1]);
    hall.draw_everything();
    // Аукцион: bids, «три», the question for the stakes.
    hall.host(NeptuneCommand::StartContest);
    hall.host(NeptuneCommand::OpenBidding);
    // Team 2 bids 40; team 1's «ва-банк» (its whole score) offers more.
    hall.team(
        2,
        NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
    );
    hall.host(NeptuneCommand::Bid {
        team: Some(TeamId(1)),
        bid: Bid::VaBank,
    });
    hall.draw_everything();
    hall.pass(1_000);
    hall.host(NeptuneCommand::CloseBidding);
    hall.draw_everything();
    hall.play_question(Contest::Auction, &[2]);
    hall.draw_everything();
    assert!(hall.game.finished());
}
