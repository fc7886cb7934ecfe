//! «Эрудит-квартет» (issue 13; section 5 and its preamble): a host, a
//! projector and five team terminals, four of them drawn into a group.
//!
//! On the virtual hall (`minuta_tests::virtual_hall`: the server's machine
//! and the app's own state on virtual time, no sockets): a final tied for
//! first stops for the host, who settles it by a shoot-off at the buttons
//! or by a recorded lot the projector shows with its seed (5.5).
//!
//! Over QUIC on a simulated network, on virtual time, restarted once (it
//! kills the server's process): the line-ups (5.7, 5.8): a player twice in
//! one tour is refused, a team that sends nothing gets its registered
//! players, and no team sees another's choice while the window is open.
//! The buttons: a press that cuts the reading short (the host sees how far
//! into it), a wrong answer then another team's right one (−10, then +10),
//! a press of a team not in the game refused; a question nobody presses on
//! closed by the silence. No team and no projector ever receives a
//! question's text, nor its answer before the question is closed. A server
//! killed during a reading and started again on its store puts the
//! question back to its reading and tells the host.

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_server::demo::DEMO_ERUDIT_PACKAGE;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::button::PressKind;
use minuta_shared::play::erudit::{
    EruditCommand, EruditPlayError, EruditReceipt, EruditStaffView, EruditTiming, GameBoard,
    LineupFault, PhaseView, QuestionState, TieStake, quartet_leaks,
};
use minuta_shared::play::games::{
    GameDisplayView, GameError, GamePatch, GameReceipt, GameSettings, GameStaffView, GameTeamView,
    PlayError,
};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::codec;
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::{DisplayView, HostView, TeamView, View};
use minuta_tests::brain_ring::press;
use minuta_tests::hall::{Hall, players};
use minuta_tests::sim_net::Conditions;
use minuta_tests::virtual_hall::{TerminalId, VirtualHall};
use minuta_tests::{Terminal, TestServer, test_timing};

/// Long windows (the host closes them), and 5 s of silence until the test
/// shortens it.
fn timing() -> EruditTiming {
    EruditTiming {
        lineup_ms: 30_000,
        semi_open_lineup_ms: 30_000,
        silence_ms: 5_000,
    }
}

/// A hall of five teams on a server process, the game with the demo's
/// themes, and a group of the first four drawn and its game started.
struct Quartet {
    hall: Hall,
    game: GameId,
    /// The group's teams in the game's order.
    group: Vec<TeamId>,
}

impl Quartet {
    async fn open() -> Result<Quartet> {
        let mut hall = Hall::open(TestServer::simulated().await?, 5, test_timing()).await?;
        let Receipt::GameAdded { game } = hall
            .host
            .ok(Command::AddGame {
                name: "Эрудит-квартет".into(),
                settings: GameSettings::Erudit(timing()),
            })
            .await?
        else {
            bail!("no game added");
        };
        let mut q = Quartet {
            hall,
            game,
            group: Vec::new(),
        };
        let loaded = q
            .host(EruditCommand::LoadPackage {
                file_name: "demo-erudit.4s".into(),
                bytes: DEMO_ERUDIT_PACKAGE.as_bytes().to_vec(),
            })
            .await?;
        ensure!(
            loaded
                == EruditReceipt::PackageLoaded {
                    added: 12,
                    themes: 12
                },
            "{loaded:?}"
        );
        let drawn = q
            .host(EruditCommand::Seed {
                teams: q.hall.team_ids[..4].to_vec(),
                seed: 7,
            })
            .await?;
        let EruditReceipt::Drawn { groups } = drawn else {
            bail!("no draw: {drawn:?}");
        };
        q.group = groups.into_iter().next().unwrap_or_default();
        ensure!(q.group.len() == 4, "{:?}", q.group);
        q.host(EruditCommand::StartGame { group: 0 }).await?;
        Ok(q)
    }

