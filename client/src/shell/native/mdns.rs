//! The native look for servers: mDNS browsing on a thread of its own.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use mdns_sd::{ServiceDaemon, ServiceEvent};
use tracing::debug;

use minuta_shared::lan::{Advert, Found, SERVICE_TYPE};

use crate::discovery::{Discovery, HallEvent};

/// How often the browsing thread looks whether it should stop.
const STOP_CHECK: Duration = Duration::from_millis(250);

/// The browsing thread's stop: dropped with the [`Discovery`], it stops it.
struct Browsing {
    stop: Arc<AtomicBool>,
}

impl Drop for Browsing {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Starts browsing on a new thread; `wake` is called after each event
/// (the app asks for a frame). A failure comes as [`HallEvent::Failed`].
pub fn browse_hall(wake: impl Fn() + Send + 'static) -> Discovery {
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
    Discovery::new(events, Browsing { stop })
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
