//! A Minuta server for a test: in this process (the server library on its own
//! thread, as the desktop app runs it) or as a real child process of the
//! `minuta-server` binary (for `kill -9`). Either way it listens on
//! 127.0.0.1 only (unless [`TestServer::child_process_at`] says otherwise),
//! keeps its data and certificate in a temporary directory, and can be
//! stopped and restarted on the same data and the same port.
//!
//! Finding the binary: Cargo sets `CARGO_BIN_EXE_*` only for a package's own
//! binaries, so [`server_binary`] looks next to the running test or bench
//! (`current_exe()` is `<target>/<profile>/deps/<name>`) for
//! `<target>/<profile>/minuta-server`. `cargo test --workspace` has built it
//! already (the server package's own tests need it). When it is missing, or
//! older than any source of `server/` or `shared/` (so a stale binary is never
//! tested), the harness runs `cargo build --profile <profile> -p minuta-server
//! --bin minuta-server` once per test process into the same target directory.
//! `MINUTA_SERVER_BIN=/path/to/minuta-server` skips all of this.

use std::io::{BufRead, BufReader};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use tempfile::TempDir;

use minuta_server::net::NetLimits;
use minuta_server::{Running, ServerConfig, ServerHandle};
use minuta_shared::join_code::JoinCode;

use crate::sim_net::SimNet;
use crate::wine::{self, Wine};

/// How long a server may take to start and print its join codes.
pub const STARTUP: Duration = Duration::from_secs(30);

enum Process {
    Library(Box<ServerHandle>),
    /// On the test's simulated network, in the test's own runtime.
    Simulated(Box<Running>),
    /// A simulated server killed: its driver is being dropped.
    Crashed(tokio::task::JoinHandle<()>),
    Child {
        child: Child,
    },
    Stopped,
}

/// A running (or stopped, restartable) server on 127.0.0.1 (by default).
pub struct TestServer {
    /// Where it listens; a restart listens here again.
    pub addr: SocketAddr,
    pub fingerprint: [u8; 32],
    pub host_code: JoinCode,
    pub display_code: JoinCode,
    /// Where browsers join (TCP; in-process servers and Wine): a restart
    /// listens here again.
    pub web_addr: Option<SocketAddr>,
    kind: Kind,
    process: Process,
    dir: TempDir,
}

#[derive(Clone)]
enum Kind {
    InProcess { busy_poll: bool, net: NetLimits },
    Simulated { net: SimNet, limits: NetLimits },
    Child(Launch),
}

/// How a child-process server is started.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Launch {
    /// The native `minuta-server`, serving no browsers (a restart binds its
    /// UDP port again; a TCP port of the same number is not sure to be free).
    Native(PathBuf),
    /// Windows' `minuta-server.exe` under Wine, serving browsers too on a
    /// TCP port of its own.
    Wine(Wine),
}

fn localhost_any_port() -> SocketAddr {
    SocketAddr::from((Ipv4Addr::LOCALHOST, 0))
}

fn temp_dir() -> Result<TempDir> {
    tempfile::Builder::new()
        .prefix("minuta-e2e-")
        .tempdir()
        .context("making a temporary directory")
}

impl TestServer {
    /// The server library on its own thread in this process. Its thread
    /// sleeps when idle even while Brain-ring buttons are live (many tests
    /// share two cores); see [`TestServer::in_process_busy_polling`].
    pub fn in_process() -> Result<Self> {
        Self::in_process_with(false, NetLimits::default())
    }

    /// As [`TestServer::in_process`], polling the network without sleeping
    /// while buttons are live, as a real server does by default.
    pub fn in_process_busy_polling() -> Result<Self> {
        Self::in_process_with(true, NetLimits::default())
    }

    /// As [`TestServer::in_process`], with the network edge's timeouts and
    /// bounds set to `net` (a test shortens a timeout instead of sleeping).
    pub fn in_process_with_limits(net: NetLimits) -> Result<Self> {
        Self::in_process_with(false, net)
    }

