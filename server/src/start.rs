//! `minuta-server` with no arguments (a double-click on Windows) or
//! `minuta-server start`: a real game served to the hall from the
//! organiser's documents folder, the host's dashboard opened in the default
//! browser, and what to tell the teams and the firewall, in the system's
//! language. What must not live here: serving itself (`serve_until` in
//! `main.rs`) or anything a game's rules decide.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use minuta_server::operator_lang::Lang;
use minuta_server::{Running, ServerConfig, ServerError};
use minuta_shared::join_code::JoinCode;

/// The port a double-clicked server serves on, UDP (QUIC) and TCP (browsers).
pub const PORT: u16 = 4433;

/// How long a server waits for anything from another machine before it
/// says what usually stands in the way (a firewall, another network).
pub const QUIET_FOR: Duration = Duration::from_secs(120);

/// `minuta-server start`'s options; no arguments at all means their defaults.
#[derive(clap::Args)]
pub struct StartArgs {
    /// The game's folder: its store in `data`, its certificate in `certs`
    /// (default: «Minuta» in the documents folder; also MINUTA_HOME).
    #[arg(long, env = "MINUTA_HOME", value_name = "DIR")]
    pub folder: Option<PathBuf>,
    /// Address and port (UDP, and TCP for browsers) to listen on (default:
    /// every interface, port 4433).
    #[arg(long)]
    pub listen: Option<SocketAddr>,
    /// Do not open the host's dashboard in the default browser.
    #[arg(long)]
    pub no_browser: bool,
    /// Do not announce the server on the hall's network (mDNS/DNS-SD,
    /// `_minuta._udp`): terminals then join by the join codes only.
    /// Also set by the environment variable MINUTA_NO_MDNS=1.
    #[arg(long, env = "MINUTA_NO_MDNS", value_parser = clap::builder::FalseyValueParser::new())]
    pub no_mdns: bool,
    /// Seconds to wait for a terminal from another machine before saying
    /// what may stand in the way.
    #[arg(long, hide = true, default_value_t = QUIET_FOR.as_secs())]
    pub quiet_for: u64,
}

/// `start` alone, for a run with no arguments: clap fills the defaults and
/// reads the environment (MINUTA_HOME, MINUTA_NO_MDNS) as for `start`.
#[derive(clap::Parser)]
#[command(name = "minuta-server")]
pub struct DoubleClick {
    #[command(flatten)]
    pub args: StartArgs,
}

/// What a double-clicked server says and does once it is up.
pub struct Welcome {
    pub folder: PathBuf,
    pub lang: Lang,
    pub open_browser: bool,
    /// Announce the server on the hall's network.
    pub mdns: bool,
    pub quiet_for: Duration,
}

impl StartArgs {
    /// The folder, the server's configuration and its welcome.
    pub fn plan(self, lang: Lang) -> (ServerConfig, Welcome) {
        let folder = self.folder.unwrap_or_else(default_folder);
        let listen = self
            .listen
            .unwrap_or(SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), PORT));
        let config = ServerConfig {
            listen,
            data_dir: folder.join("data"),
            cert_dir: folder.join("certs"),
            demo: None,
            busy_poll: true,
            net: Default::default(),
            web_port: Some(listen.port()),
            web_bundle: None,
        };
        let welcome = Welcome {
            folder,
            lang,
            open_browser: !self.no_browser,
            mdns: !self.no_mdns,
            quiet_for: Duration::from_secs(self.quiet_for),
        };
        (config, welcome)
    }
}

/// «Minuta» in the user's documents folder (`C:\Users\…\Documents`), else
/// in the home folder, else here.
pub fn default_folder() -> PathBuf {
    dirs::document_dir()
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("."))
        .join("Minuta")
}

impl Welcome {
    /// Says where the game lives, where the teams go and how to stop; opens
    /// the host's dashboard in the browser of this machine.
    pub fn greet(&self, running: &Running) {
        let ready = &running.ready;
        let lang = self.lang;
        let port = ready.local_addr.port();
        let host = ready
            .web_addr
            .and_then(|web| host_link(&ready.host_code, web.port()));
        println!();
        println!(
            "{}",
            lang.pick(
                "Минута: сервер игры работает.",
                "Minuta: the game server is running."
            )
        );
        println!(
            "  {} {}",
            lang.pick(
                "Папка игры (хранилище и сертификат):",
                "The game's folder (store and certificate):"
            ),
            self.folder.display()
        );
        match &host {
            Some(link) => {
                let opened = self.open_browser && open::that_detached(link).is_ok();
                if opened {
                    println!("{}", lang.pick(
                        "  Панель ведущего открывается в браузере. Если нет, откройте:",
                        "  The host's dashboard is opening in the browser. If it does not, open:",
                    ));
                } else {
                    println!(
                        "{}",
                        lang.pick(
                            "  Панель ведущего — откройте в браузере:",
                            "  The host's dashboard: open in a browser:"
                        )
                    );
                }
                println!("    {link}");
            }
            None => println!("{}", lang.pick(
                "  Браузеры отключены: ведущий входит приложением minuta по коду ведущего выше.",
                "  Browsers are off: the host joins with the minuta app and the host code above.",
            )),
        }
        if let Some(site) = ready.web_site() {
            println!(
                "{}",
                lang.pick(
                    "  Команды открывают в браузере телефона или ноутбука (в той же сети Wi-Fi):",
                    "  Teams open in a phone's or laptop's browser (on the same Wi-Fi):",
                )
            );
            println!("    {site}");
            println!(
                "{}",
                lang.pick(
                    "    и вводят короткий код своей команды, или сканируют QR со своей карточки.",
                    "    and type their team's short code, or scan the QR on their card.",
                )
            );
        }
        println!("{}", firewall_advice(lang, port));
        println!("{}", lang.pick(
            "  Остановить сервер: закройте это окно или нажмите Ctrl+C. Всё подтверждённое уже сохранено.",
            "  To stop the server, close this window or press Ctrl+C. Everything acknowledged is already stored.",
        ));
        println!();
    }

