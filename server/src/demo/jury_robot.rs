//! The demo's appeal jury (АЖ, 6.5): logs in with the jury's own secret,
//! reads every appeal in its view and, after a moment's deliberation,
//! decides it as each format's robots read it (upheld for an answer right
//! in other words, rejected otherwise).

use std::collections::BTreeSet;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::GameId;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;

use crate::clock::ServerClock;
use crate::net::{Inbound, Outbound};

/// How long the jury weighs an appeal (for a 60-s minute).
pub(super) const DELIBERATION: Duration = Duration::from_secs(5);

pub(super) async fn play(
    credential: Credential,
    deliberation: Duration,
    inbound: mpsc::Sender<Inbound>,
    clock: ServerClock,
) {
    let Some((conn, outbox)) = super::join(credential, &inbound).await else {
        return;
    };
    let mut decided: BTreeSet<(GameId, u32)> = BTreeSet::new();
    let mut request = 0u64;
    loop {
        let Outbound::Msg(msg) = outbox.next().await else {
            return;
        };
        let ServerMsg::View(view) = &*msg else {
            continue;
        };
        let View::Jury(view) = view.as_ref() else {
            continue;
        };
        for entry in &view.games {
            for (appeal, command) in super::jury_decisions(entry.id, &entry.view) {
                if !decided.insert((entry.id, appeal)) {
                    continue;
                }
                request += 1;
                let (inbound, request) = (inbound.clone(), request);
                tokio::spawn(async move {
                    tokio::time::sleep(deliberation).await;
                    super::send(&inbound, clock, conn, request, command).await;
                });
            }
        }
    }
}
