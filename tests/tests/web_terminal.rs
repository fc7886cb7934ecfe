//! The browser terminal's path (issue 24), spoken natively by
//! `minuta_tests::web_terminal` exactly as a browser speaks it: TCP on
//! 127.0.0.1, the WebSocket at `/ws`, TLS 1.3 pinned by the certificate's
//! fingerprint over its binary messages, and the envelope frames inside.
//! A team joins from the browser's path beside QUIC terminals, hands in a
//! ChGK card and sees its receipt and views; a wrong fingerprint fails the
//! TLS handshake before any credential could leave; garbage, a text
//! message, an oversized frame or a silent socket close that connection
//! alone (4000 + the close code) while others go on; a Brain-ring press
//! from the browser's path and one over QUIC are ordered by one clock; the
//! bundle is served precompressed, never outside its directory, and `/`
//! says how to build it when there is none.

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail, ensure};
use tokio_tungstenite::tungstenite::{Bytes, Message};

use minuta_server::net::NetLimits;
use minuta_server::{ServerConfig, ServerHandle};
use minuta_shared::ids::QuestionId;
use minuta_shared::play::brain_ring::{ButtonPhase, EVENT_RING, PressKind, RingCommand};
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::close;
use minuta_shared::wire::codec::MAX_TERMINAL_FRAME_BYTES;
use minuta_shared::wire::handshake::HelloReply;
use minuta_shared::wire::server::Receipt;
use minuta_tests::brain_ring::{open_first_round, own_fight, press, ring_timing};
use minuta_tests::web_terminal::{RawSocket, WebLink, get, tls_over, websocket};
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);

fn web_addr(hall: &Hall) -> Result<SocketAddr> {
    hall.server
        .web_addr
        .ok_or_else(|| anyhow!("the test server listens for no browser"))
}

#[tokio::test]
async fn web_a_team_joins_from_the_browser_path_hands_in_a_card_and_sees_its_receipt() -> Result<()>
{
    // Arrange: a hall of two QUIC teams; the first team's code also
    // joins over the browser's path.
    let mut hall = Hall::open(TestServer::in_process()?, 2, test_timing()).await?;
    let web = web_addr(&hall)?;
    let mut browser = Terminal::connect_web(web, &hall.team_codes[0], true).await?;
    ensure!(browser.identity == hall.teams[0].identity);
    browser
        .wait_team("the first view", |_| true)
        .await
        .context("a view over the browser's path")?;

    // Act: the question runs; the browser hands in the card.
    hall.start_question(Q0).await?;
    let receipt = browser
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "Серп и молот".into(),
            },
        ))
        .await?;

    // Assert: its receipt, its card in its view and the QUIC terminal's
    // of the same team, and a clock probe answered.
    let Receipt::Game {
        game: EVENT_CHGK,
        receipt:
            GameReceipt::Chgk(ChgkReceipt::Card {
                question: Q0,
                late: false,
                ..
            }),
    } = receipt
    else {
        bail!("the card's receipt: {receipt:?}");
    };
    let has_card = |v: &minuta_shared::wire::view::TeamView| {
        v.event_chgk()
            .cards
            .iter()
            .any(|c| c.question == Q0 && c.text == "Серп и молот")
    };
    browser.wait_team("its card", has_card).await?;
    hall.teams[0]
        .wait_team("the card from the browser", has_card)
        .await?;
    browser.ping().await?;
    Ok(())
}

#[tokio::test]
async fn web_a_wrong_fingerprint_fails_the_tls_handshake_and_no_credential_is_sent() -> Result<()> {
    // Arrange: a server, and a fingerprint that is not its certificate's.
    let server = TestServer::in_process()?;
    let web = server.web_addr.ok_or_else(|| anyhow!("no web address"))?;
    let mut wrong = server.fingerprint;
    wrong[0] ^= 0xff;

    // Act: the WebSocket opens; the TLS inside it is pinned to `wrong`.
    let ws = websocket(web).await?;
    let (tls, _) = tls_over(ws, wrong).await?;

    // Assert: the handshake failed on the certificate, so no byte of
    // application data (the greeting with its secret) could be written;
    // the right fingerprint then joins as usual.
    let err = match tls {
        Ok(_) => bail!("a TLS handshake pinned to another fingerprint succeeded"),
        Err(e) => e.to_string(),
    };
    ensure!(
        err.contains("certificate") || err.contains("Certificate"),
        "the handshake failed for another reason: {err}"
    );
    let mut link = WebLink::open(web, server.fingerprint).await?;
    let reply = link.hello(server.host_code.credential.clone()).await?;
    ensure!(matches!(reply, HelloReply::Welcome(_)), "{reply:?}");
    Ok(())
}

