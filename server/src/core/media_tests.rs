//! A package's pictures in the core: stored as events once per hash, before
//! the questions that name them; none on the projector until the host
//! shows one; kept through a replay.

use minuta_shared::identity::Identity;
use minuta_shared::packages::media::{MediaHash, PackageFile};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, ShownPicture};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;

use super::*;

fn png() -> Vec<u8> {
    b"\x89PNG\r\n\x1a\na picture for the hall".to_vec()
}

fn load() -> Command {
    Command::game(
        EVENT_CHGK,
        ChgkCommand::LoadPackage {
            file_name: "p.4s".into(),
            bytes: "? (pic: map.png) Что на карте?\n! Флеши.\n".into(),
            pictures: vec![PackageFile {
                name: "map.png".into(),
                bytes: png(),
            }],
        },
    )
}

fn host(core: &mut Core, command: Command, log: &mut Vec<Event>) -> Vec<Event> {
    let (_, events) = core
        .handle_command(Identity::Host, command, ServerTime(1), &mut || "s".into())
        .expect("the host's command");
    log.extend(events.clone());
    events
}

#[test]
fn media_a_picture_is_stored_once_before_its_question_and_shown_only_when_put_up() {
    // Arrange
    let mut core = Core::new(ServerInfo::default());
    let mut log = core
        .initialise("h".into(), "d".into(), "j".into(), ServerTime(0))
        .expect("a new store");

    // Act: the same package twice.
    let first = host(&mut core, load(), &mut log);
    let second = host(&mut core, load(), &mut log);

    // Assert: one picture event, ahead of the questions.
    assert!(matches!(&first[0], Event::Media { hash, bytes, .. }
        if *hash == MediaHash::of(&png()) && bytes.as_slice() == png()));
    assert_eq!(
        first
            .iter()
            .filter(|e| matches!(e, Event::Media { .. }))
            .count(),
        1
    );
    assert!(!second.iter().any(|e| matches!(e, Event::Media { .. })));
    assert!(core.display_pictures().is_empty(), "nothing is up yet");

    // The host puts it up: now, and only now, the projector may have it.
    let question = minuta_shared::ids::QuestionId(0);
    host(
        &mut core,
        Command::game(EVENT_CHGK, ChgkCommand::Announce { question }),
        &mut log,
    );
    let picture = Some(ShownPicture { question, index: 0 });
    host(
        &mut core,
        Command::game(EVENT_CHGK, ChgkCommand::ShowPicture { picture }),
        &mut log,
    );
    assert_eq!(core.display_pictures(), [MediaHash::of(&png())]);

    // A replay of the log rebuilds the same.
    let mut again = Core::new(ServerInfo::default());
    again.replay(&log);
    assert_eq!(again.display_pictures(), [MediaHash::of(&png())]);
    let file = again
        .media_file(&MediaHash::of(&png()))
        .expect("the picture");
    assert_eq!(file.bytes, png());
}
