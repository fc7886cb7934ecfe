//! The app's cut fonts (`minuta_client::fonts`, issue 39) against what the
//! screens say: no word of any screen may fall back to egui's empty box,
//! on a phone or a desktop.

use std::collections::BTreeSet;
use std::path::Path;

use egui::FontId;

/// Every character written in the client's sources (its words, the
/// views' labels and signs; comments too, which only widens the check).
fn characters_in(dir: &Path, found: &mut BTreeSet<char>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            characters_in(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.extend(text.chars().filter(|c| !c.is_control()));
        }
    }
}

#[test]
fn fonts_39_the_cut_fonts_have_every_sign_the_screens_use() {
    // Arrange: what the client's sources say, and a context with only the
    // app's fonts.
    let mut used = BTreeSet::new();
    characters_in(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut used,
    );
    // And what a team may be called or a question may show beyond them.
    used.extend(
        "ЁёЙйЪъЄєІіЇїҐґЎўӘәҒғҚқҢңӨөҰұҮүҺһÀÉÈÇÑÜßĞŞİıŁŒœ€№«»„“”‘’—–−…•→←↑↓×÷±≤≥√∞°αβγπΣΩ".chars(),
    );
    let ctx = egui::Context::default();
    ctx.set_fonts(minuta_client::fonts::definitions());
    // A pass loads the fonts; its textures go nowhere.
    let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
    output.textures_delta.clear();

    // Act: which of them neither face has.
    let missing: Vec<char> = ctx.fonts_mut(|fonts| {
        used.iter()
            .copied()
            .filter(|c| {
                !fonts.has_glyph(&FontId::proportional(14.0), *c)
                    || !fonts.has_glyph(&FontId::monospace(14.0), *c)
            })
            .collect()
    });

    // Assert: none.
    assert!(missing.is_empty(), "not in the app's fonts: {missing:?}");
}
