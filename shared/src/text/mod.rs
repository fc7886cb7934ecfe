//! Text helpers for judging: the key under which judges see equal answers
//! grouped ([`normalise_answer`]).

mod normalise;

pub use normalise::normalise_answer;
