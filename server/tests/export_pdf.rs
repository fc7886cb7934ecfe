//! `minuta-server export --format pdf`: a small event played through the
//! core and stored — three teams, two ChGK tours with cards, verdicts, a late
//! card, an answer accepted and a question withdrawn on appeal, a Мультиигры
//! task credited by the appeal jury, a Brain-ring fight with a false start
//! and an appeal — then its protocol: the text (`export::protocol`), the PDF
//! (`export::export_pdf`, its text read back from the content streams
//! through the font's ToUnicode map, as a PDF reader extracts it), and the
//! CLI's writing and refusals.

use crate::common;

use std::path::Path;
use std::process::{Command as Process, Output};

use minuta_server::export::{export_pdf, protocol};
use minuta_server::jury_protocol::{Level, Protocol, Table, render};
use minuta_server::store;
use minuta_shared::identity::Identity;
use minuta_shared::ids::{AppealId, GameId, QuestionId, TeamId};
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, RingAppealKind, RingCommand};
use minuta_shared::play::chgk::{AppealKind, ChgkCommand, Verdict};
use minuta_shared::play::games::{GameCommand, GameSettings};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    AppealNo, MultigamesCommand as M, MultigamesSettings, TaskAppealKind, TaskDraft, TaskId, TourNo,
};
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;

use common::hall::Hall;
use common::pdf_text::{assert_is_pdf, page_count, pdf_pages};

const ALPHA: TeamId = TeamId(1);
const BETA: TeamId = TeamId(2);
const GAMMA: TeamId = TeamId(3);
/// The host's Мультиигры: the event's ChGK is game 0, its Brain-ring game 1.
const MULTIGAMES: GameId = GameId(2);

const PACKAGE: &str = "## Тур 1\n\n? Кто написал «Онегина»?\n! Пушкин.\n= Александр Пушкин.\n\n? Какая река течёт через Петербург?\n! Нева.\n\n## Тур 2\n\n? Столица Франции?\n! Париж.\n";

impl Hall {
    fn ring(&mut self, who: Identity, command: RingCommand) {
        self.act(who, Command::game(EVENT_RING, command));
    }

    fn multigames(&mut self, who: Identity, command: M) {
        self.act(
            who,
            Command::Game {
                game: MULTIGAMES,
                command: GameCommand::Multigames(command),
            },
        );
    }

    fn press(&mut self, team: TeamId) {
        self.press_with(team, 900, 10);
    }

