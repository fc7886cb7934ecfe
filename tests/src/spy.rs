//! A spy terminal: greets with a join code like any terminal, then sends
//! nothing and records every frame the server sends it, each stamped on
//! arrival in server time (a [`ServerClock`] of its own, built as the
//! server's is: the wall clock at start plus monotonic time, so in one
//! process the two agree to microseconds). A leakage test compares the
//! stamps with the times the store gives each reveal; [`quartet_leaks`]
//! is what an Эрудит-квартет board must never show a team or the hall,
//! [`neptune_leaks`] what a Нептун board or team terminal must never show,
//! and [`neptune_shown`] when a Нептун package's texts may be shown.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Result, anyhow, bail};
use tokio::io::AsyncRead;

use minuta_server::clock::ServerClock;
use minuta_server::core::Event;
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::erudit::{GameBoard, PhaseView, QuestionState};
use minuta_shared::play::games::{GameEvent, GameSettings};
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{
    NeptuneBoard, NeptuneEvent, NeptuneMatch, NeptunePackage, NeptuneTeamView,
};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::handshake::HelloReply;
use minuta_shared::wire::view_stream::{Intake, ViewStream};

use crate::terminal::{Link, client_endpoint, read_payload};

/// One frame as it arrived: when, and its payload (an `Envelope<ServerMsg>`).
#[derive(Clone, Debug)]
pub struct Frame {
    pub at: ServerTime,
    pub payload: Vec<u8>,
}

/// A greeted connection that only listens.
pub struct Spy {
    pub identity: Identity,
    frames: Arc<Mutex<Vec<Frame>>>,
    peer: Peer,
}

/// The spy's connection: QUIC, or a browser terminal's WebSocket with TLS
/// inside ([`crate::web_terminal`]).
enum Peer {
    Quic {
        conn: quinn::Connection,
        _send: quinn::SendStream,
        _endpoint: quinn::Endpoint,
    },
    Web {
        closes: crate::web_terminal::CloseReport,
        _send: tokio::io::WriteHalf<crate::web_terminal::WebTls>,
        reader: tokio::task::AbortHandle,
    },
}

impl Spy {
    /// Joins with `code` and starts recording.
    pub async fn join(code: &JoinCode) -> Result<Spy> {
        let endpoint = client_endpoint()?;
        let addr = *code
            .addrs
            .first()
            .ok_or_else(|| anyhow!("the join code has no address"))?;
        let mut link = Link::open(&endpoint, addr, code.fingerprint).await?;
        let identity = match link.hello(code.credential.clone()).await? {
            HelloReply::Welcome(welcome) => welcome.identity,
            HelloReply::Refused(refusal) => bail!("the spy was refused: {refusal}"),
        };
        // The send half stays open: finishing it is how a terminal leaves.
        let Link {
            conn, send, recv, ..
        } = link;
        let frames: Arc<Mutex<Vec<Frame>>> = Arc::default();
        tokio::spawn(record(recv, spy_clock(), Arc::clone(&frames)));
        Ok(Spy {
            identity,
            frames,
            peer: Peer::Quic {
                conn,
                _send: send,
                _endpoint: endpoint,
            },
        })
    }

    /// Joins with `code` over the browser's path (the server's web
    /// address `web`) and starts recording.
    pub async fn join_web(web: std::net::SocketAddr, code: &JoinCode) -> Result<Spy> {
        let mut link = crate::web_terminal::WebLink::open(web, code.fingerprint).await?;
        let identity = match link.hello(code.credential.clone()).await? {
            HelloReply::Welcome(welcome) => welcome.identity,
            HelloReply::Refused(refusal) => bail!("the spy was refused: {refusal}"),
        };
        let crate::web_terminal::WebLink {
            recv, send, closes, ..
        } = link;
        let frames: Arc<Mutex<Vec<Frame>>> = Arc::default();
        let reader = tokio::spawn(record(recv, spy_clock(), Arc::clone(&frames)));
        Ok(Spy {
            identity,
            frames,
            peer: Peer::Web {
                closes,
                _send: send,
                reader: reader.abort_handle(),
            },
        })
    }

