//! reduce(): view replacement, Ack matching, connection states.

#![allow(clippy::unwrap_used)]

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::button::QuestionMark;
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::{GameCommand, GameError, GamePatch, GameReceipt, PlayError};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    MultigamesCommand, MultigamesPlayError, MultigamesReceipt, TaskId,
};
use minuta_shared::time::{ClockSample, ServerTime};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::{DisplayView, GameEntry, TeamView, View};

use super::*;
use crate::i18n::Lang;

fn team_view(name: &str) -> View {
    View::Team(TeamView {
        tournament: "Кубок".into(),
        team: TeamId(1),
        name: name.into(),
        games: Vec::new(),
        slice: None,
    })
}

/// The server's answer to `request` reaches the app.
fn ack(state: &mut AppState, request: u64, result: Result<Receipt, CommandError>) {
    reduce(state, NetEvent::Ack { request, result });
}

fn code() -> JoinCode {
    JoinCode {
        addrs: vec!["127.0.0.1:4433".parse().unwrap()],
        fingerprint: [1; 32],
        credential: Credential::Team {
            team: TeamId(1),
            secret: "s".into(),
        },
    }
}

fn card(question: u32) -> Command {
    Command::game(
        EVENT_CHGK,
        ChgkCommand::SubmitCard {
            question: QuestionId(question),
            text: "Пушкин".into(),
        },
    )
}

#[test]
fn a_new_view_replaces_the_old_one_whole() {
    let mut state = AppState::new(Lang::Ru);
    reduce(&mut state, NetEvent::View(Box::new(team_view("Первая"))));
    reduce(&mut state, NetEvent::View(Box::new(team_view("Вторая"))));
    assert_eq!(state.team_view().map(|v| v.name.as_str()), Some("Вторая"));
    let display = View::Display(DisplayView {
        tournament: String::new(),
        games: Vec::new(),
        programme: None,
        prize_ties: Vec::new(),
    });
    reduce(&mut state, NetEvent::View(Box::new(display)));
    assert!(state.team_view().is_none());
}

/// Whether a card for `question` of the event's ChGK is on its way.
fn card_in_flight(state: &AppState, question: QuestionId) -> bool {
    state.pending_game_commands().any(|(game, command)| {
        game == EVENT_CHGK
            && matches!(command, GameCommand::Chgk(ChgkCommand::SubmitCard { question: q, .. }) if *q == question)
    })
}

#[test]
fn a_card_ack_becomes_its_receipt_and_ends_the_flight() {
    let mut state = AppState::new(Lang::Ru);
    let request = state.begin_request(card(4));
    assert!(card_in_flight(&state, QuestionId(4)));
    let receipt = Receipt::Game {
        game: EVENT_CHGK,
        receipt: GameReceipt::Chgk(ChgkReceipt::Card {
            question: QuestionId(4),
            received_at: ServerTime(9),
            since_start_ms: 58_731,
            late: false,
        }),
    };
    ack(&mut state, request, Ok(receipt));
    assert!(!card_in_flight(&state, QuestionId(4)));
    assert_eq!(
        state.game_acks.last().map(|a| &a.result),
        Some(&Ok(GameReceipt::Chgk(ChgkReceipt::Card {
            question: QuestionId(4),
            received_at: ServerTime(9),
            since_start_ms: 58_731,
            late: false,
        })))
    );
    assert!(
        state.toasts.is_empty(),
        "the receipt shows on the card, not as a toast"
    );
}

#[test]
fn a_refused_card_keeps_the_reason_by_question_without_a_toast() {
    let mut state = AppState::new(Lang::Ru);
    let request = state.begin_request(card(2));
    let refusal = CommandError::Play(PlayError::Game(GameError::Chgk(ChgkError::NotAnnounced)));
    ack(&mut state, request, Err(refusal.clone()));
    let ack = state.game_acks.last().expect("kept");
    assert_eq!(
        (ack.game, &ack.command, &ack.result),
        (
            EVENT_CHGK,
            &GameCommand::Chgk(ChgkCommand::SubmitCard {
                question: QuestionId(2),
                text: "Пушкин".into(),
            }),
            &Err(refusal)
        )
    );
    assert!(state.toasts.is_empty(), "the refusal shows on the card");
    // Sent again, it is in flight (the card says «sending», not the reason).
    state.begin_request(card(2));
    assert!(card_in_flight(&state, QuestionId(2)));
}

