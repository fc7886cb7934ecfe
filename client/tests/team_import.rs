//! «Импорт команд…» on the host's teams tab: the file chosen is read by
//! the app (the view only asks), its preview lists the new, changed and
//! unchanged teams and every bad row with its line, «Импортировать» stays
//! off while a bad row is there, and sends the whole file's teams in one
//! command once there is none.

use crate::common;

use common::{ScreenHarness, click, screen, state_at};
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::host::team_import::{FileRead, read_done};
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::roster;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::View;

/// Two teams of four as the rating site gives its roster (CSV, no header).
const ROSTER: &str = include_str!("../../shared/tests/fixtures/roster.csv");

/// The teams tab with «Знатоки» registered as the roster has them, and
/// «Команда 2» typed by hand.
fn teams_tab(lang: Lang) -> ScreenHarness<HostForm> {
    let mut view = common::host_view();
    view.teams = common::teams([(1, "Знатоки"), (2, "Команда 2")]);
    let znatoki = roster::read("r.csv", ROSTER.as_bytes()).unwrap().teams[0].clone();
    view.teams[0].rating_id = znatoki.rating_id;
    view.teams[0].players = znatoki.players;
    view.teams[0].site_players = znatoki.site_players;
    let state = state_at(lang, 1_000_000, View::Host(view));
    let form = HostForm {
        tab: Some(HostTab::Teams),
        ..HostForm::default()
    };
    screen(state, form, [1280.0, 1000.0], common::dashboard)
}

/// What the app does on `ReadTeamsFile`: the file's bytes read into the
/// import's memory.
fn app_reads(harness: &mut ScreenHarness<HostForm>, text: &str) {
    let read = roster::read("roster.csv", text.as_bytes()).unwrap();
    read_done(&harness.ctx, FileRead::Read(read));
    harness.run();
}

#[test]
fn the_preview_tells_new_unchanged_and_each_bad_row_and_a_bad_file_imports_nothing() {
    // Arrange: the import opened, a path typed.
    let mut harness = teams_tab(Lang::Ru);
    click(&mut harness, "Импорт команд…");
    harness.get_by_label("Файл:").focus();
    harness.run();
    harness.get_by_label("Файл:").type_text("/tmp/roster.csv");
    harness.run();

    // Act: «Прочитать» asks the app to read the file; the view reads no disk.
    click(&mut harness, "Прочитать");
    assert_eq!(
        harness.state().sent,
        [UiCommand::ReadTeamsFile("/tmp/roster.csv".into())]
    );
    let bad = ROSTER.replace("202,Ёжики,Тверь,Б,5013", "202,Ёжики,Тверь,Х,5013");
    app_reads(&mut harness, &bad);

    // Assert: the counts, the lines, the bad row with its line; no import.
    assert!(harness.query_by_label("Новые (1)").is_some());
    assert!(harness.query_by_label("Без изменений (1)").is_some());
    assert!(harness.query_by_label("Изменятся (0)").is_some());
    assert!(
        harness
            .query_by_label_contains("«Ёжики» (Тверь; id 202): Смирнов Алексей (К)")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("строка 7: признак «Х» — не К (капитан), Б (базовый) и не Л (легионер)")
            .is_some()
    );
    harness.state_mut().sent.clear();
    click(&mut harness, "Импортировать");
    assert!(harness.state().sent.is_empty(), "a bad row imports nothing");
}

#[test]
fn a_good_file_is_imported_whole_in_one_command() {
    let mut harness = teams_tab(Lang::En);
    click(&mut harness, "Import teams…");
    app_reads(&mut harness, ROSTER);
    assert!(harness.query_by_label("New (1)").is_some());
    assert!(harness.query_by_label("Unchanged (1)").is_some());

    click(&mut harness, "Import");

    let teams = roster::read("roster.csv", ROSTER.as_bytes()).unwrap().teams;
    common::assert_sent(&harness, [Command::ImportTeams { teams }]);
    assert!(
        harness
            .query_by_label("Sent: the teams will show in the list.")
            .is_some()
    );
}

#[test]
fn a_file_that_changes_nothing_says_so_and_offers_no_import() {
    let mut harness = teams_tab(Lang::En);
    click(&mut harness, "Import teams…");
    let first_team: String = ROSTER.lines().take(4).map(|l| format!("{l}\n")).collect();
    app_reads(&mut harness, &first_team);
    assert!(harness.query_by_label("Unchanged (1)").is_some());
    assert!(
        harness
            .query_by_label("The import changes nothing: every team is so already.")
            .is_some()
    );
}

#[test]
fn namesakes_in_the_preview_are_two_players_told_apart_with_their_own_flags() {
    // Arrange: issue 38's team, two Борис Семёнов.
    let namesakes = "\
50126,Южные кони,Москва,К,102154,Семёнов,Борис,Сергеевич
50126,Южные кони,Москва,Б,102179,Семёнов,Борис,Ильич
50126,Южные кони,Москва,Б,102200,Орлова,Вера,Павловна
50126,Южные кони,Москва,Л,102201,Зайцев,Олег,
";
    let mut harness = teams_tab(Lang::Ru);
    click(&mut harness, "Импорт команд…");

    // Act
    app_reads(&mut harness, namesakes);

    // Assert
    assert!(
        harness
            .query_by_label_contains(
                "«Южные кони» (Москва; id 50126): Семёнов Борис С. (К), Семёнов Борис И. (Б)"
            )
            .is_some()
    );
}
