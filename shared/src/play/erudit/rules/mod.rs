//! «Эрудит-квартет» (5.x): scoring of a game of four teams (5.6–5.10), the
//! blind draw into groups with a recorded seed (5.3) and the configurable
//! advancement table between stages (5.4–5.5).

pub mod advancement;
pub mod draw;
pub mod scoring;
pub mod standing;
pub mod tie;

pub use advancement::{AdvancementTable, Slot};
pub use draw::{GroupDraw, blind_draw};
pub use scoring::{
    Attempt, EruditGame, GameScore, QUESTIONS_PER_ROUND, QuestionPlay, ROUNDS_PER_TOUR, Round,
    TEAMS, TOURS, TeamScore, Tour, TourKind, question_value,
};
pub use standing::{
    GroupResult, TournamentRow, advance_stage, destinations, group_places, tournament_table,
};
pub use tie::{GroupOrder, OpenTie, TieSettlement, settle_group};

/// Everything an Эрудит-квартет engine can refuse. Indices are 0-based
/// positions (tour, round, question, attempt) so callers can name the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EruditError {
    #[error("a game has four teams, got {0}")]
    TeamCount(usize),
    #[error("{found} tours, but a game has at most {TOURS} (5.6)")]
    TooManyTours { found: usize },
    #[error("tour {tour} repeats the {kind:?} tour of tour {earlier} (5.6: one of each)")]
    RepeatedTourKind {
        tour: usize,
        kind: TourKind,
        earlier: usize,
    },
    #[error("tour {tour} has {found} rounds, but a tour has exactly {ROUNDS_PER_TOUR} (5.6)")]
    RoundCount { tour: usize, found: usize },
    #[error(
        "round {round} of tour {tour} has {found} questions, but a round has exactly {QUESTIONS_PER_ROUND} (5.10)"
    )]
    QuestionCount {
        tour: usize,
        round: usize,
        found: usize,
    },
    #[error("round {round} of tour {tour}: team {team} fields no player")]
    MissingPlayer {
        tour: usize,
        round: usize,
        team: usize,
    },
    #[error(
        "round {round} of tour {tour}: team {team}'s player {player:?} already played round {earlier} of this tour (5.8)"
    )]
    PlayerTwiceInTour {
        tour: usize,
        round: usize,
        team: usize,
        player: String,
        earlier: usize,
    },
    #[error("team {team} is out of range")]
    UnknownTeam { team: usize },
    #[error("team {team} already attempted this question")]
    AttemptedTwice { team: usize },
    #[error("the question was already answered right")]
    AfterCorrect,
    #[error("at {tour}/{round}/{question}/{attempt}: {error}")]
    InAttempt {
        tour: usize,
        round: usize,
        question: usize,
        attempt: usize,
        error: Box<EruditError>,
    },
    #[error("{teams} teams cannot be split into groups of {group_size} (5.3)")]
    UnevenGroups { teams: usize, group_size: usize },
    #[error("team {team} is listed twice in the draw")]
    DrawnTwice { team: usize },
    #[error(
        "slot {slot} of group {group} names group {from_group} place {place}, which does not exist (5.4)"
    )]
    BadSlot {
        group: usize,
        slot: usize,
        from_group: usize,
        place: u32,
    },
    #[error("slot {slot} of group {group} repeats group {from_group} place {place} (5.4)")]
    RepeatedSlot {
        group: usize,
        slot: usize,
        from_group: usize,
        place: u32,
    },
    #[error("{found} group results given, the table expects {expected}")]
    GroupResults { found: usize, expected: usize },
    #[error(
        "teams {teams:?} are tied for places {first}-{last}, which decide something: a shoot-off or a lot must settle it"
    )]
    UnsettledTie {
        group: usize,
        teams: Vec<usize>,
        first: u32,
        last: u32,
    },
    #[error(
        "the tie of teams {teams:?}: shoot-off question {question} comes after the tie was settled"
    )]
    ShootOffAfterSettled { teams: Vec<usize>, question: usize },
    #[error("the tie of teams {teams:?}: a lot after the tie was settled")]
    LotAfterSettled { teams: Vec<usize> },
    #[error("teams {teams:?} are not a tie that decides anything in this group")]
    NoSuchTie { teams: Vec<usize> },
    #[error(
        "the tie of teams {teams:?}, shoot-off question {question}, attempt {attempt}: {error}"
    )]
    InShootOff {
        teams: Vec<usize>,
        question: usize,
        attempt: usize,
        error: Box<EruditError>,
    },
}