#[test]
fn acks_are_matched_by_request_and_strangers_ignored() {
    let mut state = AppState::new(Lang::Ru);
    let register = state.begin_request(Command::RegisterTeam {
        rating_id: None,
        name: "А".into(),
        town: "Б".into(),
        players: vec![],
    });
    let judge = state.begin_request(Command::AddJudge { name: "В".into() });
    ack(&mut state, 999, Ok(Receipt::Done));
    assert_eq!(state.pending.len(), 2);
    assert!(state.toasts.is_empty());
    ack(&mut state, judge, Err(CommandError::EmptyName));
    ack(
        &mut state,
        register,
        Ok(Receipt::TeamRegistered { team: TeamId(3) }),
    );
    assert!(state.pending.is_empty());
    let kinds: Vec<NoticeKind> = state.toasts.iter().map(|t| t.kind).collect();
    assert_eq!(kinds, vec![NoticeKind::Error, NoticeKind::Info]);
    assert!(matches!(
        &state.toasts[0].notice,
        Notice::Failed {
            error: CommandError::EmptyName,
            ..
        }
    ));
}

#[test]
fn a_lost_request_is_reported_and_forgotten() {
    let mut state = AppState::new(Lang::Ru);
    let request = state.begin_request(card(1));
    reduce(&mut state, NetEvent::Lost { request });
    assert!(!card_in_flight(&state, QuestionId(1)));
    assert!(matches!(&state.toasts[0].notice, Notice::Lost(_)));
}

#[test]
fn a_lost_card_s_warning_goes_once_the_card_sent_again_is_accepted() {
    // Arrange: the link broke before the card's acknowledgement.
    let mut state = AppState::new(Lang::Ru);
    let lost = state.begin_request(card(1));
    reduce(&mut state, NetEvent::Lost { request: lost });
    assert_eq!(state.toasts.len(), 1);

    // Act: the team hands it in again and the server takes it.
    let again = state.begin_request(card(1));
    ack(
        &mut state,
        again,
        Ok(Receipt::Game {
            game: EVENT_CHGK,
            receipt: GameReceipt::Chgk(ChgkReceipt::Card {
                question: QuestionId(1),
                received_at: ServerTime::ZERO,
                since_start_ms: 1_000,
                late: false,
            }),
        }),
    );

    // Assert: nothing is left warning about it.
    assert!(
        !state
            .toasts
            .iter()
            .any(|t| matches!(t.notice, Notice::Lost(_))),
        "{:?}",
        state.toasts
    );
}

#[test]
fn package_bytes_are_not_kept_while_waiting() {
    let mut state = AppState::new(Lang::Ru);
    let request = state.begin_request(Command::game(
        EVENT_CHGK,
        ChgkCommand::LoadPackage {
            file_name: "a.4s".into(),
            bytes: vec![1; 1000],
            pictures: Vec::new(),
        },
    ));
    assert_eq!(
        state.pending.get(&request).map(|p| &p.command),
        Some(&Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: "a.4s".into(),
                bytes: vec![],
                pictures: Vec::new(),
            }
        ))
    );
}

