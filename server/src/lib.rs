//! Minuta's authoritative game server, as a library the `minuta-server`
//! binary and the desktop app (one laptop, one program) both run.
//!
//! What lives here: the sans-IO [`core`] (every rule decision, no clocks, no
//! sockets), the [`driver`] that feeds it and is the only code that reads the
//! clock ([`clock`]), the QUIC edge ([`net`]), the durable event [`store`],
//! the [`demo`] tournament and the results [`export`]. What must not: rule
//! engines (they are pure code in `minuta-shared`), UI, or any acknowledgement
//! sent before the store has made its action durable.

pub mod busy_poll;
pub mod clock;
pub mod codes_pdf;
pub mod core;
pub mod demo;
pub mod driver;
pub mod export;
pub mod files;
pub mod hall_address;
pub mod jury_protocol;
pub mod lan;
pub mod machine;
pub mod net;
pub mod operator_lang;
pub mod people;
pub mod rating_export;
pub mod rating_files;
pub mod roster_import;
pub mod secrets;
mod simulated;
pub mod store;
pub mod sync;

pub use simulated::start_simulated;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use thiserror::Error;
use tokio::sync::{mpsc, oneshot};
use tracing::{info, warn};

use minuta_shared::ids::Slice;
use minuta_shared::join_code::JoinCode;
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::slice_secret::slice_secret;

use crate::clock::ServerClock;
use crate::core::{Core, ServerInfo};
use crate::driver::Driver;
use crate::net::Inbound;
use crate::people::{HumanHost, People};
use crate::secrets::fresh_secret;

/// The default port: any free UDP port works; this one is easy to remember.
pub const DEFAULT_PORT: u16 = 4433;

#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub listen: SocketAddr,
    /// Where the SQLite store lives.
    pub data_dir: PathBuf,
    /// Where the certificate and its key live (made on first start).
    pub cert_dir: PathBuf,
    /// Set up the demo tournament (if the store is empty) and play its
    /// robot teams.
    pub demo: Option<demo::DemoConfig>,
    /// While a Brain-ring question is in play, keep polling the network
    /// instead of letting the thread (and its CPU) sleep, so a press is
    /// stamped as it arrives rather than after the CPU wakes: fairer
    /// stamps, at the cost of one busy core during fights (see
    /// `busy_poll`).
    pub busy_poll: bool,
    /// Timeouts and bounds of the network edge (tests shorten them).
    pub net: net::NetLimits,
    /// The TCP port browsers join on (`listen`'s address, this port; 0:
    /// any free one); `None`: no browsers. By default the QUIC port's
    /// number.
    pub web_port: Option<u16>,
    /// The browser terminal's files (`scripts/build-web.sh`); `None`: the
    /// ones built into the binary (`embed-web`), else the default place
    /// ([`default_web_bundle`]).
    pub web_bundle: Option<PathBuf>,
}

impl ServerConfig {
    /// A server on this machine only, with data in `./minuta-data`.
    pub fn local(data_dir: PathBuf) -> Self {
        ServerConfig {
            listen: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_PORT),
            cert_dir: data_dir.join("certs"),
            data_dir,
            demo: None,
            busy_poll: true,
            net: net::NetLimits::default(),
            web_port: Some(DEFAULT_PORT),
            web_bundle: None,
        }
    }
}

/// Where the browser terminal's files are when no directory is named:
/// `MINUTA_WEB_DIR`, else `target/web` of the source tree this server was
/// built from (where `scripts/build-web.sh` puts them).
pub fn default_web_bundle() -> PathBuf {
    match std::env::var_os("MINUTA_WEB_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("target")
            .join("web"),
    }
}

#[derive(Debug, Error)]
pub enum ServerError {
    #[error(transparent)]
    Tls(#[from] net::tls::TlsError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error(
        "cannot listen on {addr}: {source} (is another server running there? try --listen with another port)"
    )]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error(
        "cannot serve browsers on TCP {addr}: {source} (is another program using this port? try --web-port with another port, or --no-web)"
    )]
    WebBind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot start the server's runtime: {0}")]
    Runtime(std::io::Error),
    #[error("the server stopped while starting")]
    Stopped,
    #[error("setting up the demo failed: {0}")]
    Demo(String),
}

