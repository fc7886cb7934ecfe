//! Any text as a scoresheet for `minuta-server score`: standings or the
//! first error with its path, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use minuta_shared::play::score::score_sheet;

fuzz_target!(|data: &[u8]| {
    let _ = score_sheet(&String::from_utf8_lossy(data));
});