#[test]
fn connection_states_follow_the_network_and_keep_the_last_view() {
    let mut state = AppState::new(Lang::En);
    state.join(code());
    assert_eq!(state.connection, ConnectionStatus::Idle);
    reduce(&mut state, NetEvent::Connecting);
    assert_eq!(state.connection, ConnectionStatus::Connecting);
    let first_sample = ClockSample {
        rtt_us: 4_000,
        offset_us: 1_000,
    };
    reduce(
        &mut state,
        NetEvent::Connected {
            identity: Identity::Team(TeamId(1)),
            first_sample,
        },
    );
    assert!(state.connection.is_connected());
    assert_eq!(state.identity, Some(Identity::Team(TeamId(1))));
    reduce(&mut state, NetEvent::View(Box::new(team_view("Первая"))));
    reduce(
        &mut state,
        NetEvent::Reconnecting {
            attempt: 2,
            error: LinkError::TimedOut,
        },
    );
    assert_eq!(
        state.connection,
        ConnectionStatus::Reconnecting {
            attempt: 2,
            error: LinkError::TimedOut
        }
    );
    assert!(
        state.team_view().is_some(),
        "the last view stays on screen while reconnecting"
    );
    reduce(
        &mut state,
        NetEvent::Stopped(Stopped::Refused(Refusal::BadSecret)),
    );
    assert_eq!(
        state.connection,
        ConnectionStatus::Stopped(Stopped::Refused(Refusal::BadSecret))
    );
    state.leave();
    assert_eq!(state.lang, Lang::En, "leaving keeps the person's settings");
    assert!(state.code.is_none() && state.view.is_none());
}

#[test]
fn the_clock_trusts_the_fastest_exchange() {
    let mut state = AppState::new(Lang::Ru);
    let slow = ClockSample {
        rtt_us: 90_000,
        offset_us: 500,
    };
    reduce(
        &mut state,
        NetEvent::Connected {
            identity: Identity::Display,
            first_sample: slow,
        },
    );
    reduce(
        &mut state,
        NetEvent::Clock(ClockSample {
            rtt_us: 800,
            offset_us: 2_000,
        }),
    );
    reduce(
        &mut state,
        NetEvent::Clock(ClockSample {
            rtt_us: 5_000,
            offset_us: 9_000,
        }),
    );
    assert_eq!(state.clock.map(|c| c.offset_us), Some(2_000));
    state.now_us = 1_000_000;
    assert_eq!(state.server_now(), ServerTime(1_002_000));
}

#[test]
fn old_messages_make_way_for_new_ones() {
    let mut state = AppState::new(Lang::Ru);
    for _ in 0..8 {
        let request = state.begin_request(Command::game(EVENT_CHGK, ChgkCommand::StartMinute));
        ack(
            &mut state,
            request,
            Err(CommandError::Play(PlayError::Game(GameError::Chgk(
                ChgkError::NoQuestionAnnounced,
            )))),
        );
    }
    assert_eq!(state.toasts.len(), 5);
    let last = state.toasts.last().map(|t| t.id);
    state.dismiss(last.unwrap_or_default());
    assert_eq!(state.toasts.len(), 4);
}

#[test]
fn good_news_fades_and_errors_stay() {
    let mut state = AppState::new(Lang::Ru);
    state.now_us = 1_000;
    let ok = state.begin_request(Command::AddJudge {
        name: "Иван".into(),
    });
    let bad = state.begin_request(Command::game(EVENT_CHGK, ChgkCommand::StartMinute));
    ack(&mut state, ok, Ok(Receipt::Done));
    ack(
        &mut state,
        bad,
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NoQuestionAnnounced,
        )))),
    );
    let later = 1_000 + INFO_SHOWN_US;
    let shown: Vec<NoticeKind> = state
        .toasts
        .iter()
        .filter(|t| t.visible_at(later))
        .map(|t| t.kind)
        .collect();
    assert_eq!(shown, vec![NoticeKind::Error]);
    assert_eq!(
        state.toasts.iter().filter(|t| t.visible_at(1_000)).count(),
        2
    );
}

