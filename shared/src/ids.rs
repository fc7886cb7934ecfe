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
