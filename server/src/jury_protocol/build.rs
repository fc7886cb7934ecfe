//! The protocol's content, read from a replayed core the way `export` reads
//! it: the registry, then every game of the programme in use
//! (`GameState::Chgk`, `Ring`, `Multigames`, `Erudit`), in the programme's order.

use std::collections::BTreeMap;

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::brain_ring::{
    FightKind, PressKind, RingAppealKind, RingFight, RingStage, RingTournament,
};
use minuta_shared::play::chgk::{
    Appeal, AppealDecider, AppealKind, Card, ChgkGame, EVENT_CHGK, GameQuestion, Verdict,
};
use minuta_shared::play::games::GameState;
use minuta_shared::play::multigames::{Awarder, MultigamesGame, TaskAppealKind, TaskId};
use minuta_shared::rules::brain_ring::{FightStatus, QuestionOutcome, RingPoints};
use minuta_shared::rules::multigames::Credit;
use minuta_shared::time::ServerTime;

use super::{Block, Level, Protocol, Table, time_of_day};
use crate::core::Core;

/// The lines the protocol ends with.
pub const SIGNATURES: [&str; 4] = [
    "Ведущий ________________________ /________________/",
    "Председатель жюри ________________________ /________________/",
    "Апелляционное жюри ________________________ /________________/",
    "Дата «____» ______________ 20____ г.",
];

/// The protocol of the event in `core`; `started` is when its store began
/// (the store's `Initialised.at`), the event's date.
pub fn build(core: &Core, started: Option<ServerTime>) -> Protocol {
    let registry = core.registry();
    let name = if registry.tournament.trim().is_empty() {
        "Турнир без названия".to_owned()
    } else {
        registry.tournament.clone()
    };
    let mut p = Protocol::new(format!("Протокол турнира «{name}»"));
    p.heading(Level::Title, "Протокол турнира");
    p.heading(Level::Section, name.as_str());
    let date = started.map_or_else(|| "не известна".to_owned(), date);
    p.text(format!("Дата: {date}"));
    p.text(format!("Команд: {}", registry.teams.len()));
    let games: Vec<_> = core.games().filter(|(_, g)| g.in_use()).collect();
    let names: Vec<String> = games
        .iter()
        .map(|(id, g)| game_title(core, *id, &g.state))
        .collect();
    p.text(if names.is_empty() {
        "Игры: ни одна не сыграна.".to_owned()
    } else {
        format!("Игры: {}.", names.join("; "))
    });

    if !registry.teams.is_empty() {
        p.heading(Level::Sub, "Команды");
        let mut teams = Table::new(&[
            ("№", 0.5),
            ("Команда", 3.0),
            ("Город", 2.0),
            ("Состав", 6.0),
        ]);
        for (i, team) in registry.teams.values().enumerate() {
            teams.row(vec![
                (i + 1).to_string(),
                team.name.clone(),
                team.town.clone(),
                team.players.join(", "),
            ]);
        }
        p.table(teams);
    }

    for (id, slot) in games {
        let title = game_title(core, id, &slot.state);
        match &slot.state {
            GameState::Chgk(chgk) => chgk_section(&mut p, core, &title, chgk),
            GameState::Multigames(game) => multigames_section(&mut p, core, &title, game),
            GameState::Ring(ring) => ring_section(&mut p, core, &title, ring),
            GameState::Erudit(t) => super::erudit::erudit_section(&mut p, core, &title, t),
            GameState::Neptune(g) => super::neptune::neptune_section(&mut p, core, &title, g),
        }
    }

    p.heading(Level::Sub, "Подписи");
    p.blocks.push(Block::Signatures(
        SIGNATURES.iter().map(|s| (*s).to_owned()).collect(),
    ));
    p
}

/// «Что? Где? Когда?» for the event's own, the format and the game's name
/// for one the host added.
fn game_title(core: &Core, id: GameId, state: &GameState) -> String {
    let format = match state {
        GameState::Chgk(_) => "Что? Где? Когда?",
        GameState::Multigames(_) => "Мультиигры",
        GameState::Ring(_) => "Брейн-ринг",
        GameState::Erudit(_) => "Эрудит-квартет",
        GameState::Neptune(_) => "Нептун",
    };
    let name = core
        .game(id)
        .map(|g| g.name.trim().to_owned())
        .unwrap_or_default();
    if id == EVENT_CHGK || name.is_empty() || name.to_lowercase() == format.to_lowercase() {
        format.to_owned()
    } else {
        format!("{format}: «{name}»")
    }
}

