//! `minuta-server`: the command-line edge. Parses arguments, reports errors
//! with anyhow, and calls into the library; no game logic lives here.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};

use minuta_server::demo::DemoConfig;
use minuta_server::export::{ExportFormat, export};
use minuta_server::{Ready, ServerConfig};

#[derive(Parser)]
#[command(
    name = "minuta-server",
    version,
    about = "Minuta: the game server for intellectual team games in a hall"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server for a real game.
    Serve {
        /// Address and UDP port to listen on (every interface by default, so team laptops can join).
        #[arg(long, default_value = "0.0.0.0:4433")]
        listen: SocketAddr,
        /// Where the durable store lives.
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
        /// Where the certificate is made on first start and reused after.
        #[arg(long, default_value = "certs")]
        certs: PathBuf,
        /// Let the server's thread sleep while Brain-ring buttons are live
        /// (saves a CPU core and battery; press stamps may then lag by the
        /// time the CPU takes to wake, tens to hundreds of µs).
        #[arg(long)]
        no_busy_poll: bool,
    },
    /// Run a demo tournament with robot teams and an autopilot host.
    Demo {
        /// This machine only by default; use 0.0.0.0:4433 to let other laptops join.
        #[arg(long, default_value = "127.0.0.1:4433")]
        listen: SocketAddr,
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
        #[arg(long, default_value = "certs")]
        certs: PathBuf,
        /// Length of the ChGK minute in seconds.
        #[arg(long, default_value_t = 60)]
        minute: u64,
        /// Leave the host controls to a person: robots only answer.
        #[arg(long)]
        no_autopilot: bool,
        /// As for `serve`: let the thread sleep while buttons are live.
        #[arg(long)]
        no_busy_poll: bool,
    },
    /// Score a game from a JSON scoresheet and print the standings as JSON.
    Score {
        /// The scoresheet (JSON, UTF-8).
        file: PathBuf,
    },
    /// Write the standings from a store as JSON or CSV.
    ///
    /// JSON: the ChGK standings and questions; with Brain-ring data (seeded
    /// teams or any fight) also a `brain_ring` object: stage, champion,
    /// final places, the qualifying table and every fight with its
    /// questions, appeals and full press log (arrival µs, offset from
    /// arming, round trip, clock offset, kind).
    ///
    /// CSV: the ChGK table (place,team,town,points,rating,mask), unchanged;
    /// with Brain-ring data, then a blank line and the Brain-ring
    /// qualifying table (brain_ring_place,team,points,difference,taken,fights),
    /// and once the champion is known another blank line and the final
    /// places (brain_ring_final_place,team). The press log is in the JSON only.
    Export {
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Csv,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Score { file } => score(&file),
        Command::Serve {
            listen,
            data,
            certs,
            no_busy_poll,
        } => report(serve(ServerConfig {
            listen,
            data_dir: data,
            cert_dir: certs,
            demo: None,
            busy_poll: !no_busy_poll,
        })),
        Command::Demo {
            listen,
            data,
            certs,
            minute,
            no_autopilot,
            no_busy_poll,
        } => {
            if minute == 0 || minute > 3600 {
                eprintln!("--minute: {minute} is not a length from 1 to 3600 seconds");
                return ExitCode::from(2);
            }
            let demo = DemoConfig {
                minute: Duration::from_secs(minute),
                autopilot: !no_autopilot,
                ..DemoConfig::default()
            };
            report(serve(ServerConfig {
                listen,
                data_dir: data,
                cert_dir: certs,
                demo: Some(demo),
                busy_poll: !no_busy_poll,
            }))
        }
        Command::Export { data, format, out } => report(export_to(&data, format, out.as_deref())),
    }
}

fn report(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn serve(config: ServerConfig) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "minuta_server=info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    // One thread: on two cores it gave the stablest tails (STACK.md).
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    runtime.block_on(async {
        let running = minuta_server::start(config).await?;
        print_ready(&running.ready);
        wait_for_stop_signal().await?;
        eprintln!("stopping: everything acknowledged is stored");
        running.shutdown().await;
        Ok(())
    })
}

/// Ctrl-C, or SIGTERM from a service manager: both stop the server cleanly.
async fn wait_for_stop_signal() -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .context("listening for SIGTERM")?;
        tokio::select! {
            r = tokio::signal::ctrl_c() => r.context("waiting for Ctrl-C")?,
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    tokio::signal::ctrl_c()
        .await
        .context("waiting for Ctrl-C")?;
    Ok(())
}

fn print_ready(ready: &Ready) {
    let fp = minuta_shared::join_code::fingerprint_hex(&ready.fingerprint);
    println!("Minuta server listening on {}", ready.local_addr);
    println!(
        "certificate SHA-256 fingerprint: {fp}{}",
        if ready.certificate_created {
            " (new certificate)"
        } else {
            ""
        }
    );
    println!();
    println!("host:    {}", ready.host_code);
    println!("display: {}", ready.display_code);
    for (name, code) in &ready.team_codes {
        println!("team «{name}»: {code}");
    }
    println!();
    println!("Open a terminal with: minuta join '<code>'   (Ctrl-C stops the server)");
}

fn export_to(data: &Path, format: Format, out: Option<&Path>) -> anyhow::Result<()> {
    let format = match format {
        Format::Json => ExportFormat::Json,
        Format::Csv => ExportFormat::Csv,
    };
    let text = export(data, format)?;
    match out {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?
        }
        None => print!("{text}"),
    }
    Ok(())
}

/// Exit 0 with one JSON object on stdout, or exit 2 with one line on stderr.
fn score(file: &Path) -> ExitCode {
    let text = match std::fs::read(file) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => {
                eprintln!("{}: not valid UTF-8", file.display());
                return ExitCode::from(2);
            }
        },
        Err(err) => {
            eprintln!("{}: cannot read: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    match minuta_shared::sheet::score_sheet(&text) {
        Ok(result) => {
            println!("{result}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("{err}");
            ExitCode::from(2)
        }
    }
}
