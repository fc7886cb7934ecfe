//! Views as a test reads them: which payloads carry one (read from the
//! header alone), each audience's view out of a [`View`], and a view's
//! one-line summary for a failed wait's message.

use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{DisplayView, HostView, JuryView, TeamView, View};

/// Whether a payload is an `Envelope<ServerMsg::View>` or a press's patch
/// (`ServerMsg::Patch`), read from its first varints (version, seq, variant
/// index) without decoding it.
pub fn is_view(payload: &[u8]) -> bool {
    /// Skips one bincode varint; `None` if the payload ends inside it.
    fn varint(bytes: &[u8]) -> Option<(u64, &[u8])> {
        let (&first, rest) = bytes.split_first()?;
        let width = match first {
            0..=250 => return Some((u64::from(first), rest)),
            251 => 2,
            252 => 4,
            253 => 8,
            _ => 16,
        };
        let value = rest
            .get(..width)?
            .iter()
            .rev()
            .fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
        Some((value, rest.get(width..)?))
    }
    let variant = varint(payload)
        .and_then(|(_, rest)| varint(rest))
        .and_then(|(_, rest)| varint(rest));
    // ServerMsg: 0 Pong, 1 Ack, 2 View, 3 Patch (a press's), 5 ViewDelta.
    const PRESS_PATCH: u64 = 3;
    variant.is_some_and(|(v, _)| {
        v == u64::from(ServerMsg::VIEW_VARIANT)
            || v == PRESS_PATCH
            || v == u64::from(ServerMsg::VIEW_DELTA_VARIANT)
    })
}

pub fn host_view(v: &View) -> Option<&HostView> {
    match v {
        View::Host(h) => Some(h),
        _ => None,
    }
}

pub fn team_view(v: &View) -> Option<&TeamView> {
    match v {
        View::Team(t) => Some(t),
        _ => None,
    }
}

pub fn display_view(v: &View) -> Option<&DisplayView> {
    match v {
        View::Display(d) => Some(d),
        _ => None,
    }
}

pub fn jury_view(v: &View) -> Option<&JuryView> {
    match v {
        View::Jury(j) => Some(j),
        _ => None,
    }
}

/// A short description of a view for failure messages.
pub(crate) fn summary(view: Option<&View>) -> String {
    match view {
        None => "none".into(),
        Some(View::Host(h)) => format!(
            "host: {} teams, clock {:?}, {} judging, standings {:?}",
            h.teams.len(),
            h.event_chgk().clock,
            h.event_chgk().judging.len(),
            h.event_chgk()
                .standings
                .iter()
                .map(|r| (r.team.0, r.place.to_string(), r.points, r.rating, &r.mask))
                .collect::<Vec<_>>()
        ),
        Some(View::Team(t)) => format!(
            "team {}: clock {:?}, {} cards",
            t.team,
            t.event_chgk().clock,
            t.event_chgk().cards.len()
        ),
        Some(View::Display(d)) => format!(
            "display: clock {:?}, {} cards in, {} rows",
            d.event_chgk().clock,
            d.event_chgk().cards_in,
            d.event_chgk().standings.len()
        ),
        Some(View::Jury(j)) => format!("jury: {} games", j.games.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Result;
    use minuta_shared::time::ServerTime;
    use minuta_shared::wire::codec;
    use minuta_shared::wire::envelope::Envelope;
    use minuta_shared::wire::server::Receipt;

    #[test]
    fn is_view_reads_the_variant_behind_varints_of_every_width() -> Result<()> {
        for seq in [0, 250, 251, 300, 70_000, 1 << 40] {
            let pong = Envelope::new(
                seq,
                ServerMsg::Pong {
                    client_time_us: 5,
                    server_time: ServerTime(6),
                },
            );
            assert!(!is_view(&codec::encode(&pong)?), "pong with seq {seq}");
            let ack = Envelope::new(
                seq,
                ServerMsg::Ack {
                    request: 2,
                    result: Ok(Receipt::Done),
                },
            );
            assert!(!is_view(&codec::encode(&ack)?), "ack with seq {seq}");
            // A view: the same header with variant index 2.
            let mut view = codec::encode(&Envelope::new(seq, 2u32))?;
            view.push(0);
            assert!(is_view(&view), "view with seq {seq}");
        }
        assert!(!is_view(&[]) && !is_view(&[1, 251, 0]));
        Ok(())
    }
}