    /// After [`Welcome::quiet_for`] with nothing from another machine, says
    /// what usually stands in the way; then waits forever.
    pub async fn watch_for_silence(&self, running: &Running) {
        tokio::time::sleep(self.quiet_for).await;
        if !running.reached_from_elsewhere() {
            let port = running.ready.local_addr.port();
            let minutes = self.quiet_for.as_secs().div_ceil(60);
            println!();
            println!(
                "{}",
                self.lang.pick(
                    format!("Уже {minutes} мин. ни одно устройство не обратилось к серверу по сети. Если команды не могут подключиться:"),
                    format!("For {minutes} min nothing has reached the server from another device. If teams cannot join:"),
                )
            );
            println!("{}", self.lang.pick(
                "  • их телефоны и ноутбуки должны быть в той же сети (Wi-Fi), что и этот компьютер;",
                "  • their phones and laptops must be on the same network (Wi-Fi) as this computer;",
            ));
            println!("{}", firewall_advice(self.lang, port));
        }
        std::future::pending::<()>().await
    }
}

/// The host's web link on this machine (127.0.0.1), for its own browser.
fn host_link(host_code: &str, web_port: u16) -> Option<String> {
    let code = JoinCode::parse(host_code).ok()?;
    Some(code.web_link(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), web_port)))
}

/// What to let through the firewall, with the commands that do it.
fn firewall_advice(lang: Lang, port: u16) -> String {
    if cfg!(windows) {
        let commands = ["UDP", "TCP"].map(|protocol| {
            format!(
                "    netsh advfirewall firewall add rule name=\"Minuta {protocol} {port}\" dir=in action=allow protocol={protocol} localport={port}"
            )
        });
        let said = lang.pick(
            format!(
                "  Брандмауэр Windows должен пропускать входящие UDP и TCP на порт {port}: при первом запуске \
                 разрешите доступ в окне Windows, или выполните от имени администратора:"
            ),
            format!(
                "  Windows Firewall must let in UDP and TCP on port {port}: allow access when Windows asks at \
                 the first start, or run as administrator:"
            ),
        );
        [said, commands.join("\n")].join("\n")
    } else {
        lang.pick(
            format!(
                "  Сетевой экран этого компьютера должен пропускать входящие UDP и TCP на порт {port} \
                 (например: sudo ufw allow {port}/udp && sudo ufw allow {port}/tcp)."
            ),
            format!(
                "  This computer's firewall must let in UDP and TCP on port {port} \
                 (for example: sudo ufw allow {port}/udp && sudo ufw allow {port}/tcp)."
            ),
        )
    }
}

/// Whether the server could not start because its port is taken: most
/// often by this same server, started twice.
pub fn port_taken(error: &anyhow::Error) -> bool {
    matches!(
        error.downcast_ref::<ServerError>(),
        Some(ServerError::Bind { source, .. } | ServerError::WebBind { source, .. })
            if source.kind() == std::io::ErrorKind::AddrInUse
    )
}

/// What to do when the port is taken, for someone who double-clicked.
pub fn already_running(lang: Lang) -> String {
    lang.pick(
        "Похоже, Минута уже запущена на этом компьютере: найдите её окно — в нём ссылка на панель ведущего. \
         Чтобы запустить заново, закройте то окно и запустите снова.",
        "Minuta seems to be running on this computer already: find its window, which has the host's dashboard \
         link. To start again, close that window and start once more.",
    )
}

/// After a failure, a double-clicked console would close before the error
/// could be read: it waits for Enter (at once when nobody can press it).
pub fn hold_the_window(lang: Lang) {
    println!(
        "{}",
        lang.pick(
            "Нажмите Enter, чтобы закрыть окно.",
            "Press Enter to close this window."
        )
    );
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_arguments_serve_every_interface_on_4433_from_the_documents_folder() {
        let (config, welcome) = StartArgs {
            folder: None,
            listen: None,
            no_browser: false,
            no_mdns: false,
            quiet_for: 120,
        }
        .plan(Lang::Ru);
        assert_eq!(config.listen, "0.0.0.0:4433".parse().unwrap());
        assert_eq!(config.web_port, Some(4433));
        assert!(welcome.folder.ends_with("Minuta"));
        assert_eq!(config.data_dir, welcome.folder.join("data"));
        assert_eq!(config.cert_dir, welcome.folder.join("certs"));
        assert!(welcome.open_browser);
    }

    #[test]
    fn a_taken_port_is_told_apart_from_other_failures() {
        let taken = |kind| {
            anyhow::Error::from(ServerError::Bind {
                addr: "0.0.0.0:4433".parse().unwrap(),
                source: std::io::Error::from(kind),
            })
        };
        assert!(port_taken(&taken(std::io::ErrorKind::AddrInUse)));
        assert!(!port_taken(&taken(std::io::ErrorKind::PermissionDenied)));
        assert!(!port_taken(&anyhow::anyhow!("something else")));
    }

    #[test]
    fn the_firewall_advice_names_both_protocols_and_the_port() {
        for lang in [Lang::Ru, Lang::En] {
            let advice = firewall_advice(lang, 4555);
            assert!(advice.contains("UDP") && advice.contains("TCP"), "{advice}");
            assert!(advice.contains("4555"), "{advice}");
        }
    }
}