/// What a started server tells its starter: where it is and the join codes.
#[derive(Clone, Debug)]
pub struct Ready {
    pub local_addr: SocketAddr,
    /// Where browsers join (TCP), if they may: the port the join codes'
    /// web links name (see [`Ready::web_link`]).
    pub web_addr: Option<SocketAddr>,
    pub fingerprint: [u8; 32],
    pub certificate_created: bool,
    pub host_code: String,
    pub display_code: String,
    /// 6.5: the appeal jury's join code.
    pub jury_code: String,
    /// (team name, join code) for every registered team.
    pub team_codes: Vec<(String, String)>,
    /// How many of the last teams of `team_codes` no demo robot plays (the
    /// robots play the first registered): see [`Ready::free_team_codes`].
    pub free_teams: usize,
    /// The tournament's name when the server started (for the hall's
    /// network: see [`lan`]).
    pub tournament: String,
}

impl Ready {
    /// (team name, join code) of the demo's teams no robot plays: free for
    /// a person. Empty outside a demo.
    pub fn free_team_codes(&self) -> &[(String, String)] {
        let robots = self.team_codes.len().saturating_sub(self.free_teams);
        self.team_codes.get(robots..).unwrap_or_default()
    }

    /// The web link of a join code (`http://ADDR:PORT/#ROLE/SECRET?fp=…`,
    /// issue 24) for a browser, on the code's LAN address; `None` when the
    /// web is off or `code` is no join code.
    pub fn web_link(&self, code: &str) -> Option<String> {
        let code = JoinCode::parse(code).ok()?;
        Some(code.web_link(code.web_addr(self.web_addr?.port())?))
    }

    /// The web page's address a browser opens for the join screen (then a
    /// short code), «http://192.168.1.10:4433»; `None` with no web.
    pub fn web_site(&self) -> Option<String> {
        let code = JoinCode::parse(&self.host_code).ok()?;
        let web = code.web_addr(self.web_addr?.port())?;
        Some(minuta_shared::join_code::web_origin(web))
    }

    /// (team name, short code «K7QM-4H2X») for every registered team, as
    /// the host's screen derives them from the teams' join codes.
    pub fn short_codes(&self) -> Vec<(String, ShortCode)> {
        self.team_codes
            .iter()
            .filter_map(|(name, code)| {
                let code = JoinCode::parse(code).ok()?;
                let Credential::Team { secret, .. } = &code.credential else {
                    return None;
                };
                Some((name.clone(), ShortCode::for_team(&code.fingerprint, secret)))
            })
            .collect()
    }

    /// Нептун 2.2: (ломтик's name «<team>-верх», join code) for both
    /// ломтики of every registered team, top then bottom, derived from the
    /// teams' codes as the host's screen derives them (nothing is kept for
    /// them: most events have no ломтики).
    pub fn slice_codes(&self) -> Vec<(String, String)> {
        let mut codes = Vec::new();
        for (name, code) in &self.team_codes {
            let Ok(team_code) = JoinCode::parse(code) else {
                continue;
            };
            let Credential::Team { team, secret } = &team_code.credential else {
                continue;
            };
            for slice in Slice::BOTH {
                let code = JoinCode {
                    credential: Credential::Slice {
                        team: *team,
                        slice,
                        secret: slice_secret(secret, slice),
                    },
                    ..team_code.clone()
                };
                codes.push((format!("{name}-{}", slice.suffix()), code.to_string()));
            }
        }
        codes
    }
}

/// A server running on the current tokio runtime.
pub struct Running {
    pub ready: Ready,
    shutdown: oneshot::Sender<()>,
    driver: tokio::task::JoinHandle<()>,
    endpoint: quinn::Endpoint,
    inbound: mpsc::Sender<Inbound>,
    /// The browsers' door and its accept loop, if browsers may join.
    web: Option<(std::sync::Arc<net::web::Door>, tokio::task::JoinHandle<()>)>,
    gate: net::gate::Gate,
}

