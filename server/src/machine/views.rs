//! The views going out: after a batch, a fresh view to every connection
//! whose audience changed, built once per identity; the staff's and
//! projectors' views held back while they are costly to rebuild (a join
//! storm); a projector's pictures ahead of the view that shows them; a
//! removed team's connections ended before anyone sees it gone.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::packages::media::MediaFile;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::close;
use minuta_shared::wire::server::ServerMsg;

use super::{ConnId, Server};
use crate::core::Audience;

/// The staff's and the projectors' views are rebuilt at most this often
/// while changes pour in (a burst of cards, a join storm): each is large
/// (the host view holds the package and every team), one a frame per card
/// would keep the thread busy building what nobody can read that fast.
/// The first change after a quiet spell is shown at once, and so is every
/// change the host or a judge makes; Brain-ring lockouts go as fight
/// patches and are never held.
const BROAD_VIEW_EVERY: Duration = Duration::from_millis(50);

/// …or, when building them takes long (a hall of thousands of teams: the
/// host view of 10,000 is ~0.5 MB), at most once per this many times their
/// building time, so they take at most a tenth of the server's thread
/// while a join storm or a burst of cards pours in.
const BROAD_VIEW_COST_SHARE: u32 = 10;

/// When the staff's and projectors' views were last sent, and what was
/// held back since.
#[derive(Default)]
pub(super) struct ViewPolicy {
    sent_at: Option<ServerTime>,
    held: BTreeSet<Audience>,
    /// How long the last staff and projector views took to build.
    cost: Duration,
    /// The host or a judge changed something: they (and the projector)
    /// see it at once, whatever was sent just before.
    staff_acted: bool,
}

impl ViewPolicy {
    pub fn staff_acted(&mut self) {
        self.staff_acted = true;
    }

    /// How often the staff's and projectors' views may be rebuilt now.
    fn every(&self) -> Duration {
        BROAD_VIEW_EVERY.max(self.cost * BROAD_VIEW_COST_SHARE)
    }

    /// When the held staff and projector views are due, if any are held.
    pub fn held_until(&self) -> Option<ServerTime> {
        let last = self.sent_at?;
        (!self.held.is_empty()).then(|| last.plus(self.every()))
    }

    /// Takes the staff and projector audiences out of `dirty` while their
    /// last views are younger than [`ViewPolicy::every`] (to be sent when
    /// due), and puts back the held ones once due.
    fn hold(&mut self, dirty: &mut BTreeSet<Audience>, now: ServerTime) {
        let every = self.every();
        let recent = !std::mem::take(&mut self.staff_acted)
            && self.sent_at.is_some_and(|last| now.since(last) < every);
        if !recent {
            dirty.append(&mut self.held);
        }
        let broad = [Audience::Staff, Audience::Display];
        if !broad.iter().any(|a| dirty.contains(a)) {
            return;
        }
        if !recent {
            self.sent_at = Some(now);
        } else {
            for a in broad {
                if dirty.remove(&a) {
                    self.held.insert(a);
                }
            }
        }
    }
}

impl Server {
    /// Queues a fresh view for every connection whose audience changed.
    /// Views are built once per identity (the hall's ChGK standings once in
    /// all: the game keeps them until they change).
    pub(super) fn flush_views(&mut self) {
        self.close_removed_teams();
        let now = self.now;
        let mut dirty = self.core.take_dirty();
        self.views.hold(&mut dirty, now);
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
            let msg = match built.get(&key) {
                Some(msg) => Arc::clone(msg),
                None => {
                    let began = (self.stopwatch)();
                    let msg =
                        Arc::new(ServerMsg::View(Box::new(self.core.view_for(identity, now))));
                    let broad = !matches!(identity, Identity::Team(_) | Identity::Slice(..));
                    if broad {
                        let took = (self.stopwatch)().saturating_sub(began);
                        *broad_cost.get_or_insert_default() += took;
                    }
                    built.insert(key, Arc::clone(&msg));
                    msg
                }
            };
            self.send(conn, msg);
        }
        if let Some(cost) = broad_cost {
            self.views.cost = cost;
        }
    }

    /// Queues for a projector, ahead of its view, the pictures that view
    /// shows and it has not had: only projectors, only once the host shows
    /// one.
    fn send_display_media(&mut self, conn: ConnId) {
        let Some(c) = self.conns.get_mut(&conn) else {
            return;
        };
        let pictures = self.core.display_pictures().into_iter();
        let new: Vec<MediaFile> = pictures
            .filter(|hash| !c.media_sent.contains(hash))
            .filter_map(|hash| self.core.media_file(&hash))
            .collect();
        c.media_sent
            .extend(new.iter().map(|file| file.hash.clone()));
        for file in new {
            self.send(conn, Arc::new(ServerMsg::Media(Box::new(file))));
        }
    }

    /// A team the host removed is still connected with the secret it had:
    /// its link ends, and a reconnection is refused at the handshake.
    fn close_removed_teams(&mut self) {
        let removed = &self.core.registry().removed_teams;
        // Nothing to look for in an event that never removed a team.
        if removed.is_empty() {
            return;
        }
        let gone: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| match c.identity {
                // Its ломтики go with it.
                Identity::Team(t) | Identity::Slice(t, _) => removed.contains(&t),
                _ => false,
            })
            .map(|(id, _)| *id)
            .collect();
        for id in gone {
            let reason = "the team was removed from the event".to_owned();
            self.close(id, close::REFUSED, reason);
        }
    }
}

/// The audiences that see `dirty`'s changes.
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
