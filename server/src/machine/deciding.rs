//! Deciding what arrived: every command in the order of its arrival stamp
//! (not of its reading), each role-checked once here, a Brain-ring press
//! answered at once with its fight's screens patched right behind, every
//! other accepted command acknowledged once its batch is durable.

use std::sync::Arc;

use minuta_shared::identity::Identity;
use minuta_shared::ids::GameId;
use minuta_shared::play::button::PressPatch;
use minuta_shared::play::games::GamePatch;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::permission::permitted;
use minuta_shared::wire::server::ServerMsg;

use super::commit::PendingAck;
use super::{ConnId, Queued, Sender, Server};

impl Server {
    /// Decides every command that arrived, in the order of the arrival
    /// stamps, so a press stamped after «Время» is always judged after it.
    /// Accepted commands change the state at once; their events wait for
    /// the next commit and their acknowledgements for that commit. A
    /// Brain-ring press is the exception the product needs: its verdict
    /// goes out at once and its press log is committed right behind
    /// (DESIGN.md). Refusals change nothing and are answered at once.
    pub(super) fn decide_arrived(&mut self) {
        let mut arrived = std::mem::take(&mut self.arrived);
        arrived.sort_by_key(|q| q.received_at);
        let mut pressed = false;
        for q in arrived {
            pressed |= self.decide(q);
        }
        // The verdicts are queued now; the fights' patches are built once
        // they have left (`queue_press_patches`).
        self.press_patches_due |= pressed;
        let patches = self.core.take_commit_patches();
        self.commit.push_patches(patches);
    }

    /// Sends each game's patch of a batch just made durable: the projector
    /// and every team one shared copy, the staff theirs. A connection still
    /// waiting for its first view gets the change in that view.
    pub(super) fn send_commit_patches(&mut self, patches: Vec<super::commit::Patch>) {
        for (game, patch) in patches {
            let msg = |patch: GamePatch| {
                Arc::new(ServerMsg::Patch {
                    game,
                    patch: Box::new(patch),
                })
            };
            let (staff, public) = (msg(patch.staff), msg(patch.public));
            let targets: Vec<(ConnId, bool)> = self
                .conns
                .iter()
                .filter(|(id, _)| !self.fresh.contains(id))
                .filter_map(|(id, c)| match c.identity {
                    Identity::Host | Identity::Judge(_) => Some((*id, true)),
                    Identity::Team(_) | Identity::Slice(..) | Identity::Display => {
                        Some((*id, false))
                    }
                    // The appeal jury sees no game's play.
                    Identity::Jury => None,
                })
                .collect();
            for (conn, is_staff) in targets {
                let msg = if is_staff { &staff } else { &public };
                self.send(conn, Arc::clone(msg));
            }
        }
    }

