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
    // The captain's flag is known: every player has its record, in its
    // place.
    assert_eq!(novichki.site_players.len(), 2);
    assert_eq!(novichki.site_players[0].flag, Some(PlayerFlag::Captain));
    assert!(novichki.site_players[1].is_plain());
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

/// The issue's team (issue 38): two Борис Семёнов of one team.
const NAMESAKES: &str = "\
50126,Южные кони,Москва,К,102154,Семёнов,Борис,Сергеевич
50126,Южные кони,Москва,Б,102179,Семёнов,Борис,Ильич
50126,Южные кони,Москва,Б,102200,Орлова,Вера,Павловна
50126,Южные кони,Москва,Л,102201,Зайцев,Олег,
";

#[test]
fn namesakes_in_one_team_are_two_players_told_apart_by_the_patronymics_initial() {
    // Arrange, act
    let got = read_csv(NAMESAKES);

    // Assert
    assert!(got.problems.is_empty(), "{:?}", got.problems);
    let team = &got.teams[0];
    assert_eq!(
        team.players,
        [
            "Семёнов Борис С.",
            "Семёнов Борис И.",
            "Орлова Вера",
            "Зайцев Олег"
        ]
    );
    let ids: Vec<_> = team.site_players.iter().map(|p| (p.id, p.flag)).collect();
    assert_eq!(
        ids,
        [
            (Some(102154), Some(PlayerFlag::Captain)),
            (Some(102179), Some(PlayerFlag::Base)),
            (Some(102200), Some(PlayerFlag::Base)),
            (Some(102201), Some(PlayerFlag::Legionnaire)),
        ]
    );
}

fn person(id: Option<u32>, surname: &str, name: &str, patronymic: &str) -> SitePlayer {
    SitePlayer {
        id,
        surname: surname.into(),
        name: name.into(),
        patronymic: patronymic.into(),
        flag: None,
    }
}

#[test]
fn only_namesakes_get_more_than_their_name_and_alike_initials_give_the_whole_patronymic() {
    // Arrange
    let players = [
        person(Some(1), "Семёнов", "Борис", "Сергеевич"),
        person(Some(2), "Семёнов", "Борис", "Семёнович"),
        person(Some(3), "Орлова", "Вера", "Павловна"),
        person(Some(4), "Зайцев", "Олег", "Ильич"),
        person(Some(5), "Зайцев", "Олег", "Ильич"),
        person(None, "Попов", "Ян", ""),
        person(None, "попов", "ян", "Петрович"),
    ];

    // Act
    let shown = shown_names(&players);

    // Assert
    assert_eq!(
        shown,
        [
            "Семёнов Борис Сергеевич",
            "Семёнов Борис Семёнович",
            "Орлова Вера",
            "Зайцев Олег Ильич (4)",
            "Зайцев Олег Ильич (5)",
            "Попов Ян",
            "попов ян П.",
        ]
    );
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn a_name_changed_between_names_kept_keeps_its_person_and_a_guess_does_not() {
    // Arrange
    let team = read_csv(NAMESAKES).teams.remove(0);
    let ids = |records: &[SitePlayer]| records.iter().map(|p| p.id).collect::<Vec<_>>();
    let edit = |new: &[&str]| records_after_edit(&team.players, &team.site_players, &names(new));

    // Act, assert: one name corrected in place; its «И.» is not a name.
    let fixed = edit(&[
        "Семёнов Борис С.",
        "Семенов Борис И.",
        "Орлова Вера",
        "Зайцев Олег",
    ]);
    assert_eq!(ids(&fixed), ids(&team.site_players));
    assert_eq!(fixed[1].surname, "Семенов");
    assert_eq!(
        (fixed[1].name.as_str(), fixed[1].patronymic.as_str()),
        ("Борис", "Ильич")
    );
    assert_eq!(fixed[1].flag, Some(PlayerFlag::Base));

    // Reordered: each name keeps its own person.
    let reordered = edit(&[
        "Зайцев Олег",
        "Семёнов Борис И.",
        "Семёнов Борис С.",
        "Орлова Вера",
    ]);
    assert_eq!(
        ids(&reordered),
        [Some(102201), Some(102179), Some(102154), Some(102200)]
    );

    // A player taken off beside a changed name: which one is it? Neither.
    let guess = edit(&["Семёнов Борис С.", "Кто-то Новый", "Зайцев Олег"]);
    assert_eq!(ids(&guess), [Some(102154), None, Some(102201)]);

    // The plain names typed over both namesakes: two people still.
    let plain = edit(&[
        "Семёнов Борис",
        "Семёнов Борис",
        "Орлова Вера",
        "Зайцев Олег",
    ]);
    assert_eq!(ids(&plain), ids(&team.site_players));
}

#[test]
fn records_kept_by_names_alone_never_move_to_another_player() {
    // Arrange
    let team = read_csv(NAMESAKES).teams.remove(0);

    // Act: a plain spreadsheet's names: the second Семёнов renamed.
    let kept = records_kept(
        &team.players,
        &team.site_players,
        &names(&[
            "Семёнов Борис С.",
            "Семёнов Б.",
            "Орлова Вера",
            "Зайцев Олег",
        ]),
    );

    // Assert
    let ids: Vec<_> = kept.iter().map(|p| p.id).collect();
    assert_eq!(ids, [Some(102154), None, Some(102200), Some(102201)]);
}

#[test]
fn a_store_before_namesakes_gives_each_name_the_first_record_of_its_name_not_taken() {
    // Arrange: the names shown before, and the records found by them.
    let old = names(&["Семёнов Борис", "Семёнов Борис", "Орлова Вера"]);
    let records = [
        person(Some(1), "Семёнов", "Борис", "Сергеевич"),
        person(Some(2), "Семёнов", "Борис", "Ильич"),
    ];

    // Act
    let got = records_of_names(&old, &records);

    // Assert
    let ids: Vec<_> = got.iter().map(|p| p.id).collect();
    assert_eq!(ids, [Some(1), Some(2), None]);
    assert_eq!(got[2], SitePlayer::from_shown("Орлова Вера"));
}

mod never_panics {
    use proptest::prelude::*;

    use super::super::*;

    proptest! {
        /// Whatever a file holds, reading it and planning its import says
        /// what is wrong, never panics.
        #[test]
        fn any_text_read_and_planned_never_panics(
            text in "([0-9]{0,3},[КБЛX ]{0,1},[а-я ]{0,4},?[\n;\"]?){0,40}"
        ) {
            if let Ok(read) = read("roster.csv", text.as_bytes()) {
                let _ = plan(&[], &read.teams, 4, 6);
            }
        }

        #[test]
        fn any_edit_of_any_names_never_panics(
            old in prop::collection::vec("[аб ]{0,3}", 0..6),
            new in prop::collection::vec("[аб ]{0,3}", 0..6),
        ) {
            let records: Vec<SitePlayer> = old
                .iter()
                .enumerate()
                .map(|(i, n)| SitePlayer { id: Some(i as u32), ..SitePlayer::from_shown(n) })
                .collect();
            let got = records_after_edit(&old, &records, &new);
            prop_assert!(got.is_empty() || got.len() == new.len());
            prop_assert_eq!(shown_names(&records).len(), records.len());
        }
    }
}
