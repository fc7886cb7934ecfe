//! The clock's signals as sound bytes: sine beeps rendered to 16-bit mono
//! PCM and wrapped in a WAV header, so any system player can take them on
//! its standard input. Pure: no device, no clock, every byte a unit test.

use super::Signal;

/// Samples a second. 22.05 kHz carries the highest beep (1320 Hz) many
/// times over and keeps the longest signal (~40 KB) inside one pipe
/// buffer, so handing it to a player never blocks the sound thread.
pub const SAMPLE_RATE: u32 = 22_050;

/// A quarter of full scale: audible in a hall, not painful in headphones.
const AMPLITUDE: f32 = 0.25 * i16::MAX as f32;

/// A fade at each end of a beep: a sine cut off mid-swing clicks.
const FADE_MS: u32 = 5;

/// One beep of the signal: `freq` Hz for `ms`, starting `delay_ms` in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beep {
    pub freq: f32,
    pub ms: u32,
    pub delay_ms: u32,
}

/// The beeps of each signal, as the app has always sounded them: a double
/// beep at ten seconds, a long tone at the end, a short click on a press.
pub fn beeps(signal: Signal) -> &'static [Beep] {
    const TEN: [Beep; 2] = [
        Beep {
            freq: 880.0,
            ms: 150,
            delay_ms: 0,
        },
        Beep {
            freq: 880.0,
            ms: 150,
            delay_ms: 250,
        },
    ];
    const END: [Beep; 1] = [Beep {
        freq: 660.0,
        ms: 900,
        delay_ms: 0,
    }];
    const PRESS: [Beep; 1] = [Beep {
        freq: 1320.0,
        ms: 70,
        delay_ms: 0,
    }];
    match signal {
        Signal::TenSeconds => &TEN,
        Signal::TimeUp => &END,
        Signal::Press => &PRESS,
    }
}

fn samples_for(ms: u32) -> usize {
    (u64::from(SAMPLE_RATE) * u64::from(ms) / 1000) as usize
}

/// The signal's samples at [`SAMPLE_RATE`].
pub fn samples(signal: Signal) -> Vec<i16> {
    let beeps = beeps(signal);
    let total = beeps
        .iter()
        .map(|b| samples_for(b.delay_ms + b.ms))
        .max()
        .unwrap_or(0);
    let mut mix = vec![0.0f32; total];
    for beep in beeps {
        let start = samples_for(beep.delay_ms);
        let len = samples_for(beep.ms);
        let fade = samples_for(FADE_MS).max(1);
        for (i, slot) in mix.iter_mut().skip(start).take(len).enumerate() {
            let t = i as f32 / SAMPLE_RATE as f32;
            let envelope = (i.min(len - 1 - i) as f32 / fade as f32).min(1.0);
            *slot += (std::f32::consts::TAU * beep.freq * t).sin() * AMPLITUDE * envelope;
        }
    }
    mix.into_iter()
        .map(|v| v.clamp(i16::MIN as f32, i16::MAX as f32) as i16)
        .collect()
}

/// `ms` of silence, for probing a player without a sound anyone hears.
pub fn silence(ms: u32) -> Vec<i16> {
    vec![0; samples_for(ms)]
}

/// A complete WAV file (RIFF, PCM, 16-bit, mono) of `samples`.
pub fn wav(samples: &[i16]) -> Vec<u8> {
    let data_len = u32::try_from(samples.len() * 2).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&data_len.saturating_add(36).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // size of the fmt chunk
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes a second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes a frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    fn u16_at(bytes: &[u8], at: usize) -> u16 {
        u16::from_le_bytes(bytes[at..at + 2].try_into().unwrap())
    }

    #[test]
    fn the_header_describes_16_bit_mono_pcm() {
        let bytes = wav(&samples(Signal::TimeUp));
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(&bytes[8..16], b"WAVEfmt ");
        assert_eq!(u32_at(&bytes, 4) as usize, bytes.len() - 8);
        assert_eq!(u16_at(&bytes, 20), 1, "PCM");
        assert_eq!(u16_at(&bytes, 22), 1, "mono");
        assert_eq!(u32_at(&bytes, 24), SAMPLE_RATE);
        assert_eq!(u32_at(&bytes, 28), SAMPLE_RATE * 2);
        assert_eq!(u16_at(&bytes, 32), 2);
        assert_eq!(u16_at(&bytes, 34), 16);
        assert_eq!(&bytes[36..40], b"data");
        assert_eq!(u32_at(&bytes, 40) as usize, bytes.len() - 44);
    }

    #[test]
    fn each_signal_lasts_as_long_as_its_beeps() {
        assert_eq!(samples(Signal::TenSeconds).len(), samples_for(400));
        assert_eq!(samples(Signal::TimeUp).len(), samples_for(900));
        assert_eq!(samples(Signal::Press).len(), samples_for(70));
        // The longest fits a pipe's buffer (64 KiB on Linux).
        assert!(wav(&samples(Signal::TimeUp)).len() < 64 * 1024);
    }

    #[test]
    fn the_double_beep_has_a_gap_and_no_beep_clicks_or_clips() {
        let s = samples(Signal::TenSeconds);
        let peak = |range: std::ops::Range<usize>| {
            s[range].iter().map(|v| v.unsigned_abs()).max().unwrap()
        };
        let at = |ms: u32| samples_for(ms);
        assert!(peak(at(20)..at(130)) > 7_000, "first beep");
        assert_eq!(peak(at(151)..at(249)), 0, "the gap is silent");
        assert!(peak(at(270)..at(380)) > 7_000, "second beep");
        assert!(peak(0..s.len()) <= (AMPLITUDE as u16) + 1, "no clipping");
        // Faded in and out: the first and last samples are (near) zero.
        assert!(s[0].unsigned_abs() < 100 && s[s.len() - 1].unsigned_abs() < 500);
    }

    #[test]
    fn silence_is_silent() {
        let s = silence(50);
        assert_eq!(s.len(), samples_for(50));
        assert!(s.iter().all(|v| *v == 0));
    }
}
