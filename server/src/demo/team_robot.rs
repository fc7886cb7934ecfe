//! A robot team: it logs in with its team's credentials, keeps its latest
//! view, and plays with its hands, one per format (each format's own:
//! `demo/chgk.rs`'s cards, Brain-ring's buttons, …): what it decides on
//! seeing a new view is sent after its thinking time, and what it plans
//! at server times (presses, line-ups, bids) when due. Presses go to the
//! server as a team terminal's do; a ломтик has no terminal of its own to
//! join with yet, so its card goes to the server as that ломтик's, stamped
//! now, answered to nobody (`Desk::as_slice`).
//!
//! It stands aside while a person plays its team ([`Aside`]): it sends
//! nothing then — no card, answer, appeal or press, not even one it had
//! decided on before the person joined — and plays again once the person
//! has been gone for a while. What it handed in before stays: the team's
//! one card per question is the robot's then, and the person's is refused.

use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{TeamView, View};

use super::plug::TeamHand;
use crate::clock::ServerClock;
use crate::net::{ConnId, Inbound, Outbound};
use crate::people::HumanTeams;

/// Whether a person plays the robot's team: the robot stands aside then.
#[derive(Clone)]
pub(super) struct Aside {
    pub people: HumanTeams,
    pub team: TeamId,
    /// How long after the last person left it still stands aside.
    pub grace: Duration,
}

impl Aside {
    fn now(&self, clock: ServerClock) -> bool {
        self.people.played(self.team, clock.now(), self.grace)
    }
}

/// How often a robot that stood aside while its view changed looks again
/// whether it may act on it.
const LOOK_AGAIN: Duration = Duration::from_millis(250);

/// A robot team's hands, one per format.
type Hands = Vec<Box<dyn TeamHand>>;

/// When the next planned action of any hand is due.
fn next_at(hands: &Hands) -> Option<ServerTime> {
    hands.iter().filter_map(|h| h.next_at()).min()
}

/// The moves every hand decides on from a new view.
fn moves(hands: &mut Hands, view: &TeamView, now: ServerTime) -> Vec<(Duration, Command)> {
    hands.iter_mut().flat_map(|h| h.moves(view, now)).collect()
}

pub(super) async fn play(
    credential: Credential,
    mut hands: Hands,
    aside: Aside,
    desk: Desk,
    clock: ServerClock,
) {
    let Some((conn, outbox)) = super::join(credential, &desk.inbound).await else {
        return;
    };
    let robot = Robot {
        conn,
        inbound: &desk.inbound,
        clock,
        aside: &aside,
    };
    let mut request = 0u64;
    // The latest view, with the fight patches since applied to it.
    let mut latest: Option<TeamView> = None;
    // A view came while a person played the team: once they are gone, the
    // robot looks at the latest one (the hall may not change for a minute).
    let mut missed = false;
    let mut look_again = tokio::time::interval(LOOK_AGAIN);
    look_again.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let wake = next_at(&hands).map(|t| clock.instant_at(t));
        tokio::select! {
            biased;
            out = outbox.next() => {
                let Outbound::Msg(msg) = out else { return };
                match &*msg {
                    ServerMsg::View(view) => {
                        let View::Team(view) = view.as_ref() else { continue };
                        latest = Some(view.clone());
                        missed = aside.now(clock);
                        if !missed {
                            let moves = moves(&mut hands, view, clock.now());
                            robot.send_all(moves, &mut request);
                        }
                    }
                    // A press changed this team's fight, or a bid the
                    // auction desk: the robot looks at it as at a view.
                    ServerMsg::Patch { game, patch } => {
                        let Some(v) = latest.take() else { continue };
                        let mut view = View::Team(v);
                        let applied = view.apply_patch(*game, patch);
                        let View::Team(view) = view else { continue };
                        if applied && !aside.now(clock) {
                            let moves = moves(&mut hands, &view, clock.now());
                            robot.send_all(moves, &mut request);
                        }
                        latest = Some(view);
                    }
                    // An outbox holds whole views (patches are made on the wire).
                    ServerMsg::Ack { .. }
                    | ServerMsg::Pong { .. }
                    | ServerMsg::StorageAlert { .. }
                    | ServerMsg::Media(_)
                    | ServerMsg::ViewDelta(_)
                    | ServerMsg::FilePart(_)
                    | ServerMsg::FileRefused { .. }
                    | ServerMsg::RosterRead { .. } => continue,
                }
                if let Some(view) = latest.as_ref() {
                    for hand in &mut hands {
                        hand.see(view, clock.now());
                    }
                }
            }
            _ = look_again.tick(), if missed => {
                missed = aside.now(clock);
                if let (false, Some(view)) = (missed, latest.as_ref()) {
                    let moves = moves(&mut hands, view, clock.now());
                    robot.send_all(moves, &mut request);
                }
            }
            () = sleep_until(wake) => {
                let now = clock.now();
                let due: Vec<(Option<Slice>, Command)> = hands
                    .iter_mut()
                    .flat_map(|h| h.due(latest.as_ref(), now))
                    .collect();
                // A person at the team's button: the robot's hands are off it.
                if aside.now(clock) {
                    continue;
                }
                for (slice, command) in due {
                    request += 1;
                    let sent = match (slice, command, &latest) {
                        (Some(slice), command, Some(view)) => {
                            desk.as_slice(Identity::Slice(view.team, slice), command, clock).await
                        }
                        (_, command, _) => {
                            super::send(&desk.inbound, clock, conn, request, command).await
                        }
                    };
                    if !sent {
                        return;
                    }
                }
            }
        }
    }
}

/// Sleeps until `at`, or for ever without one.
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Where a robot's actions go: the server, as a team terminal's do.
#[derive(Clone)]
pub(super) struct Desk {
    pub inbound: mpsc::Sender<Inbound>,
}

impl Desk {
    /// A ломтик's command (Нептун 2.3) as that ломтик's, stamped now and
    /// decided in arrival order with everything else; a refusal changes
    /// nothing. False once the driver has stopped.
    async fn as_slice(&self, who: Identity, command: Command, clock: ServerClock) -> bool {
        let robot = Inbound::Robot {
            who,
            command,
            received_at: clock.now(),
        };
        self.inbound.send(robot).await.is_ok()
    }
}

struct Robot<'a> {
    conn: ConnId,
    inbound: &'a mpsc::Sender<Inbound>,
    clock: ServerClock,
    aside: &'a Aside,
}

impl Robot<'_> {
    /// Sends each command after its thinking time, numbering the requests.
    fn send_all(&self, moves: Vec<(Duration, Command)>, request: &mut u64) {
        for (think, command) in moves {
            *request += 1;
            self.later(think, *request, command);
        }
    }

    /// Sends `command` after `think`, stamped on arrival like a terminal's
    /// frame — unless a person has come to play the team meanwhile.
    fn later(&self, think: Duration, request: u64, command: Command) {
        let (inbound, clock, conn) = (self.inbound.clone(), self.clock, self.conn);
        let aside = self.aside.clone();
        tokio::spawn(async move {
            tokio::time::sleep(think).await;
            if !aside.now(clock) {
                super::send(&inbound, clock, conn, request, command).await;
            }
        });
    }
}