    async fn host(&mut self, command: EruditCommand) -> Result<EruditReceipt> {
        let name = format!("{command:?}");
        match self
            .hall
            .host
            .ok(Command::game(self.game, command))
            .await
            .with_context(|| name.clone())?
        {
            Receipt::Game {
                receipt: GameReceipt::Erudit(r),
                ..
            } => Ok(r),
            other => bail!("{name}: {other:?}"),
        }
    }

    /// The terminal of the group's `i`-th team (in the game's order).
    fn team(&mut self, i: usize) -> Result<&mut Terminal> {
        let at = self
            .hall
            .index_of(self.group[i])
            .ok_or_else(|| anyhow!("team {} is not in the hall", self.group[i]))?;
        Ok(&mut self.hall.teams[at])
    }

    /// The registered players of the group's `i`-th team.
    fn players_of(&self, i: usize) -> Vec<String> {
        let at = self.hall.index_of(self.group[i]).unwrap_or(usize::MAX);
        players(at + 1)
    }

    async fn lineup(
        &mut self,
        i: usize,
        players: Vec<String>,
    ) -> Result<Result<Receipt, CommandError>> {
        let game = self.game;
        self.team(i)?
            .command(Command::game(
                game,
                EruditCommand::SetLineup {
                    team: None,
                    players,
                },
            ))
            .await
    }

    async fn wait_host(
        &mut self,
        what: &str,
        pred: impl Fn(&GameBoard) -> bool,
    ) -> Result<GameBoard> {
        let view = self
            .hall
            .host
            .wait_host(what, |v| {
                staff(v)
                    .and_then(|s| s.board.game.as_ref())
                    .is_some_and(&pred)
            })
            .await?;
        staff(&view)
            .and_then(|s| s.board.game.clone())
            .ok_or_else(|| anyhow!("no game in the host's view"))
    }

    async fn wait_team(
        &mut self,
        i: usize,
        what: &str,
        pred: impl Fn(&GameBoard) -> bool,
    ) -> Result<GameBoard> {
        let view = self
            .team(i)?
            .wait_team(what, |v| board_of(v).is_some_and(&pred))
            .await?;
        board_of(&view)
            .cloned()
            .ok_or_else(|| anyhow!("no game in the team's view"))
    }
}

/// As [`Quartet`], on the virtual hall.
struct VirtualQuartet {
    hall: VirtualHall,
    game: GameId,
    /// The group's teams in the game's order.
    group: Vec<TeamId>,
}

impl VirtualQuartet {
    fn open() -> Result<VirtualQuartet> {
        let mut hall = VirtualHall::open(5, test_timing(), Conditions::default())?;
        let game = hall.add_game("Эрудит-квартет", GameSettings::Erudit(timing()))?;
        let mut q = VirtualQuartet {
            hall,
            game,
            group: Vec::new(),
        };
        let loaded = q.host(EruditCommand::LoadPackage {
            file_name: "demo-erudit.4s".into(),
            bytes: DEMO_ERUDIT_PACKAGE.as_bytes().to_vec(),
        })?;
        ensure!(
            loaded
                == EruditReceipt::PackageLoaded {
                    added: 12,
                    themes: 12
                },
            "{loaded:?}"
        );
        let drawn = q.host(EruditCommand::Seed {
            teams: q.hall.team_ids[..4].to_vec(),
            seed: 7,
        })?;
        let EruditReceipt::Drawn { groups } = drawn else {
            bail!("no draw: {drawn:?}");
        };
        q.group = groups.into_iter().next().unwrap_or_default();
        ensure!(q.group.len() == 4, "{:?}", q.group);
        q.host(EruditCommand::StartGame { group: 0 })?;
        Ok(q)
    }

    fn host(&mut self, command: EruditCommand) -> Result<EruditReceipt> {
        match self.hall.game_ok(self.game, command)? {
            Receipt::Game {
                receipt: GameReceipt::Erudit(r),
                ..
            } => Ok(r),
            other => bail!("not a game of four's receipt: {other:?}"),
        }
    }

