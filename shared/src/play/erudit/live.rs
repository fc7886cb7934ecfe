//! Эрудит-квартет's face to the server core: [`LiveFormat`] for
//! [`EruditTournament`] — who may send which command, each command checked
//! against the tournament and turned into events, the players' button on
//! the shared fast path, and what each event shows to whom.

use serde_json::Value;

use super::view::Audience;
use super::{
    EruditCommand, EruditEvent, EruditPlayError, EruditReceipt, EruditStaffView, EruditTeamView,
    EruditTiming, EruditTournament, GameBoard, MIN_PLAYERS, TEAM_COUNTS, themes_of,
};
use crate::identity::{Identity, Role};
use crate::ids::TeamId;
use crate::jury_protocol::Protocol;
use crate::packages::media::PackageFile;
use crate::packages::parse_package;
use crate::play::button::{ButtonPress, ButtonVerdict, PressKind, PressPatch, QuestionMark};
use crate::play::erudit::rules::blind_draw;
use crate::play::format::{Decided, LiveFormat, Touched, TourState};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::seed::Seed;
use crate::sheet::{self, SheetError};
use crate::time::ServerTime;
use crate::tournament::Place;

type E = EruditPlayError;

impl LiveFormat for EruditTournament {
    const FORMAT: &'static str = "erudit-quartet";
    const TITLE: &'static str = "Эрудит-квартет";
    const QUALIFIED_FROM_CHGK: bool = true;
    type Settings = EruditTiming;
    type Command = EruditCommand;
    type Event = EruditEvent;
    type Receipt = EruditReceipt;
    type Error = EruditPlayError;
    type StaffView = EruditStaffView;
    type TeamView = EruditTeamView;
    type DisplayView = super::EruditBoard;
    type Patch = GameBoard;

    fn new(timing: &EruditTiming) -> Self {
        EruditTournament {
            timing: timing.clone(),
            ..EruditTournament::default()
        }
    }

    fn validate(timing: &EruditTiming) -> Result<(), E> {
        timing.validate().map_err(E::Timing)
    }

    fn permitted(role: Role, command: &EruditCommand) -> bool {
        match command {
            EruditCommand::SetLineup { .. } => matches!(role, Role::Team | Role::Host),
            _ => role == Role::Host,
        }
    }

