//! The join codes the host's screens show (a team's, a judge's, the
//! projector's, a Нептун ломтик's, a team's short code, and each code's
//! web link for a browser), built from the server's access as the host
//! view carries it (the sheet of them all to print is the server's:
//! `HostFile::Codes`).
//! No drawing here: `widgets::join_code_box` shows one.

use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::join_code::{JoinCode, web_origin};
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::slice_secret::slice_secret;
use minuta_shared::wire::view::Access;

/// The join code of `credential` on the server `access` describes.
fn code_of(access: &Access, credential: Credential) -> JoinCode {
    JoinCode {
        addrs: access.addrs.clone(),
        fingerprint: access.fingerprint,
        credential,
    }
}

/// A join code for `credential` on the server `access` describes.
pub fn join_code(access: &Access, credential: Credential) -> String {
    code_of(access, credential).to_string()
}

/// The web link of a join code `code` (`http://ADDR:PORT/#ROLE/…`, issue
/// 24) on the hall's address: a browser opens that role's screen with it.
/// `None` when the server serves no browsers (or `code` is none).
pub fn web_link_of(access: &Access, code: &str) -> Option<String> {
    let code = JoinCode::parse(code).ok()?;
    Some(code.web_link(code.web_addr(access.web_port?)?))
}

/// The web page's address, «http://192.168.1.10:4433», where a browser
/// finds the join screen (then a short code); `None` with no web.
pub fn web_site(access: &Access) -> Option<String> {
    let any = code_of(
        access,
        Credential::Display {
            secret: String::new(),
        },
    );
    Some(web_origin(any.web_addr(access.web_port?)?))
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
