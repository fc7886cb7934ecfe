//! `minuta`: the desktop app. `minuta` opens the join screen (listing the
//! servers found in the hall); `minuta join CODE` or `minuta minuta://…`
//! (what a join code's QR opens) connects at once; `minuta install-scheme`
//! makes this program the handler of `minuta://`; `minuta host` runs the server in this process and
//! opens the host dashboard on it (one laptop, one program); `minuta demo`
//! does the same with a demo tournament whose robot teams answer by
//! themselves.

#[cfg(feature = "embedded-server")]
use std::net::SocketAddr;
#[cfg(feature = "embedded-server")]
use std::path::PathBuf;
#[cfg(feature = "embedded-server")]
use std::time::Duration;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use minuta_client::app::MinutaApp;
use minuta_client::i18n::{self, Lang};
use minuta_client::shell::Start;
#[cfg(feature = "embedded-server")]
use minuta_client::shell::native::server::{InProcess, ServerStart};
use minuta_client::shell::native::{NativeShell, Sound};

/// As the server's (`minuta-server`): `minuta host` and `minuta demo` run
/// the server in this process, and mimalloc gives the memory a flood of
/// connections used back to the system, where glibc's malloc kept it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "minuta",
    version = minuta_shared::version::long(),
    about = "Minuta: a team's terminal, the host's dashboard and the hall's projector for intellectual team games"
)]
struct Cli {
    /// Interface language: ru (default) or en.
    #[arg(long, global = true, default_value = "ru", value_parser = parse_lang)]
    lang: Lang,
    /// No sound for the clock's signals.
    #[arg(long, global = true)]
    mute: bool,
    /// Let the CPU sleep while a Brain-ring question is in play: by default
    /// a team laptop's network thread (and, with `host` or `demo`, the
    /// server's) keeps one core busy polling then, so a press leaves (and
    /// is stamped) at once. Saves battery; a press may take longer.
    #[arg(long, global = true)]
    no_busy_poll: bool,
    /// Neither look for servers in the hall (the join screen's list) nor,
    /// with `host` or `demo`, announce this one (mDNS/DNS-SD). Also set by
    /// the environment variable MINUTA_NO_MDNS=1.
    #[arg(long, global = true, env = "MINUTA_NO_MDNS", value_parser = clap::builder::FalseyValueParser::new())]
    no_mdns: bool,
    /// A join code as a link, minuta://… (what the system passes when a
    /// join code's QR or link is opened): connects at once.
    #[arg(value_name = "MINUTA_URL")]
    url: Option<String>,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Join a game with the code the host gave you (team, judge, jury, display or host).
    Join {
        /// The join code, minuta://…
        code: String,
    },
    /// Make this program the handler of minuta:// links for this user
    /// (Linux: a desktop entry and xdg-mime; Windows: the registry).
    InstallScheme,
    /// Run the server inside this app and open the host dashboard.
    #[cfg(feature = "embedded-server")]
    Host {
        /// Where the game is stored (and the certificate, in DIR/certs).
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
        /// Address and UDP port to listen on; every interface by default so
        /// team laptops can join.
        #[arg(long, default_value = "0.0.0.0:4433")]
        listen: SocketAddr,
        /// Begin a new store when the one in --data is unusable (empty, not
        /// a Minuta store, damaged); it is kept aside as
        /// minuta.sqlite3.broken-<UTC time>. A usable store is refused.
        #[arg(long)]
        new: bool,
    },
    /// A demo game: a server with robot teams in this app, and its host dashboard.
    #[cfg(feature = "embedded-server")]
    Demo {
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
        /// This machine only by default; 0.0.0.0:4433 lets other laptops join.
        #[arg(long, default_value = "127.0.0.1:4433")]
        listen: SocketAddr,
        /// Length of the ChGK minute in seconds.
        #[arg(long, default_value_t = 60)]
        minute: u64,
        /// Run the game yourself: the robots only answer.
        #[arg(long)]
        no_autopilot: bool,
        /// Which game the demo plays: ChGK, Мультиигры, Brain-ring,
        /// Эрудит-квартет, Нептун (its six contests, shortened), or the
        /// whole festival programme.
        #[arg(long, value_enum, default_value_t = minuta_server::demo::DemoGame::default())]
        game: minuta_server::demo::DemoGame,
        /// Нептун: questions (Блицкриг: blocks) per contest, 1 to 12, as the
        /// server's demo takes it; a contest never plays more than the
        /// rules' 12/6/3/6/7/8.
        #[arg(long, default_value_t = minuta_server::demo::neptune::DEFAULT_QUESTIONS,
              value_parser = clap::value_parser!(u32).range(1..=12))]
        neptune_questions: u32,
        /// As for `host`: set an unusable store aside and begin a new one.
        #[arg(long)]
        new: bool,
    },
}

