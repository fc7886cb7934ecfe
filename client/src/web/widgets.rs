//! What the page shows, in words: each frame's widgets with their role,
//! label, value and place (egui's AccessKit nodes, the same tree a screen
//! reader gets), kept for `window.minuta_widgets()`. A canvas has no DOM
//! to read, so this is how a browser test finds «Сдать» by its label and
//! taps it where it is drawn, as the app's kittests do natively.
//!
//! What must not live here: anything a view would not show on screen.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

/// One widget as the person sees it.
struct Shown {
    role: String,
    label: String,
    value: String,
    rect: egui::Rect,
    enabled: bool,
}

thread_local! {
    /// The last frame's widgets (the page has one thread).
    static SHOWN: RefCell<Vec<Shown>> = const { RefCell::new(Vec::new()) };
}

/// Turns the accessibility tree on (once, at start).
pub fn enable(ctx: &egui::Context) {
    ctx.enable_accesskit();
}

/// Records this frame's widgets; called after the views have drawn.
pub fn record(ctx: &egui::Context) {
    let widgets: Vec<(egui::Id, egui::Rect, bool)> = ctx.viewport(|v| {
        v.this_pass
            .widgets
            .layers()
            .flat_map(|(_, rects)| rects.iter().map(|w| (w.id, w.rect, w.enabled)))
            .collect()
    });
    let mut shown = Vec::new();
    for (id, rect, enabled) in widgets {
        if !ctx.has_accesskit_node(id) {
            continue;
        }
        let node = ctx.accesskit_node_builder(id, |node| {
            (
                format!("{:?}", node.role()),
                node.label().unwrap_or_default().to_owned(),
                node.value().unwrap_or_default().to_owned(),
            )
        });
        // A field counts even while empty; other widgets only with words.
        let field = |role: &str| role.contains("TextInput");
        if let Some((role, label, value)) = node
            && (field(&role) || !label.is_empty() || !value.is_empty())
        {
            shown.push(Shown {
                role,
                label,
                value,
                rect,
                enabled,
            });
        }
    }
    SHOWN.with(|s| *s.borrow_mut() = shown);
}

/// The last frame's widgets as JSON:
/// `[{"role","label","value","x","y","w","h","enabled"}, …]`, in CSS
/// pixels of the page (egui's points at the browser's own zoom).
#[wasm_bindgen]
pub fn minuta_widgets() -> String {
    SHOWN.with(|s| {
        let list: Vec<serde_json::Value> = s
            .borrow()
            .iter()
            .map(|w| {
                serde_json::json!({
                    "role": w.role, "label": w.label, "value": w.value,
                    "x": w.rect.min.x, "y": w.rect.min.y,
                    "w": w.rect.width(), "h": w.rect.height(),
                    "enabled": w.enabled,
                })
            })
            .collect();
        serde_json::Value::Array(list).to_string()
    })
}
