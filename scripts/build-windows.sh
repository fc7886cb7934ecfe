#!/usr/bin/env bash
# Builds the Windows server, target/windows/minuta-server.exe: one file
# that serves a game and the browser terminal (built in), for 64-bit
# Windows 8 and later (the documents folder's lookup frees its answer
# through combase.dll, which Windows 7 lacks). Cross-built here with
# Debian's Rust for other targets (it builds the standard library from
# source: STACK.md, «Other targets») and the MinGW-w64 toolchain; installs
# what a fresh Debian lacks. The target is x86_64-win7-windows-gnu: the
# -pc- target's std asks for ProcessPrng, which Windows before 10 and
# Debian 12's Wine 8 lack.
#
#   scripts/build-windows.sh                 build (release) and print the path
#   MINUTA_WINDOWS_TARGET_DIR=DIR            cargo's target directory
#                                            (default target/win)
#   MINUTA_WEB_DIR=DIR                       the browser terminal, built
#                                            already (default: build-web.sh
#                                            builds target/web)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/target/windows"
TARGET_DIR="${MINUTA_WINDOWS_TARGET_DIR:-$ROOT/target/win}"
TRIPLE=x86_64-win7-windows-gnu
say() { printf 'build-windows: %s\n' "$*" >&2; }

# --- what a fresh machine lacks ---------------------------------------------
need_apt=()
dpkg -s rustc-web >/dev/null 2>&1 || need_apt+=(rustc-web)
dpkg -s cargo-web >/dev/null 2>&1 || need_apt+=(cargo-web)
dpkg -s rust-web-src >/dev/null 2>&1 || need_apt+=(rust-web-src)
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || need_apt+=(gcc-mingw-w64-x86-64)
if ((${#need_apt[@]})); then
    say "installing ${need_apt[*]} (apt-get)"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
fi

# --- the browser terminal, built into the .exe -------------------------------
WEB_DIR="${MINUTA_WEB_DIR:-}"
if [ -z "$WEB_DIR" ]; then
    bash "$ROOT/scripts/build-web.sh" >/dev/null
    WEB_DIR="$ROOT/target/web"
fi
[ -f "$WEB_DIR/index.html" ] || { say "no index.html in $WEB_DIR: build the browser terminal first (scripts/build-web.sh)"; exit 1; }

# --- the .exe ------------------------------------------------------------------
say "cargo ($TRIPLE, release, the browser terminal built in)"
(
    cd "$ROOT"
    # The C parts (SQLite, ring, mimalloc) by MinGW's gcc; crt-static so the
    # .exe needs no MinGW DLL beside it.
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$TARGET_DIR" \
        CARGO_TARGET_X86_64_WIN7_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc \
        CC_x86_64_win7_windows_gnu=x86_64-w64-mingw32-gcc \
        AR_x86_64_win7_windows_gnu=x86_64-w64-mingw32-ar \
        CARGO_TARGET_X86_64_WIN7_WINDOWS_GNU_RUSTFLAGS="-C target-feature=+crt-static" \
        MINUTA_WEB_DIR="$WEB_DIR" \
        /usr/bin/cargo build --release -p minuta-server --bin minuta-server \
        --features embed-web --target "$TRIPLE" -Z build-std=std,panic_abort
)
EXE="$TARGET_DIR/$TRIPLE/release/minuta-server.exe"
[ -f "$EXE" ] || { say "no $EXE after the build"; exit 1; }
mkdir -p "$OUT"
cp "$EXE" "$OUT/minuta-server.exe"
# Symbols help nobody on the organiser's laptop: a third of the file.
x86_64-w64-mingw32-strip "$OUT/minuta-server.exe"
# Any DLL it needs that Windows itself does not have would have to travel
# with it: say so rather than ship a file that does not start.
foreign="$(x86_64-w64-mingw32-objdump -p "$OUT/minuta-server.exe" | sed -n 's/^\s*DLL Name: //p' \
    | grep -viE '^(kernel32|advapi32|ws2_32|userenv|bcrypt|ntdll|msvcrt|shell32|ole32|iphlpapi|user32|secur32|crypt32|shlwapi|oleaut32|api-ms-win-.*|ucrtbase|combase|powrprof|psapi|dbghelp|iphlpapi|synchronization|mswsock|cfgmgr32|netapi32|version|winmm|gdi32|comctl32)\.dll$' || true)"
if [ -n "$foreign" ]; then
    say "the .exe needs DLLs Windows does not have: $foreign"
    exit 1
fi
say "$(stat -c %s "$OUT/minuta-server.exe") bytes"
echo "$OUT/minuta-server.exe"
