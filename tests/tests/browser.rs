//! The browser terminal in a real browser (issue 24): headless Chromium,
//! driven over WebDriver, opens the web links the server serves and plays
//! as a person would — a phone hands in a ChGK card and sees its receipt, a
//! Brain-ring table presses from a browser against a native table, a
//! Нептун captain bids from a phone, the host runs the event's games from
//! their own tabs on a laptop, the projector shows the minute, a link with another fingerprint is refused,
//! a page without a code shows the join screen, the host plays off a
//! tie for first place (2.2) and the projector shows it, a phone presses in
//! an Эрудит-квартет and hands in a Мультиигры answer (issue 39: one
//! question of every format from a phone), and a server that goes away
//! and comes back is said and rejoined with the whole state. The page is
//! read through its widgets in words (`window.minuta_widgets()`, egui's
//! accessibility tree) and its `data-connection`; taps land where a widget
//! is drawn. Screenshots of each step go to `target/browser-shots/`.
//!
//! Needs the bundle (`scripts/build-web.sh`) and Debian's `chromium` and
//! `chromium-driver`; the README's test command builds the bundle and
//! `.ci/run` installs the browser.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_server::demo::DEMO_ERUDIT_PACKAGE;
use minuta_shared::ids::QuestionId;
use minuta_shared::play::brain_ring::{ButtonPhase, EVENT_RING, PressKind, RingCommand};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::erudit::{EruditCommand, EruditTiming};
use minuta_shared::play::games::{GameReceipt, GameSettings, GameTeamView};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    MultigamesCommand, MultigamesReceipt, MultigamesSettings, TaskDraft, TourNo,
};
use minuta_shared::play::neptune::NeptuneCommand;
use minuta_shared::play::neptune::rules::Bid;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_tests::auction;
use minuta_tests::brain_ring::{RingSight, open_first_round, own_fight, press, untimed};
use minuta_tests::browser::{LAPTOP, PHONE};
use minuta_tests::hall::{judging_of, jury_code, team_name};
use minuta_tests::page::{PAGE, Page, Widget, link, slow_minute};
use minuta_tests::{Hall, Terminal, TestServer};

