//! The server in the desktop app's process (`minuta host`, `minuta demo`):
//! starting it on a data folder (again, from the window that said it could
//! not), printing its codes, announcing it in the hall, and saying its
//! errors in the person's language ([`words`], [`store_words`]) with the
//! help that fits each ([`Advice`]). What must not live here: the window
//! (the portable `views::start_failed`).

pub mod store_words;
pub mod words;

use std::net::SocketAddr;
use std::path::PathBuf;

use minuta_server::ServerError;
use minuta_server::store::{SchemaProblem, StoreError};
use minuta_shared::join_code::JoinCode;

use crate::i18n::{self, Lang};
use crate::shell::Start;
use crate::state::{Advice, StartFailure};

/// Which help fits which of the server's errors.
impl Advice {
    pub fn of(error: &ServerError) -> Advice {
        match error {
            ServerError::Store(store) => Advice::of_store(store),
            ServerError::Bind { .. } | ServerError::WebBind { .. } => Advice::OtherPort,
            ServerError::Tls(_) => Advice::OtherFolder,
            ServerError::Runtime(_) | ServerError::Stopped | ServerError::Demo(_) => Advice::Retry,
        }
    }

    pub fn of_store(error: &StoreError) -> Advice {
        match error {
            StoreError::NotDamaged { .. } => Advice::WithoutNew,
            StoreError::Schema {
                problem: SchemaProblem::TooNew { .. },
                ..
            } => Advice::NewerMinuta,
            e if e.is_damage() => Advice::SetAside,
            // The lock another server holds is refused with words, not an
            // OS error (store/schema.rs, lock_data_dir).
            StoreError::Open { path, source }
                if path.file_name().is_some_and(|n| n == "minuta.lock")
                    && source.downcast_ref::<std::io::Error>().is_none() =>
            {
                Advice::FolderHeld
            }
            StoreError::Open { .. } | StoreError::ReadOnly { .. } => Advice::OtherFolder,
            _ => Advice::Retry,
        }
    }
}

/// How `minuta host` / `minuta demo` starts its server, kept to start it
/// again from the window on another data folder.
pub struct ServerStart {
    pub lang: Lang,
    pub listen: SocketAddr,
    pub demo: Option<minuta_server::demo::DemoConfig>,
    pub busy_poll: bool,
    /// Announce it in the hall.
    pub mdns: bool,
}

/// The server running in this process, and its announcement in the hall
/// (dropping it says goodbye).
struct Running {
    handle: minuta_server::ServerHandle,
    _announced: Option<minuta_server::lan::Advertiser>,
}

/// The in-process server of `minuta host` / `minuta demo`: how it starts,
/// and the one running, if it could start.
pub struct InProcess {
    how: ServerStart,
    running: Option<Running>,
}

impl InProcess {
    /// The first start of `host` / `demo`: on failure the window opens all
    /// the same and says why (the person may never see this terminal); the
    /// reason is printed here too.
    pub fn first(how: ServerStart, data: PathBuf, new: bool) -> (InProcess, Start) {
        let mut server = InProcess { how, running: None };
        let start = match server.restart(data, new) {
            Ok(start) => start,
            Err(failure) => {
                eprintln!("minuta: {}", failure.reason);
                Start::Failed(failure)
            }
        };
        (server, start)
    }

    /// Starts the server on `data` (again, from the window); the one that
    /// starts replaces the one kept.
    pub fn restart(&mut self, data: PathBuf, new: bool) -> Result<Start, StartFailure> {
        let (handle, announced, code) = start_server(&self.how, data, new)?;
        self.running = Some(Running {
            handle,
            _announced: announced,
        });
        Ok(Start::Host(code))
    }

    /// Stops the server in order: everything in flight is made durable.
    pub fn stop(&mut self) {
        if let Some(running) = self.running.take() {
            running.handle.shutdown();
        }
    }
}

/// Starts the server in this process and prints its codes, so the host can
/// also read them from the terminal. A store that cannot be used is refused
/// before anything is served, in the app's language (issue 14.3); `new`
/// sets such a store aside first.
fn start_server(
    server: &ServerStart,
    data: PathBuf,
    new: bool,
) -> Result<
    (
        minuta_server::ServerHandle,
        Option<minuta_server::lan::Advertiser>,
        JoinCode,
    ),
    StartFailure,