    fn in_process_with(busy_poll: bool, net: NetLimits) -> Result<Self> {
        let dir = temp_dir()?;
        let (addr, process, codes, web_addr) =
            start_in_process(dir.path(), localhost_any_port(), 0, busy_poll, net)?;
        Ok(TestServer {
            addr,
            web_addr,
            fingerprint: codes.0.fingerprint,
            host_code: codes.0,
            display_code: codes.1,
            kind: Kind::InProcess { busy_poll, net },
            process,
            dir,
        })
    }

    /// The server library in the test's own runtime on the thread's
    /// simulated network ([`crate::sim_net`], installed with its default
    /// conditions if the test has not installed one). With
    /// `#[tokio::test(start_paused = true)]` it runs on virtual time: its
    /// deadlines, the terminals' timeouts and every datagram's flight leap
    /// ahead whenever everything waits. [`TestServer::kill`] crashes it as
    /// SIGKILL would (its address goes dark at once); [`TestServer::restart`]
    /// starts it again on the same data and address.
    pub async fn simulated() -> Result<Self> {
        Self::simulated_with_limits(NetLimits::default()).await
    }

    /// As [`TestServer::simulated`], with the network edge's limits.
    pub async fn simulated_with_limits(limits: NetLimits) -> Result<Self> {
        let net = SimNet::current_or_default();
        let dir = temp_dir()?;
        let (addr, process, codes, _) = start_simulated(dir.path(), &net, None, limits).await?;
        Ok(TestServer {
            addr,
            web_addr: None,
            fingerprint: codes.0.fingerprint,
            host_code: codes.0,
            display_code: codes.1,
            kind: Kind::Simulated { net, limits },
            process,
            dir,
        })
    }

    /// The simulated network the server is on, if it is on one.
    pub fn sim_net(&self) -> Option<&SimNet> {
        match &self.kind {
            Kind::Simulated { net, .. } => Some(net),
            Kind::InProcess { .. } | Kind::Child(_) => None,
        }
    }

    /// A child process of the `minuta-server` binary (`serve`), built for the
    /// running test's profile.
    pub fn child_process() -> Result<Self> {
        let dir = temp_dir()?;
        let binary = server_binary()?;
        Self::child_process_of(&binary, dir)
    }

    /// A child process of this very binary (the bench passes the release build).
    pub fn child_process_of(binary: &Path, dir: TempDir) -> Result<Self> {
        Self::child_process_at(binary, dir, localhost_any_port())
    }

    /// A child process of `binary` listening on `listen` instead of
    /// 127.0.0.1 (the flood bench's server, reached over a veth pair inside
    /// network namespaces of its own). With an unspecified address
    /// (`0.0.0.0:0`) [`TestServer::addr`] is that address with the port
    /// chosen, and the join codes carry every interface's address.
    pub fn child_process_at(binary: &Path, dir: TempDir, listen: SocketAddr) -> Result<Self> {
        Self::launched(Launch::Native(binary.to_owned()), dir, listen, None)
    }

