#!/usr/bin/env bash
# Every test: builds the browser terminal (target/web) and the Windows
# server (target/windows/minuta-server.exe) that the browser and Wine smoke
# tests use, then runs the workspace's tests. Each build script installs the
# toolchain a fresh Debian lacks; the browser (chromium, chromium-driver)
# and Wine (wine64) are installed by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-web.sh >/dev/null
bash scripts/build-windows.sh >/dev/null
cargo test --workspace