#[test]
fn a_success_clears_earlier_failures_of_the_same_action() {
    let mut state = AppState::new(Lang::Ru);
    let register = |name: &str| Command::RegisterTeam {
        rating_id: None,
        name: name.into(),
        town: String::new(),
        players: vec![],
    };
    let first = state.begin_request(register("А"));
    ack(
        &mut state,
        first,
        Err(CommandError::PlayerCount {
            min: 4,
            max: 6,
            got: 0,
        }),
    );
    let other = state.begin_request(Command::game(EVENT_CHGK, ChgkCommand::StartMinute));
    ack(
        &mut state,
        other,
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NoQuestionAnnounced,
        )))),
    );
    let second = state.begin_request(register("Б"));
    ack(
        &mut state,
        second,
        Ok(Receipt::TeamRegistered { team: TeamId(1) }),
    );
    let left: Vec<NoticeKind> = state.toasts.iter().map(|t| t.kind).collect();
    assert_eq!(
        left,
        vec![NoticeKind::Error, NoticeKind::Info],
        "only the unrelated failure stays"
    );
}

/// Team 1's fight 1 of the event's Brain-ring, question 2 in `phase`.
fn ring_fight(
    phase: minuta_shared::play::brain_ring::ButtonPhase,
) -> minuta_shared::play::brain_ring::RingFightView {
    use minuta_shared::play::brain_ring::rules::FightStatus;
    use minuta_shared::play::brain_ring::{ButtonQuestion, FightId, RingFightView};
    let mut question = ButtonQuestion::new(2);
    question.phase = phase;
    RingFightView {
        id: FightId(1),
        label: "Бой 1".into(),
        kind: minuta_shared::play::brain_ring::FightKind::Friendly,
        ordinal: 1,
        format: minuta_shared::play::brain_ring::rules::FightFormat::QUALIFYING,
        stage: 1,
        tables: [TeamId(1), TeamId(2)],
        names: ["Знатоки".into(), "Эрудиты".into()],
        score: [1, 0],
        status: FightStatus::InProgress {
            next_question: 2,
            sudden_death: false,
        },
        question: Some(question),
        closed: false,
        presses: Vec::new(),
        appeals: Vec::new(),
        text: None,
    }
}

/// Team 1's view with `fight` in the Brain-ring game `game`.
fn ring_game(
    game: GameId,
    fight: Option<minuta_shared::play::brain_ring::RingFightView>,
) -> minuta_shared::wire::view::TeamGame {
    use minuta_shared::play::brain_ring::RingTeamView;
    use minuta_shared::play::games::{Format, GameTeamView};
    GameEntry {
        id: game,
        name: String::new(),
        format: Format::Ring,
        view: GameTeamView::Ring(RingTeamView { fight, board: None }),
    }
}

/// Team 1 «Знатоки» plays fight 1 of the event's Brain-ring, question 2
/// in `phase`.
fn ring_team_view(phase: minuta_shared::play::brain_ring::ButtonPhase) -> View {
    use minuta_shared::play::brain_ring::EVENT_RING;
    let View::Team(mut view) = team_view("Знатоки") else {
        unreachable!()
    };
    view.games = vec![ring_game(EVENT_RING, Some(ring_fight(phase)))];
    View::Team(view)
}

/// The question of fight 1 of the event's Brain-ring numbered `number`.
fn event_question(number: u32) -> PressOn {
    fight_question(minuta_shared::play::brain_ring::EVENT_RING, number)
}

/// Question `number` of fight 1 of Brain-ring game `game`, as its fight
/// view marks it.
fn fight_question(game: GameId, number: u32) -> PressOn {
    PressOn::new(game, QuestionMark([1, number, 0, 0, 0]))
}

fn press_receipt(kind: minuta_shared::play::brain_ring::PressKind, at: u64) -> Receipt {
    Receipt::Press {
        kind,
        arrived_at: ServerTime(at),
        since_arming_us: Some(1_000),
    }
}