    /// Every frame received so far, in order.
    pub fn frames(&self) -> Vec<Frame> {
        self.frames
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Why the connection ended, if it has.
    pub fn close_reason(&self) -> Option<String> {
        match &self.peer {
            Peer::Quic { conn, .. } => conn.close_reason().map(|e| e.to_string()),
            Peer::Web { closes, .. } => closes
                .borrow()
                .as_ref()
                .map(|(code, reason)| format!("WebSocket closed with {code}: {reason}")),
        }
    }

    /// Leaves as a terminal does.
    pub fn leave(&self) {
        match &self.peer {
            Peer::Quic { conn, .. } => conn.close(0u32.into(), b"bye"),
            Peer::Web { reader, .. } => reader.abort(),
        }
    }
}

/// The spy's clock, built as the server's: on a simulated network the
/// network's (the servers' own time line), else one of its own.
fn spy_clock() -> ServerClock {
    crate::sim_net::SimNet::current().map_or_else(ServerClock::start, |net| net.server_clock())
}

/// Reads whole frames until the stream ends, stamping each on arrival. A
/// view's patch is recorded as the whole view it stands for: what a patch
/// shows is what that view shows.
async fn record<R: AsyncRead + Unpin>(
    mut recv: R,
    clock: ServerClock,
    frames: Arc<Mutex<Vec<Frame>>>,
) {
    let mut views = ViewStream::new();
    while let Ok(payload) = read_payload(&mut recv).await {
        let at = clock.now();
        // A patch out of step never happens on one QUIC stream; it would
        // show as a view missing from the record.
        let Intake::Frame(payload) = views.receive(payload) else {
            continue;
        };
        frames
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Frame { at, payload });
    }
}

/// A game of four as a team (`own`) or the hall may see it: never a
/// question's text (the host's alone), its answer only once the question
/// is closed, and no other team's line-up while the window is open (5.7).
pub fn quartet_leaks(board: &GameBoard, own: Option<TeamId>) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(q) = &board.question {
        let at = format!("Эрудит-квартет question {}.{}", q.round, q.number);
        if q.text.is_some() {
            found.push(format!("{at}: its text"));
        }
        if !matches!(q.state, QuestionState::Closed { .. }) && q.answer.is_some() {
            found.push(format!("{at}: its answer while {:?}", q.state));
        }
    }
    if let (
        PhaseView::Lineup {
            first_round,
            rounds,
            ..
        },
        Some(tour),
    ) = (&board.phase, &board.tour)
    {
        let window = *first_round as usize..(*first_round + *rounds) as usize;
        for row in tour.lineups.get(window).unwrap_or_default() {
            for (team, player) in board.teams.iter().zip(row) {
                if Some(team.team) != own && player.is_some() {
                    found.push(format!("team {}'s line-up in its window", team.team));
                }
            }
        }
    }
    found
}

/// A Нептун board as a team or the hall may see it: Джокер's results,
/// answers and verdicts only once the tour is over (5.5), and never a
/// question's «перевёртыш» (1.4: no answer or comment shown may hold a
/// phrase of the sheet, `sheet`).
pub fn neptune_leaks(board: &NeptuneBoard, sheet: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(joker) = &board.joker
        && !joker.revealed
    {
        if !joker.results.is_empty() {
            found.push("Джокер: the declarations and results before the tour ended".into());
        }
        if !joker.questions.is_empty() {
            found.push("Джокер: answers and verdicts before the tour ended".into());
        }
    }
    if let Some(reveal) = &board.reveal {
        let shown = reveal.answers.iter().chain(&reveal.comments);
        for text in shown {
            if let Some(flip) = sheet
                .iter()
                .find(|p| !p.is_empty() && text.contains(p.as_str()))
            {
                found.push(format!("the «перевёртыш» «{flip}» in {text:?}"));
            }
        }
    }
    found
}

/// A team's (or a ломтик's) own Нептун terminal (`own`): [`neptune_leaks`]
/// on its board, and its Джокер cards' verdicts only after the tour.
pub fn neptune_team_leaks(view: &NeptuneTeamView, own: TeamId) -> Vec<String> {
    let sheet: Vec<String> = view.sheet.iter().map(|p| p.text.clone()).collect();
    let mut found = neptune_leaks(&view.board, &sheet);
    if view.team != own {
        found.push(format!("team {}'s Нептун view", view.team));
    }
    let over = view.board.joker.as_ref().is_some_and(|j| j.revealed);
    if !over && view.joker_cards.iter().any(|c| c.verdict.is_some()) {
        found.push("Джокер: a verdict before the tour ended".into());
    }
    if !over
        && view.board.contest == Some(minuta_shared::play::neptune::rules::Contest::Joker)
        && view
            .card
            .as_ref()
            .is_some_and(|c| c.verdicts.iter().any(Option::is_some))
    {
        found.push("Джокер: the card's verdict before the tour ended".into());
    }
    found
}

