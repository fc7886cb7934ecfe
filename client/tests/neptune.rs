//! «Нептун» screens clicked through headless with egui_kittest, each built
//! from a real game driven through the engine (`decide` + `apply` with a
//! roster of four teams of five): the captain's bidding screen (6.3–6.4),
//! the split into ломтики (2.2), the Негатив sheet (1.2), a ломтик's card
//! in Сэндвич (2.3); the staff's and the hall's screens are in [`staff`].

use crate::common;

use common::{ScreenHarness, screen};
use egui_kittest::kittest::{NodeT, Queryable};
use minuta_client::i18n::Lang;
use minuta_client::state::AppState;
use minuta_client::views::format::{Game, Screens};
use minuta_client::views::host::{HostForm, HostTab};
use minuta_client::views::neptune::{Neptune, NeptuneForm};
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, Slice, TeamId};
use minuta_shared::play::games::{Format, GameDisplayView, GameStaffView};
use minuta_shared::play::neptune::rules::{Bid, Contest};
use minuta_shared::play::neptune::{
    CardKey, ContestSizes, NegativeItem, NegativePart, NeptuneCommand, NeptuneEvent, NeptuneMatch,
    NeptunePackage, NeptuneSettings, NeptuneTeamView, NeptuneTiming,
};
use minuta_shared::play::roster::{Roster, RosterTeam};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{Access, GameEntry, HostView, TeamInfo};

/// The game in the programme.
const GAME: GameId = GameId(7);
/// Server time when these tests begin, ms.
const START_MS: u64 = 1_000_000_000;

const TEAMS: [(u32, &str, [&str; 5]); 4] = [
    (1, "Знатоки", ["Анна", "Борис", "Вера", "Глеб", "Дина"]),
    (2, "Эрудиты", ["Егор", "Жанна", "Зоя", "Иван", "Кира"]),
    (3, "Умники", ["Лев", "Мария", "Нина", "Олег", "Пётр"]),
    (4, "Совы", ["Рита", "Семён", "Тая", "Ульяна", "Фёдор"]),
];

/// A Нептун game of the four teams above as the server holds it, one
/// question a contest, and its clock.
struct Hall {
    game: NeptuneMatch,
    roster: Roster,
    now_ms: u64,
    /// The screens' language.
    lang: Lang,
}

/// A package with the Негатив sheet: phrases «фраза 1» … «фраза 24»; the
/// first question's rating 30 and its «перевёртыш» «фраза 5».
fn package() -> NeptunePackage {
    NeptunePackage {
        title: "Кубок Нептуна".into(),
        negative: NegativePart {
            phrases: (1..=24).map(|i| format!("фраза {i}")).collect(),
            questions: vec![NegativeItem {
                text: "Что белое?".into(),
                answer: "Чёрное".into(),
                comment: String::new(),
                rating: Some(30),
                flip: "фраза 5".into(),
            }],
        },
        ..NeptunePackage::default()
    }
}

impl Hall {
    /// Registered, nothing started.
    fn registered() -> Hall {
        let roster = Roster {
            teams: TEAMS
                .iter()
                .map(|(id, name, players)| RosterTeam {
                    id: TeamId(*id),
                    name: (*name).into(),
                    town: "Москва".into(),
                    players: players.iter().map(|p| (*p).into()).collect(),
                })
                .collect(),
            appeal_jury: false,
        };
        let settings = NeptuneSettings {
            timing: NeptuneTiming::default(),
            sizes: ContestSizes::shortened(1),
        };
        let mut hall = Hall {
            game: NeptuneMatch::new(&settings),
            roster,
            now_ms: START_MS,
            lang: Lang::Ru,
        };
        hall.game
            .apply(&NeptuneEvent::PackageLoaded { package: package() });
        hall.host(NeptuneCommand::Register {
            teams: (1..=4).map(TeamId).collect(),
        });
        hall
    }

    fn now(&self) -> ServerTime {
        ServerTime::from_millis(self.now_ms)
    }

    fn pass(&mut self, ms: u64) {
        self.now_ms += ms;
    }