    /// The terminal of the group's `i`-th team (in the game's order).
    fn team(&self, i: usize) -> Result<TerminalId> {
        let at = self
            .hall
            .team_ids
            .iter()
            .position(|t| *t == self.group[i])
            .ok_or_else(|| anyhow!("team {} is not in the hall", self.group[i]))?;
        Ok(self.hall.teams[at])
    }

    fn wait_host(&mut self, what: &str, pred: impl Fn(&GameBoard) -> bool) -> Result<GameBoard> {
        let view = self.hall.host_sees(what, |v| {
            staff(v)
                .and_then(|s| s.board.game.as_ref())
                .is_some_and(&pred)
        })?;
        staff(&view)
            .and_then(|s| s.board.game.clone())
            .ok_or_else(|| anyhow!("no game in the host's view"))
    }

    fn wait_team(
        &mut self,
        i: usize,
        what: &str,
        pred: impl Fn(&GameBoard) -> bool,
    ) -> Result<GameBoard> {
        let t = self.team(i)?;
        let view = self
            .hall
            .team_sees(t, what, |v| board_of(v).is_some_and(&pred))?;
        board_of(&view)
            .cloned()
            .ok_or_else(|| anyhow!("no game in the team's view"))
    }
}

fn staff(view: &HostView) -> Option<&EruditStaffView> {
    view.games.iter().find_map(|g| match &g.view {
        GameStaffView::Erudit(v) => Some(v),
        _ => None,
    })
}

fn board_of(view: &TeamView) -> Option<&GameBoard> {
    view.games.iter().find_map(|g| match &g.view {
        GameTeamView::Erudit(v) => v.board.game.as_ref(),
        _ => None,
    })
}

fn hall_board(view: &DisplayView) -> Option<&GameBoard> {
    view.games.iter().find_map(|g| match &g.view {
        GameDisplayView::Erudit(b) => b.game.as_ref(),
        _ => None,
    })
}

fn points(board: &GameBoard, team: TeamId) -> Option<i64> {
    board
        .teams
        .iter()
        .find(|r| r.team == team)
        .map(|r| r.points)
}

fn state(board: &GameBoard) -> Option<QuestionState> {
    board.question.as_ref().map(|q| q.state)
}

