//! Texts of the event's programme (section 2) with values: a slot's name
//! («ЧГК, тур 2 · Классика», «Мультиигры: Ребусы», «Брейн-ринг»), what is
//! on now and next, every refusal of the programme's rules (6.3, 4.3), and
//! the festival's tables and prizes (2.2). Static texts are [`T`] keys like
//! every other.

use minuta_shared::ids::GameId;
use minuta_shared::play::games::Format;
use minuta_shared::programme::{ProgrammeError, Slot, SlotView};
use minuta_shared::tournament::festival::Prize;
use minuta_shared::wire::view::FestivalTable;

use super::{Lang, T, ru_plural};

/// A programme game's tour as the server titles it: «Мультиигры: Ребусы»,
/// or «Мультиигры: тур 2» while the tour has no title.
pub fn game_tour(lang: Lang, game: &str, tour: u32, title: &str) -> String {
    let title = title.trim();
    if title.is_empty() {
        let number = u64::from(tour) + 1;
        lang.pick(
            format!("{game}: тур {number}"),
            format!("{game}: tour {number}"),
        )
    } else {
        format!("{game}: {title}")
    }
}

/// A game known only by its number: «игра № 2».
fn game_no(lang: Lang, game: GameId) -> String {
    lang.pick(format!("игра № {game}"), format!("game no. {game}"))
}

/// A slot by the server's title for it (see [`SlotView::title`]): an
/// event's own game's as its format names it
/// ([`super::words::FormatWords::slot_name`]), a programme game's tour by
/// its title, or by the game's number while it has none.
pub fn slot(lang: Lang, slot: &Slot, title: &str) -> String {
    if let Some(name) = super::own_slot_name(lang, slot, title) {
        return name;
    }
    match slot {
        Slot::GameTour { game, tour } if title.trim().is_empty() => {
            game_tour(lang, &game_no(lang, *game), *tour, "")
        }
        // A programme game's tour as the server titled it.
        _ => title.trim().to_owned(),
    }
}

pub fn slot_view(lang: Lang, view: &SlotView) -> String {
    slot(lang, &view.slot, &view.title)
}

/// «Сейчас: ЧГК, тур 2».
pub fn now(lang: Lang, view: &SlotView) -> String {
    format!("{}: {}", lang.t(T::ProgrammeNow), slot_view(lang, view))
}

/// «Далее: Брейн-ринг».
pub fn next(lang: Lang, view: &SlotView) -> String {
    format!("{}: {}", lang.t(T::ProgrammeNext), slot_view(lang, view))
}

/// «День 2»: the title a day gets when the host types none.
pub fn day(lang: Lang, number: usize) -> String {
    lang.pick(format!("День {number}"), format!("Day {number}"))
}

/// «Добавить в «День 2»:».
pub fn add_to(lang: Lang, day: &str) -> String {
    lang.pick(format!("Добавить в «{day}»:"), format!("Add to «{day}»:"))
}

/// A programme the server would refuse, said before it is sent.
pub fn will_refuse(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("Сервер не примет программу: {why}"),
        format!("The server will refuse the programme: {why}"),
    )
}

/// «дня» / «дней» after a number, as in «до 10 дней» (the genitive).
fn genitive(n: u32, one: &'static str, many: &'static str) -> &'static str {
    ru_plural(u64::from(n), one, many, many)
}

/// A refusal of the programme's rules. `name` gives a game's name where
/// the screen knows it; a game it does not know is named by its number.
pub fn error(
    lang: Lang,
    error: &ProgrammeError,
    name: &dyn Fn(GameId) -> Option<String>,
) -> String {
    use ProgrammeError as E;
    let game = |g: GameId| match name(g) {
        Some(n) if !n.trim().is_empty() => format!("«{n}»"),
        _ => game_no(lang, g),
    };
    let slot_name = |s: &Slot| match s {
        Slot::GameTour { game: g, tour } => match name(*g) {
            Some(n) if !n.trim().is_empty() => game_tour(lang, &n, *tour, ""),
            _ => game_tour(lang, &game_no(lang, *g), *tour, ""),
        },
        other => slot(lang, other, ""),
    };
    let (ru, en) = match error {
        E::Days { max } => (
            format!(
                "в программе должно быть от 1 до {max} {}",
                genitive(*max, "дня", "дней")
            ),
            format!("a programme has from 1 to {max} days"),
        ),
        E::Slots { max } => (
            format!(
                "в одном дне не больше {max} {} программы",
                genitive(*max, "пункта", "пунктов")
            ),
            format!("a day has at most {max} items"),
        ),
        E::UntitledDay { day } => (
            format!("у дня {day} нет названия"),
            format!("day {day} has no title"),
        ),
        E::TitleTooLong { max } => (
            format!(
                "название дня — не длиннее {max} {}",
                genitive(*max, "знака", "знаков")
            ),
            format!("a day's title has at most {max} characters"),
        ),
        E::Twice { slot } => {
            let s = slot_name(slot);
            (
                format!("«{s}» стоит в программе дважды"),
                format!("«{s}» is in the programme twice"),
            )
        }
        E::UnknownGame { game: g } => (
            format!("{} нет среди игр мероприятия", game(*g)),
            format!("{} is not a game of the event", game(*g)),
        ),
        E::UnknownTour { game: g, tour } => (
            format!("в игре {} нет тура {tour}", game(*g)),
            format!("{} has no tour {tour}", game(*g)),
        ),
        E::NotBeforeChgkTour { game: g, tour } => (
            format!(
                "после тура {tour} игры {} до её следующего тура должен идти тур ЧГК: каждый тур проводится перед очередным туром ЧГК (6.3)",
                game(*g)
            ),
            format!(
                "tour {tour} of {} must be followed by a ChGK tour before the game's next tour: each tour comes before a ChGK tour (6.3)",
                game(*g)
            ),
        ),
        E::BrainRingBeforeChgk => (
            "в первый игровой день нужны туры ЧГК, а брейн-ринг ставится на день после него: отбор — по итогам первого игрового дня (4.3)"
                .into(),
            "the first game day needs ChGK tours and Brain-ring goes on a later day: it qualifies from the first game day's results (4.3)"
                .into(),
        ),
    };
    lang.pick(ru, en)
}

