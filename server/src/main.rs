//! `minuta-server`: the command-line edge. Parses arguments, reports errors
//! with anyhow, and calls into the library; no game logic lives here.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};

use minuta_server::codes_pdf::{CodesOptions, export_codes};
use minuta_server::demo::{DemoConfig, DemoGame, FinishLine, MAX_ROBOTS};
use minuta_server::export::{ExportFormat, export, export_pdf};
use minuta_server::operator_lang::{Lang, error_line};
use minuta_server::{Ready, ServerConfig};
use minuta_shared::ids::GameId;

mod start;
mod teams_cli;

/// mimalloc, not the system's malloc: after a flood of connections glibc
/// kept every page they had used (60 MB of a 20 MB server, for good);
/// mimalloc gives freed pages back to the system (RELIABILITY.md, «Memory
/// return»).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "minuta-server",
    version = minuta_shared::version::long(),
    about = "Minuta: the game server for intellectual team games in a hall"
)]
struct Cli {
    /// None (no arguments, a double-click): `start` with its defaults.
    #[command(subcommand)]
    command: Option<Command>,
}

/// Where browsers join: the page and its WebSocket (TCP).
#[derive(clap::Args)]
struct WebArgs {
    /// The TCP port browsers join on (default: the QUIC port's number).
    #[arg(long, conflicts_with = "no_web")]
    web_port: Option<u16>,
    /// Let no browser join: no page, no WebSocket.
    #[arg(long)]
    no_web: bool,
    /// The browser terminal's files (scripts/build-web.sh); default: the
    /// environment variable MINUTA_WEB_DIR, else target/web of the source
    /// tree.
    #[arg(long, value_name = "DIR")]
    web_bundle: Option<PathBuf>,
}

impl WebArgs {
    /// The TCP port for a server listening on `listen` (None: no web).
    fn port(&self, listen: SocketAddr) -> Option<u16> {
        (!self.no_web).then(|| self.web_port.unwrap_or(listen.port()))
    }
}

