//! A network namespace of the test's own, for what cannot be shown on the
//! machine's own network: multicast discovery, bounds that spare
//! loopback. A test binary makes one ([`Namespace::add`]) and runs itself
//! again inside it for its inner test ([`Namespace::run_inside`]); the
//! inner test checks it is where it should be ([`only_loopback`]).
//! Nothing here touches any network but the namespace's.

use std::process::Command;

use anyhow::{Context, Result, bail, ensure};

/// A network namespace; dropping it deletes it however the test ends.
pub struct Namespace(pub String);

impl Drop for Namespace {
    fn drop(&mut self) {
        let _ = Command::new("ip").args(["netns", "del", &self.0]).status();
    }
}

/// Runs `ip` with `args`; its complaint as the error.
pub fn ip(args: &[&str]) -> Result<()> {
    let out = Command::new("ip")
        .args(args)
        .output()
        .with_context(|| format!("running ip {}", args.join(" ")))?;
    ensure!(
        out.status.success(),
        "ip {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr).trim()
    );
    Ok(())
}

impl Namespace {
    /// A new namespace `name-<pid>` with its loopback up.
    pub fn add(name: &str) -> Result<Namespace> {
        let name = format!("{name}-{}", std::process::id());
        ip(&["netns", "add", &name])?;
        let ns = Namespace(name);
        ns.ip(&["link", "set", "lo", "up"])?;
        Ok(ns)
    }

    /// Runs `ip` inside the namespace.
    pub fn ip(&self, args: &[&str]) -> Result<()> {
        let mut all = vec!["-n", self.0.as_str()];
        all.extend_from_slice(args);
        ip(&all)
    }

    /// Runs this test binary again inside the namespace for its test
    /// `inner` alone (ignored outside, so `--ignored`), with `env` set to
    /// the namespace's name; what it said, or an error if it failed or
    /// did not run.
    pub fn run_inside(&self, inner: &str, env: &str) -> Result<String> {
        let me = std::env::current_exe().context("this test's own binary")?;
        let out = Command::new("ip")
            .args(["netns", "exec", &self.0])
            .arg(&me)
            .args([
                "--exact",
                inner,
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(env, &self.0)
            .output()
            .context("running the inner test")?;
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        ensure!(out.status.success(), "the inner test failed:\n{said}");
        ensure!(
            said.contains("1 passed"),
            "the inner test did not run:\n{said}"
        );
        Ok(said)
    }
}

/// Only loopback is here: nothing can leave the namespace.
pub fn only_loopback() -> Result<()> {
    let names: Vec<String> = std::fs::read_dir("/sys/class/net")
        .context("listing /sys/class/net")?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if names != ["lo"] {
        bail!("interfaces {names:?}: not a namespace with loopback alone; refusing to run");
    }
    Ok(())
}
