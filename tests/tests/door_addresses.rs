//! The browsers' door's bounds by address, which spare loopback and so
//! cannot be seen from 127.0.0.1: inside a network namespace this test
//! makes, with addresses of its own on its loopback interface (10.215.0.x,
//! never the machine's network), one address past its share of stalled
//! handshakes, of sessions or of page connections is turned away while
//! another address still gets in.
//!
//! The outer test makes the namespace and runs this binary again inside
//! it (`ip netns exec`) for the inner test, which refuses to run anywhere
//! but a namespace with loopback alone. Where no namespace can be made (no
//! root, no `ip`), the outer test is reported as ignored, the reason in
//! its name's bracket, never as passed (libtest-mimic decides that at run
//! time).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail, ensure};
use libtest_mimic::{Arguments, Failed, Trial};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use minuta_server::net::NetLimits;
use minuta_server::{ServerConfig, ServerHandle};
use minuta_shared::join_code::JoinCode;
use minuta_shared::wire::handshake::HelloReply;
use minuta_tests::namespace::{Namespace, only_loopback};
use minuta_tests::web_terminal::{RawSocket, WebLink, parse_response, tcp_from};
use minuta_tests::within;

/// Set (to the namespace's name) for the inner test by the outer one.
const INSIDE: &str = "MINUTA_DOOR_NAMESPACE";
const INNER: &str =
    "inside_a_namespace_one_address_past_its_share_is_turned_away_and_others_get_in";

/// The server's address and the hall's, all on the namespace's loopback.
const SERVER: Ipv4Addr = Ipv4Addr::new(10, 215, 0, 1);
fn hall(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(10, 215, 0, 10 + n))
}

/// A namespace whose loopback carries the server's address and the hall's.
fn namespace() -> Result<Namespace> {
    let ns = Namespace::add("minuta-door")?;
    ns.ip(&["addr", "add", "10.215.0.1/24", "dev", "lo"])?;
    for n in 0..8 {
        ns.ip(&["addr", "add", &format!("{}/32", hall(n)), "dev", "lo"])?;
    }
    Ok(ns)
}

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let outer = Trial::test(
        "the_door_bounds_each_address_inside_a_network_namespace",
        the_door_bounds_each_address_inside_a_network_namespace,
    );
    let outer = if std::env::var_os(INSIDE).is_some() {
        outer.with_ignored_flag(true)
    } else {
        match namespace() {
            Ok(_) => outer,
            Err(e) => outer
                .with_kind(format!(
                    "no network namespace here (root and iproute2 needed): {e:#}"
                ))
                .with_ignored_flag(true),
        }
    };
    let trials = vec![
        outer,
        Trial::test(INNER, || {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .map_err(|e| Failed::from(format!("a runtime: {e}")))?
                .block_on(inside_a_namespace())
                .map_err(|e| Failed::from(format!("{e:#}")))
        })
        .with_kind("run by the outer test, inside its namespace")
        .with_ignored_flag(true),
    ];
    libtest_mimic::run(&args, trials).exit_code()
}

fn the_door_bounds_each_address_inside_a_network_namespace() -> Result<(), Failed> {
    let ns = namespace().map_err(|e| Failed::from(format!("{e:#}")))?;
    let said = ns
        .run_inside(INNER, INSIDE)
        .map_err(|e| Failed::from(format!("{e:#}")))?;
    println!("{said}");
    Ok(())
}

fn server() -> Result<(ServerHandle, tempfile::TempDir, SocketAddr, JoinCode)> {
    let dir = tempfile::tempdir()?;
    let mut config = ServerConfig::local(dir.path().join("data"));
    config.listen = SocketAddr::new(IpAddr::V4(SERVER), 0);
    config.web_port = Some(0);
    config.busy_poll = false;
    config.net = NetLimits {
        web_handshakes_per_address: 2,
        web_sessions_per_address: 4,
        web_connections_per_address: 3,
        web_handshake_timeout: Duration::from_secs(60),
        ..NetLimits::default()
    };
    let handle = minuta_server::spawn(config).context("starting the server")?;
    let web = handle
        .ready
        .web_addr
        .ok_or_else(|| anyhow!("the server listens for no browser"))?;
    let code = JoinCode::parse(&handle.ready.display_code)?;
    Ok((handle, dir, web, code))
}

/// The projector's code joins over the browser's path from `from`.
async fn joins(from: IpAddr, web: SocketAddr, code: &JoinCode) -> Result<WebLink> {
    let mut link = WebLink::open_from(Some(from), web, code.fingerprint).await?;
    match link.hello(code.credential.clone()).await? {
        HelloReply::Welcome(_) => Ok(link),
        HelloReply::Refused(r) => bail!("refused: {r}"),
    }
}

/// A page connection from `from` that asked for `/hall` and keeps alive:
/// the status it was answered with.
async fn page(from: IpAddr, web: SocketAddr) -> Result<(u16, tokio::net::TcpStream)> {
    let mut tcp = tcp_from(Some(from), web).await?;
    tcp.write_all(b"GET /hall HTTP/1.1\r\nHost: x\r\n\r\n")
        .await?;
    let mut answer = Vec::new();
    let status = within("a page's answer", async {
        loop {
            let mut chunk = [0u8; 1024];
            let n = tcp.read(&mut chunk).await?;
            anyhow::ensure!(n > 0, "closed unanswered");
            answer.extend_from_slice(&chunk[..n]);
            if let Ok(r) = parse_response(&answer)
                && r.body.len()
                    >= r.header("content-length")
                        .and_then(|l| l.parse().ok())
                        .unwrap_or(0)
            {
                return anyhow::Ok(r.status);
            }
        }
    })
    .await??;
    Ok((status, tcp))
}

async fn inside_a_namespace() -> Result<()> {
    only_loopback()?;
    let (_server, _dir, web, code) = server()?;

    // Stalled handshakes: an address holds two; its third is turned away,
    // and another address still gets in.
    let _stalled = [
        RawSocket::open_from(Some(hall(0)), web).await?,
        RawSocket::open_from(Some(hall(0)), web).await?,
    ];
    let third = RawSocket::open_from(Some(hall(0)), web).await;
    ensure!(
        third.is_err(),
        "a third stalled handshake from one address got in"
    );
    joins(hall(1), web, &code)
        .await
        .context("another address")?;

    // Sessions: an address holds four; its fifth is turned away, and
    // another address still gets in.
    let mut kept = Vec::new();
    for _ in 0..4 {
        kept.push(joins(hall(2), web, &code).await?);
    }
    ensure!(
        joins(hall(2), web, &code).await.is_err(),
        "a fifth session from one address got in"
    );
    kept.push(
        joins(hall(3), web, &code)
            .await
            .context("another address")?,
    );

    // Pages: an address holds three; its fourth may only become a session.
    let mut pages = Vec::new();
    for _ in 0..3 {
        let (status, tcp) = page(hall(4), web).await?;
        ensure!(status == 200, "{status}");
        pages.push(tcp);
    }
    let (status, _) = page(hall(4), web).await?;
    ensure!(status == 503, "a fourth page from one address: {status}");
    let (status, _) = page(hall(5), web).await?;
    ensure!(status == 200, "another address's page: {status}");
    Ok(())
}
