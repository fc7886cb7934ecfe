//! Views as patches over QUIC on virtual time (issue 16): a terminal gets
//! a whole view on connect, then patches of it; a terminal whose last view
//! is not a patch's base asks and gets a whole view; and the bytes a host
//! receives while a hall joins, as patches against as whole views.

use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::wire::client::ClientMsg;
use minuta_shared::wire::codec;
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::handshake::HelloReply;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{HostView, View};
use minuta_shared::wire::view_stream::{Intake, ViewStream};
use minuta_tests::hall::{register_teams, set_up_tournament, team_codes, team_name};
use minuta_tests::terminal::client_endpoint;
use minuta_tests::{Link, Terminal, TestServer, test_timing, within};

/// A host's raw link: every payload as sent, and the views they stand for.
struct Watcher {
    link: Link,
    views: ViewStream,
    /// Bytes of frames received as sent, and as they would have been had
    /// every view been sent whole.
    sent: usize,
    whole: usize,
}

/// One frame as the watcher saw it.
enum Seen {
    /// A view: whether it came whole (not as a patch), and the view.
    View {
        whole: bool,
        view: Box<View>,
    },
    OutOfStep,
    Other,
}

impl Watcher {
    async fn join(server: &TestServer) -> Result<Watcher> {
        let endpoint = client_endpoint()?;
        let mut link = Link::open(&endpoint, server.addr, server.fingerprint).await?;
        match link.hello(server.host_code.credential.clone()).await? {
            HelloReply::Welcome(_) => {}
            HelloReply::Refused(refusal) => bail!("the host was refused: {refusal}"),
        }
        Ok(Watcher {
            link,
            views: ViewStream::new(),
            sent: 0,
            whole: 0,
        })
    }

    async fn next(&mut self) -> Result<Seen> {
        let payload = self.link.read_payload().await?;
        self.sent += payload.len() + 4;
        let whole = codec::peek_variant(&payload) == Some(ServerMsg::VIEW_VARIANT);
        let payload = match self.views.receive(payload) {
            Intake::Frame(payload) => payload,
            Intake::OutOfStep(_) => return Ok(Seen::OutOfStep),
            Intake::Skipped => return Ok(Seen::Other),
        };
        self.whole += payload.len() + 4;
        match codec::decode::<Envelope<ServerMsg>>(&payload)?.body {
            ServerMsg::View(view) => Ok(Seen::View { whole, view }),
            _ => Ok(Seen::Other),
        }
    }

    /// Reads until a view satisfies `pred`; returns it and whether it came whole.
    async fn until(
        &mut self,
        what: &str,
        pred: impl Fn(&HostView) -> bool,
    ) -> Result<(bool, HostView)> {
        within(what, async {
            loop {
                if let Seen::View { whole, view } = self.next().await?
                    && let View::Host(host) = *view
                    && pred(&host)
                {
                    return Ok((whole, host));
                }
            }
        })
        .await?
    }
}

#[tokio::test(start_paused = true)]
async fn a_host_gets_a_whole_view_then_patches_and_a_whole_view_again_when_out_of_step()
-> Result<()> {
    // Arrange: a server, its host terminal, and a second host connection
    // that reads raw frames.
    let server = TestServer::simulated().await?;
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Патчи", test_timing()).await?;
    let mut watcher = Watcher::join(&server).await?;

    // Act & assert: the first view is whole.
    let (whole, _) = watcher.until("the first view", |_| true).await?;
    ensure!(whole, "the first view after connecting came as a patch");

    // Each registration changes a row: a patch, far smaller than the view.
    for i in 0..30 {
        register_teams(&mut host, &[team_name(i)]).await?;
    }
    let (whole, view) = watcher.until("30 teams", |v| v.teams.len() == 30).await?;
    ensure!(!whole, "a registration was sent as a whole view");
    let view_bytes = codec::encode(&View::Host(view))?.len();
    ensure!(
        watcher.sent * 3 < watcher.whole,
        "patches took {} bytes, whole views would have taken {} (a view is {view_bytes} bytes)",
        watcher.sent,
        watcher.whole
    );

    // A forced miss: the watcher loses its last view, so the next patch
    // does not fit; it asks, and the next view comes whole.
    watcher.views.forget();
    register_teams(&mut host, &[team_name(30)]).await?;
    within("a patch out of step", async {
        loop {
            if let Seen::OutOfStep = watcher.next().await? {
                return anyhow::Ok(());
            }
        }
    })
    .await??;
    watcher.link.send(ClientMsg::WholeView).await?;
    let (whole, _) = watcher.until("the view asked for", |_| true).await?;
    ensure!(whole, "the view asked for came as a patch");
    // Back in step: patches apply again.
    register_teams(&mut host, &[team_name(31)]).await?;
    let (whole, _) = watcher.until("32 teams", |v| v.teams.len() == 32).await?;
    ensure!(!whole, "not back to patches");
    Ok(())
}