const Q0: QuestionId = QuestionId(0);
/// One browser at a time: each is a heavy process on a small machine.
static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs the browser's blocking calls off the runtime's other tasks.
fn blocking<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_3_a_phone_hands_in_a_chgk_card_and_sees_its_receipt() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a hall of two teams; the first team's phone opens its link.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let url = link(&hall.server, &hall.team_codes[0])?;
    let page = blocking(|| -> Result<Page> {
        let page = Page::open(PHONE, "phone-chgk", &url)?;
        let took = page.wait_connection("connected", PAGE)?;
        println!("the team's link opened its screen in {took:?}");
        Ok(page)
    })?;

    // Act: the question runs; the phone types an answer and hands it in.
    hall.start_question(Q0).await?;
    blocking(|| -> Result<()> {
        let field = page.wait_widget("the answer field", |w| w.role.contains("TextInput"))?;
        ensure!(
            field.x >= 0.0 && field.x + field.w <= 360.5,
            "the answer field {field:?} is wider than the phone"
        );
        page.type_into(&field, "Пушкин")?;
        page.shot("typed")?;
        // Handed in, the receipt is on the phone's screen.
        page.hand_in_card()?;
        page.shot("receipt")?;
        Ok(())
    })?;

    // Assert: the host has the card.
    let team = hall.team_ids[0];
    hall.host
        .wait_host("the phone's card", |v| {
            judging_of(v, Q0).is_some_and(|j| {
                j.groups.iter().any(|g| {
                    g.teams.contains(&team) && g.spellings.iter().any(|s| s.contains("Пушкин"))
                })
            })
        })
        .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_ring_a_press_from_a_phone_beats_a_later_native_press() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a round-1 fight; table one is a phone in a browser, table
    // two the native terminal.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    hall.host
        .ok(Command::game(
            EVENT_RING,
            RingCommand::SetTiming { timing: untimed() },
        ))
        .await?;
    let pair = [hall.team_ids[0], hall.team_ids[1]];
    let fight = open_first_round(&mut hall.host, pair).await?.id;
    let url = link(&hall.server, &hall.team_codes[0])?;
    let page = blocking(|| -> Result<Page> {
        let page = Page::open(PHONE, "phone-ring", &url)?;
        page.wait_connection("connected", PAGE)?;
        Ok(page)
    })?;
    hall.host
        .ok(Command::game(EVENT_RING, RingCommand::Read { fight }))
        .await?;
    hall.host
        .ok(Command::game(EVENT_RING, RingCommand::Arm { fight }))
        .await?;
    hall.teams[1]
        .wait_team("armed", |v| {
            own_fight(v).is_some_and(|f| {
                f.question
                    .as_ref()
                    .is_some_and(|q| matches!(q.phase, ButtonPhase::Armed { .. }))
            })
        })
        .await?;

    // Act: the phone's finger lands on the big button; then the native
    // table presses.
    blocking(|| -> Result<()> {
        let button = page.wait_widget("the big button", |w| {
            w.role == "Button" && w.enabled && w.h >= 0.4 * 640.0
        })?;
        ensure!(
            button.y + button.h >= 600.0,
            "the button {button:?} does not reach the phone's lower edge"
        );
        page.shot("armed")?;
        page.tap(&button)
    })?;
    hall.host
        .wait_host("the phone's press", |v| {
            v.ring().fights.iter().any(|f| {
                f.id == fight
                    && f.question
                        .as_ref()
                        .is_some_and(|q| matches!(q.phase, ButtonPhase::Answering { .. }))
            })
        })
        .await?;
    let late = press(&mut hall.teams[1]).await?;

    // Assert: the phone's press won; the native one came after it.
    ensure!(late.kind == PressKind::Late, "the native press: {late:?}");
    blocking(|| -> Result<()> {
        page.shot("pressed")?;
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_the_projector_shows_the_minute_and_a_gone_server_within_2_s() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: the projector's link on a laptop's screen.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let url = link(&hall.server, &hall.server.display_code.clone())?;
    let page = blocking(|| -> Result<Page> {
        let page = Page::open(LAPTOP, "projector", &url)?;
        page.wait_connection("connected", PAGE)?;
        Ok(page)
    })?;

    // Act: the question's minute runs.
    hall.start_question(Q0).await?;

    // Assert: the projector counts it down.
    blocking(|| -> Result<()> {
        page.wait_widget("the minute's seconds", |w| {
            w.seconds().is_some_and(|s| (20..=60).contains(&s))
        })?;
        page.shot("minute")?;
        Ok(())
    })?;

    // Act: the server goes away. Assert: said within 2 s; back with it.
    hall.server.kill()?;
    let gone = Instant::now();
    blocking(|| -> Result<()> {
        page.browser.wait_for(
            "the projector: the server gone",
            "const c = document.body.getAttribute('data-connection'); return c === 'silent' || c === 'reconnecting';",
            Duration::from_secs(2),
        )?;
        println!(
            "the projector said the server was gone in {:?}",
            gone.elapsed()
        );
        page.shot("gone")?;
        Ok(())
    })?;
    hall.server.restart().await?;
    blocking(|| -> Result<()> {
        page.wait_connection("connected", PAGE)?;
        page.wait_widget("the minute again", |w| w.seconds().is_some_and(|s| s <= 60))?;
        page.shot("back")?;
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_the_host_runs_the_event_s_games_from_their_own_tabs() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: the host's link on a laptop, a question's minute running.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let url = link(&hall.server, &hall.server.host_code.clone())?;
    hall.start_question(Q0).await?;
    blocking(|| -> Result<()> {
        let page = Page::open(LAPTOP, "host", &url)?;
        page.wait_connection("connected", PAGE)?;

        // Assert: the dashboard opens on the event's ChGK's game, its own
        // tabs on the bar beside the Brain-ring's.
        for tab in ["Игра", "Судейство", "Апелляции", "Итоги", "Брейн-ринг"]
        {
            page.wait_label(tab)?;
        }
        page.wait_widget("the minute running", |w| w.says("минута обсуждения"))?;
        page.shot("game")?;

        // Act: «Подготовка» → «Турнир». Assert: the ChGK minute's timing
        // among the event's settings.
        let setup = page.wait_label("Подготовка")?;
        page.tap(&setup)?;
        let tournament = page.wait_label("Турнир")?;
        page.tap(&tournament)?;
        page.wait_label("Минута обсуждения")?;
        page.shot("tournament")?;

        // Act: the Brain-ring's own tab.
        let ring = page.wait_label("Брейн-ринг")?;
        page.tap(&ring)?;
        page.wait_widget("the Brain-ring's set-up", |w| {
            w.says("Отбор") || w.says("отбор")
        })?;
        page.shot("brain-ring")?;

        // Act: the programme tab, a day added. Assert: the event's own
        // games offer their slots, and ChGK a tour by its number.
        let programme = page.wait_label("Программа")?;
        page.tap(&programme)?;
        let day = page.wait_label("Добавить день")?;
        page.tap(&day)?;
        page.wait_label("+ Брейн-ринг")?;
        page.wait_label("Добавить тур ЧГК")?;
        page.shot("programme")?;
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_a_link_with_another_fingerprint_is_refused_plainly() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a team's code whose fingerprint is not the server's.
    let hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let mut code = hall.team_codes[0].clone();
    code.fingerprint[0] ^= 0xff;
    let url = link(&hall.server, &code)?;

    // Act + Assert: the page stops with the certificate's message.
    blocking(|| -> Result<()> {
        let page = Page::open(LAPTOP, "wrong-fingerprint", &url)?;
        page.wait_connection("stopped-certificate", PAGE)?;
        page.shot("refused")?;
        ensure!(page.connection()? == "stopped-certificate");
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_a_page_without_a_code_shows_the_join_screen() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    let hall = Hall::open(TestServer::in_process()?, 1, slow_minute()).await?;
    let web = hall
        .server
        .web_addr
        .ok_or_else(|| anyhow!("no web address"))?;
    blocking(|| -> Result<()> {
        let page = Page::open(PHONE, "join", &format!("http://{web}/"))?;
        page.wait_widget("the code field", |w| w.role.contains("TextInput"))
            .context("the join screen")?;
        page.shot("join-screen")?;
        ensure!(page.connection()? == "idle");
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_neptune_6_4_a_captain_bids_from_a_phone() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a Нептун game of two teams brought to its auction's open
    // bidding; the first team's captain then opens its link on a phone.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let teams = hall.team_ids.clone();
    let game = auction::add_game(&mut hall.host, &teams, auction::settings()).await?;
    // 50 points each: a first bid of 40 leaves the captain in the bidding.
    auction::to_the_auction(&mut hall.host, game, &teams, &mut hall.teams, 50).await?;
    let url = link(&hall.server, &hall.team_codes[0])?;
    let page = blocking(|| -> Result<Page> {
        let page = Page::open(PHONE, "phone-neptune", &url)?;
        page.wait_connection("connected", PAGE)?;
        Ok(page)
    })?;

    // Act: the captain taps the first bid's button (6.4: at least 40).
    blocking(|| -> Result<()> {
        let first = page.wait_widget("the first bid's button", |w| {
            w.role == "Button" && w.enabled && w.says("40")
        })?;
        page.shot("bidding")?;
        page.tap(&first)?;
        page.wait_label("Ваша ставка — высшая")?;
        page.shot("bid")?;
        Ok(())
    })?;

    // The host's dashboard on a laptop (1280×720), on the game's tab: the
    // phone's 40 in the desk's log of bids.
    let host_url = link(&hall.server, &hall.server.host_code.clone())?;
    let host = blocking(|| -> Result<Page> {
        let host = Page::open(LAPTOP, "host-neptune", &host_url)?;
        host.wait_connection("connected", PAGE)?;
        let tab = host.wait_widget("the game's tab", |w| w.says("Нептун"))?;
        host.tap(&tab)?;
        host.wait_label("Ставки по порядку")?;
        host.wait_widget("the phone's 40 in the log", |w| {
            w.value == "40" && bid_log(&host).is_ok_and(|log| log == ["1", "Команда 1", "40"])
        })?;
        Ok(host)
    })?;

    // Assert: the phone's 40 stands: the other captain's 40 no longer
    // raises it (6.4: each bid above the last).
    let second = hall.teams[1]
        .command(Command::game(
            game,
            NeptuneCommand::Bid {
                team: None,
                bid: Bid::Amount(40),
            },
        ))
        .await?;
    ensure!(
        second.is_err(),
        "a second 40 was accepted, so the phone's bid did not stand: {second:?}"
    );

    // And the other captain's 50 reaches the phone at once (issue 42: as
    // the bid's patch, no whole view): its raises now start from 50.
    hall.teams[1]
        .ok(Command::game(
            game,
            NeptuneCommand::Bid {
                team: None,
                bid: Bid::Amount(50),
            },
        ))
        .await?;
    blocking(|| -> Result<()> {
        page.wait_widget("a raise of the 50", |w| {
            w.role == "Button" && w.enabled && w.says("+10 (60)")
        })?;
        page.shot("outbid")?;
        // The host's desk follows (the staff's patch): 50 stands, both
        // bids listed in the order the server took them.
        let both = ["1", "Команда 1", "40", "2", "Команда 2", "50"];
        host.wait_widget("the 50 in the log after the 40", |w| {
            w.value == "50" && bid_log(&host).is_ok_and(|log| log == both)
        })?;
        host.shot("auction")?;
        Ok(())
    })?;
    Ok(())
}

/// The words of the host's log of bids (Нептун 6.3), row after row: what
/// the page shows between its title and the by-hand bid below it.
fn bid_log(host: &Page) -> Result<Vec<String>> {
    let widgets = host.widgets()?;
    let at = |words: &str| widgets.iter().find(|w| w.value == words).map(|w| w.y);
    let (Some(top), Some(bottom)) = (at("Ставки по порядку"), at("Ставка вручную"))
    else {
        bail!("no log of bids on the host's page");
    };
    Ok(widgets
        .into_iter()
        .filter(|w| w.role == "Label" && w.y > top && w.y < bottom && !w.value.is_empty())
        .map(|w| w.value)
        .collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_2_2_the_host_plays_off_a_tie_for_first_and_the_hall_sees_it() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: two teams; every tour closed with nobody right: they share
    // 1-2, a tie for first place once the game is over.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let tours = hall
        .host
        .wait_host("the tours", |v| !v.event_chgk().tours.is_empty())
        .await?;
    for tour in &tours.event_chgk().tours {
        hall.host
            .ok(Command::game(
                EVENT_CHGK,
                ChgkCommand::CloseTour { tour: tour.id },
            ))
            .await?;
    }
    hall.host
        .wait_host("the tie's board", |v| v.prize_ties.len() == 1)
        .await?;
    let host_url = link(&hall.server, &hall.server.host_code.clone())?;
    let hall_url = link(&hall.server, &hall.server.display_code.clone())?;
    let second = team_name(2);

    blocking(|| -> Result<()> {
        let page = Page::open(LAPTOP, "host-prize-tie", &host_url)?;
        page.wait_connection("connected", PAGE)?;
        page.wait_label("Ничья за призовое место")?;
        page.shot("open")?;

        // Act: one shoot-off question, the second team alone right.
        let right = page.wait_widget("the second team's box", |w| {
            w.role.contains("CheckBox") && w.says(&second)
        })?;
        page.tap(&right)?;
        let record = page.wait_label("Записать вопрос перестрелки")?;
        page.tap(&record)?;

        // Assert: settled, on the host's screen and the hall's.
        page.wait_label("Призовые места разыграны (1)")?;
        page.shot("settled")?;
        let projector = Page::open(LAPTOP, "hall-prize-tie", &hall_url)?;
        projector.wait_connection("connected", PAGE)?;
        projector.wait_widget("the places it gave", |w| w.says(&format!("1 — «{second}»")))?;
        projector.shot("settled")?;
        Ok(())
    })?;
    let view = hall
        .host
        .wait_host("the settled tie", |v| {
            v.prize_ties.iter().all(|t| t.settled())
        })
        .await?;
    ensure!(
        view.prize_ties[0].places[0].0 == second,
        "the second team first: {:?}",
        view.prize_ties[0].places
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_6_5_the_host_takes_the_appeals_back_from_a_jury_gone() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: the jury's terminal joined once (it sits), then went away.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let code = jury_code(&mut hall.host).await?;
    let jury = Terminal::connect(&code).await?;
    hall.host
        .wait_host("the jury seated", |v| v.event_chgk().appeal_jury)
        .await?;
    drop(jury);
    let url = link(&hall.server, &hall.server.host_code.clone())?;

    blocking(|| -> Result<()> {
        let page = Page::open(LAPTOP, "host-jury-gone", &url)?;
        page.wait_connection("connected", PAGE)?;
        let appeals = page.wait_label("Апелляции")?;
        page.tap(&appeals)?;
        let take_back = page.wait_label("АЖ ушло: апелляции решает ведущий")?;
        page.shot("jury-sits")?;

        // Act
        page.tap(&take_back)?;

        // Assert: the hand-over is on record and the button gone.
        page.wait_label("апелляции — ведущему: готово")?;
        page.shot("host-decides")?;
        Ok(())
    })?;
    hall.host
        .wait_host("the jury stood down", |v| !v.event_chgk().appeal_jury)
        .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_neptune_1_the_negative_sheet_fits_a_phone_and_its_card_goes_in() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a Нептун game of two teams, Негатив's minute running.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let teams = hall.team_ids.clone();
    let game = auction::add_game(&mut hall.host, &teams, auction::settings()).await?;
    auction::negative_minute(&mut hall.host, game, 30).await?;
    let url = link(&hall.server, &hall.team_codes[0])?;

    blocking(|| -> Result<()> {
        let page = Page::open(PHONE, "phone-negative", &url)?;
        page.wait_connection("connected", PAGE)?;
        let field = page.wait_widget("the card's field", |w| w.role.contains("TextInput"))?;
        page.shot("sheet")?;
        // Assert: nothing past the phone's 360 px.
        let wide = page.wider_than(360.0)?;
        ensure!(wide.is_empty(), "wider than the phone: {wide:#?}");
        // Act: the captain types the card and hands it in.
        page.type_into(&field, "Нептун")?;
        page.shot("typed")?;
        let wide = page.wider_than(360.0)?;
        ensure!(
            wide.is_empty(),
            "wider than the phone once typed: {wide:#?}"
        );
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_39_a_typed_answer_survives_a_reload_of_the_phone_s_page() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a question's minute; a phone types a card and does not
    // hand it in.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    hall.start_question(Q0).await?;
    let url = link(&hall.server, &hall.team_codes[0])?;
    blocking(|| -> Result<()> {
        let page = Page::open(PHONE, "phone-draft", &url)?;
        page.wait_connection("connected", PAGE)?;
        let field = page.wait_widget("the answer field", |w| w.role.contains("TextInput"))?;
        page.type_into(&field, "Королёв")?;

        // Act: the page reloads (a swipe-to-refresh, an evicted tab).
        page.browser.reload()?;
        page.wait_connection("connected", PAGE)?;

        // Assert: the card is as it was typed.
        page.wait_widget("the answer back after the reload", |w| {
            w.role.contains("TextInput") && w.value.contains("Королёв")
        })?;
        page.shot("after-reload")?;
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_39_the_keyboard_leaves_the_card_and_its_button_in_sight() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a question's minute; a phone taps into its card.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    hall.start_question(Q0).await?;
    let url = link(&hall.server, &hall.team_codes[0])?;
    blocking(|| -> Result<()> {
        let page = Page::open(PHONE, "phone-keyboard", &url)?;
        page.wait_connection("connected", PAGE)?;
        let field = page.wait_widget("the answer field", |w| w.role.contains("TextInput"))?;
        page.tap(&field)?;
        page.browser.type_keys("Ёжик")?;

        // Act: the keyboard takes the lower half: 300 px are left.
        page.browser.keyboard_leaves(360, 300)?;

        // Assert: the field and «Сдать ответ» are in those 300 px, and
        // what is typed next still goes into the field.
        let in_sight = |w: &Widget| w.y >= -0.5 && w.y + w.h <= 300.5;
        page.wait_widget("the field in sight", |w| {
            w.role.contains("TextInput") && in_sight(w)
        })?;
        page.wait_widget("«Сдать ответ» in sight", |w| {
            w.says("Сдать ответ") && in_sight(w)
        })?;
        page.browser.type_keys(" в тумане")?;
        page.wait_widget("the rest typed in", |w| {
            w.role.contains("TextInput") && w.value.contains("Ёжик в тумане")
        })?;
        page.shot("typing")?;
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_5_a_phone_presses_in_an_erudit_quartet_and_takes_the_points() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: four teams drawn into one group, the tour's line-ups left to
    // the registered order (5.7), the first question ready; the first
    // team's captain opens its link on a phone.
    let mut hall = Hall::open(TestServer::in_process()?, 4, slow_minute()).await?;
    let Receipt::GameAdded { game } = hall
        .host
        .ok(Command::AddGame {
            name: "Эрудит-квартет".into(),
            settings: GameSettings::Erudit(EruditTiming {
                lineup_ms: 60_000,
                semi_open_lineup_ms: 60_000,
                silence_ms: 60_000,
            }),
        })
        .await?
    else {
        bail!("no game added");
    };
    for command in [
        EruditCommand::LoadPackage {
            file_name: "demo-erudit.4s".into(),
            bytes: DEMO_ERUDIT_PACKAGE.as_bytes().to_vec(),
        },
        EruditCommand::Seed {
            teams: hall.team_ids.clone(),
            seed: 7,
        },
        EruditCommand::StartGame { group: 0 },
        EruditCommand::OpenLineup,
        EruditCommand::CloseLineup,
    ] {
        hall.host.ok(Command::game(game, command)).await?;
    }
    let url = link(&hall.server, &hall.team_codes[0])?;
    let page = blocking(|| -> Result<Page> {
        let page = Page::open(PHONE, "phone-erudit", &url)?;
        page.wait_connection("connected", PAGE)?;
        Ok(page)
    })?;

    // Act: the question is read; the phone presses during the reading.
    hall.host
        .ok(Command::game(game, EruditCommand::Read))
        .await?;
    blocking(|| -> Result<()> {
        let button = page.wait_widget("the button", |w| w.says("Нажать") && w.enabled)?;
        page.shot("reading")?;
        let wide = page.wider_than(360.0)?;
        ensure!(wide.is_empty(), "wider than the phone: {wide:#?}");
        page.tap(&button)?;
        page.wait_label("Отвечает ваш игрок")?;
        page.shot("answering")?;
        Ok(())
    })?;
    // The host hears the answer and judges it right.
    hall.host
        .ok(Command::game(game, EruditCommand::Judge { correct: true }))
        .await?;

    // Assert: the phone says the points are the team's.
    blocking(|| -> Result<()> {
        page.wait_label("очки ваши")?;
        page.shot("right")?;
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_6_a_phone_hands_in_a_multigames_answer() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    // Arrange: «Мультиигры» with one task of two minutes, started; the
    // first team's phone opens its link.
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let Receipt::GameAdded { game } = hall
        .host
        .ok(Command::AddGame {
            name: "Мультиигры".into(),
            settings: GameSettings::Multigames(MultigamesSettings {
                appeals: true,
                grace_ms: 5_000,
                warning_before_end_ms: 10_000,
            }),
        })
        .await?
    else {
        bail!("no game added");
    };
    hall.host
        .ok(Command::game(
            game,
            MultigamesCommand::AddTour {
                title: "Ребусы".into(),
            },
        ))
        .await?;
    let added = hall
        .host
        .ok(Command::game(
            game,
            MultigamesCommand::AddTask {
                tour: TourNo(0),
                task: TaskDraft {
                    title: "Ребус".into(),
                    text: "Разгадайте ребус: «100Л».".into(),
                    answer: "Стол".into(),
                    comment: "Сто + Л.".into(),
                    points: Credit::parse("3").ok_or_else(|| anyhow!("no credit"))?,
                    seconds: 120,
                },
            },
        ))
        .await?;
    let Receipt::Game {
        receipt: GameReceipt::Multigames(MultigamesReceipt::TaskAdded { task }),
        ..
    } = added
    else {
        bail!("no task added: {added:?}");
    };
    hall.host
        .ok(Command::game(game, MultigamesCommand::Announce { task }))
        .await?;
    hall.host
        .ok(Command::game(game, MultigamesCommand::Start { task }))
        .await?;
    let url = link(&hall.server, &hall.team_codes[0])?;

    // Act: the phone types the answer and hands it in.
    blocking(|| -> Result<()> {
        let page = Page::open(PHONE, "phone-multigames", &url)?;
        page.wait_connection("connected", PAGE)?;
        let field = page.wait_widget("the answer field", |w| w.role.contains("TextInput"))?;
        page.shot("task")?;
        let wide = page.wider_than(360.0)?;
        ensure!(wide.is_empty(), "wider than the phone: {wide:#?}");
        page.type_into(&field, "Стол")?;
        page.hand_in_card()?;
        page.shot("receipt")?;
        Ok(())
    })?;

    // Assert: the team's answer is on record.
    hall.teams[0]
        .wait_team("the phone's answer", |v| {
            v.games.iter().any(|g| match &g.view {
                GameTeamView::Multigames(m) => m.answers.iter().any(|a| a.text == "Стол"),
                _ => false,
            })
        })
        .await?;
    Ok(())
}

/// Waits for a file whose name ends with `ending` to be whole in the
/// browser's download folder `dir` (Chromium writes a `.crdownload` first).
fn downloaded(dir: &std::path::Path, ending: &str) -> Result<(String, Vec<u8>)> {
    let began = Instant::now();
    loop {
        for entry in std::fs::read_dir(dir)?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(ending) {
                return Ok((name, std::fs::read(entry.path())?));
            }
        }
        if began.elapsed() > PAGE {
            bail!(
                "no download ending {ending} in {} within {PAGE:?}",
                dir.display()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_38_the_host_takes_the_codes_and_the_rating_file_and_brings_teams() -> Result<()> {
    use minuta_server::codes_pdf::{CodesOptions, export_codes};
    use minuta_server::export::{ExportFormat, export};
    let _one = ONE_BROWSER.lock().await;
    // Arrange: a hall on a laptop's browser with nothing but the page;
    // a roster file of the rating site's with two namesakes in one team.
    let hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    let url = link(&hall.server, &hall.server.host_code.clone())?;
    let data = hall.server.data_dir();
    let downloads = tempfile::tempdir()?;
    let roster = downloads.path().join("roster-file.csv");
    // Forty teams as the rating site gives them, «Южные кони» with two
    // Борис Семёнов.
    let mut rows = String::from(
        "50126,Южные кони,Москва,К,102154,Семёнов,Борис,Сергеевич\n\
         50126,Южные кони,Москва,Б,102179,Семёнов,Борис,Ильич\n\
         50126,Южные кони,Москва,Б,102180,Орлова,Ирина,\n\
         50126,Южные кони,Москва,Б,102181,Ким,Анна,Олеговна\n",
    );
    for team in 1..40 {
        for player in 0..4 {
            let flag = if player == 0 { "К" } else { "Б" };
            rows += &format!(
                "{},Сборная {team},Тверь,{flag},{},Игроков,Игрок,{player}\n",
                60_000 + team,
                200_000 + team * 10 + player
            );
        }
    }
    std::fs::write(&roster, rows)?;
    let saved = tempfile::tempdir()?;
    // Twelve tours, four times a real package: over 128 KiB, so it goes
    // in pieces.
    let large_package = downloads.path().join("большой.4s");
    std::fs::write(
        &large_package,
        std::fs::read(minuta_tests::hall::pack("ovsch_boronenko_3.4s"))?.repeat(4),
    )?;
    blocking(|| -> Result<()> {
        let page = Page::open(LAPTOP, "host-files", &url)?;
        page.browser.downloads_to(saved.path())?;
        page.wait_connection("connected", PAGE)?;

        // Act: «Подготовка» → «Подключение» → «Коды на бумаге (PDF)».
        page.tap(&page.wait_label("Подготовка")?)?;
        page.tap(&page.wait_label("Подключение")?)?;
        page.tap(&page.wait_label("Коды на бумаге (PDF)")?)?;
        let (name, pdf) = downloaded(saved.path(), "-codes.pdf")?;
        page.wait_label("в загрузках браузера")?;
        page.shot("codes")?;

        // Assert: the command line's very bytes, named by the tournament.
        let expected = export_codes(&data, &hall.server.cert_dir(), CodesOptions::default())?;
        ensure!(
            pdf == expected,
            "{name}: {} bytes, export's {}",
            pdf.len(),
            expected.len()
        );
        ensure!(name.starts_with("Кубок-тестов-"), "{name}");

        // Act: the programme's «Файлы турнира»: the rating site's results.
        page.tap(&page.wait_label("Программа")?)?;
        page.tap(&page.wait_label("Для рейтинга: результаты (CSV)")?)?;
        let (_, csv) = downloaded(saved.path(), "-rating-results.csv")?;
        page.shot("rating")?;
        ensure!(csv == export(&data, ExportFormat::RatingCsv)?.into_bytes());

        // Act: the jury's protocol and a backup.
        page.tap(&page.wait_label("Протокол для подписи (PDF)")?)?;
        let (_, protocol) = downloaded(saved.path(), "-protocol.pdf")?;
        ensure!(protocol == minuta_server::export::export_pdf(&data)?);
        page.tap(&page.wait_label("Резервная копия")?)?;
        let (backup, _) = downloaded(saved.path(), "-backup.sqlite3")?;

        // Assert: the backup, restored, is the game as it was.
        let restored = saved.path().join("restored");
        minuta_server::store::restore(&saved.path().join(&backup), &restored)?;
        ensure!(
            export(&restored, ExportFormat::Json)? == export(&data, ExportFormat::Json)?,
            "the restored game exports otherwise"
        );

        // Act: «Импорт команд…» through the browser's own file picker.
        page.tap(&page.wait_label("Подготовка")?)?;
        page.tap(&page.wait_label("Команды")?)?;
        page.tap(&page.wait_label("Импорт команд…")?)?;
        page.tap(&page.wait_label("Выбрать файл…")?)?;
        page.browser.choose_file(&roster)?;

        // Assert: forty new teams; imported, the namesakes are two players
        // with their own rating ids.
        page.wait_label("Новые (40)")?;
        page.shot("import-picked")?;
        page.tap(&page.wait_label("Импортировать")?)?;
        page.wait_label("импорт команд: готово")?;
        let exported = export(&data, ExportFormat::RatingRoster)?;
        ensure!(
            exported.contains("102154") && exported.contains("102179"),
            "{exported}"
        );

        // Act: the same file dropped on the page. Assert: nothing changes.
        page.browser
            .drop_file("roster-dropped.csv", &std::fs::read(&roster)?)?;
        page.wait_label("Без изменений (40)")?;
        page.shot("import-dropped")?;

        // Act: a package through the questions tab's own file picker.
        page.tap(&page.wait_label("Подготовка")?)?;
        page.tap(&page.wait_label("Вопросы")?)?;
        page.tap(&page.wait_label("Выбрать файл…")?)?;
        page.browser
            .choose_file(&minuta_tests::hall::pack("smalltest.4s"))?;

        // Assert: the server took it.
        page.wait_label("пакет загружен")?;
        page.shot("package-picked")?;

        // Act: a package too large to go at once, on a slow link: it goes
        // in pieces, the host seeing how much has gone.
        page.browser
            .slow_link(Duration::from_millis(40), 2_000_000)?;
        page.tap(&page.wait_label("Выбрать файл…")?)?;
        page.browser.choose_file(&large_package)?;
        let taken = |w: &Widget| w.says("пакет загружен") && !w.says("туров 1, вопросов 1");
        let seen = page.wait_widget("the package on its way or taken", |w| {
            w.says("Отправляется") || taken(w)
        })?;
        if seen.says("Отправляется") {
            page.shot("package-sending")?;
        }

        // Assert: taken whole.
        page.wait_widget("the large package taken", taken)?;
        page.shot("package-large")?;
        Ok(())
    })?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_38_a_team_s_and_the_projector_s_pages_offer_no_files() -> Result<()> {
    let _one = ONE_BROWSER.lock().await;
    let hall = Hall::open(TestServer::in_process()?, 1, slow_minute()).await?;
    let team = link(&hall.server, &hall.team_codes[0])?;
    let display = link(&hall.server, &hall.server.display_code.clone())?;
    blocking(|| -> Result<()> {
        for (name, url, window) in [
            ("team-files", &team, PHONE),
            ("display-files", &display, LAPTOP),
        ] {
            let page = Page::open(window, name, url)?;
            page.wait_connection("connected", PAGE)?;
            page.wait_widget("the screen drawn", |w| {
                !w.label.is_empty() || !w.value.is_empty()
            })?;
            let offered: Vec<String> = page
                .widgets()?
                .into_iter()
                .filter(|w| {
                    [
                        "PDF",
                        "CSV",
                        "JSON",
                        "Резервная копия",
                        "Импорт команд",
                        "Выбрать файл",
                    ]
                    .iter()
                    .any(|words| w.says(words))
                })
                .map(|w| w.label)
                .collect();
            ensure!(offered.is_empty(), "{name} offers {offered:?}");
            page.shot("none")?;
        }
        Ok(())
    })?;
    Ok(())
}