    /// Question `q`: `cards` handed in 30 s into the minute, `late` 10 s
    /// after the grace; every on-time answer judged (right if in `right`),
    /// then the reveal.
    fn question(
        &mut self,
        q: u32,
        cards: &[(TeamId, &str)],
        late: &[(TeamId, &str)],
        right: &[&str],
    ) {
        let question = QuestionId(q);
        self.chgk(Identity::Host, ChgkCommand::Announce { question });
        self.chgk(Identity::Host, ChgkCommand::StartMinute);
        self.wait(30_000);
        let card = |text: &str| ChgkCommand::SubmitCard {
            question,
            text: text.into(),
        };
        for (team, text) in cards {
            self.chgk(Identity::Team(*team), card(text));
        }
        self.wait(43_000);
        for (team, text) in late {
            self.chgk(Identity::Team(*team), card(text));
        }
        let groups: Vec<String> = cards.iter().map(|(_, t)| normalise_answer(t)).collect();
        for group in groups {
            let verdict = if right.iter().any(|r| normalise_answer(r) == group) {
                Verdict::Correct
            } else {
                Verdict::Wrong
            };
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

/// The event: «Кубок Твери», three teams, ChGK, Мультиигры and a
/// Brain-ring fight still open.
fn event(dir: &Path) {
    let mut hall = Hall::new();
    hall.host(Command::SetUpTournament {
        name: "Кубок Твери".into(),
        settings: Default::default(),
    });
    for (name, players) in [
        ("Альфа", ["Аня", "Боря", "Вера", "Гоша"]),
        ("Бета", ["Дима", "Ева", "Женя", "Зоя"]),
        ("Гамма", ["Ира", "Костя", "Лена", "Миша"]),
    ] {
        hall.host(Command::RegisterTeam {
            rating_id: None,
            name: name.into(),
            town: "Тверь".into(),
            players: players.map(String::from).into(),
        });
    }
    chgk(&mut hall);
    multigames(&mut hall);
    brain_ring(&mut hall);
    hall.store(dir);
}

/// Альфа takes 1 and 2; Бета's «Волга» is accepted on appeal; Гамма's
/// «пушкин» counts, its «Нева» is late; question 3 is withdrawn on Бета's
/// appeal. Альфа 2, Бета and Гамма 1 each.
fn chgk(hall: &mut Hall) {
    hall.chgk(
        Identity::Host,
        ChgkCommand::LoadPackage {
            file_name: "cup.4s".into(),
            bytes: PACKAGE.as_bytes().to_vec(),
            pictures: Vec::new(),
        },
    );
    hall.question(
        0,
        &[(ALPHA, "Пушкин"), (BETA, "Лермонтов"), (GAMMA, "пушкин")],
        &[],
        &["Пушкин"],
    );
    hall.question(
        1,
        &[(ALPHA, "Нева"), (BETA, "Волга")],
        &[(GAMMA, "Нева")],
        &["Нева"],
    );
    hall.chgk(
        Identity::Team(BETA),
        ChgkCommand::FileAppeal {
            question: QuestionId(1),
            kind: AppealKind::AcceptMyAnswer,
            text: "Волга связана с Невой каналами".into(),
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
    hall.question(
        2,
        &[(ALPHA, "Париж"), (BETA, "Лондон"), (GAMMA, "Рим")],
        &[],
        &["Париж"],
    );
    hall.chgk(
        Identity::Team(BETA),
        ChgkCommand::FileAppeal {
            question: QuestionId(2),
            kind: AppealKind::WithdrawQuestion,
            text: "У Франции две столицы в вопросе".into(),
        },
    );
    hall.chgk(
        Identity::Host,
        ChgkCommand::ResolveAppeal {
            appeal: AppealId(2),
            upheld: true,
            reply: "Вопрос снят".into(),
        },
    );
}

/// One task of 3 points: Альфа 1.5 (3 on the appeal jury's decision), Бета 3.
fn multigames(hall: &mut Hall) {
    hall.host(Command::AddGame {
        name: "Мультиигры".into(),
        settings: GameSettings::Multigames(MultigamesSettings::default()),
    });
    hall.multigames(
        Identity::Host,
        M::AddTour {
            title: "Ребусы".into(),
        },
    );
    hall.multigames(
        Identity::Host,
        M::AddTask {
            tour: TourNo(0),
            task: TaskDraft {
                title: "Ребус".into(),
                text: "«100Л» и «7Я»".into(),
                answer: "Стол, семья".into(),
                comment: String::new(),
                points: Credit::parse("3").unwrap(),
                seconds: 60,
            },
        },
    );
    let task = TaskId(0);
    hall.multigames(Identity::Host, M::Announce { task });
    hall.multigames(Identity::Host, M::Start { task });
    hall.wait(10_000);
    for (team, text) in [(ALPHA, "Стол и семь я"), (BETA, "Стол, семья")] {
        hall.multigames(
            Identity::Team(team),
            M::Answer {
                task,
                text: text.into(),
            },
        );
    }
    hall.wait(60_000);
    for (team, points) in [(ALPHA, "1.5"), (BETA, "3")] {
        hall.multigames(
            Identity::Host,
            M::Award {
                task,
                team,
                points: Credit::parse(points).unwrap(),
            },
        );
    }
    hall.multigames(Identity::Host, M::Reveal { task });
    hall.multigames(
        Identity::Team(ALPHA),
        M::Appeal {
            task,
            kind: TaskAppealKind::AcceptMyAnswer,
            text: "«Семь я» и есть семья".into(),
        },
    );
    hall.multigames(
        Identity::Jury,
        M::DecideAppeal {
            appeal: AppealNo(1),
            upheld: true,
            points: None,
            reply: "Засчитано полностью".into(),
        },
    );
}

/// Альфа and Бета seeded, their fight begun: question 1 — Бета false-starts
/// 600 ms before the first press after «Время», is locked out, Альфа takes
/// it; question 2 — Альфа wrong, Бета right, Альфа's appeal rejected.
fn brain_ring(hall: &mut Hall) {
    hall.ring(
        Identity::Host,
        RingCommand::Seed {
            teams: vec![ALPHA, BETA],
            seed: 0,
        },
    );
    hall.ring(Identity::Host, RingCommand::StartNext { stages: 1 });
    // One package question: the first read takes it, the second is paper.
    hall.ring(
        Identity::Host,
        RingCommand::LoadPackage {
            file_name: "ring.4s".into(),
            bytes: "? Кто написал «Онегина»?\n! Пушкин.\n".as_bytes().to_vec(),
        },
    );
    let fight = FightId(1);
    hall.ring(Identity::Host, RingCommand::Read { fight });
    hall.wait(500);
    hall.press(BETA);
    hall.wait(500);
    hall.ring(Identity::Host, RingCommand::Arm { fight });
    hall.wait(100);
    hall.press(BETA);
    hall.wait(100);
    hall.press(ALPHA);
    hall.wait(2_000);
    hall.ring(
        Identity::Host,
        RingCommand::Judge {
            fight,
            correct: true,
        },
    );
    hall.wait(1_000);
    hall.ring(Identity::Host, RingCommand::Read { fight });
    hall.wait(1_000);
    hall.ring(Identity::Host, RingCommand::Arm { fight });
    hall.wait(300);
    hall.press(ALPHA);
    hall.wait(2_000);
    hall.ring(
        Identity::Host,
        RingCommand::Judge {
            fight,
            correct: false,
        },
    );
    hall.wait(37);
    hall.press(BETA);
    hall.wait(2_000);
    hall.ring(
        Identity::Host,
        RingCommand::Judge {
            fight,
            correct: true,
        },
    );
    hall.ring(
        Identity::Team(ALPHA),
        RingCommand::Appeal {
            fight,
            kind: RingAppealKind::AcceptOurAnswer,
            text: "Наш ответ тоже верен".into(),
        },
    );
    hall.ring(
        Identity::Host,
        RingCommand::ResolveAppeal {
            fight,
            appeal: 1,
            upheld: false,
            reply: "Ответ неточен".into(),
        },
    );
}

fn lines(p: &Protocol) -> Vec<String> {
    p.plain_text().lines().map(str::to_owned).collect()
}

/// Asserts `wanted` are lines of `text`, in this order (others between).
fn assert_in_order(text: &[String], wanted: &[&str]) {
    let mut at = 0;
    for w in wanted {
        match text[at..].iter().position(|l| l == w) {
            Some(i) => at += i + 1,
            None => panic!("no line {w:?} after line {at} in:\n{}", text.join("\n")),
        }
    }
}

#[test]
fn the_protocol_opens_with_the_tournament_its_date_and_its_teams() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let p = protocol(dir.path()).unwrap();

    assert_eq!(p.title, "Протокол турнира «Кубок Твери»");
    assert_in_order(
        &lines(&p),
        &[
            "Протокол турнира",
            "Кубок Твери",
            "Дата: 14.11.2023",
            "Команд: 3",
            "Игры: Что? Где? Когда?; Брейн-ринг; Мультиигры.",
            "№ | Команда | Город | Состав",
            "1 | Альфа | Тверь | Аня, Боря, Вера, Гоша",
        ],
    );
}

#[test]
fn the_chgk_part_has_the_standings_and_every_card_with_its_verdict() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let text = lines(&protocol(dir.path()).unwrap());

    assert_in_order(
        &text,
        &[
            "Что? Где? Когда?",
            "Итоговая таблица",
            "Место | Команда | Город | Очки | Рейтинг",
            "1 | Альфа | Тверь | 2 | 4",
            "2-3 | Бета | Тверь | 1 | 2",
            "2-3 | Гамма | Тверь | 1 | 2",
            "Тур 1",
            "Вопрос 1",
            "Авторский ответ: Пушкин.",
            "Зачёт: Александр Пушкин.",
            "Ответ | Вердикт | Команды",
            // One row per answer as the judges grouped it, every spelling.
            "Пушкин / пушкин | верно | Альфа, Гамма",
            "Лермонтов | неверно | Бета",
            "Вопрос 2",
            "Авторский ответ: Нева.",
            "Нева | верно | Альфа",
            "Волга | зачтено по апелляции | Бета",
            // 3: a late card is kept, and never scored.
            "Нева | опоздание — не засчитано | Гамма",
            "Тур 2",
            "Вопрос 3 — снят",
            "Снят по апелляции (4.14): не засчитывается ни одной команде.",
            "Париж | верно | Альфа",
        ],
    );
}

#[test]
fn the_appeals_are_there_with_their_decisions_and_replies() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let text = lines(&protocol(dir.path()).unwrap());

    assert_in_order(
        &text,
        &[
            "Апелляции",
            "№ | Вопрос | Команда | Апелляция | Решение и ответ",
            "1 | 2 | Бета | Зачесть ответ «Волга» (4.15). Волга связана с Невой каналами | Принята. Ответ: Зачтено по решению ИЖ (ведущий, 22:15:46.000000)",
            "2 | 3 | Бета | Снять вопрос (4.14). У Франции две столицы в вопросе | Принята. Ответ: Вопрос снят (ведущий, 22:16:59.000000)",
        ],
    );
}

#[test]
fn the_multigames_part_has_every_answer_and_the_appeal_jurys_credit() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let text = lines(&protocol(dir.path()).unwrap());

    assert_in_order(
        &text,
        &[
            "Мультиигры",
            "Место | Команда | Город | Очки",
            "1-2 | Альфа | Тверь | 3",
            "1-2 | Бета | Тверь | 3",
            "3 | Гамма | Тверь | 0",
            "Тур 1. Ребусы",
            "Задание 1.1. Ребус",
            "Стоимость: 3 · время: 60 с",
            "Ответ: Стол, семья",
            "Команда | Ответ | Зачёт",
            "Альфа | Стол и семь я | 3 (решение АЖ)",
            "Бета | Стол, семья | 3",
            "Без ответа: Гамма.",
            "Апелляции",
            "1 | 1.1 | Альфа | Зачесть ответ «Стол и семь я». «Семь я» и есть семья | Принята, зачтено 3. Ответ: Засчитано полностью",
        ],
    );
}

#[test]
fn the_brain_ring_part_has_each_fight_with_its_press_log_and_appeals() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let text = lines(&protocol(dir.path()).unwrap());

