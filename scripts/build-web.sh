#!/usr/bin/env bash
# Builds the browser terminal (client/src/web) into target/web/: index.html,
# minuta-HASH.js and minuta_bg-HASH.wasm (named by their contents, so the
# server lets browsers keep them a year and a reload fetches only the page),
# and a .gz and a .br beside each, which the server sends to browsers that
# take them. The wasm is built for size (Cargo.toml's `web` profile) and
# shrunk by binaryen's wasm-opt. Installs what a fresh Debian lacks
# (Debian's Rust for browsers builds the wasm32 standard library; STACK.md,
# «Other targets»). Quick when nothing changed: cargo finds nothing to do
# and the wasm's hash skips wasm-bindgen and wasm-opt.
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
# Binaryen's wasm-opt shrinks the module; Debian 12's (108) is too old for
# it (below), so binaryen's own build for Node.js is fetched from npm's
# registry and run by node. Brotli packs the files for HTTPS browsers.
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
command -v curl >/dev/null 2>&1 || need_apt+=(curl)
command -v brotli >/dev/null 2>&1 || need_apt+=(brotli)
# Zopfli writes gzip that any browser reads, 4 % smaller than gzip -9's.
command -v zopfli >/dev/null 2>&1 || need_apt+=(zopfli)
command -v openssl >/dev/null 2>&1 || need_apt+=(openssl)
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
say "cargo (wasm32, the web profile, no embedded server)"
(
    cd "$ROOT"
    RUSTC="$WEB_RUSTC" RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$WASM_TARGET_DIR" \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$LINKER" \
        "$WEB_CARGO" rustc -p minuta-client --lib --profile web --target "$TRIPLE" \
        -Z build-std=std,panic_abort --no-default-features --crate-type cdylib
)
WASM="$WASM_TARGET_DIR/$TRIPLE/web/minuta_client.wasm"
[ -f "$WASM" ] || { say "no $WASM after the build"; exit 1; }

# Binaryen 132 for Node.js, from npm's registry, checked against the
# registry's own digest; printed is the wasm-opt to run, or nothing.
BINARYEN_VERSION=132.0.0
BINARYEN_SHA512=4Usg7yEvwO3FMso3Oov6qkOOHSod1IEv+boKkh77kTljM+eNBouqCTbqWswGzbG+vDNO/b/v2C4gfEh1WgB9Lg==
binaryen_wasm_opt() {
    local home="$ROOT/target/tools/binaryen-$BINARYEN_VERSION"
    if [ ! -f "$home/package/bin/wasm-opt" ]; then
        mkdir -p "$home"
        local tgz="$home/binaryen.tgz"
        curl -fsSL --retry 3 -o "$tgz" \
            "https://registry.npmjs.org/binaryen/-/binaryen-$BINARYEN_VERSION.tgz" || return 0
        if [ "$(openssl dgst -sha512 -binary "$tgz" | base64 -w0)" != "$BINARYEN_SHA512" ]; then
            say "binaryen $BINARYEN_VERSION from npm does not match its digest: not used"
            rm -f "$tgz"
            return 0
        fi
        tar -xzf "$tgz" -C "$home" && rm -f "$tgz"
    fi
    if [ -f "$home/package/bin/wasm-opt" ]; then
        echo "node $home/package/bin/wasm-opt"
    fi
}

mkdir -p "$OUT"
STAMP="$OUT/.built-from"
HASH="$(sha256sum "$WASM" | cut -d' ' -f1) $(sha256sum "$ROOT/client/web/index.html" | cut -d' ' -f1) $(sha256sum "$0" | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$HASH" ] && [ -f "$OUT/index.html.gz" ]; then
    say "unchanged"
else
    WORK="$OUT/.work"
    rm -rf "$WORK"
    mkdir -p "$WORK"
    "$BINDGEN" --target web --no-typescript --out-name minuta --out-dir "$WORK" "$WASM"
    # Binaryen before 116 (Debian 12 has 108) rewrites the module so that
    # wasm-bindgen's reference table no longer loads ("Table.set(): Argument
    # 1 is invalid"): measured here; such a wasm-opt is left out for
    # binaryen's own build from npm.
    OPT=""
    OPT_VERSION="$(wasm-opt --version 2>/dev/null | grep -o '[0-9]\+' | head -n1 || true)"
    if [ -n "$OPT_VERSION" ] && [ "$OPT_VERSION" -ge 116 ]; then
        OPT=wasm-opt
    elif command -v node >/dev/null 2>&1; then
        OPT="$(binaryen_wasm_opt)"
    fi
    if [ -z "$OPT" ]; then
        say "no wasm-opt 116 or later (nor node and binaryen from npm): the wasm stays unoptimised"
    else
        # The features rustc's wasm32 target emits; a binaryen that cannot
        # read them leaves the module as wasm-bindgen wrote it.
        say "wasm-opt -Oz ($OPT; some minutes)"
        if $OPT -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
            --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
            -o "$WORK/minuta_bg.opt.wasm" "$WORK/minuta_bg.wasm" 2>"$WORK/wasm-opt.log"; then
            mv "$WORK/minuta_bg.opt.wasm" "$WORK/minuta_bg.wasm"
        else
            cp "$WORK/wasm-opt.log" "$OUT/wasm-opt.log"
            say "wasm-opt failed (see $OUT/wasm-opt.log): the bundle stays unoptimised"
        fi
    fi
    # Named by their contents; the page names them (its placeholders).
    short() { sha256sum "$1" | cut -c1-16; }
    WASM_NAME="minuta_bg-$(short "$WORK/minuta_bg.wasm").wasm"
    mv "$WORK/minuta_bg.wasm" "$WORK/$WASM_NAME"
    JS_NAME="minuta-$(short "$WORK/minuta.js").js"
    mv "$WORK/minuta.js" "$WORK/$JS_NAME"
    sed -e "s/MINUTA_JS/$JS_NAME/g" -e "s/MINUTA_WASM/$WASM_NAME/g" \
        "$ROOT/client/web/index.html" > "$WORK/index.html"
    grep -q "$JS_NAME" "$WORK/index.html" && grep -q "$WASM_NAME" "$WORK/index.html" \
        || { say "client/web/index.html lacks its MINUTA_JS / MINUTA_WASM placeholders"; exit 1; }
    for file in "$WORK/index.html" "$WORK/$JS_NAME" "$WORK/$WASM_NAME"; do
        zopfli --i5 -c "$file" > "$file.gz"
        brotli -q 11 -k -f "$file"
    done
    rm -f "$WORK/wasm-opt.log" "$OUT/wasm-opt.log"
    # The old build's files go; the new ones come in one step each.
    find "$OUT" -maxdepth 1 -type f ! -name '.*' -delete
    mv "$WORK"/* "$OUT"/
    rmdir "$WORK"
    echo "$HASH" > "$STAMP"
fi

raw=0; gz=0; br=0
for file in "$OUT"/index.html "$OUT"/minuta-*.js "$OUT"/minuta_bg-*.wasm; do
    raw=$((raw + $(stat -c %s "$file")))
    gz=$((gz + $(stat -c %s "$file.gz")))
    br=$((br + $(stat -c %s "$file.br")))
done
say "bundle in $OUT: $raw bytes, $gz bytes gzipped (plain http://), $br with Brotli (https://)"
echo "$gz"
