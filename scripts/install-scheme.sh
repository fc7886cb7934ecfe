#!/usr/bin/env bash
# Makes the Minuta app the handler of minuta:// links (a join code's QR or
# link opens the app) for the current user on Linux: a desktop entry in
# ~/.local/share/applications and `xdg-mime default`. Does what
# `minuta install-scheme` does; builds the app first when run from the repo.
#
# Usage: scripts/install-scheme.sh [PATH_TO_MINUTA]
# Windows: double-click scripts/windows/minuta-scheme.reg (edit its path
# first) or run `minuta.exe install-scheme`. macOS: scripts/macos/Info.plist
# in the app bundle.
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:-}
if [ -z "$app" ]; then
    cargo build -q --release -p minuta-client
    app=$(pwd)/target/release/minuta
fi
command -v xdg-mime >/dev/null || { echo "install-scheme: xdg-mime is missing (Debian: xdg-utils)" >&2; exit 2; }
"$app" install-scheme