impl Running {
    /// A sender into the driver, for in-process robots and tests.
    pub fn inbound(&self) -> mpsc::Sender<Inbound> {
        self.inbound.clone()
    }

    /// Whether any terminal or browser has reached this server from
    /// another machine since it started (a firewall in the way lets none).
    pub fn reached_from_elsewhere(&self) -> bool {
        self.gate.reached_from_elsewhere()
    }

    /// Stops at once, as a killed process would (a test on a simulated
    /// network, after unplugging its socket): the driver is dropped where
    /// it stands, nothing more is sent or stored, no connection is told.
    /// The returned handle resolves once the driver and its store are gone,
    /// so the same data directory can be opened again.
    pub fn crash(self) -> tokio::task::JoinHandle<()> {
        self.driver.abort();
        // Its connections end here; the caller unplugged the socket first,
        // so not even their closing reaches a terminal.
        self.endpoint.close(quinn::VarInt::from_u32(0), b"");
        if let Some((door, accepting)) = &self.web {
            accepting.abort();
            door.close_all();
        }
        self.driver
    }

    /// Stops accepting, waits until everything in flight is durable, closes
    /// every connection with a reason.
    pub async fn shutdown(self) {
        let _ = self.shutdown.send(());
        let _ = self.driver.await;
        if let Some((door, accepting)) = &self.web {
            accepting.abort();
            door.close_all();
        }
        self.endpoint.close(
            quinn::VarInt::from_u32(close::NORMAL),
            b"server shutting down",
        );
        self.endpoint.wait_idle().await;
    }
}

/// A write past the process's file-size limit (`ulimit -f`, a quota) kills
/// the process by default (SIGXFSZ). Caught, the write fails instead, and
/// the store's refusal holds acknowledgements back until writes are taken
/// again, as on a full disk (issue 14, «disk full»).
fn catch_file_size_signal() {
    #[cfg(target_os = "linux")]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let raw = rustix::process::Signal::XFSZ.as_raw();
        match signal(SignalKind::from_raw(raw)) {
            // Nothing is written per signal: the log may be a file past
            // the same limit, and each failed write raises the signal again.
            Ok(mut caught) => {
                tokio::spawn(async move { while caught.recv().await.is_some() {} });
            }
            Err(e) => tracing::debug!("SIGXFSZ stays fatal: {e}"),
        }
    }
}

/// Starts a server on the current tokio runtime: certificate, store (and
/// recovery), endpoint, driver, and the demo if asked.
pub async fn start(config: ServerConfig) -> Result<Running, ServerError> {
    let identity = net::tls::load_or_create(&config.cert_dir)?;
    let server_config = net::tls::quinn_server_config(&identity)?;
    let endpoint =
        net::endpoint::bind(config.listen, server_config).map_err(|source| ServerError::Bind {
            addr: config.listen,
            source,
        })?;
    let local_addr = endpoint.local_addr().map_err(|source| ServerError::Bind {
        addr: config.listen,
        source,
    })?;
    let addrs = advertised_addrs(local_addr);
    serve(
        config,
        identity,
        endpoint,
        addrs,
        ServerClock::start(),
        store::open,
    )
    .await
}

/// Opens a data directory's store: its writer and every stored event.
pub(crate) type OpenStore =
    fn(&std::path::Path) -> Result<(store::StoreWriter, Vec<core::Event>), store::StoreError>;

