//! The clock's signals in the browser: each beep of [`crate::sound::wav::beeps`]
//! as a WebAudio oscillator with a short fade. A browser lets a page sound
//! only after the person has touched it; until then (or without WebAudio)
//! the signals are silent, never an error.

use std::cell::RefCell;

use web_sys::{AudioContext, AudioContextState};

use crate::sound::{Signal, SoundStatus, wav};

/// The loudness of a beep (WebAudio's gain, 0..1).
const GAIN: f32 = 0.25;
/// The fade in and out of each beep, as the WAV's.
const FADE_S: f64 = 0.005;

pub struct Sound {
    /// Made on the first signal (a context made earlier starts suspended).
    context: RefCell<Option<AudioContext>>,
    on: bool,
}

impl Sound {
    /// Sounds through WebAudio; `wake` is not needed (the status is known).
    pub fn open(_wake: impl Fn() + Send + Sync + 'static) -> Sound {
        Sound {
            context: RefCell::new(None),
            on: true,
        }
    }

    /// A handle that never sounds.
    pub fn silent() -> Sound {
        Sound {
            context: RefCell::new(None),
            on: false,
        }
    }

    pub fn status(&self) -> SoundStatus {
        if self.on {
            SoundStatus::Ready
        } else {
            SoundStatus::Off
        }
    }

    pub fn signal(&self, signal: Signal) {
        if !self.on {
            return;
        }
        let mut context = self.context.borrow_mut();
        if context.is_none() {
            *context = AudioContext::new().ok();
        }
        let Some(context) = context.as_ref() else {
            return;
        };
        if context.state() == AudioContextState::Suspended {
            // Allowed once the page has been touched; else stays silent.
            let _ = context.resume();
        }
        for beep in wav::beeps(signal) {
            if play(context, beep).is_err() {
                tracing::debug!("WebAudio refused a beep");
            }
        }
    }
}

fn play(context: &AudioContext, beep: &wav::Beep) -> Result<(), wasm_bindgen::JsValue> {
    let oscillator = context.create_oscillator()?;
    let gain = context.create_gain()?;
    oscillator.frequency().set_value(beep.freq);
    let start = context.current_time() + f64::from(beep.delay_ms) / 1000.0;
    let end = start + f64::from(beep.ms) / 1000.0;
    let level = gain.gain();
    level.set_value_at_time(0.0, start)?;
    level.linear_ramp_to_value_at_time(GAIN, start + FADE_S)?;
    level.set_value_at_time(GAIN, (end - FADE_S).max(start + FADE_S))?;
    level.linear_ramp_to_value_at_time(0.0, end)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    oscillator.start_with_when(start)?;
    oscillator.stop_with_when(end)?;
    Ok(())
}