#[test]
fn brain_ring_a_press_lights_the_button_and_its_verdict_is_no_toast() {
    use minuta_shared::play::brain_ring::{ButtonPhase, PressKind};
    let mut state = AppState::new(Lang::Ru);
    state.now_us = 5_000_000;
    reduce(
        &mut state,
        NetEvent::View(Box::new(ring_team_view(ButtonPhase::Reading))),
    );
    let request = state.begin_request(Command::Press { clock_offset_us: 0 });
    assert!(state.button.is_flashing(5_000_000 + FLASH_US - 1));
    assert!(!state.button.is_flashing(5_000_000 + FLASH_US));
    assert!(state.button.waiting());
    ack(
        &mut state,
        request,
        Ok(press_receipt(PressKind::FalseStart, 10)),
    );
    assert!(!state.button.waiting());
    assert!(matches!(
        state.button.verdict_on(event_question(2)),
        Some(PressOutcome::Decided {
            kind: PressKind::FalseStart,
            ..
        })
    ));
    assert!(state.toasts.is_empty());
    assert!(state.pending.is_empty());
}

/// A team pressed on an armed question and heard «late»: the winner's
/// press (at 2.000 s) is 37.4 ms before its own.
fn pressed_late_by_37_4_ms() -> AppState {
    use minuta_shared::play::brain_ring::{ButtonPhase, PressKind};
    let mut state = AppState::new(Lang::Ru);
    reduce(
        &mut state,
        NetEvent::View(Box::new(ring_team_view(ButtonPhase::Armed {
            armed_at: ServerTime(0),
            deadline: ServerTime(60_000_000),
        }))),
    );
    let request = state.begin_request(Command::Press { clock_offset_us: 0 });
    ack(
        &mut state,
        request,
        Ok(press_receipt(PressKind::Late, 2_037_400)),
    );
    state
}

#[test]
fn brain_ring_a_late_press_learns_its_margin_from_a_later_view() {
    use minuta_shared::play::brain_ring::ButtonPhase;
    // The verdict overtakes the view that shows the other table answering.
    let mut state = pressed_late_by_37_4_ms();
    reduce(
        &mut state,
        NetEvent::View(Box::new(ring_team_view(ButtonPhase::Answering {
            table: 1,
            pressed_at: ServerTime(2_000_000),
        }))),
    );
    assert!(matches!(
        state.button.verdict.as_ref().map(|v| &v.outcome),
        Some(PressOutcome::Decided {
            beaten_by_us: Some(37_400),
            ..
        })
    ));
}

#[test]
fn brain_ring_a_fight_patch_shows_the_lockout_and_teaches_the_margin() {
    use minuta_shared::play::brain_ring::ButtonPhase;
    let mut state = pressed_late_by_37_4_ms();
    // The lockout comes as the fight alone, not as a whole view.
    let fight = ring_fight(ButtonPhase::Answering {
        table: 1,
        pressed_at: ServerTime(2_000_000),
    });
    reduce(
        &mut state,
        NetEvent::Patch {
            game: minuta_shared::play::brain_ring::EVENT_RING,
            patch: Box::new(GamePatch::Ring(fight.clone())),
        },
    );
    let Some(View::Team(shown)) = &state.view else {
        panic!("the team view stays")
    };
    assert_eq!(
        shown.ring_fight(),
        Some((minuta_shared::play::brain_ring::EVENT_RING, &fight))
    );
    assert_eq!(shown.name, "Знатоки", "the rest of the view is kept");
    assert!(matches!(
        state.button.verdict.as_ref().map(|v| &v.outcome),
        Some(PressOutcome::Decided {
            beaten_by_us: Some(37_400),
            ..
        })
    ));
}

#[test]
fn brain_ring_a_lost_press_shows_on_the_button_not_as_a_toast() {
    use minuta_shared::play::brain_ring::ButtonPhase;
    let mut state = AppState::new(Lang::Ru);
    reduce(
        &mut state,
        NetEvent::View(Box::new(ring_team_view(ButtonPhase::Reading))),
    );
    let request = state.begin_request(Command::Press { clock_offset_us: 0 });
    reduce(&mut state, NetEvent::Lost { request });
    assert_eq!(
        state.button.verdict.as_ref().map(|v| &v.outcome),
        Some(&PressOutcome::Lost)
    );
    assert!(state.toasts.is_empty());
}