fn team(core: &Core, team: TeamId) -> String {
    core.registry().team_name(team)
}

/// Teams of the registry not in `present`, by name.
fn missing(core: &Core, present: impl Fn(TeamId) -> bool) -> Vec<String> {
    core.registry()
        .teams
        .values()
        .filter(|t| !present(t.id))
        .map(|t| t.name.clone())
        .collect()
}

// ------------------------------------------------------------------ ChGK

/// A card's verdict as the protocol states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum CardVerdict {
    Correct,
    OnAppeal,
    Wrong,
    Unjudged,
    Late,
    Pass,
}

impl CardVerdict {
    fn of(q: &GameQuestion, team: TeamId, card: &Card) -> CardVerdict {
        if card.late {
            return CardVerdict::Late;
        }
        if card.is_pass() {
            return CardVerdict::Pass;
        }
        let judged = q.verdicts.get(&card.key).map(|v| v.0);
        match judged {
            Some(Verdict::Correct) => CardVerdict::Correct,
            _ if q.accepted_on_appeal.contains(&team) => CardVerdict::OnAppeal,
            Some(Verdict::Wrong) => CardVerdict::Wrong,
            None => CardVerdict::Unjudged,
        }
    }

    fn text(self) -> &'static str {
        match self {
            CardVerdict::Correct => "верно",
            CardVerdict::OnAppeal => "зачтено по апелляции",
            CardVerdict::Wrong => "неверно",
            CardVerdict::Unjudged => "не оценено",
            CardVerdict::Late => "опоздание — не засчитано",
            CardVerdict::Pass => "пропуск (4.3: команда играет)",
        }
    }
}

fn chgk_section(p: &mut Protocol, core: &Core, title: &str, chgk: &ChgkGame) {
    p.heading(Level::Section, title);
    p.heading(Level::Sub, "Итоговая таблица");
    let mut table = Table::new(&[
        ("Место", 1.0),
        ("Команда", 4.0),
        ("Город", 3.0),
        ("Очки", 1.0),
        ("Рейтинг", 1.3),
    ]);
    for row in chgk.staff_standings(core.roster()) {
        table.row(vec![
            row.place.to_string(),
            row.name,
            row.town,
            row.points.to_string(),
            row.rating.to_string(),
        ]);
    }
    p.table(table);

    for (i, tour) in chgk.tours.iter().enumerate() {
        let heading = if tour.title.trim().is_empty() {
            format!("Тур {}", i + 1)
        } else {
            tour.title.clone()
        };
        p.heading(Level::Sub, heading);
        let absent = missing(core, |t| chgk.plays(t, tour.id));
        if !absent.is_empty() {
            p.text(format!(
                "Отсутствовали (4.3, не входят в A): {}.",
                absent.join(", ")
            ));
        }
        if tour.questions.is_empty() {
            p.text("В туре нет вопросов.");
        }
        for q in tour.questions.iter().filter_map(|q| chgk.question(*q).ok()) {
            p.together(|p| chgk_question(p, core, q));
        }
    }

    if !chgk.appeals.is_empty() {
        p.heading(Level::Sub, "Апелляции");
        let mut table = appeals_table("Вопрос");
        for a in &chgk.appeals {
            let question = chgk.question(a.question).ok();
            let what = match a.kind {
                AppealKind::WithdrawQuestion => "Снять вопрос (4.14)".to_owned(),
                AppealKind::AcceptMyAnswer => {
                    let card = question.and_then(|q| q.cards.get(&a.team));
                    match card {
                        Some(card) => format!("Зачесть ответ «{}» (4.15)", card.text),
                        None => "Зачесть ответ команды (4.15)".to_owned(),
                    }
                }
            };
            table.row(vec![
                a.id.0.to_string(),
                question.map_or_else(|| "—".to_owned(), |q| q.number.clone()),
                team(core, a.team),
                format!("{what}. {}", a.text),
                chgk_decision(a),
            ]);
        }
        p.table(table);
    }
}

/// A ChGK appeal's decision with who made it and when (6.5: the appeal
/// jury, or the host when the event has none).
fn chgk_decision(a: &Appeal) -> String {
    let text = decision(
        a.resolution
            .as_ref()
            .map(|(upheld, reply, _)| (*upheld, reply.as_str())),
        None,
    );
    match (&a.resolution, a.decided_by) {
        (Some((_, _, at)), Some(by)) => {
            let who = match by {
                AppealDecider::Jury => "АЖ",
                AppealDecider::Host => "ведущий",
            };
            format!("{text} ({who}, {})", time_of_day(*at))
        }
        _ => text,
    }
}