#[derive(Subcommand)]
enum Command {
    /// Run a real game from the documents folder, open the host's
    /// dashboard in the browser and say where the teams go (what running
    /// minuta-server with no arguments does, e.g. a double-click on Windows).
    Start(start::StartArgs),
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
        /// Begin a new store when the one in --data is unusable (empty,
        /// not a Minuta store, damaged): it is moved aside to
        /// minuta.sqlite3.broken-<UTC time>, never deleted. A usable store
        /// is refused: move it away yourself to start over.
        #[arg(long)]
        new: bool,
        /// Also print the join codes of every team's two ломтики (Нептун's
        /// Сэндвич: «<team>-верх», «<team>-низ»), each for its own terminal.
        #[arg(long)]
        slice_codes: bool,
        /// Do not announce the server on the hall's network (mDNS/DNS-SD,
        /// `_minuta._udp`): terminals then join by the join codes only.
        /// Also set by the environment variable MINUTA_NO_MDNS=1.
        #[arg(long, env = "MINUTA_NO_MDNS", value_parser = clap::builder::FalseyValueParser::new())]
        no_mdns: bool,
        #[command(flatten)]
        web: WebArgs,
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
        /// The game the demo sets up: «Что? Где? Когда?», «Мультиигры» (six
        /// tours of two tasks, appeals decided by a robot jury),
        /// «Брейн-ринг» (robot teams at the buttons: qualifying rounds, the
        /// play-off, the final), «Эрудит-квартет» (eight teams drawn into
        /// two groups of four, robot captains' line-ups and robot players at
        /// the buttons, then the final), or the festival (day one: ChGK
        /// tours, each after a Мультиигры tour; day two: Brain-ring and
        /// Эрудит-квартет qualified from day one's ChGK standings), or
        /// «Нептун» (its six contests, shortened by --neptune-questions,
        /// with robot captains and ломтики and the auction's live bidding).
        #[arg(long, value_enum, default_value_t = DemoGame::default())]
        game: DemoGame,
        /// Нептун: questions (Блицкриг: blocks) per contest, 1 to 12; a
        /// contest never plays more than the rules' 12/6/3/6/7/8.
        #[arg(long, default_value_t = minuta_server::demo::neptune::DEFAULT_QUESTIONS)]
        neptune_questions: u32,
        /// Length of the demo's minute in whole seconds (1 to 3600): the ChGK
        /// and the Brain-ring minute, a Мультиигры task's time (one or two
        /// minutes), and — in proportion to the rules' 60 s — every other
        /// duration (signals, grace, Brain-ring's 20 s, Эрудит-квартет's
        /// line-up windows and 5 s of silence, the autopilot's and the
        /// jury's pauses).
        #[arg(long, default_value_t = 60)]
        minute: u64,
        /// How many of the teams robots play (1 to 60; at least 2 for
        /// Brain-ring and the festival): the first registered; the others
        /// are free for people, their join codes printed as such. Default:
        /// all but the last team. An empty store gets the game's teams (8
        /// for Эрудит-квартет and the festival, else 6), or as many as
        /// robots if more.
        #[arg(long)]
        robots: Option<usize>,
        /// Seed of the robots' choices: the same seed, the same answers.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Exit (0) once every game of the programme has been played to its
        /// end, leaving the store in --data.
        #[arg(long)]
        run_to_end: bool,
        /// Leave the host controls to a person: robots only answer.
        #[arg(long)]
        no_autopilot: bool,
        /// As for `serve`: let the thread sleep while buttons are live.
        #[arg(long)]
        no_busy_poll: bool,
        /// As for `serve`: set an unusable store aside and begin a new one.
        #[arg(long)]
        new: bool,
        /// Do not announce the server on the hall's network (mDNS/DNS-SD,
        /// `_minuta._udp`): terminals then join by the join codes only.
        /// Also set by the environment variable MINUTA_NO_MDNS=1.
        #[arg(long, env = "MINUTA_NO_MDNS", value_parser = clap::builder::FalseyValueParser::new())]
        no_mdns: bool,
        #[command(flatten)]
        web: WebArgs,
    },
    /// Check a question package before the game: print it as pretty JSON.
    ///
    /// The JSON is the package as the game loads it: title, editors, date,
    /// info, and `tours` (ChGK tours, or rounds of a themed game or of a
    /// SIGame package), each with its `title`, `battle` (the fight of `#B`,
    /// or null), `themes` (title, authors, comment) and `questions`: every
    /// question an object with every field (number, kind, text, parts,
    /// handout, answer, answer_parts, accepted, rejected, comment, sources,
    /// authors, theme, value, price).
    /// A package that cannot be read: exit 2, the reason on one line.
    Package {
        /// The package file (.4s, or SIGame's .siq).
        file: PathBuf,
        /// The text's encoding, when it cannot be told from the text:
        /// utf-8, windows-1251 (cp1251), koi8-r, ibm866, utf-16le … (a .siq
        /// says its own)
        #[arg(long, value_name = "E")]
        encoding: Option<String>,
    },
    /// Score a game from a JSON scoresheet and print the standings as JSON.
    Score {
        /// The scoresheet (JSON, UTF-8).
        file: PathBuf,
    },
    /// Write the standings from a store as JSON or CSV, or the jury's PDF protocol.
    ///
    /// JSON: the ChGK standings and questions; with Brain-ring data (seeded
    /// teams or any fight) also a `brain_ring` object: stage, champion,
    /// final places, the qualifying table and every fight with its
    /// questions, appeals and full press log (arrival µs, offset from
    /// arming, round trip, clock offset, kind).
    ///
    /// JSON also has a `games` array: per game of the programme (a
    /// Мультиигры tournament, …) its `id`, `name`, `format` and
    /// `standings`, exactly as `minuta-server score` prints them for the
    /// game's scoresheet; and a `festival` array (2.2): per tournament of
    /// the event (ChGK, each game, Brain-ring) its `name`, `format` and
    /// `places`, each `{team, place, prize}` — every team placed ("3-4"
    /// when shared), prize 1, 2, 3 or null; empty for a lone ChGK night.
    ///
    /// CSV: the ChGK table (place,team,town,points,rating,mask), unchanged;
    /// with Brain-ring data, then a blank line and the Brain-ring
    /// qualifying table (brain_ring_place,team,points,difference,taken,fights),
    /// and once the champion is known another blank line and the final
    /// places (brain_ring_final_place,team). The press log is in the JSON only.
    ///
    /// Sheet (`--format sheet --game ID`): that game's scoresheet as pretty
    /// JSON, for `minuta-server score`.
    ///
    /// Rating: the event's ChGK results in the rating site's shape (per
    /// team its site id, name, town, mask, questionsTotal, position, roster,
    /// controversials and appeals); docs/running-a-game.md lists the fields.
    ///
    /// Rating-csv, rating-roster, rating-json: the files a venue sends the
    /// rating site — the results (`idteam,команда,город,номер тура,q1,…`,
    /// each cell 1, 0, blank, or an undecided disputed answer's text), the
    /// roster (`idteam,команда,город,признак,idplayer,Ф,И,О`) and the
    /// results as the site's JSON body; docs/running-a-game.md, «Rating site».
    ///
    /// Pdf: the jury's printable protocol of the event, in Russian — the
    /// standings, every question with its cards and verdicts, the
    /// Мультиигры tasks and credit, every Brain-ring fight with its press
    /// log, the appeals with their decisions, and the lines the host, the
    /// jury and the appeal jury sign. A binary file: give `--out`, or
    /// redirect standard output (it is refused on a terminal).
    ///
    /// Backup (`--format backup --out FILE`): a consistent copy of the
    /// store, one self-contained SQLite file, safe to take while the server
    /// runs; `minuta-server restore FILE` starts from it.
    Export {
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// The game of the programme whose scoresheet `--format sheet`
        /// writes (its `id` in the JSON export's `games`).
        #[arg(long, value_name = "ID")]
        game: Option<u32>,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// `--format codes`: the certificate folder the server uses (its
        /// fingerprint is in every code; made there if there is none yet).
        /// By default the data folder's `certs` where there is one (as
        /// `minuta host` keeps it), else `certs`, as `serve`'s default.
        #[arg(long)]
        certs: Option<PathBuf>,
        /// `--format codes`: where the hall's terminals reach the server
        /// (IP:PORT); by default the addresses it last served at.
        #[arg(long, value_name = "HOST:PORT")]
        address: Option<SocketAddr>,
        /// `--format codes`: the hall's Wi-Fi printed on every team's card,
        /// e.g. "Minuta / 12345678"; a blank line to fill in when not given.
        #[arg(long, value_name = "NAME / PASSWORD")]
        wifi: Option<String>,
    },
    /// Start from a backup: put a file made by `export --format backup`
    /// (or the dashboard's «Резервная копия») into a data folder as its
    /// store, then serve it with `minuta-server serve --data DIR`.
    ///
    /// The file is checked first (an SQLite file, a Minuta store this
    /// version reads, every event readable); a data folder that already
    /// holds a store is refused, never overwritten.
    Restore {
        /// The backup file.
        file: PathBuf,
        /// The data folder to restore into (made if missing; it must hold
        /// no store yet).
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
    },
    /// The tournament's teams in bulk (docs/running-a-game.md, «Rating site»).
    Teams {
        #[command(subcommand)]
        command: teams_cli::TeamsCommand,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Csv,
    Sheet,
    Rating,
    Pdf,
    /// The join codes on paper: a card per team, eight to an A4 page.
    Codes,
    /// The rating site's results file: a row per team per tour.
    RatingCsv,
    /// The rating site's roster file (`teams import` reads it back).
    RatingRoster,
    /// The results body a venue's representative sends the rating site.
    RatingJson,
    /// A consistent copy of the store, for `minuta-server restore` (binary:
    /// needs --out).
    Backup,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli
        .command
        .unwrap_or_else(|| Command::Start(start::DoubleClick::parse_from(["minuta-server"]).args));
    match command {
        Command::Start(args) => start_game(args),
        Command::Score { file } => score(&file),
        Command::Package { file, encoding } => package(&file, encoding.as_deref()),
        Command::Serve {
            listen,
            data,
            certs,
            no_busy_poll,
            new,
            slice_codes,
            no_mdns,
            web,
        } => report(set_aside_if(new, &data).and_then(|()| {
            let config = ServerConfig {
                listen,
                data_dir: data,
                cert_dir: certs,
                demo: None,
                busy_poll: !no_busy_poll,
                net: Default::default(),
                web_port: web.port(listen),
                web_bundle: web.web_bundle,
            };
            serve_until(config, None, slice_codes, !no_mdns, None).map(|_| ())
        })),
        Command::Demo {
            listen,
            data,
            certs,
            game,
            neptune_questions,
            minute,
            robots,
            seed,
            run_to_end,
            no_autopilot,
            no_busy_poll,
            new,
            no_mdns,
            web,
        } => {
            if let Err(err) = set_aside_if(new, &data) {
                return report(Err(err));
            }
            if minute == 0 || minute > 3600 {
                eprintln!(
                    "{}",
                    lang().pick(
                        format!("--minute: {minute} — не длина от 1 до 3600 секунд"),
                        format!("--minute: {minute} is not a length from 1 to 3600 seconds")
                    )
                );
                return ExitCode::from(2);
            }
            if neptune_questions == 0 || neptune_questions > 12 {
                eprintln!(
                    "{}",
                    lang().pick(
                        format!("--neptune-questions: {neptune_questions} — не число вопросов от 1 до 12"),
                        format!("--neptune-questions: {neptune_questions} is not a number of questions from 1 to 12")
                    )
                );
                return ExitCode::from(2);
            }
            if let Some(robots) = robots {
                if robots == 0 || robots > MAX_ROBOTS {
                    eprintln!(
                        "{}",
                        lang().pick(
                            format!("--robots: {robots} — не число команд от 1 до {MAX_ROBOTS}"),
                            format!(
                                "--robots: {robots} is not a number of teams from 1 to {MAX_ROBOTS}"
                            )
                        )
                    );
                    return ExitCode::from(2);
                }
                // A button game seeds the teams in the hall: robots enough
                // that a fight can be played with nobody joining.
                let least = game.least_robots();
                if robots < least {
                    eprintln!(
                        "{}",
                        lang().pick(
                            format!(
                                "--robots: {robots} — мало для этой игры (--game {} — не меньше {least})",
                                game.name()
                            ),
                            format!(
                                "--robots: {robots} is too few for this game (--game {} needs at least {least})",
                                game.name()
                            )
                        )
                    );
                    return ExitCode::from(2);
                }
            }
            let teams = robots.unwrap_or(0).max(game.default_teams());
            let finish_line = run_to_end.then(FinishLine::new);
            let demo = DemoConfig {
                minute: Duration::from_secs(minute),
                autopilot: !no_autopilot,
                seed,
                game,
                teams,
                robots,
                finish_line: finish_line.clone(),
                news: None,
                neptune_questions,
            };
            let robots = robots.unwrap_or(teams - 1);
            println!(
                "demo: {}, a {minute}-s minute, seed {seed} (an empty store gets {teams} teams, {robots} of them robots)",
                demo.game.name()
            );
            if demo.autopilot {
                println!(
                    "demo: the autopilot host runs the game; any command from the host code takes over for {} s",
                    demo.stand_aside().as_secs()
                );
            }
            let stored = data.clone();
            let config = ServerConfig {
                listen,
                data_dir: data,
                cert_dir: certs,
                demo: Some(demo),
                busy_poll: !no_busy_poll,
                net: Default::default(),
                web_port: web.port(listen),
                web_bundle: web.web_bundle,
            };
            report(
                serve_until(config, finish_line, false, !no_mdns, None).map(|ended| {
                    if ended == Ended::Finished {
                        println!(
                            "demo: every game has been played to its end; the store is in {}",
                            stored.display()
                        );
                    }
                }),
            )
        }
        Command::Export {
            data,
            format,
            game,
            out,
            certs,
            address,
            wifi,
        } => {
            let certs = certs.unwrap_or_else(|| {
                let beside = data.join("certs");
                if beside.is_dir() {
                    beside
                } else {
                    PathBuf::from("certs")
                }
            });
            report(export_to(
                &data,
                format,
                game,
                out.as_deref(),
                (
                    &certs,
                    // The web port: the one the server last served at.
                    CodesOptions {
                        address,
                        wifi,
                        web_port: None,
                    },
                ),
            ))
        }
        Command::Restore { file, data } => report(restore_to(&file, &data)),
        Command::Teams { command } => teams_cli::run(command),
    }
}