#[test]
fn brain_ring_a_new_question_hides_the_last_verdict() {
    use minuta_shared::play::brain_ring::{ButtonPhase, PressKind};
    let mut state = AppState::new(Lang::Ru);
    reduce(
        &mut state,
        NetEvent::View(Box::new(ring_team_view(ButtonPhase::Reading))),
    );
    let request = state.begin_request(Command::Press { clock_offset_us: 0 });
    ack(&mut state, request, Ok(press_receipt(PressKind::Won, 1)));
    assert!(state.button.verdict_on(event_question(2)).is_some());
    assert!(state.button.verdict_on(event_question(3)).is_none());
    // The same fight and question of another Brain-ring game is another
    // question.
    let elsewhere = fight_question(GameId(2), 2);
    assert!(state.button.verdict_on(elsewhere).is_none());
}

#[test]
fn brain_ring_a_press_is_on_the_fight_of_whichever_brain_ring_game_the_team_plays() {
    use minuta_shared::play::brain_ring::{ButtonPhase, EVENT_RING, PressKind};
    let mut state = AppState::new(Lang::Ru);
    let View::Team(mut view) = team_view("Знатоки") else {
        unreachable!()
    };
    // The event's Brain-ring between fights; a second one added as game 2.
    view.games = vec![
        ring_game(EVENT_RING, None),
        ring_game(GameId(2), Some(ring_fight(ButtonPhase::Reading))),
    ];
    reduce(&mut state, NetEvent::View(Box::new(View::Team(view))));
    let request = state.begin_request(Command::Press { clock_offset_us: 0 });
    ack(&mut state, request, Ok(press_receipt(PressKind::Won, 1)));
    let on = fight_question(GameId(2), 2);
    assert!(state.button.verdict_on(on).is_some());
}

#[test]
fn brain_ring_a_patch_of_a_game_the_view_does_not_show_changes_nothing() {
    use minuta_shared::play::brain_ring::{ButtonPhase, EVENT_RING};
    let mut state = AppState::new(Lang::Ru);
    reduce(
        &mut state,
        NetEvent::View(Box::new(ring_team_view(ButtonPhase::Reading))),
    );
    let before = state.view.clone();
    let armed = ring_fight(ButtonPhase::Armed {
        armed_at: ServerTime(0),
        deadline: ServerTime(60_000_000),
    });
    reduce(
        &mut state,
        NetEvent::Patch {
            game: GameId(7),
            patch: Box::new(GamePatch::Ring(armed.clone())),
        },
    );
    assert_eq!(state.view, before, "no game 7 here: the view stays");
    // A fight the team does not play is not its patch either.
    let mut other = armed;
    other.id = minuta_shared::play::brain_ring::FightId(9);
    reduce(
        &mut state,
        NetEvent::Patch {
            game: EVENT_RING,
            patch: Box::new(GamePatch::Ring(other)),
        },
    );
    assert_eq!(state.view, before);
}

#[test]
fn brain_ring_live_controls_succeed_quietly_and_fail_loudly() {
    use minuta_shared::play::brain_ring::{EVENT_RING, FightId, RingCommand, RingPlayError};
    let mut state = AppState::new(Lang::Ru);
    let read = state.begin_request(Command::game(
        EVENT_RING,
        RingCommand::Read { fight: FightId(1) },
    ));
    ack(
        &mut state,
        read,
        Ok(Receipt::Game {
            game: EVENT_RING,
            receipt: GameReceipt::Ring(minuta_shared::play::brain_ring::RingReceipt::Done),
        }),
    );
    assert!(
        state.toasts.is_empty(),
        "the panel shows the reading at once"
    );
    let arm = state.begin_request(Command::game(
        EVENT_RING,
        RingCommand::Arm { fight: FightId(1) },
    ));
    ack(
        &mut state,
        arm,
        Err(CommandError::Play(PlayError::Game(GameError::Ring(
            RingPlayError::AlreadyArmed,
        )))),
    );
    assert_eq!(state.toasts.len(), 1);
    assert_eq!(state.toasts[0].kind, NoticeKind::Error);
    assert_eq!(
        crate::i18n::notice(Lang::Ru, &state.toasts[0].notice),
        "«Время»: Брейн-ринг: кнопки уже включены"
    );
    assert_eq!(
        crate::i18n::notice(Lang::En, &state.toasts[0].notice),
        "«Time»: Brain-ring: the buttons are armed already"
    );
}

