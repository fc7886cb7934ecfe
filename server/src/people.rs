//! Who among the connections is a person, not a demo robot: the host or a
//! judge acting (the demo's autopilot stands aside), a team at a terminal
//! (its robot stands aside). Kept up to date by the driver, which alone
//! reads the clock; read by the demo's robots. Nothing here decides a game.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use minuta_shared::ids::TeamId;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::AutopilotView;

/// The people among the connections, as the demo's robots must know them:
/// shared with the robots, kept up to date by the driver (which alone reads
/// the clock for it: the times here are its arrival and leaving stamps).
#[derive(Clone, Debug, Default)]
pub struct People {
    /// When a person last acted as host or judge: the autopilot host
    /// stands aside.
    pub host: HumanHost,
    /// The teams a person plays at a terminal: their robots stand aside.
    pub teams: HumanTeams,
}

/// When a person (not a demo robot) last acted as host or judge, shared
/// with the demo's autopilot so it stands aside, and how long it stands
/// aside after each such command (`None`: there is no autopilot).
#[derive(Clone, Debug, Default)]
pub struct HumanHost {
    last: Arc<AtomicU64>,
    stand_aside: Option<Duration>,
}

impl HumanHost {
    /// A server whose demo autopilot runs the game, standing aside for
    /// `stand_aside` after every command of a person at a staff screen.
    pub fn with_autopilot(stand_aside: Duration) -> Self {
        HumanHost {
            last: Arc::default(),
            stand_aside: Some(stand_aside),
        }
    }

    pub fn mark(&self, at: ServerTime) {
        self.last.store(at.0, Ordering::Relaxed);
    }

    pub fn last(&self) -> Option<ServerTime> {
        let t = self.last.load(Ordering::Relaxed);
        (t != 0).then_some(ServerTime(t))
    }

    /// While a person is in control at `now`: when the autopilot takes
    /// over again. `None` while it runs the game, or without one.
    pub fn resumes_at(&self, now: ServerTime) -> Option<ServerTime> {
        let back = self.last()?.plus(self.stand_aside?);
        (now < back).then_some(back)
    }

    /// The autopilot as the staff see it at `now`; `None` without one.
    pub fn view(&self, now: ServerTime) -> Option<AutopilotView> {
        self.stand_aside?;
        let resumes_at = self.resumes_at(now);
        Some(AutopilotView {
            running: resumes_at.is_none(),
            resumes_at,
        })
    }
}

/// Which teams a person plays at a terminal (connections that are not demo
/// robots), and when the last person of a team left: a demo robot stands
/// aside for its team meanwhile.
#[derive(Clone, Debug, Default)]
pub struct HumanTeams(Arc<Mutex<BTreeMap<TeamId, Seat>>>);

/// A team's people at terminals.
#[derive(Clone, Copy, Debug, Default)]
struct Seat {
    connected: u32,
    left_at: Option<ServerTime>,
}

impl HumanTeams {
    fn seats(&self) -> MutexGuard<'_, BTreeMap<TeamId, Seat>> {
        crate::sync::lock(&self.0, "the seats of people at terminals")
    }

    /// A person's terminal joined as `team`.
    pub fn joined(&self, team: TeamId) {
        self.seats().entry(team).or_default().connected += 1;
    }

    /// A person's terminal of `team` left at `at`.
    pub fn left(&self, team: TeamId, at: ServerTime) {
        let mut seats = self.seats();
        let seat = seats.entry(team).or_default();
        seat.connected = seat.connected.saturating_sub(1);
        if seat.connected == 0 {
            seat.left_at = Some(at);
        }
    }

    /// Whether a person plays `team` at `now`: a terminal of theirs is
    /// connected, or the last one left less than `grace` ago (a laptop
    /// whose Wi-Fi dropped is back within seconds, and its team must not
    /// find a robot's card on its question).
    pub fn played(&self, team: TeamId, now: ServerTime, grace: Duration) -> bool {
        self.seats().get(&team).is_some_and(|seat| {
            seat.connected > 0 || seat.left_at.is_some_and(|left| now.since(left) < grace)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: ServerTime = ServerTime(1_700_000_000_000_000);

    fn at(secs: u64) -> ServerTime {
        T0.plus(Duration::from_secs(secs))
    }

    #[test]
    fn demo_a_robot_stands_aside_while_a_person_plays_its_team_and_for_the_grace_after() {
        let people = HumanTeams::default();
        let (team, other) = (TeamId(1), TeamId(2));
        let grace = Duration::from_secs(10);
        assert!(!people.played(team, T0, grace), "nobody yet");

        // Two of the team's laptops join; one leaves: still played.
        people.joined(team);
        people.joined(team);
        people.left(team, at(5));
        assert!(people.played(team, at(100), grace));
        assert!(!people.played(other, at(100), grace));

        // The last leaves: played for the grace, then the robot's again.
        people.left(team, at(100));
        assert!(people.played(team, at(109), grace));
        assert!(!people.played(team, at(110), grace));
    }

    #[test]
    fn demo_the_autopilot_runs_the_game_until_a_person_acts_and_takes_over_after_the_pause() {
        let host = HumanHost::with_autopilot(Duration::from_secs(30));
        let running = AutopilotView {
            running: true,
            resumes_at: None,
        };
        assert_eq!(host.view(T0), Some(running));

        host.mark(at(10));
        assert_eq!(host.resumes_at(at(20)), Some(at(40)));
        assert_eq!(
            host.view(at(20)),
            Some(AutopilotView {
                running: false,
                resumes_at: Some(at(40)),
            })
        );
        assert_eq!(host.view(at(40)), Some(running));
    }

    #[test]
    fn a_server_without_an_autopilot_says_so_to_the_staff() {
        let host = HumanHost::default();
        host.mark(T0);
        assert_eq!(host.view(at(1)), None);
        assert_eq!(host.resumes_at(at(1)), None);
    }
}
