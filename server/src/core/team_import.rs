//! Teams in bulk (`Command::ImportTeams`, `minuta-server teams import`):
//! the registry's teams as the import compares with them, and the events
//! that register the new teams and edit the changed ones, all in one batch
//! or none. What a file says is read in `minuta_shared::roster`; here only
//! the registry's side.

use minuta_shared::roster::{self, ImportedTeam, KnownTeam, Outcome, Plan};
use minuta_shared::wire::server::CommandError;

use minuta_shared::ids::TeamId;
use minuta_shared::roster::SitePlayer;

use super::event::Event;
use super::registry::{Registry, TeamRecord};

/// The registered teams as an import compares with them.
pub fn known_teams(registry: &Registry) -> Vec<KnownTeam> {
    registry
        .teams
        .values()
        .map(|t| KnownTeam {
            id: t.id,
            team: ImportedTeam {
                rating_id: t.rating_id,
                name: t.name.clone(),
                town: t.town.clone(),
                players: t.players.clone(),
                site_players: t.site_players.clone(),
                ..ImportedTeam::default()
            },
        })
        .collect()
}

/// What importing `teams` would do to the registry (the preview).
pub fn preview(registry: &Registry, teams: &[ImportedTeam]) -> Plan {
    let settings = &registry.settings;
    roster::plan(
        &known_teams(registry),
        teams,
        settings.min_players,
        settings.max_players,
    )
}

/// The events of importing `teams`: refused whole on any problem, so the
/// import is all or nothing (one batch); none when nothing changes.
pub fn decide(
    registry: &Registry,
    teams: &[ImportedTeam],
    fresh_secret: &mut dyn FnMut() -> String,
) -> Result<Vec<Event>, CommandError> {
    let plan = preview(registry, teams);
    if !plan.problems.is_empty() {
        return Err(CommandError::Import(plan.problems));
    }
    let mut events = Vec::new();
    let mut next = registry.next_team_id();
    for planned in plan.teams {
        let t = planned.team;
        match planned.outcome {
            Outcome::Unchanged(_) => {}
            Outcome::New => {
                let team = next;
                next.0 += 1;
                events.push(Event::TeamRegistered {
                    team,
                    name: t.name.trim().to_owned(),
                    town: t.town.trim().to_owned(),
                    players: t.players,
                    secret: fresh_secret(),
                });
                if t.rating_id.is_some() {
                    events.push(Event::TeamRatingId {
                        team,
                        rating_id: t.rating_id,
                    });
                }
                if !t.site_players.is_empty() {
                    events.push(Event::TeamPlayerRecords {
                        team,
                        players: t.site_players,
                    });
                }
            }
            Outcome::Changed(team) => {
                let Some(record) = registry.teams.get(&team) else {
                    return Err(CommandError::NoSuchTeam);
                };
                events.push(Event::TeamEdited {
                    team,
                    name: t.name.trim().to_owned(),
                    town: t.town.trim().to_owned(),
                    players: t.players.clone(),
                });
                if record.rating_id != t.rating_id {
                    events.push(Event::TeamRatingId {
                        team,
                        rating_id: t.rating_id,
                    });
                }
                events.extend(records_unless_kept(
                    record,
                    team,
                    &t.players,
                    t.site_players,
                ));
            }
        }
    }
    Ok(events)
}

/// The records a host's edit of `record`'s names to `players` keeps
/// ([`roster::records_after_edit`]: a name changed in place keeps its
/// player), as the event stored after the edit when `Event::TeamEdited`
/// alone would not keep them so.
pub fn edit_records(record: &TeamRecord, players: &[String]) -> Option<Event> {
    let records = roster::records_after_edit(&record.players, &record.site_players, players);
    records_unless_kept(record, record.id, players, records)
}

/// `Event::TeamPlayerRecords` of `records` after an edit of `record` to
/// `players`, unless replaying the edit keeps exactly these already.
fn records_unless_kept(
    record: &TeamRecord,
    team: TeamId,
    players: &[String],
    records: Vec<SitePlayer>,
) -> Option<Event> {
    let kept = roster::records_kept(&record.players, &record.site_players, players);
    (kept != records).then_some(Event::TeamPlayerRecords {
        team,
        players: records,
    })
}

/// A stored `Event::TeamPlayerRecords` on the team's names: one record
/// per name in place; a list of another length (a store edited by hand)
/// is read as the older event's records, found by their names, rather
/// than put beside the wrong players.
pub fn records_in_place(names: &[String], records: &[SitePlayer]) -> Vec<SitePlayer> {
    if records.len() == names.len() {
        roster::records_or_none(records.to_vec())
    } else {
        roster::records_of_names(names, records)
    }
}

#[cfg(test)]
mod tests {
    use minuta_shared::identity::Identity;
    use minuta_shared::ids::TeamId;
    use minuta_shared::roster::{PlayerFlag, SitePlayer, Spot};
    use minuta_shared::time::ServerTime;
    use minuta_shared::wire::client::Command;
    use minuta_shared::wire::server::CommandError;

    use super::super::{Core, ServerInfo};
    use super::*;