/// A server whose greeting must come within half a second.
fn quick_greeting() -> NetLimits {
    NetLimits {
        hello_timeout: Duration::from_millis(500),
        web_handshake_timeout: Duration::from_millis(500),
        ..NetLimits::default()
    }
}

#[tokio::test]
async fn web_garbage_text_oversized_and_silent_sockets_close_alone() -> Result<()> {
    // Arrange: a hall with a short greeting timeout; a browser team that
    // must keep working throughout.
    let mut hall = Hall::open(
        TestServer::in_process_with_limits(quick_greeting())?,
        1,
        test_timing(),
    )
    .await?;
    let web = web_addr(&hall)?;
    let fingerprint = hall.server.fingerprint;
    let code = hall.team_codes[0].clone();
    let mut bystander = Terminal::connect_web(web, &code, false).await?;
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question: Q0 },
        ))
        .await?;

    // Act and assert: bytes that are not TLS.
    let mut garbage = RawSocket::open(web).await?;
    garbage
        .send(Message::Binary(Bytes::from_static(
            b"GET / HTTP/1.1\r\n\r\n not TLS",
        )))
        .await?;
    let closed = garbage.closed().await?;
    ensure!(closed.code == close::MALFORMED, "garbage: {closed:?}");

    // A text message, before TLS and after login.
    let mut text = RawSocket::open(web).await?;
    text.send(Message::Text("hello".into())).await?;
    let closed = text.closed().await?;
    ensure!(closed.code == close::MALFORMED, "text: {closed:?}");
    ensure!(closed.reason.contains("text"), "text: {closed:?}");

    // A frame announced over a team's limit, after login.
    let mut big = WebLink::open(web, fingerprint).await?;
    ensure!(matches!(
        big.hello(code.credential.clone()).await?,
        HelloReply::Welcome(_)
    ));
    let over = u32::try_from(MAX_TERMINAL_FRAME_BYTES + 1)?;
    big.send_bytes(&over.to_le_bytes()).await?;
    let closed = big.closed().await?;
    ensure!(closed.code == close::OVERSIZED, "oversized: {closed:?}");

    // Garbage inside TLS after login: a frame that is no envelope.
    let mut junk = WebLink::open(web, fingerprint).await?;
    ensure!(matches!(
        junk.hello(code.credential.clone()).await?,
        HelloReply::Welcome(_)
    ));
    junk.send_bytes(&[5, 0, 0, 0, 0xff, 0xfe, 0xfd, 0xfc, 0xfb])
        .await?;
    let closed = junk.closed().await?;
    ensure!(closed.code == close::MALFORMED, "junk frame: {closed:?}");

    // A socket that completes TLS and never greets.
    let silent = WebLink::open(web, fingerprint).await?;
    let closed = silent.closed().await?;
    ensure!(
        closed.code == close::REFUSED && closed.reason.contains("greeting"),
        "silent: {closed:?}"
    );

    // The bystander and the QUIC team carried on.
    bystander.ping().await?;
    hall.teams[0].ping().await?;
    ensure!(
        bystander
            .command(Command::game(
                EVENT_CHGK,
                ChgkCommand::SubmitCard {
                    question: Q0,
                    text: "после всех".into(),
                },
            ))
            .await?
            .is_ok(),
        "the bystander's card was refused"
    );
    Ok(())
}