    fn decide(
        &self,
        who: Identity,
        command: EruditCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, E> {
        let one = |e: EruditEvent| Ok((EruditReceipt::Done, vec![e]));
        // The game as it stands at `now`: a deadline may have passed that
        // the timer has not fired yet.
        let mut at_now = self.clone();
        at_now.advance(now);
        let game = || at_now.game().ok_or(E::NoGame);
        match command {
            EruditCommand::LoadPackage { file_name, bytes } => {
                let package = parse_package(&file_name, &bytes).map_err(E::Package)?;
                let themes = themes_of(&package);
                if themes.is_empty() {
                    return Err(E::NoThemes);
                }
                let added = themes.len() as u32;
                Ok((
                    EruditReceipt::PackageLoaded {
                        added,
                        themes: self.themes.len() as u32 + added,
                    },
                    vec![EruditEvent::ThemesAdded { themes }],
                ))
            }
            EruditCommand::SetTiming { timing } => {
                Self::validate(&timing)?;
                one(EruditEvent::TimingSet { timing })
            }
            EruditCommand::Seed { teams, seed } => {
                self.check_seeding(&teams, roster)?;
                let indices: Vec<usize> = teams.iter().map(|t| t.0 as usize).collect();
                // 5.3: the blind draw, its seed recorded with the groups.
                let draw = blind_draw(&indices, crate::play::erudit::rules::TEAMS, Seed(seed))
                    .map_err(|_| E::TeamCount {
                        teams: teams.len() as u32,
                    })?;
                let groups: Vec<Vec<TeamId>> = draw
                    .groups
                    .iter()
                    .map(|g| g.iter().map(|&t| TeamId(t as u32)).collect())
                    .collect();
                Ok((
                    EruditReceipt::Drawn {
                        groups: groups.clone(),
                    },
                    vec![EruditEvent::Seeded {
                        teams,
                        seed,
                        groups,
                    }],
                ))
            }
            EruditCommand::StartGame { group } => {
                if at_now.finished() {
                    return Err(E::TournamentOver);
                }
                let stage = at_now.stage_index().ok_or(E::NotSeeded)?;
                if at_now.game().is_some() {
                    return Err(E::GameInPlay);
                }
                // 5.4, 5.5: a deciding tie is settled before play goes on.
                if at_now.pending_tie().is_some() {
                    return Err(E::TieToSettle);
                }
                let play = at_now
                    .stages
                    .get(stage)
                    .and_then(|s| s.get(group as usize))
                    .ok_or(E::NoSuchGroup)?;
                if play.game.is_some() {
                    return Err(E::GroupPlayed);
                }
                let mut players = Vec::with_capacity(play.teams.len());
                for team in &play.teams {
                    let registered = roster.get(*team).ok_or(E::NoSuchTeam)?;
                    check_players(registered)?;
                    players.push(registered.players.clone());
                }
                one(EruditEvent::GameStarted {
                    stage: stage as u32,
                    group,
                    players,
                    at: now,
                })
            }
            EruditCommand::OpenLineup => {
                let game = game()?;
                game.check_open_lineup().map_err(E::Step)?;
                let themes = game.next_lineup_starts_tour().then(|| at_now.next_themes());
                one(EruditEvent::LineupOpened { themes, at: now })
            }
            EruditCommand::CloseLineup => {
                if !matches!(game()?.phase, super::Phase::Lineup { .. }) {
                    return Err(E::Step(super::GameStep::NoLineup));
                }
                one(EruditEvent::LineupClosed { at: now })
            }
            EruditCommand::SetLineup { team, players } => {
                let team = match (who, team) {
                    (Identity::Team(own), None) => own,
                    (Identity::Team(own), Some(named)) if named == own => own,
                    (Identity::Host, Some(named)) => named,
                    _ => return Err(E::NotATeam),
                };
                let game = game()?;
                let index = game.index_of(team).ok_or(E::NotInGame)?;
                let players: Vec<String> = players.iter().map(|p| p.trim().to_owned()).collect();
                game.check_lineup(index, &players).map_err(E::Lineup)?;
                one(EruditEvent::LineupSet {
                    team,
                    players,
                    at: now,
                })
            }
            EruditCommand::Read => {
                game()?.check_read().map_err(E::Step)?;
                one(EruditEvent::ReadingStarted { at: now })
            }
            EruditCommand::EndReading => {
                game()?.check_end_reading().map_err(E::Step)?;
                one(EruditEvent::ReadingEnded { at: now })
            }
            EruditCommand::Reread => {
                game()?.check_reread().map_err(E::Step)?;
                one(EruditEvent::Reread { at: now })
            }
            EruditCommand::Judge { correct } => {
                game()?.check_judge().map_err(E::Step)?;
                one(EruditEvent::Judged { correct, at: now })
            }
            EruditCommand::Next => {
                game()?.check_next().map_err(E::Step)?;
                one(EruditEvent::Next { at: now })
            }
            EruditCommand::ShootOffQuestion => {
                at_now.pending_tie().ok_or(E::NoTie)?;
                if at_now.shoot_off.is_some() {
                    return Err(E::ShootOffInPlay);
                }
                one(EruditEvent::ShootOffOpened { at: now })
            }
            EruditCommand::ShootOffJudge { correct } => {
                let q = at_now.shoot_off.as_ref().ok_or(E::NoShootOff)?;
                if q.answering.is_none() {
                    return Err(E::NobodyAnswering);
                }
                one(EruditEvent::ShootOffJudged { correct, at: now })
            }
            EruditCommand::ShootOffNobody => {
                let q = at_now.shoot_off.as_ref().ok_or(E::NoShootOff)?;
                if q.answering.is_some() {
                    return Err(E::ShootOffAnswering);
                }
                one(EruditEvent::ShootOffClosed { at: now })
            }
            EruditCommand::DrawLot { seed } => {
                at_now.pending_tie().ok_or(E::NoTie)?;
                if at_now
                    .shoot_off
                    .as_ref()
                    .is_some_and(|q| q.answering.is_some())
                {
                    return Err(E::ShootOffAnswering);
                }
                one(EruditEvent::LotDrawn { seed, at: now })
            }
        }
    }

    fn apply(&mut self, event: &EruditEvent) -> Touched {
        if !matches!(
            event,
            EruditEvent::Pressed { .. } | EruditEvent::Interrupted { .. }
        ) {
            self.restart_notice = false;
        }
        self.apply_event(event);
        match event {
            // A line-up is its team's and the staff's until the window
            // closes; the hall sees only that it was sent.
            EruditEvent::LineupSet { team, .. }
                if self
                    .game()
                    .is_some_and(|g| matches!(g.phase, super::Phase::Lineup { .. })) =>
            {
                Touched {
                    staff: true,
                    display: true,
                    all_teams: false,
                    teams: vec![*team],
                }
            }
            EruditEvent::ThemesAdded { .. } | EruditEvent::TimingSet { .. } => Touched::staff(),
            _ => Touched::everyone(),
        }
    }

    fn poll_timeout(&self, _now: ServerTime) -> Option<ServerTime> {
        self.next_deadline()
    }

    fn handle_timeout(&mut self, now: ServerTime) -> Touched {
        if self.advance(now) {
            Touched::everyone()
        } else {
            Touched::nobody()
        }
    }

    fn staff_view(&self, roster: &Roster, _now: ServerTime) -> EruditStaffView {
        EruditStaffView {
            board: self.board(roster, Audience::Staff),
            timing: self.timing.clone(),
            pool: self.themes.len() as u32,
            pool_used: self.themes_used,
            restart_notice: self.restart_notice,
        }
    }

    fn team_view(&self, team: TeamId, roster: &Roster, _now: ServerTime) -> EruditTeamView {
        EruditTeamView {
            team,
            board: self.board(roster, Audience::Team(team)),
            lineup: self.lineup_form(team, roster),
        }
    }

    fn display_view(&self, roster: &Roster, _now: ServerTime) -> super::EruditBoard {
        self.board(roster, Audience::Public)
    }

    fn standings(&self, roster: &Roster) -> Value {
        self.standings_json(roster)
    }

    fn sheet(&self, roster: &Roster) -> Value {
        self.sheet_json(roster)
    }

    /// A sheet with `stages` is a whole tournament, else one game.
    fn score_sheet(
        text: &str,
        root: &serde_json::Map<String, Value>,
    ) -> Result<String, SheetError> {
        if root.contains_key("stages") {
            sheet::write(&super::sheet::tournament::score(&sheet::read(text)?)?)
        } else {
            sheet::write(&super::sheet::score(&sheet::read(text)?)?)
        }
    }

    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
        super::protocol::section(protocol, roster, title, self);
    }