/// A festival table's tournament: as its format names it
/// ([`super::words::FormatWords::festival_name`]: ChGK, Brain-ring), else
/// by the game's name, its format's while it has none.
pub fn festival_table(lang: Lang, table: &FestivalTable, tournament: &str) -> String {
    let name = table.name.trim();
    let Some(format) = Format::from_name(&table.format) else {
        return if name.is_empty() {
            table.format.clone()
        } else {
            name.to_owned()
        };
    };
    if let Some(named) = super::festival_name(lang, format, name, tournament) {
        return named;
    }
    if name.is_empty() {
        super::format_name(lang, format).to_owned()
    } else {
        name.to_owned()
    }
}

/// «1 место»: the prize of places 1–3 (2.2).
pub fn prize(lang: Lang, prize: Prize) -> String {
    let n = match prize {
        Prize::First => 1,
        Prize::Second => 2,
        Prize::Third => 3,
    };
    let en = match prize {
        Prize::First => "1st place",
        Prize::Second => "2nd place",
        Prize::Third => "3rd place",
    };
    lang.pick(format!("{n} место"), en.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_shared::ids::TourId;
    use minuta_shared::tournament::festival::Prize;

    fn unnamed(_: GameId) -> Option<String> {
        None
    }

    #[test]
    fn programme_2_every_refusal_is_said_in_both_languages() {
        let errors = [
            ProgrammeError::Days { max: 10 },
            ProgrammeError::Slots { max: 100 },
            ProgrammeError::UntitledDay { day: 2 },
            ProgrammeError::TitleTooLong { max: 100 },
            ProgrammeError::Twice {
                slot: Slot::ChgkTour { tour: TourId(0) },
            },
            ProgrammeError::UnknownGame { game: GameId(7) },
            ProgrammeError::UnknownTour {
                game: GameId(1),
                tour: 65,
            },
            ProgrammeError::NotBeforeChgkTour {
                game: GameId(1),
                tour: 2,
            },
            ProgrammeError::BrainRingBeforeChgk,
        ];
        for e in &errors {
            let (ru, en) = (error(Lang::Ru, e, &unnamed), error(Lang::En, e, &unnamed));
            assert!(!ru.is_empty() && !en.is_empty());
            assert_ne!(ru, en, "{e:?}");
            assert!(!en.contains("TourId"), "no debug output: {en}");
        }
        assert_eq!(
            error(Lang::Ru, &ProgrammeError::Days { max: 10 }, &unnamed),
            "в программе должно быть от 1 до 10 дней"
        );
        assert_eq!(
            error(
                Lang::Ru,
                &ProgrammeError::Twice {
                    slot: Slot::ChgkTour { tour: TourId(1) }
                },
                &unnamed
            ),
            "«ЧГК, тур 2» стоит в программе дважды"
        );
        let named = |_: GameId| Some("Мультиигры".to_owned());
        assert_eq!(
            error(
                Lang::Ru,
                &ProgrammeError::UnknownTour {
                    game: GameId(1),
                    tour: 9
                },
                &named
            ),
            "в игре «Мультиигры» нет тура 9"
        );
    }

    #[test]
    fn programme_2_slots_are_named_in_the_screens_language() {
        assert_eq!(
            slot(Lang::Ru, &Slot::ChgkTour { tour: TourId(1) }, "Классика"),
            "ЧГК, тур 2 · Классика"
        );
        assert_eq!(
            slot(Lang::Ru, &Slot::ChgkTour { tour: TourId(1) }, "Тур 2"),
            "ЧГК, тур 2"
        );
        assert_eq!(
            slot(Lang::Ru, &Slot::ChgkTour { tour: TourId(1) }, "2 тур"),
            "ЧГК, тур 2"
        );
        assert_eq!(
            slot(Lang::En, &Slot::ChgkTour { tour: TourId(0) }, ""),
            "ChGK, tour 1"
        );
        assert_eq!(slot(Lang::Ru, &Slot::BrainRing, ""), "Брейн-ринг");
        assert_eq!(
            slot(
                Lang::Ru,
                &Slot::GameTour {
                    game: GameId(1),
                    tour: 0
                },
                "Мультиигры: Разминка"
            ),
            "Мультиигры: Разминка"
        );
        assert_eq!(
            game_tour(Lang::En, "Multigames", 2, ""),
            "Multigames: tour 3"
        );
    }

    #[test]
    fn festival_2_2_prizes_are_places_one_to_three() {
        assert_eq!(prize(Lang::Ru, Prize::First), "1 место");
        assert_eq!(prize(Lang::Ru, Prize::Third), "3 место");
        assert_eq!(prize(Lang::En, Prize::Second), "2nd place");
    }
}