#[tokio::test]
async fn web_a_team_sending_a_host_command_is_closed_as_forbidden() -> Result<()> {
    let mut hall = Hall::open(TestServer::in_process()?, 1, test_timing()).await?;
    let web = web_addr(&hall)?;
    let mut intruder = Terminal::connect_web(web, &hall.team_codes[0], false).await?;

    let answer = intruder
        .command(Command::AddJudge {
            name: "самозванец".into(),
        })
        .await;
    let closed = intruder.closed().await?;

    ensure!(answer.is_err(), "the host command was answered: {answer:?}");
    ensure!(closed.code == close::FORBIDDEN, "{closed:?}");
    hall.host.ping().await?;
    Ok(())
}

/// Brain-ring over both paths: table `web_table`'s team presses from the
/// browser's path, the other over QUIC.
#[tokio::test]
async fn web_a_browser_press_and_a_quic_press_are_ordered_by_one_clock() -> Result<()> {
    // Arrange: a round-1 fight of two teams; one table's button is a
    // browser terminal.
    let mut hall = Hall::open(TestServer::in_process()?, 2, test_timing()).await?;
    hall.host
        .ok(Command::game(
            EVENT_RING,
            RingCommand::SetTiming {
                timing: ring_timing(),
            },
        ))
        .await?;
    let pair = [hall.team_ids[0], hall.team_ids[1]];
    let fight = open_first_round(&mut hall.host, pair).await?.id;
    let web = web_addr(&hall)?;
    let mut browser = Terminal::connect_web(web, &hall.team_codes[0], false).await?;

    for (number, browser_first) in [(1u32, true), (2, false)] {
        hall.host
            .ok(Command::game(EVENT_RING, RingCommand::Read { fight }))
            .await?;
        hall.host
            .ok(Command::game(EVENT_RING, RingCommand::Arm { fight }))
            .await?;
        for t in [&mut browser, &mut hall.teams[1]] {
            t.wait_team("armed", |v| {
                own_fight(v).is_some_and(|f| {
                    f.question.as_ref().is_some_and(|q| {
                        q.number == number && matches!(q.phase, ButtonPhase::Armed { .. })
                    })
                })
            })
            .await?;
        }

        // Act: one presses and has its verdict, then the other.
        let (first, second) = if browser_first {
            let first = press(&mut browser).await?;
            (first, press(&mut hall.teams[1]).await?)
        } else {
            let first = press(&mut hall.teams[1]).await?;
            (first, press(&mut browser).await?)
        };

        // Assert: the earlier press won, on one clock.
        ensure!(
            first.kind == PressKind::Won && second.kind == PressKind::Late,
            "question {number}: first {first:?}, second {second:?}"
        );
        ensure!(
            first.arrived_at < second.arrived_at,
            "question {number}: the winner arrived at {:?}, the later press at {:?}",
            first.arrived_at,
            second.arrived_at
        );
        hall.host
            .ok(Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight,
                    correct: true,
                },
            ))
            .await?;
    }
    Ok(())
}

/// A server in this process with `bundle` as its browser files.
fn server_with_bundle(dir: &Path, bundle: &Path) -> Result<ServerHandle> {
    let mut config = ServerConfig::local(dir.join("data"));
    config.listen = "127.0.0.1:0".parse()?;
    config.web_port = Some(0);
    config.web_bundle = Some(bundle.to_path_buf());
    config.busy_poll = false;
    minuta_server::spawn(config).context("starting the server")
}

fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes)?;
    Ok(gz.finish()?)
}

