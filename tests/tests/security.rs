//! Who may do what, and hostile bytes, over QUIC on a simulated network, on virtual time: identity is bound at the handshake (a team only ever acts as itself and is never the host), the certificate is pinned, another protocol version gets a typed refusal, and a frame that is malformed, oversized or forbidden closes only its sender's connection while the server serves everyone else. Hostile connections (issue 14): a stranger that has not logged in gets one stream and a small window, a frame left half-sent after login is closed as stalled, and a connection closed for a violation learns why even when a large view was on its way.

use std::future::Future;
use std::task::Poll;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail, ensure};
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK, Verdict};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameReceipt;

use minuta_client::shell::native::net::quic::pinned_client_config;
use minuta_server::net::NetLimits;
use minuta_server::net::limits::PRE_LOGIN_WINDOW;
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::codec::{self, MAX_FRAME_BYTES, MAX_TERMINAL_FRAME_BYTES};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::handshake::{Credential, Hello, HelloReply, Refusal};
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::{PROTOCOL_VERSION, close};
use minuta_tests::hall::judging_of;
use minuta_tests::terminal::{Link, client_endpoint, quic_connect, within};
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);

/// Five teams and a display; question 1 is announced, so cards are accepted.
async fn hall() -> Result<Hall> {
    let mut hall = Hall::open(TestServer::simulated().await?, 5, test_timing()).await?;
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question: Q0 },
        ))
        .await?;
    Ok(hall)
}

/// The server still serves everyone else: the host and the display answer
/// pings, team `index` hands in a card, and a brand-new terminal can join.
async fn everyone_else_carries_on(hall: &mut Hall, index: usize) -> Result<()> {
    hall.host.ping().await?;
    hall.display.ping().await?;
    let receipt = hall.teams[index]
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: format!("ответ {index}"),
            },
        ))
        .await?;
    ensure!(
        matches!(
            receipt,
            Receipt::Game {
                game: EVENT_CHGK,
                receipt: GameReceipt::Chgk(ChgkReceipt::Card { late: false, .. })
            }
        ),
        "{receipt:?}"
    );
    let mut fresh = Terminal::connect(&hall.server.display_code).await?;
    fresh
        .wait_display("a view for a new display", |_| true)
        .await?;
    Ok(())
}

/// Opens a raw link to the hall's server (pinned, not greeted).
async fn link(hall: &Hall) -> Result<Link> {
    Link::open(
        &client_endpoint()?,
        hall.server.addr,
        hall.server.fingerprint,
    )
    .await
}

fn secret_of(code: &JoinCode) -> String {
    match &code.credential {
        Credential::Team { secret, .. }
        | Credential::Host { secret }
        | Credential::Display { secret }
        | Credential::Jury { secret }
        | Credential::Judge { secret, .. }
        | Credential::Slice { secret, .. } => secret.clone(),
        Credential::ShortTeam { code } => code.clone(),
    }
}

