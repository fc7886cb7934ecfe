//! A robot team. In ChGK it hands in one card per question at a moment of
//! its own choosing within the minute — right, misspelt-but-right, or wrong
//! — so the judging view has groups to merge and the standings spread out.
//! In Мультиигры it answers each started task (right, partly right, in
//! other words, or wrong; now and then after the grace) and appeals a
//! revealed credit it disagrees with (6.4). In Brain-ring it is at the
//! button ([`Buttons`]), and in Эрудит-квартет its captain sends line-ups
//! and its player presses ([`Quartet`]): its presses go through the press
//! desk, as a team terminal's do. In Нептун its captain and its two
//! ломтики play ([`Captain`]); a ломтик has no terminal of its own to join
//! with yet, so its card is decided on the shared core as a ломтик's and
//! handed to the driver to store (`Desk::as_slice`).
//!
//! It stands aside while a person plays its team ([`Aside`]): it sends
//! nothing then — no card, answer, appeal or press, not even one it had
//! decided on before the person joined — and plays again once the person
//! has been gone for a while. What it handed in before stays: the team's
//! one card per question is the robot's then, and the person's is refused.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, QuestionId, Slice, TeamId};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameTeamView;
use minuta_shared::play::multigames::TaskId;
use minuta_shared::seed::Rng;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::{TeamView, View};

use super::Answers;
use super::brain_ring_robot::Buttons;
use super::erudit_robot::{Quartet, team_game};
use super::multigames::{answer_command, appeal_command, team_answer, team_appeal};
use super::neptune;
use super::neptune_robot::Captain;
use crate::clock::ServerClock;
use crate::net::press_desk::{self, AtDesk, DriverGone, Press, SharedCore};
use crate::net::{ConnId, Inbound, Outbound, Outbox};
use crate::people::HumanTeams;

const WRONG: [&str; 6] = ["Не знаем", "Чехов", "Луна", "Волга", "Сорок", "Медведь"];

/// How a robot team plays.
pub(super) struct Style {
    /// Its choices' seed.
    pub seed: u64,
    /// How often it knows the answer (0..1).
    pub skill: f64,
    /// The demo's minute (a ChGK card's minute when the view lacks one).
    pub scale: Duration,
}

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

/// What the team has already done, so nothing is sent twice.
#[derive(Default)]
struct Done {
    cards: BTreeSet<QuestionId>,
    answers: BTreeSet<(GameId, TaskId)>,
    appeals: BTreeSet<(GameId, TaskId)>,
}

/// A robot team's planned moves: Brain-ring's and Эрудит-квартет's
/// buttons, and Нептун's captain and ломтики.
pub(super) struct Hands {
    pub ring: Buttons,
    pub quartet: Quartet,
    pub neptune: Captain,
}

