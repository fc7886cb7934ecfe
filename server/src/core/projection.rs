//! Projections: one view per audience — the event's own parts (teams,
//! access codes, the programme) built here, and every game's part as its
//! format projects it for that audience. Visibility is enforced where each
//! part is built: a team's game views come from
//! [`minuta_shared::play::games::GameState::team_view`].

use minuta_shared::identity::Identity;
use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::{
    Access, DisplayView, GameEntry, HostView, JudgeInfo, JuryView, StaffGame, TeamInfo, TeamView,
    View,
};

use super::Core;

impl Core {
    /// The view for one connection's identity.
    pub fn view_for(&self, who: Identity, now: ServerTime) -> View {
        match who {
            Identity::Host => View::Host(self.staff_view(now, true)),
            Identity::Judge(_) => View::Host(self.staff_view(now, false)),
            Identity::Jury => View::Jury(self.jury_view(now)),
            Identity::Display => View::Display(self.display_view(now)),
            Identity::Team(team) => View::Team(self.team_view(team, now)),
            Identity::Slice(team, slice) => View::Team(self.slice_view(team, slice, now)),
        }
    }

    pub fn team_view(&self, team: TeamId, now: ServerTime) -> TeamView {
        TeamView {
            tournament: self.registry.tournament.clone(),
            team,
            name: self.registry.team_name(team),
            games: self.game_entries(|g| g.state.team_view(team, &self.roster, now)),
            slice: None,
        }
    }

    /// Нептун 2.2: one ломтик's terminal, named «<team>-верх» / «<team>-низ»;
    /// each game shows it what its format lets that ломтик see.
    pub fn slice_view(&self, team: TeamId, slice: Slice, now: ServerTime) -> TeamView {
        TeamView {
            tournament: self.registry.tournament.clone(),
            team,
            name: format!("{}-{}", self.registry.team_name(team), slice.suffix()),
            games: self.game_entries(|g| g.state.slice_view(team, slice, &self.roster, now)),
            slice: Some(slice),
        }
    }

    pub fn display_view(&self, now: ServerTime) -> DisplayView {
        DisplayView {
            tournament: self.registry.tournament.clone(),
            games: self.game_entries(|g| g.state.display_view(&self.roster, now)),
            programme: self.programme_view(),
            prize_ties: self.prize_tie_boards(),
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
            web_port: self.info.web_port,
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
                slices_connected: Slice::BOTH
                    .into_iter()
                    .filter(|s| self.is_connected(Identity::Slice(t.id, *s)))
                    .collect(),
                played: self.team_has_played(t.id),
                rating_id: t.rating_id,
                site_players: t.site_players.clone(),
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
            games: self.staff_games(now),
            jury_secret: with_access.then(|| registry.jury_secret.clone()),
            programme: self.programme_view(),
            festival: self.festival_tables(),
            prize_ties: self.prize_tie_boards(),
            autopilot: self.autopilot,
        }
    }
}
