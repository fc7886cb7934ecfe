#!/usr/bin/env bash
# The libFuzzer targets of shared/fuzz (wire decoding, package import,
# scoresheets), built as cargo-fuzz builds them — nightly, with the
# sanitizer-coverage instrumentation libFuzzer steers by — and run for
# RUNS inputs each (default 1,000,000). Prints each target's last
# libFuzzer lines; a panic stops the run and leaves the input in
# shared/fuzz/artifacts/. Needs the nightly toolchain and a C++ compiler
# (libfuzzer-sys builds libFuzzer from source). With cargo-fuzz installed,
# `cd shared/fuzz && cargo +nightly fuzz run wire` does the same.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/shared/fuzz"
runs="${RUNS:-1000000}"
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
# With an explicit target the flags reach the fuzzed code only, not build
# scripts and proc macros (as cargo-fuzz does).
host="$(rustc +nightly -vV | sed -n 's/^host: //p')"
cargo +nightly build --release --bins --quiet --target "$host"
# Seeds: the repository's own packages and a sheet of each format.
mkdir -p corpus/wire corpus/packages corpus/sheet artifacts
cp "$root"/tests/fixtures/packs/*.4s "$root"/server/tests/fixtures/packages/*.siq corpus/packages/ 2>/dev/null || true
for sheet in "$root"/server/tests/fixtures/sheets/*.json; do
  [ -e "$sheet" ] && cp "$sheet" corpus/sheet/
done
for target in ${TARGETS:-wire packages sheet}; do
  start=$(date +%s)
  log="$(mktemp)"
  if ./target/"$host"/release/"$target" corpus/"$target" -runs="$runs" -max_len=65536 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=artifacts/ >"$log" 2>&1; then
    units=$(grep -oE "stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" || echo "$runs")
    echo "$target: $units inputs in $(( $(date +%s) - start )) s, 0 panics"
  else
    tail -n 30 "$log"
    echo "$target: FAILED — the input is in shared/fuzz/artifacts/" >&2
    exit 1
  fi
  rm -f "$log"
done
