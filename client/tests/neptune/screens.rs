//! Нептун's «Команды и ломтики» on the hall's screens (issue 25, 6): at
//! 1280×720 and 1920×1080 (and the app's own 1100×760 window), in Russian
//! and English, with long team names
//! and six players with full names, no word is broken and every «Разбить за
//! команду» button is on the screen.

use egui::Rect;

use super::*;

/// Two words of a name never broken: as tall as one line of its text.
fn one_line(rect: Rect) -> bool {
    rect.height() < 30.0
}

/// The host's desk on the Нептун tab at `size`, its teams renamed long.
fn desk_at(hall: &Hall, size: [f32; 2]) -> ScreenHarness<HostForm> {
    let mut staff = hall.game.staff_view(&hall.roster, hall.now());
    for entry in &mut staff.teams {
        entry.name = format!("{} имени Менделеева", entry.name);
        entry.split.top = (1..=3)
            .map(|i| format!("Александра Константинопольская-{i}"))
            .collect();
        entry.split.bottom = (4..=6)
            .map(|i| format!("Владислав Преображенский-{i}"))
            .collect();
    }
    let mut games = common::host_view().games;
    games.push(GameEntry {
        id: GAME,
        name: String::new(),
        format: Format::Neptune,
        view: GameStaffView::Neptune(staff),
    });
    let view = HostView {
        teams: registered(),
        games,
        ..common::host_view()
    };
    let form = HostForm {
        tab: Some(HostTab::Games(Format::Neptune)),
        ..HostForm::default()
    };
    let state = common::state_at(
        hall.lang,
        hall.now_ms * 1000,
        minuta_shared::wire::view::View::Host(view),
    );
    screen(state, form, size, common::dashboard)
}

#[test]
fn neptune_2_2_the_teams_table_fits_the_halls_screens_in_both_languages() {
    for lang in [Lang::Ru, Lang::En] {
        for size in [[1100.0, 760.0], [1280.0, 720.0], [1920.0, 1080.0]] {
            // Arrange
            let mut hall = Hall::registered();
            hall.lang = lang;

            // Act
            let harness = desk_at(&hall, size);

            // Assert: each split button whole on the screen, the heads
            // and the names on one line each, the players' lists wrapped
            // between names, never inside one.
            let split = if lang == Lang::Ru {
                "Разбить за команду"
            } else {
                "Split for the team"
            };
            let buttons: Vec<Rect> = harness.get_all_by_label(split).map(|b| b.rect()).collect();
            assert_eq!(buttons.len(), 4, "{lang:?} {size:?}");
            for button in &buttons {
                assert!(
                    button.right() <= size[0] && button.left() >= 0.0,
                    "{button:?} {size:?}"
                );
            }
            for head in if lang == Lang::Ru {
                ["Команда", "Игроки", "Верх", "Низ"]
            } else {
                ["Team", "Players", "Top", "Bottom"]
            } {
                // The heads of this table and of the results under it.
                for node in harness.get_all_by_label(head) {
                    let rect = node.rect();
                    assert!(one_line(rect), "{head}: {rect:?} {size:?}");
                    assert!(rect.right() <= size[0]);
                }
            }
            let name = harness.get_by_label("Знатоки имени Менделеева").rect();
            assert!(one_line(name) || name.width() > 100.0, "{name:?}");
            // Each slice's list as wide as its longest name at least:
            // wrapped between names, never inside one.
            for (part, longest) in [
                (
                    "Александра Константинопольская-1",
                    "Александра Константинопольская-1,",
                ),
                ("Владислав Преображенский-4", "Владислав Преображенский-4,"),
            ] {
                let list = harness
                    .get_all_by_label_contains(part)
                    .next()
                    .expect("a slice's players")
                    .rect();
                let one_name = harness.ctx.fonts_mut(|f| {
                    f.layout_no_wrap(
                        longest.into(),
                        egui::FontId::proportional(14.0),
                        egui::Color32::WHITE,
                    )
                    .size()
                    .x
                });
                assert!(
                    list.width() >= one_name - 1.0,
                    "a name is never broken: {part}: {list:?} {size:?}"
                );
                assert!(list.right() <= size[0]);
            }
            let note = if lang == Lang::Ru {
                "по умолчанию"
            } else {
                "the default"
            };
            for node in harness.get_all_by_label(note) {
                assert!(one_line(node.rect()), "{note}: {:?}", node.rect());
            }
        }
    }
}
