//! The app's fonts, in both shells: egui's own faces (Ubuntu Light, Hack
//! and egui's icons) cut to the scripts a hall's screens show
//! (`scripts/subset-fonts.sh`). Every phone downloads them inside the
//! wasm, so they are cut (issue 39: 125 KB gzipped instead of 320 KB); the
//! desktop app draws with the same ones, so its screens and their tests
//! measure text as a phone does. Nothing here draws.

use std::sync::Arc;

use egui::{FontData, FontDefinitions, FontFamily, FontTweak};

const UBUNTU_LIGHT: &[u8] = include_bytes!("../fonts/Ubuntu-Light.ttf");
const HACK: &[u8] = include_bytes!("../fonts/Hack-Regular.ttf");
const EGUI_ICONS: &[u8] = include_bytes!("../fonts/egui-icons.ttf");

/// The cut fonts, arranged as egui arranges its own — Ubuntu Light for
/// text, Hack for codes and clocks, egui's icons last — except that Hack
/// stands behind Ubuntu Light too: the arrows the screens draw («→»)
/// are only Hack's.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::empty();
    let mut add = |name: &str, data: FontData| {
        fonts.font_data.insert(name.to_owned(), Arc::new(data));
    };
    add("Hack", FontData::from_static(HACK));
    add("Ubuntu-Light", FontData::from_static(UBUNTU_LIGHT));
    // egui's own scale for its icons.
    add(
        "egui-icons",
        FontData::from_static(EGUI_ICONS).tweak(FontTweak {
            scale: 0.90,
            ..FontTweak::default()
        }),
    );
    let family = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
    fonts.families.insert(
        FontFamily::Monospace,
        family(&["Hack", "Ubuntu-Light", "egui-icons"]),
    );
    fonts.families.insert(
        FontFamily::Proportional,
        family(&["Ubuntu-Light", "Hack", "egui-icons"]),
    );
    fonts
}
