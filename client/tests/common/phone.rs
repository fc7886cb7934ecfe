//! A phone's screen: 360×640 logical points, portrait, as egui sees a phone
//! browser at its device-pixel-ratio. What a team's screen must do there:
//! nothing wider than the screen (no sideways scrolling, nothing cut off
//! at the right edge), every text field reachable by scrolling down and
//! wide enough to type in.

use egui::accesskit::Role;
use egui::epaint::Shape;
use egui::{Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use minuta_client::i18n::Lang;
use minuta_client::state::{AppState, NetEvent, reduce};
use minuta_client::views::{self, LocalState};
use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::time::ClockSample;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::View;

use super::Screen;

/// A phone held upright.
pub const PHONE: [f32; 2] = [360.0, 640.0];

/// A taller, slightly wider phone held upright (an iPhone's 390×844):
/// [`assert_phone`] checks every screen there too.
pub const TALL_PHONE: [f32; 2] = [390.0, 844.0];

/// How far past the screen's edge a rect may reach: rounding, a stroke.
const SLACK: f32 = 1.0;

/// Narrowest a text field may be and still show what is typed.
const FIELD_WIDTH: f32 = 80.0;

/// Asserts that nothing on `screen`'s last frame lies left or right of the
/// window: no widget (by its AccessKit rect) and no painted text.
#[track_caller]
pub fn assert_fits<S>(harness: &Harness<'_, S>, screen: &str) {
    let width = harness.ctx.content_rect().width();
    let outside = |rect: Rect| rect.min.x < -SLACK || rect.max.x > width + SLACK;
    let mut wide: Vec<String> = harness
        .query_all(by().predicate(|_| true))
        .filter(|node| node.accesskit_node().role() != Role::TextRun)
        .filter(|node| node.accesskit_node().bounding_box().is_some())
        .filter(|node| outside(node.rect()))
        .map(|node| {
            let n = node.accesskit_node();
            let name = n.label().or_else(|| n.value()).unwrap_or_default();
            format!("{:?} «{name}» at {:?}", n.role(), node.rect())
        })
        .collect();
    let mut texts = Vec::new();
    for clipped in &harness.output().shapes {
        texts_in(&clipped.shape, &mut texts);
    }
    // Issue 39: nothing a phone shows is smaller than 12 points.
    wide.extend(
        texts
            .iter()
            .filter(|(_, _, size)| *size < views::widgets::SMALLEST_TEXT - 0.01)
            .map(|(text, _, size)| format!("text «{text}» of {size} pt")),
    );
    let texts: Vec<(String, Rect)> = texts.into_iter().map(|(t, r, _)| (t, r)).collect();
    wide.extend(
        texts
            .into_iter()
            .filter(|(_, rect)| outside(*rect))
            .map(|(text, rect)| format!("text «{text}» at {rect:?}")),
    );
    assert!(
        wide.is_empty(),
        "{screen}: wider than the {width}-pt screen, or too small to read:\n{}",
        wide.join("\n")
    );
}

/// The painted texts in `shape`, with where they lie and their smallest
/// font size.
fn texts_in(shape: &Shape, out: &mut Vec<(String, Rect, f32)>) {
    match shape {
        Shape::Vec(shapes) => {
            for shape in shapes {
                texts_in(shape, out);
            }
        }
        Shape::Text(text) if !text.galley.text().trim().is_empty() => {
            let size = text
                .galley
                .job
                .sections
                .iter()
                .map(|s| s.format.font_id.size)
                .fold(f32::INFINITY, f32::min);
            out.push((
                text.galley.text().to_owned(),
                shape.visual_bounding_rect(),
                size,
            ));
        }
        _ => {}
    }
}

/// Asserts that `screen` fits (see [`assert_fits`]) and that each of its
/// text fields, scrolled to, lies on the screen and is wide enough to
/// type in.
#[track_caller]
pub fn assert_phone<S>(harness: &mut Harness<'_, S>, screen: &str) {
    // The taller phone first, then back to the size the test goes on
    // with. Steps, not `run`: a spinner never settles.
    let size = harness.ctx.content_rect().size();
    harness.set_size(egui::vec2(TALL_PHONE[0], TALL_PHONE[1]));
    harness.run_steps(4);
    assert_fits(harness, &format!("{screen} at 390×844"));
    harness.set_size(size);
    harness.run_steps(4);
    super::shot::save(harness, screen);
    assert_fits(harness, screen);
    let fields = harness.query_all_by_role(Role::TextInput).count();
    let screen_rect = harness.ctx.content_rect();
    for nth in 0..fields {
        harness
            .get_all_by_role(Role::TextInput)
            .nth(nth)
            .expect("the field is still there")
            .scroll_to_me();
        harness.run();
        let field = harness
            .get_all_by_role(Role::TextInput)
            .nth(nth)
            .expect("the field is still there");
        let rect = field.rect();
        let seen = screen_rect.expand(SLACK).contains(rect.min)
            && screen_rect
                .expand(SLACK)
                .contains(Pos2::new(rect.max.x, rect.min.y + 1.0));
        assert!(
            seen,
            "{screen}: text field {nth} at {rect:?} cannot be scrolled onto the screen"
        );
        assert!(
            rect.width() >= FIELD_WIDTH,
            "{screen}: text field {nth} is only {} pt wide",
            rect.width()
        );
    }
}

/// Team 1's app joined and connected, showing `view`, at `now_us` of
/// server time.
pub fn connected(lang: Lang, view: View, now_us: u64) -> AppState {
    let mut state = AppState::new(lang);
    state.join(JoinCode {
        addrs: vec!["192.168.1.5:4433".parse().expect("an address")],
        fingerprint: [1; 32],
        credential: Credential::Team {
            team: TeamId(1),
            secret: "s".into(),
        },
    });
    state.now_us = now_us;
    let first_sample = ClockSample {
        rtt_us: 1_000,
        offset_us: 0,
    };
    reduce(
        &mut state,
        NetEvent::Connected {
            identity: Identity::Team(TeamId(1)),
            first_sample,
        },
    );
    reduce(&mut state, NetEvent::View(Box::new(view)));
    state
}

/// The whole window on a phone, as `MinutaApp` draws it.
pub fn window(state: AppState) -> Harness<'static, Screen<LocalState>> {
    window_sized(state, PHONE)
}

/// The app's whole window at `size`, showing `state`.
pub fn window_sized(state: AppState, size: [f32; 2]) -> Harness<'static, Screen<LocalState>> {
    let screen = Screen {
        state,
        form: LocalState::default(),
        sent: Vec::new(),
    };
    let mut harness = Harness::builder().with_size(size).build_ui_state(
        |ui, screen: &mut Screen<LocalState>| {
            let asked = views::root(ui, &screen.state, &mut screen.form);
            screen.ask(asked);
        },
        screen,
    );
    // As both shells set the app up: no text under 12 points.
    views::widgets::legible_text(&harness.ctx);
    // A spinner (connecting, a card on its way) never settles.
    let _ = harness.try_run();
    harness
}
