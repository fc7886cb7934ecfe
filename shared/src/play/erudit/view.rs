//! Эрудит-квартет as each audience sees it: the tournament's groups and
//! table, the game in play (the table of four, the themes, the question,
//! the presses), and a captain's line-up form. What an audience may see is
//! decided here (5.7: a closed tour's themes stay hidden until played; a
//! line-up is its team's until the window closes; a question's text is the
//! host's, its answer everyone's once the question is closed). Nothing
//! here changes the game.

use serde::{Deserialize, Serialize};

use super::{
    EruditTiming, EruditTournament, GroupPlay, Phase, PressRecord, QuartetGame, QuestionState,
};
use crate::ids::TeamId;
use crate::play::button::QuestionMark;
use crate::play::erudit::rules::{TourKind, group_places, tournament_table};
use crate::play::roster::Roster;
use crate::time::ServerTime;
use crate::tournament::Place;

/// The host's, the judges' and the jury's view.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditStaffView {
    pub board: EruditBoard,
    pub timing: EruditTiming,
    /// Themes loaded, and how many the tours have taken.
    pub pool: u32,
    pub pool_used: u32,
    /// Issue 14.4: the server started again with this game in play.
    pub restart_notice: bool,
}

/// One team's view: the board and, while a line-up window is open, its
/// captain's form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditTeamView {
    pub team: TeamId,
    pub board: EruditBoard,
    pub lineup: Option<LineupForm>,
}

impl EruditTeamView {
    /// This team's row in the game in play, if it plays in it.
    pub fn row(&self) -> Option<&QuartetRow> {
        self.board
            .game
            .as_ref()?
            .teams
            .iter()
            .find(|r| r.team == self.team)
    }

    /// Whether this team's player may press now (the big button lights).
    pub fn may_press(&self) -> bool {
        let Some(game) = &self.board.game else {
            return false;
        };
        if let Some(tie) = &game.tie {
            // 5.4, 5.5: a tied team's player in the shoot-off.
            return tie.question.as_ref().is_some_and(|q| {
                q.answering.is_none()
                    && tie.teams.iter().any(|(t, _)| *t == self.team)
                    && !q.attempts.iter().any(|(t, _)| *t == self.team)
            });
        }
        let Some(q) = &game.question else {
            return false;
        };
        self.row().is_some_and(|r| r.on.is_some())
            && matches!(
                q.state,
                QuestionState::Reading { .. } | QuestionState::Waiting { .. }
            )
            && !q.attempts.iter().any(|(t, _)| *t == self.team)
    }
}

/// The tournament as the hall sees it (the staff see more in `game`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditBoard {
    /// The draw's seed once teams are drawn (5.3).
    pub seed: Option<u64>,
    pub stages: Vec<StageView>,
    /// The game in play, or the last one played.
    pub game: Option<GameBoard>,
    /// 2.2: every entrant's place so far.
    pub table: Vec<EruditPlaceRow>,
    pub finished: bool,
    /// When the host last took a step settling a tie (5.4, 5.5).
    pub last_tie_step: Option<ServerTime>,
    /// 5.2 (as 4.3): the tie at the entry cut from the ChGK table — the
    /// shoot-off so far, the lot drawn — once one was recorded.
    pub cut: Option<crate::play::cut::CutBoard>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageView {
    pub groups: Vec<GroupView>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroupState {
    Waiting,
    Playing,
    Finished,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupView {
    /// Team, name, points so far.
    pub teams: Vec<(TeamId, String, i64)>,
    pub state: GroupState,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditPlaceRow {
    pub team: TeamId,
    pub name: String,
    pub place: Place,
    /// The last stage reached and the group there (0-based).
    pub stage: u32,
    pub group: u32,
    pub points: i64,
}

/// The game of four as one audience sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameBoard {
    pub stage: u32,
    pub group: u32,
    pub teams: Vec<QuartetRow>,
    pub tour: Option<TourBoard>,
    pub phase: PhaseView,
    pub question: Option<QuestionBoard>,
    /// 5.4, 5.5: the deciding tie this game ended in, while the host
    /// settles it.
    pub tie: Option<TieBoard>,
    /// This group's ties as settled (a lot with its seed, for the hall).
    pub settled: Vec<SettledTie>,
}

impl GameBoard {
    /// The question this game of four shows now, if one is on, as a press
    /// is marked with it: the group's game, the tour, the round and the
    /// question's place in it.
    pub fn question_mark(&self) -> Option<QuestionMark> {
        let q = self.question.as_ref()?;
        Some(QuestionMark([
            self.stage,
            self.group,
            self.tour.as_ref().map_or(0, |t| t.number),
            q.round,
            q.number,
        ]))
    }

    /// Whether the question on the board may still be pressed on.
    pub fn question_in_play(&self) -> bool {
        self.question.as_ref().is_some_and(|q| {
            matches!(
                q.state,
                QuestionState::Reading { .. } | QuestionState::Waiting { .. }
            )
        })
    }
}

/// What a deciding tie puts at stake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieStake {
    /// The final's first place (5.5).
    Title,
    /// Going on to the next stage, or into which of its groups (5.4, 5.5).
    NextStage,
}

/// A deciding tie the tournament waits at, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieBoard {
    /// The teams still tied.
    pub teams: Vec<(TeamId, String)>,
    /// The group places (1-based) they share.
    pub first: u32,
    pub last: u32,
    pub stake: TieStake,
    /// Shoot-off questions played so far.
    pub questions: u32,
    /// The shoot-off question in play.
    pub question: Option<ShootOffBoard>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShootOffBoard {
    pub answering: Option<TeamId>,
    pub attempts: Vec<(TeamId, bool)>,
}

/// A settled tie: the tied teams in the order it gave them, and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettledTie {
    pub order: Vec<(TeamId, String)>,
    /// Shoot-off questions played.
    pub questions: u32,
    /// The lot's seed, if the host drew one.
    pub lot: Option<u64>,
}