/// Нептун's package texts and when a team or the hall may see them: a
/// question's text never (the host reads it), its answers and comments
/// from its reveal — Джокер's all at once, when the tour's last question
/// closes (5.5) — found by replaying each game's events; and the sheet.
pub fn neptune_shown(events: &[Event]) -> (Vec<(String, Option<ServerTime>)>, Vec<String>) {
    let mut games: BTreeMap<GameId, NeptuneMatch> = BTreeMap::new();
    let mut hidden = Vec::new();
    let mut sheet = Vec::new();
    let mut shown = BTreeMap::<(usize, usize), ServerTime>::new();
    let mut packages: Vec<NeptunePackage> = Vec::new();
    for event in events {
        match event {
            Event::GameAdded {
                game,
                settings: GameSettings::Neptune(settings),
                ..
            } => {
                games.insert(*game, NeptuneMatch::new(settings));
            }
            Event::Game {
                game,
                event: GameEvent::Neptune(e),
            } => {
                let Some(g) = games.get_mut(game) else {
                    continue;
                };
                g.apply(e);
                match e {
                    NeptuneEvent::PackageLoaded { package } => packages.push(package.clone()),
                    NeptuneEvent::Revealed { at } => {
                        let Some(play) = g.current() else { continue };
                        let done = g.contest_done(play);
                        let (contest, count) = (play.contest, play.questions.len());
                        if contest != Contest::Joker {
                            shown.insert((contest.index(), count - 1), *at);
                        } else if done {
                            for i in 0..count {
                                shown.insert((contest.index(), i), *at);
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    for package in &packages {
        sheet.extend(package.negative.phrases.iter().cloned());
        for contest in Contest::ALL {
            let parts = if contest == Contest::Blitz { 4 } else { 1 };
            for i in 0..package.count(contest) {
                let at = shown.get(&(contest.index(), i)).copied();
                for part in 0..parts {
                    let Some(q) = package.question(contest, i, part) else {
                        continue;
                    };
                    hidden.push((q.text, None));
                    hidden.push((q.answer, at));
                    hidden.push((q.comment, at));
                }
            }
        }
    }
    (hidden, sheet)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Нептун checks catch what they look for: Джокер's results or
    /// verdicts before the tour ended, and a «перевёртыш» in what is revealed.
    #[test]
    fn the_neptune_checks_find_a_planted_leak() {
        use minuta_shared::play::neptune::{
            JokerBoard, JokerOwnRow, JokerTeamResult, NeptuneBoard, RevealBoard,
        };

        // Arrange: a clean board in Джокер, and the sheet's phrases.
        let (me, sheet) = (TeamId(2), vec!["Радость от глупости".to_owned()]);
        let joker = JokerBoard {
            topics: vec!["Кино".into()],
            declared: 3,
            ..JokerBoard::default()
        };
        let clean = NeptuneBoard {
            contest: Some(Contest::Joker),
            joker: Some(joker.clone()),
            ..NeptuneBoard::default()
        };
        let results = NeptuneBoard {
            joker: Some(JokerBoard {
                results: vec![JokerTeamResult {
                    team: TeamId(1),
                    declared: Some(2),
                    taken: 0,
                    points: 0,
                }],
                ..joker.clone()
            }),
            ..clean.clone()
        };
        let flipped = NeptuneBoard {
            reveal: Some(RevealBoard {
                contest: Contest::Negative,
                index: 0,
                answers: vec!["Горе от ума".into()],
                comments: vec!["На листе — «Радость от глупости»".into()],
                right: vec![Vec::new()],
            }),
            ..NeptuneBoard::default()
        };

        // Act / assert: clean passes; each planted leak is found once.
        assert!(neptune_leaks(&clean, &sheet).is_empty());
        assert_eq!(neptune_leaks(&results, &sheet).len(), 1);
        assert_eq!(neptune_leaks(&flipped, &sheet).len(), 1);
        let view = |board: NeptuneBoard, verdict| minuta_shared::play::neptune::NeptuneTeamView {
            team: me,
            slice: None,
            playing: true,
            board,
            players: Vec::new(),
            split: Default::default(),
            split_open: false,
            sheet: Vec::new(),
            card: None,
            may_answer: false,
            answers_expected: 1,
            declaration: Some(1),
            may_declare: false,
            declare_max: 7,
            joker_cards: vec![JokerOwnRow {
                index: 0,
                answer: Some("Гагарин".into()),
                verdict,
            }],
            run: None,
            score: 0,
            may_bid: false,
        };
        assert!(neptune_team_leaks(&view(clean.clone(), None), me).is_empty());
        assert_eq!(neptune_team_leaks(&view(clean, Some(true)), me).len(), 1);
    }
}
