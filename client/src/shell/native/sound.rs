//! The desktop's clock signals: the beeps rendered as WAV
//! ([`crate::sound::wav`]) and played by the system's own player
//! ([`super::player`]) on a thread of their own; the UI only posts signals
//! to it. Without a player or a device the app is silent, never in error.
//! What must not live here: when a signal sounds (`crate::sound`).

use std::process::Child;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::player;
use crate::sound::{Signal, SoundStatus, wav};

/// The status as the sound thread stores it.
fn status_of(v: u8) -> SoundStatus {
    match v {
        1 => SoundStatus::Probing,
        2 => SoundStatus::Ready,
        3 => SoundStatus::NoDevice,
        _ => SoundStatus::Off,
    }
}

/// What the sound thread tells the UI: its status, and a way to wake it so
/// a change shows without waiting for the next event.
struct Shared {
    status: AtomicU8,
    wake: Box<dyn Fn() + Send + Sync>,
}

impl Shared {
    fn set(&self, status: SoundStatus) {
        if self.status.swap(status as u8, Ordering::Relaxed) != status as u8 {
            (self.wake)();
        }
    }
}

/// A handle to the sound thread. Sending never blocks or fails visibly.
pub struct Sound {
    tx: Option<mpsc::Sender<Signal>>,
    shared: Option<Arc<Shared>>,
}

/// How often the sound thread reaps finished players when no signal comes.
const REAP_EVERY: Duration = Duration::from_secs(1);

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
            status_of(s.status.load(Ordering::Relaxed))
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
