//! A rogue server (issue 14, «Prove»): a terminal using the client's own connect path (`minuta_client::shell::native::net::connection::run`, pinning with `pinned_client_config`) refuses every one of [`ATTEMPTS`] connections to a server whose certificate is not the one its join code pins, and every one to a server that presents the pinned certificate but cannot sign with its key (the certificate is public: anyone who once connected has it). All traffic is on 127.0.0.1.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result, anyhow, bail, ensure};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use tokio::sync::mpsc;

use minuta_client::i18n::{Lang, stopped};
use minuta_client::net::EventSink;
use minuta_client::net::tls::fingerprint;
use minuta_client::shell::native::net::connection;
use minuta_client::shell::native::net::quic::pinned_client_config;
use minuta_client::state::{NetCommand, NetEvent, Stopped};
use minuta_shared::join_code::JoinCode;
use minuta_shared::wire::ALPN;
use minuta_tests::terminal::{client_endpoint, quic_connect, within};
use minuta_tests::{Terminal, TestServer};

/// Connections tried against each rogue server.
const ATTEMPTS: usize = 20;

/// How one run of the client's connect path ended.
#[derive(Debug)]
enum Outcome {
    /// Greeted by the server: the rogue was believed.
    Connected,
    /// Gave up for good, with the reason the terminal shows.
    Stopped(Stopped),
    /// No link; the terminal would try again after a pause.
    Retrying,
}

/// Runs the client's own connection task with `code` until its first
/// decisive event, then makes it leave.
async fn connect_as_the_client(code: &JoinCode) -> Result<Outcome> {
    let (events_tx, events_rx) = std::sync::mpsc::channel();
    let (commands, commands_rx) = mpsc::unbounded_channel::<NetCommand>();
    let task = tokio::spawn(connection::run(
        code.clone(),
        commands_rx,
        EventSink::new(events_tx, Arc::new(|| {})),
        false,
    ));
    // The task reports on a std channel (the UI's); a thread hands its
    // events to this runtime. It ends when the task drops its sender.
    let (forward, mut events) = mpsc::unbounded_channel();
    std::thread::spawn(move || {
        while let Ok(event) = events_rx.recv() {
            if forward.send(event).is_err() {
                break;
            }
        }
    });
    let outcome = loop {
        let event = within("the client's connection event", events.recv())
            .await?
            .ok_or_else(|| anyhow!("the connection task ended without a verdict"))?;
        match event {
            NetEvent::Connected { .. } => break Outcome::Connected,
            NetEvent::Stopped(why) => break Outcome::Stopped(why),
            NetEvent::Reconnecting { .. } => break Outcome::Retrying,
            _ => {}
        }
    };
    // Closing the command channel is the UI leaving: the task ends.
    drop(commands);
    within("the connection task to end", task)
        .await?
        .context("the connection task")?;
    Ok(outcome)
}

/// `code` pointed at `addr`, still pinning its own fingerprint.
fn code_at(code: &JoinCode, addr: SocketAddr) -> JoinCode {
    JoinCode {
        addrs: vec![addr],
        ..code.clone()
    }
}

#[tokio::test]
async fn rogue_a_server_with_another_certificate_is_refused_every_time() -> Result<()> {
    // Arrange: the real server, whose host code the terminal holds, and an
    // impostor (a Minuta server with its own generated certificate) at the
    // address the code names.
    let real = TestServer::in_process()?;
    let impostor = TestServer::in_process()?;
    ensure!(real.fingerprint != impostor.fingerprint);
    let code = code_at(&real.host_code, impostor.addr);

    // Act: the client's connect path, ATTEMPTS times.
    let mut refused = 0;
    for attempt in 0..ATTEMPTS {
        match connect_as_the_client(&code).await? {
            Outcome::Stopped(Stopped::CertificateMismatch) => refused += 1,
            other => bail!("attempt {attempt}: {other:?}, not a certificate mismatch"),
        }
    }

    // Assert: every attempt stopped for good with the mismatch, which the
    // terminal says plainly; the real server is still joined as before.
    eprintln!(
        "rogue server, another certificate: {refused} of {ATTEMPTS} connections refused («{}»)",
        stopped(Lang::Ru, &Stopped::CertificateMismatch)
    );
    ensure!(refused == ATTEMPTS);
    ensure!(!stopped(Lang::En, &Stopped::CertificateMismatch).is_empty());
    let mut host = Terminal::connect(&real.host_code).await?;
    host.ping().await?;
    Ok(())
}

/// Always answers with the same certificate chain and signing key, whether
/// or not they belong together (rustls checks that only in
/// `with_single_cert`, not for a resolver).
#[derive(Debug)]
struct FixedIdentity(Arc<CertifiedKey>);

impl ResolvesServerCert for FixedIdentity {
    fn resolve(&self, _: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(Arc::clone(&self.0))
    }
}

/// A QUIC server on 127.0.0.1 that presents `cert` and signs with `key`;
/// it speaks no Minuta. Counts the handshakes that completed.
struct RogueServer {
    addr: SocketAddr,
    completed: Arc<AtomicUsize>,
    _endpoint: quinn::Endpoint,
}