    let row = |n: &str, team: &str, table: &str, since: &str, gap: &str, kind: &str| {
        let row = text
            .iter()
            .find(|l| {
                l.starts_with(&format!("{n} | {team} | {table} | "))
                    && l.ends_with(&format!(" | {since} | {gap} | {kind}"))
            })
            .cloned();
        assert!(
            row.is_some(),
            "no press {n} {team} {kind} in:\n{}",
            text.join("\n")
        );
    };
    assert_in_order(
        &text,
        &[
            "Брейн-ринг",
            "Этап: отборочный круг 1.",
            "Посев: Альфа, Бета.",
            "Бои",
            "Круг 1, бой 1",
            "Альфа — Бета, счёт 1 : 1, бой не завершён.",
            "Вопрос 1: взял «Альфа».",
            "Вопрос № 1 пакета: Кто написал «Онегина»? Ответ: Пушкин.",
            "№ | Команда | Стол | Прибытие, UTC | От «Время» | От первого | Нажатие",
            "Вопрос 2: взял «Бета».",
            "Апелляции боя:",
            "1 | 2 | Альфа | Зачесть ответ команды (4.15). Наш ответ тоже верен | Отклонена. Ответ: Ответ неточен",
        ],
    );
    // Question 1: the false start 0.6 s before the first press after
    // «Время» (Бета's, locked out); Альфа 0.1 s after it.
    row("1", "Бета", "2", "—", "−600,000 мс", "фальстарт");
    row(
        "2",
        "Бета",
        "2",
        "+100,000 мс",
        "+0,000 мс",
        "без права ответа",
    );
    row("3", "Альфа", "1", "+200,000 мс", "+100,000 мс", "отвечает");
    // Question 2: Бета presses 2.037 s after Альфа, once Альфа was wrong.
    row("2", "Бета", "2", "+2337,000 мс", "+2037,000 мс", "отвечает");
}

