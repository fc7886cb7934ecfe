//! The join codes the host's screens show (a team's, a judge's, the
//! projector's, a Нептун ломтик's, a team's short code, and each code's
//! web link for a browser), built from the server's access as the host
//! view carries it, and the sheet of them all to print ([`code_sheet`]).
//! No drawing here: `widgets::join_code_box` shows one.

#[cfg(feature = "embedded-server")]
use minuta_server::codes_pdf::{CodeSheet, StaffCard, TeamCard};
use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::join_code::{JoinCode, web_origin};
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::slice_secret::slice_secret;
use minuta_shared::wire::view::Access;
#[cfg(feature = "embedded-server")]
use minuta_shared::wire::view::HostView;

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

/// Every code of the tournament for the printed sheet, as
/// `minuta-server export --format codes` makes it from the store: a card
/// per team, then the projector, the host, each judge and the jury. The
/// sheet is in Russian, like the jury's protocol; `wifi` blank for a line
/// to write it on.
#[cfg(feature = "embedded-server")]
pub fn code_sheet(view: &HostView, access: &Access, wifi: &str) -> CodeSheet {
    let web_port = access.web_port;
    let staff_card = |role: String, credential: Credential| {
        StaffCard::new(role, &code_of(access, credential), web_port)
    };
    let teams = view
        .teams
        .iter()
        .filter_map(|team| {
            let (_, secret) = access.teams.iter().find(|(id, _)| *id == team.id)?;
            let code = code_of(
                access,
                Credential::Team {
                    team: team.id,
                    secret: secret.clone(),
                },
            );
            let short = ShortCode::for_team(&access.fingerprint, secret).to_string();
            Some(TeamCard::new(
                team.name.clone(),
                team.town.clone(),
                &code,
                short,
                web_port,
            ))
        })
        .collect();
    let mut staff = vec![
        staff_card(
            "Проектор (экран зала)".to_owned(),
            Credential::Display {
                secret: access.display_secret.clone(),
            },
        ),
        staff_card(
            "Ведущий".to_owned(),
            Credential::Host {
                secret: access.host_secret.clone(),
            },
        ),
    ];
    staff.extend(access.judges.iter().map(|(judge, secret)| {
        let name = view
            .judges
            .iter()
            .find(|j| j.id == *judge)
            .map_or_else(|| judge.to_string(), |j| j.name.clone());
        staff_card(
            format!("Судья: {name}"),
            Credential::Judge {
                judge: *judge,
                secret: secret.clone(),
            },
        )
    }));
    if let Some(secret) = view.jury_secret.as_ref().filter(|s| !s.is_empty()) {
        staff.push(staff_card(
            "Апелляционное жюри".to_owned(),
            Credential::Jury {
                secret: secret.clone(),
            },
        ));
    }
    let wifi = wifi.trim();
    CodeSheet {
        tournament: view.tournament.clone(),
        wifi: (!wifi.is_empty()).then(|| wifi.to_owned()),
        teams,
        staff,
    }
}
