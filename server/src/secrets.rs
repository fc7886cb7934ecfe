//! Randomness for secrets: the operating system's, drawn where the server
//! makes a team's, a judge's or the staff's secret. The server machine
//! takes it as an argument (`machine::Secrets`); tests give a seeded one.

use tracing::error;

/// A new secret from the OS's randomness: 128 bits as 26 base-32 letters
/// (no 0/1/o/l), short enough to read aloud if a code must be typed.
pub fn fresh_secret() -> String {
    use ring::rand::SecureRandom;
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = [0u8; 26];
    if ring::rand::SystemRandom::new().fill(&mut bytes).is_err() {
        // No OS randomness is a broken machine; refuse to make guessable secrets.
        error!("the operating system gave no randomness for a secret");
        std::process::exit(3);
    }
    bytes
        .iter()
        .map(|b| ALPHABET[(*b % 32) as usize] as char)
        .collect()
}

/// The server machine's randomness for new secrets: the OS's.
pub fn os_secrets() -> crate::machine::Secrets {
    Box::new(fresh_secret)
}