    fn run(&mut self, who: Identity, command: NeptuneCommand) {
        let (_, events) = self
            .game
            .decide(who, command.clone(), &self.roster, self.now())
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        for event in &events {
            self.game.apply(event);
        }
    }

    fn host(&mut self, command: NeptuneCommand) {
        self.run(Identity::Host, command);
    }

    fn team(&mut self, team: u32, command: NeptuneCommand) {
        self.run(Identity::Team(TeamId(team)), command);
    }

    /// The question in play: its discussion, `right` teams' cards judged
    /// right, the answer revealed.
    fn play_question(&mut self, contest: Contest, right: &[u32]) {
        let rating = (contest == Contest::Negative).then_some(50);
        self.host(NeptuneCommand::Announce { rating });
        let steps = if contest == Contest::Blitz { 4 } else { 1 };
        for _ in 0..steps {
            self.host(NeptuneCommand::StartMinute);
            self.pass(21_000);
        }
        for team in right {
            let answers = vec!["верно".to_owned(); steps];
            let answer = NeptuneCommand::Answer {
                answers,
                slice: None,
            };
            self.team(*team, answer);
        }
        self.pass(64_000);
        if !right.is_empty() {
            let cards = right.iter().map(|t| CardKey::team(TeamId(*t))).collect();
            self.host(NeptuneCommand::Judge {
                cards,
                part: 0,
                correct: true,
            });
        }
        self.host(NeptuneCommand::Reveal);
    }

    /// Негатив won by teams 1 and 2 (50 each), the other four contests
    /// without a card, and the auction's first bidding open: teams 1 and 2
    /// may bid, 3 and 4 (nothing) may not (6.2).
    fn bidding() -> Hall {
        let mut hall = Hall::registered();
        for contest in [
            Contest::Negative,
            Contest::Sandwich,
            Contest::Blitz,
            Contest::Sisyphus,
            Contest::Joker,
        ] {
            hall.host(NeptuneCommand::StartContest);
            if contest == Contest::Joker {
                // 5.2: the topics' 20 s and the cards' grace.
                hall.pass(24_000);
            }
            let right: &[u32] = if contest == Contest::Negative {
                &[1, 2]
            } else {
                &[]
            };
            hall.play_question(contest, right);
        }
        hall.host(NeptuneCommand::StartContest);
        hall.host(NeptuneCommand::OpenBidding);
        hall
    }

    fn team_view(&self, team: u32, slice: Option<Slice>) -> NeptuneTeamView {
        self.game
            .team_view(TeamId(team), slice, &self.roster, self.now())
    }

    /// `team`'s terminal (a ломтик's with `slice`), drawn as the format
    /// draws it.
    fn terminal(&self, team: u32, slice: Option<Slice>) -> ScreenHarness<NeptuneForm> {
        let view = self.team_view(team, slice);
        let mut state = AppState::new(self.lang);
        state.now_us = self.now_ms * 1000;
        screen(
            state,
            NeptuneForm::default(),
            [1200.0, 1800.0],
            move |ui, state, form| {
                let mut out = Vec::new();
                let game = Game { id: GAME, name: "" };
                Neptune::team(ui, state, game, &view, form, &mut out);
                out
            },
        )
    }

    /// The host's dashboard on the «Нептун» tab.
    fn desk(&self) -> ScreenHarness<HostForm> {
        let mut games = common::host_view().games;
        games.push(GameEntry {
            id: GAME,
            name: String::new(),
            format: Format::Neptune,
            view: GameStaffView::Neptune(self.game.staff_view(&self.roster, self.now())),
        });
        let access = Access {
            teams: (1..=4)
                .map(|t| (TeamId(t), format!("secret-{t}")))
                .collect(),
            ..common::access()
        };
        let view = HostView {
            teams: registered(),
            access: Some(access),
            games,
            ..common::host_view()
        };
        let form = HostForm {
            tab: Some(HostTab::Games(Format::Neptune)),
            ..HostForm::default()
        };
        let state = common::state_at(
            self.lang,
            self.now_ms * 1000,
            minuta_shared::wire::view::View::Host(view),
        );
        screen(state, form, [1400.0, 3000.0], common::dashboard)
    }
}