/// One answer's cards: every spelling of it, and the teams that gave it.
type AnswerGroup<'q> = (Vec<&'q str>, Vec<String>);

fn chgk_question(p: &mut Protocol, core: &Core, q: &GameQuestion) {
    let mut heading = format!("Вопрос {}", q.number);
    if q.withdrawn {
        heading.push_str(" — снят");
    }
    p.heading(Level::Minor, heading);
    p.text(format!("Авторский ответ: {}", q.content.answer));
    if let Some(accepted) = q
        .content
        .accepted
        .as_deref()
        .filter(|a| !a.trim().is_empty())
    {
        p.text(format!("Зачёт: {accepted}"));
    }
    if q.withdrawn {
        p.text("Снят по апелляции (4.14): не засчитывается ни одной команде.");
    }
    if !q.played() {
        p.text("Не сыгран.");
        return;
    }
    // Cards as the judges see them: one row per answer (its normalised
    // text) and verdict, the teams that gave it, every spelling they used.
    let mut groups: BTreeMap<(CardVerdict, &str), AnswerGroup> = BTreeMap::new();
    for (t, card) in &q.cards {
        let (texts, teams) = groups
            .entry((CardVerdict::of(q, *t, card), card.key.as_str()))
            .or_default();
        if !texts.contains(&card.text.as_str()) {
            texts.push(card.text.as_str());
        }
        teams.push(team(core, *t));
    }
    if groups.is_empty() {
        p.text("Карточек нет.");
    } else {
        let mut table = Table::new(&[("Ответ", 3.8), ("Вердикт", 2.8), ("Команды", 4.2)]);
        for ((verdict, _), (texts, teams)) in groups {
            let texts: Vec<&str> = texts
                .into_iter()
                .map(|t| if t.is_empty() { "—" } else { t })
                .collect();
            table.row(vec![
                texts.join(" / "),
                verdict.text().to_owned(),
                teams.join(", "),
            ]);
        }
        p.table(table);
    }
    let without = missing(core, |t| q.cards.contains_key(&t));
    if !without.is_empty() {
        p.text(format!("Без карточки: {}.", without.join(", ")));
    }
}

fn appeals_table(subject: &str) -> Table {
    Table::new(&[
        ("№", 0.5),
        (subject, 1.4),
        ("Команда", 2.2),
        ("Апелляция", 4.5),
        ("Решение и ответ", 3.5),
    ])
}

/// «Принята. Ответ: …», «Отклонена», «Не рассмотрена»; `points` what an
/// upheld Мультиигры appeal credited.
fn decision(resolution: Option<(bool, &str)>, points: Option<Credit>) -> String {
    match resolution {
        None => "Не рассмотрена".to_owned(),
        Some((upheld, reply)) => {
            let mut out = if upheld {
                "Принята"
            } else {
                "Отклонена"
            }
            .to_owned();
            if let Some(points) = points.filter(|_| upheld) {
                out.push_str(&format!(", зачтено {}", credit(points)));
            }
            if !reply.trim().is_empty() {
                out.push_str(&format!(". Ответ: {reply}"));
            }
            out
        }
    }
}

// ------------------------------------------------------------ Мультиигры

/// Points as the hall reads them: a decimal comma.
fn credit(points: Credit) -> String {
    points.to_string().replace('.', ",")
}