/// A team at the table of four.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuartetRow {
    pub team: TeamId,
    pub name: String,
    /// Every answer so far, the tour in play included.
    pub points: i64,
    /// Each player's points, in the order they first played.
    pub players: Vec<(String, i64)>,
    /// The player at the buttons in the round on.
    pub on: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourBoard {
    /// 0-based: the first, second or third tour.
    pub number: u32,
    pub kind: TourKind,
    /// The four rounds' themes as this audience may see them.
    pub themes: Vec<Option<String>>,
    /// Each round's players by team, as this audience may see them.
    pub lineups: Vec<Vec<Option<String>>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhaseView {
    /// The host opens the next line-up: a tour of `kind`, or a semi-open
    /// round.
    BeforeLineup {
        kind: Option<TourKind>,
        round: u32,
    },
    Lineup {
        kind: TourKind,
        deadline: ServerTime,
        /// The rounds assigned in this window: `rounds` from `first_round`.
        first_round: u32,
        rounds: u32,
        /// Which teams have sent theirs, by team.
        submitted: Vec<bool>,
    },
    Playing {
        round: u32,
    },
    Finished,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionBoard {
    pub round: u32,
    /// 0-based position in the round (5.9).
    pub number: u32,
    pub value: i64,
    pub theme: Option<String>,
    pub state: QuestionState,
    /// The host's alone.
    pub text: Option<String>,
    /// The host's, and everyone's once the question is closed.
    pub answer: Option<String>,
    pub comment: Option<String>,
    pub presses: Vec<PressRecord>,
    pub attempts: Vec<(TeamId, bool)>,
}

/// A captain's form while a line-up window is open (5.7, 5.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineupForm {
    pub kind: TourKind,
    pub deadline: ServerTime,
    pub first_round: u32,
    pub rounds: u32,
    /// The team's registered players.
    pub players: Vec<String>,
    /// 5.8: players who already play a round of this tour.
    pub unavailable: Vec<String>,
    /// What the captain sent, if anything yet.
    pub chosen: Option<Vec<String>>,
    /// The tour's themes as the team may see them.
    pub themes: Vec<Option<String>>,
}

/// Who looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Audience {
    Staff,
    Public,
    Team(TeamId),
}