#[test]
fn the_protocol_ends_with_the_lines_the_jury_signs() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let text = lines(&protocol(dir.path()).unwrap());

    let tail: Vec<&str> = text
        .iter()
        .rev()
        .take(5)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(tail[0], "Подписи");
    assert!(tail[1].starts_with("Ведущий ____"), "{tail:?}");
    assert!(tail[2].starts_with("Председатель жюри ____"), "{tail:?}");
    assert!(tail[3].starts_with("Апелляционное жюри ____"), "{tail:?}");
    assert!(tail[4].starts_with("Дата «____»"), "{tail:?}");
}

// ---------------------------------------------------------------- the PDF

#[test]
fn the_pdf_is_a_pdf_whose_text_reads_back_in_russian() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let pdf = export_pdf(dir.path()).unwrap();

    assert_is_pdf(&pdf);
    let pages = pdf_pages(&pdf);
    assert!(!pages.is_empty());
    assert_eq!(pages.len(), page_count(&pdf));
    let text: Vec<String> = pages.concat();
    for line in [
        "Протокол турнира",
        "Кубок Твери",
        "Дата: 14.11.2023",
        "Вопрос 1",
        "Пушкин / пушкин",
        "опоздание — не засчитано",
        "фальстарт",
        "−600,000 мс",
        "Апелляционное жюри ________________________ /________________/",
    ] {
        assert!(
            text.iter().any(|l| l == line),
            "{line:?} not in:\n{}",
            text.join("\n")
        );
    }
    // Every page says which it is and how many there are.
    let count = pages.len();
    for (i, page) in pages.iter().enumerate() {
        let footer = format!("стр. {} из {count}", i + 1);
        assert!(page.contains(&footer), "page {}: {page:?}", i + 1);
    }
}

