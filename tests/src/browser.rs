//! A real browser for the web terminal's tests: Debian's headless
//! `chromium`, driven over WebDriver by its `chromedriver` (W3C protocol,
//! plain HTTP on 127.0.0.1). The client here is a few requests written by
//! hand: one JSON request per call, `Connection: close`, so no HTTP crate is
//! needed for a local driver. Input goes through WebDriver's actions, which
//! Chromium turns into real key, mouse and touch events on the page; what
//! the page shows is read from screenshots and from the page's own status
//! (`window.minuta_status()`, see `client/src/web`).
//!
//! What must not live here: anything about a particular game; tests say
//! that through the page.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use base64::Engine;
use serde_json::{Value, json};

/// How long the driver may take to start and a page to answer.
const START: Duration = Duration::from_secs(20);

/// Where the browser and its driver are, if this machine has them.
pub fn programs() -> Result<(PathBuf, PathBuf)> {
    let find = |name: &str| -> Option<PathBuf> {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(name))
                .find(|p| p.is_file())
        })
    };
    let browser = find("chromium")
        .or_else(|| find("chromium-browser"))
        .or_else(|| find("google-chrome"))
        .ok_or_else(|| anyhow!("no chromium on PATH (apt-get install chromium chromium-driver)"))?;
    let driver = find("chromedriver")
        .ok_or_else(|| anyhow!("no chromedriver on PATH (apt-get install chromium-driver)"))?;
    Ok((browser, driver))
}

/// The window a test opens the page in.
#[derive(Clone, Copy, Debug)]
pub enum Window {
    /// A laptop's browser: mouse and keyboard.
    Laptop { width: u32, height: u32 },
    /// A phone held upright: Chromium's mobile emulation, touch events,
    /// a device pixel ratio of 2.
    Phone { width: u32, height: u32 },
}

pub const LAPTOP: Window = Window::Laptop {
    width: 1280,
    height: 720,
};
pub const PHONE: Window = Window::Phone {
    width: 360,
    height: 640,
};

/// One browser with one page, closed on drop.
pub struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    touch: bool,
}

