//! The clock's signals as sounds: a short double beep at «10 секунд» and a
//! long tone at «Время, сдавайте ответы»; a click when the Brain-ring
//! button is pressed, before the server's verdict. Optional and fail-soft:
//! without an audio device the app is silent, never in error, and a small
//! line on screen says so. Here: the signals, when they sound
//! ([`SignalWatch`]) and the beeps' shapes ([`wav`]); the shells sound them
//! (the desktop's through the system's player, the browser's through
//! WebAudio), never this module.

/// The beeps' shapes (both shells) and their WAV file (the native player).
pub mod wav;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::clock::Phase;

/// A clock signal to sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// 3: ten seconds before the end of the minute.
    TenSeconds,
    /// 3: «Время, сдавайте ответы».
    TimeUp,
    /// The Brain-ring button was pressed on this terminal.
    Press,
}

/// Whether the signals can be heard.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SoundStatus {
    /// Silent on purpose (`--mute`, tests).
    #[default]
    Off,
    /// Looking for a player.
    Probing,
    Ready,
    /// No player on this machine, or none found an audio device.
    NoDevice,
}

/// Decides when the clock's signals sound: on the frame a question's (or a
/// game task's, keyed by `K`) phase crosses into the last seconds or into
/// hand-in. Joining (or waking up) in the middle of a phase stays silent, so
/// a late terminal does not beep out of turn.
#[derive(Debug)]
pub struct SignalWatch<K = QuestionId> {
    last: Option<(K, Phase)>,
}

impl<K> Default for SignalWatch<K> {
    fn default() -> Self {
        SignalWatch { last: None }
    }
}

impl<K: Copy + PartialEq> SignalWatch<K> {
    pub fn observe(&mut self, question: Option<K>, phase: Phase) -> Option<Signal> {
        let now = question.map(|q| (q, phase));
        let previous = std::mem::replace(&mut self.last, now);
        let ((was_q, was), (q, is)) = (previous?, now?);
        if was_q != q || was == is {
            return None;
        }
        match (was, is) {
            (Phase::Minute, Phase::LastSeconds) => Some(Signal::TenSeconds),
            (Phase::Minute | Phase::LastSeconds, Phase::HandIn) => Some(Signal::TimeUp),
            _ => None,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn signals_sound_once_on_each_crossing() {
        let q = Some(QuestionId(4));
        let mut watch = SignalWatch::default();
        let seen: Vec<Option<Signal>> = [
            Phase::Announced,
            Phase::Minute,
            Phase::Minute,
            Phase::LastSeconds,
            Phase::LastSeconds,
            Phase::HandIn,
            Phase::Over,
        ]
        .into_iter()
        .map(|p| watch.observe(q, p))
        .collect();
        assert_eq!(
            seen,
            vec![
                None,
                None,
                None,
                Some(Signal::TenSeconds),
                None,
                Some(Signal::TimeUp),
                None
            ]
        );
    }

    #[test]
    fn joining_mid_phase_or_a_new_question_is_silent() {
        let mut watch = SignalWatch::default();
        assert_eq!(watch.observe(Some(QuestionId(1)), Phase::LastSeconds), None);
        assert_eq!(watch.observe(Some(QuestionId(2)), Phase::HandIn), None);
        assert_eq!(watch.observe(Some(QuestionId(2)), Phase::Over), None);
    }
}
