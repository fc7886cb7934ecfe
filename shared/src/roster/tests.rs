//! The roster files as organisers have them: every shape read, every bad
//! row told with its line, and the preview of an import.

use super::*;
use crate::ids::TeamId;

const ROSTER: &str = "\
101,Знатоки,Москва,К,5001,Иванов,Иван,Иванович
101,Знатоки,Москва,Б,5002,Петров,Пётр,Петрович
101,Знатоки,Москва,Л,5003,Сидоров,Сидор,
,Новички,Тверь,К,,Смирнов,Алексей,
,Новички,Тверь,,,Попова,Мария,
";

fn read_csv(text: &str) -> Read {
    read("roster.csv", text.as_bytes()).expect("readable")
}

#[test]
fn the_rating_sites_roster_gives_teams_with_their_players_flags_and_ids() {
    let got = read_csv(ROSTER);
    assert_eq!(got.kind, FileKind::SiteRoster);
    assert!(got.problems.is_empty(), "{:?}", got.problems);
    assert_eq!(got.teams.len(), 2);
    let znatoki = &got.teams[0];
    assert_eq!(znatoki.spot, Spot::Line(1));
    assert_eq!(znatoki.rating_id, Some(101));
    assert_eq!(
        (znatoki.name.as_str(), znatoki.town.as_str()),
        ("Знатоки", "Москва")
    );
    assert_eq!(
        znatoki.players,
        ["Иванов Иван", "Петров Пётр", "Сидоров Сидор"]
    );
    assert_eq!(
        znatoki.site_players[0],
        SitePlayer {
            id: Some(5001),
            surname: "Иванов".into(),
            name: "Иван".into(),
            patronymic: "Иванович".into(),
            flag: Some(PlayerFlag::Captain),
        }
    );
    assert_eq!(znatoki.site_players[2].flag, Some(PlayerFlag::Legionnaire));
    // A team without a site id is found by its name; a player known by
    // nothing but a name is kept as a name.
    let novichki = &got.teams[1];
    assert_eq!((novichki.rating_id, novichki.spot), (None, Spot::Line(4)));
    assert_eq!(novichki.players, ["Смирнов Алексей", "Попова Мария"]);
    assert_eq!(
        novichki.site_players.len(),
        1,
        "the captain's flag is known"
    );
}

#[test]
fn every_bad_row_is_told_with_its_line_and_reason() {
    let table: [(&str, ProblemKind); 6] = [
        (
            "1,А,Москва,X,1,Иванов,Иван,\n",
            ProblemKind::UnknownFlag("X".into()),
        ),
        (
            "1,А,Москва,К,1,Иванов,Иван,\n2,Б,Тверь,Б,1,Иванов,Иван,\n",
            ProblemKind::PlayerInTwoTeams {
                player: "Иванов Иван".into(),
                first_team: "А".into(),
            },
        ),
        ("1,,Москва,Б,1,Иванов,Иван,\n", ProblemKind::BlankName),
        ("1,А,Москва,Б,1, ,Иван,\n", ProblemKind::BlankName),
        (
            "1,А,Москва,К,1,Иванов,Иван,\n1,А,Москва,К,2,Петров,Пётр,\n",
            ProblemKind::TwoCaptains { team: "А".into() },
        ),
        (
            "1,А,Москва,Б,x1,Иванов,Иван,\n",
            ProblemKind::BadId {
                column: "idplayer".into(),
                text: "x1".into(),
            },
        ),
    ];
    for (text, want) in table {
        // Two good rows first, so the bad one is on a later line.
        let file = format!("9,Z,Омск,Б,91,Aa,Bb,\n9,Z,Омск,Б,92,Cc,Dd,\n{text}");
        let got = read_csv(&file);
        let lines = text.lines().count() as u32;
        assert_eq!(
            got.problems,
            vec![Problem::new(Spot::Line(2 + lines), want.clone())],
            "{text}"
        );
    }
}

