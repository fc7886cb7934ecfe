//! Where and as whom the server last served the hall, kept beside the store
//! (`<data>/hall-address.txt`: one `HOST:PORT` a line, then `fingerprint
//! HEX`, then `web-port N` when the server served browsers; a file from
//! before the web has no such line and reads as no web), so that the codes printed before the evening (`export --format
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
/// Not an address, so a reader from before the web skips the line.
const WEB_PORT: &str = "web-port ";

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// What the server last served with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Served {
    pub addrs: Vec<SocketAddr>,
    /// The certificate's SHA-256.
    pub fingerprint: Option<[u8; 32]>,
    /// The web page's TCP port (browser terminals); `None` when the web
    /// was off, or the file is from before the web.
    pub web_port: Option<u16>,
}

/// Writes what the server serves with, unless the file already says so.
/// A failure is the caller's to report; the server serves on without it.
pub fn record(
    data_dir: &Path,
    addrs: &[SocketAddr],
    fingerprint: &[u8; 32],
    web_port: Option<u16>,
) -> std::io::Result<()> {
    let mut text: String = addrs.iter().map(|a| format!("{a}\n")).collect();
    text.push_str(&format!("{FINGERPRINT}{}\n", fingerprint_hex(fingerprint)));
    if let Some(port) = web_port {
        text.push_str(&format!("{WEB_PORT}{port}\n"));
    }
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
    let web_port = text
        .lines()
        .find_map(|line| line.trim().strip_prefix(WEB_PORT))
        .and_then(|port| port.trim().parse().ok());
    (!addrs.is_empty()).then_some(Served {
        addrs,
        fingerprint,
        web_port,
    })
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
        record(dir.path(), &addrs, &[7; 32], Some(8080)).unwrap();

        assert_eq!(
            recorded(dir.path()),
            Some(Served {
                addrs: addrs.clone(),
                fingerprint: Some([7; 32]),
                web_port: Some(8080),
            })
        );
        record(dir.path(), &addrs, &[7; 32], None).unwrap();
        assert_eq!(recorded(dir.path()).unwrap().web_port, None);
    }

    #[test]
    fn a_file_from_before_the_web_reads_as_no_web() {
        let dir = tempfile::tempdir().unwrap();
        let fp = "07".repeat(32);
        std::fs::write(
            path(dir.path()),
            format!("192.168.1.10:4433\nfingerprint {fp}\n"),
        )
        .unwrap();

        let served = recorded(dir.path()).unwrap();

        assert_eq!(served.addrs, vec!["192.168.1.10:4433".parse().unwrap()]);
        assert_eq!(served.fingerprint, Some([7; 32]));
        assert_eq!(served.web_port, None);
    }

    #[test]
    fn the_web_port_line_is_skipped_by_the_address_reader() {
        let dir = tempfile::tempdir().unwrap();
        let addrs: Vec<SocketAddr> = vec!["10.0.0.5:4433".parse().unwrap()];
        record(dir.path(), &addrs, &[7; 32], Some(4433)).unwrap();

        // What a reader from before the web takes for addresses.
        let text = std::fs::read_to_string(path(dir.path())).unwrap();
        let old: Vec<SocketAddr> = text.lines().filter_map(|l| l.trim().parse().ok()).collect();

        assert_eq!(old, addrs);
        assert!(text.ends_with("web-port 4433\n"), "{text}");
    }
}
