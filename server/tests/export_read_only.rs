//! `minuta-server export` reads a store it must not change: nothing appears
//! beside the file (no `-wal`, no `-shm`), nothing in the folder changes;
//! on a read-only mount it still exports; and the events a killed server
//! left in its write-ahead log are read too. Where this process may not
//! make a read-only bind mount (not root), the two tests on read-only media
//! are reported as ignored with that reason, never as passed (this binary's
//! harness is libtest-mimic, which decides at run time).
#![allow(clippy::unwrap_used, clippy::expect_used)]

// A binary of its own (its harness is libtest-mimic): it uses only part of
// the tests' shared helpers.
#[allow(dead_code)]
mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command as Process;
use std::sync::{Mutex, MutexGuard};
use std::time::SystemTime;

use minuta_server::store;
use minuta_shared::wire::client::Command;

use common::hall::Hall;

/// One test at a time: a store's directory lock is an `flock`, and a child
/// another test thread forks (an `export` it runs) holds a copy of every
/// open descriptor until it execs. A lock released in that window stays
/// held, and this test's export then reads the store as beside a running
/// server, which makes the `-wal` and `-shm` files it checks are absent.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn hall(teams: &[&str]) -> Hall {
    let mut hall = Hall::new();
    hall.host(Command::SetUpTournament {
        name: "Кубок флешки".into(),
        settings: Default::default(),
    });
    for name in teams {
        hall.host(Command::RegisterTeam {
            rating_id: None,
            name: (*name).into(),
            town: "Тверь".into(),
            players: ["Аня", "Боря", "Вера", "Гоша"].map(String::from).into(),
        });
    }
    hall
}

/// Every file of `dir` with its length and modification time.
fn listing(dir: &Path) -> BTreeMap<String, (u64, SystemTime)> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let meta = e.metadata().unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                (meta.len(), meta.modified().unwrap()),
            )
        })
        .collect()
}

fn export_csv(data: &Path) -> String {
    common::stdout_ok(
        &common::run(&["export", "--format", "csv"], data),
        "export csv",
    )
}

fn export_writes_nothing_beside_a_store_nobody_serves() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    hall(&["Альфа", "Бета"]).store(dir.path());
    let before = listing(dir.path());

    let csv = export_csv(dir.path());

    assert!(csv.contains("Альфа") && csv.contains("Бета"), "{csv}");
    assert_eq!(listing(dir.path()), before, "the folder changed");
}

/// `copy` as a killed server leaves its folder: the store file and its
/// write-ahead log, the teams' events in the log only.
fn killed_server_folder(dir: &Path, copy: &Path) {
    std::fs::create_dir_all(copy).unwrap();
    let (writer, _) = store::open(dir).unwrap();
    let mut hall = hall(&["Альфа", "Бета"]);
    hall.store_into(&writer);
    let db = store::db_path(dir);
    let wal = format!("{}-wal", db.display());
    assert!(std::fs::metadata(&wal).unwrap().len() > 0);
    std::fs::copy(&db, copy.join(store::FILE_NAME)).unwrap();
    std::fs::copy(&wal, copy.join(format!("{}-wal", store::FILE_NAME))).unwrap();
    writer.shutdown();
}

fn export_reads_the_events_a_killed_server_left_in_its_log() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy");
    killed_server_folder(&dir.path().join("data"), &copy);

    let csv = export_csv(&copy);

    assert!(csv.contains("Альфа") && csv.contains("Бета"), "{csv}");
}

/// A read-only bind mount of `source`, undone when dropped; `None` where
/// this process may not mount (not root, no mount namespace rights).
struct ReadOnlyMount(std::path::PathBuf);

impl ReadOnlyMount {
    fn of(source: &Path, at: &Path) -> Option<ReadOnlyMount> {
        std::fs::create_dir_all(at).unwrap();
        let bind = Process::new("mount")
            .arg("--bind")
            .arg(source)
            .arg(at)
            .output()
            .ok()?;
        if !bind.status.success() {
            return None;
        }
        let mount = ReadOnlyMount(at.to_path_buf());
        let ro = Process::new("mount")
            .args(["-o", "remount,bind,ro"])
            .arg(at)
            .output()
            .ok()?;
        ro.status.success().then_some(mount)
    }
}

impl Drop for ReadOnlyMount {
    fn drop(&mut self) {
        let _ = Process::new("umount").arg(&self.0).output();
    }
}

fn export_reads_a_store_on_read_only_media() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    hall(&["Альфа", "Бета"]).store(&data);
    let Some(_mount) = ReadOnlyMount::of(&data, &dir.path().join("stick")) else {
        panic!("the read-only bind mount, made a moment ago, failed now");
    };
    let stick = dir.path().join("stick");
    assert!(
        std::fs::write(stick.join("probe"), b"x").is_err(),
        "the mount is writable"
    );

    let csv = export_csv(&stick);

    assert!(csv.contains("Альфа") && csv.contains("Бета"), "{csv}");
}

fn export_reads_a_killed_servers_log_on_read_only_media() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("copy");
    killed_server_folder(&dir.path().join("data"), &data);
    let Some(_mount) = ReadOnlyMount::of(&data, &dir.path().join("stick")) else {
        panic!("the read-only bind mount, made a moment ago, failed now");
    };
    let stick = dir.path().join("stick");

    let csv = export_csv(&stick);

    assert!(csv.contains("Альфа") && csv.contains("Бета"), "{csv}");
}

/// Why no read-only bind mount can be made here, if none can.
fn no_mount() -> Option<String> {
    let dir = tempfile::tempdir().ok()?;
    let source = dir.path().join("source");
    std::fs::create_dir_all(&source).ok()?;
    match ReadOnlyMount::of(&source, &dir.path().join("at")) {
        Some(_mount) => None,
        None => Some("no read-only bind mount here (root needed)".to_owned()),
    }
}

fn main() -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let trial = |name: &'static str, test: fn()| {
        libtest_mimic::Trial::test(name, move || {
            test();
            Ok(())
        })
    };
    let on_media = |trial: libtest_mimic::Trial, why: &Option<String>| match why {
        Some(why) => trial.with_kind(why.clone()).with_ignored_flag(true),
        None => trial,
    };
    let why = no_mount();
    let trials = vec![
        trial(
            "export_writes_nothing_beside_a_store_nobody_serves",
            export_writes_nothing_beside_a_store_nobody_serves,
        ),
        trial(
            "export_reads_the_events_a_killed_server_left_in_its_log",
            export_reads_the_events_a_killed_server_left_in_its_log,
        ),
        on_media(
            trial(
                "export_reads_a_store_on_read_only_media",
                export_reads_a_store_on_read_only_media,
            ),
            &why,
        ),
        on_media(
            trial(
                "export_reads_a_killed_servers_log_on_read_only_media",
                export_reads_a_killed_servers_log_on_read_only_media,
            ),
            &why,
        ),
    ];
    libtest_mimic::run(&args, trials).exit_code()
}
