//! A page of the browser terminal open in a real browser ([`Browser`]),
//! read as a person reads it: its widgets in words
//! (`window.minuta_widgets()`, egui's accessibility tree), its
//! `data-connection`, taps where a widget is drawn, and screenshots of each
//! step in `target/browser-shots/`. What must not live here: anything about
//! a particular game.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail, ensure};
use serde_json::{Value, json};

use minuta_shared::join_code::JoinCode;
use minuta_shared::play::settings::ChgkTiming;

use crate::TestServer;
use crate::browser::{Browser, Window};

/// A minute long enough for a person's taps on a page.
pub fn slow_minute() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 60_000,
        warning_before_end_ms: 10_000,
        grace_ms: 10_000,
    }
}

/// A page under load (a cold wasm compile on two busy cores) may take this long.
pub const PAGE: Duration = Duration::from_secs(60);
/// What a person waits for on a page already open.
pub const SOON: Duration = Duration::from_secs(15);

pub fn bundle_present() -> Result<()> {
    let bundle = minuta_server::default_web_bundle();
    let page = std::fs::read_to_string(bundle.join("index.html")).unwrap_or_default();
    ensure!(
        wasm_named_in(&page).is_some_and(|wasm| bundle.join(wasm).is_file()),
        "no browser bundle in {} — build it with scripts/build-web.sh (the README's test command does)",
        bundle.display()
    );
    Ok(())
}

/// The wasm a bundle's page names (`minuta_bg-HASH.wasm`: the build names
/// it by its contents).
pub fn wasm_named_in(page: &str) -> Option<&str> {
    let start = page.find("minuta_bg-")?;
    let end = start + page[start..].find(".wasm")? + ".wasm".len();
    Some(&page[start..end])
}

pub fn shots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/browser-shots");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// A widget as the page says it.
#[derive(Debug, Clone)]
pub struct Widget {
    pub role: String,
    pub label: String,
    pub value: String,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub enabled: bool,
}

impl Widget {
    /// Whether its words contain `words`: a button's are its label, a
    /// label's its value.
    pub fn says(&self, words: &str) -> bool {
        self.label.contains(words) || self.value.contains(words)
    }

    /// A clock's «M:SS» as seconds.
    pub fn seconds(&self) -> Option<u32> {
        let (m, s) = self.value.trim().split_once(':')?;
        Some(m.parse::<u32>().ok()? * 60 + s.parse::<u32>().ok()?)
    }
}

/// The page, open in a browser, with its test-facing readings.
pub struct Page {
    pub browser: Browser,
    pub name: &'static str,
}

impl Page {
    pub fn open(window: Window, name: &'static str, url: &str) -> Result<Page> {
        bundle_present()?;
        let browser = Browser::start(window)?;
        browser.goto(url)?;
        Ok(Page { browser, name })
    }

    pub fn connection(&self) -> Result<String> {
        let v = self.browser.run_js(
            "return document.body.getAttribute('data-connection') || '';",
            json!([]),
        )?;
        Ok(v.as_str().unwrap_or_default().to_owned())
    }

    pub fn wait_connection(&self, want: &str, limit: Duration) -> Result<Duration> {
        let began = Instant::now();
        self.browser.wait_for(
            &format!("{}: data-connection = {want}", self.name),
            &format!("return document.body.getAttribute('data-connection') === '{want}';"),
            limit,
        )?;
        Ok(began.elapsed())
    }

    pub fn widgets(&self) -> Result<Vec<Widget>> {
        let v = self.browser.run_js(
            "return window.minuta_widgets ? window.minuta_widgets() : '[]';",
            json!([]),
        )?;
        let list: Vec<Value> = serde_json::from_str(v.as_str().unwrap_or("[]"))?;
        Ok(list
            .iter()
            .map(|w| Widget {
                role: w["role"].as_str().unwrap_or_default().to_owned(),
                label: w["label"].as_str().unwrap_or_default().to_owned(),
                value: w["value"].as_str().unwrap_or_default().to_owned(),
                x: w["x"].as_f64().unwrap_or_default(),
                y: w["y"].as_f64().unwrap_or_default(),
                w: w["w"].as_f64().unwrap_or_default(),
                h: w["h"].as_f64().unwrap_or_default(),
                enabled: w["enabled"].as_bool().unwrap_or(false),
            })
            .collect())
    }

    /// The widgets that reach past `width` (CSS px) on either side: a
    /// phone's screen must show everything without a sideways scroll.
    pub fn wider_than(&self, width: f64) -> Result<Vec<Widget>> {
        Ok(self
            .widgets()?
            .into_iter()
            .filter(|w| w.w > 0.0 && (w.x < -0.5 || w.x + w.w > width + 0.5))
            .collect())
    }

    /// Waits until a widget `matches`; returns it.
    pub fn wait_widget(&self, what: &str, matches: impl Fn(&Widget) -> bool) -> Result<Widget> {
        let began = Instant::now();
        loop {
            let widgets = self.widgets()?;
            if let Some(w) = widgets.iter().find(|w| matches(w)) {
                return Ok(w.clone());
            }
            if began.elapsed() > SOON {
                let _ = self.shot(&format!("failed-{}", what.replace(' ', "-")));
                let said: Vec<String> = widgets
                    .iter()
                    .map(|w| {
                        format!(
                            "{} «{}» {} @{:.0},{:.0} {:.0}×{:.0}",
                            w.role, w.label, w.value, w.x, w.y, w.w, w.h
                        )
                    })
                    .collect();
                bail!(
                    "{}: no {what} within {SOON:?}; the page shows {said:?}",
                    self.name
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits for an enabled widget whose words (a button's label, a
    /// label's text) contain `words`.
    pub fn wait_label(&self, words: &str) -> Result<Widget> {
        self.wait_widget(&format!("«{words}»"), |w| w.says(words) && w.enabled)
    }

    /// Taps `field` and types `text` into it as a phone's keyboard does;
    /// waits until the field shows it.
    pub fn type_into(&self, field: &Widget, text: &str) -> Result<()> {
        self.tap(field)?;
        self.browser.type_keys(text)?;
        self.wait_widget(&format!("«{text}» typed in"), |w| {
            w.role.contains("TextInput") && w.value.contains(text)
        })
        .map(drop)
    }

    /// The card typed in handed over: «Сдать ответ», «Да, сдать», and its
    /// receipt «принято».
    pub fn hand_in_card(&self) -> Result<()> {
        let submit = self.wait_label("Сдать ответ")?;
        self.tap(&submit)?;
        let yes = self.wait_label("Да, сдать")?;
        self.tap(&yes)?;
        self.wait_label("принято").map(drop)
    }

    pub fn tap(&self, w: &Widget) -> Result<()> {
        self.browser.tap(w.x + w.w / 2.0, w.y + w.h / 2.0)
    }

    pub fn shot(&self, step: &str) -> Result<()> {
        self.browser
            .screenshot(&shots().join(format!("{}-{step}.png", self.name)))
    }
}

/// The web link of `code` on this server's page.
pub fn link(server: &TestServer, code: &JoinCode) -> Result<String> {
    let web: SocketAddr = server
        .web_addr
        .ok_or_else(|| anyhow!("the test server serves no browsers"))?;
    Ok(code.web_link(web))
}
