#!/usr/bin/env bash
# Builds the Linux package target/debian/minuta_<version>_amd64.deb:
# /usr/bin/minuta (the desktop app), /usr/bin/minuta-server, the desktop
# entry that makes minuta:// links open the app, and the copyright file.
# Both binaries carry the browser terminal (feature `embed-web`), so the
# server and `minuta host`/`minuta demo` serve browsers with nothing beside
# them. Installs what a fresh Debian with Rust (rustup) lacks: a C compiler
# (ring, SQLite, mimalloc), dpkg-dev (dpkg-shlibdeps, for the package's
# Depends) and cargo-deb at a pinned version. The package's metadata is in
# client/Cargo.toml, [package.metadata.deb]; scripts/check-deb.sh tries it
# on a fresh Debian.
#
#   scripts/build-deb.sh            build the package
#   CARGO_TARGET_DIR=DIR            cargo's target directory (as for cargo;
#                                   the package still goes to target/debian)
#   MINUTA_WEB_DIR=DIR              the browser terminal, built already
#                                   (default: build-web.sh builds target/web)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/target/debian"
# cargo-deb, pinned so a rebuild makes the same package: 3.8.0 is the
# release this package was made and tried with.
CARGO_DEB_VERSION=3.8.0
say() { printf 'build-deb: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

[ "$(uname -s)" = Linux ] || die "the .deb is built on Linux (this is $(uname -s))"
command -v cargo >/dev/null 2>&1 || die "cargo is missing: install Rust with rustup (https://rustup.rs)"
command -v dpkg >/dev/null 2>&1 || die "dpkg is missing: the .deb is built on Debian or Ubuntu"
arch="$(dpkg --print-architecture)"
[ "$arch" = amd64 ] || say "warning: this machine is $arch; the package will be minuta_<version>_$arch.deb"

# --- what a fresh machine lacks ---------------------------------------------
need_apt=()
command -v cc >/dev/null 2>&1 || need_apt+=(build-essential)
# cargo-deb's `$auto` Depends come from dpkg-shlibdeps.
command -v dpkg-shlibdeps >/dev/null 2>&1 || need_apt+=(dpkg-dev)
# The manual pages, from the binaries' --help.
command -v help2man >/dev/null 2>&1 || need_apt+=(help2man)
if ((${#need_apt[@]})); then
    say "installing ${need_apt[*]} (apt-get)"
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${need_apt[@]}"
fi
have_deb="$(cargo deb --version 2>/dev/null || true)"
if [ "${have_deb##* }" != "$CARGO_DEB_VERSION" ]; then
    say "installing cargo-deb $CARGO_DEB_VERSION (cargo install; was: ${have_deb:-none})"
    cargo install --locked cargo-deb --version "$CARGO_DEB_VERSION"
fi

# --- the browser terminal, then both binaries with it inside ----------------
WEB_DIR="${MINUTA_WEB_DIR:-}"
if [ -z "$WEB_DIR" ]; then
    "$ROOT/scripts/build-web.sh"
    WEB_DIR="$ROOT/target/web"
fi
[ -f "$WEB_DIR/index.html" ] || die "no index.html in $WEB_DIR: build the browser terminal first (scripts/build-web.sh)"
export MINUTA_WEB_DIR="$WEB_DIR"
cd "$ROOT"
# One cargo call, so the server crate is built once with `embed-web` for
# both binaries.
say "building minuta-server and minuta (release, embed-web)"
cargo build --release --locked \
    -p minuta-server -p minuta-client \
    --bin minuta-server --bin minuta \
    --features minuta-server/embed-web,minuta-client/embed-web

# --- manual pages and changelog, gzipped (-n: no name or time inside) -------
meta="$(cargo metadata --format-version 1 --no-deps --locked)"
target_dir="$(printf '%s' "$meta" | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
[ -d "$target_dir/release" ] || die "cannot find cargo's target directory (cargo metadata said '$target_dir')"
bin="$target_dir/release"
doc="$bin/deb-doc"
rm -rf "$doc" && mkdir -p "$doc"
LANG=C.UTF-8 help2man --no-info --output="$doc/minuta.1" \
    --name="team terminal, host dashboard, judge, jury and projector display of Minuta" \
    "$bin/minuta" || die "help2man could not run $bin/minuta --help"
LANG=C.UTF-8 help2man --no-info --output="$doc/minuta-server.1" \
    --name="the game server of Minuta, team quiz games in a hall" \
    "$bin/minuta-server" || die "help2man could not run $bin/minuta-server --help"
cp "$ROOT/scripts/linux/changelog" "$doc/changelog"
gzip -9n "$doc/minuta.1" "$doc/minuta-server.1" "$doc/changelog"

# --- the package --------------------------------------------------------------
version="$(printf '%s' "$meta" | sed -n 's/.*"name":"minuta-client","version":"\([^"]*\)".*/\1/p')"
[ -n "$version" ] || die "cannot read minuta-client's version from cargo metadata"
top="$(sed -n '1s/^minuta (\([^)]*\)).*/\1/p' "$ROOT/scripts/linux/changelog")"
[ "$top" = "$version" ] \
    || die "scripts/linux/changelog's top entry is ${top:-unreadable}, the version is $version: add an entry for $version"
mkdir -p "$OUT"
deb="$OUT/minuta_${version}_${arch}.deb"
rm -f "$deb"
# --no-build: the binaries above are the ones with `embed-web`; cargo-deb
# strips them (no debug info is kept in release anyway).
cargo deb -p minuta-client --no-build --locked --output "$deb"
[ -f "$deb" ] || die "cargo-deb made no $deb"
say "made $deb ($(du -h "$deb" | cut -f1))"
dpkg-deb --field "$deb" Package Version Architecture Depends Installed-Size >&2
printf '%s\n' "$deb"
