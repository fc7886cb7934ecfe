#!/usr/bin/env bash
# The demo a newcomer runs: builds the browser bundle (scripts/build-web.sh,
# which installs the wasm toolchain a fresh Debian lacks), then starts the
# desktop demo, whose server also serves every terminal to browsers: open
# the free team's web link (printed, and on the dashboard's access tab) in
# any browser on this network. Arguments go to `minuta demo`
# (e.g. `--game brain-ring`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-web.sh
exec cargo run --release -p minuta-client --bin minuta -- demo "$@"
