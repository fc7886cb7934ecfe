//! A package's pictures: the host's button that puts one on the projector
//! and takes it down, the projector showing it full screen (a tiny PNG made
//! here), a broken one said in words, and a `.4s` read by path bringing the
//! pictures from its folder.

use crate::common;

use std::io::Cursor;
use std::sync::Arc;

use common::{ScreenHarness, click, minute, screen, state_at};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::AppState;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::display;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{QuestionId, TourId};
use minuta_shared::packages::Question;
use minuta_shared::packages::media::{MediaFile, MediaHash, MediaKind, MediaRef};
use minuta_shared::play::chgk::view::{DisplayPicture, QuestionStatus, QuestionView, TourView};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, ShownPicture};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{Format, GameCommand};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{HostView, View};

const START_MS: u64 = 1_000_000_000;

/// A 4×3 red PNG, made the way any editor would save one.
fn tiny_png() -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(4, 3, image::Rgba([220, 20, 20, 255]));
    let mut bytes = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png)
        .unwrap();
    bytes
}

fn media_ref(bytes: &[u8], name: &str) -> MediaRef {
    MediaRef {
        hash: MediaHash::of(bytes),
        kind: MediaKind::Png,
        size: bytes.len() as u32,
        name: name.into(),
    }
}

/// The host's game tab: question 1, with `pictures`, in its minute.
fn host_with_pictures(pictures: Vec<MediaRef>, shown: Option<ShownPicture>) -> HostView {
    let mut view = common::host_view();
    view.teams = common::numbered_teams(2);
    let chgk = common::staff_chgk(&mut view);
    chgk.tours = vec![TourView {
        id: TourId(0),
        title: "Разминка".into(),
        closed: false,
        absent: Vec::new(),
        questions: vec![QuestionView {
            id: QuestionId(0),
            number: "1".into(),
            content: Question {
                text: "Что на карте?".into(),
                answer: "Флеши".into(),
                media: pictures,
                ..Question::default()
            },
            status: QuestionStatus::Announced,
            withdrawn: false,
        }],
    }];
    chgk.clock = minute(QuestionId(0), "1", Phase::Minute, START_MS);
    chgk.picture_shown = shown;
    view
}

fn desk(view: HostView) -> ScreenHarness<HostForm> {
    let state = state_at(Lang::Ru, START_MS * 1000, View::Host(view));
    let form = HostForm {
        tab: Some(HostTab::Own(EventTab::Chgk(ChgkTab::Game))),
        ..HostForm::default()
    };
    screen(state, form, [1200.0, 900.0], common::dashboard)
}

#[test]
fn chgk_3_the_host_puts_the_picture_on_the_projector_and_takes_it_down() {
    // Arrange / act: the picture goes up.
    let png = tiny_png();
    let first = ShownPicture {
        question: QuestionId(0),
        index: 0,
    };
    let mut harness = desk(host_with_pictures(vec![media_ref(&png, "map.png")], None));
    click(&mut harness, "Картинку на экран");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowPicture {
                picture: Some(first),
            },
        )],
    );

    // Once it is up, the same place takes it down.
    let view = host_with_pictures(vec![media_ref(&png, "map.png")], Some(first));
    let mut harness = desk(view);
    click(&mut harness, "Убрать картинку с экрана");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowPicture { picture: None },
        )],
    );
}

#[test]
fn chgk_3_a_question_without_pictures_has_no_picture_button() {
    let harness = desk(host_with_pictures(Vec::new(), None));
    assert!(harness.query_by_label("Картинку на экран").is_none());
}

#[test]
fn chgk_3_two_pictures_get_a_button_each_named_by_file() {
    let (a, b) = (tiny_png(), [tiny_png(), vec![0]].concat());
    let mut harness = desk(host_with_pictures(
        vec![media_ref(&a, "a.png"), media_ref(&b, "b.png")],
        None,
    ));
    click(&mut harness, "Картинку на экран (b.png)");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowPicture {
                picture: Some(ShownPicture {
                    question: QuestionId(0),
                    index: 1,
                }),
            },
        )],
    );
}

/// The projector showing question 1's picture `media`, with `bytes` (if
/// any) already sent by the server.
fn projector_with(lang: Lang, media: MediaRef, bytes: Option<Vec<u8>>) -> Harness<'static> {
    let mut view = common::display_view();
    let chgk = common::display_chgk(&mut view);
    chgk.clock = minute(QuestionId(0), "1", Phase::Minute, START_MS);
    chgk.picture = Some(DisplayPicture {
        number: "1".into(),
        media: media.clone(),
    });
    let mut state = AppState::new(lang);
    state.now_us = (START_MS + 5_000) * 1000;
    if let Some(bytes) = bytes {
        let file = MediaFile {
            hash: media.hash.clone(),
            kind: media.kind,
            bytes,
        };
        state.media.insert(media.hash, Arc::new(file));
    }
    let mut harness = Harness::builder()
        .with_size([1280.0, 900.0])
        .build_ui(move |ui| display::display(ui, &state, &view));
    harness.run();
    harness
}

#[test]
fn chgk_3_the_projector_shows_the_picture_full_screen_with_the_clock() {
    let png = tiny_png();
    let harness = projector_with(Lang::Ru, media_ref(&png, "map.png"), Some(png));
    assert!(harness.query_by_label("Картинка: map.png").is_some());
    assert!(harness.query_by_label("Вопрос 1 · Картинка").is_some());
    // The minute goes on above it.
    assert!(harness.query_by_label("0:55").is_some());
}

#[test]
fn chgk_3_a_picture_on_its_way_is_said_so() {
    let png = tiny_png();
    let harness = projector_with(Lang::En, media_ref(&png, "map.png"), None);
    assert!(
        harness
            .query_by_label("The picture is on its way…")
            .is_some()
    );
}

#[test]
fn chgk_3_a_broken_picture_is_said_in_words_never_a_panic() {
    let mut broken = tiny_png();
    broken.truncate(broken.len() / 2);
    let harness = projector_with(Lang::Ru, media_ref(&broken, "map.png"), Some(broken));
    assert!(
        harness
            .query_by_label(
                "Картинку «map.png» не удалось показать: файл повреждён или не PNG/JPEG"
            )
            .is_some()
    );
}

#[tokio::test]
async fn a_4s_read_by_path_brings_the_pictures_from_its_folder() {
    // Arrange: a package naming two pictures; one lies beside it.
    let dir = tempfile::tempdir().unwrap();
    let png = tiny_png();
    std::fs::write(dir.path().join("map.png"), &png).unwrap();
    let text = "? [Раздаточный материал: (pic: map.png)]\nЧто на карте?\n! Флеши.\n\n? (pic: gone.jpg) Кто это?\n! Пёс.\n";
    let path = dir.path().join("pack.4s");
    std::fs::write(&path, text).unwrap();

    // Act
    let command = minuta_client::shell::native::net::connection::read_package(
        EVENT_CHGK,
        Format::Chgk,
        &path,
    )
    .await
    .unwrap();

    // Assert
    let Command::Game {
        command: GameCommand::Chgk(ChgkCommand::LoadPackage { pictures, .. }),
        ..
    } = command
    else {
        panic!("not a package: {command:?}");
    };
    assert_eq!(pictures.len(), 1);
    assert_eq!(
        (pictures[0].name.as_str(), &pictures[0].bytes),
        ("map.png", &png)
    );
}