    fn finished(&self) -> bool {
        EruditTournament::finished(self)
    }

    fn staff_progress(view: &Self::StaffView) -> crate::play::format::Progress {
        crate::play::format::Progress {
            in_use: view.board.seed.is_some(),
            finished: view.board.finished,
        }
    }

    /// One «tour» in the programme: the tournament, once teams are drawn.
    fn tour(&self, tour: u32) -> Option<TourState> {
        (tour == 0 && !self.entrants.is_empty()).then(|| TourState {
            title: String::new(),
            started: true,
            done: EruditTournament::finished(self),
        })
    }

    /// 2.2: the tournament's table (the final's places once it is over).
    fn places(&self, _roster: &Roster) -> Vec<(TeamId, Place)> {
        self.table()
            .into_iter()
            .map(|r| (TeamId(r.team as u32), r.place))
            .collect()
    }

    /// The question on the board, while this team's player is at the
    /// buttons.
    fn press_question(view: &EruditTeamView) -> Option<QuestionMark> {
        view.row()?.on.as_ref()?;
        view.board.game.as_ref()?.question_mark()
    }

    fn team_buttons_live(view: &EruditTeamView) -> bool {
        view.may_press()
    }

    /// The patch is the team's own copy of the game of four.
    fn patch_buttons_live(board: &GameBoard) -> Option<bool> {
        Some(board.question_in_play())
    }