/// A greeting is refused with `want`, and the connection closes as refused.
async fn assert_refused(hall: &Hall, credential: Credential, want: Refusal) -> Result<()> {
    let mut link = link(hall).await?;
    let reply = link.hello(credential.clone()).await?;
    ensure!(
        reply == HelloReply::Refused(want.clone()),
        "{credential:?}: {reply:?}, wanted {want:?}"
    );
    let closed = link.closed().await?;
    ensure!(
        closed.code == close::REFUSED && closed.reason == want.to_string(),
        "{closed:?}"
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn identity_3_a_team_cannot_act_as_another_team() -> Result<()> {
    let mut hall = hall().await?;
    let (a, b) = (hall.team_ids[0], hall.team_ids[1]);
    let secret_b = secret_of(&hall.team_codes[1]);

    // Team A's id with team B's secret; an id nobody has; a team's secret
    // offered as the host's or the display's.
    assert_refused(
        &hall,
        Credential::Team {
            team: a,
            secret: secret_b.clone(),
        },
        Refusal::BadSecret,
    )
    .await?;
    assert_refused(
        &hall,
        Credential::Team {
            team: TeamId(999),
            secret: secret_b.clone(),
        },
        Refusal::UnknownMember,
    )
    .await?;
    assert_refused(
        &hall,
        Credential::Host {
            secret: secret_b.clone(),
        },
        Refusal::BadSecret,
    )
    .await?;
    assert_refused(
        &hall,
        Credential::Display { secret: secret_b },
        Refusal::BadSecret,
    )
    .await?;

    // A card carries no team id: it is always the sender's own.
    hall.teams[1]
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "ответ Б".into(),
            },
        ))
        .await?;
    let host = hall
        .host
        .wait_host("team B's card", |v| {
            judging_of(v, Q0).is_some_and(|j| !j.groups.is_empty())
        })
        .await?;
    let groups = &judging_of(&host, Q0)
        .ok_or_else(|| anyhow!("no judging"))?
        .groups;
    ensure!(
        groups.len() == 1
            && groups[0].teams == vec![b]
            && groups[0].spellings == vec!["ответ Б".to_owned()],
        "{groups:?}"
    );
    ensure!(!groups[0].teams.contains(&a));

    everyone_else_carries_on(&mut hall, 0).await
}

#[tokio::test(start_paused = true)]
async fn identity_3_a_team_sending_a_host_command_is_cut_off_and_the_others_carry_on() -> Result<()>
{
    let mut hall = hall().await?;

    // A team gives «Время»; another marks an answer; the display hands in a card.
    hall.teams[0]
        .send_command(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
        .await?;
    let start = hall.teams[0].closed().await?;
    hall.teams[1]
        .send_command(Command::game(
            EVENT_CHGK,
            ChgkCommand::Judge {
                question: Q0,
                group: "x".into(),
                verdict: Verdict::Correct,
            },
        ))
        .await?;
    let judge = hall.teams[1].closed().await?;
    hall.display
        .send_command(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "табло".into(),
            },
        ))
        .await?;
    let card = hall.display.closed().await?;

    ensure!(
        start.code == close::FORBIDDEN && start.reason.contains("StartMinute"),
        "{start:?}"
    );
    ensure!(
        judge.code == close::FORBIDDEN && judge.reason.contains("Judge"),
        "{judge:?}"
    );
    ensure!(
        card.code == close::FORBIDDEN && !card.reason.contains("табло"),
        "the reason never repeats a card's text: {card:?}"
    );

    // Nothing happened: the minute has not started, no card was stored.
    hall.host.ping().await?;
    let host = hall.host.wait_host("a view", |_| true).await?;
    ensure!(
        host.event_chgk().clock.phase == Phase::Announced
            && host.event_chgk().clock.started_at.is_none(),
        "{:?}",
        host.event_chgk().clock
    );
    ensure!(
        judging_of(&host, Q0).is_none_or(|j| j.groups.is_empty()),
        "{:?}",
        host.event_chgk().judging
    );

    let mut display = Terminal::connect(&hall.server.display_code).await?;
    display.ping().await?;
    hall.display = display;
    everyone_else_carries_on(&mut hall, 2).await
}

#[tokio::test(start_paused = true)]
async fn tls_a_wrong_fingerprint_is_refused_by_the_terminal() -> Result<()> {
    let mut hall = hall().await?;
    let mut wrong = hall.server.fingerprint;
    wrong[0] ^= 0xff;

    let (config, mismatch) = pinned_client_config(wrong)?;
    let got = quic_connect(&client_endpoint()?, hall.server.addr, config).await?;

    let Err(error) = got else {
        bail!("a server with another certificate was accepted")
    };
    ensure!(
        matches!(error, quinn::ConnectionError::TransportError(_)),
        "a TLS failure, not a timeout: {error:?}"
    );
    ensure!(error.to_string().contains("certificate"), "{error}");
    ensure!(
        mismatch.load(std::sync::atomic::Ordering::SeqCst),
        "the pin, not something else, refused it: {error}"
    );
    let code = JoinCode {
        fingerprint: wrong,
        ..hall.server.host_code.clone()
    };
    ensure!(
        Terminal::connect(&code).await.is_err(),
        "a join code with a wrong fingerprint never joins"
    );

    everyone_else_carries_on(&mut hall, 0).await
}