/// The server behind a bound endpoint (see [`start`]).
pub(crate) async fn serve(
    config: ServerConfig,
    identity: net::tls::ServerIdentity,
    endpoint: quinn::Endpoint,
    addrs: Vec<SocketAddr>,
    clock: ServerClock,
    open_store: OpenStore,
) -> Result<Running, ServerError> {
    let local_addr = endpoint.local_addr().map_err(|source| ServerError::Bind {
        addr: config.listen,
        source,
    })?;
    let web_listener = match config.web_port {
        Some(port) => {
            let addr = SocketAddr::new(config.listen.ip(), port);
            let listener =
                net::web::bind(addr).map_err(|source| ServerError::WebBind { addr, source })?;
            let bound = listener
                .local_addr()
                .map_err(|source| ServerError::WebBind { addr, source })?;
            Some((listener, bound))
        }
        None => None,
    };

    catch_file_size_signal();
    let (store, events) = open_store(&config.data_dir)?;
    let info = ServerInfo {
        addrs,
        fingerprint: identity.fingerprint,
        // The links name the port the browsers' listener actually holds.
        web_port: web_listener.as_ref().map(|(_, bound)| bound.port()),
    };
    // For the codes printed before the evening (`export --format codes`).
    if let Err(e) = hall_address::record(
        &config.data_dir,
        &info.addrs,
        &info.fingerprint,
        info.web_port,
    ) {
        warn!("cannot record the hall's address beside the store: {e}");
    }
    let mut core = Core::new(info.clone());
    replay_stored(&mut core, &events, store.path())?;
    info!(events = events.len(), "recovered the stored state");
    // Before time is let pass: a Brain-ring question found armed goes back
    // to «reading» for the host to re-arm (issue 14.4).
    let mut setup: Vec<core::Event> = core.resume_after_restart(clock.now());
    if let Some(init) = core.initialise(fresh_secret(), fresh_secret(), fresh_secret(), clock.now())
    {
        setup.extend(init);
    }
    // A store written by an earlier release gets what it lacks, stored
    // before anyone is served.
    setup.extend(core.upgrade(fresh_secret()));
    if let Some(demo) = &config.demo {
        setup.extend(demo::set_up(&mut core, demo, clock.now()).map_err(ServerError::Demo)?);
    }
    // Deadlines passed while the server was down: what they decided (a
    // Нептун count that ended) is stored with the rest before serving.
    setup.extend(core.handle_timeout(clock.now()));
    if !setup.is_empty() {
        let now = clock.now().0;
        let done = store.append(setup.into_iter().map(|e| (now, e)).collect());
        done.await.map_err(|_| ServerError::Stopped)??;
    }
    let robots = config
        .demo
        .as_ref()
        .map(|d| demo::robot_credentials(&core, d));
    let free = robots.as_ref().map_or(0, |r| r.free_teams().len());
    let mut ready = ready_of(&core, local_addr, &info, identity.created, free);
    ready.web_addr = web_listener.as_ref().map(|(_, bound)| *bound);

    let (inbound_tx, inbound_rx) = mpsc::channel::<Inbound>(65_536);
    let (shutdown_tx, shutdown_rx) = oneshot::channel();
    let people = People {
        host: match &config.demo {
            Some(demo) if demo.autopilot => HumanHost::with_autopilot(demo.stand_aside()),
            _ => HumanHost::default(),
        },
        ..People::default()
    };
    let server = machine::Server::new(
        core,
        people.clone(),
        secrets::os_secrets(),
        clock::stopwatch(),
        clock.now(),
    );
    let driver = tokio::spawn(
        Driver::new(server, store, clock)
            .busy_poll(config.busy_poll)
            .run(inbound_rx, shutdown_rx),
    );
    let gate = net::gate::Gate::new();
    let host_files: net::HostFiles = std::sync::Arc::new(files::FileDesk::new(
        config.data_dir.clone(),
        config.cert_dir.clone(),
    ));
    let web = match web_listener {
        Some((listener, _)) => {
            let hall = lan::advert_of(&ready)
                .map(|advert| advert.txt())
                .unwrap_or_default();
            let bundle =
                net::web::bundle::Bundle::choose(config.web_bundle.clone(), default_web_bundle);
            if !bundle.present() {
                info!(
                    "no browser terminal files in {}: `/` says how to build them (scripts/build-web.sh)",
                    bundle.describe()
                );
            }
            let door = std::sync::Arc::new(net::web::Door::new(
                gate.clone(),
                inbound_tx.clone(),
                clock,
                config.net,
                std::sync::Arc::clone(&host_files),
                net::tls::web_server_config(&identity)?,
                bundle,
                &hall,
            ));
            let accepting = tokio::spawn(net::web::accept_loop(
                listener,
                std::sync::Arc::clone(&door),
            ));
            Some((door, accepting))
        }
        None => None,
    };
    tokio::spawn(net::endpoint::accept_loop(
        endpoint.clone(),
        gate.clone(),
        inbound_tx.clone(),
        clock,
        config.net,
        host_files,
    ));
    if let (Some(demo), Some(robots)) = (&config.demo, robots) {
        // Robots press their buttons through the driver as terminals do.
        demo::spawn_robots(demo.clone(), robots, inbound_tx.clone(), clock, people);
    }
    Ok(Running {
        ready,
        shutdown: shutdown_tx,
        driver,
        endpoint,
        inbound: inbound_tx,
        web,
        gate,
    })
}