/// `restore`: the backup made the store of `data`, and how to serve it.
fn restore_to(file: &Path, data: &Path) -> anyhow::Result<()> {
    minuta_server::store::restore(file, data)?;
    let store = minuta_server::store::db_path(data);
    let events = minuta_server::store::load(data)?.len();
    let serve = format!("minuta-server serve --data {}", quoted(data));
    println!(
        "{}",
        lang().pick(
            format!(
                "восстановлено: хранилище теперь {} (событий: {events})\nзапустите игру с него: {serve}",
                store.display()
            ),
            format!(
                "restored: the store is now {} ({events} events)\nserve it with: {serve}",
                store.display()
            )
        )
    );
    Ok(())
}

/// A path as one word of a command line: in double quotes when it has a
/// space or a quote (which the shells and Windows' console read alike).
fn quoted(path: &Path) -> String {
    let text = path.display().to_string();
    if text.is_empty() || text.contains(|c: char| c.is_whitespace() || "'\"$`&|;<>()".contains(c)) {
        format!("\"{text}\"")
    } else {
        text
    }
}

/// `start`, or no arguments: serve from the game's folder, welcome the
/// host; a failure waits for Enter so a double-clicked window can be read.
fn start_game(args: start::StartArgs) -> ExitCode {
    let lang = lang();
    let (config, welcome) = args.plan(lang);
    let mdns = welcome.mdns;
    let result = serve_until(config, None, false, mdns, Some(&welcome)).map(|_| ());
    let taken = result.as_ref().err().is_some_and(start::port_taken);
    let code = report(result);
    if code != ExitCode::SUCCESS {
        if taken {
            println!("{}", start::already_running(lang));
        }
        start::hold_the_window(lang);
    }
    code
}