/// The teams as the host's registry lists them, with their players.
fn registered() -> Vec<TeamInfo> {
    let mut teams = common::teams(TEAMS.iter().map(|(id, name, _)| (*id, *name)));
    for (info, (_, _, players)) in teams.iter_mut().zip(TEAMS) {
        info.players = players.iter().map(|p| (*p).into()).collect();
    }
    teams
}

fn neptune(command: NeptuneCommand) -> Command {
    Command::game(GAME, command)
}

fn disabled<S>(harness: &egui_kittest::Harness<'_, S>, label: &str) -> bool {
    harness.get_by_label(label).accesskit_node().is_disabled()
}

// ---------------------------------------------------------- the captain's bid

#[test]
fn neptune_6_4_the_captain_opens_the_bidding_with_va_bank_or_the_minimum() {
    let hall = Hall::bidding();
    let mut harness = hall.terminal(1, None);
    assert!(harness.query_by_label("Наш счёт: 50").is_some());
    assert!(!disabled(&harness, "40"), "the opening minimum");
    // The «ва-банк» says what it offers before it is sent: the score.
    common::click(&mut harness, "Ва-банк (50)");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Bid {
            team: None,
            bid: Bid::VaBank,
        })],
    );
    harness.state_mut().sent.clear();
    common::click(&mut harness, "40");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(40),
        })],
    );
}

#[test]
fn neptune_6_4_a_quick_raise_bids_over_the_standing_sum() {
    let mut hall = Hall::bidding();
    hall.pass(500);
    hall.team(
        2,
        NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
    );
    hall.pass(500);
    let mut harness = hall.terminal(1, None);
    common::click(&mut harness, "+10 (50)");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(50),
        })],
    );
}

#[test]
fn neptune_6_3_the_count_says_raz_a_step_after_the_bid() {
    let mut hall = Hall::bidding();
    hall.team(
        2,
        NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
    );
    hall.pass(2_100);
    let harness = hall.terminal(1, None);
    assert!(harness.query_by_label("раз").is_some());
}

#[test]
fn neptune_6_2_a_team_without_points_cannot_bid() {
    let hall = Hall::bidding();
    let mut harness = hall.terminal(3, None);
    assert!(disabled(&harness, "Ва-банк (0)"));
    assert!(disabled(&harness, "40"));
    harness.get_by_label("Ва-банк (0)").click();
    harness.run();
    assert!(
        harness.state().sent.is_empty(),
        "a dark button sends nothing"
    );
    assert!(
        harness
            .query_by_label("Ваша команда в этих торгах не ставит.")
            .is_some()
    );
}

#[test]
fn neptune_6_4_the_leader_waits_and_a_refusal_is_said_in_place() {
    use minuta_shared::play::games::{GameError, PlayError};
    use minuta_shared::play::neptune::{BidRefusal, NeptunePlayError};
    use minuta_shared::wire::server::CommandError;
    let mut hall = Hall::bidding();
    hall.team(
        1,
        NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(40),
        },
    );
    let mut harness = hall.terminal(1, None);
    assert!(harness.query_by_label("Ваша ставка — высшая.").is_some());
    assert!(disabled(&harness, "Ва-банк (50)"));
    // The server's refusal of an earlier bid, as the rules word it.
    let request = harness
        .state_mut()
        .state
        .begin_request(neptune(NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(45),
        }));
    let refusal = NeptunePlayError::Bid(BidRefusal::NotMultipleOfTen { bid: 45 });
    common::answer(
        &mut harness.state_mut().state,
        request,
        Err(CommandError::Play(PlayError::Game(GameError::Neptune(
            refusal,
        )))),
    );
    harness.run();
    assert!(
        harness
            .query_by_label_contains("45 не кратно десяти (6.4)")
            .is_some()
    );
}

// ------------------------------------------------------------ the split (2.2)