/// The in-process server, for `minuta host` / `minuta demo`; nothing in a
/// terminal-only build.
#[cfg(feature = "embedded-server")]
type Server = InProcess;
#[cfg(not(feature = "embedded-server"))]
type Server = ();

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::parse(s).ok_or_else(|| format!("«{s}»: ru or en"))
}

/// Every message to the person is in `--lang`, errors too; so `main`
/// prints its own, not anyhow's English «Error: …».
fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "warn,minuta_client=info".into()),
        )
        // A log that cannot be written (a full disk under a redirected
        // stderr) is lost, never a panic: tracing's fallback is eprintln!,
        // which panics when stderr fails, and would kill the store's writer.
        .log_internal_errors(false)
        .init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("minuta: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let lang = cli.lang;
    let mdns = !cli.no_mdns;
    let join = |code: &str| {
        minuta_client::scheme::url_argument(code).map_err(|e| i18n::join_code_error(lang, &e))
    };
    #[cfg(feature = "embedded-server")]
    let busy = !cli.no_busy_poll;
    #[cfg(feature = "embedded-server")]
    let server = |listen, demo| ServerStart {
        lang,
        listen,
        demo,
        busy_poll: busy,
        mdns,
    };
    let (start, in_process): (Start, Option<Server>) = match (cli.command, cli.url) {
        (None, None) => (Start::JoinScreen, None),
        (None, Some(url)) => (Start::Join(join(&url)?), None),
        (Some(Cmd::Join { code }), _) => (Start::Join(join(&code)?), None),
        (Some(Cmd::InstallScheme), _) => return install_scheme(lang),
        #[cfg(feature = "embedded-server")]
        (Some(Cmd::Host { data, listen, new }), _) => host(server(listen, None), data, new),
        #[cfg(feature = "embedded-server")]
        (
            Some(Cmd::Demo {
                data,
                listen,
                minute,
                no_autopilot,
                game,
                neptune_questions,
                new,
            }),
            _,
        ) => {
            let demo = minuta_server::demo::DemoConfig {
                minute: Duration::from_secs(minute.clamp(1, 3600)),
                autopilot: !no_autopilot,
                game,
                // All but the last team robots: its code is free for a person.
                teams: game.default_teams(),
                robots: None,
                neptune_questions,
                ..minuta_server::demo::DemoConfig::default()
            };
            host(server(listen, Some(demo)), data, new)
        }
    };
    #[cfg(not(feature = "embedded-server"))]
    let _ = &in_process;
    let (muted, busy_poll) = (cli.mute, !cli.no_busy_poll);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1100.0, 760.0])
            .with_title("Минута"),
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "minuta",
        options,
        Box::new(move |cc| {
            let sound = if muted {
                Sound::silent()
            } else {
                let ctx = cc.egui_ctx.clone();
                Sound::open(move || ctx.request_repaint())
            };
            #[allow(unused_mut)] // A terminal-only build has no server.
            let mut shell = NativeShell::new(sound);
            // The server (and its announcement) lives as long as the window.
            #[cfg(feature = "embedded-server")]
            if let Some(server) = in_process {
                shell = shell.with_server(server);
            }
            let app = MinutaApp::new(
                cc.egui_ctx.clone(),
                lang,
                muted,
                busy_poll,
                start,
                Box::new(shell),
            );
            Ok(Box::new(if mdns { app.discover_the_hall() } else { app }))
        }),
    )
    .map_err(|e| match lang {
        Lang::Ru => format!("не удаётся открыть окно: {e}"),
        Lang::En => format!("cannot open the window: {e}"),
    })
}

/// `minuta install-scheme`: says where the handler was registered.
fn install_scheme(lang: Lang) -> Result<(), String> {
    match minuta_client::scheme::install() {
        Ok(place) => {
            println!("{}", i18n::lan::scheme_installed(lang, &place));
            Ok(())
        }
        Err(e) => Err(i18n::lan::scheme_error(lang, &e)),
    }
}