/// A protocol of `rows` teams in one table.
fn long_protocol(rows: usize) -> Protocol {
    let mut p = Protocol::new("Длинный протокол");
    p.heading(Level::Title, "Протокол турнира");
    let mut table = Table::new(&[("Место", 1.0), ("Команда", 4.0), ("Ответ", 5.0)]);
    for i in 1..=rows {
        table.row(vec![
            i.to_string(),
            format!("Команда номер {i}"),
            "Очень длинный ответ команды, который не помещается в одну строку своей колонки"
                .to_owned(),
        ]);
    }
    p.table(table);
    p
}

#[test]
fn a_long_protocol_runs_onto_as_many_pages_as_it_needs_and_stays_whole() {
    let pdf = render(&long_protocol(300)).unwrap();

    assert_is_pdf(&pdf);
    let pages = pdf_pages(&pdf);
    assert!(pages.len() >= 10, "{} pages", pages.len());
    assert_eq!(pages.len(), page_count(&pdf));
    let text = pages.concat();
    for i in [1, 150, 300] {
        let team = format!("Команда номер {i}");
        assert_eq!(text.iter().filter(|l| **l == team).count(), 1, "{team}");
    }
    // The table's header heads every page it runs onto.
    for page in &pages {
        assert!(page.iter().any(|l| l == "Команда"), "{page:?}");
    }
}

// ---------------------------------------------------------------- the CLI

fn export(data: &Path, args: &[&str]) -> Output {
    Process::new(env!("CARGO_BIN_EXE_minuta-server"))
        .arg("export")
        .arg("--data")
        .arg(data)
        .args(args)
        .output()
        .unwrap()
}

/// A refusal: exit code ≠ 0, nothing on stdout, one line on stderr.
fn refused(output: &Output) -> String {
    assert_ne!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty(), "{} bytes", output.stdout.len());
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

#[test]
fn export_format_pdf_writes_the_protocol_to_out_or_to_a_piped_stdout() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());
    let file = dir.path().join("protocol.pdf");

    let to_file = export(
        dir.path(),
        &["--format", "pdf", "--out", file.to_str().unwrap()],
    );
    let to_pipe = export(dir.path(), &["--format", "pdf"]);

    assert!(
        to_file.status.success(),
        "{}",
        String::from_utf8_lossy(&to_file.stderr)
    );
    assert!(to_file.stdout.is_empty());
    let written = std::fs::read(&file).unwrap();
    assert_is_pdf(&written);
    // Standard output here is a pipe, not a terminal: the same bytes.
    assert!(
        to_pipe.status.success(),
        "{}",
        String::from_utf8_lossy(&to_pipe.stderr)
    );
    assert_eq!(to_pipe.stdout, written);
}

#[test]
fn export_format_pdf_to_an_unwritable_out_says_which_file() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());
    let out = dir.path().join("no-such-dir").join("protocol.pdf");

    let stderr = refused(&export(
        dir.path(),
        &["--format", "pdf", "--out", out.to_str().unwrap()],
    ));

    assert!(
        stderr.contains("writing") && stderr.contains("protocol.pdf"),
        "{stderr}"
    );
}

#[test]
fn export_format_pdf_of_an_empty_store_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    writer.shutdown();

    let stderr = refused(&export(
        dir.path(),
        &["--format", "pdf", "--out", "/dev/null"],
    ));

    assert!(stderr.contains("no events stored"), "{stderr}");
}

#[test]
fn export_format_pdf_with_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path());

    let stderr = refused(&export(dir.path(), &["--format", "pdf", "--game", "1"]));

    assert!(stderr.contains("--game is for --format sheet"), "{stderr}");
}
