//! Why `minuta host` / `minuta demo` could not start its server, kept for
//! the window that says so (the person may never see a terminal): the
//! reason in their words, what would help, and the data folder tried. The
//! words are made where the error is known (`main`, the app's starter);
//! here is what kind of help fits which failure.

use std::path::PathBuf;

#[cfg(feature = "embedded-server")]
use minuta_server::ServerError;
#[cfg(feature = "embedded-server")]
use minuta_server::store::{SchemaProblem, StoreError};

/// What the window offers besides the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Another server holds the folder: stop it, or choose another folder.
    FolderHeld,
    /// The folder cannot be written (read-only media, no rights): choose
    /// another folder.
    OtherFolder,
    /// The store is damaged or not a Minuta store: set it aside and begin a
    /// new one (`--new`), or choose another folder.
    SetAside,
    /// A newer Minuta wrote the store: use that version, or another folder.
    NewerMinuta,
    /// The port is taken: another `--listen`.
    OtherPort,
    /// `--new` refused a usable store: start without it.
    WithoutNew,
    /// Nothing specific: the reason says it.
    Retry,
}

#[cfg(feature = "embedded-server")]
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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartFailure {
    /// In the person's language, with the paths.
    pub reason: String,
    pub advice: Advice,
    /// The data folder the server was started on.
    pub data: PathBuf,
}

#[cfg(all(test, feature = "embedded-server"))]
mod tests {
    use super::*;

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