impl Browser {
    pub fn start(window: Window) -> Result<Browser> {
        let (binary, driver_path) = programs()?;
        let port = free_port()?;
        let driver = Command::new(&driver_path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {}", driver_path.display()))?;
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
            touch: matches!(window, Window::Phone { .. }),
        };
        let began = Instant::now();
        loop {
            if let Ok(status) = browser.request("GET", "/status", None)
                && status["ready"].as_bool() == Some(true)
            {
                break;
            }
            if began.elapsed() > START {
                bail!("chromedriver did not get ready within {START:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut args = vec![
            "--headless=new".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
            "--autoplay-policy=no-user-gesture-required".to_owned(),
            // SwiftShader's WebGL, the only GL a headless machine has.
            "--enable-unsafe-swiftshader".to_owned(),
            "--use-angle=swiftshader".to_owned(),
        ];
        let mut options = json!({ "binary": binary.display().to_string() });
        // The page's own size, exactly, whatever the headless window's frame
        // takes: Chromium's device emulation.
        let (width, height, phone) = match window {
            Window::Laptop { width, height } => (width, height, false),
            Window::Phone { width, height } => (width, height, true),
        };
        options["mobileEmulation"] = json!({
            "deviceMetrics": {
                "width": width, "height": height,
                "pixelRatio": if phone { 2.0 } else { 1.0 },
                "touch": phone, "mobile": phone,
            },
        });
        if phone {
            options["mobileEmulation"]["userAgent"] = json!(
                "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36"
            );
        }
        args.push(format!("--window-size={width},{}", height + 200));
        if phone {
            // The emulated ratio alone leaves the page's device-pixel
            // sizes (ResizeObserver's) at the headless screen's 1: the
            // canvas would be drawn at half the resolution its ratio says,
            // and egui would lay out half the width. A phone's screen is
            // really twice as dense.
            args.push("--force-device-scale-factor=2".to_owned());
        }
        options["args"] = json!(args);
        let created = browser.request(
            "POST",
            "/session",
            Some(json!({
                "capabilities": { "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": options,
                }}
            })),
        )?;
        browser.session = created["sessionId"]
            .as_str()
            .ok_or_else(|| anyhow!("chromedriver gave no session: {created}"))?
            .to_owned();
        Ok(browser)
    }

    /// The page loaded again, as a swipe-to-refresh does (going to the
    /// same link would only move to its fragment).
    pub fn reload(&self) -> Result<()> {
        self.session_request("POST", "refresh", Some(json!({})))
            .map(drop)
    }

    pub fn goto(&self, url: &str) -> Result<()> {
        self.session_request("POST", "url", Some(json!({ "url": url })))
            .map(drop)
    }

    /// Runs `script` (a function body; `arguments` are `args`) in the page.
    pub fn run_js(&self, script: &str, args: Value) -> Result<Value> {
        self.session_request(
            "POST",
            "execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Polls `script` until it returns something truthy, which it returns;
    /// `what` names the wait in the error. A real browser runs on real
    /// time: this is the one place the browser tests wait.
    pub fn wait_for(&self, what: &str, script: &str, limit: Duration) -> Result<Value> {
        let began = Instant::now();
        loop {
            let last = match self.run_js(script, json!([])) {
                Ok(value) if truthy(&value) => return Ok(value),
                Ok(value) => value,
                Err(e) => json!(e.to_string()),
            };
            if began.elapsed() > limit {
                bail!("{what}: not within {limit:?} (last: {last})");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The page's own account of itself (`window.minuta_status()`).
    pub fn status(&self) -> Result<Value> {
        self.run_js(
            "return window.minuta_status ? JSON.parse(window.minuta_status()) : null;",
            json!([]),
        )
    }

    pub fn screenshot(&self, path: &Path) -> Result<()> {
        let shot = self.session_request("GET", "screenshot", None)?;
        let b64 = shot.as_str().ok_or_else(|| anyhow!("no screenshot"))?;
        let png = base64::engine::general_purpose::STANDARD
            .decode(b64)
            .context("decoding the screenshot")?;
        std::fs::write(path, png).with_context(|| format!("writing {}", path.display()))
    }

    /// Types `text` as key presses (WebDriver's special keys, e.g.
    /// `"\u{E007}"` for Enter, pass through).
    pub fn type_keys(&self, text: &str) -> Result<()> {
        let mut actions = Vec::new();
        for c in text.chars() {
            actions.push(json!({ "type": "keyDown", "value": c.to_string() }));
            actions.push(json!({ "type": "keyUp", "value": c.to_string() }));
        }
        self.perform(json!([{ "type": "key", "id": "keyboard", "actions": actions }]))
    }

    /// A tap (on a phone) or a click at the page's CSS pixel (`x`, `y`).
    pub fn tap(&self, x: f64, y: f64) -> Result<()> {
        let kind = if self.touch { "touch" } else { "mouse" };
        self.perform(json!([{
            "type": "pointer", "id": "finger",
            "parameters": { "pointerType": kind },
            "actions": [
                { "type": "pointerMove", "duration": 0, "x": x.round() as i64, "y": y.round() as i64, "origin": "viewport" },
                { "type": "pointerDown", "button": 0 },
                { "type": "pause", "duration": 60 },
                { "type": "pointerUp", "button": 0 },
            ],
        }]))
    }

    /// The phone's page left `height` CSS pixels tall, as when its
    /// on-screen keyboard opens in a browser that resizes the content
    /// (Chrome's `interactive-widget=resizes-content`, Firefox for
    /// Android): the emulated device's metrics changed over the DevTools
    /// protocol.
    pub fn keyboard_leaves(&self, width: u32, height: u32) -> Result<()> {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({
                "width": width, "height": height,
                "deviceScaleFactor": 2, "mobile": true,
            }),
        )
    }

    /// Every request of the page from now on crosses a slow link:
    /// `latency` more each way round and `bits_per_second` each way
    /// (chromedriver's network conditions, Chromium's DevTools throttling).
    pub fn slow_link(&self, latency: Duration, bits_per_second: u64) -> Result<()> {
        let bytes_per_second = bits_per_second / 8;
        self.session_request(
            "POST",
            "chromium/network_conditions",
            Some(json!({ "network_conditions": {
                "offline": false,
                "latency": latency.as_millis() as u64,
                "download_throughput": bytes_per_second,
                "upload_throughput": bytes_per_second,
            }})),
        )
        .map(drop)
    }

    /// The page asks for `encodings` only (`Accept-Encoding`), as a
    /// browser on a hall's plain `http://192.168…` does (to Chromium
    /// 127.0.0.1 is a secure origin, which it offers Brotli).
    pub fn accept_encoding(&self, encodings: &str) -> Result<()> {
        self.cdp("Network.enable", json!({}))?;
        self.cdp(
            "Network.setExtraHTTPHeaders",
            json!({ "headers": { "Accept-Encoding": encodings } }),
        )
    }

    /// Downloads go, without asking, to `dir` (Chromium's DevTools).
    pub fn downloads_to(&self, dir: &Path) -> Result<()> {
        let params = json!({ "behavior": "allow", "downloadPath": dir.display().to_string() });
        self.cdp("Browser.setDownloadBehavior", params.clone())
            .or_else(|_| self.cdp("Page.setDownloadBehavior", params))
    }

    /// Hands `file` to the page's file picker marked `data-minuta-picker`
    /// (the browser's «Выбрать файл…», opened by the page), as a person
    /// choosing it in the browser's dialog would: WebDriver's file upload.
    pub fn choose_file(&self, file: &Path) -> Result<()> {
        let found = self.session_request(
            "POST",
            "element",
            Some(json!({ "using": "css selector", "value": "input[data-minuta-picker]" })),
        )?;
        let element = found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow!("the page opened no file picker: {found}"))?
            .to_owned();
        self.session_request(
            "POST",
            &format!("element/{element}/value"),
            Some(json!({ "text": file.display().to_string() })),
        )
        .map(drop)
    }

    /// A file named `name` with `bytes` dropped on the page's canvas, as
    /// from a file manager: the drag's `dragover` and `drop` events.
    pub fn drop_file(&self, name: &str, bytes: &[u8]) -> Result<()> {
        self.run_js(
            "const [name, bytes] = arguments;
             const file = new File([new Uint8Array(bytes)], name);
             const data = new DataTransfer();
             data.items.add(file);
             const canvas = document.querySelector('canvas');
             for (const type of ['dragenter', 'dragover', 'drop']) {
                 canvas.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
             }
             return true;",
            json!([name, bytes]),
        )
        .map(drop)
    }

    /// One DevTools protocol command, through chromedriver.
    fn cdp(&self, cmd: &str, params: Value) -> Result<()> {
        self.session_request(
            "POST",
            "goog/cdp/execute",
            Some(json!({ "cmd": cmd, "params": params })),
        )
        .map(drop)
    }

    /// The bytes the page's loads have taken off the network so far
    /// (headers included; what a cache answered costs nothing), by the
    /// page's own Resource Timing.
    pub fn bytes_transferred(&self) -> Result<u64> {
        let v = self.run_js(
            "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((sum, e) => sum + (e.transferSize || 0), 0);",
            json!([]),
        )?;
        Ok(v.as_f64().unwrap_or_default() as u64)
    }

    fn perform(&self, actions: Value) -> Result<()> {
        self.session_request("POST", "actions", Some(json!({ "actions": actions })))?;
        self.session_request("DELETE", "actions", None).map(drop)
    }

    fn session_request(&self, method: &str, what: &str, body: Option<Value>) -> Result<Value> {
        self.request(method, &format!("/session/{}/{what}", self.session), body)
    }

    /// One WebDriver request; its `value`, or its error as an error.
    fn request(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value> {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut stream = TcpStream::connect_timeout(&self.addr, START)
            .with_context(|| format!("connecting to chromedriver at {}", self.addr))?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )?;
        let (head, payload) = read_reply(&mut stream)?;
        let payload = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            unchunk(&payload)?
        } else {
            payload
        };
        let value: Value = serde_json::from_str(&payload)
            .with_context(|| format!("chromedriver's reply to {method} {path}: {payload}"))?;
        let value = value.get("value").cloned().unwrap_or(Value::Null);
        if let Some(error) = value.get("error").and_then(Value::as_str) {
            let message = value.get("message").and_then(Value::as_str).unwrap_or("");
            bail!("{method} {path}: {error}: {message}");
        }
        Ok(value)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.request("DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// Reads one reply: its head, then as many body bytes as it announces
/// (chromedriver keeps the connection open whatever the request says).
fn read_reply(stream: &mut TcpStream) -> Result<(String, String)> {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let head_end = loop {
        if let Some(at) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break at;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            bail!("chromedriver closed before its reply's head");
        }
        bytes.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&bytes[..head_end]).into_owned();
    let length = head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse::<usize>().ok())
            .flatten()
    });
    let mut body = bytes.split_off(head_end + 4);
    match length {
        Some(length) => {
            while body.len() < length {
                let n = stream.read(&mut buf)?;
                if n == 0 {
                    bail!("chromedriver closed inside its reply");
                }
                body.extend_from_slice(&buf[..n]);
            }
            body.truncate(length);
        }
        None => {
            stream.read_to_end(&mut body)?;
        }
    }
    Ok((head, String::from_utf8_lossy(&body).into_owned()))
}

fn unchunk(body: &str) -> Result<String> {
    let mut out = String::new();
    let mut rest = body;
    loop {
        let (size, after) = rest
            .split_once("\r\n")
            .ok_or_else(|| anyhow!("a chunk without its size"))?;
        let size = usize::from_str_radix(size.trim(), 16).context("a chunk's size")?;
        if size == 0 {
            return Ok(out);
        }
        let chunk = after.get(..size).ok_or_else(|| anyhow!("a short chunk"))?;
        out.push_str(chunk);
        rest = after.get(size + 2..).unwrap_or_default();
    }
}

fn free_port() -> Result<u16> {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).context("finding a free port")?;
    Ok(listener.local_addr()?.port())
}
