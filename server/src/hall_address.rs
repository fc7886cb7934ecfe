//! Where and as whom the server last served the hall, kept beside the store
//! (`<data>/hall-address.txt`: one `HOST:PORT` a line, then `fingerprint
//! HEX`), so that the codes printed before the evening (`export --format
//! codes`) carry what the join codes on screen carry, and a certificate
//! folder other than the server's is caught before 40 cards are printed
//! with a fingerprint no server has. Not in the store: it is not part of
//! the game, and a store on read-only media must still export. What must
//! not live here: choosing addresses (the server does that when it starts).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use minuta_shared::join_code::{fingerprint_hex, parse_fingerprint};

const FILE_NAME: &str = "hall-address.txt";
const FINGERPRINT: &str = "fingerprint ";

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// What the server last served with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Served {
    pub addrs: Vec<SocketAddr>,
    /// The certificate's SHA-256.
    pub fingerprint: Option<[u8; 32]>,
}

/// Writes what the server serves with, unless the file already says so.
/// A failure is the caller's to report; the server serves on without it.
pub fn record(
    data_dir: &Path,
    addrs: &[SocketAddr],
    fingerprint: &[u8; 32],
) -> std::io::Result<()> {
    let mut text: String = addrs.iter().map(|a| format!("{a}\n")).collect();
    text.push_str(&format!("{FINGERPRINT}{}\n", fingerprint_hex(fingerprint)));
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

/// What was recorded last; `None` when no server has served from
/// `data_dir` yet or the file names no usable address.
pub fn recorded(data_dir: &Path) -> Option<Served> {
    let text = std::fs::read_to_string(path(data_dir)).ok()?;
    let addrs: Vec<SocketAddr> = text
        .lines()
        .filter_map(|line| line.trim().parse().ok())
        .collect();
    let fingerprint = text
        .lines()
        .find_map(|line| line.trim().strip_prefix(FINGERPRINT))
        .and_then(|hex| parse_fingerprint(hex.trim()).ok());
    (!addrs.is_empty()).then_some(Served { addrs, fingerprint })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_was_recorded_is_read_back_addresses_in_their_order() {
        let dir = tempfile::tempdir().unwrap();
        let addrs: Vec<SocketAddr> = vec![
            "192.168.1.10:4433".parse().unwrap(),
            "127.0.0.1:4433".parse().unwrap(),
        ];

        assert_eq!(recorded(dir.path()), None);
        record(dir.path(), &addrs, &[7; 32]).unwrap();

        assert_eq!(
            recorded(dir.path()),
            Some(Served {
                addrs,
                fingerprint: Some([7; 32])
            })
        );
    }
}
