//! The clock's signals as sounds: a short double beep at «10 секунд» and a
//! long tone at «Время, сдавайте ответы»; a click when the Brain-ring
//! button is pressed, before the server's verdict. Optional and fail-soft:
//! without an audio device the app is silent, never in error. The audio
//! stream lives on its own thread (cpal streams are not `Send`); the UI
//! only posts signals to it.

use std::sync::mpsc;
use std::time::Duration;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::Phase;
use rodio::Source;

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

/// A handle to the sound thread. Sending never blocks or fails visibly.
pub struct Sound {
    tx: Option<mpsc::Sender<Signal>>,
}

impl Sound {
    /// Opens the default output device on a background thread; if there is
    /// none, signals are dropped silently.
    pub fn open() -> Sound {
        let (tx, rx) = mpsc::channel::<Signal>();
        let spawned = std::thread::Builder::new()
            .name("minuta-sound".into())
            .spawn(move || {
                let Ok(mut sink) = rodio::DeviceSinkBuilder::open_default_sink() else {
                    tracing::info!("no audio output: the clock signals will be silent");
                    return;
                };
                sink.log_on_drop(false);
                while let Ok(signal) = rx.recv() {
                    play(sink.mixer(), signal);
                }
            });
        Sound {
            tx: spawned.ok().map(|_| tx),
        }
    }

    /// A handle that never sounds (tests, `--mute`).
    pub fn silent() -> Sound {
        Sound { tx: None }
    }

    pub fn signal(&self, signal: Signal) {
        if let Some(tx) = &self.tx {
            // A sound thread that found no device has ended: stay silent.
            let _ = tx.send(signal);
        }
    }
}

fn play(mixer: &rodio::mixer::Mixer, signal: Signal) {
    let beep = |freq: f32, ms: u64, delay_ms: u64| {
        rodio::source::SineWave::new(freq)
            .take_duration(Duration::from_millis(ms))
            .fade_in(Duration::from_millis(5))
            .amplify(0.25)
            .delay(Duration::from_millis(delay_ms))
    };
    match signal {
        Signal::TenSeconds => {
            mixer.add(beep(880.0, 150, 0));
            mixer.add(beep(880.0, 150, 250));
        }
        Signal::TimeUp => mixer.add(beep(660.0, 900, 0)),
        Signal::Press => mixer.add(beep(1320.0, 70, 0)),
    }
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