impl EruditTournament {
    pub(super) fn board(&self, roster: &Roster, audience: Audience) -> EruditBoard {
        let table = tournament_table(
            &self
                .stages
                .iter()
                .map(|s| s.iter().map(GroupPlay::result).collect())
                .collect::<Vec<_>>(),
        );
        EruditBoard {
            cut: self
                .cut
                .as_ref()
                .map(|c| crate::play::cut::CutBoard::new(c, |t| roster.name(t))),
            seed: (!self.entrants.is_empty()).then_some(self.seed),
            stages: self
                .stages
                .iter()
                .map(|groups| StageView {
                    groups: groups.iter().map(|g| group_view(g, roster)).collect(),
                })
                .collect(),
            game: self
                .shown_game()
                .map(|g| self.game_board(g, roster, audience)),
            table: table
                .into_iter()
                .map(|r| {
                    let team = TeamId(r.team as u32);
                    EruditPlaceRow {
                        team,
                        name: roster.name(team),
                        place: r.place,
                        stage: r.stage as u32,
                        group: r.group as u32,
                        points: r.points,
                    }
                })
                .collect(),
            finished: self.finished(),
            last_tie_step: self.last_tie_step,
        }
    }

    pub(super) fn game_board(
        &self,
        game: &QuartetGame,
        roster: &Roster,
        audience: Audience,
    ) -> GameBoard {
        let points = game.points(false);
        let round_on = game.round().map(|(r, round)| (r, round.players.clone()));
        let teams = game
            .teams
            .iter()
            .enumerate()
            .map(|(i, &team)| QuartetRow {
                team,
                name: roster.name(team),
                points: points.get(i).copied().unwrap_or(0),
                players: game.player_points(i),
                on: round_on
                    .as_ref()
                    .and_then(|(_, players)| players.get(i).cloned().flatten()),
            })
            .collect();
        let staff = audience == Audience::Staff;
        let tour = game.tour().map(|tour| {
            let rounds_on = tour.rounds.len();
            let lineup_round = matches!(game.phase, Phase::Lineup { .. }).then_some(rounds_on);
            let shown = |r: usize| -> bool {
                staff
                    || match tour.kind {
                        TourKind::Open => true,
                        // 5.7: the sequence is set, not announced.
                        TourKind::Closed => match game.phase {
                            Phase::Playing { round } => r <= round,
                            Phase::Lineup { .. } => false,
                            _ => r < rounds_on,
                        },
                        // 5.7: announced just before its round.
                        TourKind::SemiOpen => r < rounds_on || lineup_round == Some(r),
                    }
            };
            let themes = tour
                .themes
                .iter()
                .enumerate()
                .map(|(r, t)| {
                    if !shown(r) {
                        return None;
                    }
                    Some(match t.and_then(|i| self.themes.get(i as usize)) {
                        Some(theme) => theme.title.clone(),
                        None => format!("Тема {}", r + 1),
                    })
                })
                .collect();
            let mut lineups: Vec<Vec<Option<String>>> =
                tour.rounds.iter().map(|r| r.players.clone()).collect();
            if let Phase::Lineup { chosen, .. } = &game.phase {
                // The window's rounds: the staff see every choice, a team its
                // own, the hall nothing yet.
                for r in 0..game.lineup_rounds() {
                    let row = game
                        .teams
                        .iter()
                        .enumerate()
                        .map(|(i, &team)| {
                            let visible = staff || audience == Audience::Team(team);
                            chosen
                                .get(i)
                                .cloned()
                                .flatten()
                                .filter(|_| visible)
                                .and_then(|c| c.get(r).cloned())
                        })
                        .collect();
                    lineups.push(row);
                }
            }
            TourBoard {
                number: game.tours.len().saturating_sub(1) as u32,
                kind: tour.kind,
                themes,
                lineups,
            }
        });
        let phase = match &game.phase {
            Phase::BeforeLineup => PhaseView::BeforeLineup {
                kind: game.lineup_kind(),
                round: game.lineup_first_round() as u32,
            },
            Phase::Lineup { deadline, chosen } => PhaseView::Lineup {
                kind: game.lineup_kind().unwrap_or(TourKind::Open),
                deadline: *deadline,
                first_round: game.lineup_first_round() as u32,
                rounds: game.lineup_rounds() as u32,
                submitted: chosen.iter().map(Option::is_some).collect(),
            },
            Phase::Playing { round } => PhaseView::Playing {
                round: *round as u32,
            },
            Phase::Finished => PhaseView::Finished,
        };
        let question = game.round().and_then(|(r, round)| {
            let q = round.questions.last()?;
            let number = round.questions.len().saturating_sub(1);
            let theme_index = game.tour().and_then(|t| t.themes.get(r).copied().flatten());
            let theme = theme_index.and_then(|i| self.themes.get(i as usize));
            let text = theme.and_then(|t| t.questions.get(number));
            let closed = matches!(q.state, QuestionState::Closed { .. });
            Some(QuestionBoard {
                round: r as u32,
                number: number as u32,
                value: q.value,
                theme: Some(theme.map_or_else(|| format!("Тема {}", r + 1), |t| t.title.clone())),
                state: q.state,
                text: text.filter(|_| staff).map(|t| t.text.clone()),
                answer: text.filter(|_| staff || closed).map(|t| t.answer.clone()),
                comment: text
                    .filter(|_| staff || closed)
                    .and_then(|t| t.comment.clone()),
                presses: q.presses.clone(),
                attempts: q
                    .attempts
                    .iter()
                    .filter_map(|a| Some((*game.teams.get(a.team)?, a.correct)))
                    .collect(),
            })
        });
        let (tie, settled) = self.ties_board(game, roster);
        GameBoard {
            stage: game.stage,
            group: game.group,
            teams,
            tour,
            phase,
            question,
            tie,
            settled,
        }
    }

