//! A team's screens on a phone held upright (360×640 points, as a phone's
//! browser gives egui), drawn headless with egui_kittest through the whole
//! window as the app draws it: the join screen, the ChGK card with its
//! receipt, past answers with their appeals and the standings, the
//! «нет связи с сервером» banner, the language switch, and the projector
//! (a big screen's, only sane here). Nothing may be wider than the screen
//! and every text field must scroll into reach. The games' own screens
//! are checked beside their tests (ring, erudit, neptune, multigames).

use crate::common;

use common::phone::{PHONE, assert_fits, assert_phone};
use common::{Screen, minute};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::discovery::{Hall, HallEvent};
use minuta_client::i18n::Lang;
use minuta_client::state::{AppState, NetEvent, UiCommand, reduce};
use minuta_client::views::LocalState;
use minuta_client::views::join::{JoinForm, join};
use minuta_shared::ids::{AppealId, QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::lan::{Advert, Found};
use minuta_shared::play::chgk::view::{AppealView, CardReveal, StandingRow, TeamCard};
use minuta_shared::play::chgk::{AppealKind, Verdict};
use minuta_shared::play::clock::Phase;
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::Place;
use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::View;

/// «Время» for question 7, ms of server time.
const START_MS: u64 = 1_000_000_000;

fn connected(lang: Lang, view: View, at_ms: u64) -> AppState {
    common::phone::connected(lang, view, (START_MS + at_ms) * 1000)
}

fn phone_window(state: AppState) -> Harness<'static, Screen<LocalState>> {
    common::phone::window(state)
}

/// Long names, as halls have them.
fn standings() -> Vec<StandingRow> {
    (1..=12)
        .map(|i| StandingRow {
            team: TeamId(i),
            name: format!("Команда имени Менделеева № {i}"),
            town: "Санкт-Петербург".into(),
            place: Place::single(i),
            points: 40 - i,
            rating: 4000 - i64::from(i) * 10,
            mask: (0..36)
                .map(|q| if (q + i) % 3 == 0 { '0' } else { '1' })
                .collect(),
        })
        .collect()
}

/// A revealed card of question `number`, judged `verdict`.
fn past_card(id: u32, number: &str, verdict: Verdict) -> TeamCard {
    TeamCard {
        question: QuestionId(id),
        number: number.into(),
        text: "Очень длинный ответ команды, который не помещается в одну строку телефона".into(),
        received_at: ServerTime::from_millis(START_MS - 100_000),
        since_start_ms: 41_250,
        late: false,
        reveal: Some(CardReveal {
            author_answer: "Шерлок Холмс, великий сыщик с Бейкер-стрит".into(),
            accepted: Some("Холмс; Шерлок; сыщик".into()),
            comment: Some("Автор вопроса — Иван Петров (Санкт-Петербург)".into()),
            verdict: Some(verdict),
            withdrawn: false,
        }),
    }
}

/// Team 1 during question 7's minute, after two revealed questions, one
/// appealed and decided, twelve teams on the standings.
fn chgk_team(at_ms: u64) -> View {
    let mut view = common::team_view();
    let chgk = common::team_chgk(&mut view);
    chgk.clock = minute(QuestionId(6), "7", Phase::Minute, START_MS);
    chgk.cards = vec![
        past_card(4, "5", Verdict::Wrong),
        past_card(5, "6", Verdict::Correct),
    ];
    chgk.appeals = vec![AppealView {
        id: AppealId(1),
        team: TeamId(1),
        team_name: "Знатоки".into(),
        question: QuestionId(4),
        number: "5".into(),
        kind: AppealKind::AcceptMyAnswer,
        text: "Наш ответ по сути совпадает с авторским: просим засчитать его".into(),
        filed_at: ServerTime::from_millis(START_MS - 50_000),
        card: Some("Холмс".into()),
        author_answer: "Шерлок Холмс".into(),
        accepted: None,
        resolution: None,
    }];
    chgk.standings = standings();
    let _ = at_ms;
    View::Team(view)
}

