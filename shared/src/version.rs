//! The version every program and exported file shows: the workspace's
//! (`[workspace.package] version`) and the git commit it was built from,
//! `0.1.0 (abc1234)` — `abc1234-dirty` when the tree had changes, the
//! version alone when built outside git (`shared/build.rs` finds the
//! commit). `minuta-server --version`, `minuta --version`, the host's
//! dashboard, the JSON export and the PDFs' metadata all say [`long`].

use std::sync::OnceLock;

/// The workspace's version, as Cargo.toml says it (`0.1.0`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit this build is from (`abc1234` or `abc1234-dirty`), None when
/// built outside git.
pub fn commit() -> Option<&'static str> {
    Some(env!("MINUTA_COMMIT")).filter(|c| !c.is_empty())
}

/// `0.1.0 (abc1234)`, or `0.1.0` without a commit: the long form, made
/// once (clap's `version` takes a `&'static str`).
pub fn long() -> &'static str {
    static LONG: OnceLock<String> = OnceLock::new();
    LONG.get_or_init(|| long_form(VERSION, commit()))
}

/// The long form of `version` built from `commit`.
pub fn long_form(version: &str, commit: Option<&str>) -> String {
    match commit {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_form_puts_the_commit_in_brackets_after_the_version() {
        assert_eq!(long_form("0.1.0", Some("abc1234")), "0.1.0 (abc1234)");
        assert_eq!(
            long_form("0.1.0", Some("abc1234-dirty")),
            "0.1.0 (abc1234-dirty)"
        );
        assert_eq!(long_form("1.2.3", None), "1.2.3");
    }

    #[test]
    fn this_build_says_the_workspace_version_first() {
        assert!(long().starts_with(VERSION), "{}", long());
        assert_eq!(long(), long_form(VERSION, commit()));
        // A commit, when there is one, is a short hash and maybe -dirty.
        if let Some(commit) = commit() {
            let hash = commit.strip_suffix("-dirty").unwrap_or(commit);
            assert!(hash.len() >= 4, "{commit}");
            assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()), "{commit}");
        }
    }
}
