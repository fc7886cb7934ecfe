//! A browser terminal's connection as the driver and the connection code
//! hold it: its round trip, its receive window widened at login, and the
//! close the driver asks for. Nothing of HTTP or the session lives here.

use std::sync::{Arc, Mutex};

use crate::sync::lock;
use std::time::Duration;

use tokio::sync::Notify;

use minuta_shared::identity::Role;

use super::socket::{Credit, RoundTrip};

/// A browser terminal's connection as the driver and the connection code
/// hold it (see [`super::Link`]).
#[derive(Clone, Debug)]
pub struct WebLink {
    shared: Arc<LinkShared>,
}

#[derive(Debug)]
struct LinkShared {
    rtt: Arc<RoundTrip>,
    credit: Arc<Credit>,
    /// Set by [`WebLink::close`]; the session closes the socket with it.
    cut: Mutex<Option<(u32, String)>>,
    cut_now: Notify,
}

impl WebLink {
    pub(super) fn new(credit: Arc<Credit>) -> Self {
        WebLink {
            shared: Arc::new(LinkShared {
                rtt: Arc::default(),
                credit,
                cut: Mutex::new(None),
                cut_now: Notify::new(),
            }),
        }
    }

    /// The measured round trip, shared with the socket that measures it.
    pub(super) fn round_trip(&self) -> Arc<RoundTrip> {
        Arc::clone(&self.shared.rtt)
    }

    pub fn rtt(&self) -> Duration {
        self.shared.rtt.get()
    }

    /// Asks the connection's task to close the WebSocket with `code` (as
    /// 4000 + code) and `reason`, now, whatever its queue holds.
    pub fn close(&self, code: u32, reason: &str) {
        let mut cut = lock(&self.shared.cut, "a browser link's close");
        if cut.is_none() {
            *cut = Some((code, reason.to_owned()));
        }
        drop(cut);
        self.shared.cut_now.notify_one();
    }

    pub(in crate::net) fn logged_in(&self, role: Role) {
        self.shared.credit.log_in(role);
    }

    /// Resolves when the link was closed by [`WebLink::close`], with why.
    pub(super) async fn cut(&self) -> (u32, String) {
        loop {
            if let Some(cut) = lock(&self.shared.cut, "a browser link's close").clone() {
                return cut;
            }
            self.shared.cut_now.notified().await;
        }
    }
}