    /// Windows' `minuta-server.exe` under Wine ([`Wine::find`]) on
    /// 127.0.0.1, browsers on a free TCP port.
    pub fn under_wine() -> Result<Self> {
        let web_port = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|l| l.local_addr())
            .context("finding a free TCP port")?
            .port();
        Self::launched(
            Launch::Wine(Wine::find()?),
            temp_dir()?,
            localhost_any_port(),
            Some(web_port),
        )
    }

    fn launched(
        launch: Launch,
        dir: TempDir,
        listen: SocketAddr,
        web_port: Option<u16>,
    ) -> Result<Self> {
        let (addr, process, codes, web_addr) = start_child(&launch, dir.path(), listen, web_port)?;
        Ok(TestServer {
            addr,
            web_addr,
            fingerprint: codes.0.fingerprint,
            host_code: codes.0,
            display_code: codes.1,
            kind: Kind::Child(launch),
            process,
            dir,
        })
    }

    /// The data directory (`--data`): the SQLite store lives here.
    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// Its certificate's folder.
    pub fn cert_dir(&self) -> PathBuf {
        self.dir.path().join("certs")
    }

    /// The store's file.
    pub fn database(&self) -> PathBuf {
        minuta_server::store::db_path(&self.data_dir())
    }

    /// The child's process id (`None` in process or when stopped).
    pub fn pid(&self) -> Option<u32> {
        match &self.process {
            Process::Child { child } => Some(child.id()),
            _ => None,
        }
    }

    /// The server's log (stderr) of a child process, for failure messages.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }

    /// SIGKILL for a child process (`Child::kill` is SIGKILL on Unix): no
    /// shutdown code runs, exactly as if the laptop lost power to the
    /// process. An in-process server cannot be killed; it is shut down.
    pub fn kill(&mut self) -> Result<()> {
        match std::mem::replace(&mut self.process, Process::Stopped) {
            Process::Simulated(running) => {
                if let Some(net) = self.sim_net() {
                    net.unplug(self.addr);
                }
                self.process = Process::Crashed(running.crash());
            }
            Process::Crashed(driver) => self.process = Process::Crashed(driver),
            Process::Child { mut child } => {
                child.kill().context("SIGKILL to the server")?;
                child.wait().context("reaping the killed server")?;
            }
            Process::Library(handle) => handle.shutdown(),
            Process::Stopped => {}
        }
        Ok(())
    }

    /// Starts the server again on the same data, certificate and port.
    pub async fn restart(&mut self) -> Result<()> {
        self.kill()?;
        if let Process::Crashed(driver) = std::mem::replace(&mut self.process, Process::Stopped) {
            // Aborted: its end (the store closed) is all there is to wait for.
            let _ = driver.await;
        }
        let web_port = self.web_addr.map_or(0, |a| a.port());
        let (addr, process, codes, _) = match &self.kind {
            Kind::InProcess { busy_poll, net } => {
                start_in_process(self.dir.path(), self.addr, web_port, *busy_poll, *net)?
            }
            Kind::Simulated { net, limits } => {
                start_simulated(self.dir.path(), net, Some(self.addr), *limits).await?
            }
            Kind::Child(launch) => start_child(
                launch,
                self.dir.path(),
                self.addr,
                self.web_addr.map(|a| a.port()),
            )?,
        };
        if addr != self.addr || codes.0 != self.host_code {
            bail!(
                "the restarted server is not the same: {addr} {} (was {} {})",
                codes.0,
                self.addr,
                self.host_code
            );
        }
        self.process = process;
        Ok(())
    }

    /// How many events of `kind` the store holds (`chgk_card_accepted`),
    /// read beside the server's writer (WAL).
    pub fn stored_events(&self, kind: &str) -> Result<i64> {
        let db = rusqlite::Connection::open_with_flags(
            self.database(),
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
        )?;
        Ok(db.query_row(
            "SELECT count(*) FROM events WHERE kind = ?1",
            [kind],
            |row| row.get(0),
        )?)
    }

    /// Resident memory of a child process from `/proc/<pid>/status`:
    /// (`VmRSS` now, `VmHWM` peak), in KiB.
    pub fn memory_kib(&self) -> Option<(u64, u64)> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()?)).ok()?;
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|rest| rest.split_whitespace().next())
                .and_then(|n| n.parse::<u64>().ok())
        };
        Some((field("VmRSS:")?, field("VmHWM:")?))
    }
}

impl TestServer {
    /// CPU time (user + system) a child process has used so far
    /// ([`cpu_seconds_of`]).
    pub fn cpu_seconds(&self) -> Option<f64> {
        cpu_seconds_of(self.pid()?)
    }
}