fn game_command(command: MultigamesCommand) -> Command {
    Command::Game {
        game: GameId(1),
        command: GameCommand::Multigames(command),
    }
}

fn award(team: u32) -> Command {
    game_command(MultigamesCommand::Award {
        task: TaskId(0),
        team: TeamId(team),
        points: Credit::from_int(1),
    })
}

fn multigames_refusal(error: MultigamesPlayError) -> CommandError {
    CommandError::Play(PlayError::Game(GameError::Multigames(error)))
}

#[test]
fn multigames_an_answer_ack_is_kept_for_its_card_and_not_toasted() {
    let mut state = AppState::new(Lang::Ru);
    let answer = game_command(MultigamesCommand::Answer {
        task: TaskId(2),
        text: "Пастила".into(),
    });
    let request = state.begin_request(answer);
    assert_eq!(state.pending_game_commands().count(), 1);
    let receipt = GameReceipt::Multigames(MultigamesReceipt::Answer {
        task: TaskId(2),
        received_at: ServerTime(9),
        since_start_ms: 58_731,
        late: false,
    });
    ack(
        &mut state,
        request,
        Ok(Receipt::Game {
            game: GameId(1),
            receipt: receipt.clone(),
        }),
    );
    assert_eq!(state.pending_game_commands().count(), 0);
    assert_eq!(state.game_acks.len(), 1);
    assert_eq!(state.game_acks[0].result, Ok(receipt));
    assert!(state.toasts.is_empty(), "the card shows the receipt");
}

#[test]
fn multigames_a_refused_credit_is_toasted_in_the_persons_language() {
    let mut state = AppState::new(Lang::Ru);
    let request = state.begin_request(award(3));
    ack(
        &mut state,
        request,
        Err(multigames_refusal(MultigamesPlayError::LateAnswer)),
    );
    let toast = state.toasts.last().unwrap();
    assert_eq!(
        crate::i18n::notice(Lang::Ru, &toast.notice),
        "оценка ответа: Мультиигры: ответ сдан с опозданием: он хранится, но не засчитывается"
    );
    assert_eq!(
        crate::i18n::notice(Lang::En, &toast.notice),
        "crediting the answer: Multigames: the answer was late: it is kept but never scored"
    );
}

#[test]
fn multigames_a_success_clears_the_failures_of_the_same_game_action_only() {
    let mut state = AppState::new(Lang::Ru);
    let failed = state.begin_request(award(3));
    ack(
        &mut state,
        failed,
        Err(multigames_refusal(MultigamesPlayError::NoAnswer)),
    );
    let done = |state: &mut AppState, command: Command| {
        let request = state.begin_request(command);
        ack(
            state,
            request,
            Ok(Receipt::Game {
                game: GameId(1),
                receipt: GameReceipt::Multigames(MultigamesReceipt::Done),
            }),
        );
    };
    done(
        &mut state,
        game_command(MultigamesCommand::Start { task: TaskId(1) }),
    );
    assert!(
        state
            .toasts
            .iter()
            .any(|t| matches!(t.notice, Notice::Failed { .. })),
        "a start says nothing of a credit"
    );
    done(&mut state, award(3));
    assert!(
        !state
            .toasts
            .iter()
            .any(|t| matches!(t.notice, Notice::Failed { .. })),
        "a credit that went through makes the refused one stale"
    );
}