    /// The game's group's open tie and settled ties (5.4, 5.5).
    fn ties_board(
        &self,
        game: &QuartetGame,
        roster: &Roster,
    ) -> (Option<TieBoard>, Vec<SettledTie>) {
        let (stage, group) = (game.stage as usize, game.group as usize);
        let named = |t: usize| (TeamId(t as u32), roster.name(TeamId(t as u32)));
        let tie = self
            .pending_tie()
            .filter(|p| p.stage == stage && p.group == group)
            .map(|p| TieBoard {
                teams: p.tie.teams.iter().map(|&t| named(t)).collect(),
                first: p.tie.first,
                last: p.tie.last,
                stake: if p.for_title {
                    TieStake::Title
                } else {
                    TieStake::NextStage
                },
                questions: self
                    .stages
                    .get(stage)
                    .and_then(|s| s.get(group))
                    .and_then(|play| play.ties.iter().find(|s| s.teams == p.tie.tied))
                    .map_or(0, |s| s.shoot_off.len() as u32),
                question: self.shoot_off.as_ref().map(|q| ShootOffBoard {
                    answering: q.answering,
                    attempts: q
                        .attempts
                        .iter()
                        .map(|a| (TeamId(a.team as u32), a.correct))
                        .collect(),
                }),
            });
        let Some(play) = self.stages.get(stage).and_then(|s| s.get(group)) else {
            return (tie, Vec::new());
        };
        let groups = self.stages.get(stage).map_or(1, Vec::len);
        let order = group_places(&play.result(), groups, group)
            .map(|o| o.order)
            .unwrap_or_default();
        let settled = play
            .ties
            .iter()
            .filter(|s| self.pending_tie().is_none_or(|p| p.tie.tied != s.teams))
            .map(|s| SettledTie {
                order: order
                    .iter()
                    .filter(|t| s.teams.contains(t))
                    .map(|&t| named(t))
                    .collect(),
                questions: s.shoot_off.len() as u32,
                lot: s.lot,
            })
            .collect();
        (tie, settled)
    }

    pub(super) fn lineup_form(&self, team: TeamId, roster: &Roster) -> Option<LineupForm> {
        let game = self.game()?;
        let Phase::Lineup { deadline, chosen } = &game.phase else {
            return None;
        };
        let i = game.index_of(team)?;
        let board = self.game_board(game, roster, Audience::Team(team));
        Some(LineupForm {
            kind: game.lineup_kind()?,
            deadline: *deadline,
            first_round: game.lineup_first_round() as u32,
            rounds: game.lineup_rounds() as u32,
            players: game.players.get(i).cloned().unwrap_or_default(),
            unavailable: game
                .tour()
                .map(|t| t.fielded(i).into_iter().map(str::to_owned).collect())
                .unwrap_or_default(),
            chosen: chosen.get(i).cloned().flatten(),
            themes: board.tour.map(|t| t.themes).unwrap_or_default(),
        })
    }
}

fn group_view(group: &GroupPlay, roster: &Roster) -> GroupView {
    let points = group
        .game
        .as_ref()
        .map_or_else(|| vec![0; group.teams.len()], |g| g.points(false));
    GroupView {
        teams: group
            .teams
            .iter()
            .zip(points)
            .map(|(&t, p)| (t, roster.name(t), p))
            .collect(),
        state: match &group.game {
            None => GroupState::Waiting,
            Some(g) if g.finished() => GroupState::Finished,
            Some(_) => GroupState::Playing,
        },
    }
}