/// CPU time (user + system) process `pid` has used so far, from
/// `/proc/<pid>/stat`, assuming the usual 100 clock ticks a second.
pub fn cpu_seconds_of(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

impl Drop for TestServer {
    fn drop(&mut self) {
        let _ = self.kill();
    }
}

type Codes = (JoinCode, JoinCode);

/// Where a started server listens (QUIC), its process, its codes, and
/// where browsers join (TCP).
type Started = (SocketAddr, Process, Codes, Option<SocketAddr>);

fn start_in_process(
    dir: &Path,
    listen: SocketAddr,
    web_port: u16,
    busy_poll: bool,
    net: NetLimits,
) -> Result<Started> {
    let config = ServerConfig {
        listen,
        data_dir: dir.join("data"),
        cert_dir: dir.join("certs"),
        demo: None,
        busy_poll,
        net,
        // Browsers on a free TCP port of its own (a restart binds it again).
        web_port: Some(web_port),
        web_bundle: None,
    };
    let handle = minuta_server::spawn(config).context("starting the server in process")?;
    let ready = handle.ready.clone();
    let host = JoinCode::parse(&ready.host_code).context("the host join code")?;
    let display = JoinCode::parse(&ready.display_code).context("the display join code")?;
    Ok((
        ready.local_addr,
        Process::Library(Box::new(handle)),
        (host, display),
        ready.web_addr,
    ))
}

async fn start_simulated(
    dir: &Path,
    net: &SimNet,
    at: Option<SocketAddr>,
    limits: NetLimits,
) -> Result<Started> {
    let socket = match at {
        Some(addr) => net.socket_at(addr),
        None => net.socket(),
    };
    let listen = quinn::AsyncUdpSocket::local_addr(&*socket)?;
    let config = ServerConfig {
        listen,
        data_dir: dir.join("data"),
        cert_dir: dir.join("certs"),
        demo: None,
        // A busy poll never lets a paused clock advance.
        busy_poll: false,
        net: limits,
        web_port: None,
        web_bundle: None,
    };
    let running = minuta_server::start_simulated(config, socket, net.server_clock())
        .await
        .context("starting the server on the simulated network")?;
    let host = JoinCode::parse(&running.ready.host_code).context("the host join code")?;
    let display = JoinCode::parse(&running.ready.display_code).context("the display join code")?;
    Ok((
        running.ready.local_addr,
        Process::Simulated(Box::new(running)),
        (host, display),
        None,
    ))
}

fn start_child(
    launch: &Launch,
    dir: &Path,
    listen: SocketAddr,
    web_port: Option<u16>,
) -> Result<Started> {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("server.log"))
        .context("opening the server log")?;
    let (data, certs) = (dir.join("data"), dir.join("certs"));
    let (mut command, data, certs) = match launch {
        Launch::Native(binary) => (
            Command::new(binary),
            data.into_os_string(),
            certs.into_os_string(),
        ),
        Launch::Wine(wine) => (
            wine.server(),
            wine::windows_path(&data).into(),
            wine::windows_path(&certs).into(),
        ),
    };
    command
        .arg("serve")
        .arg("--listen")
        .arg(listen.to_string())
        .arg("--data")
        .arg(data)
        .arg("--certs")
        .arg(certs);
    match web_port {
        Some(port) => command.arg("--web-port").arg(port.to_string()),
        None => command.arg("--no-web"),
    };
    let mut child = command
        .env("RUST_LOG", "minuta_server=warn")
        // Tests never multicast outside a network namespace of their own.
        .arg("--no-mdns")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(log))
        .spawn()
        .with_context(|| format!("starting {launch:?}"))?;
    let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    // Reads every line to the end, so the pipe never fills up.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            // Once nobody listens any more, keep draining.
            let _ = tx.send(line);
        }
    });
    let deadline = std::time::Instant::now() + STARTUP;
    let (mut addr, mut host, mut display) = (None, None, None);
    while addr.is_none() || host.is_none() || display.is_none() {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let line = match rx.recv_timeout(left) {
            Ok(line) => line,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                let log = std::fs::read_to_string(dir.join("server.log")).unwrap_or_default();
                bail!("the server did not print its join codes ({e}); its log:\n{log}");
            }
        };
        if let Some(a) = line.strip_prefix("Minuta server listening on ") {
            addr = Some(
                a.trim()
                    .parse::<SocketAddr>()
                    .with_context(|| format!("parsing «{line}»"))?,
            );
        } else if let Some(code) = line.strip_prefix("host:") {
            host = Some(JoinCode::parse(code.trim()).with_context(|| format!("parsing «{line}»"))?);
        } else if let Some(code) = line.strip_prefix("display:") {
            display =
                Some(JoinCode::parse(code.trim()).with_context(|| format!("parsing «{line}»"))?);
        }
    }
    match (addr, host, display) {
        (Some(addr), Some(host), Some(display)) => {
            let web_addr = web_port.map(|port| SocketAddr::new(addr.ip(), port));
            Ok((addr, Process::Child { child }, (host, display), web_addr))
        }
        _ => bail!("unreachable: the loop ends only with all three"),
    }
}

