//! Finding the Minuta servers in the hall, as the join screen lists them:
//! the shells look (the desktop's by mDNS/DNS-SD on a thread of its own,
//! the browser's by asking the page's server) and the UI thread only drains
//! a channel, so a slow or broken network never holds a frame. What a
//! server advertises and how a short code resolves is `minuta_shared::lan`;
//! no view and no platform's code lives here.
//!
//! Started by the app only when it was asked to (`minuta` without
//! `--no-mdns`) and only while the join screen shows; tests never start it
//! outside a network namespace of their own.

use std::any::Any;
use std::sync::mpsc;

use minuta_shared::lan::Found;

/// A shell's looking for servers: what it finds comes through `events`;
/// dropping this stops the looking.
pub struct Discovery {
    pub events: mpsc::Receiver<HallEvent>,
    /// What keeps the looking going (a thread's stop flag), if anything.
    _looking: Box<dyn Any>,
}

impl Discovery {
    pub fn new(events: mpsc::Receiver<HallEvent>, looking: impl Any) -> Discovery {
        Discovery {
            events,
            _looking: Box::new(looking),
        }
    }
}

/// What the browsing thread tells the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HallEvent {
    /// A server answered (or changed its advert).
    Found(Found),
    /// A server said goodbye (or stopped answering): its instance name.
    Lost(String),
    /// Browsing cannot work here (no multicast, no socket): why.
    Failed(String),
}

/// The servers found so far, as the join screen lists them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hall {
    /// Browsing runs (or ran): the list may still grow.
    pub searching: bool,
    pub servers: Vec<Found>,
    /// Why browsing stopped, if it failed.
    pub failed: Option<String>,
}

impl Hall {
    pub fn apply(&mut self, event: HallEvent) {
        match event {
            HallEvent::Found(found) => {
                match self
                    .servers
                    .iter_mut()
                    .find(|s| s.instance == found.instance)
                {
                    Some(known) => *known = found,
                    None => self.servers.push(found),
                }
                self.servers
                    .sort_by(|a, b| a.advert.tournament.cmp(&b.advert.tournament));
            }
            HallEvent::Lost(instance) => self.servers.retain(|s| s.instance != instance),
            HallEvent::Failed(why) => {
                self.searching = false;
                self.failed = Some(why);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_shared::lan::Advert;

    fn found(instance: &str, tournament: &str) -> Found {
        Found {
            instance: instance.into(),
            advert: Advert {
                tournament: tournament.into(),
                port: 4433,
                fingerprint: [1; 32],
                protocol: minuta_shared::wire::PROTOCOL_VERSION,
                display_secret: "d".into(),
            },
            addrs: vec!["10.0.0.2".parse().unwrap()],
        }
    }

    #[test]
    fn the_hall_lists_each_server_once_by_name_and_forgets_the_gone() {
        let mut hall = Hall::default();
        hall.apply(HallEvent::Found(found("b", "Кубок Б")));
        hall.apply(HallEvent::Found(found("a", "Кубок А")));
        hall.apply(HallEvent::Found(found("b", "Кубок Б (вечер)")));
        let names: Vec<_> = hall
            .servers
            .iter()
            .map(|s| s.advert.tournament.as_str())
            .collect();
        assert_eq!(names, ["Кубок А", "Кубок Б (вечер)"]);
        hall.apply(HallEvent::Lost("a".into()));
        assert_eq!(hall.servers.len(), 1);
        hall.apply(HallEvent::Failed("no multicast".into()));
        assert_eq!(hall.failed.as_deref(), Some("no multicast"));
    }
}