    /// Replay: every team a stored event names is registered.
    fn check_replay(&self, event: &EruditEvent, known: &dyn Known) -> Result<(), ReplayError> {
        use EruditEvent as E;
        match event {
            E::Seeded { teams, groups, .. } => {
                known.teams_exist(teams)?;
                groups.iter().try_for_each(|g| known.teams_exist(g))
            }
            E::LineupSet { team, .. } | E::Pressed { team, .. } => known.team_exists(*team),
            E::CutRecorded { cut } => known.teams_exist(&cut.tied),
            E::TimingSet { .. }
            | E::ThemesAdded { .. }
            | E::GameStarted { .. }
            | E::LineupOpened { .. }
            | E::LineupClosed { .. }
            | E::ReadingStarted { .. }
            | E::ReadingEnded { .. }
            | E::Reread { .. }
            | E::Judged { .. }
            | E::Next { .. }
            | E::Interrupted { .. }
            | E::ShootOffOpened { .. }
            | E::ShootOffJudged { .. }
            | E::ShootOffClosed { .. }
            | E::LotDrawn { .. } => Ok(()),
        }
    }

    /// A captain's line-up shows on the team's screen; the host's steps
    /// are seen at once where clicked (a refusal does get a toast).
    fn outcome_in_place(command: &EruditCommand, succeeded: bool) -> bool {
        match command {
            EruditCommand::SetLineup { .. } => true,
            EruditCommand::OpenLineup
            | EruditCommand::CloseLineup
            | EruditCommand::Read
            | EruditCommand::EndReading
            | EruditCommand::Reread
            | EruditCommand::Judge { .. }
            | EruditCommand::Next
            // The tie's panel shows each step of its settling (5.4, 5.5).
            | EruditCommand::ShootOffQuestion
            | EruditCommand::ShootOffJudge { .. }
            | EruditCommand::ShootOffNobody
            | EruditCommand::DrawLot { .. } => succeeded,
            EruditCommand::LoadPackage { .. }
            | EruditCommand::SetTiming { .. }
            | EruditCommand::Seed { .. }
            | EruditCommand::StartGame { .. } => false,
        }
    }

    fn has_played(&self, team: TeamId) -> bool {
        self.has_team(team)
    }

    fn load_package(
        file_name: String,
        bytes: Vec<u8>,
        _pictures: Vec<PackageFile>,
    ) -> Option<EruditCommand> {
        Some(EruditCommand::LoadPackage { file_name, bytes })
    }

    fn loaded_file(command: &EruditCommand) -> Option<&str> {
        match command {
            EruditCommand::LoadPackage { file_name, .. } => Some(file_name),
            _ => None,
        }
    }

    fn qualified(teams: Vec<TeamId>, seed: u64) -> Option<EruditCommand> {
        Some(EruditCommand::Seed { teams, seed })
    }

    fn cut_recorded(cut: crate::play::cut::QualifyingCut) -> Option<EruditEvent> {
        Some(EruditEvent::CutRecorded { cut })
    }

    fn qualifying_cut(&self) -> Option<&crate::play::cut::QualifyingCut> {
        self.cut.as_ref()
    }

    fn restarted(&mut self, now: ServerTime) -> Vec<EruditEvent> {
        let shoot_off_answering = self
            .shoot_off
            .as_ref()
            .is_some_and(|q| q.answering.is_some());
        if shoot_off_answering || self.game().is_some_and(super::QuartetGame::in_play) {
            self.restart_notice = true;
            vec![EruditEvent::Interrupted { at: now }]
        } else {
            Vec::new()
        }
    }

    fn takes_press(&self, team: TeamId) -> bool {
        self.game().is_some_and(|g| g.takes_press(team)) || self.in_shoot_off(team)
    }

