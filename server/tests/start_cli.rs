//! `minuta-server start` (what no arguments do, a double-click on Windows):
//! the game served from its folder, the host's dashboard link on this
//! machine, where the teams go, what the firewall must let in, and after a
//! quiet spell with nothing from another machine, what may stand in the way.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

/// Lines until one contains `words` (at most a minute apart).
fn until(lines: &mpsc::Receiver<String>, words: &str) -> String {
    let mut seen = Vec::new();
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(60)) {
        let found = line.contains(words);
        seen.push(line);
        if found {
            return seen.join("\n");
        }
    }
    panic!("no «{words}» in:\n{}", seen.join("\n"));
}

#[test]
fn start_serves_from_its_folder_and_says_where_everyone_goes_in_the_system_language() {
    for (lang, running, quiet) in [
        (
            "ru_RU.UTF-8",
            "Минута: сервер игры работает.",
            "ни одно устройство",
        ),
        (
            "en_GB.UTF-8",
            "Minuta: the game server is running.",
            "nothing has reached",
        ),
    ] {
        // Arrange: an empty game folder.
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("Minuta");

        // Act: start on this machine only, told to wait 1 s for a terminal.
        let mut child = common::server()
            .args([
                "start",
                "--listen",
                "127.0.0.1:0",
                "--no-browser",
                "--quiet-for",
                "1",
            ])
            .arg("--folder")
            .arg(&folder)
            .env("LANG", lang)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let welcome = until(&rx, running);
        let rest = until(&rx, quiet);
        child.kill().unwrap();
        child.wait().unwrap();

        // Assert: the store and certificate are in the folder; the host's
        // link is on this machine; the firewall's ports are named; the
        // quiet is noticed.
        assert!(folder.join("data/minuta.sqlite3").is_file(), "{lang}");
        assert!(folder.join("certs").is_dir(), "{lang}");
        assert!(welcome.contains("http://127.0.0.1:"), "{welcome}");
        let said = format!("{welcome}\n{rest}");
        assert!(said.contains(&folder.display().to_string()), "{said}");
        assert!(said.contains("/#host/"), "{said}");
        assert!(said.contains("UDP") && said.contains("TCP"), "{said}");
    }
}

#[test]
fn start_on_a_taken_port_says_minuta_may_be_running_already_and_waits_for_enter() {
    // Arrange: the port is held (as by a first double-click's server).
    let held = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let port = held.local_addr().unwrap().port();
    let dir = tempfile::tempdir().unwrap();

    // Act: a second start on it, in Russian.
    let output = common::server()
        .args([
            "start",
            "--no-browser",
            "--listen",
            &format!("127.0.0.1:{port}"),
        ])
        .arg("--folder")
        .arg(dir.path())
        .env("LANG", "ru_RU.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::null())
        .output()
        .unwrap();

    // Assert: exit 1 with the reason, what to do, and the window held.
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stderr.contains("адрес уже занят"), "{stderr}");
    assert!(stdout.contains("Минута уже запущена"), "{stdout}");
    assert!(stdout.contains("Нажмите Enter"), "{stdout}");
}
