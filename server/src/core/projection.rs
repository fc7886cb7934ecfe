//! Projections: one view per audience — the event's own parts (teams,
//! access codes, the programme, Brain-ring) built here, and every game's
//! part as its format projects it for that audience. Visibility is enforced
//! where each part is built: a team's game views come from
//! [`minuta_shared::play::games::GameState::team_view`], a fight from
//! [`FightAudience`].

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{FightAudience, FightId, RingFightView};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::handshake::Identity;
use minuta_shared::wire::view::{
    Access, DisplayView, GameEntry, HostView, JudgeInfo, JuryView, RingBoard, RingPlaceRow,
    RingStandingRow, StaffGame, TeamInfo, TeamView, View,
};

use super::Core;

/// One fight as its screens must show it after a press: the staff's copy
/// with the press log and every appeal, each table's with its own appeals,
/// and the projector's with neither ([`FightAudience`]).
#[derive(Clone, Debug)]
pub struct FightPatch {
    pub staff: RingFightView,
    pub public: RingFightView,
    pub tables: [TeamId; 2],
    /// What the team at `tables[i]` is sent.
    pub at_tables: [RingFightView; 2],
}

impl Core {
    pub(super) fn fight_patch(&self, fight: FightId) -> Option<FightPatch> {
        let f = self.ring.fight(fight).ok()?;
        let names = self.ring_names(f.tables);
        let ordinal = self.ring.ordinal(f);
        let public = f.view(names.clone(), ordinal, FightAudience::Public);
        // A table's copy differs from the projector's only by its appeals.
        let at_tables = f.tables.map(|team| RingFightView {
            appeals: f.appeals_for(FightAudience::Table(team)),
            ..public.clone()
        });
        Some(FightPatch {
            staff: f.view(names, ordinal, FightAudience::Staff),
            public,
            tables: f.tables,
            at_tables,
        })
    }

    /// The view for one connection's identity.
    pub fn view_for(&self, who: Identity, now: ServerTime) -> View {
        match who {
            Identity::Host => View::Host(self.staff_view(now, true)),
            Identity::Judge(_) => View::Host(self.staff_view(now, false)),
            Identity::Jury => View::Jury(self.jury_view(now)),
            Identity::Display => View::Display(self.display_view(now)),
            Identity::Team(team) => View::Team(self.team_view(team, now)),
        }
    }

    pub fn team_view(&self, team: TeamId, now: ServerTime) -> TeamView {
        TeamView {
            tournament: self.registry.tournament.clone(),
            team,
            name: self.registry.team_name(team),
            ring: self.ring.open_fight_of(team).map(|f| {
                f.view(
                    self.ring_names(f.tables),
                    self.ring.ordinal(f),
                    FightAudience::Table(team),
                )
            }),
            ring_board: self.team_ring_board(team),
            games: self.game_entries(|g| g.state.team_view(team, &self.roster, now)),
        }
    }

    /// What a team sees of Brain-ring between its fights: every team once
    /// the tournament is seeded (those not qualified follow it too), or a
    /// team that has played a friendly fight; only its own fights.
    fn team_ring_board(&self, team: TeamId) -> Option<RingBoard> {
        let concerned = !self.ring.teams.is_empty()
            || self.ring.fights.values().any(|f| f.tables.contains(&team));
        if !concerned {
            return None;
        }
        let mut board = self.ring_board(FightAudience::Table(team));
        board.fights.retain(|f| f.tables.contains(&team));
        Some(board)
    }

    fn ring_names(&self, tables: [TeamId; 2]) -> [String; 2] {
        tables.map(|t| self.registry.team_name(t))
    }

    /// Brain-ring for a screen: open fights first, then the finished ones
    /// (newest first), each as `audience` may see it.
    pub fn ring_board(&self, audience: FightAudience) -> RingBoard {
        let ring = &self.ring;
        let mut fights: Vec<_> = ring.fights.values().collect();
        fights.sort_by_key(|f| (f.closed_at.is_some(), std::cmp::Reverse(f.id)));
        RingBoard {
            stage: ring.stage(),
            seeding: ring.teams.clone(),
            fights: fights
                .into_iter()
                .map(|f| f.view(self.ring_names(f.tables), ring.ordinal(f), audience))
                .collect(),
            standings: ring
                .standings()
                .into_iter()
                .map(|(team, row)| RingStandingRow {
                    team,
                    name: self.registry.team_name(team),
                    place: row.place,
                    points_halves: (row.points.as_f64() * 2.0).round() as u32,
                    difference: row.difference,
                    taken: row.taken,
                    fights: row.fights,
                })
                .collect(),
            final_places: ring
                .final_places()
                .into_iter()
                .map(|(team, place)| RingPlaceRow {
                    place,
                    team,
                    name: self.registry.team_name(team),
                })
                .collect(),
            timing: ring.timing.clone(),
        }
    }

    pub fn display_view(&self, now: ServerTime) -> DisplayView {
        DisplayView {
            tournament: self.registry.tournament.clone(),
            ring: self.ring_board(FightAudience::Public),
            games: self.game_entries(|g| g.state.display_view(&self.roster, now)),
            programme: self.programme_view(),
        }
    }

    /// Every game as the staff sees it: the host, the judges and the jury.
    fn staff_games(&self, now: ServerTime) -> Vec<StaffGame> {
        self.game_entries(|g| g.state.staff_view(&self.roster, now))
    }

    /// Every programme game as one audience sees it.
    fn game_entries<V>(&self, view: impl Fn(&super::GameSlot) -> V) -> Vec<GameEntry<V>> {
        self.games
            .iter()
            .map(|(id, g)| GameEntry {
                id: *id,
                name: self.game_name(g),
                format: g.format(),
                view: view(g),
            })
            .collect()
    }

    /// 6.5: the appeal jury weighs appeals against every answer.
    pub fn jury_view(&self, now: ServerTime) -> JuryView {
        JuryView {
            tournament: self.registry.tournament.clone(),
            games: self.staff_games(now),
        }
    }

    pub fn staff_view(&self, now: ServerTime, with_access: bool) -> HostView {
        let registry = &self.registry;
        let access = with_access.then(|| Access {
            addrs: self.info.addrs.clone(),
            fingerprint: self.info.fingerprint,
            host_secret: registry.host_secret.clone(),
            display_secret: registry.display_secret.clone(),
            teams: registry
                .teams
                .values()
                .map(|t| (t.id, t.secret.clone()))
                .collect(),
            judges: registry
                .judges
                .values()
                .map(|j| (j.id, j.secret.clone()))
                .collect(),
        });
        let teams = registry
            .teams
            .values()
            .map(|t| TeamInfo {
                id: t.id,
                name: t.name.clone(),
                town: t.town.clone(),
                players: t.players.clone(),
                connected: self.is_connected(Identity::Team(t.id)),
                played: self.team_has_played(t.id),
                rating_id: t.rating_id,
            })
            .collect();
        let judges = registry
            .judges
            .values()
            .map(|j| JudgeInfo {
                id: j.id,
                name: j.name.clone(),
                connected: self.is_connected(Identity::Judge(j.id)),
            })
            .collect();
        HostView {
            tournament: registry.tournament.clone(),
            settings: registry.settings.clone(),
            access,
            teams,
            judges,
            displays_connected: self.presence.get(&Identity::Display).copied().unwrap_or(0),
            ring: self.ring_board(FightAudience::Staff),
            games: self.staff_games(now),
            jury_secret: with_access.then(|| registry.jury_secret.clone()),
            programme: self.programme_view(),
            festival: self.festival_tables(),
            ring_restarts: self.restart_notices.clone(),
        }
    }
}
