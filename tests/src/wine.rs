//! The Windows server, `minuta-server.exe` (`scripts/build-windows.sh`),
//! run under Debian's Wine for the smoke tests: where the `.exe` and Wine
//! are, one Wine prefix for the whole test run (made once: a new prefix
//! takes tens of seconds), and Unix paths said as Windows sees them. What
//! must not live here: anything a test checks.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

use anyhow::{Context, Result, anyhow, bail};

/// Wine and the `.exe` it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wine {
    /// Wine's 64-bit loader.
    pub loader: PathBuf,
    /// `minuta-server.exe`.
    pub exe: PathBuf,
    /// The Wine prefix (its `C:` drive and registry).
    pub prefix: PathBuf,
}

impl Wine {
    /// Wine and `target/windows/minuta-server.exe` (or `MINUTA_WINDOWS_EXE`),
    /// the prefix made ready once per test process.
    pub fn find() -> Result<Wine> {
        static FOUND: OnceLock<Mutex<Option<Wine>>> = OnceLock::new();
        let mut found = FOUND
            .get_or_init(|| Mutex::new(None))
            .lock()
            .map_err(|_| anyhow!("a test panicked while making the Wine prefix"))?;
        if let Some(wine) = found.as_ref() {
            return Ok(wine.clone());
        }
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let exe = std::env::var_os("MINUTA_WINDOWS_EXE")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target/windows/minuta-server.exe"));
        if !exe.is_file() {
            bail!(
                "no {} — build it with scripts/build-windows.sh (the README's test command does)",
                exe.display()
            );
        }
        let loader = ["/usr/lib/wine/wine64", "/usr/bin/wine64", "/usr/bin/wine"]
            .into_iter()
            .map(PathBuf::from)
            .find(|p| p.is_file())
            .ok_or_else(|| anyhow!("no Wine (apt-get install wine64; .ci/run installs it)"))?;
        let wine = Wine {
            loader,
            exe,
            prefix: root.join("target/wine-prefix"),
        };
        wine.make_prefix()?;
        *found = Some(wine.clone());
        Ok(wine)
    }

    /// `minuta-server.exe ARGS…` under Wine: no Mono or Gecko prompts, no
    /// Wine debug chatter, never announcing itself on the network.
    pub fn server(&self) -> Command {
        let mut command = self.wine();
        command.arg(&self.exe).env("MINUTA_NO_MDNS", "1");
        command
    }

    fn wine(&self) -> Command {
        let mut command = Command::new(&self.loader);
        command
            .env("WINEPREFIX", &self.prefix)
            .env("WINEDEBUG", "-all")
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=")
            // No window of Wine's own: there is no display in CI.
            .env_remove("DISPLAY");
        command
    }

    /// Makes the prefix once (`wineboot`), so no test waits for it.
    fn make_prefix(&self) -> Result<()> {
        if self.prefix.join("system.reg").is_file() {
            return Ok(());
        }
        std::fs::create_dir_all(&self.prefix).context("making the Wine prefix's folder")?;
        let status = self
            .wine()
            .arg("wineboot")
            .arg("--init")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .context("running wineboot")?;
        if !status.success() {
            bail!(
                "wineboot --init failed ({status}) for {}",
                self.prefix.display()
            );
        }
        // wineboot returns before Wine's server has written the registry.
        let began = std::time::Instant::now();
        while !self.prefix.join("system.reg").is_file() {
            if began.elapsed() > std::time::Duration::from_secs(120) {
                bail!(
                    "wineboot made no registry in {} within 2 min",
                    self.prefix.display()
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        Ok(())
    }
}

/// A Unix path as a program under Wine names it (`Z:` is `/`).
pub fn windows_path(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    format!("Z:{}", absolute.display()).replace('/', "\\")
}