#[tokio::test(start_paused = true)]
async fn handshake_a_version_mismatch_is_refused_with_a_typed_reason() -> Result<()> {
    let mut hall = hall().await?;
    let host = hall.server.host_code.credential.clone();
    let hello = |protocol| Hello {
        protocol,
        credential: host.clone(),
        client: "future".into(),
    };

    // A terminal of the next protocol, whole envelope and greeting.
    let mut future = link(&hall).await?;
    future
        .send_envelope(&Envelope {
            version: PROTOCOL_VERSION + 1,
            seq: 0,
            body: hello(PROTOCOL_VERSION + 1),
        })
        .await?;
    let reply = future.read::<HelloReply>().await?;
    ensure!(
        reply.body
            == HelloReply::Refused(Refusal::VersionMismatch {
                server: PROTOCOL_VERSION,
                client: PROTOCOL_VERSION + 1
            }),
        "{reply:?}"
    );
    let closed = future.closed().await?;
    ensure!(
        closed.code == close::REFUSED && closed.reason.contains("version"),
        "{closed:?}"
    );

    // An envelope of the next version whose body this build cannot even
    // decode (a version under 251 is one byte in bincode's varint).
    let next = u8::try_from(PROTOCOL_VERSION + 1)?;
    let mut stranger = link(&hall).await?;
    stranger
        .send_bytes(&[5, 0, 0, 0, next, 0, 0xff, 0xff, 0xff])
        .await?;
    let reply = stranger.read::<HelloReply>().await?;
    ensure!(
        reply.body
            == HelloReply::Refused(Refusal::VersionMismatch {
                server: PROTOCOL_VERSION,
                client: u16::from(next)
            }),
        "{reply:?}"
    );

    // The greeting names another protocol inside a current envelope.
    let other = PROTOCOL_VERSION + 3;
    let mut odd = link(&hall).await?;
    odd.send(hello(other)).await?;
    let reply = odd.read::<HelloReply>().await?;
    ensure!(
        reply.body
            == HelloReply::Refused(Refusal::VersionMismatch {
                server: PROTOCOL_VERSION,
                client: other
            }),
        "{reply:?}"
    );

    // A greeted terminal that switches envelope version is cut off.
    let switch = Envelope {
        version: PROTOCOL_VERSION + 1,
        seq: 1,
        body: ClientMsg::Ping { client_time_us: 1 },
    };
    hall.teams[4]
        .send_raw(&codec::encode_frame(&switch)?)
        .await?;
    let closed = hall.teams[4].closed().await?;
    ensure!(closed.code == close::VERSION, "{closed:?}");

    everyone_else_carries_on(&mut hall, 0).await
}

/// A 9-byte payload claiming a 1 TiB collection: varint marker 0xFD, then
/// 2^40 as a little-endian u64.
fn one_tebibyte_claim() -> Vec<u8> {
    let mut claim = vec![0xFD];
    claim.extend_from_slice(&(1u64 << 40).to_le_bytes());
    claim
}

fn framed(payload: &[u8]) -> Result<Vec<u8>> {
    let mut frame = u32::try_from(payload.len())?.to_le_bytes().to_vec();
    frame.extend_from_slice(payload);
    Ok(frame)
}

