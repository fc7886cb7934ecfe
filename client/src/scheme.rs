//! The `minuta://` scheme: a join code's QR (or link) opens the app. Reads
//! the URL the system hands over (percent-encoded by some browsers), and
//! registers the app as the scheme's handler where it is installed:
//! Linux's desktop entry, Windows's per-user registry keys; macOS takes it
//! from the bundle's Info.plist (`scripts/macos/Info.plist`).

use std::path::{Path, PathBuf};

use minuta_shared::join_code::{JoinCode, JoinCodeError};
use thiserror::Error;

/// The desktop entry's file name (Linux): also the handler's id.
pub const DESKTOP_FILE: &str = "minuta.desktop";

#[derive(Debug, Error)]
pub enum SchemeError {
    #[error("cannot find this program's own path: {0}")]
    OwnPath(std::io::Error),
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("no home folder (HOME is not set)")]
    NoHome,
    #[error("cannot run «{program}»: {source} (on Debian it comes with xdg-utils)")]
    Spawn {
        program: String,
        source: std::io::Error,
    },
    #[error("«{program}» failed: {why}")]
    Program { program: String, why: String },
    #[error("this system registers the scheme from the app bundle's Info.plist")]
    Bundle,
}

/// The join code in a `minuta://…` argument, percent-decoded first
/// (`%5B::1%5D` → `[::1]`): what a browser or a QR reader passes on.
pub fn url_argument(arg: &str) -> Result<JoinCode, JoinCodeError> {
    JoinCode::parse(&percent_decode(arg))
}

/// `%XX` → the byte; a `%` not followed by two hex digits stays itself.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (byte, hex) {
            (b'%', Some(decoded)) => {
                out.push(decoded);
                i += 3;
            }
            _ => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The Linux desktop entry that makes `exe` the handler of `minuta://`.
pub fn desktop_entry(exe: &Path) -> String {
    format!(
        "[Desktop Entry]\n\
         Type=Application\n\
         Name=Minuta\n\
         Name[ru]=Минута\n\
         Comment=Join a Minuta game by its join code\n\
         Comment[ru]=Подключение к игре Минуты по коду\n\
         Exec=\"{}\" %u\n\
         Terminal=false\n\
         Categories=Game;\n\
         MimeType=x-scheme-handler/minuta;\n",
        exe.display()
    )
}

/// The Windows registry file (per user, no administrator needed) that
/// makes `exe` the handler of `minuta://`.
pub fn windows_reg(exe: &Path) -> String {
    let exe = exe.display().to_string().replace('\\', "\\\\");
    format!(
        "Windows Registry Editor Version 5.00\r\n\r\n\
         [HKEY_CURRENT_USER\\Software\\Classes\\minuta]\r\n\
         @=\"URL:Minuta join code\"\r\n\
         \"URL Protocol\"=\"\"\r\n\r\n\
         [HKEY_CURRENT_USER\\Software\\Classes\\minuta\\shell\\open\\command]\r\n\
         @=\"\\\"{exe}\\\" \\\"%1\\\"\"\r\n"
    )
}

/// Registers this program as the handler of `minuta://` for the current
/// user; says where it did.
pub fn install() -> Result<String, SchemeError> {
    let exe = std::env::current_exe().map_err(SchemeError::OwnPath)?;
    install_for(&exe)
}

#[cfg(all(unix, not(target_os = "macos")))]
fn install_for(exe: &Path) -> Result<String, SchemeError> {
    let home = std::env::var_os("HOME").ok_or(SchemeError::NoHome)?;
    // The XDG rule: an empty or relative XDG_DATA_HOME is ignored.
    let dir = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|d| d.is_absolute())
        .unwrap_or_else(|| Path::new(&home).join(".local/share"))
        .join("applications");
    let path = dir.join(DESKTOP_FILE);
    std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&path, desktop_entry(exe)))
        .map_err(|source| SchemeError::Write {
            path: path.clone(),
            source,
        })?;
    run(
        "xdg-mime",
        &["default", DESKTOP_FILE, "x-scheme-handler/minuta"],
    )?;
    // Optional: menus pick the entry up sooner; its absence is harmless.
    let _ = run("update-desktop-database", &[&dir.to_string_lossy()]);
    Ok(path.display().to_string())
}