/// Replays a store's events into `core`, checking each first: an event
/// naming what does not exist refuses the store (issue 14.3) with its seq.
pub fn replay_stored(
    core: &mut Core,
    events: &[core::Event],
    path: &std::path::Path,
) -> Result<(), store::StoreError> {
    core.replay_checked(events)
        .map_err(|failure| store::StoreError::Replay {
            path: path.to_path_buf(),
            seq: failure.index as i64 + 1,
            kind: failure.kind,
            problem: failure.problem,
        })
}

/// `--new` (issue 14.3): sets the store of `data_dir` aside if it is
/// unusable — damaged, foreign, or failing the replay check — so that the
/// next start makes a new one; a usable store is refused
/// ([`store::StoreError::NotDamaged`]) and never touched.
pub fn set_aside_damaged_store(
    data_dir: &std::path::Path,
) -> Result<store::SetAside, store::StoreError> {
    let path = store::db_path(data_dir);
    store::set_aside(data_dir, |records| {
        let events: Vec<core::Event> = records.iter().map(|r| r.event.clone()).collect();
        replay_stored(&mut Core::new(ServerInfo::default()), &events, &path)
    })
}

/// The join codes; the last `free` teams are the demo's no robot plays.
fn ready_of(
    core: &Core,
    local_addr: SocketAddr,
    info: &ServerInfo,
    created: bool,
    free: usize,
) -> Ready {
    let code = |credential: Credential| {
        JoinCode {
            addrs: info.addrs.clone(),
            fingerprint: info.fingerprint,
            credential,
        }
        .to_string()
    };
    let registry = core.registry();
    let team_code = |t: &core::registry::TeamRecord| {
        code(Credential::Team {
            team: t.id,
            secret: t.secret.clone(),
        })
    };
    Ready {
        local_addr,
        web_addr: None,
        fingerprint: info.fingerprint,
        certificate_created: created,
        host_code: code(Credential::Host {
            secret: registry.host_secret.clone(),
        }),
        display_code: code(Credential::Display {
            secret: registry.display_secret.clone(),
        }),
        jury_code: code(Credential::Jury {
            secret: registry.jury_secret.clone(),
        }),
        team_codes: registry
            .teams
            .values()
            .map(|t| (t.name.clone(), team_code(t)))
            .collect(),
        free_teams: free,
        tournament: registry.tournament.clone(),
    }
}

/// The addresses join codes carry: the listening address itself, or — when
/// listening on every interface — each interface's address, LAN ones first
/// so a team laptop finds the host quickly.
fn advertised_addrs(local: SocketAddr) -> Vec<SocketAddr> {
    if !local.ip().is_unspecified() {
        return vec![local];
    }
    let mut lan = Vec::new();
    let mut loopback = Vec::new();
    match if_addrs::get_if_addrs() {
        Ok(ifaces) => {
            for iface in ifaces {
                let ip = iface.ip();
                let usable = match ip {
                    IpAddr::V4(_) => true,
                    // Link-local v6 needs a scope id a join code cannot carry.
                    IpAddr::V6(v6) => local.is_ipv6() && (v6.segments()[0] & 0xffc0) != 0xfe80,
                };
                if !usable {
                    continue;
                }
                let addr = SocketAddr::new(ip, local.port());
                if ip.is_loopback() {
                    loopback.push(addr)
                } else {
                    lan.push(addr)
                }
            }
        }
        Err(e) => warn!("cannot list network interfaces: {e}"),
    }
    if lan.is_empty() && loopback.is_empty() {
        loopback.push(SocketAddr::new(
            IpAddr::V4(Ipv4Addr::LOCALHOST),
            local.port(),
        ));
    }
    lan.extend(loopback);
    lan
}