#[test]
fn phone_the_chgk_card_fits_and_the_receipt_follows_in_both_languages() {
    for lang in [Lang::Ru, Lang::En] {
        let state = connected(lang, chgk_team(20_000), 20_000);
        let mut harness = phone_window(state);
        assert_phone(&mut harness, &format!("ChGK card ({lang:?})"));
        // The language switch is on the screen, whole.
        for code in ["RU", "EN"] {
            let rect = harness.get_by_label(code).rect();
            assert!(
                rect.max.x <= PHONE[0] && rect.min.x >= 0.0,
                "{code} at {rect:?}"
            );
        }
    }
    let mut harness = phone_window(connected(Lang::Ru, chgk_team(20_000), 20_000));
    let command = phone_hand_in(&mut harness, "Шерлок Холмс");
    let request = harness.state_mut().state.begin_request(command);
    harness.run_steps(2);
    assert_fits(&harness, "ChGK card on its way");
    common::answer(
        &mut harness.state_mut().state,
        request,
        Ok(minuta_shared::wire::server::Receipt::Game {
            game: minuta_shared::play::chgk::EVENT_CHGK,
            receipt: minuta_shared::play::games::GameReceipt::Chgk(
                minuta_shared::play::chgk::ChgkReceipt::Card {
                    question: QuestionId(6),
                    received_at: ServerTime::from_millis(START_MS + 58_731),
                    since_start_ms: 58_731,
                    late: false,
                },
            ),
        }),
    );
    harness.run();
    assert!(harness.query_by_label("принято 00:58.731").is_some());
    assert_fits(&harness, "ChGK receipt");
}

/// Types into the card, hands it in and confirms, on the whole window.
fn phone_hand_in(
    harness: &mut Harness<'static, Screen<LocalState>>,
    answer: &str,
) -> minuta_shared::wire::client::Command {
    common::type_into(harness, "Ваш ответ", answer);
    assert_fits(harness, "ChGK card typed in");
    common::click(harness, "Сдать ответ");
    assert_fits(harness, "ChGK confirmation");
    common::click(harness, "Да, сдать");
    let sent = std::mem::take(&mut harness.state_mut().sent);
    match sent.as_slice() {
        [UiCommand::Send(command)] => command.clone(),
        other => panic!("expected one command, got {other:?}"),
    }
}

#[test]
fn phone_the_chgk_appeal_form_fits_and_its_text_is_reachable() {
    for lang in [Lang::Ru, Lang::En] {
        let mut harness = phone_window(connected(lang, chgk_team(20_000), 20_000));
        let appeal = if lang == Lang::Ru {
            "Апелляция"
        } else {
            "Appeal"
        };
        harness
            .get_all_by_label(appeal)
            .next()
            .expect("an appeal button")
            .click();
        harness.run();
        assert_phone(&mut harness, &format!("ChGK appeal form ({lang:?})"));
    }
}

#[test]
fn phone_the_lost_server_banner_fits_in_both_languages() {
    for lang in [Lang::Ru, Lang::En] {
        let mut state = connected(lang, chgk_team(20_000), 20_000);
        reduce(&mut state, NetEvent::Silent);
        assert!(state.link_lost());
        let mut harness = phone_window(state);
        assert_phone(&mut harness, &format!("banner ({lang:?})"));
        // Half a minute of silence: the advice in large type.
        let mut state = connected(lang, chgk_team(20_000), 20_000);
        reduce(&mut state, NetEvent::Silent);
        state.now_us += 40_000_000;
        assert!(state.silent_too_long());
        let mut harness = phone_window(state);
        assert_phone(&mut harness, &format!("silence advice ({lang:?})"));
    }
}

fn found(tournament: &str) -> Found {
    Found {
        instance: "Minuta-8GN0._minuta._udp.local.".into(),
        advert: Advert {
            tournament: tournament.into(),
            port: 4433,
            fingerprint: [0x42; 32],
            protocol: PROTOCOL_VERSION,
            display_secret: "shown".into(),
        },
        addrs: vec!["192.168.1.5".parse().unwrap()],
    }
}

#[test]
fn phone_the_join_screen_fits_with_the_halls_servers() {
    for lang in [Lang::Ru, Lang::En] {
        // The whole window before joining.
        let mut harness = phone_window(AppState::new(lang));
        assert_phone(&mut harness, &format!("join window ({lang:?})"));
        let mut hall = Hall {
            searching: true,
            ..Hall::default()
        };
        hall.apply(HallEvent::Found(found(
            "Открытый кубок Санкт-Петербурга по интеллектуальным играм",
        )));
        let form = JoinForm {
            hall,
            ..JoinForm::default()
        };
        let mut harness = common::screen(AppState::new(lang), form, PHONE, join);
        assert_phone(&mut harness, &format!("join with a server ({lang:?})"));
    }
}

#[test]
fn phone_connecting_and_stopped_screens_fit() {
    let mut state = AppState::new(Lang::Ru);
    state.join(JoinCode {
        addrs: vec!["192.168.1.5:4433".parse().unwrap()],
        fingerprint: [1; 32],
        credential: Credential::Team {
            team: TeamId(1),
            secret: "s".into(),
        },
    });
    let mut harness = phone_window(state);
    assert_phone(&mut harness, "connecting");
}