/// `--new`: an unusable store is moved aside (and said so) before the
/// server opens the data directory; a usable one is refused.
fn set_aside_if(new: bool, data: &Path) -> anyhow::Result<()> {
    if !new {
        return Ok(());
    }
    match minuta_server::set_aside_damaged_store(data)? {
        minuta_server::store::SetAside::Nothing => {}
        minuta_server::store::SetAside::Moved { to, why } => eprintln!(
            "{}",
            lang().pick(
                format!(
                    "--new: хранилище было непригодно ({why}); оно сохранено как {} и начинается новое",
                    to.display()
                ),
                format!(
                    "--new: the store was unusable ({why}); it is kept as {} and a new store begins",
                    to.display()
                )
            )
        ),
    }
    Ok(())
}

/// The person's language, by the locale (`LANG=ru_RU.UTF-8`: Russian).
fn lang() -> Lang {
    Lang::from_env()
}

/// A failure in the person's language, each clause once.
fn report(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("{}", error_line(lang(), err.as_ref()));
            ExitCode::FAILURE
        }
    }
}

/// How a server run ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// Ctrl-C or SIGTERM.
    Stopped,
    /// A demo run to its end.
    Finished,
}

/// Serves until a stop signal or, when given, the demo's finish line; either
/// way stops cleanly, with everything acknowledged stored. `slice_codes`:
/// print the ломтики's codes too; `mdns`: announce the server in the hall.
fn serve_until(
    config: ServerConfig,
    finish_line: Option<FinishLine>,
    slice_codes: bool,
    mdns: bool,
    welcome: Option<&start::Welcome>,
) -> anyhow::Result<Ended> {
    // A double-clicked window shows the welcome, not the log's routine.
    let routine = if welcome.is_some() {
        "minuta_server=warn"
    } else {
        "minuta_server=info"
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| routine.into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        // A log that cannot be written (a full disk under a redirected
        // stderr) is lost, never a panic: tracing's fallback is eprintln!,
        // which panics when stderr fails, and would kill the store's writer.
        .log_internal_errors(false)
        .init();
    end_on_panic();
    // One thread: on two cores it gave the stablest tails (STACK.md).
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the runtime")?;
    runtime.block_on(async {
        let running = minuta_server::start(config).await?;
        print_ready(&running.ready, slice_codes);
        // Held until the server stops: dropping it says goodbye to the hall.
        let _announced = mdns.then(|| announce(&running.ready)).flatten();
        if let Some(welcome) = welcome {
            welcome.greet(&running);
        }
        let silence = async {
            match welcome {
                Some(welcome) => welcome.watch_for_silence(&running).await,
                None => std::future::pending().await,
            }
        };
        let ended = match finish_line {
            Some(line) => tokio::select! {
                r = wait_for_stop_signal() => r.map(|()| Ended::Stopped)?,
                () = line.reached() => Ended::Finished,
                () = silence => Ended::Stopped,
            },
            None => tokio::select! {
                r = wait_for_stop_signal() => r.map(|()| Ended::Stopped)?,
                () = silence => Ended::Stopped,
            },
        };
        eprintln!(
            "{}",
            lang().pick(
                "остановка: всё подтверждённое сохранено",
                "stopping: everything acknowledged is stored"
            )
        );
        running.shutdown().await;
        Ok(ended)
    })
}

/// A panic anywhere (the core, the store's writer, a connection's task)
/// ends the server with a clear line after the panic's own: going on could
/// acknowledge what was never stored. Everything acknowledged is stored
/// already; the next start replays the store.
fn end_on_panic() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        report(info);
        eprintln!(
            "{}",
            lang().pick(
                "внутренняя ошибка: сервер остановлен. Всё подтверждённое сохранено; запустите его снова — игра продолжится с сохранённого",
                "internal error: the server has stopped. Everything acknowledged is stored; start it again and the game goes on from the store"
            )
        );
        std::process::exit(70);
    }));
}

