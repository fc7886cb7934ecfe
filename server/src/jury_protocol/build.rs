//! The protocol's content, read from a replayed core the way `export` reads
//! it: the title block and the registry, then every game of the programme in
//! use, in the programme's order, each section written by its format
//! (`LiveFormat::protocol_section`), then the signatures.

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