#[test]
fn phone_the_projector_draws_sanely() {
    let mut view = common::display_view();
    let chgk = common::display_chgk(&mut view);
    chgk.clock = minute(QuestionId(6), "7", Phase::Minute, START_MS);
    chgk.standings = standings();
    let harness = common::projector(Lang::Ru, (START_MS + 20_000) * 1000, view.clone(), PHONE);
    assert!(
        harness.query_by_label("0:40").is_some(),
        "the clock is shown"
    );
    // Between questions: the standings and the leaders' race; the whole
    // window, the banner of a lost server over it.
    let mut between = view;
    common::display_chgk(&mut between).clock = minute(QuestionId(6), "7", Phase::Idle, START_MS);
    let mut state = connected(Lang::Ru, View::Display(between), 90_000);
    reduce(&mut state, NetEvent::Silent);
    let harness = phone_window(state);
    assert!(
        harness.query_by_label_contains("нет связи").is_some(),
        "the banner is up on the projector too"
    );
}

#[test]
fn phone_39_the_chgk_screens_fit_a_390_by_844_phone_too() {
    // Arrange / act: the card with the past answers revealed, and the
    // lost server's banner, on a taller, wider phone.
    for lang in [Lang::Ru, Lang::En] {
        let mut harness = common::phone::window_sized(
            connected(lang, chgk_team(20_000), 20_000),
            common::phone::TALL_PHONE,
        );
        // Assert: nothing wider than 390 points (the author's answer once
        // sat 15 points wide at the right edge, a letter a line).
        assert_phone(&mut harness, &format!("ChGK card 390×844 ({lang:?})"));
        let mut state = connected(lang, chgk_team(20_000), 90_000);
        reduce(&mut state, NetEvent::Silent);
        let mut harness = common::phone::window_sized(state, common::phone::TALL_PHONE);
        assert_phone(&mut harness, &format!("banner 390×844 ({lang:?})"));
    }
}

#[test]
fn phone_39_the_confirmation_is_where_its_first_frame_shows_it() {
    // Arrange: a card typed in on a phone.
    let mut harness = phone_window(connected(Lang::Ru, chgk_team(20_000), 20_000));
    common::type_into(&mut harness, "Ваш ответ", "Шерлок Холмс");

    // Act: «Сдать ответ» (a frame takes the tap), then the one frame that
    // first shows the confirmation, as a thumb sees it.
    harness.get_by_label("Сдать ответ").click();
    harness.step();
    harness.step();
    let first = harness.get_by_label("Да, сдать").rect();
    let cancel = harness.get_by_label("Отмена").rect();
    harness.run();

    // Assert: neither button moved after the frame that first showed them.
    assert_eq!(harness.get_by_label("Да, сдать").rect(), first);
    assert_eq!(harness.get_by_label("Отмена").rect(), cancel);
}

#[test]
fn phone_39_a_typed_answer_comes_back_after_a_reload() {
    // Arrange: the card typed in, not handed in.
    let mut harness = phone_window(connected(Lang::Ru, chgk_team(20_000), 20_000));
    common::type_into(&mut harness, "Ваш ответ", "Королёв");
    let drafts = harness.state().state.drafts.clone();

    // Act: the page reloads: a fresh app whose shelf kept the drafts.
    let mut state = connected(Lang::Ru, chgk_team(21_000), 21_000);
    state.drafts = drafts;
    let harness = phone_window(state);
    // Assert: the card shows what was typed.
    let field = harness.get_by_role(egui::accesskit::Role::TextInput);
    assert_eq!(field.value().as_deref(), Some("Королёв"));
}

#[test]
fn phone_39_the_keyboard_leaves_the_card_and_its_button_in_sight() {
    // Arrange: the card's field focused on a phone.
    let mut harness = phone_window(connected(Lang::Ru, chgk_team(20_000), 20_000));
    common::type_into(&mut harness, "Ваш ответ", "Ёжик");

    // Act: the keyboard opens: the page is left 300 points tall.
    harness.set_size(egui::vec2(PHONE[0], 300.0));
    harness.run();

    // Assert: the field and «Сдать ответ» are on what is left of the
    // screen, and typing goes on in the field.
    let button = harness.get_by_label("Сдать ответ").rect();
    assert!(
        button.min.y >= 0.0 && button.max.y <= 300.0,
        "«Сдать ответ» at {button:?}"
    );
    let field = harness.get_by_role(egui::accesskit::Role::TextInput).rect();
    assert!(
        field.min.y >= 0.0 && field.max.y <= 300.0,
        "the field at {field:?}"
    );
    harness
        .get_by_role(egui::accesskit::Role::TextInput)
        .type_text(" в тумане");
    harness.run();
    let field = harness.get_by_role(egui::accesskit::Role::TextInput);
    assert_eq!(field.value().as_deref(), Some("Ёжик в тумане"));
}
