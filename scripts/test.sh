#!/usr/bin/env bash
# Every test, the browser's included: builds the browser bundle
# (scripts/build-web.sh, which installs the wasm toolchain a fresh Debian
# lacks), makes sure headless Chromium and its WebDriver are there for the
# browser tests, then runs the workspace's tests.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

bash scripts/build-web.sh
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "test: installing chromium and chromium-driver (the browser tests)" >&2
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-driver
fi
cargo test --workspace
