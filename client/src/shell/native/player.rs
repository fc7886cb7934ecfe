//! The system's own audio player, found at run time: the first of
//! `pw-play` (PipeWire), `paplay` (PulseAudio) and `aplay` (ALSA) on the
//! `PATH` that plays a short silence without error. The app links no audio
//! library, so building it needs nothing but Rust and a C compiler; a
//! machine without any of them (or without a sound card) is simply silent,
//! and says so.

use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One command-line player that takes a WAV file on its standard input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub program: &'static str,
    pub args: &'static [&'static str],
}

/// In order of preference: the sound server a desktop runs today first, raw
/// ALSA (which a running sound server may hold busy) last.
pub const PLAYERS: &[Player] = &[
    // `-` is standard input (pw-cat refuses to start without a file or `-`).
    Player {
        program: "pw-play",
        args: &["-"],
    },
    // paplay reads standard input when it is given no file.
    Player {
        program: "paplay",
        args: &[],
    },
    // `-` is standard input; -q keeps its banner off our terminal.
    Player {
        program: "aplay",
        args: &["-q", "-"],
    },
];

/// How long the probe's silence may take to play before the player counts
/// as stuck (a device held by another program can block aplay).
const PROBE_TIMEOUT: Duration = Duration::from_secs(3);

/// A player found on the `PATH`, ready to play.
#[derive(Clone, Debug)]
pub struct Found {
    pub path: PathBuf,
    pub args: &'static [&'static str],
}

/// `program`'s file in one of the `path` directories (as `PATH` lists them).
pub fn find_in_path(program: &str, path: &OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// The first of `players` on `path` that plays `probe` (a WAV of silence)
/// to the end with success: found, and an audio device behind it.
pub fn probe(players: &[Player], path: &OsStr, probe: &[u8]) -> Option<Found> {
    players.iter().find_map(|player| {
        let found = Found {
            path: find_in_path(player.program, path)?,
            args: player.args,
        };
        match play_and_wait(&found, probe, PROBE_TIMEOUT) {
            Ok(true) => Some(found),
            Ok(false) => {
                tracing::debug!(player = player.program, "the player found no audio device");
                None
            }
            Err(error) => {
                tracing::debug!(player = player.program, %error, "the player did not start");
                None
            }
        }
    })
}

/// Starts `player` on `wav` and returns at once: the sound plays while the
/// caller goes on. The child is the caller's to reap.
pub fn start(player: &Found, wav: &[u8]) -> std::io::Result<Child> {
    let mut child = Command::new(&player.path)
        .args(player.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    if let Some(mut stdin) = child.stdin.take() {
        // A signal is smaller than a pipe's buffer, so this does not wait
        // for the playing; dropping `stdin` ends the file for the player.
        if let Err(error) = stdin.write_all(wav) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(error);
        }
    }
    Ok(child)
}

/// Plays `wav` and waits for the player to end, at most `timeout` (then it
/// is killed): whether it ended with success.
fn play_and_wait(player: &Found, wav: &[u8], timeout: Duration) -> std::io::Result<bool> {
    let mut child = start(player, wav)?;
    let until = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status.success());
        }
        if Instant::now() >= until {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(false);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(all(test, unix))]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use std::path::Path;

    use super::*;

    /// The tests that write a script and then run it take turns: a fork by
    /// another test while a script is still open for writing would make
    /// running it fail with «text file busy».
    static SCRIPTS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
        SCRIPTS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A fake player: a shell script that reads its standard input into
    /// `got` and exits with `code`.
    fn fake(dir: &Path, name: &str, code: i32) {
        let got = dir.join(format!("{name}.got"));
        let script = format!("#!/bin/sh\ncat > '{}'\nexit {code}\n", got.display());
        let file = dir.join(name);
        std::fs::write(&file, script).unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    const FIRST: Player = Player {
        program: "first-play",
        args: &["-"],
    };
    const SECOND: Player = Player {
        program: "second-play",
        args: &[],
    };

    #[test]
    fn nothing_on_the_path_means_no_player() {
        let _turn = one_at_a_time();
        let dir = tempfile::tempdir().unwrap();
        assert!(probe(&[FIRST, SECOND], dir.path().as_os_str(), b"RIFF").is_none());
    }

    #[test]
    fn a_player_that_fails_is_passed_over_for_one_that_plays() {
        let _turn = one_at_a_time();
        let dir = tempfile::tempdir().unwrap();
        fake(dir.path(), "first-play", 1);
        fake(dir.path(), "second-play", 0);
        let found = probe(&[FIRST, SECOND], dir.path().as_os_str(), b"RIFF-bytes").unwrap();
        assert_eq!(found.path, dir.path().join("second-play"));
        // The player got the whole file on its standard input.
        let got = std::fs::read(dir.path().join("second-play.got")).unwrap();
        assert_eq!(got, b"RIFF-bytes");
    }

    #[test]
    fn every_player_failing_means_no_player() {
        let _turn = one_at_a_time();
        let dir = tempfile::tempdir().unwrap();
        fake(dir.path(), "first-play", 1);
        fake(dir.path(), "second-play", 3);
        assert!(probe(&[FIRST, SECOND], dir.path().as_os_str(), b"RIFF").is_none());
    }

    #[test]
    fn a_started_player_plays_without_holding_up_the_caller() {
        let _turn = one_at_a_time();
        let dir = tempfile::tempdir().unwrap();
        fake(dir.path(), "first-play", 0);
        let found = probe(&[FIRST], dir.path().as_os_str(), b"probe").unwrap();
        let wav = crate::sound::wav::wav(&crate::sound::wav::samples(crate::sound::Signal::TimeUp));
        let mut child = start(&found, &wav).unwrap();
        assert!(child.wait().unwrap().success());
        let got = std::fs::read(dir.path().join("first-play.got")).unwrap();
        assert_eq!(got, wav);
    }
}