fn multigames_section(p: &mut Protocol, core: &Core, title: &str, game: &MultigamesGame) {
    p.heading(Level::Section, title);
    p.heading(Level::Sub, "Итоговая таблица");
    let mut table = Table::new(&[
        ("Место", 1.0),
        ("Команда", 4.0),
        ("Город", 3.0),
        ("Очки", 1.5),
    ]);
    for row in game.ranked(core.roster(), |t| t.started_at.is_some()) {
        table.row(vec![
            row.place.to_string(),
            row.name,
            row.town,
            credit(row.points),
        ]);
    }
    p.table(table);

    for (i, tour) in game.tours.iter().enumerate() {
        let heading = if tour.title.trim().is_empty() {
            format!("Тур {}", i + 1)
        } else {
            format!("Тур {}. {}", i + 1, tour.title)
        };
        p.heading(Level::Sub, heading);
        if tour.tasks.is_empty() {
            p.text("В туре нет заданий.");
        }
        for task in &tour.tasks {
            p.together(|p| multigames_task(p, core, game, *task));
        }
    }

    if !game.appeals.is_empty() {
        p.heading(Level::Sub, "Апелляции");
        let mut table = appeals_table("Задание");
        for a in &game.appeals {
            let task = game.task(a.task).ok();
            let what = match a.kind {
                TaskAppealKind::TaskIncorrect => "Некорректность задания".to_owned(),
                TaskAppealKind::AcceptMyAnswer => match task.and_then(|t| t.answers.get(&a.team)) {
                    Some(answer) => format!("Зачесть ответ «{}»", answer.text),
                    None => "Зачесть ответ команды".to_owned(),
                },
            };
            let decided = a.decision.as_ref();
            table.row(vec![
                a.id.to_string(),
                task.map_or_else(|| "—".to_owned(), |t| format!("{}.{}", t.tour, t.index + 1)),
                team(core, a.team),
                format!("{what}. {}", a.text),
                decision(
                    decided.map(|d| (d.upheld, d.reply.as_str())),
                    decided.and_then(|d| d.points),
                ),
            ]);
        }
        p.table(table);
    }
}

fn multigames_task(p: &mut Protocol, core: &Core, game: &MultigamesGame, task: TaskId) {
    // The game's `Task` type is not exported; it is only ever borrowed here.
    let Ok(task) = game.task(task) else {
        return;
    };
    let mut heading = format!("Задание {}.{}", task.tour, task.index + 1);
    if !task.draft.title.trim().is_empty() {
        heading.push_str(&format!(". {}", task.draft.title));
    }
    if task.withdrawn {
        heading.push_str(" — снято");
    }
    p.heading(Level::Minor, heading);
    p.text(format!(
        "Стоимость: {} · время: {} с",
        credit(task.draft.points),
        task.draft.seconds
    ));
    p.text(format!("Ответ: {}", task.draft.answer));
    if !task.draft.comment.trim().is_empty() {
        p.text(format!("Комментарий: {}", task.draft.comment));
    }
    if task.withdrawn {
        p.text("Снято по апелляции (6.4): не засчитывается ни одной команде.");
    }
    if task.started_at.is_none() {
        p.text("Не сыграно.");
        return;
    }
    if task.answers.is_empty() {
        p.text("Ответов нет.");
    } else {
        let mut table = Table::new(&[("Команда", 3.0), ("Ответ", 4.5), ("Зачёт", 3.0)]);
        for (t, answer) in &task.answers {
            let credited = match (&answer.credit, answer.late) {
                (_, true) => "опоздание — не засчитано".to_owned(),
                (None, false) => "не оценено".to_owned(),
                (Some((points, Awarder::Jury, _)), false) => {
                    format!("{} (решение АЖ)", credit(*points))
                }
                (Some((points, _, _)), false) => credit(*points),
            };
            table.row(vec![team(core, *t), answer.text.clone(), credited]);
        }
        p.table(table);
    }
    let without = missing(core, |t| task.answers.contains_key(&t));
    if !without.is_empty() {
        p.text(format!("Без ответа: {}.", without.join(", ")));
    }
}

// ------------------------------------------------------------ Брейн-ринг

fn points(points: RingPoints) -> String {
    match points.whole() {
        Some(whole) => whole.to_string(),
        None => format!("{},5", points.halves / 2),
    }
}

fn stage(stage: &RingStage) -> String {
    let waiting = |open: bool| if open { "" } else { " (не начат)" };
    match stage {
        RingStage::NotSeeded => "команды не посеяны".to_owned(),
        RingStage::Qualifying { round, open, .. } => {
            format!("отборочный круг {round}{}", waiting(*open > 0))
        }
        RingStage::Playoff { open, .. } => format!("«царь горы»{}", waiting(*open)),
        RingStage::Final { number, open, .. } => {
            format!("финал, бой {number}{}", waiting(*open))
        }
        RingStage::Finished { .. } => "завершён".to_owned(),
        RingStage::Stuck(why) => format!("остановлен: {why}"),
    }
}

fn fight_kind(kind: FightKind) -> String {
    match kind {
        FightKind::Qualifying { round } => format!("Отборочный круг {round}"),
        FightKind::Playoff => "«Царь горы»".to_owned(),
        FightKind::Final { number } => format!("Финал, бой {number}"),
        FightKind::Friendly => "Товарищеский бой".to_owned(),
    }
}

