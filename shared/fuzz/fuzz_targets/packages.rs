//! Any bytes as an uploaded question package: as a .4s text, as a SIGame
//! .siq archive, in a named legacy encoding, and then as Эрудит-квартет
//! themes — a package or a clear error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use minuta_shared::packages::{parse_package, parse_package_as};
use minuta_shared::play::erudit::themes_of;

fuzz_target!(|data: &[u8]| {
    for name in ["package.4s", "package.siq", "package"] {
        if let Ok(package) = parse_package(name, data) {
            let _ = themes_of(&package);
        }
    }
    let _ = parse_package_as("package.4s", data, "koi8-r");
});
