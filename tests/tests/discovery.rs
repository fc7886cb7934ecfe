//! LAN discovery end to end, inside a network namespace this test makes
//! (its loopback with multicast on and a 224.0.0.0/4 route), never on the
//! machine's real network: the server announces itself (`_minuta._udp`),
//! the app's discovery finds it with its advert, a team joins by its short
//! code resolved through it, a wrong short code is refused, a long code
//! whose fingerprint disagrees with the advert is refused, and the server's
//! goodbye takes it off the list. And, on 127.0.0.1 with no multicast,
//! short codes against the server: many wrong ones pause them all.
//!
//! The outer test makes the namespace and runs this binary again inside
//! it (`ip netns exec`) for the inner test, which refuses to run anywhere
//! but a namespace with loopback alone. Where no namespace can be made (no
//! root, no `ip`), the outer test is reported as ignored, the reason in
//! its name's bracket, never as passed: this binary's harness is
//! libtest-mimic, which can decide that at run time.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use anyhow::{Result, bail, ensure};
use libtest_mimic::{Arguments, Failed, Trial};

use minuta_client::discovery::{Discovery, HallEvent};
use minuta_client::shell::native::mdns::browse_hall;
use minuta_server::Ready;
use minuta_shared::identity::Identity;
use minuta_shared::join_code::JoinCode;
use minuta_shared::lan::{self, Found, LanError, ShortCode};
use minuta_shared::wire::handshake::{Credential, HelloReply, Refusal};
use minuta_tests::namespace::{Namespace, only_loopback};
use minuta_tests::terminal::{Link, client_endpoint};
use minuta_tests::{Hall, TestServer, test_timing};

/// Set (to the namespace's name) for the inner test by the outer one.
const INSIDE: &str = "MINUTA_DISCOVERY_NAMESPACE";
const INNER: &str = "inside_a_namespace_a_team_finds_the_server_and_joins_by_its_short_code";
/// How long the hall may take to hear an announcement (mDNS answers within
/// a second; a loaded CI machine gets room).
const HEARD_WITHIN: Duration = Duration::from_secs(15);

/// A namespace with loopback up, multicast on it and routed to it.
fn namespace() -> Result<Namespace> {
    let ns = Namespace::add("minuta-disc")?;
    ns.ip(&["link", "set", "lo", "multicast", "on"])?;
    ns.ip(&["route", "add", "224.0.0.0/4", "dev", "lo"])?;
    Ok(ns)
}

/// Why no network namespace can be made here, if none can (tried once, and
/// the namespace deleted at once).
fn no_namespace() -> Option<String> {
    namespace()
        .err()
        .map(|e| format!("no network namespace here (root and iproute2 needed): {e:#}"))
}

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let outer = Trial::test(
        "the_hall_is_discovered_inside_a_network_namespace_only",
        the_hall_is_discovered_inside_a_network_namespace_only,
    );
    // Inside the namespace (the inner run) there is no outer test to run.
    let outer = if std::env::var_os(INSIDE).is_some() {
        outer.with_ignored_flag(true)
    } else {
        match no_namespace() {
            Some(why) => outer.with_kind(why).with_ignored_flag(true),
            None => outer,
        }
    };
    let trials = vec![
        outer,
        Trial::test(INNER, || {
            inside_a_namespace_a_team_finds_the_server_and_joins_by_its_short_code()
                .map_err(|e| Failed::from(format!("{e:#}")))
        })
        .with_kind("run by the outer test, inside its namespace")
        .with_ignored_flag(true),
        Trial::test(
            "many_wrong_short_codes_pause_them_but_never_the_long_codes",
            || {
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| Failed::from(format!("a runtime: {e}")))?
                    .block_on(many_wrong_short_codes_pause_them_but_never_the_long_codes())
                    .map_err(|e| Failed::from(format!("{e:#}")))
            },
        ),
    ];
    libtest_mimic::run(&args, trials).exit_code()
}

fn the_hall_is_discovered_inside_a_network_namespace_only() -> Result<(), Failed> {
    // Arrange: a namespace of our own.
    let ns = namespace().map_err(|e| Failed::from(format!("{e:#}")))?;

    // Act and assert: the inner test, inside the namespace, passed.
    let said = ns
        .run_inside(INNER, INSIDE)
        .map_err(|e| Failed::from(format!("{e:#}")))?;
    println!("{said}");
    Ok(())
}

/// The next event of discovery that `pick` takes, within [`HEARD_WITHIN`].
fn heard<T>(discovery: &Discovery, mut pick: impl FnMut(HallEvent) -> Option<T>) -> Result<T> {
    let until = Instant::now() + HEARD_WITHIN;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match discovery.events.recv_timeout(left) {
            Ok(HallEvent::Failed(why)) => bail!("discovery failed: {why}"),
            Ok(event) => {
                if let Some(found) = pick(event) {
                    return Ok(found);
                }
            }
            Err(_) => break,
        }
    }
    bail!("nothing heard within {HEARD_WITHIN:?}")
}

/// What the server tells its starter, as the binaries pass it to
/// `minuta_server::lan::advertise`.
fn ready_of(hall: &Hall) -> Ready {
    Ready {
        local_addr: hall.server.addr,
        web_addr: None,
        fingerprint: hall.server.fingerprint,
        certificate_created: false,
        host_code: hall.server.host_code.to_string(),
        display_code: hall.server.display_code.to_string(),
        jury_code: String::new(),
        team_codes: hall
            .team_codes
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("Команда {}", i + 1), c.to_string()))
            .collect(),
        free_teams: 0,
        tournament: "Кубок тестов".into(),
    }
}

