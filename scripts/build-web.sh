#!/usr/bin/env bash
# Builds the browser terminal (client/src/web) into target/web/: index.html,
# minuta.js, minuta_bg.wasm, and a .gz beside each, which the server sends
# to browsers that accept gzip. Installs what a fresh Debian lacks (Debian's
# Rust for browsers builds the wasm32 standard library; STACK.md, «Other
# targets»). Quick when nothing changed: cargo finds nothing to do and the
# wasm's hash skips wasm-bindgen and wasm-opt.
#
#   scripts/build-web.sh           build (release)
#   MINUTA_WASM_TARGET_DIR=DIR     cargo's target directory for the wasm
#                                  build (default target/wasm: Debian's
#                                  rustc must not share the native one's)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/target/web"
WASM_TARGET_DIR="${MINUTA_WASM_TARGET_DIR:-$ROOT/target/wasm}"
TRIPLE=wasm32-unknown-unknown
say() { printf 'build-web: %s\n' "$*" >&2; }

# --- what a fresh machine lacks ---------------------------------------------
need_apt=()
dpkg -s rustc-web >/dev/null 2>&1 || need_apt+=(rustc-web)
dpkg -s cargo-web >/dev/null 2>&1 || need_apt+=(cargo-web)
dpkg -s rust-web-src >/dev/null 2>&1 || need_apt+=(rust-web-src)
command -v clang >/dev/null 2>&1 || need_apt+=(clang)
# binaryen's wasm-opt shrinks the module, where it is recent enough (below).
command -v wasm-opt >/dev/null 2>&1 || need_apt+=(binaryen)
if ! ls "$(rustc --print sysroot 2>/dev/null)"/lib/rustlib/*/bin/rust-lld >/dev/null 2>&1 \
    && ! command -v wasm-ld >/dev/null 2>&1; then
    need_apt+=(lld)
fi
if ((${#need_apt[@]})); then
    say "installing ${need_apt[*]} (apt-get)"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

# Debian's rustc-web: the compiler whose standard library sources build
# for wasm32 (-Z build-std; RUSTC_BOOTSTRAP lets a stable compiler do it).
WEB_RUSTC=/usr/bin/rustc
WEB_CARGO=/usr/bin/cargo
[ -x "$WEB_RUSTC" ] && [ -x "$WEB_CARGO" ] || { say "no $WEB_RUSTC / $WEB_CARGO (rustc-web, cargo-web)"; exit 1; }

# The linker: the installed toolchain's rust-lld, else Debian lld's wasm-ld.
LINKER="$(ls "$(rustc --print sysroot 2>/dev/null)"/lib/rustlib/*/bin/rust-lld 2>/dev/null | head -n1 || true)"
[ -n "$LINKER" ] || LINKER="$(command -v wasm-ld || ls /usr/bin/wasm-ld-* 2>/dev/null | head -n1 || true)"
[ -n "$LINKER" ] || { say "no rust-lld or wasm-ld found"; exit 1; }

# wasm-bindgen's CLI at exactly the crate's version in Cargo.lock.
BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$ROOT/Cargo.lock")"
BINDGEN="$(command -v wasm-bindgen || echo "$HOME/.cargo/bin/wasm-bindgen")"
if ! "$BINDGEN" --version 2>/dev/null | grep -qx "wasm-bindgen $BINDGEN_VERSION"; then
    say "installing wasm-bindgen-cli $BINDGEN_VERSION (cargo install, a few minutes once)"
    # Its own lock file first; a registry that lacks one of the locked
    # versions (a mirror behind crates.io) gets the newest compatible ones.
    cargo install --locked wasm-bindgen-cli --version "$BINDGEN_VERSION" \
        || cargo install wasm-bindgen-cli --version "$BINDGEN_VERSION"
    BINDGEN="$HOME/.cargo/bin/wasm-bindgen"
fi

# --- the wasm ------------------------------------------------------------------
say "cargo (wasm32, release, no embedded server)"
(
    cd "$ROOT"
    RUSTC="$WEB_RUSTC" RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$WASM_TARGET_DIR" \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$LINKER" \
        "$WEB_CARGO" rustc -p minuta-client --lib --release --target "$TRIPLE" \
        -Z build-std=std,panic_abort --no-default-features --crate-type cdylib
)
WASM="$WASM_TARGET_DIR/$TRIPLE/release/minuta_client.wasm"
[ -f "$WASM" ] || { say "no $WASM after the build"; exit 1; }

mkdir -p "$OUT"
STAMP="$OUT/.built-from"
HASH="$(sha256sum "$WASM" | cut -d' ' -f1) $(sha256sum "$ROOT/client/web/index.html" | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$HASH" ] && [ -f "$OUT/minuta_bg.wasm.gz" ]; then
    say "unchanged"
else
    "$BINDGEN" --target web --no-typescript --out-name minuta --out-dir "$OUT" "$WASM"
    # Binaryen before 116 (Debian 12 has 108) rewrites the module so that
    # wasm-bindgen's reference table no longer loads ("Table.set(): Argument
    # 1 is invalid"): measured here; such a wasm-opt is left out.
    OPT_VERSION="$(wasm-opt --version 2>/dev/null | grep -o '[0-9]\+' | head -n1 || true)"
    if [ -n "$OPT_VERSION" ] && [ "$OPT_VERSION" -lt 116 ]; then
        say "wasm-opt $OPT_VERSION is too old for this module (116 or later): not optimised"
    elif [ -n "$OPT_VERSION" ]; then
        # The features rustc's wasm32 target emits; a binaryen that cannot
        # read them leaves the module as wasm-bindgen wrote it.
        if wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
            --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
            -o "$OUT/minuta_bg.opt.wasm" "$OUT/minuta_bg.wasm" 2>"$OUT/wasm-opt.log"; then
            mv "$OUT/minuta_bg.opt.wasm" "$OUT/minuta_bg.wasm"
            rm -f "$OUT/wasm-opt.log"
        else
            say "wasm-opt failed (see $OUT/wasm-opt.log): the bundle stays unoptimised"
            rm -f "$OUT/minuta_bg.opt.wasm"
        fi
    fi
    cp "$ROOT/client/web/index.html" "$OUT/index.html"
    for file in "$OUT"/index.html "$OUT"/minuta.js "$OUT"/minuta_bg.wasm; do
        gzip -9 -n -k -f "$file"
    done
    echo "$HASH" > "$STAMP"
fi

raw=0; gz=0
for file in index.html minuta.js minuta_bg.wasm; do
    raw=$((raw + $(stat -c %s "$OUT/$file")))
    gz=$((gz + $(stat -c %s "$OUT/$file.gz")))
done
say "bundle in $OUT: $raw bytes, $gz bytes gzipped"
echo "$gz"