> {
    let lang = server.lang;
    if new {
        let done = minuta_server::set_aside_damaged_store(&data).map_err(|e| StartFailure {
            reason: store_words::store_error(lang, &e),
            advice: Advice::of_store(&e),
            data: data.clone(),
        })?;
        if let Some(said) = store_words::set_aside(lang, &done) {
            eprintln!("{said}");
        }
    }
    let mut config = minuta_server::ServerConfig::local(data.clone());
    config.listen = server.listen;
    // Browsers join on TCP at the QUIC port's number.
    config.web_port = Some(server.listen.port());
    config.demo = server.demo.clone();
    config.busy_poll = server.busy_poll;
    let handle = minuta_server::spawn(config).map_err(|e| StartFailure {
        reason: words::server_error(lang, &e),
        advice: Advice::of(&e),
        data: data.clone(),
    })?;
    let ready = &handle.ready;
    println!(
        "Minuta server on {} (certificate {})",
        ready.local_addr,
        minuta_shared::join_code::fingerprint_hex(&ready.fingerprint)
    );
    // Each code's web link (issue 24) under it, for a browser.
    let web = |code: &str| {
        if let Some(link) = ready.web_link(code) {
            println!("{}", i18n::start::web_link(lang, &link));
        }
    };
    println!("host:    {}", ready.host_code);
    web(&ready.host_code);
    println!("display: {}", ready.display_code);
    web(&ready.display_code);
    for (team, code) in &ready.team_codes {
        println!("team «{team}»: {code}");
        web(code);
    }
    for (team, short) in ready.short_codes() {
        println!(
            "{}",
            i18n::lan::short_code_line(lang, &team, &short.to_string())
        );
    }
    for (team, code) in ready.free_team_codes() {
        println!("{}", i18n::start::free_team(lang, team, code));
        web(code);
    }
    let announced = if server.mdns {
        match minuta_server::lan::advertise(ready) {
            Ok(advertiser) => Some(advertiser),
            Err(e) => {
                eprintln!("{}", words::advert_error(lang, &e));
                None
            }
        }
    } else {
        None
    };
    let code = JoinCode::parse(&ready.host_code).map_err(|e| StartFailure {
        reason: i18n::join_code_error(lang, &e),
        advice: Advice::Retry,
        data,
    })?;
    Ok((handle, announced, code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn each_refused_store_gets_the_help_that_fits_it() {
        let path = PathBuf::from("/data/minuta.sqlite3");
        let read_only = StoreError::ReadOnly {
            path: path.clone(),
            reason: "SQLite could only open it for reading".into(),
        };
        let damaged = StoreError::Damaged {
            path: path.clone(),
            damage: minuta_server::store::Damage::ZeroLength,
        };
        let newer = StoreError::Schema {
            path: path.clone(),
            problem: SchemaProblem::TooNew {
                found: 99,
                supported: 5,
                written_by: None,
            },
        };
        let fine = StoreError::NotDamaged { path, events: 12 };

        assert_eq!(
            Advice::of(&ServerError::Store(read_only)),
            Advice::OtherFolder
        );
        assert_eq!(Advice::of(&ServerError::Store(damaged)), Advice::SetAside);
        assert_eq!(Advice::of(&ServerError::Store(newer)), Advice::NewerMinuta);
        assert_eq!(Advice::of_store(&fine), Advice::WithoutNew);
        let held = StoreError::Open {
            path: "/data/minuta.lock".into(),
            source: std::sync::Arc::from(Box::<dyn std::error::Error + Send + Sync>::from(
                "another minuta-server is using this data directory",
            )),
        };
        assert_eq!(Advice::of_store(&held), Advice::FolderHeld);
        let no_rights = StoreError::Open {
            path: "/data/minuta.lock".into(),
            source: std::sync::Arc::new(std::io::Error::from(std::io::ErrorKind::PermissionDenied)),
        };
        assert_eq!(Advice::of_store(&no_rights), Advice::OtherFolder);
    }
}