/// Announces the server on the hall's network; a failure is said and the
/// server runs on (join codes need no announcement).
fn announce(ready: &Ready) -> Option<minuta_server::lan::Advertiser> {
    match minuta_server::lan::advertise(ready) {
        Ok(advertiser) => {
            println!(
                "announced in the hall as {} (mDNS, --no-mdns to stop)",
                advertiser.fullname()
            );
            Some(advertiser)
        }
        Err(e) => {
            eprintln!("{e}");
            None
        }
    }
}

/// Ctrl-C, or SIGTERM from a service manager; on Windows also the console
/// window closed, Ctrl-Break, logging off or shutting down: each stops the
/// server cleanly (what was acknowledged is stored already, so a system
/// that ends the process before the goodbye loses nothing of it).
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
    #[cfg(windows)]
    {
        use tokio::signal::windows;
        let mut close = windows::ctrl_close().context("listening for the console's closing")?;
        let mut brk = windows::ctrl_break().context("listening for Ctrl-Break")?;
        let mut logoff = windows::ctrl_logoff().context("listening for logging off")?;
        let mut shutdown = windows::ctrl_shutdown().context("listening for shutting down")?;
        tokio::select! {
            r = tokio::signal::ctrl_c() => r.context("waiting for Ctrl-C")?,
            _ = close.recv() => {}
            _ = brk.recv() => {}
            _ = logoff.recv() => {}
            _ = shutdown.recv() => {}
        }
    }
    #[cfg(not(any(unix, windows)))]
    tokio::signal::ctrl_c()
        .await
        .context("waiting for Ctrl-C")?;
    Ok(())
}