/// The first start of `host` / `demo`: the window opens whether it started
/// or not (then it says why).
#[cfg(feature = "embedded-server")]
fn host(server: ServerStart, data: PathBuf, new: bool) -> (Start, Option<Server>) {
    let (server, start) = InProcess::first(server, data, new);
    (start, Some(server))
}

#[cfg(all(test, feature = "embedded-server"))]
mod tests {
    use super::*;

    #[test]
    fn the_demo_plays_erudit_quartet_by_its_score_name() {
        let cli =
            Cli::try_parse_from(["minuta", "demo", "--game", "erudit-quartet"]).expect("parses");
        let Some(Cmd::Demo { game, .. }) = cli.command else {
            panic!("a demo")
        };
        assert_eq!(game, minuta_server::demo::DemoGame::EruditQuartet);
        assert_eq!(game.name(), "erudit-quartet");
    }

    #[test]
    fn the_demo_takes_neptune_questions_as_the_servers_demo_does() {
        let cli = Cli::try_parse_from([
            "minuta",
            "demo",
            "--game",
            "neptune",
            "--neptune-questions",
            "3",
        ])
        .expect("parses");
        let Some(Cmd::Demo {
            neptune_questions, ..
        }) = cli.command
        else {
            panic!("a demo")
        };
        assert_eq!(neptune_questions, 3);
        for wrong in ["0", "13", "три"] {
            assert!(
                Cli::try_parse_from(["minuta", "demo", "--neptune-questions", wrong]).is_err(),
                "{wrong} is refused"
            );
        }
    }

    #[test]
    fn the_demo_plays_neptune_by_its_score_name() {
        let cli = Cli::try_parse_from(["minuta", "demo", "--game", "neptune"]).expect("parses");
        let Some(Cmd::Demo { game, .. }) = cli.command else {
            panic!("a demo")
        };
        assert_eq!(game, minuta_server::demo::DemoGame::Neptune);
        assert_eq!(game.name(), "neptune");
    }

    #[test]
    fn busy_polling_is_on_unless_asked_off_before_or_after_the_subcommand() {
        let on = Cli::try_parse_from(["minuta", "host"]).expect("parses");
        assert!(!on.no_busy_poll);
        for args in [
            ["minuta", "--no-busy-poll", "host"],
            ["minuta", "host", "--no-busy-poll"],
        ] {
            let off = Cli::try_parse_from(args).expect("parses");
            assert!(off.no_busy_poll, "{args:?}");
        }
    }

    #[test]
    fn a_minuta_url_alone_is_the_code_to_join_and_subcommands_still_parse() {
        let url = "minuta://10.0.0.2:4433/team-1/s?fp=00";
        let cli = Cli::try_parse_from(["minuta", url]).expect("parses");
        assert_eq!(cli.url.as_deref(), Some(url));
        assert!(cli.command.is_none());
        let cli = Cli::try_parse_from(["minuta", "--lang", "en", url]).expect("parses");
        assert_eq!(cli.url.as_deref(), Some(url));
        for args in [&["minuta", "host"][..], &["minuta", "--lang", "en", "host"]] {
            let host = Cli::try_parse_from(args).expect("parses");
            assert!(matches!(host.command, Some(Cmd::Host { .. })) && host.url.is_none());
        }
        for args in [
            &["minuta", "install-scheme"][..],
            &["minuta", "--lang", "en", "install-scheme"],
        ] {
            let install = Cli::try_parse_from(args).expect("parses");
            assert!(
                matches!(install.command, Some(Cmd::InstallScheme)),
                "{args:?}"
            );
        }
    }

    #[test]
    fn the_hall_is_searched_unless_asked_not_to() {
        let on = Cli::try_parse_from(["minuta"]).expect("parses");
        // The test may run with MINUTA_NO_MDNS set: only the flag is checked.
        let off = Cli::try_parse_from(["minuta", "host", "--no-mdns"]).expect("parses");
        assert!(off.no_mdns);
        let _ = on;
    }

    #[test]
    fn an_unknown_language_is_refused_with_the_choices() {
        let err = Cli::try_parse_from(["minuta", "--lang", "de"])
            .err()
            .expect("refused");
        assert!(err.to_string().contains("ru or en"), "{err}");
    }
}