/// A server on its own thread with its own single-threaded runtime (the
/// DESIGN's measured choice), for the desktop app and tests.
pub struct ServerHandle {
    pub ready: Ready,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ServerHandle {
    pub fn shutdown(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for ServerHandle {
    fn drop(&mut self) {
        self.stop_now();
    }
}

/// Starts a server on a new thread; returns once it listens.
pub fn spawn(config: ServerConfig) -> Result<ServerHandle, ServerError> {
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = oneshot::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("minuta-server".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = ready_tx.send(Err(ServerError::Runtime(e)));
                    return;
                }
            };
            runtime.block_on(async move {
                match start(config).await {
                    Ok(running) => {
                        let _ = ready_tx.send(Ok(running.ready.clone()));
                        let _ = stop_rx.await;
                        running.shutdown().await;
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
            });
        })
        .map_err(ServerError::Runtime)?;
    let ready = ready_rx.recv().map_err(|_| ServerError::Stopped)??;
    Ok(ServerHandle {
        ready,
        stop: Some(stop_tx),
        thread: Some(thread),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_shared::ids::TeamId;

    #[test]
    fn neptune_a_teams_slice_codes_carry_the_secrets_derived_from_its_code() {
        let team = JoinCode {
            addrs: vec![SocketAddr::from((Ipv4Addr::LOCALHOST, 4433))],
            fingerprint: [7; 32],
            credential: Credential::Team {
                team: TeamId(2),
                secret: "team-secret".into(),
            },
        };
        let ready = Ready {
            local_addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 4433)),
            web_addr: None,
            fingerprint: [7; 32],
            certificate_created: false,
            host_code: String::new(),
            display_code: String::new(),
            jury_code: String::new(),
            team_codes: vec![("Знатоки".into(), team.to_string())],
            free_teams: 0,
            tournament: String::new(),
        };
        let codes = ready.slice_codes();
        let names: Vec<&str> = codes.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Знатоки-верх", "Знатоки-низ"]);
        for ((_, code), slice) in codes.iter().zip(Slice::BOTH) {
            let parsed = JoinCode::parse(code).expect("a join code");
            assert_eq!(parsed.addrs, team.addrs);
            assert_eq!(parsed.fingerprint, team.fingerprint);
            assert_eq!(
                parsed.credential,
                Credential::Slice {
                    team: TeamId(2),
                    slice,
                    secret: slice_secret("team-secret", slice),
                }
            );
        }
    }

    #[test]
    fn a_codes_web_link_names_the_halls_address_and_the_web_port() {
        let team = JoinCode {
            addrs: vec![
                SocketAddr::from((Ipv4Addr::LOCALHOST, 4433)),
                SocketAddr::from((Ipv4Addr::new(192, 168, 1, 10), 4433)),
            ],
            fingerprint: [7; 32],
            credential: Credential::Team {
                team: TeamId(2),
                secret: "s3cr3t".into(),
            },
        }
        .to_string();
        let mut ready = Ready {
            local_addr: SocketAddr::from((Ipv4Addr::UNSPECIFIED, 4433)),
            web_addr: Some(SocketAddr::from((Ipv4Addr::UNSPECIFIED, 8080))),
            fingerprint: [7; 32],
            certificate_created: false,
            host_code: String::new(),
            display_code: String::new(),
            jury_code: String::new(),
            team_codes: vec![("Знатоки".into(), team.clone())],
            free_teams: 0,
            tournament: String::new(),
        };

        let link = ready.web_link(&team);

        let fp = "07".repeat(32);
        assert_eq!(
            link.as_deref(),
            Some(format!("http://192.168.1.10:8080/#team-2/s3cr3t?fp={fp}").as_str())
        );
        assert_eq!(ready.web_link("not a code"), None);
        ready.host_code = team.clone();
        assert_eq!(
            ready.web_site().as_deref(),
            Some("http://192.168.1.10:8080")
        );
        ready.web_addr = None;
        assert_eq!(ready.web_site(), None);
        assert_eq!(ready.web_link(&team), None);
    }
}
