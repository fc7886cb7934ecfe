//! A ломтик's secret (Нептун 2.2), derived from its team's: nothing new is
//! stored, the server recomputes it to check a ломтик's join code, and the
//! host's screen computes it to show that code.

use crate::ids::Slice;

/// Separates this use of SHA-256 from any other, so a ломтик's secret can
/// never equal another digest of the team's secret.
const DOMAIN: &[u8] = b"minuta-slice\0";

/// The secret of `slice` of the team whose secret is `team_secret`: the
/// lower-case hex SHA-256 of the domain, the team's secret and the
/// ломтик's name. One-way, so a ломтик's code gives neither the team's
/// secret nor the other ломтик's.
pub fn slice_secret(team_secret: &str, slice: Slice) -> String {
    let mut ctx = ring::digest::Context::new(&ring::digest::SHA256);
    ctx.update(DOMAIN);
    ctx.update(team_secret.as_bytes());
    // The separator keeps «ab»+«c…» apart from «a»+«bc…».
    ctx.update(b"\0");
    ctx.update(slice.code().as_bytes());
    ctx.finish()
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_secret_is_its_own_per_slice_and_per_team() {
        let top = slice_secret("team-one", Slice::Top);
        let bottom = slice_secret("team-one", Slice::Bottom);
        assert_eq!(top.len(), 64);
        assert!(top.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(top, bottom);
        assert_ne!(top, slice_secret("team-two", Slice::Top));
        assert_ne!(top, "team-one");
        // The same team's secret always gives the same ломтик's secret.
        assert_eq!(top, slice_secret("team-one", Slice::Top));
    }

    /// Pinned (computed apart, by Python's hashlib): the host's screen and
    /// the server must derive the same secret, across releases too (a
    /// printed code stays valid).
    #[test]
    fn the_derivation_is_pinned() {
        assert_eq!(
            slice_secret("abc", Slice::Top),
            "da3ee69a17b4af515a697d7a0f51077c558901d7f9f55c5fc8ab5db304df655a"
        );
    }
}
