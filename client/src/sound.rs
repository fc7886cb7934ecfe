//! The clock's signals as sounds: a short double beep at «10 секунд» and a
//! long tone at «Время, сдавайте ответы»; a click when the Brain-ring
//! button is pressed, before the server's verdict. Optional and fail-soft:
//! without an audio device the app is silent, never in error, and a small
//! line on screen says so. The beeps are rendered here ([`wav`]) and played
//! by the system's own player ([`player`]) on a thread of their own; the UI
//! only posts signals to it.

#[cfg(not(target_arch = "wasm32"))]
mod player;
// The beeps' shapes serve both; the WAV file only the native player.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
mod wav;
/// The browser's beeps: WebAudio oscillators, no player.
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(target_arch = "wasm32")]
pub use web::Sound;

#[cfg(not(target_arch = "wasm32"))]
use std::process::Child;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Arc;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::{AtomicU8, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc;
#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;

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

#[cfg(not(target_arch = "wasm32"))]
impl SoundStatus {
    fn from_u8(v: u8) -> SoundStatus {
        match v {
            1 => SoundStatus::Probing,
            2 => SoundStatus::Ready,
            3 => SoundStatus::NoDevice,
            _ => SoundStatus::Off,
        }
    }
}

/// What the sound thread tells the UI: its status, and a way to wake it so
/// a change shows without waiting for the next event.
#[cfg(not(target_arch = "wasm32"))]
struct Shared {
    status: AtomicU8,
    wake: Box<dyn Fn() + Send + Sync>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Shared {
    fn set(&self, status: SoundStatus) {
        if self.status.swap(status as u8, Ordering::Relaxed) != status as u8 {
            (self.wake)();
        }
    }
}

/// A handle to the sound thread. Sending never blocks or fails visibly.
#[cfg(not(target_arch = "wasm32"))]
pub struct Sound {
    tx: Option<mpsc::Sender<Signal>>,
    shared: Option<Arc<Shared>>,
}

/// How often the sound thread reaps finished players when no signal comes.
#[cfg(not(target_arch = "wasm32"))]
const REAP_EVERY: Duration = Duration::from_secs(1);

#[cfg(not(target_arch = "wasm32"))]
impl Sound {
    /// Finds a player on a background thread; if there is none, signals are
    /// dropped and [`Sound::status`] says [`SoundStatus::NoDevice`]. `wake`
    /// is called when the status changes (to repaint the window).
    pub fn open(wake: impl Fn() + Send + Sync + 'static) -> Sound {
        let shared = Arc::new(Shared {
            status: AtomicU8::new(SoundStatus::Probing as u8),
            wake: Box::new(wake),
        });
        let (tx, rx) = mpsc::channel::<Signal>();
        let thread_shared = Arc::clone(&shared);
        let spawned = std::thread::Builder::new()
            .name("minuta-sound".into())
            .spawn(move || run(&thread_shared, &rx));
        if spawned.is_err() {
            shared.set(SoundStatus::NoDevice);
        }
        Sound {
            tx: spawned.ok().map(|_| tx),
            shared: Some(shared),
        }
    }

    /// A handle that never sounds (tests, `--mute`).
    pub fn silent() -> Sound {
        Sound {
            tx: None,
            shared: None,
        }
    }

    pub fn status(&self) -> SoundStatus {
        self.shared.as_ref().map_or(SoundStatus::Off, |s| {
            SoundStatus::from_u8(s.status.load(Ordering::Relaxed))
        })
    }

    pub fn signal(&self, signal: Signal) {
        if let Some(tx) = &self.tx {
            // A sound thread that found no device has ended: stay silent.
            let _ = tx.send(signal);
        }
    }
}

/// The sound thread: find a player, then play each signal as it comes,
/// never waiting for one to end (a press may click over the end signal).
#[cfg(not(target_arch = "wasm32"))]
fn run(shared: &Shared, rx: &mpsc::Receiver<Signal>) {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let silence = wav::wav(&wav::silence(30));
    let Some(found) = player::probe(player::PLAYERS, &path, &silence) else {
        tracing::info!("no audio player or device: the clock signals will be silent");
        shared.set(SoundStatus::NoDevice);
        return;
    };
    tracing::info!(player = %found.path.display(), "the clock signals play through");
    shared.set(SoundStatus::Ready);
    let mut playing: Vec<Child> = Vec::new();
    loop {
        match rx.recv_timeout(REAP_EVERY) {
            Ok(signal) => match player::start(&found, &wav::wav(&wav::samples(signal))) {
                Ok(child) => playing.push(child),
                Err(error) => {
                    tracing::warn!(%error, "the audio player did not start");
                    shared.set(SoundStatus::NoDevice);
                }
            },
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
        reap(shared, &mut playing);
    }
}

/// Forgets the players that have ended; one that failed means the device
/// went away (a headset unplugged), one that played means it is back.
#[cfg(not(target_arch = "wasm32"))]
fn reap(shared: &Shared, playing: &mut Vec<Child>) {
    playing.retain_mut(|child| match child.try_wait() {
        Ok(None) => true,
        Ok(Some(status)) => {
            shared.set(if status.success() {
                SoundStatus::Ready
            } else {
                SoundStatus::NoDevice
            });
            false
        }
        Err(_) => false,
    });
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