impl RogueServer {
    fn start(cert: CertificateDer<'static>, key: &rcgen::KeyPair) -> Result<RogueServer> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let key_der = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
        let signing = provider
            .key_provider
            .load_private_key(key_der)
            .context("loading the rogue's key")?;
        let identity = Arc::new(CertifiedKey::new(vec![cert], signing));
        let mut tls = rustls::ServerConfig::builder_with_provider(provider)
            .with_protocol_versions(&[&rustls::version::TLS13])?
            .with_no_client_auth()
            .with_cert_resolver(Arc::new(FixedIdentity(identity)));
        tls.alpn_protocols = vec![ALPN.to_vec()];
        let crypto = quinn::crypto::rustls::QuicServerConfig::try_from(tls)?;
        let config = quinn::ServerConfig::with_crypto(Arc::new(crypto));
        let endpoint = quinn::Endpoint::server(config, SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))?;
        let completed = Arc::new(AtomicUsize::new(0));
        let (accepting, count) = (endpoint.clone(), Arc::clone(&completed));
        tokio::spawn(async move {
            while let Some(incoming) = accepting.accept().await {
                let count = Arc::clone(&count);
                tokio::spawn(async move {
                    let Ok(connecting) = incoming.accept() else {
                        return;
                    };
                    if let Ok(conn) = connecting.await {
                        count.fetch_add(1, Ordering::SeqCst);
                        // Hold it until the terminal gives up on it.
                        conn.closed().await;
                    }
                });
            }
        });
        Ok(RogueServer {
            addr: endpoint.local_addr()?,
            completed,
            _endpoint: endpoint,
        })
    }
}

/// The certificate a server presents, as anyone connecting receives it.
async fn certificate_of(server: &TestServer) -> Result<CertificateDer<'static>> {
    let (config, _) = pinned_client_config(server.fingerprint)?;
    let conn = quic_connect(&client_endpoint()?, server.addr, config)
        .await?
        .context("connecting to the real server")?;
    let chain = conn
        .peer_identity()
        .and_then(|id| id.downcast::<Vec<CertificateDer<'static>>>().ok())
        .ok_or_else(|| anyhow!("the server presented no certificate"))?;
    conn.close(0u32.into(), b"bye");
    chain
        .first()
        .cloned()
        .ok_or_else(|| anyhow!("an empty certificate chain"))
}

#[tokio::test]
async fn rogue_the_right_certificate_signed_with_another_key_is_refused_every_time() -> Result<()> {
    // Arrange: the real server's certificate, taken off the wire as any
    // terminal receives it, served by a rogue that signs with its own key.
    let real = TestServer::in_process()?;
    let cert = certificate_of(&real).await?;
    ensure!(fingerprint(&cert) == real.fingerprint);
    let rogue = RogueServer::start(cert, &rcgen::KeyPair::generate()?)?;
    let code = code_at(&real.host_code, rogue.addr);

    // The rogue is a working QUIC server: with a certificate and key that
    // belong together, the same code path completes its handshake.
    let own = rcgen::generate_simple_self_signed(vec!["minuta".to_owned()])?;
    let honest = RogueServer::start(own.cert.der().clone(), &own.signing_key)?;
    let (config, _) = pinned_client_config(fingerprint(own.cert.der()))?;
    let control = quic_connect(&client_endpoint()?, honest.addr, config).await?;
    ensure!(control.is_ok(), "the control handshake failed: {control:?}");

    // Act: the client's connect path, ATTEMPTS times; and the QUIC
    // handshake alone, to see which check refused it.
    let mut refused = 0;
    for attempt in 0..ATTEMPTS {
        match connect_as_the_client(&code).await? {
            // The terminal stops as for another certificate: retrying an
            // impostor would only keep the team away from the real server.
            Outcome::Stopped(Stopped::CertificateMismatch) => refused += 1,
            other => bail!("attempt {attempt}: {other:?}, not a refused server"),
        }
    }
    let (config, mismatch) = pinned_client_config(real.fingerprint)?;
    let handshake = quic_connect(&client_endpoint()?, rogue.addr, config).await?;

    // Assert: no handshake completed on the rogue; the certificate passed
    // the pin and the handshake's signature, which only the key makes,
    // failed it.
    let why = match &handshake {
        Err(error) => error.to_string(),
        Ok(_) => String::new(),
    };
    eprintln!(
        "rogue server, the pinned certificate with another key: {refused} of {ATTEMPTS} connections refused ({why})"
    );
    ensure!(refused == ATTEMPTS);
    ensure!(
        why.to_lowercase().contains("signature"),
        "refused for another reason: {why}"
    );
    ensure!(
        rogue.completed.load(Ordering::SeqCst) == 0,
        "a handshake completed on the rogue"
    );
    let Err(error) = handshake else {
        bail!("the rogue's handshake completed")
    };
    ensure!(
        matches!(error, quinn::ConnectionError::TransportError(_)),
        "a TLS failure, not a timeout: {error:?}"
    );
    ensure!(
        mismatch.load(Ordering::SeqCst),
        "a bad signature counts as the wrong server: {error}"
    );
    Ok(())
}