fn print_ready(ready: &Ready, slice_codes: bool) {
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
    // Each code's web link (issue 24) under it, for a browser.
    let web = |code: &str| {
        if let Some(link) = ready.web_link(code) {
            println!("    в браузере (in a browser): {link}");
        }
    };
    println!("host:    {}", ready.host_code);
    web(&ready.host_code);
    println!("display: {}", ready.display_code);
    web(&ready.display_code);
    println!("jury:    {}", ready.jury_code);
    web(&ready.jury_code);
    for (name, code) in &ready.team_codes {
        println!("team «{name}»: {code}");
        web(code);
    }
    // Typed on a terminal in the same hall, found through mDNS
    // (docs/running-a-game.md, «Short codes»): weaker than the long code, handy when no QR reaches.
    println!();
    for (name, short) in ready.short_codes() {
        println!("short code (короткий код) «{name}»: {short}");
    }
    if slice_codes {
        for (name, code) in ready.slice_codes() {
            println!("ломтик (slice) «{name}»: {code}");
            web(&code);
        }
    }
    // The demo's team without a robot, set apart so a newcomer finds it.
    for (name, code) in ready.free_team_codes() {
        println!();
        println!("свободная команда для человека (free team for a person): «{name}»");
        println!("    minuta join '{code}'");
        web(code);
        if let Some((_, short)) = ready.short_codes().into_iter().find(|(n, _)| n == name) {
            println!("    short code (короткий код): {short}");
        }
    }
    println!();
    println!("Open a terminal with: minuta join '<code>'   (Ctrl-C stops the server)");
    if let Some(site) = ready.web_site() {
        println!(
            "В браузере: web-ссылка кода, или {site} и короткий код (in a browser: a code's web link, or {site} and a short code)"
        );
    }
}

