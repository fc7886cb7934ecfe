//! The addresses the hall's terminals reach the server at, as the server
//! last served them, kept beside the store (`<data>/hall-address.txt`, one
//! `HOST:PORT` a line), so that the codes printed before the evening
//! (`export --format codes`) carry what the join codes on screen carry.
//! Not in the store: it is not part of the game, and a store on read-only
//! media must still export. What must not live here: choosing addresses
//! (the server does that when it starts).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

const FILE_NAME: &str = "hall-address.txt";

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// Writes `addrs` unless the file already says so. A failure is the
/// caller's to report; the server serves on without it.
pub fn record(data_dir: &Path, addrs: &[SocketAddr]) -> std::io::Result<()> {
    let text: String = addrs.iter().map(|a| format!("{a}\n")).collect();
    let path = path(data_dir);
    if std::fs::read_to_string(&path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    // Whole or not at all: a half-written file would send the hall's
    // cards to a wrong address.
    let partial = data_dir.join(format!("{FILE_NAME}.partial"));
    std::fs::write(&partial, text)?;
    std::fs::rename(partial, path)
}

/// The addresses recorded last; `None` when no server has served from
/// `data_dir` yet or the file says nothing usable.
pub fn recorded(data_dir: &Path) -> Option<Vec<SocketAddr>> {
    let text = std::fs::read_to_string(path(data_dir)).ok()?;
    let addrs: Vec<SocketAddr> = text
        .lines()
        .filter_map(|line| line.trim().parse().ok())
        .collect();
    (!addrs.is_empty()).then_some(addrs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_addresses_recorded_are_read_back_in_their_order() {
        let dir = tempfile::tempdir().unwrap();
        let addrs: Vec<SocketAddr> = vec![
            "192.168.1.10:4433".parse().unwrap(),
            "127.0.0.1:4433".parse().unwrap(),
        ];

        assert_eq!(recorded(dir.path()), None);
        record(dir.path(), &addrs).unwrap();

        assert_eq!(recorded(dir.path()), Some(addrs));
    }
}