/// As the host's press log says it.
pub fn press_kind(kind: PressKind) -> &'static str {
    match kind {
        PressKind::Won => "отвечает",
        PressKind::Late => "позже",
        PressKind::FalseStart => "фальстарт",
        PressKind::Repeated => "повторное",
        PressKind::LockedOut => "без права ответа",
        PressKind::Contested => "спорное",
        PressKind::Ignored => "вне игры",
    }
}

fn ring_section(p: &mut Protocol, core: &Core, title: &str, ring: &RingTournament) {
    p.heading(Level::Section, title);
    let now = ring.stage();
    p.text(format!("Этап: {}.", stage(&now)));
    if let RingStage::Finished { champion } = now {
        p.text(format!("Победитель: {}.", team(core, champion)));
    }
    if !ring.teams.is_empty() {
        let seeded: Vec<String> = ring.teams.iter().map(|t| team(core, *t)).collect();
        p.text(format!("Посев: {}.", seeded.join(", ")));
    }
    let places = ring.final_places();
    if !places.is_empty() {
        p.heading(Level::Sub, "Итоговые места");
        let mut table = Table::new(&[("Место", 1.0), ("Команда", 6.0)]);
        for (t, place) in places {
            table.row(vec![place.to_string(), team(core, t)]);
        }
        p.table(table);
    }
    let standings = ring.standings();
    if !standings.is_empty() {
        p.heading(Level::Sub, "Отборочный турнир (4.4–4.8)");
        let mut table = Table::new(&[
            ("Место", 1.0),
            ("Команда", 4.0),
            ("Очки", 1.0),
            ("Разница", 1.2),
            ("Взято", 1.0),
            ("Боёв", 1.0),
        ]);
        for (t, row) in standings {
            table.row(vec![
                row.place.to_string(),
                team(core, t),
                points(row.points),
                row.difference.to_string(),
                row.taken.to_string(),
                row.fights.to_string(),
            ]);
        }
        p.table(table);
    }
    if !ring.fights.is_empty() {
        p.heading(Level::Sub, "Бои");
    }
    // Fight ids grow as fights open: the map's order is the opening order.
    for fight in ring.fights.values() {
        ring_fight(p, core, ring, fight);
    }
}

/// `+200,000 мс`: µs shown as ms with three decimals, signed.
pub fn millis(us: i64) -> String {
    let sign = if us < 0 { "−" } else { "+" };
    let us = us.unsigned_abs();
    format!("{sign}{},{:03} мс", us / 1_000, us % 1_000)
}

fn ring_fight(p: &mut Protocol, core: &Core, ring: &RingTournament, f: &RingFight) {
    let names = f.tables.map(|t| team(core, t));
    let heading = if f.label.trim().is_empty() {
        fight_kind(f.kind)
    } else {
        f.label.clone()
    };
    p.heading(Level::Minor, heading);
    let count = f.count();
    let result = match count.status() {
        FightStatus::Won { winner } => {
            format!("победа: {}", names.get(winner).cloned().unwrap_or_default())
        }
        FightStatus::Drawn => "ничья".to_owned(),
        FightStatus::InProgress { .. } => "бой не завершён".to_owned(),
    };
    p.text(format!(
        "{} — {}, счёт {} : {}, {result}.",
        names[0], names[1], count.score[0], count.score[1]
    ));
    let asked = f.log.presses.iter().map(|p| p.question).max().unwrap_or(0);
    let questions = (f.outcomes.len() as u32).max(asked);
    for number in 1..=questions {
        p.together(|p| ring_question(p, core, ring, f, &names, number));
    }
    if !f.appeals.is_empty() {
        p.text("Апелляции боя:");
        let mut table = appeals_table("Вопрос");
        for a in &f.appeals {
            let what = match a.kind {
                RingAppealKind::QuestionIncorrect => "Некорректность вопроса (4.14)",
                RingAppealKind::AcceptOurAnswer => "Зачесть ответ команды (4.15)",
            };
            table.row(vec![
                a.id.to_string(),
                a.question.to_string(),
                team(core, a.team),
                format!("{what}. {}", a.text),
                decision(
                    a.resolution
                        .as_ref()
                        .map(|(upheld, reply, _)| (*upheld, reply.as_str())),
                    None,
                ),
            ]);
        }
        p.table(table);
    }
}