/// The figure for issue 16: the bytes the host receives while `TEAMS`
/// terminals join, as sent (patches) and as whole views would have cost
/// (the same views, each whole). Printed; not a timing.
#[tokio::test(start_paused = true)]
async fn a_hall_joining_costs_the_host_patches_not_whole_views() -> Result<()> {
    const TEAMS: usize = 300;
    let server = TestServer::simulated().await?;
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Сбор", test_timing()).await?;
    let names: Vec<String> = (0..TEAMS).map(team_name).collect();
    let teams = register_teams(&mut host, &names).await?;
    let codes = team_codes(&mut host, &teams).await?;
    let mut watcher = Watcher::join(&server).await?;
    watcher
        .until("every team registered", |v| v.teams.len() == TEAMS)
        .await?;
    let (sent_before, whole_before) = (watcher.sent, watcher.whole);

    // Act: every team joins (a few at a time, as a hall does).
    let endpoint = client_endpoint()?;
    let joining = tokio::spawn(async move {
        let mut terminals = Vec::with_capacity(codes.len());
        for code in &codes {
            terminals.push(Terminal::connect_on(&endpoint, code, false).await?);
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        anyhow::Ok(terminals)
    });
    let (_, view) = watcher
        .until("every team connected", |v| {
            v.teams.iter().filter(|t| t.connected).count() == TEAMS
        })
        .await?;
    let mut terminals = joining.await.context("the joining task")??;

    // Assert: patches cost a small part of what whole views would have.
    let sent = watcher.sent - sent_before;
    let whole = watcher.whole - whole_before;
    let view_bytes = codec::encode(&View::Host(view))?.len();
    eprintln!(
        "{TEAMS} teams joining: the host received {sent} bytes as patches, \
         {whole} bytes had every view been whole ({:.1}× less; a host view is {view_bytes} bytes)",
        whole as f64 / sent.max(1) as f64
    );
    ensure!(
        sent * 5 < whole,
        "patches {sent} bytes against {whole} whole"
    );
    let mut team = terminals.pop().ok_or_else(|| anyhow!("no team joined"))?;
    let team_view = team.next_view().await?;
    eprintln!(
        "a team's view is {} bytes: what the server keeps per team terminal to patch the next",
        codec::encode(&team_view)?.len()
    );
    host.latest_view()
        .ok_or_else(|| anyhow!("the host has no view"))?;
    Ok(())
}

/// The app's own network task follows a host's view through patches: the
/// registrations its state shows are the server's.
// On real sockets and the real clock: the app's network task has a thread
// and a runtime of its own.
#[tokio::test]
async fn the_apps_host_view_follows_the_patches() -> Result<()> {
    use minuta_client::i18n::Lang;
    use minuta_client::net::EventSink;
    use minuta_client::shell::native::net::{NetHandle, local_now_us};
    use minuta_client::state::{AppState, reduce};
    use std::sync::{Arc, mpsc};

    // Arrange: the app joins as the host; a test terminal registers teams.
    let server = TestServer::in_process()?;
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Приложение", test_timing()).await?;
    let (tx, events) = mpsc::channel();
    let _net = NetHandle::start(
        server.host_code.clone(),
        EventSink::new(tx, Arc::new(|| {})),
        false,
    )?;
    let mut state = AppState::new(Lang::Ru);
    state.join(server.host_code.clone());

    // Act: twenty registrations, each a patch to the app.
    let names: Vec<String> = (0..20).map(team_name).collect();
    for name in &names {
        register_teams(&mut host, std::slice::from_ref(name)).await?;
    }

    // Assert: the app's view shows every team, in order.
    let shown = |state: &AppState| match &state.view {
        Some(View::Host(v)) => v.teams.iter().map(|t| t.name.clone()).collect(),
        _ => Vec::new(),
    };
    let deadline = std::time::Instant::now() + minuta_tests::STEP;
    while shown(&state) != names {
        ensure!(
            std::time::Instant::now() < deadline,
            "the app shows {:?}",
            shown(&state)
        );
        match events.recv_timeout(Duration::from_millis(20)) {
            Ok(event) => {
                state.now_us = local_now_us();
                reduce(&mut state, event);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => bail!("the network task ended"),
        }
    }
    Ok(())
}