#[test]
fn neptune_2_2_the_captain_moves_a_player_and_sends_the_split() {
    let hall = Hall::registered();
    let mut harness = hall.terminal(1, None);
    assert!(harness.query_by_label("Знатоки-верх").is_some());
    assert!(harness.query_by_label("Знатоки-низ").is_some());
    assert!(
        harness
            .query_by_label_contains("разбивка по умолчанию")
            .is_some()
    );
    // The default: the first half (rounded up) on top.
    common::click(&mut harness, "Вера");
    common::click(&mut harness, "Отправить разбивку");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::SetSplit {
            team: None,
            top: vec!["Анна".into(), "Борис".into()],
            bottom: vec!["Вера".into(), "Глеб".into(), "Дина".into()],
        })],
    );
}

#[test]
fn neptune_2_2_a_slice_is_never_left_empty() {
    let hall = Hall::registered();
    let mut harness = hall.terminal(1, None);
    for player in ["Глеб", "Дина"] {
        common::click(&mut harness, player);
    }
    assert!(disabled(&harness, "Отправить разбивку"));
    assert!(
        harness
            .query_by_label("В каждом ломтике должен быть хотя бы один игрок.")
            .is_some()
    );
}

#[test]
fn neptune_2_3_once_sandwich_starts_the_split_is_read_only() {
    let mut hall = Hall::registered();
    hall.host(NeptuneCommand::StartContest);
    hall.play_question(Contest::Negative, &[]);
    hall.host(NeptuneCommand::StartContest);
    let harness = hall.terminal(1, None);
    assert!(
        harness
            .query_by_label("Ломтики отвечают со своих терминалов.")
            .is_some()
    );
    assert!(harness.query_by_label("Отправить разбивку").is_none());
}

#[test]
fn neptune_2_3_a_slice_hands_in_its_own_card() {
    let mut hall = Hall::registered();
    hall.host(NeptuneCommand::StartContest);
    hall.play_question(Contest::Negative, &[]);
    hall.host(NeptuneCommand::StartContest);
    hall.host(NeptuneCommand::Announce { rating: None });
    hall.host(NeptuneCommand::StartMinute);
    let mut harness = hall.terminal(1, Some(Slice::Bottom));
    assert!(harness.query_by_label("Знатоки-низ").is_some());
    common::type_into(&mut harness, "Ваш ответ", "Луна");
    common::click(&mut harness, "Сдать карточку");
    assert!(
        harness
            .query_by_label("Карточка окончательна, как на бумаге. Сдать?")
            .is_some()
    );
    assert!(harness.state().sent.is_empty(), "confirmed first");
    harness.get_by_label("Да, сдать").click();
    // The card's spinner turns while it travels: step, do not settle.
    harness.run_steps(2);
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Answer {
            answers: vec!["Луна".into()],
            slice: Some(Slice::Bottom),
        })],
    );
}

// ----------------------------------------------------- the Негатив sheet (1.2)

#[test]
fn neptune_1_2_a_click_marks_a_phrase_and_a_second_unmarks_it() {
    let mut hall = Hall::registered();
    hall.host(NeptuneCommand::StartContest);
    let mut harness = hall.terminal(1, None);
    assert!(harness.query_by_label("Лист Негатива").is_some());
    common::click(&mut harness, "фраза 3");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::MarkPhrase {
            phrase: 2,
            marked: true,
        })],
    );
    // The server stores the mark; the sheet comes back with it.
    hall.team(
        1,
        NeptuneCommand::MarkPhrase {
            phrase: 2,
            marked: true,
        },
    );
    let mut harness = hall.terminal(1, None);
    assert_eq!(
        harness.get_by_label("фраза 3").accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True)
    );
    common::click(&mut harness, "фраза 3");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::MarkPhrase {
            phrase: 2,
            marked: false,
        })],
    );
}

#[path = "neptune/bidding.rs"]
mod bidding;
#[path = "neptune/drafts.rs"]
mod drafts;
#[path = "neptune/phone.rs"]
mod phone;
#[path = "neptune/screens.rs"]
mod screens;
#[path = "neptune/staff.rs"]
mod staff;