    fn press(&mut self, press: ButtonPress) -> Option<Result<(ButtonVerdict, EruditEvent), E>> {
        if !self.takes_press(press.team) {
            return None;
        }
        let event = EruditEvent::Pressed {
            team: press.team,
            at: press.at,
            rtt_us: press.rtt_us,
            clock_offset_us: press.clock_offset_us,
        };
        if self.shoot_off.is_some() {
            // 5.4, 5.5: the first tied team to press answers.
            let won = self.shoot_off_takes(press.team);
            self.apply_event(&event);
            let kind = if won {
                PressKind::Won
            } else if self
                .shoot_off
                .as_ref()
                .is_some_and(|q| q.attempts.iter().any(|a| a.team == press.team.0 as usize))
            {
                PressKind::LockedOut
            } else {
                PressKind::Late
            };
            return Some(Ok((
                ButtonVerdict {
                    kind,
                    since_arming_us: None,
                },
                event,
            )));
        }
        self.apply_event(&event);
        let game = self.game()?;
        let record = game.question()?.presses.last()?;
        let since_arming_us = record
            .after_reading_ms
            .map(|ms| (ms * 1000) as i64)
            .or(record.interrupted_after_ms.map(|ms| -((ms * 1000) as i64)));
        Some(Ok((
            ButtonVerdict {
                kind: record.kind,
                since_arming_us,
            },
            event,
        )))
    }

    fn press_patch(&self, _team: TeamId, roster: &Roster) -> Option<PressPatch<GameBoard>> {
        // A shoot-off's press shows on the board of the group it settles.
        let game = self.game().or_else(|| {
            self.shoot_off.as_ref()?;
            self.shown_game()
        })?;
        Some(PressPatch {
            staff: self.game_board(game, roster, Audience::Staff),
            public: self.game_board(game, roster, Audience::Public),
            teams: game
                .teams
                .iter()
                .map(|&t| (t, self.game_board(game, roster, Audience::Team(t))))
                .collect(),
        })
    }

    fn buttons_live(&self) -> bool {
        self.game().is_some_and(|g| g.round().is_some()) || self.shoot_off.is_some()
    }

    fn patch_staff(view: &mut EruditStaffView, patch: &GameBoard) -> bool {
        replace_game(&mut view.board.game, patch)
    }

    fn patch_team(view: &mut EruditTeamView, patch: &GameBoard) -> bool {
        replace_game(&mut view.board.game, patch)
    }

    fn patch_display(view: &mut super::EruditBoard, patch: &GameBoard) -> bool {
        replace_game(&mut view.game, patch)
    }
}

/// A press changes only the game in play: the patch replaces it when the
/// view shows that game.
fn replace_game(game: &mut Option<GameBoard>, patch: &GameBoard) -> bool {
    match game {
        Some(g) if g.stage == patch.stage && g.group == patch.group => {
            *g = patch.clone();
            true
        }
        _ => false,
    }
}

/// 5.8: a tour's four rounds, no player twice: four players at least.
fn check_players(team: &crate::play::roster::RosterTeam) -> Result<(), E> {
    if team.players.len() < MIN_PLAYERS {
        return Err(E::TooFewPlayers {
            team: team.name.clone(),
            players: team.players.len() as u32,
        });
    }
    Ok(())
}

impl EruditTournament {
    /// Whether `team` is one of the tied teams at the buttons of the
    /// shoot-off question in play (a press then is decided, even a late
    /// one, and logged).
    fn in_shoot_off(&self, team: TeamId) -> bool {
        self.shoot_off.is_some()
            && self
                .pending_tie()
                .is_some_and(|p| p.tie.teams.contains(&(team.0 as usize)))
    }

    /// 5.2–5.3: the draw may be made until the first game, with 4, 8 or 16
    /// registered teams of four players or more, each once.
    fn check_seeding(&self, teams: &[TeamId], roster: &Roster) -> Result<(), E> {
        if self.started() {
            return Err(E::SeedingFixed);
        }
        if !TEAM_COUNTS.contains(&teams.len()) {
            return Err(E::TeamCount {
                teams: teams.len() as u32,
            });
        }
        let mut seen = std::collections::BTreeSet::new();
        for t in teams {
            let team = roster.get(*t).ok_or(E::NoSuchTeam)?;
            if !seen.insert(*t) {
                return Err(E::TeamTwice);
            }
            check_players(team)?;
        }
        Ok(())
    }
}