#[test]
fn a_problem_speaks_russian_and_english() {
    let problem = Problem::new(Spot::Line(7), ProblemKind::UnknownFlag("Х".into()));
    assert_eq!(
        problem.text(true),
        "строка 7: признак «Х» — не К (капитан), Б (базовый) и не Л (легионер)"
    );
    assert_eq!(
        problem.to_string(),
        "line 7: flag «Х» is not К (captain), Б (base) or Л (legionnaire)"
    );
}

#[test]
fn the_roster_as_xlsx_reads_as_the_csv_does_row_numbers_included() {
    let bytes = include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/roster.xlsx"
    ));
    let got = read("ростер.xlsx", bytes).expect("readable");
    assert_eq!(got.kind, FileKind::SiteRoster);
    assert_eq!(got.teams.len(), 2);
    assert_eq!(got.teams[0].rating_id, Some(101));
    assert_eq!(got.teams[0].players.len(), 4);
    assert_eq!(got.teams[1].name, "Ёжики");
    assert_eq!(got.teams[1].site_players[0].id, Some(5011));
    assert_eq!(
        got.problems,
        vec![Problem::new(
            Spot::Line(8),
            ProblemKind::UnknownFlag("Х".into())
        )]
    );
}

#[test]
fn the_rating_sites_json_of_a_tournaments_teams_gives_the_same() {
    let json = r#"[
      {"team": {"id": 101, "name": "Знатоки", "town": {"id": 1, "name": "Москва"}},
       "mask": "110", "teamMembers": [
         {"flag": "К", "player": {"id": 5001, "surname": "Иванов", "name": "Иван", "patronymic": "Иванович"}},
         {"flag": "Б", "player": {"id": 5002, "surname": "Петров", "name": "Пётр", "patronymic": ""}}]},
      {"team": {"id": 202, "name": "Ёжики", "town": {"name": "Тверь"}},
       "teamMembers": [{"flag": "Q", "player": {"id": 7, "surname": "Волков", "name": "Олег"}}]}
    ]"#;
    let got = read("results.json", json.as_bytes()).expect("readable");
    assert_eq!(got.kind, FileKind::SiteJson);
    assert_eq!(got.teams[0].players, ["Иванов Иван", "Петров Пётр"]);
    assert_eq!(got.teams[0].site_players[0].flag, Some(PlayerFlag::Captain));
    assert_eq!(got.teams[1].town, "Тверь");
    assert_eq!(
        got.problems,
        vec![Problem::new(
            Spot::Entry(2),
            ProblemKind::UnknownFlag("Q".into())
        )]
    );
    assert!(matches!(
        read("x.json", b"{\"a\": 1}"),
        Err(ReadError::Json(_))
    ));
}

#[test]
fn a_plain_spreadsheet_gives_name_town_and_players_header_or_not() {
    let text = "Команда;Город;Игроки\nЗнатоки;Москва;Иванов Иван;Петров Пётр\nЁжики;Тверь;\"Волков Олег, Попова Мария\"\n";
    let got = read_csv(text);
    assert_eq!(got.kind, FileKind::PlainSheet);
    assert!(got.problems.is_empty());
    assert_eq!(got.teams[0].players, ["Иванов Иван", "Петров Пётр"]);
    assert_eq!(got.teams[1].players, ["Волков Олег", "Попова Мария"]);
    assert_eq!(got.teams[1].spot, Spot::Line(3));
    assert!(got.teams.iter().all(|t| t.site_players.is_empty()));
}

fn known(id: u32, team: &ImportedTeam) -> KnownTeam {
    KnownTeam {
        id: TeamId(id),
        team: team.clone(),
    }
}

