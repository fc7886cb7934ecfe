//! The protocol's content, read from a replayed core the way `export` reads
//! it: the title block and the registry, then every game of the programme in
//! use, in the programme's order, each section written by its format
//! (`Results::protocol_section`), then the signatures.

use minuta_shared::ids::GameId;
use minuta_shared::jury_protocol::{Block, Level, Protocol, Table, date};
use minuta_shared::play::games::{GameState, event_games};
use minuta_shared::time::ServerTime;

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
        slot.state.protocol_section(&mut p, core.roster(), &title);
    }
    prize_ties(&mut p, core);

    p.heading(Level::Sub, "Подписи");
    p.blocks.push(Block::Signatures(
        SIGNATURES.iter().map(|s| (*s).to_owned()).collect(),
    ));
    p
}

/// «Что? Где? Когда?» for the event's own, the format and the game's name
/// for one the host added.
fn game_title(core: &Core, id: GameId, state: &GameState) -> String {
    let format = state.title();
    let name = core
        .game(id)
        .map(|g| g.name.trim().to_owned())
        .unwrap_or_default();
    // The event's own ChGK goes by its format (its name is the event's).
    let own = event_games().iter().any(|(g, _)| *g == id);
    if own || name.is_empty() || name.to_lowercase() == format.to_lowercase() {
        format.to_owned()
    } else {
        format!("{format}: «{name}»")
    }
}

/// 2.2: each tie at a prize place and how the host settled it (the game
/// tables above show the places the keys give).
fn prize_ties(p: &mut Protocol, core: &Core) {
    let boards = core.prize_tie_boards();
    if boards.is_empty() {
        return;
    }
    p.heading(Level::Sub, "Ничьи за призовые места (2.2)");
    let mut table = Table::new(&[
        ("Игра", 2.5),
        ("Место", 1.0),
        ("Команды", 4.0),
        ("Как разыграно", 5.0),
    ]);
    for board in boards {
        let game = core
            .game(board.game)
            .map(|slot| game_title(core, board.game, &slot.state))
            .unwrap_or_default();
        let teams: Vec<String> = board.tied.iter().map(|(_, n)| format!("«{n}»")).collect();
        let mut how: Vec<String> = board
            .shoot_off
            .iter()
            .zip(1..)
            .map(|(right, n)| {
                if right.is_empty() {
                    format!("вопрос {n}: верных нет")
                } else {
                    let right: Vec<String> = right.iter().map(|t| format!("«{t}»")).collect();
                    format!("вопрос {n}: верно — {}", right.join(", "))
                }
            })
            .collect();
        if let Some(seed) = board.lot {
            how.push(format!("жребий, зерно {seed}"));
        }
        if board.shared {
            how.push("место делится (общий приз)".to_owned());
        }
        let result: Vec<String> = board
            .places
            .iter()
            .map(|(name, place)| format!("{place} — «{name}»"))
            .collect();
        how.push(if board.settled() {
            format!("итог: {}", result.join("; "))
        } else {
            "не разыграно".to_owned()
        });
        table.row(vec![
            game,
            board.place.to_string(),
            teams.join(", "),
            how.join("; "),
        ]);
    }
    p.table(table);
}

#[cfg(test)]
mod tests {
    use super::*;

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