#[tokio::test]
async fn web_the_bundle_is_served_precompressed_and_never_outside_its_folder() -> Result<()> {
    // Arrange: a bundle folder as scripts/build-web.sh writes it: a page, a
    // script and a wasm named by their contents, the wasm only
    // precompressed (gzip and Brotli); a secret beside the folder.
    const WASM: &str = "/minuta_bg-0123456789abcdef.wasm";
    let dir = tempfile::tempdir()?;
    let bundle = dir.path().join("web");
    std::fs::create_dir_all(&bundle)?;
    std::fs::write(dir.path().join("Cargo.toml"), "secret = true")?;
    std::fs::write(bundle.join("index.html"), "<!doctype html><p>Минута</p>")?;
    std::fs::write(
        bundle.join("minuta-fedcba9876543210.js"),
        "export default 1;",
    )?;
    std::fs::write(
        bundle.join("minuta_bg-0123456789abcdef.wasm.gz"),
        gzip(b"\0asm wasm bytes")?,
    )?;
    std::fs::write(
        bundle.join("minuta_bg-0123456789abcdef.wasm.br"),
        b"brotli bytes",
    )?;
    let server = tokio::task::spawn_blocking({
        let (d, b) = (dir.path().to_path_buf(), bundle.clone());
        move || server_with_bundle(&d, &b)
    })
    .await??;
    let web = server
        .ready
        .web_addr
        .ok_or_else(|| anyhow!("no web address"))?;

    // Act and assert: the page, fresh every time.
    let page = get(web, "/", &[]).await?;
    ensure!(page.status == 200, "{page:?}");
    ensure!(page.header("content-type") == Some("text/html; charset=utf-8"));
    ensure!(page.header("cache-control") == Some("no-cache"));
    ensure!(String::from_utf8(page.body)?.contains("Минута"));
    // What the page names is kept a year: a reload fetches nothing else.
    let script = get(web, "/minuta-fedcba9876543210.js", &[]).await?;
    ensure!(script.header("content-type") == Some("text/javascript; charset=utf-8"));
    let year = Some("public, max-age=31536000, immutable");
    ensure!(script.header("cache-control") == year, "{script:?}");
    // The wasm: Brotli where taken (HTTPS browsers), its .gz as it is for
    // a browser that takes gzip (plain http://), unpacked for one that
    // takes neither.
    let brotli = get(web, WASM, &["Accept-Encoding: gzip, deflate, br"]).await?;
    ensure!(brotli.status == 200, "{brotli:?}");
    ensure!(
        brotli.header("content-encoding") == Some("br"),
        "{brotli:?}"
    );
    ensure!(brotli.header("cache-control") == year, "{brotli:?}");
    ensure!(brotli.body == b"brotli bytes");
    let packed = get(web, WASM, &["Accept-Encoding: gzip, deflate"]).await?;
    ensure!(
        packed.header("content-encoding") == Some("gzip"),
        "{packed:?}"
    );
    ensure!(packed.header("content-type") == Some("application/wasm"));
    ensure!(packed.body == gzip(b"\0asm wasm bytes")?);
    let plain = get(web, WASM, &[]).await?;
    ensure!(plain.header("content-encoding").is_none() && plain.body == b"\0asm wasm bytes");
    // Revalidation.
    let etag = packed.header("etag").ok_or_else(|| anyhow!("no ETag"))?;
    let again = get(
        web,
        WASM,
        &["Accept-Encoding: gzip", &format!("If-None-Match: {etag}")],
    )
    .await?;
    ensure!(again.status == 304 && again.body.is_empty(), "{again:?}");
    // Nothing outside the bundle, nothing else, no listing.
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E%2FCargo.toml",
        "/..%2fCargo.toml",
        "/.%2e/Cargo.toml",
        "/web/../Cargo.toml",
        "//etc/passwd",
        "/minuta_bg-0123456789abcdef.wasm.gz/",
        "/missing.js",
        "/snippets/",
    ] {
        let r = get(web, path, &[]).await?;
        ensure!(
            r.status == 404,
            "{path}: {} {:?}",
            r.status,
            String::from_utf8_lossy(&r.body)
        );
        ensure!(
            !String::from_utf8_lossy(&r.body).contains("secret"),
            "{path}"
        );
    }
    // The hall's advert, as the page reads it back.
    let hall = get(web, "/hall", &[]).await?;
    ensure!(hall.header("content-type") == Some("application/json"));
    let txt: std::collections::BTreeMap<String, String> = serde_json::from_slice(&hall.body)?;
    let advert = minuta_shared::lan::Advert::from_txt(|k| txt.get(k).map(String::as_str))
        .map_err(|e| anyhow!("the advert does not read back: {e}"))?;
    ensure!(advert.fingerprint == server.ready.fingerprint);
    ensure!(advert.port == server.ready.local_addr.port());
    drop(server);
    Ok(())
}

