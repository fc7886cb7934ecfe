//! Brain-ring as each audience sees it: the board (stage, fights, the
//! qualifying table, final places) for the staff and the hall, a team's
//! own fight and board, and the press patch. What a fight shows to whom is
//! [`FightAudience`]'s to say; nothing here decides or changes the game.

use serde::{Deserialize, Serialize};

use super::{
    FightAudience, RingFight, RingFightView, RingQuestionText, RingRestartNotice, RingStage,
    RingTiming, RingTournament,
};
use crate::ids::TeamId;
use crate::play::button::PressPatch;
use crate::play::roster::Roster;
use crate::tournament::Place;

/// The host's, the judges' and the jury's Brain-ring.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingStaffView {
    /// With every press of the current questions and every appeal.
    pub board: RingBoard,
    /// Issue 14.4: questions the server found in play when it started
    /// again, until the host's next action in each fight.
    pub restarts: Vec<RingRestartNotice>,
    /// The package questions loaded, and how many of them were read.
    pub pool: u32,
    pub pool_used: u32,
}

/// One team's Brain-ring.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingTeamView {
    /// The fight this team plays now (the button's screen).
    pub fight: Option<RingFightView>,
    /// Between this team's fights: the stage, the table, the final places
    /// and this team's own fights only (never a press log). `None` while
    /// no Brain-ring tournament or fight concerns the team.
    pub board: Option<RingBoard>,
}

/// Brain-ring as the hall and the host see it: where the tournament
/// stands, the fights (open ones first) and the qualifying table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingBoard {
    pub stage: RingStage,
    /// The qualified teams in seeding order.
    pub seeding: Vec<TeamId>,
    pub fights: Vec<RingFightView>,
    pub standings: Vec<RingStandingRow>,
    /// The tournament's places once the champion is known (2.2): the
    /// final's two, the play-off's three, then the qualifying table; empty
    /// before.
    pub final_places: Vec<RingPlaceRow>,
    pub timing: RingTiming,
    /// 4.3: the tie at the entry cut — the shoot-off so far, the lot drawn
    /// (its seed and order, for the hall) — once one was recorded.
    pub cut: Option<crate::play::cut::CutBoard>,
}

/// A line of the Brain-ring tournament's final places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingPlaceRow {
    pub place: u32,
    pub team: TeamId,
    pub name: String,
}

/// A line of the Brain-ring table (4.6–4.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingStandingRow {
    pub team: TeamId,
    pub name: String,
    pub place: Place,
    /// Points ×2, so 4.5 stays exact: 3 for a win, 1 a draw, 0.5 a question.
    pub points_halves: u32,
    /// Questions taken minus questions conceded.
    pub difference: i64,
    pub taken: u32,
    pub fights: u32,
}

impl RingBoard {
    /// Replaces the fight with `fight.id` if the board shows it.
    pub fn apply_fight(&mut self, fight: &RingFightView) -> bool {
        match self.fights.iter_mut().find(|f| f.id == fight.id) {
            Some(slot) => {
                slot.clone_from(fight);
                true
            }
            None => false,
        }
    }
}

impl RingTeamView {
    /// Takes a patch of this team's own fight only.
    pub fn apply_fight(&mut self, fight: &RingFightView) -> bool {
        match self.fight.as_mut().filter(|f| f.id == fight.id) {
            Some(slot) => {
                slot.clone_from(fight);
                if let Some(board) = &mut self.board {
                    board.apply_fight(fight);
                }
                true
            }
            None => false,
        }
    }
}

impl RingTournament {
    fn names(&self, tables: [TeamId; 2], roster: &Roster) -> [String; 2] {
        tables.map(|t| roster.name(t))
    }

    fn fight_view(&self, f: &RingFight, roster: &Roster, audience: FightAudience) -> RingFightView {
        RingFightView {
            text: self.question_text(f, audience),
            ..f.view(self.names(f.tables, roster), self.ordinal(f), audience)
        }
    }