#[test]
fn the_preview_tells_new_changed_and_unchanged_and_a_second_import_changes_nothing() {
    let file = read_csv(ROSTER).teams;
    let first = plan(&[], &file, 1, 6);
    assert_eq!(first.count(|o| *o == Outcome::New), 2);
    assert!(first.changes());

    // As registered by the first import: the same file changes nothing.
    let registered: Vec<KnownTeam> = first
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| known(i as u32 + 1, &t.team))
        .collect();
    let again = plan(&registered, &file, 1, 6);
    assert!(!again.changes(), "{:?}", again.teams);
    assert_eq!(again.teams[0].outcome, Outcome::Unchanged(TeamId(1)));

    // The site's roster moved a player: that team is changed, found by its id
    // though renamed.
    let moved = ROSTER
        .replace("Сидоров,Сидор", "Кузнецов,Олег")
        .replace("Знатоки", "Знатоки-2");
    let third = plan(&registered, &read_csv(&moved).teams, 1, 6);
    assert_eq!(third.teams[0].outcome, Outcome::Changed(TeamId(1)));
    assert_eq!(third.teams[1].outcome, Outcome::Unchanged(TeamId(2)));
}

#[test]
fn a_plain_spreadsheet_over_site_teams_keeps_their_ids_and_records() {
    let registered = vec![known(1, &read_csv(ROSTER).teams[0])];
    let plain = read_csv("Знатоки,Москва,Иванов Иван,Петров Пётр,Сидоров Сидор\n").teams;
    let got = plan(&registered, &plain, 1, 6);
    assert_eq!(got.teams[0].outcome, Outcome::Unchanged(TeamId(1)));
}

#[test]
fn the_preview_forbids_0_2_player_counts_a_team_twice_and_a_taken_name() {
    let file = read_csv(ROSTER).teams;
    let got = plan(&[], &file, 3, 6);
    assert_eq!(
        got.problems,
        vec![Problem::new(
            Spot::Line(4),
            ProblemKind::PlayerCount {
                team: "Новички".into(),
                min: 3,
                max: 6,
                got: 2
            }
        )]
    );
    let other = ImportedTeam {
        rating_id: Some(555),
        name: "Новички".into(),
        ..ImportedTeam::default()
    };
    let taken = plan(&[known(4, &other)], &file[..1], 1, 6);
    assert!(taken.problems.is_empty(), "{:?}", taken.problems);
    let renamed = ImportedTeam {
        name: "Новички".into(),
        ..file[0].clone()
    };
    let got = plan(&[known(4, &other), known(5, &file[0])], &[renamed], 1, 6);
    assert_eq!(
        got.problems,
        vec![Problem::new(
            Spot::Line(1),
            ProblemKind::NameTaken("Новички".into())
        )]
    );
    let twice = check_teams(&[file[0].clone(), file[0].clone()], 1, 6);
    assert!(twice.contains(&Problem::new(
        Spot::Line(1),
        ProblemKind::SameTeamTwice("Знатоки".into())
    )));
}

#[test]
fn an_exported_roster_reads_back_as_the_same_players() {
    let team = &read_csv(ROSTER).teams[1];
    let rows = roster_players(&team.players, &team.site_players);
    assert_eq!(rows[0].flag, Some(PlayerFlag::Captain));
    assert_eq!(rows[1], SitePlayer::from_shown("Попова Мария"));
    assert_eq!(
        SitePlayer::from_shown("  Иванов   Иван Петрович ").shown(),
        "Иванов Иван Петрович"
    );
}

#[test]
fn a_roster_of_teams_typed_by_hand_no_ids_no_flags_is_still_the_roster() {
    let got = read_csv(",Сфинкс,Москва,,,Анна,,\n,Сфинкс,Москва,,,Борис,,\n");
    assert_eq!(got.kind, FileKind::SiteRoster);
    assert!(got.problems.is_empty(), "{:?}", got.problems);
    assert_eq!(got.teams[0].players, ["Анна", "Борис"]);
    assert!(got.teams[0].site_players.is_empty());
}
