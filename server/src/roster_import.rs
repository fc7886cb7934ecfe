//! `minuta-server teams import FILE --data DIR`: a file of teams read
//! (`minuta_shared::roster`), its preview against the store's teams, and —
//! asked to — the import stored as one batch, as the dashboard's
//! «Импорт команд…» does through `Command::ImportTeams`. With the server
//! stopped: the store has one writer. No printing here; the CLI says it.

use std::path::{Path, PathBuf};

use minuta_shared::identity::Identity;
use minuta_shared::roster::{self, FileKind, Plan, Problem, ReadError};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::CommandError;
use thiserror::Error;

use crate::core::{Core, ServerInfo, team_import};
use crate::store::{self, StoreError};

#[derive(Debug, Error)]
pub enum ImportError {
    #[error("{}: cannot read: {source}", path.display())]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Unreadable { path: PathBuf, source: ReadError },
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The file's bad rows: nothing was imported.
    #[error("nothing was imported: {} bad row(s)", .0.len())]
    BadRows(Vec<Problem>),
    #[error("nothing was imported: {0}")]
    Refused(CommandError),
}

/// The preview, and whether it was stored.
#[derive(Debug)]
pub struct Imported {
    pub kind: FileKind,
    pub plan: Plan,
    pub applied: bool,
}

/// Reads `file`, previews it against the store of `data_dir` (none yet:
/// no teams), and with `apply` stores it, all or nothing, at `now`. A file
/// with a bad row is never applied: the preview still says everything.
pub fn import_file(
    data_dir: &Path,
    file: &Path,
    apply: bool,
    now: ServerTime,
    fresh_secret: &mut dyn FnMut() -> String,
) -> Result<Imported, ImportError> {
    let bytes = std::fs::read(file).map_err(|source| ImportError::File {
        path: file.to_path_buf(),
        source,
    })?;
    let name = file.to_string_lossy();
    let read = roster::read(&name, &bytes).map_err(|source| ImportError::Unreadable {
        path: file.to_path_buf(),
        source,
    })?;
    let mut problems = read.problems.clone();
    if !apply {
        let core = stored_core(data_dir)?;
        let mut plan = team_import::preview(core.registry(), &read.teams);
        problems.append(&mut plan.problems);
        plan.problems = problems;
        return Ok(Imported {
            kind: read.kind,
            plan,
            applied: false,
        });
    }
    let (writer, events) = store::open(data_dir)?;
    let result = apply_to(&writer, &events, read, problems, now, fresh_secret);
    writer.shutdown();
    result
}

fn apply_to(
    writer: &store::StoreWriter,
    events: &[crate::core::Event],
    read: roster::Read,
    mut problems: Vec<Problem>,
    now: ServerTime,
    fresh_secret: &mut dyn FnMut() -> String,
) -> Result<Imported, ImportError> {
    let mut core = Core::new(ServerInfo::default());
    crate::replay_stored(&mut core, events, writer.path())?;
    let mut plan = team_import::preview(core.registry(), &read.teams);
    problems.append(&mut plan.problems);
    plan.problems = problems;
    if !plan.problems.is_empty() {
        return Err(ImportError::BadRows(plan.problems));
    }
    if !plan.changes() {
        return Ok(Imported {
            kind: read.kind,
            plan,
            applied: false,
        });
    }
    // A new store begins as the server would begin it.
    let mut batch: Vec<crate::core::Event> = core
        .initialise(fresh_secret(), fresh_secret(), fresh_secret(), now)
        .unwrap_or_default();
    batch.extend(core.upgrade(fresh_secret()));
    let command = Command::ImportTeams { teams: read.teams };
    let (_, imported) = core
        .handle_command(Identity::Host, command, now, fresh_secret)
        .map_err(ImportError::Refused)?;
    batch.extend(imported);
    let done = writer.append(batch.into_iter().map(|e| (now.0, e)).collect());
    done.blocking_recv().map_err(|_| StoreError::Closed)??;
    Ok(Imported {
        kind: read.kind,
        plan,
        applied: true,
    })
}

/// The store's state, read only; a data directory without a store is an
/// event with no teams yet.
fn stored_core(data_dir: &Path) -> Result<Core, ImportError> {
    let mut core = Core::new(ServerInfo::default());
    if !store::db_path(data_dir).exists() {
        return Ok(core);
    }
    let events = store::load(data_dir)?;
    crate::replay_stored(&mut core, &events, &store::db_path(data_dir))?;
    Ok(core)
}
