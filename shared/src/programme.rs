//! The event's programme (festival, section 2): days of slots — ChGK tours,
//! tours of programme games (6.3: a Мультиигры tour before each ChGK tour)
//! and the Brain-ring tournament qualified after day one (4.3) — with what
//! is on now and what is next. Pure: whether a slot is done is asked of the
//! games by the caller.

use serde::{Deserialize, Serialize};

use crate::ids::{GameId, TourId};
use crate::play::games::Format;

/// One item of the programme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Slot {
    /// A tour of the event's «Что? Где? Когда?» tournament (3).
    ChgkTour { tour: TourId },
    /// A tour of a programme game, numbered from 0.
    GameTour { game: GameId, tour: u32 },
    /// «Брейн-ринг» (4): qualification from the ChGK standings of the days
    /// before it (4.3: «по итогам первого игрового дня»), then its fights.
    BrainRing,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgrammeDay {
    /// «День 1», «Суббота».
    pub title: String,
    pub slots: Vec<Slot>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Programme {
    pub days: Vec<ProgrammeDay>,
}

/// What a programme game is, as far as the programme's rules care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// 6.3: each of its tours comes before a ChGK tour.
    BeforeChgkTours,
    Other,
}

impl GameKind {
    /// A game of `format`, as its format says (`Results::BEFORE_CHGK_TOURS`).
    pub fn of(format: Format) -> GameKind {
        if format.before_chgk_tours() {
            GameKind::BeforeChgkTours
        } else {
            GameKind::Other
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum ProgrammeError {
    #[error("a programme has from 1 to {max} days")]
    Days { max: u32 },
    #[error("a day has at most {max} slots")]
    Slots { max: u32 },
    #[error("day {day} has no title")]
    UntitledDay { day: u32 },
    #[error("a title has at most {max} characters")]
    TitleTooLong { max: u32 },
    #[error("{slot:?} is in the programme twice")]
    Twice { slot: Slot },
    #[error("game {game} is not in the event")]
    UnknownGame { game: GameId },
    #[error("game {game} has no tour {tour} (tours are numbered from 1)")]
    UnknownTour { game: GameId, tour: u32 },
    /// 6.3: «Каждый тур проводится перед началом очередного тура по игре ЧГК».
    #[error(
        "tour {tour} of game {game} must be followed by a ChGK tour before the next such tour (6.3)"
    )]
    NotBeforeChgkTour { game: GameId, tour: u32 },
    /// 4.3: Brain-ring qualifies from the ChGK standings of the first game
    /// day, which must have ChGK tours and come before Brain-ring's day.
    #[error("the first game day needs ChGK tours and Brain-ring a later day (4.3)")]
    BrainRingBeforeChgk,
}

const MAX_DAYS: usize = 10;
const MAX_SLOTS: usize = 100;
const MAX_TITLE_CHARS: usize = 100;
/// The most tours any game has (Мультиигры: 6).
const MAX_GAME_TOURS: u32 = 64;

/// Where a slot stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SlotStatus {
    Done,
    /// The first slot not yet done: what is on.
    Now,
    /// The one after it.
    Next,
    Later,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotView {
    pub slot: Slot,
    /// The game's name, or the tour's title when it has one; the screen
    /// names the kind of slot in its own language.
    pub title: String,
    pub status: SlotStatus,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayView {
    pub title: String,
    pub slots: Vec<SlotView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgrammeView {
    pub days: Vec<DayView>,
}

impl ProgrammeView {
    /// 4.3, 5.2: the programme's first game day's title and the ChGK tours
    /// a qualification counts ([`Programme::qualifying_tours`]), for the
    /// host's screen; `None` when every tour played counts.
    pub fn qualifying_tours(&self) -> Option<(String, Vec<TourId>)> {
        let programme = Programme {
            days: self
                .days
                .iter()
                .map(|d| ProgrammeDay {
                    title: d.title.clone(),
                    slots: d.slots.iter().map(|s| s.slot).collect(),
                })
                .collect(),
        };
        let tours = programme.qualifying_tours()?;
        let day = programme.first_game_day()?;
        Some((programme.days.get(day)?.title.clone(), tours))
    }

    /// The slot with `status`, if any.
    pub fn find(&self, status: SlotStatus) -> Option<&SlotView> {
        self.days
            .iter()
            .flat_map(|d| &d.slots)
            .find(|s| s.status == status)
    }
}

impl Programme {
    /// Checks the programme against section 2's rules. `game` says what a
    /// game is (`None`: not in the event) and how many tours it has so far.
    pub fn validate(
        &self,
        game: impl Fn(GameId) -> Option<GameKind>,
    ) -> Result<(), ProgrammeError> {
        if self.days.is_empty() || self.days.len() > MAX_DAYS {
            return Err(ProgrammeError::Days {
                max: MAX_DAYS as u32,
            });
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, day) in self.days.iter().enumerate() {
            if day.title.trim().is_empty() {
                return Err(ProgrammeError::UntitledDay { day: i as u32 + 1 });
            }
            if day.title.chars().count() > MAX_TITLE_CHARS {
                return Err(ProgrammeError::TitleTooLong {
                    max: MAX_TITLE_CHARS as u32,
                });
            }
            if day.slots.len() > MAX_SLOTS {
                return Err(ProgrammeError::Slots {
                    max: MAX_SLOTS as u32,
                });
            }
            for slot in &day.slots {
                if !seen.insert(*slot) {
                    return Err(ProgrammeError::Twice { slot: *slot });
                }
                if let Slot::GameTour { game: g, tour } = slot {
                    if game(*g).is_none() {
                        return Err(ProgrammeError::UnknownGame { game: *g });
                    }
                    if *tour >= MAX_GAME_TOURS {
                        return Err(ProgrammeError::UnknownTour {
                            game: *g,
                            tour: tour + 1,
                        });
                    }
                }
            }
        }
        // 6.3: between a Мультиигры tour and the next one (or the end) a
        // ChGK tour starts.
        let slots: Vec<&Slot> = self.days.iter().flat_map(|d| &d.slots).collect();
        for (i, slot) in slots.iter().enumerate() {
            let Slot::GameTour { game: g, tour } = slot else {
                continue;
            };
            if game(*g) != Some(GameKind::BeforeChgkTours) {
                continue;
            }
            let next = slots[i + 1..].iter().find(|s| match s {
                Slot::ChgkTour { .. } => true,
                Slot::GameTour { game, .. } => game == g,
                Slot::BrainRing => false,
            });
            if !matches!(next, Some(Slot::ChgkTour { .. })) {
                return Err(ProgrammeError::NotBeforeChgkTour {
                    game: *g,
                    tour: tour + 1,
                });
            }
        }
        // 4.3: Brain-ring qualifies «по итогам первого игрового дня»: that
        // day has ChGK tours, and Brain-ring is played on a later day.
        if let Some(ring) = self
            .days
            .iter()
            .position(|d| d.slots.contains(&Slot::BrainRing))
        {
            let first = self.first_game_day();
            if first.is_none_or(|f| ring <= f) || self.first_day_tours().is_empty() {
                return Err(ProgrammeError::BrainRingBeforeChgk);
            }
        }
        Ok(())
    }

    /// The programme's first game day (0-based): its first day with a
    /// slot. A day laid out with nothing on it is not a game day.
    fn first_game_day(&self) -> Option<usize> {
        self.days.iter().position(|d| !d.slots.is_empty())
    }

    /// The ChGK tours of the first game day, in the programme's order.
    fn first_day_tours(&self) -> Vec<TourId> {
        self.first_game_day()
            .and_then(|d| self.days.get(d))
            .map(|d| {
                d.slots
                    .iter()
                    .filter_map(|s| match s {
                        Slot::ChgkTour { tour } => Some(*tour),
                        _ => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// 4.3, 5.2: the ChGK tours every qualification from the ChGK table
    /// (Brain-ring's, Эрудит-квартет's) counts — «по итогам первого
    /// игрового дня», read as written: the ChGK tours of the programme's
    /// first game day, whatever comes after it and wherever Brain-ring
    /// stands. `None` when that day has no ChGK tour (there is no
    /// first-day table: the qualification counts every tour played).
    pub fn qualifying_tours(&self) -> Option<Vec<TourId>> {
        let tours = self.first_day_tours();
        (!tours.is_empty()).then_some(tours)
    }

    /// The programme with every slot's status: done ones, the first not
    /// done (now), the one after (next), the rest later.
    pub fn view(
        &self,
        title: impl Fn(&Slot) -> String,
        done: impl Fn(&Slot) -> bool,
    ) -> ProgrammeView {
        let mut pending = 0;
        let days = self
            .days
            .iter()
            .map(|day| DayView {
                title: day.title.clone(),
                slots: day
                    .slots
                    .iter()
                    .map(|slot| {
                        let status = if done(slot) {
                            SlotStatus::Done
                        } else {
                            pending += 1;
                            match pending {
                                1 => SlotStatus::Now,
                                2 => SlotStatus::Next,
                                _ => SlotStatus::Later,
                            }
                        };
                        SlotView {
                            slot: *slot,
                            title: title(slot),
                            status,
                        }
                    })
                    .collect(),
            })
            .collect();
        ProgrammeView { days }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MG: GameId = GameId(1);

    fn chgk(t: u32) -> Slot {
        Slot::ChgkTour { tour: TourId(t) }
    }

    fn mg(t: u32) -> Slot {
        Slot::GameTour { game: MG, tour: t }
    }

    fn day(title: &str, slots: &[Slot]) -> ProgrammeDay {
        ProgrammeDay {
            title: title.into(),
            slots: slots.to_vec(),
        }
    }

    fn kinds(game: GameId) -> Option<GameKind> {
        (game == MG).then_some(GameKind::BeforeChgkTours)
    }

    #[test]
    fn programme_6_3_each_multigames_tour_comes_before_a_chgk_tour() {
        let table = [
            (vec![mg(0), chgk(0), mg(1), chgk(1)], Ok(())),
            // Another slot between them is fine; a second Мультиигры tour is not.
            (
                vec![
                    mg(0),
                    Slot::GameTour {
                        game: GameId(2),
                        tour: 0,
                    },
                    chgk(0),
                ],
                Ok(()),
            ),
            (
                vec![mg(0), mg(1), chgk(0)],
                Err(ProgrammeError::NotBeforeChgkTour { game: MG, tour: 1 }),
            ),
            (
                vec![chgk(0), mg(0)],
                Err(ProgrammeError::NotBeforeChgkTour { game: MG, tour: 1 }),
            ),
            (
                vec![chgk(0), chgk(0)],
                Err(ProgrammeError::Twice { slot: chgk(0) }),
            ),
            (
                vec![Slot::GameTour {
                    game: GameId(7),
                    tour: 0,
                }],
                Err(ProgrammeError::UnknownGame { game: GameId(7) }),
            ),
        ];
        let known = |g: GameId| (g == GameId(2)).then_some(GameKind::Other).or(kinds(g));
        for (slots, want) in table {
            let p = Programme {
                days: vec![day("День 1", &slots)],
            };
            assert_eq!(p.validate(known), want, "{slots:?}");
        }
    }

    #[test]
    fn programme_4_3_brain_ring_comes_after_day_one_and_qualifies_from_it() {
        let one_day = Programme {
            days: vec![day("День 1", &[chgk(0), Slot::BrainRing])],
        };
        assert_eq!(
            one_day.validate(kinds),
            Err(ProgrammeError::BrainRingBeforeChgk)
        );
        let two_days = Programme {
            days: vec![
                day("День 1", &[mg(0), chgk(0), mg(1), chgk(1)]),
                day("День 2", &[Slot::BrainRing, chgk(2)]),
            ],
        };
        assert_eq!(two_days.validate(kinds), Ok(()));
        assert_eq!(
            two_days.qualifying_tours(),
            Some(vec![TourId(0), TourId(1)])
        );
    }

    #[test]
    fn programme_4_3_5_2_the_qualifying_window_is_the_first_game_day_as_written() {
        // Arrange: an empty first day, ChGK on days 2 and 3, Brain-ring on
        // day 4.
        let p = Programme {
            days: vec![
                day("Заезд", &[]),
                day("Суббота", &[chgk(0), chgk(1)]),
                day("Воскресенье", &[chgk(2), chgk(3)]),
                day("Понедельник", &[Slot::BrainRing]),
            ],
        };

        // Act / Assert: the first game day is Saturday; only its tours count
        // (not Sunday's, although they are before Brain-ring's day).
        assert_eq!(p.validate(kinds), Ok(()));
        assert_eq!(p.qualifying_tours(), Some(vec![TourId(0), TourId(1)]));
        // Without Brain-ring the window is the same (5.2: Эрудит-квартет).
        let no_ring = Programme {
            days: p.days[..3].to_vec(),
        };
        assert_eq!(no_ring.qualifying_tours(), Some(vec![TourId(0), TourId(1)]));
        // A first game day without ChGK has no first-day table.
        let mg_first = Programme {
            days: vec![day("День 1", &[mg(0)]), day("День 2", &[chgk(0)])],
        };
        assert_eq!(mg_first.qualifying_tours(), None);
        let ring_too = Programme {
            days: vec![
                day("День 1", &[mg(0)]),
                day("День 2", &[chgk(0)]),
                day("День 3", &[Slot::BrainRing]),
            ],
        };
        assert_eq!(
            ring_too.validate(kinds),
            Err(ProgrammeError::BrainRingBeforeChgk)
        );
    }

    #[test]
    fn programme_now_is_the_first_slot_not_done_and_next_the_one_after() {
        let p = Programme {
            days: vec![
                day("День 1", &[mg(0), chgk(0)]),
                day("День 2", &[Slot::BrainRing]),
            ],
        };
        let view = p.view(|_| String::new(), |s| *s == mg(0));
        let statuses: Vec<_> = view
            .days
            .iter()
            .flat_map(|d| d.slots.iter().map(|s| s.status))
            .collect();
        assert_eq!(
            statuses,
            vec![SlotStatus::Done, SlotStatus::Now, SlotStatus::Next]
        );
        assert_eq!(view.find(SlotStatus::Now).map(|s| s.slot), Some(chgk(0)));
    }

    #[test]
    fn programme_needs_titled_days() {
        let p = Programme {
            days: vec![day(" ", &[])],
        };
        assert_eq!(
            p.validate(kinds),
            Err(ProgrammeError::UntitledDay { day: 1 })
        );
        assert_eq!(
            Programme::default().validate(kinds),
            Err(ProgrammeError::Days { max: 10 })
        );
    }
}
