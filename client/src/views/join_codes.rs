//! The join codes the host's screens show (a team's, a judge's, the
//! projector's, a Нептун ломтик's, a team's short code), built from the
//! server's access as the host view carries it. No drawing here: `widgets::join_code_box` shows one.

use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::slice_secret::slice_secret;
use minuta_shared::wire::view::Access;

/// A join code for `credential` on the server `access` describes.
pub fn join_code(access: &Access, credential: Credential) -> String {
    JoinCode {
        addrs: access.addrs.clone(),
        fingerprint: access.fingerprint,
        credential,
    }
    .to_string()
}

/// Нептун 2.2: the join code of one ломтик of `team`, its secret derived
/// from the team's (the server derives the same); `None` for a team
/// `access` does not list. Shown with [`crate::views::widgets::join_code_box`].
pub fn slice_join_code(access: &Access, team: TeamId, slice: Slice) -> Option<String> {
    let (_, team_secret) = access.teams.iter().find(|(id, _)| *id == team)?;
    let credential = Credential::Slice {
        team,
        slice,
        secret: slice_secret(team_secret, slice),
    };
    Some(join_code(access, credential))
}

/// A team's short code («K7QM-4H2X», resolved on the hall's network), the
/// server derives the same; `None` for a team `access` does not list.
pub fn short_code(access: &Access, team: TeamId) -> Option<String> {
    let (_, team_secret) = access.teams.iter().find(|(id, _)| *id == team)?;
    Some(ShortCode::for_team(&access.fingerprint, team_secret).to_string())
}
