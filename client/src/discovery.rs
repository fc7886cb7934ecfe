//! Finding the Minuta servers in the hall (mDNS/DNS-SD, `_minuta._udp`) on
//! a thread of its own: the UI thread only drains a channel, so a slow or
//! broken network never holds a frame. What a server advertises and how a
//! short code resolves is `minuta_shared::lan`; no view lives here.
//!
//! Started by the app only when it was asked to (`minuta` without
//! `--no-mdns`) and only while the join screen shows; tests never start it
//! outside a network namespace of their own.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use mdns_sd::{ServiceDaemon, ServiceEvent};
use tracing::debug;

use minuta_shared::lan::{Advert, Found, SERVICE_TYPE};

/// How often the browsing thread looks whether it should stop.
const STOP_CHECK: Duration = Duration::from_millis(250);

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

/// The browsing thread; dropping this stops it.
#[derive(Debug)]
pub struct Discovery {
    stop: Arc<AtomicBool>,
    pub events: mpsc::Receiver<HallEvent>,
}

impl Drop for Discovery {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Discovery {
    /// Starts browsing on a new thread; `wake` is called after each event
    /// (the app asks for a frame). A failure comes as [`HallEvent::Failed`].
    pub fn start(wake: impl Fn() + Send + 'static) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, events) = mpsc::channel();
        let stopping = Arc::clone(&stop);
        let failed = tx.clone();
        let spawned = std::thread::Builder::new()
            .name("minuta-discovery".into())
            .spawn(move || browse(&stopping, &tx, &wake));
        if let Err(e) = spawned {
            let _ = failed.send(HallEvent::Failed(e.to_string()));
        }
        Discovery { stop, events }
    }
}

fn browse(stop: &AtomicBool, tx: &mpsc::Sender<HallEvent>, wake: &dyn Fn()) {
    let send = |event| {
        let sent = tx.send(event).is_ok();
        wake();
        sent
    };
    let daemon = match ServiceDaemon::new() {
        Ok(daemon) => daemon,
        Err(e) => {
            send(HallEvent::Failed(e.to_string()));
            return;
        }
    };
    let events = match daemon.browse(SERVICE_TYPE) {
        Ok(events) => events,
        Err(e) => {
            send(HallEvent::Failed(e.to_string()));
            let _ = daemon.shutdown();
            return;
        }
    };
    while !stop.load(Ordering::Relaxed) {
        let event = match events.recv_timeout(STOP_CHECK) {
            Ok(event) => event,
            Err(mdns_sd::RecvTimeoutError::Timeout) => continue,
            Err(mdns_sd::RecvTimeoutError::Disconnected) => break,
        };
        let ours = match event {
            ServiceEvent::ServiceResolved(service) => found_of(&service),
            ServiceEvent::ServiceRemoved(_, fullname) => Some(HallEvent::Lost(fullname)),
            _ => None,
        };
        if let Some(ours) = ours
            && !send(ours)
        {
            break;
        }
    }
    let _ = daemon.shutdown();
}

/// A resolved service as a found server; an advert this build cannot read
/// (another program on `_minuta._udp`, a damaged record) is skipped.
fn found_of(service: &mdns_sd::ResolvedService) -> Option<HallEvent> {
    let advert = match Advert::from_txt(|key| service.get_property_val_str(key)) {
        Ok(advert) => advert,
        Err(e) => {
            debug!(service = service.get_fullname(), "not a Minuta advert: {e}");
            return None;
        }
    };
    let addrs = service
        .get_addresses()
        .iter()
        .map(|a| a.to_ip_addr())
        .collect();
    Some(HallEvent::Found(Found {
        instance: service.get_fullname().to_owned(),
        advert,
        addrs,
    }))
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