    fn core() -> Core {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), ServerTime(1));
        core
    }

    fn player(id: u32, surname: &str, flag: Option<PlayerFlag>) -> SitePlayer {
        SitePlayer {
            id: Some(id),
            surname: surname.into(),
            name: "Имя".into(),
            flag,
            ..SitePlayer::default()
        }
    }

    fn team(rating_id: u32, name: &str, first: u32) -> ImportedTeam {
        ImportedTeam {
            spot: Spot::Line(first),
            rating_id: Some(rating_id),
            name: name.into(),
            town: "Москва".into(),
            ..ImportedTeam::default()
        }
        .with_players(
            (0..4)
                .map(|i| {
                    let flag = (i == 0).then_some(PlayerFlag::Captain);
                    player(first * 10 + i, &format!("Игрок{first}{i}"), flag)
                })
                .collect(),
        )
    }

    fn import(core: &mut Core, teams: Vec<ImportedTeam>) -> Result<Vec<Event>, CommandError> {
        let mut n = 0;
        let mut secret = || {
            n += 1;
            format!("s{n}")
        };
        core.handle_command(
            Identity::Host,
            Command::ImportTeams { teams },
            ServerTime(2),
            &mut secret,
        )
        .map(|(_, events)| events)
    }

    #[test]
    fn an_import_registers_every_team_with_its_site_records_and_twice_changes_nothing() {
        let mut core = core();
        let teams = vec![team(101, "Знатоки", 1), team(202, "Ёжики", 2)];
        let events = import(&mut core, teams.clone()).unwrap();
        assert_eq!(events.len(), 6, "registered, site id, site players ×2");
        let znatoki = &core.registry().teams[&TeamId(1)];
        assert_eq!(znatoki.rating_id, Some(101));
        assert_eq!(znatoki.site_players[0].flag, Some(PlayerFlag::Captain));
        assert_eq!(znatoki.players[1], "Игрок11 Имя");

        assert_eq!(import(&mut core, teams).unwrap(), Vec::new());
    }

    #[test]
    fn an_import_with_one_bad_team_changes_nothing_0_2() {
        let mut core = core();
        let mut short = team(202, "Ёжики", 2);
        short.players.truncate(3);
        short.site_players.truncate(3);
        let err = import(&mut core, vec![team(101, "Знатоки", 1), short]).unwrap_err();
        let CommandError::Import(problems) = err else {
            panic!("{err:?}")
        };
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].spot, Spot::Line(2));
        assert!(core.registry().teams.is_empty(), "all or nothing");
    }

    #[test]
    fn a_changed_roster_edits_the_team_found_by_its_site_id_and_a_hand_edit_keeps_a_renamed_players_record()
     {
        // Arrange: a team imported, then its roster changed on the site.
        let mut core = core();
        import(&mut core, vec![team(101, "Знатоки", 1)]).unwrap();
        let mut moved = team(101, "Знатоки плюс", 1);
        moved.site_players[3] = player(99, "Новый", Some(PlayerFlag::Legionnaire));
        moved.players[3] = moved.site_players[3].shown();
        import(&mut core, vec![moved]).unwrap();
        let record = &core.registry().teams[&TeamId(1)];
        assert_eq!(record.name, "Знатоки плюс");
        assert_eq!(record.site_players[3].id, Some(99));

        // Act: by hand, the legionnaire's name corrected in place.
        let mut players = record.players.clone();
        players[3] = "Новиков Имя".into();
        core.handle_command(
            Identity::Host,
            edit(record, players),
            ServerTime(3),
            &mut String::new,
        )
        .unwrap();

        // Assert: the same person, under the name as typed.
        let record = &core.registry().teams[&TeamId(1)];
        assert_eq!(record.players[3], "Новиков Имя");
        assert_eq!(record.site_players[3].id, Some(99));
        assert_eq!(record.site_players[3].surname, "Новиков");
        assert_eq!(record.site_players[3].flag, Some(PlayerFlag::Legionnaire));
    }

    fn edit(record: &super::super::registry::TeamRecord, players: Vec<String>) -> Command {
        Command::EditTeam {
            team: record.id,
            name: record.name.clone(),
            town: record.town.clone(),
            players,
            rating_id: record.rating_id,
        }
    }

    #[test]
    fn a_hand_edit_that_also_adds_or_drops_a_player_keeps_no_renamed_players_record() {
        // Arrange
        let mut core = core();
        import(&mut core, vec![team(101, "Знатоки", 1)]).unwrap();
        let record = core.registry().teams[&TeamId(1)].clone();

        // Act: the second player taken off and the third renamed: which
        // old player the new name is cannot be told.
        let players = vec![
            record.players[0].clone(),
            "Другой Кто-то".into(),
            record.players[3].clone(),
            "Пятый Игрок".into(),
        ];
        core.handle_command(
            Identity::Host,
            edit(&record, players),
            ServerTime(3),
            &mut String::new,
        )
        .unwrap();

        // Assert: the names kept keep their people; the new ones are names.
        let after = &core.registry().teams[&TeamId(1)];
        let ids: Vec<Option<u32>> = after.site_players.iter().map(|p| p.id).collect();
        assert_eq!(ids, [Some(10), None, Some(13), None]);
    }
}

#[cfg(test)]
#[path = "namesakes_tests.rs"]
mod namesakes_tests;