    /// The package question of the fight's current question as `audience`
    /// may read it: all of it for the staff; for the tables and the hall,
    /// once the question is over, its answer and comment (they heard the
    /// text read; the answer is the host's to say first).
    fn question_text(&self, f: &RingFight, audience: FightAudience) -> Option<RingQuestionText> {
        let current = f.current.as_ref()?;
        let index = *self.asked.get(&(f.id, current.number))?;
        let q = self.questions.get(index)?;
        let staff = audience == FightAudience::Staff;
        if !staff && !current.is_over() {
            return None;
        }
        Some(RingQuestionText {
            number: index as u32 + 1,
            text: if staff { q.text.clone() } else { String::new() },
            handout: q.handout.clone().filter(|_| staff),
            answer: q.answer.clone(),
            accepted: q.accepted.clone(),
            comment: q.comment.clone(),
        })
    }

    /// Brain-ring for a screen: open fights first, then the finished ones
    /// (newest first), each as `audience` may see it.
    pub fn board(&self, roster: &Roster, audience: FightAudience) -> RingBoard {
        let mut fights: Vec<_> = self.fights.values().collect();
        fights.sort_by_key(|f| (f.closed_at.is_some(), std::cmp::Reverse(f.id)));
        RingBoard {
            stage: self.stage(),
            seeding: self.teams.clone(),
            fights: fights
                .into_iter()
                .map(|f| self.fight_view(f, roster, audience))
                .collect(),
            standings: self
                .standings()
                .into_iter()
                .map(|(team, row)| RingStandingRow {
                    team,
                    name: roster.name(team),
                    place: row.place,
                    points_halves: (row.points.as_f64() * 2.0).round() as u32,
                    difference: row.difference,
                    taken: row.taken,
                    fights: row.fights,
                })
                .collect(),
            final_places: self
                .final_places()
                .into_iter()
                .map(|(team, place)| RingPlaceRow {
                    place,
                    team,
                    name: roster.name(team),
                })
                .collect(),
            timing: self.timing.clone(),
            cut: self
                .cut
                .as_ref()
                .map(|c| crate::play::cut::CutBoard::new(c, |t| roster.name(t))),
        }
    }

    pub fn staff_board(&self, roster: &Roster) -> RingStaffView {
        RingStaffView {
            board: self.board(roster, FightAudience::Staff),
            restarts: self.restarts.clone(),
            pool: self.questions.len() as u32,
            pool_used: self.asked.len() as u32,
        }
    }

    /// What a team sees: its fight now, and between fights the board once
    /// the tournament is seeded (teams not qualified follow it too) or once
    /// it has played a friendly fight — with only its own fights.
    pub fn team_board(&self, team: TeamId, roster: &Roster) -> RingTeamView {
        let audience = FightAudience::Table(team);
        let fight = self
            .open_fight_of(team)
            .map(|f| self.fight_view(f, roster, audience));
        let concerned =
            !self.teams.is_empty() || self.fights.values().any(|f| f.tables.contains(&team));
        let board = concerned.then(|| {
            let mut board = self.board(roster, audience);
            board.fights.retain(|f| f.tables.contains(&team));
            board
        });
        RingTeamView { fight, board }
    }

    /// The fight `team` plays now as its screens must show it after a
    /// press: the staff's copy with the press log and every appeal, each
    /// table's with its own appeals, the projector's with neither.
    pub fn fight_patch(&self, team: TeamId, roster: &Roster) -> Option<PressPatch<RingFightView>> {
        let f = self.open_fight_of(team)?;
        let public = self.fight_view(f, roster, FightAudience::Public);
        // A table's copy differs from the projector's only by its appeals.
        let teams = f
            .tables
            .iter()
            .map(|&t| {
                (
                    t,
                    RingFightView {
                        appeals: f.appeals_for(FightAudience::Table(t)),
                        ..public.clone()
                    },
                )
            })
            .collect();
        Some(PressPatch {
            staff: self.fight_view(f, roster, FightAudience::Staff),
            public,
            teams,
        })
    }
}
