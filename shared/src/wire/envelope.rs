//! The one envelope every message travels in.

use serde::{Deserialize, Serialize};

/// `version` is the sender's protocol version; `seq` numbers the sender's
/// frames from 0 so a log can show gaps; `body` is the message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub version: u16,
    pub seq: u64,
    pub body: T,
}

impl<T> Envelope<T> {
    pub fn new(seq: u64, body: T) -> Self {
        Envelope {
            version: super::PROTOCOL_VERSION,
            seq,
            body,
        }
    }
}