/// One question of a fight: what became of it, and its press log.
fn ring_question(
    p: &mut Protocol,
    core: &Core,
    ring: &RingTournament,
    f: &RingFight,
    names: &[String; 2],
    number: u32,
) {
    let outcome = match f.outcomes.get(number as usize - 1) {
        Some(QuestionOutcome::TakenBy(table)) => {
            format!("взял «{}»", names.get(*table).cloned().unwrap_or_default())
        }
        Some(QuestionOutcome::NotTaken) => "не взят".to_owned(),
        Some(QuestionOutcome::Withdrawn) => "снят по апелляции (4.14)".to_owned(),
        None => "не окончен".to_owned(),
    };
    p.text(format!("Вопрос {number}: {outcome}."));
    // A question from the package: the jury signs what was asked.
    if let Some((index, q)) = ring
        .asked
        .get(&(f.id, number))
        .and_then(|i| ring.questions.get(*i).map(|q| (*i, q)))
    {
        p.text(format!(
            "Вопрос № {} пакета: {} Ответ: {}.",
            index + 1,
            q.text,
            q.answer.trim_end_matches('.')
        ));
    }
    let mut presses: Vec<_> = f
        .log
        .presses
        .iter()
        .filter(|p| p.question == number)
        .collect();
    presses.sort_by_key(|p| p.arrived_at);
    if presses.is_empty() {
        p.text("Нажатий нет.");
        return;
    }
    // Gaps count from the question's first press after «Время», as the host
    // saw them when deciding; a false start's is negative.
    let first = f.log.gap_reference(number);
    let mut table = Table::new(&[
        ("№", 0.5),
        ("Команда", 3.0),
        ("Стол", 0.7),
        ("Прибытие, UTC", 2.2),
        ("От «Время»", 1.7),
        ("От первого", 1.7),
        ("Нажатие", 2.0),
    ]);
    for (i, press) in presses.iter().enumerate() {
        let gap = first
            .and_then(|first| press.arrived_at.0.checked_signed_diff(first.0))
            .map_or_else(|| "—".to_owned(), millis);
        table.row(vec![
            (i + 1).to_string(),
            team(core, press.team),
            (press.table + 1).to_string(),
            time_of_day(press.arrived_at),
            press.since_arming_us.map_or_else(|| "—".to_owned(), millis),
            gap,
            press_kind(press.kind).to_owned(),
        ]);
    }
    p.table(table);
}

// ------------------------------------------------------------------ time

/// The UTC calendar day of µs since the Unix epoch: (year, month, day).
fn civil(t: ServerTime) -> (i64, u32, u32) {
    // Howard Hinnant's days-to-civil, for the proleptic Gregorian calendar.
    let days = (t.0 / 86_400_000_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `14.11.2023`, the UTC day.
pub fn date(t: ServerTime) -> String {
    let (year, month, day) = civil(t);
    format!("{day:02}.{month:02}.{year}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_days_as_russians_write_them() {
        assert_eq!(date(ServerTime(0)), "01.01.1970");
        // 2023-11-14 22:13:20 UTC.
        assert_eq!(date(ServerTime(1_700_000_000_000_000)), "14.11.2023");
        // 2024-02-29, a leap day.
        assert_eq!(date(ServerTime(1_709_164_800_000_000)), "29.02.2024");
        assert_eq!(date(ServerTime(1_709_251_199_999_999)), "29.02.2024");
    }

    #[test]
    fn press_times_keep_the_microseconds() {
        assert_eq!(
            time_of_day(ServerTime(1_700_000_000_500_001)),
            "22:13:20.500001"
        );
        assert_eq!(millis(100_000), "+100,000 мс");
        assert_eq!(millis(-600_000), "−600,000 мс");
        assert_eq!(millis(37_412), "+37,412 мс");
    }

    #[test]
    fn half_points_are_written_with_a_decimal_comma() {
        assert_eq!(points(RingPoints::from_halves(9)), "4,5");
        assert_eq!(points(RingPoints::from_halves(6)), "3");
        assert_eq!(credit(Credit::parse("1.5").unwrap()), "1,5");
    }

    #[test]
    fn signatures_name_the_host_the_jury_and_the_appeal_jury() {
        let core = Core::new(crate::core::ServerInfo::default());
        let text = build(&core, None).plain_text();
        for who in [
            "Ведущий ____",
            "Председатель жюри ____",
            "Апелляционное жюри ____",
            "Дата",
        ] {
            assert!(text.contains(who), "{who}: {text}");
        }
        assert!(text.contains("Дата: не известна"), "{text}");
        assert!(text.contains("Игры: ни одна не сыграна."), "{text}");
    }
}