/// `codes`: the certificate folder and the options of `--format codes`.
fn export_to(
    data: &Path,
    format: Format,
    game: Option<u32>,
    out: Option<&Path>,
    codes: (&Path, CodesOptions),
) -> anyhow::Result<()> {
    let format = match (format, game) {
        (Format::Pdf, None) => return binary_to(out, || Ok(export_pdf(data)?)),
        (Format::Backup, None) => {
            if out.is_none() {
                anyhow::bail!(lang().pick(
                    "резервная копия — двоичный файл: укажите --out ФАЙЛ",
                    "a backup is a binary file: give --out FILE"
                ));
            }
            return binary_to(out, || Ok(minuta_server::store::backup(data)?));
        }
        (Format::Pdf | Format::Codes | Format::Backup, Some(_)) => {
            anyhow::bail!(
                "--game is for --format sheet only (the PDF protocol and the backup have every game)"
            )
        }
        (Format::Json, None) => ExportFormat::Json,
        (Format::Csv, None) => ExportFormat::Csv,
        (Format::Rating, None) => ExportFormat::Rating,
        (Format::RatingCsv, None) => ExportFormat::RatingCsv,
        (Format::RatingRoster, None) => ExportFormat::RatingRoster,
        (Format::RatingJson, None) => ExportFormat::RatingJson,
        (Format::Sheet, Some(game)) => ExportFormat::Sheet(GameId(game)),
        (Format::Codes, None) => {
            let (certs, options) = codes;
            return binary_to(out, || Ok(export_codes(data, certs, options)?));
        }
        (Format::Sheet, None) => anyhow::bail!(
            "--format sheet needs --game ID (the game's id in the `games` of --format json)"
        ),
        (
            Format::Json
            | Format::Csv
            | Format::Rating
            | Format::RatingCsv
            | Format::RatingRoster
            | Format::RatingJson,
            Some(_),
        ) => {
            anyhow::bail!("--game is for --format sheet only (json lists every game's standings)")
        }
    };
    let text = export(data, format)?;
    match out {
        Some(path) => std::fs::write(path, text).with_context(|| writing(path))?,
        None => print!("{text}"),
    }
    Ok(())
}

/// A PDF (the protocol, the codes) or a backup to `out`, or to standard
/// output when that is a file or a pipe (never a backup's: it needs
/// `--out`); a terminal would only show binary noise, so it is refused
/// before the store is read.
fn binary_to(
    out: Option<&Path>,
    make: impl FnOnce() -> anyhow::Result<Vec<u8>>,
) -> anyhow::Result<()> {
    use std::io::{IsTerminal, Write};
    if out.is_none() && std::io::stdout().is_terminal() {
        anyhow::bail!(lang().pick(
            "этот формат — двоичный файл (PDF): укажите --out файл.pdf (или перенаправьте стандартный вывод в файл)",
            "this format writes a binary file (PDF): give --out file.pdf (or redirect standard output to a file)"
        ));
    }
    let pdf = make()?;
    match out {
        Some(path) => std::fs::write(path, pdf).with_context(|| writing(path))?,
        None => std::io::stdout()
            .lock()
            .write_all(&pdf)
            .context("writing the PDF to standard output")?,
    }
    Ok(())
}

/// The context of a file that could not be written.
fn writing(path: &Path) -> String {
    lang().pick(
        format!("запись {}", path.display()),
        format!("writing {}", path.display()),
    )
}

/// Exit 0 with the package as pretty JSON on stdout, or exit 2 with one
/// line on stderr.
fn package(file: &Path, encoding: Option<&str>) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("{}: cannot read: {err}", file.display());
            return ExitCode::from(2);
        }
    };
    // The whole path, not just the name: errors then say which file, and
    // the importer takes the extension from the last component.
    let name = file.to_string_lossy();
    let parsed = match encoding {
        Some(encoding) => minuta_shared::packages::parse_package_as(&name, &bytes, encoding),
        None => minuta_shared::packages::parse_package(&name, &bytes),
    };
    let json = parsed.map_err(|err| err.to_string()).and_then(|package| {
        serde_json::to_string_pretty(&package).map_err(|err| format!("{}: {err}", file.display()))
    });
    match json {
        Ok(json) => {
            // `minuta-server package big.siq | head` closes the pipe early:
            // that is the reader's choice, not a failure to report.
            use std::io::Write;
            match writeln!(std::io::stdout().lock(), "{json}") {
                Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
                    eprintln!("writing the package: {err}");
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            }
        }
        Err(why) => {
            eprintln!("{why}");
            ExitCode::from(2)
        }
    }
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
    match minuta_shared::play::score::score_sheet(&text) {
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