/// The `minuta-server` binary of the running test's target directory and
/// profile, built (once per process) if needed. See the module docs.
pub fn server_binary() -> Result<PathBuf> {
    static BINARY: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    BINARY
        .get_or_init(|| locate_or_build().map_err(|e| format!("{e:#}")))
        .clone()
        .map_err(|e| anyhow!(e))
}

fn locate_or_build() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os("MINUTA_SERVER_BIN") {
        return Ok(PathBuf::from(path));
    }
    let exe = std::env::current_exe().context("finding the test executable")?;
    let mut profile_dir = exe
        .parent()
        .ok_or_else(|| anyhow!("{} has no directory", exe.display()))?;
    if profile_dir.file_name().is_some_and(|n| n == "deps") {
        profile_dir = profile_dir
            .parent()
            .ok_or_else(|| anyhow!("no profile directory"))?;
    }
    let target_dir = profile_dir
        .parent()
        .ok_or_else(|| anyhow!("no target directory"))?;
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev",
        Some(other) => other,
        None => bail!("cannot tell the profile of {}", exe.display()),
    };
    let binary = profile_dir.join(format!("minuta-server{}", std::env::consts::EXE_SUFFIX));
    if !is_fresh(&binary) {
        build_server(target_dir, profile)?;
    }
    if !binary.exists() {
        bail!("{} is missing after building it", binary.display());
    }
    Ok(binary)
}

/// Whether `binary` exists and is newer than every source it is built from.
fn is_fresh(binary: &Path) -> bool {
    let Ok(built) = std::fs::metadata(binary).and_then(|m| m.modified()) else {
        return false;
    };
    let Some(root) = Path::new(env!("CARGO_MANIFEST_DIR")).parent() else {
        return false;
    };
    let inputs = [
        "Cargo.lock",
        "Cargo.toml",
        "server/Cargo.toml",
        "server/src",
        "shared/Cargo.toml",
        "shared/src",
    ];
    inputs
        .iter()
        .all(|input| newest(&root.join(input)).is_some_and(|t| t <= built))
}

/// The newest modification time of a file or of any file under a directory.
fn newest(path: &Path) -> Option<std::time::SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_dir() {
        return meta.modified().ok();
    }
    let mut newest = meta.modified().ok()?;
    for entry in std::fs::read_dir(path).ok()? {
        newest = newest.max(self::newest(&entry.ok()?.path())?);
    }
    Some(newest)
}

/// `cargo build -p minuta-server --bin minuta-server --features own-game`
/// into `target_dir`.
pub fn build_server(target_dir: &Path, profile: &str) -> Result<()> {
    let cargo =
        std::env::var_os("CARGO").unwrap_or_else(|| option_env!("CARGO").unwrap_or("cargo").into());
    eprintln!(
        "minuta-tests: building minuta-server ({profile}) for the tests that run it as a process"
    );
    let status = Command::new(&cargo)
        .args([
            "build",
            "--profile",
            profile,
            "-p",
            "minuta-server",
            "--bin",
            "minuta-server",
            // As the workspace's tests build it (tests/Cargo.toml), so the
            // two builds share one binary.
            "--features",
            "own-game",
        ])
        .env("CARGO_TARGET_DIR", target_dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .status()
        .with_context(|| format!("running {cargo:?} build -p minuta-server"))?;
    if !status.success() {
        bail!("building minuta-server failed: {status}");
    }
    Ok(())
}