impl Hands {
    /// When the next planned press (or line-up) is due.
    fn next_at(&self) -> Option<ServerTime> {
        [
            self.ring.next_at(),
            self.quartet.next_at(),
            self.neptune.next_at(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// Looks at the team's games as they are at `now`.
    fn see(&mut self, view: &TeamView, now: ServerTime) {
        if let Some((_, fight)) = view.ring_fight() {
            self.ring.see(fight, now);
        }
        if let Some((_, game)) = team_game(view) {
            self.quartet.see(game, now);
        }
        if let Some((_, game)) = neptune::team_game(view) {
            self.neptune.see(game, now);
        }
    }

    /// What the plans due now call for, on the games as the team sees them,
    /// and which of its ломтики sends each (`None`: the team's terminal).
    fn due(&mut self, latest: Option<&TeamView>, now: ServerTime) -> Vec<(Option<Slice>, Command)> {
        let fight = latest.and_then(|v| v.ring_fight());
        let mut due: Vec<Command> = self
            .ring
            .due(now)
            .iter()
            .filter_map(|plan| {
                let (game, fight) = fight?;
                self.ring.command(plan, game, Some(fight))
            })
            .collect();
        let quartet = latest.and_then(team_game);
        due.extend(self.quartet.due(now).iter().filter_map(|plan| {
            let (game, view) = quartet?;
            self.quartet.command(plan, game, view)
        }));
        let mut due: Vec<(Option<Slice>, Command)> = due.into_iter().map(|c| (None, c)).collect();
        let neptune = latest.and_then(neptune::team_game);
        due.extend(self.neptune.due(now).iter().filter_map(|plan| {
            let (game, view) = neptune?;
            self.neptune.command(plan, game, view)
        }));
        due
    }
}

pub(super) async fn play(
    credential: Credential,
    answers: BTreeMap<QuestionId, Answers>,
    style: Style,
    mut hands: Option<Hands>,
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
    let mut rng = Rng::new(style.seed);
    let mut done = Done::default();
    let mut request = 0u64;
    // The latest view, with the fight patches since applied to it.
    let mut latest: Option<TeamView> = None;
    // A view came while a person played the team: once they are gone, the
    // robot looks at the latest one (the hall may not change for a minute).
    let mut missed = false;
    let mut look_again = tokio::time::interval(LOOK_AGAIN);
    look_again.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let wake = hands
            .as_ref()
            .and_then(Hands::next_at)
            .map(|t| clock.instant_at(t));
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
                            let moves = moves(view, &answers, &style, &mut rng, &mut done, clock);
                            robot.send_all(moves, &mut request);
                        }
                    }
                    // A press changed this team's fight.
                    ServerMsg::Patch { game, patch } => {
                        if let Some(v) = latest.take() {
                            let mut view = View::Team(v);
                            view.apply_patch(*game, patch);
                            if let View::Team(v) = view {
                                latest = Some(v);
                            }
                        }
                    }
                    // An outbox holds whole views (patches are made on the wire).
                    ServerMsg::Ack { .. }
                    | ServerMsg::Pong { .. }
                    | ServerMsg::StorageAlert { .. }
                    | ServerMsg::Media(_)
                    | ServerMsg::ViewDelta(_) => continue,
                }
                if let (Some(hands), Some(view)) = (hands.as_mut(), latest.as_ref()) {
                    hands.see(view, clock.now());
                }
            }
            _ = look_again.tick(), if missed => {
                missed = aside.now(clock);
                if let (false, Some(view)) = (missed, latest.as_ref()) {
                    let moves = moves(view, &answers, &style, &mut rng, &mut done, clock);
                    robot.send_all(moves, &mut request);
                }
            }
            () = sleep_until(wake) => {
                let Some(hands) = hands.as_mut() else { continue };
                let due = hands.due(latest.as_ref(), clock.now());
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
                        (None, Command::Press { clock_offset_us }, Some(view)) => {
                            let team = view.team;
                            desk.press(conn, team, request, clock_offset_us, clock, &outbox)
                                .await
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

/// Where a robot's actions go: the driver, and the press desk that decides
/// a press where it arrives, exactly as for a team terminal's connection.
#[derive(Clone)]
pub(super) struct Desk {
    pub inbound: mpsc::Sender<Inbound>,
    pub core: SharedCore,
}

impl Desk {
    /// The button, stamped the moment it is pressed as a terminal's frame
    /// is stamped on arrival, and decided by the press desk; its verdict
    /// comes back as a terminal's would. False once the driver has stopped.
    async fn press(
        &self,
        conn: ConnId,
        team: TeamId,
        request: u64,
        clock_offset_us: i64,
        clock: ServerClock,
        outbox: &Outbox,
    ) -> bool {
        let press = Press {
            conn,
            team,
            request,
            received_at: clock.now(),
            rtt_us: 0,
            clock_offset_us,
        };
        match press_desk::press(&self.core, &self.inbound, press).await {
            Ok(AtDesk::Decided(verdict)) => {
                // A robot reads nothing of it, but it arrives as for anyone.
                let _ = outbox.push(Outbound::Msg(Arc::new(verdict)));
                true
            }
            Ok(AtDesk::Queued) => true,
            Err(DriverGone) => false,
        }
    }
}

/// How often a ломтик's card waits for the driver to take what was read
/// before it, at most.
const SLICE_WAITS: usize = 100;

impl Desk {
    /// A ломтик's command (Нептун 2.3), decided on the shared core as that
    /// ломтик's, stamped now, once nothing read before it waits for the
    /// driver (which decides in arrival order); its events go to the
    /// driver to store as a press's do, in the order the core applied
    /// them. A refusal changes nothing. False once the driver has stopped.
    async fn as_slice(&self, who: Identity, command: Command, clock: ServerClock) -> bool {
        for _ in 0..SLICE_WAITS {
            let Ok(permit) = self.inbound.reserve().await else {
                return false;
            };
            let ahead = self
                .inbound
                .max_capacity()
                .saturating_sub(self.inbound.capacity())
                .saturating_sub(1);
            if ahead > 0 {
                // The driver runs on this thread: let it take those first.
                drop(permit);
                tokio::task::yield_now().await;
                continue;
            }
            let at = clock.now();
            let decided =
                self.core
                    .lock()
                    .handle_command(who, command, at, &mut crate::driver::fresh_secret);
            match decided {
                Ok((_, events)) if !events.is_empty() => {
                    permit.send(Inbound::Pressed {
                        received_at: at,
                        events,
                    });
                }
                Ok(_) => {}
                Err(e) => tracing::debug!(?who, "a robot ломтик's card refused: {e}"),
            }
            return true;
        }
        tracing::debug!(
            ?who,
            "a robot ломтик's card dropped: the driver stayed busy"
        );
        true
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

/// The cards, answers and appeals the team decides on from `view`, each
/// after its thinking time.
fn moves(
    view: &TeamView,
    answers: &BTreeMap<QuestionId, Answers>,
    style: &Style,
    rng: &mut Rng,
    done: &mut Done,
    clock: ServerClock,
) -> Vec<(Duration, Command)> {
    let mut moves = Vec::new();
    moves.extend(card(view, answers, style, rng, done));
    moves.extend(multigames_moves(view, style, &clock, done));
    moves
}

/// A ChGK card for the question in its minute, if not yet handed in.
fn card(
    view: &TeamView,
    answers: &BTreeMap<QuestionId, Answers>,
    style: &Style,
    rng: &mut Rng,
    done: &mut Done,
) -> Option<(Duration, Command)> {
    let view = view.event_chgk();
    for card in &view.cards {
        done.cards.insert(card.question);
    }
    let question_clock = &view.clock;
    let question = question_clock.question?;
    if done.cards.contains(&question) || !matches!(question_clock.phase, Phase::Minute) {
        return None;
    }
    done.cards.insert(question);
    // Think for 30–95 % of the minute, like a team that writes late.
    let minute = question_clock
        .ends_at
        .zip(question_clock.started_at)
        .map(|(e, s)| e.since(s))
        .unwrap_or(style.scale);
    let think = minute.mul_f64(0.3 + 0.65 * rng.unit());
    let text = match answers.get(&question) {
        Some(a) if rng.unit() < style.skill => spell(&a.right, &a.accepted, rng),
        _ => WRONG[rng.below(WRONG.len() as u64) as usize].to_owned(),
    };
    Some((
        think,
        Command::game(EVENT_CHGK, ChgkCommand::SubmitCard { question, text }),
    ))
}

/// Answers to started Мультиигры tasks and appeals of revealed credit.
fn multigames_moves(
    view: &TeamView,
    style: &Style,
    clock: &ServerClock,
    done: &mut Done,
) -> Vec<(Duration, Command)> {
    let mut moves = Vec::new();
    for entry in &view.games {
        let GameTeamView::Multigames(game) = &entry.view else {
            continue;
        };
        if let Some(answer) = team_answer(entry.id, game, style.seed, style.skill)
            && done.answers.insert((entry.id, answer.task))
        {
            let think = answer.at.since(clock.now());
            moves.push((think, answer_command(entry.id, &answer)));
        }
        if let Some((task, text)) = team_appeal(entry.id, game, style.seed)
            && done.appeals.insert((entry.id, task))
        {
            moves.push((Duration::ZERO, appeal_command(entry.id, task, text)));
        }
    }
    moves
}

/// The right answer as a team might write it: an accepted alternative, or
/// the author's answer in other case or with stray punctuation.
fn spell(right: &str, accepted: &[String], rng: &mut Rng) -> String {
    match rng.below(4) {
        0 if !accepted.is_empty() => accepted[rng.below(accepted.len() as u64) as usize].clone(),
        1 => right.to_lowercase(),
        2 => format!("«{right}»"),
        _ => right.to_owned(),
    }
}
