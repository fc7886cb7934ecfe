//! Identifier newtypes. Each names one kind of thing, so a team can never be
//! passed where a question is expected.

use serde::{Deserialize, Serialize};

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub struct $name(pub u32);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id!(
    /// A registered team, numbered from 1 in registration order.
    TeamId
);
id!(
    /// A judge made by the host, numbered from 1.
    JudgeId
);
id!(
    /// A question of the tournament's ChGK game, numbered from 0 in play order.
    QuestionId
);
id!(
    /// A tour of questions, numbered from 0.
    TourId
);
id!(
    /// An appeal, numbered from 1 in filing order.
    AppealId
);
id!(
    /// A game of the event's programme (a ChGK tournament, a Мультиигры
    /// tournament, …), numbered from 1 in the order the host added them.
    GameId
);

/// Нептун 2.2: one of a team's two «ломтика» in Сэндвич, «Н-верх» and
/// «Н-низ». A ломтик has its own join code and terminal and acts only as
/// itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Slice {
    Top,
    Bottom,
}

impl Slice {
    pub const BOTH: [Slice; 2] = [Slice::Top, Slice::Bottom];

    /// The suffix of the ломтик's name (2.2: «Н-верх», «Н-низ»).
    pub fn suffix(self) -> &'static str {
        match self {
            Slice::Top => "верх",
            Slice::Bottom => "низ",
        }
    }

    /// The ломтик's name in a join code (`slice-N-top`).
    pub fn code(self) -> &'static str {
        match self {
            Slice::Top => "top",
            Slice::Bottom => "bottom",
        }
    }

    pub fn other(self) -> Slice {
        match self {
            Slice::Top => Slice::Bottom,
            Slice::Bottom => Slice::Top,
        }
    }
}