    /// Decides one command; true if it was a team's press.
    fn decide(&mut self, q: Queued) -> bool {
        let (conn, identity, robot) = match q.from {
            Sender::Conn(conn) => {
                let Some(c) = self.conns.get(&conn) else {
                    return false;
                };
                (Some(conn), c.identity, c.robot)
            }
            Sender::Robot(who) => (None, who, true),
        };
        // The one role check: a command its role may not send ends the
        // connection that sent it.
        if !permitted(identity.role(), &q.frame.command) {
            if let Some(conn) = conn {
                let reason = format!(
                    "{:?} may not send {}",
                    identity.role(),
                    command_name(&q.frame.command)
                );
                tracing::info!(conn, "closing connection: {reason}");
                self.close(conn, close::FORBIDDEN, reason);
            }
            return false;
        }
        let request = q.frame.request;
        // A team's own terminal alone presses: a ломтик's press goes on to
        // the core, which finds nothing for it to press.
        if let (Command::Press { clock_offset_us }, Identity::Team(team)) =
            (&q.frame.command, identity)
        {
            let result =
                self.core
                    .handle_press(team, q.received_at, q.frame.rtt_us, *clock_offset_us);
            let result = result.map(|(receipt, events)| {
                self.commit.push_events(q.received_at, events);
                receipt
            });
            if let Some(conn) = conn {
                self.send(conn, Arc::new(ServerMsg::Ack { request, result }));
            }
            return true;
        }
        // Any control a person touches on a staff screen takes over from
        // the demo's autopilot (a judge's too: the autopilot would
        // otherwise judge the same answers).
        let staff = matches!(identity, Identity::Host | Identity::Judge(_));
        if staff && !robot {
            self.people.host.mark(q.received_at);
        }
        let decided =
            self.core
                .handle_command(identity, q.frame.command, q.received_at, &mut self.secrets);
        match (decided, conn) {
            (Ok((receipt, events)), Some(conn)) if events.is_empty() => {
                let result = Ok(receipt);
                self.send(conn, Arc::new(ServerMsg::Ack { request, result }));
            }
            (Ok((receipt, events)), conn) => {
                if staff {
                    self.views.staff_acted();
                }
                self.commit.push_events(q.received_at, events);
                if let Some(conn) = conn {
                    self.commit.push_ack(PendingAck {
                        conn,
                        request,
                        result: Ok(receipt),
                    });
                }
            }
            (Err(err), Some(conn)) => {
                let result = Err(err);
                self.send(conn, Arc::new(ServerMsg::Ack { request, result }));
            }
            (Err(err), None) => {
                tracing::debug!(?identity, "a robot ломтик's card refused: {err}");
            }
        }
        false
    }

    /// Queues what the presses decided since the last call changed, for
    /// their screens: the concerned teams first (a Brain-ring fight's two
    /// tables must stop discussing), then the projectors, then the staff,
    /// whose copy carries the press log. Called once the verdicts have
    /// left: building the patches must not hold them back.
    pub fn queue_press_patches(&mut self) {
        if !std::mem::take(&mut self.press_patches_due) {
            return;
        }
        let patches = self.core.take_press_patches();
        self.send_press_patches(patches);
    }

    fn send_press_patches(&mut self, patches: Vec<(GameId, PressPatch<GamePatch>)>) {
        for (game, patch) in patches {
            let msg = |patch: GamePatch| {
                Arc::new(ServerMsg::Patch {
                    game,
                    patch: Box::new(patch),
                })
            };
            let teams = patch.teams.len();
            // In the order of `rank` below: the teams, the projector, the staff.
            let msgs: Vec<Arc<ServerMsg>> = patch
                .teams
                .iter()
                .map(|(_, p)| msg(p.clone()))
                .chain([msg(patch.public), msg(patch.staff)])
                .collect();
            let mut targets: Vec<(usize, ConnId)> = self
                .conns
                .iter()
                .filter_map(|(id, c)| {
                    let rank = match c.identity {
                        // A ломтик sees what its team sees of a press.
                        Identity::Team(t) | Identity::Slice(t, _) => {
                            patch.teams.iter().position(|(at, _)| *at == t)?
                        }
                        Identity::Display => teams,
                        Identity::Host | Identity::Judge(_) => teams + 1,
                        // The appeal jury follows no button.
                        Identity::Jury => return None,
                    };
                    // A connection still waiting for its first view gets
                    // the change in that view.
                    (!self.fresh.contains(id)).then_some((rank, *id))
                })
                .collect();
            targets.sort_unstable();
            for (rank, conn) in targets {
                if let Some(msg) = msgs.get(rank) {
                    self.send(conn, Arc::clone(msg));
                }
            }
        }
    }
}

/// The command's name without its contents (which may be a team's answer):
/// `RingArm`, or for a game's `Chgk::SubmitCard in game 0`.
pub fn command_name(command: &Command) -> String {
    /// The first word of a value's debug form: its variant's name.
    fn head(debug: &str) -> &str {
        debug.split([' ', '{', '(', ')']).next().unwrap_or_default()
    }
    match command {
        Command::Game { game, command } => {
            let debug = format!("{command:?}");
            let (format, inner) = debug.split_once('(').unwrap_or((&debug, ""));
            format!("{format}::{} in game {game}", head(inner))
        }
        other => head(&format!("{other:?}")).to_owned(),
    }
}