#[cfg(windows)]
fn install_for(exe: &Path) -> Result<String, SchemeError> {
    let key = r"HKCU\Software\Classes\minuta";
    let command = format!("\"{}\" \"%1\"", exe.display());
    run(
        "reg",
        &["add", key, "/ve", "/d", "URL:Minuta join code", "/f"],
    )?;
    run("reg", &["add", key, "/v", "URL Protocol", "/d", "", "/f"])?;
    let open = format!(r"{key}\shell\open\command");
    run("reg", &["add", &open, "/ve", "/d", &command, "/f"])?;
    Ok(key.to_owned())
}

#[cfg(not(any(windows, all(unix, not(target_os = "macos")))))]
fn install_for(_exe: &Path) -> Result<String, SchemeError> {
    Err(SchemeError::Bundle)
}

#[cfg(any(windows, all(unix, not(target_os = "macos"))))]
fn run(program: &str, args: &[&str]) -> Result<(), SchemeError> {
    let output = std::process::Command::new(program)
        .args(args)
        .output()
        .map_err(|source| SchemeError::Spawn {
            program: program.to_owned(),
            source,
        })?;
    if output.status.success() {
        Ok(())
    } else {
        Err(SchemeError::Program {
            program: format!("{program} {}", args.join(" ")),
            why: String::from_utf8_lossy(&output.stderr).trim().to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FP: &str = "abababababababababababababababababababababababababababababababab";

    #[test]
    fn a_url_from_a_browser_is_percent_decoded() {
        let plain = format!("minuta://[::1]:4433,10.0.0.2:4433/team-3/s3cr3t?fp={FP}");
        let encoded = format!("minuta://%5B::1%5D:4433%2C10.0.0.2:4433/team-3/s3cr3t?fp%3D{FP}");
        assert_eq!(url_argument(&encoded), JoinCode::parse(&plain));
        assert!(url_argument(&encoded).is_ok());
        // A lone % is not an escape.
        assert_eq!(percent_decode("a%zz%4"), "a%zz%4");
        assert_eq!(url_argument("http://x"), Err(JoinCodeError::Scheme));
    }

    #[test]
    fn the_desktop_entry_hands_minuta_urls_to_the_app() {
        let entry = desktop_entry(Path::new("/opt/minuta/bin/minuta"));
        assert!(entry.starts_with("[Desktop Entry]\n"));
        assert!(entry.contains("\nExec=\"/opt/minuta/bin/minuta\" %u\n"));
        assert!(entry.contains("\nMimeType=x-scheme-handler/minuta;\n"));
        assert!(entry.contains("\nType=Application\n"));
    }

    /// The registry file shipped in scripts/ is the one the app writes.
    #[test]
    fn the_shipped_registry_file_is_the_apps() {
        let shipped = include_str!("../../scripts/windows/minuta-scheme.reg");
        assert_eq!(
            shipped,
            windows_reg(Path::new(r"C:\Program Files\Minuta\minuta.exe"))
        );
    }

    /// The .deb's desktop entry (scripts/build-deb.sh) is the one the app
    /// writes, with the installed program found on PATH.
    #[test]
    fn the_packaged_desktop_entry_is_the_apps() {
        let shipped = include_str!("../../scripts/linux/minuta.desktop");
        assert_eq!(
            shipped,
            desktop_entry(Path::new("minuta")).replace("Exec=\"minuta\" %u", "Exec=minuta %u")
        );
    }

    #[test]
    fn the_macos_bundle_claims_the_scheme() {
        let plist = include_str!("../../scripts/macos/Info.plist");
        assert!(plist.contains("<key>CFBundleURLSchemes</key>"));
        assert!(plist.contains("<string>minuta</string>"));
    }

    #[test]
    fn the_registry_file_opens_minuta_urls_with_the_app() {
        let reg = windows_reg(Path::new(r"C:\Program Files\Minuta\minuta.exe"));
        assert!(reg.starts_with("Windows Registry Editor Version 5.00\r\n"));
        assert!(reg.contains(r"[HKEY_CURRENT_USER\Software\Classes\minuta]"));
        assert!(reg.contains("\"URL Protocol\"=\"\""));
        assert!(reg.contains(r#"@="\"C:\\Program Files\\Minuta\\minuta.exe\" \"%1\"""#));
    }
}