/// The games of four a team's or the hall's frame shows.
fn boards_in(msg: &ServerMsg) -> Vec<GameBoard> {
    match msg {
        ServerMsg::View(view) => match view.as_ref() {
            View::Team(v) => v
                .games
                .iter()
                .filter_map(|g| match &g.view {
                    GameTeamView::Erudit(e) => e.board.game.clone(),
                    _ => None,
                })
                .collect(),
            View::Display(d) => d
                .games
                .iter()
                .filter_map(|g| match &g.view {
                    GameDisplayView::Erudit(b) => b.game.clone(),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        },
        ServerMsg::Patch { patch, .. } => match patch.as_ref() {
            GamePatch::Erudit(board) => vec![board.clone()],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// What a team (`me`) or the hall (`None`) must not have seen in `board`
/// ([`quartet_leaks`]), and an answer missing once its question closed.
fn leaks(board: &GameBoard, me: Option<TeamId>) -> Vec<String> {
    let mut found = quartet_leaks(board, me);
    if let Some(q) = &board.question
        && matches!(q.state, QuestionState::Closed { .. })
        && q.answer.is_none()
    {
        found.push(format!(
            "no answer of closed question {}.{}",
            q.round, q.number
        ));
    }
    found
}

/// Every frame a terminal received, checked by [`leaks`].
fn frames_leak(terminal: &Terminal, me: Option<TeamId>) -> Result<(usize, Vec<String>)> {
    let mut boards = 0;
    let mut found = Vec::new();
    for payload in terminal.frames() {
        let msg = codec::decode::<Envelope<ServerMsg>>(&payload)?.body;
        for board in boards_in(&msg) {
            boards += 1;
            found.extend(leaks(&board, me));
        }
    }
    Ok((boards, found))
}

#[tokio::test(start_paused = true)]
async fn erudit_5_7_to_5_10_line_ups_presses_silence_and_a_restart_over_quic() -> Result<()> {
    // Arrange: the group of four drawn and its game started.
    let mut q = Quartet::open().await?;
    let outsider = q.hall.team_ids[4];
    let g = q.group.clone();
    ensure!(!g.contains(&outsider));

    // Act / assert — 5.7, 5.8: the open tour's line-up.
    q.host(EruditCommand::OpenLineup).await?;
    let p0 = q.players_of(0);
    let twice = vec![p0[0].clone(), p0[1].clone(), p0[0].clone(), p0[2].clone()];
    let refused = q.lineup(0, twice).await?;
    let want = Err(CommandError::Play(PlayError::Game(GameError::Erudit(
        EruditPlayError::Lineup(LineupFault::Twice {
            name: p0[0].clone(),
        }),
    ))));
    ensure!(refused == want, "a player twice in a tour: {refused:?}");
    let reversed: Vec<String> = p0.iter().rev().cloned().collect();
    q.lineup(0, reversed.clone())
        .await?
        .map_err(|e| anyhow!("{e}"))?;
    // The hall sees the first team has sent, not whom it sent.
    let hall = q
        .hall
        .display
        .wait_display("the first team's line-up sent", |v| {
            hall_board(v).is_some_and(
                |b| matches!(&b.phase, PhaseView::Lineup { submitted, .. } if submitted[0]),
            )
        })
        .await?;
    let hall = hall_board(&hall).ok_or_else(|| anyhow!("no game on the projector"))?;
    ensure!(leaks(hall, None).is_empty(), "{hall:?}");
    for i in [1, 2] {
        let chosen = q.players_of(i);
        q.lineup(i, chosen).await?.map_err(|e| anyhow!("{e}"))?;
    }
    // The second team sees its own choice, and not the first team's.
    let seen = q
        .wait_team(1, "its own line-up", |b| {
            b.tour
                .as_ref()
                .is_some_and(|t| t.lineups.first().is_some_and(|r| r[1].is_some()))
        })
        .await?;
    ensure!(leaks(&seen, Some(g[1])).is_empty(), "{seen:?}");
    // The fourth team sends nothing: the host closes the window.
    q.host(EruditCommand::CloseLineup).await?;
    let board = q
        .wait_host("the first round on", |b| {
            matches!(b.phase, PhaseView::Playing { round: 0 })
        })
        .await?;
    let tour = board.tour.clone().ok_or_else(|| anyhow!("no tour"))?;
    ensure!(tour.lineups.len() == 4, "{:?}", tour.lineups);
    // docs/rules.md, 5.7: the default is the registered order.
    let default = q.players_of(3);
    for ((row, chosen), registered) in tour.lineups.iter().zip(&reversed).zip(&default) {
        ensure!(row[0].as_ref() == Some(chosen), "{row:?}");
        ensure!(row[3].as_ref() == Some(registered), "{row:?}");
    }
    ensure!(state(&board) == Some(QuestionState::Ready), "{board:?}");

    // The preamble: a press cuts the reading short; the answer is wrong.
    q.host(EruditCommand::Read).await?;
    let first = press(q.team(0)?).await?;
    ensure!(first.kind == PressKind::Won, "{first:?}");
    ensure!(
        first.since_arming_us.is_some_and(|us| us <= 0),
        "a press during the reading: {first:?}"
    );
    let outside = q
        .hall
        .teams
        .get_mut(4)
        .ok_or_else(|| anyhow!("no fifth team"))?
        .command(Command::Press { clock_offset_us: 0 })
        .await?;
    ensure!(
        outside == Err(CommandError::NothingToPress),
        "a team not in the game: {outside:?}"
    );
    let answering = q
        .wait_host("the first team answering", |b| {
            matches!(
                state(b),
                Some(QuestionState::Answering {
                    interrupted: true,
                    ..
                })
            )
        })
        .await?;
    let presses = &answering
        .question
        .as_ref()
        .ok_or_else(|| anyhow!("no question"))?
        .presses;
    ensure!(
        presses.len() == 1
            && presses[0].team == g[0]
            && presses[0].interrupted_after_ms.is_some()
            && presses[0].after_reading_ms.is_none(),
        "the host sees how far into the reading: {presses:?}"
    );
    q.host(EruditCommand::Judge { correct: false }).await?;
    let wrong = q
        .wait_team(1, "−10 for the first team", |b| {
            points(b, g[0]) == Some(-10) && matches!(state(b), Some(QuestionState::Reading { .. }))
        })
        .await?;
    ensure!(points(&wrong, g[1]) == Some(0));
    // It answered: locked out of this question.
    let again = press(q.team(0)?).await?;
    ensure!(again.kind == PressKind::LockedOut, "{again:?}");
    // The reading ends; the second team presses in the silence, right.
    q.host(EruditCommand::EndReading).await?;
    let second = press(q.team(1)?).await?;
    ensure!(second.kind == PressKind::Won, "{second:?}");
    ensure!(
        second.since_arming_us.is_some_and(|us| us >= 0),
        "a press after the reading: {second:?}"
    );
    q.host(EruditCommand::Judge { correct: true }).await?;
    let closed = q
        .wait_team(2, "+10 for the second team, the question closed", |b| {
            points(b, g[1]) == Some(10) && matches!(state(b), Some(QuestionState::Closed { .. }))
        })
        .await?;
    ensure!(points(&closed, g[0]) == Some(-10));
    let shown = closed.question.as_ref().and_then(|q| q.answer.clone());
    ensure!(
        shown.as_deref() == Some("Париж."),
        "the answer once closed: {shown:?}"
    );

    // The preamble: 5 s (here 0.4 s) of silence and nobody presses.
    q.host(EruditCommand::SetTiming {
        timing: EruditTiming {
            silence_ms: 400,
            ..timing()
        },
    })
    .await?;
    q.host(EruditCommand::Next).await?;
    q.host(EruditCommand::Read).await?;
    q.host(EruditCommand::EndReading).await?;
    let silent = q
        .wait_team(3, "the silence closing the second question", |b| {
            b.question
                .as_ref()
                .is_some_and(|q| q.number == 1 && q.state == QuestionState::Closed { by: None })
        })
        .await?;
    let question = silent
        .question
        .as_ref()
        .ok_or_else(|| anyhow!("no question"))?;
    ensure!(
        question.presses.is_empty() && question.attempts.is_empty() && question.value == 20,
        "{question:?}"
    );
    ensure!(question.answer.as_deref() == Some("Токио."), "{question:?}");

    // Nothing leaked to any team or to the projector so far.
    let mut looked = 0;
    for (i, &me) in g.iter().enumerate() {
        let (boards, found) = frames_leak(q.team(i)?, Some(me))?;
        ensure!(found.is_empty(), "team {me}: {found:#?}");
        looked += boards;
    }
    let (boards, found) = frames_leak(&q.hall.display, None)?;
    ensure!(found.is_empty(), "the projector: {found:#?}");
    ensure!(
        looked > 20 && boards > 5,
        "{looked} team boards, {boards} the hall's"
    );

    // Issue 14.4: the server is killed while the third question is read.
    q.host(EruditCommand::Next).await?;
    q.host(EruditCommand::Read).await?;
    q.wait_host("the third question read", |b| {
        b.question
            .as_ref()
            .is_some_and(|q| q.number == 2 && matches!(q.state, QuestionState::Reading { .. }))
    })
    .await?;
    q.hall.server.kill()?;
    q.hall
        .server
        .restart()
        .await
        .with_context(|| q.hall.server.log())?;

    // Assert: the question is read again, and the host is told.
    let mut host = Terminal::connect(&q.hall.server.host_code).await?;
    let view = host
        .wait_host("the game after the restart", |v| staff(v).is_some())
        .await?;
    let erudit = staff(&view).ok_or_else(|| anyhow!("no game"))?;
    ensure!(erudit.restart_notice, "the host is told of the restart");
    let board = erudit
        .board
        .game
        .as_ref()
        .ok_or_else(|| anyhow!("no game"))?;
    let question = board
        .question
        .as_ref()
        .ok_or_else(|| anyhow!("no question"))?;
    ensure!(
        question.number == 2 && matches!(question.state, QuestionState::Reading { .. }),
        "{question:?}"
    );
    ensure!(points(board, g[0]) == Some(-10) && points(board, g[1]) == Some(10));
    // A team back on line sees the reading, and may press.
    let at = q
        .hall
        .index_of(g[2])
        .ok_or_else(|| anyhow!("no such team"))?;
    let code = q.hall.team_codes[at].clone();
    let mut team = Terminal::connect(&code).await?;
    team.wait_team("the reading after the restart", |v| {
        board_of(v).is_some_and(|b| matches!(state(b), Some(QuestionState::Reading { .. })))
    })
    .await?;
    let after = press(&mut team).await?;
    ensure!(after.kind == PressKind::Won, "{after:?}");
    Ok(())
}

/// Where the game stands, as far as the host's next step goes.
fn step_key(b: &GameBoard) -> (String, Option<(u32, u32)>, Option<QuestionState>) {
    (
        format!("{:?}", std::mem::discriminant(&b.phase)),
        b.question.as_ref().map(|q| (q.round, q.number)),
        state(b),
    )
}

/// Plays the group's game to its end with nobody pressing: each line-up
/// closed by the host, each question read and closed by the silence. The
/// four teams end level on 0: a final tied for first (5.5).
fn play_silent(q: &mut VirtualQuartet) -> Result<GameBoard> {
    q.host(EruditCommand::SetTiming {
        timing: EruditTiming {
            silence_ms: 40,
            ..timing()
        },
    })?;
    for _ in 0..400 {
        let b = q.wait_host("the game", |_| true)?;
        let before = step_key(&b);
        let command = match (&b.phase, state(&b)) {
            (PhaseView::Finished, _) => return Ok(b),
            (PhaseView::BeforeLineup { .. }, _) => EruditCommand::OpenLineup,
            (PhaseView::Lineup { .. }, _) => EruditCommand::CloseLineup,
            (PhaseView::Playing { .. }, Some(QuestionState::Ready)) => EruditCommand::Read,
            (PhaseView::Playing { .. }, Some(QuestionState::Reading { .. })) => {
                EruditCommand::EndReading
            }
            (PhaseView::Playing { .. }, Some(QuestionState::Closed { .. })) => EruditCommand::Next,
            _ => {
                // The silence runs out by itself.
                q.wait_host("the silence to end", |b| {
                    !matches!(state(b), Some(QuestionState::Waiting { .. }))
                })?;
                continue;
            }
        };
        q.host(command)?;
        q.wait_host("the step taken", |b| step_key(b) != before)?;
    }
    bail!("the game did not end")
}

/// The group's place rows from the host's table: (team, place).
fn places(view: &HostView) -> Vec<(TeamId, String)> {
    staff(view)
        .map(|s| {
            s.board
                .table
                .iter()
                .map(|r| (r.team, r.place.to_string()))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn erudit_5_5_final_tied_for_first_settled_by_a_shoot_off() -> Result<()> {
    // Arrange: the final of four played with nobody answering: all level.
    let mut q = VirtualQuartet::open()?;
    let g = q.group.clone();
    let ended = play_silent(&mut q)?;

    // Assert: the tournament stops at the tie and the host sees it.
    let tie = ended
        .tie
        .clone()
        .ok_or_else(|| anyhow!("no tie on the host's screen: {ended:?}"))?;
    ensure!(tie.stake == TieStake::Title, "{tie:?}");
    ensure!(
        tie.teams.len() == 4 && (tie.first, tie.last) == (1, 4),
        "{tie:?}"
    );
    let view = q.hall.host_sees("the table", |_| true)?;
    ensure!(
        !staff(&view).is_some_and(|s| s.board.finished),
        "no champion yet"
    );
    let outsider = q.hall.team_ids[4];
    let outsider_at = q
        .hall
        .team_ids
        .iter()
        .position(|t| *t == outsider)
        .unwrap_or(4);

    // Act: a shoot-off question; a team outside the tie cannot press; the
    // first tied team wrong, the second right.
    q.host(EruditCommand::ShootOffQuestion)?;
    q.wait_team(1, "the shoot-off's buttons", |b| {
        b.tie.as_ref().is_some_and(|t| t.question.is_some())
    })?;
    let stranger = q.hall.command(
        q.hall.teams[outsider_at],
        Command::Press { clock_offset_us: 0 },
    )?;
    ensure!(
        stranger == Err(CommandError::NothingToPress),
        "a team outside the tie pressed: {stranger:?}"
    );
    let first = q
        .hall
        .command(q.team(0)?, Command::Press { clock_offset_us: 0 })?;
    ensure!(
        matches!(
            first,
            Ok(Receipt::Press {
                kind: PressKind::Won,
                ..
            })
        ),
        "{first:?}"
    );
    q.wait_host("the first tied team answers", |b| {
        b.tie
            .as_ref()
            .and_then(|t| t.question.as_ref())
            .is_some_and(|s| s.answering == Some(g[0]))
    })?;
    q.host(EruditCommand::ShootOffJudge { correct: false })?;
    q.wait_team(1, "the buttons again", |b| {
        b.tie
            .as_ref()
            .and_then(|t| t.question.as_ref())
            .is_some_and(|s| s.answering.is_none() && s.attempts.len() == 1)
    })?;
    let second = q
        .hall
        .command(q.team(1)?, Command::Press { clock_offset_us: 0 })?;
    ensure!(
        matches!(
            second,
            Ok(Receipt::Press {
                kind: PressKind::Won,
                ..
            })
        ),
        "{second:?}"
    );
    q.wait_host("the second tied team answers", |b| {
        b.tie
            .as_ref()
            .and_then(|t| t.question.as_ref())
            .is_some_and(|s| s.answering == Some(g[1]))
    })?;
    q.host(EruditCommand::ShootOffJudge { correct: true })?;

    // Assert: the second team wins the title; the rest share 2nd–4th
    // (a tie that decides nothing, 2.2).
    let view = q.hall.host_sees("the champion", |v| {
        staff(v).is_some_and(|s| s.board.finished)
    })?;
    let table = places(&view);
    ensure!(table.first() == Some(&(g[1], "1".to_owned())), "{table:?}");
    ensure!(
        table.iter().filter(|(_, p)| p == "2-4").count() == 3,
        "{table:?}"
    );
    Ok(())
}

#[test]
fn erudit_5_5_final_tied_for_first_settled_by_the_hosts_recorded_lot() -> Result<()> {
    // Arrange: the final of four, all level on 0.
    let mut q = VirtualQuartet::open()?;
    play_silent(&mut q)?;

    // Act: the host draws the lot with a seed it has seen.
    q.host(EruditCommand::DrawLot { seed: 424_242 })?;

    // Assert: a champion, and the projector shows the lot's seed with the
    // order it gave.
    let view = q.hall.host_sees("the champion", |v| {
        staff(v).is_some_and(|s| s.board.finished)
    })?;
    let table = places(&view);
    ensure!(
        table.iter().map(|(_, p)| p.as_str()).collect::<Vec<_>>() == ["1", "2", "3", "4"],
        "a lot orders every team still tied: {table:?}"
    );
    let shown = q.hall.display_sees("the lot on the projector", |v| {
        hall_board(v).is_some_and(|b| !b.settled.is_empty())
    })?;
    let settled = &hall_board(&shown)
        .ok_or_else(|| anyhow!("no game on the projector"))?
        .settled[0];
    ensure!(settled.lot == Some(424_242), "{settled:?}");
    ensure!(
        settled.order.first().map(|(t, _)| *t) == table.first().map(|(t, _)| *t),
        "the projector's order is the table's: {settled:?} {table:?}"
    );
    Ok(())
}
