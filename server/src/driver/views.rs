//! The driver's views going out: after a batch, a fresh view to every
//! connection whose audience changed, built once per identity; the staff's
//! and projectors' views held back while they are costly to rebuild (a
//! join storm); a projector's pictures ahead of the view that shows them.
//! Only the driver's own loop calls these.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::packages::media::MediaFile;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;

use super::{BROAD_VIEW_COST_SHARE, BROAD_VIEW_EVERY, Driver};
use crate::core::Audience;
use crate::net::ConnId;

impl Driver {
    /// Sends a fresh view to every connection whose audience changed. Views
    /// are built once per identity (the hall's ChGK standings once in all:
    /// the game keeps them until they change).
    pub(super) fn flush_views(&mut self) {
        self.close_removed_teams();
        let now = self.clock.now();
        let mut dirty = self.core().take_dirty();
        self.hold_broad_views(&mut dirty, now);
        if dirty.is_empty() && self.fresh.is_empty() {
            return;
        }
        let fresh: Vec<ConnId> = std::mem::take(&mut self.fresh);
        let mut built: BTreeMap<IdentityKey, Arc<ServerMsg>> = BTreeMap::new();
        let targets: Vec<(ConnId, Identity)> = self
            .conns
            .iter()
            .filter(|(id, c)| fresh.contains(id) || wants(&dirty, c.identity))
            .map(|(id, c)| (*id, c.identity))
            .collect();
        let mut broad_cost = None;
        for (conn, identity) in targets {
            if identity == Identity::Display {
                self.send_display_media(conn);
            }
            let key = IdentityKey::of(identity);
            let msg = built
                .entry(key)
                .or_insert_with(|| {
                    let began = std::time::Instant::now();
                    let broad = !matches!(identity, Identity::Team(_) | Identity::Slice(..));
                    let core = self.core.lock();
                    let view = match identity {
                        Identity::Host => View::Host(core.staff_view(now, true)),
                        Identity::Judge(_) => View::Host(core.staff_view(now, false)),
                        Identity::Jury => View::Jury(core.jury_view(now)),
                        Identity::Display => View::Display(core.display_view(now)),
                        Identity::Team(team) => View::Team(core.team_view(team, now)),
                        Identity::Slice(team, slice) => {
                            View::Team(core.slice_view(team, slice, now))
                        }
                    };
                    let msg = Arc::new(ServerMsg::View(Box::new(view)));
                    if broad {
                        *broad_cost.get_or_insert_default() += began.elapsed();
                    }
                    msg
                })
                .clone();
            self.send_arc(conn, msg);
        }
        if let Some(cost) = broad_cost {
            self.broad_cost = cost;
        }
    }

    /// How often the staff's and projectors' views may be rebuilt now.
    fn broad_every(&self) -> std::time::Duration {
        BROAD_VIEW_EVERY.max(self.broad_cost * BROAD_VIEW_COST_SHARE)
    }

    /// Sends a projector, ahead of its view, the pictures that view shows
    /// and it has not had: only projectors, only once the host shows one.
    fn send_display_media(&mut self, conn: ConnId) {
        let files: Vec<MediaFile> = {
            let core = self.core();
            let Some(c) = self.conns.get(&conn) else {
                return;
            };
            let pictures = core.display_pictures().into_iter();
            let new = pictures.filter(|hash| !c.media_sent.contains(hash));
            new.filter_map(|hash| core.media_file(&hash)).collect()
        };
        for file in files {
            if let Some(c) = self.conns.get_mut(&conn) {
                c.media_sent.insert(file.hash.clone());
            }
            self.send(conn, ServerMsg::Media(Box::new(file)));
        }
    }

    /// When the held staff and projector views are due, if any are held.
    pub(super) fn held_until(&self) -> Option<ServerTime> {
        let last = self.broad_sent_at?;
        (!self.held.is_empty()).then(|| last.plus(self.broad_every()))
    }

    /// Takes the staff and projector audiences out of `dirty` while their
    /// last views are younger than [`BROAD_VIEW_EVERY`] (to be sent when
    /// due), and puts back the held ones once due.
    fn hold_broad_views(
        &mut self,
        dirty: &mut std::collections::BTreeSet<Audience>,
        now: ServerTime,
    ) {
        let every = self.broad_every();
        let recent = !std::mem::take(&mut self.staff_acted)
            && self
                .broad_sent_at
                .is_some_and(|last| now.since(last) < every);
        if !recent {
            dirty.append(&mut self.held);
        }
        let broad = [Audience::Staff, Audience::Display];
        if !broad.iter().any(|a| dirty.contains(a)) {
            return;
        }
        if !recent {
            self.broad_sent_at = Some(now);
        } else {
            for a in broad {
                if dirty.remove(&a) {
                    self.held.insert(a);
                }
            }
        }
    }
}

fn wants(dirty: &BTreeSet<Audience>, identity: Identity) -> bool {
    match identity {
        Identity::Host | Identity::Judge(_) | Identity::Jury => dirty.contains(&Audience::Staff),
        Identity::Display => dirty.contains(&Audience::Display),
        // A ломтик's view follows its team's changes.
        Identity::Team(t) | Identity::Slice(t, _) => {
            dirty.contains(&Audience::AllTeams) || dirty.contains(&Audience::Team(t))
        }
    }
}

/// Judges all share one view; so do displays; each team has its own, and
/// each of its ломтики its own.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum IdentityKey {
    Host,
    Judge,
    Jury,
    Display,
    Team(TeamId),
    Slice(TeamId, Slice),
}

impl IdentityKey {
    fn of(identity: Identity) -> Self {
        match identity {
            Identity::Host => IdentityKey::Host,
            Identity::Judge(_) => IdentityKey::Judge,
            Identity::Jury => IdentityKey::Jury,
            Identity::Display => IdentityKey::Display,
            Identity::Team(t) => IdentityKey::Team(t),
            Identity::Slice(t, slice) => IdentityKey::Slice(t, slice),
        }
    }
}