#[tokio::test(start_paused = true)]
async fn codec_a_9_byte_frame_claiming_1_tib_closes_only_that_connection() -> Result<()> {
    let mut hall = hall().await?;
    let nine = framed(&one_tebibyte_claim())?;
    ensure!(nine.len() == 13 && nine[..4] == [9, 0, 0, 0]);

    // After the handshake, exactly the 9 bytes.
    hall.teams[0].send_raw(&nine).await?;
    let closed = hall.teams[0].closed().await?;
    ensure!(
        closed.code == close::MALFORMED || closed.code == close::OVERSIZED,
        "{closed:?}"
    );

    // A well-formed card whose text claims 1 TiB: bincode's own limit stops it.
    let card = Envelope::new(
        1,
        ClientMsg::Command {
            request: 1,
            command: Command::game(
                EVENT_CHGK,
                ChgkCommand::SubmitCard {
                    question: Q0,
                    text: String::new(),
                },
            ),
        },
    );
    let mut payload = codec::encode(&card)?;
    ensure!(
        payload.pop() == Some(0),
        "an empty text ends the payload with its length 0"
    );
    payload.extend_from_slice(&one_tebibyte_claim());
    hall.teams[1].send_raw(&framed(&payload)?).await?;
    let closed = hall.teams[1].closed().await?;
    ensure!(
        closed.code == close::MALFORMED || closed.code == close::OVERSIZED,
        "{closed:?}"
    );

    // The same 9 bytes instead of a greeting.
    let mut stranger = link(&hall).await?;
    stranger.send_bytes(&nine).await?;
    let reply = stranger.read::<HelloReply>().await?;
    ensure!(
        reply.body == HelloReply::Refused(Refusal::NotAHello),
        "{reply:?}"
    );
    ensure!(stranger.closed().await?.code == close::REFUSED);

    everyone_else_carries_on(&mut hall, 2).await
}

#[tokio::test(start_paused = true)]
async fn codec_an_oversized_length_prefix_is_refused_before_its_payload() -> Result<()> {
    let mut hall = hall().await?;

    // Only a length prefix is sent, never a payload: the server decides on
    // the prefix alone, without waiting for (or allocating) the payload.
    let team_prefix = u32::try_from(MAX_TERMINAL_FRAME_BYTES + 1)?.to_le_bytes();
    hall.teams[0].send_raw(&team_prefix).await?;
    let closed = hall.teams[0].closed().await?;
    ensure!(closed.code == close::OVERSIZED, "{closed:?}");

    // The host may send whole packages, but not more than its limit.
    let host_prefix = u32::try_from(MAX_FRAME_BYTES + 1)?.to_le_bytes();
    hall.host.send_raw(&host_prefix).await?;
    ensure!(hall.host.closed().await?.code == close::OVERSIZED);

    // 4 GiB announced as a greeting.
    let mut stranger = link(&hall).await?;
    stranger.send_bytes(&u32::MAX.to_le_bytes()).await?;
    ensure!(stranger.closed().await?.code == close::OVERSIZED);

    hall.host = Terminal::connect(&hall.server.host_code).await?;
    everyone_else_carries_on(&mut hall, 1).await
}

#[tokio::test(start_paused = true)]
async fn codec_trailing_bytes_in_a_frame_close_the_connection() -> Result<()> {
    let mut hall = hall().await?;
    let mut payload = codec::encode(&Envelope::new(1, ClientMsg::Ping { client_time_us: 7 }))?;
    payload.push(0);

    hall.teams[0].send_raw(&framed(&payload)?).await?;

    let closed = hall.teams[0].closed().await?;
    ensure!(
        closed.code == close::MALFORMED && closed.reason.contains("trailing"),
        "{closed:?}"
    );
    everyone_else_carries_on(&mut hall, 1).await
}

/// The test's own bounds: a half-sent frame is closed after half a second
/// (no test waits out the real 10 s).
fn quick_limits() -> NetLimits {
    NetLimits {
        frame_timeout: Duration::from_millis(500),
        ..NetLimits::default()
    }
}

/// Whether `fut` is still pending after one poll (deterministic: nothing
/// is waited for).
async fn pending_now<F: Future>(fut: F) -> bool {
    let mut fut = std::pin::pin!(fut);
    std::future::poll_fn(|cx| Poll::Ready(fut.as_mut().poll(cx).is_pending())).await
}

