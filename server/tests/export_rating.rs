//! `minuta-server export --format rating`: a small hall played through the
//! core, stored, and exported in the rating site's shape, compared with the
//! golden file `tests/fixtures/rating/small-hall.json` (regenerate it with
//! `MINUTA_BLESS=1 cargo test -p minuta-server --test all export_rating::` after
//! a deliberate change, and read the diff).

use crate::common;

use std::path::{Path, PathBuf};

use minuta_shared::identity::Identity;
use minuta_shared::ids::{AppealId, QuestionId, TeamId};
use minuta_shared::play::chgk::{AppealKind, ChgkCommand, Verdict};
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;

use common::hall::Hall;

const PACKAGE: &str = "## Тур 1\n\n? Кто написал «Онегина»?\n! Пушкин.\n\n? Какая река течёт через Петербург?\n! Нева.\n\n## Тур 2\n\n? Столица Франции?\n! Париж.\n";

impl Hall {
    fn register(&mut self, name: &str, players: &[&str], rating_id: Option<u32>) {
        self.act(
            Identity::Host,
            Command::RegisterTeam {
                name: name.into(),
                town: "Тверь".into(),
                players: players.iter().map(|p| (*p).to_owned()).collect(),
                rating_id,
            },
        );
    }

    /// Question `q` played: the cards handed in within the minute, every
    /// answer judged (right if listed in `right`), and the reveal.
    fn question_of_three(&mut self, q: u32, cards: [&str; 3], right: &[&str]) {
        let question = QuestionId(q);
        self.chgk(Identity::Host, ChgkCommand::Announce { question });
        self.chgk(Identity::Host, ChgkCommand::StartMinute);
        self.wait(30_000);
        for (i, text) in cards.iter().enumerate() {
            let team = Identity::Team(TeamId(i as u32 + 1));
            let card = ChgkCommand::SubmitCard {
                question,
                text: (*text).into(),
            };
            self.chgk(team, card);
        }
        self.wait(40_000);
        for text in cards {
            let verdict = if right.contains(&text) {
                Verdict::Correct
            } else {
                Verdict::Wrong
            };
            let group = normalise_answer(text);
            let judge = ChgkCommand::Judge {
                question,
                group,
                verdict,
            };
            self.chgk(Identity::Host, judge);
        }
        self.chgk(Identity::Host, ChgkCommand::Reveal { question });
    }
}

/// Three teams, two tours: Альфа takes all three; Бета's «Волга» is
/// accepted on appeal and its appeal against question 3 rejected; Гамма
/// takes question 1 — Бета and Гамма share places 2–3.
fn small_hall(dir: &Path) {
    let mut hall = Hall::new();
    hall.register("Альфа", &["Аня", "Боря", "Вера", "Гоша"], Some(12345));
    hall.register("Бета", &["Дима", "Ева", "Женя", "Зоя"], None);
    hall.register("Гамма", &["Ира", "Костя", "Лена", "Миша"], None);
    // Гамма's id is entered afterwards, by an edit.
    hall.act(
        Identity::Host,
        Command::EditTeam {
            team: TeamId(3),
            name: "Гамма".into(),
            town: "Тверь".into(),
            players: ["Ира", "Костя", "Лена", "Миша"].map(String::from).into(),
            rating_id: Some(777),
        },
    );
    hall.chgk(
        Identity::Host,
        ChgkCommand::LoadPackage {
            file_name: "cup.4s".into(),
            bytes: PACKAGE.as_bytes().to_vec(),
            pictures: Vec::new(),
        },
    );
    hall.question_of_three(0, ["Пушкин", "Лермонтов", "Пушкин"], &["Пушкин"]);
    hall.question_of_three(1, ["Нева", "Волга", "Дон"], &["Нева"]);
    let beta = Identity::Team(TeamId(2));
    hall.chgk(
        beta,
        ChgkCommand::FileAppeal {
            question: QuestionId(1),
            kind: AppealKind::AcceptMyAnswer,
            text: "Нева впадает в Волго-Балтийский путь".into(),
        },
    );
    hall.chgk(
        Identity::Host,
        ChgkCommand::ResolveAppeal {
            appeal: AppealId(1),
            upheld: true,
            reply: "Зачтено по решению ИЖ".into(),
        },
    );
    hall.question_of_three(2, ["Париж", "Лондон", "Рим"], &["Париж"]);
    hall.chgk(
        beta,
        ChgkCommand::FileAppeal {
            question: QuestionId(2),
            kind: AppealKind::WithdrawQuestion,
            text: "Вопрос слишком лёгкий".into(),
        },
    );
    hall.chgk(
        Identity::Host,
        ChgkCommand::ResolveAppeal {
            appeal: AppealId(2),
            upheld: false,
            reply: "Лёгкость — не основание".into(),
        },
    );
    hall.store(dir);
}

fn golden() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rating/small-hall.json")
}

#[test]
fn export_rating_writes_the_rating_sites_results_shape() {
    // Arrange: a small hall, stored as the driver stores it.
    let dir = tempfile::tempdir().unwrap();
    small_hall(dir.path());

    // Act.
    let output = common::run(&["export", "--format", "rating"], dir.path());
    let text = common::stdout_ok(&output, "export rating");

    // Assert: exactly the golden file.
    if std::env::var_os("MINUTA_BLESS").is_some() {
        std::fs::write(golden(), &text).unwrap();
    }
    let want = std::fs::read_to_string(golden()).unwrap();
    assert_eq!(text, want, "the export differs from {}", golden().display());
}

#[test]
fn export_rating_takes_no_game() {
    let dir = tempfile::tempdir().unwrap();
    small_hall(dir.path());
    let output = common::run(&["export", "--format", "rating", "--game", "1"], dir.path());
    assert_ne!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
}