#[tokio::test]
async fn web_without_a_bundle_the_page_says_how_to_build_it() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let server = tokio::task::spawn_blocking({
        let d = dir.path().to_path_buf();
        move || server_with_bundle(&d, &d.join("no-such-folder"))
    })
    .await??;
    let web = server
        .ready
        .web_addr
        .ok_or_else(|| anyhow!("no web address"))?;

    let page = get(web, "/", &[]).await?;
    let text = String::from_utf8(page.body)?;

    ensure!(page.status == 503, "status {}", page.status);
    ensure!(
        text.contains("scripts/build-web.sh")
            && text.contains("не собран")
            && text.contains("not built"),
        "{text}"
    );
    ensure!(get(web, "/minuta.js", &[]).await?.status == 404);
    Ok(())
}

#[tokio::test]
async fn web_slow_and_huge_requests_are_closed() -> Result<()> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = TestServer::in_process_with_limits(NetLimits {
        web_header_timeout: Duration::from_millis(300),
        ..NetLimits::default()
    })?;
    let web = server.web_addr.ok_or_else(|| anyhow!("no web address"))?;

    // A header that never ends: closed after the header timeout.
    let mut slow = tokio::net::TcpStream::connect(web).await?;
    slow.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await?;
    let mut rest = Vec::new();
    minuta_tests::within("the slow request to be closed", slow.read_to_end(&mut rest))
        .await?
        .ok();
    ensure!(
        !String::from_utf8_lossy(&rest).contains("200 OK"),
        "{}",
        String::from_utf8_lossy(&rest)
    );

    // A header over the limit: refused and closed.
    let mut huge = tokio::net::TcpStream::connect(web).await?;
    let field = format!("X-Big: {}\r\n", "a".repeat(64 * 1024));
    let _ = huge
        .write_all(format!("GET / HTTP/1.1\r\nHost: x\r\n{field}\r\n").as_bytes())
        .await;
    let mut answer = Vec::new();
    minuta_tests::within(
        "the huge request to be closed",
        huge.read_to_end(&mut answer),
    )
    .await?
    .ok();
    let answer = String::from_utf8_lossy(&answer);
    ensure!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 431"),
        "{answer}"
    );

    // The door still serves.
    ensure!(get(web, "/hall", &[]).await?.status == 200);
    let mut link = WebLink::open(web, server.fingerprint).await?;
    ensure!(matches!(
        link.hello(server.display_code.credential.clone()).await?,
        HelloReply::Welcome(_)
    ));
    link.send(ClientMsg::Ping { client_time_us: 1 }).await?;
    Ok(())
}

#[tokio::test]
async fn web_page_connections_past_the_bound_are_turned_away_and_their_places_come_back()
-> Result<()> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // Arrange: a server that takes two page connections at once.
    let server = TestServer::in_process_with_limits(NetLimits {
        web_connections: 2,
        ..NetLimits::default()
    })?;
    let web = server.web_addr.ok_or_else(|| anyhow!("no web address"))?;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut tcp = tokio::net::TcpStream::connect(web).await?;
        tcp.write_all(b"GET /hall HTTP/1.1\r\nHost: x\r\n\r\n")
            .await?;
        // Read the whole answer: the connection is in, and stays (keep-alive).
        let mut answer = Vec::new();
        while !answer.ends_with(b"}") {
            let mut chunk = [0u8; 1024];
            let n = minuta_tests::within("the answer", tcp.read(&mut chunk)).await??;
            ensure!(n > 0, "closed early: {}", String::from_utf8_lossy(&answer));
            answer.extend_from_slice(&chunk[..n]);
        }
        held.push(tcp);
    }

    // Act: a third connection.
    let refused = get(web, "/hall", &[]).await?;

    // Assert: told to come back (it may only become a browser session);
    // once one leaves, its place comes back.
    ensure!(
        refused.status == 503,
        "the third connection was served: {refused:?}"
    );
    drop(held.pop());
    let back = minuta_tests::within("a place to come back", async {
        loop {
            if let Ok(r) = get(web, "/hall", &[]).await
                && r.status == 200
            {
                return r;
            }
            tokio::task::yield_now().await;
        }
    })
    .await?;
    ensure!(back.status == 200);
    Ok(())
}