#[tokio::test(start_paused = true)]
async fn unauthenticated_a_stranger_gets_one_stream_and_a_small_window() -> Result<()> {
    let server = TestServer::simulated().await?;
    let endpoint = client_endpoint()?;

    // Connected, not greeted: the one stream is open (it carries the
    // greeting), and the server's transport parameters allow no other.
    let mut stranger = Link::open(&endpoint, server.addr, server.fingerprint).await?;
    ensure!(
        pending_now(stranger.conn.open_bi()).await,
        "a second bidirectional stream was granted before login"
    );
    ensure!(
        pending_now(stranger.conn.open_uni()).await,
        "a unidirectional stream was granted"
    );

    // quinn accepts a write only up to the peer's flow-control credit: what
    // the server lets a stranger park in its memory.
    let flood = vec![0xAB; 1 << 20];
    let accepted = within("a write", stranger.send.write(&flood))
        .await?
        .context("writing")?;
    ensure!(
        accepted <= PRE_LOGIN_WINDOW as usize,
        "a stranger could send {accepted} bytes ahead of the server's reading"
    );
    // 0xABABABAB announced as a greeting's length.
    ensure!(stranger.closed().await?.code == close::OVERSIZED);

    // Once logged in, the host gets the window a package upload needs.
    let mut host = Link::open(&endpoint, server.addr, server.fingerprint).await?;
    let welcome = host.hello(server.host_code.credential.clone()).await?;
    ensure!(matches!(welcome, HelloReply::Welcome(_)), "{welcome:?}");
    let announced = 512 * 1024u32;
    host.send_bytes(&announced.to_le_bytes()).await?;
    let body = vec![0u8; announced as usize];
    let accepted = within("a write", host.send.write(&body))
        .await?
        .context("writing")?;
    ensure!(
        accepted > PRE_LOGIN_WINDOW as usize,
        "the host's window was not raised at login: {accepted} bytes"
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn a_half_sent_frame_after_login_is_closed_as_stalled() -> Result<()> {
    let server = TestServer::simulated_with_limits(quick_limits()).await?;
    let mut host = Terminal::connect(&server.host_code).await?;
    let mut display = Terminal::connect(&server.display_code).await?;
    display.ping().await?;

    // A length prefix for 100 bytes, then 10 of them, then nothing.
    let mut half = 100u32.to_le_bytes().to_vec();
    half.extend_from_slice(&[0; 10]);
    host.send_raw(&half).await?;
    let closed = host.closed().await?;
    ensure!(
        closed.code == close::STALLED && closed.reason.contains("not finished"),
        "{closed:?}"
    );

    // Idle between frames is not stalling: the display, quiet for longer
    // than the frame timeout, is still served.
    tokio::time::sleep(quick_limits().frame_timeout + Duration::from_millis(200)).await;
    display.ping().await?;
    ensure!(
        display
            .connection()
            .is_some_and(|c| c.close_reason().is_none())
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn violation_the_close_reaches_a_host_whose_first_view_is_on_its_way() -> Result<()> {
    // The loaded package makes the host's view tens of KB: more than a new
    // connection's congestion window.
    let mut hall = hall().await?;

    for attempt in 0..3 {
        let mut host = link(&hall).await?;
        let welcome = host.hello(hall.server.host_code.credential.clone()).await?;
        ensure!(matches!(welcome, HelloReply::Welcome(_)), "{welcome:?}");
        // The view is queued behind the welcome; without reading it, a
        // frame that cannot be decoded.
        host.send_bytes(&framed(&[0xff; 8])?).await?;
        let closed = host
            .closed()
            .await
            .with_context(|| format!("attempt {attempt}"))?;
        ensure!(closed.code == close::MALFORMED, "{closed:?}");
    }

    // A terminal quiet for a while after joining, then a forbidden
    // command: the FORBIDDEN close, not a reset.
    let mut fresh = Terminal::connect(&hall.team_codes[3]).await?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    fresh
        .send_command(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
        .await?;
    let closed = fresh.closed().await?;
    ensure!(
        closed.code == close::FORBIDDEN && closed.reason.contains("StartMinute"),
        "{closed:?}"
    );

    everyone_else_carries_on(&mut hall, 0).await
}