async fn greet(code: &JoinCode) -> Result<HelloReply> {
    let endpoint = client_endpoint()?;
    let mut link = Link::open(&endpoint, code.addrs[0], code.fingerprint).await?;
    link.hello(code.credential.clone()).await
}

fn inside_a_namespace_a_team_finds_the_server_and_joins_by_its_short_code() -> Result<()> {
    if std::env::var_os(INSIDE).is_none() {
        println!("discovery: runs only inside the namespace its outer test makes");
        return Ok(());
    }
    only_loopback()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        // Arrange: a hall of two teams, announced; the app's discovery.
        let hall = Hall::open(TestServer::in_process()?, 2, test_timing()).await?;
        let ready = ready_of(&hall);
        let advertiser = minuta_server::lan::advertise(&ready)?;
        let discovery = browse_hall(|| {});

        // Act: the hall hears the server.
        let found: Found = heard(&discovery, |event| match event {
            HallEvent::Found(found) if found.advert.fingerprint == ready.fingerprint => {
                Some(found)
            }
            _ => None,
        })?;

        // Assert: the advert is what a terminal lists, the projector's
        // code comes from it.
        ensure!(found.advert.tournament == "Кубок тестов", "{found:?}");
        ensure!(found.instance == advertiser.fullname(), "{found:?}");
        let display = found.display_code()?;
        ensure!(display.addrs.contains(&hall.server.addr), "{display}");
        ensure!(
            display.credential == hall.server.display_code.credential,
            "{display}"
        );
        let reply = greet(&display).await?;
        ensure!(
            matches!(reply, HelloReply::Welcome(ref w) if w.identity == Identity::Display),
            "{reply:?}"
        );

        // A team types its short code: resolved through the hall, it joins.
        let shorts = ready.short_codes();
        let (_, short) = &shorts[1];
        let typed = short.to_string().to_lowercase().replace('-', " ");
        let code = lan::resolve(&ShortCode::parse(&typed)?, std::slice::from_ref(&found))?;
        let reply = greet(&code).await?;
        ensure!(
            matches!(reply, HelloReply::Welcome(ref w) if w.identity == Identity::Team(hall.team_ids[1])),
            "{reply:?}"
        );

        // A wrong team half is refused.
        let wrong = ShortCode {
            team: if short.team == "0000" { "0001" } else { "0000" }.into(),
            ..short.clone()
        };
        let reply = greet(&found.team_code(&wrong)?).await?;
        ensure!(
            reply == HelloReply::Refused(Refusal::BadSecret),
            "{reply:?}"
        );

        // A long code naming another certificate is refused against the
        // advert: discovery never replaces the pin.
        let forged = JoinCode {
            fingerprint: [0x5a; 32],
            credential: Credential::Display {
                secret: found.advert.display_secret.clone(),
            },
            ..display.clone()
        };
        ensure!(found.confirm(forged) == Err(LanError::PinMismatch));

        // The server says goodbye: the hall forgets it.
        drop(advertiser);
        let gone = heard(&discovery, |event| match event {
            HallEvent::Lost(instance) if instance == found.instance => Some(()),
            _ => None,
        });
        ensure!(gone.is_ok(), "the goodbye was not heard: {gone:?}");
        println!("discovery: found, joined by short code, refused a wrong one, heard the goodbye");
        Ok(())
    })
}

/// Many wrong short codes, from any address, pause short codes for the
/// rest of the minute; the right one is then refused too, a long code not.
async fn many_wrong_short_codes_pause_them_but_never_the_long_codes() -> Result<()> {
    use minuta_server::core::short_codes::MISSES_PER_WINDOW;

    // Arrange: two teams; the first one's short code.
    let hall = Hall::open(TestServer::in_process()?, 2, test_timing()).await?;
    let Credential::Team { secret, .. } = &hall.team_codes[0].credential else {
        bail!("a team code")
    };
    let right = lan::team_half(secret);
    let short = |code: &str| JoinCode {
        credential: Credential::ShortTeam { code: code.into() },
        ..hall.team_codes[0].clone()
    };
    let halves: Vec<String> = hall
        .team_codes
        .iter()
        .filter_map(|c| match &c.credential {
            Credential::Team { secret, .. } => Some(lan::team_half(secret)),
            _ => None,
        })
        .collect();
    let wrong: Vec<String> = ["0000", "0001", "0002"]
        .into_iter()
        .filter(|w| !halves.iter().any(|h| h == w))
        .map(String::from)
        .collect();
    let first = greet(&short(&right)).await?;
    ensure!(
        matches!(first, HelloReply::Welcome(ref w) if w.identity == Identity::Team(hall.team_ids[0])),
        "{first:?}"
    );

    // Act: wrong short codes until the budget is spent.
    for i in 0..MISSES_PER_WINDOW as usize {
        let reply = greet(&short(&wrong[i % wrong.len()])).await?;
        ensure!(
            reply == HelloReply::Refused(Refusal::BadSecret),
            "{i}: {reply:?}"
        );
    }

    // Assert: the right short code is paused; the long code still joins.
    let paused = greet(&short(&right)).await?;
    ensure!(
        paused == HelloReply::Refused(Refusal::ShortCodesPaused),
        "{paused:?}"
    );
    let long = greet(&hall.team_codes[0]).await?;
    ensure!(
        matches!(long, HelloReply::Welcome(ref w) if w.identity == Identity::Team(hall.team_ids[0])),
        "{long:?}"
    );
    Ok(())
}
