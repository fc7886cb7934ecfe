#!/usr/bin/env bash
# Builds a release into dist/: the Windows server
# minuta-server-<version>-windows-x86_64.exe, the Linux package
# minuta_<version>_amd64.deb and SHA256SUMS of both, then prints what it
# made (paths, sizes, sums). <version> is the workspace's (Cargo.toml,
# [workspace.package]); the programs say it with the commit they were built
# from (`minuta-server --version`: 0.1.0 (abc1234), -dirty when the tree
# had changes). The work is the build scripts' own, each installing what a
# fresh Debian with Rust lacks: scripts/build-web.sh (only when target/web
# has no bundle, or with --rebuild-web), scripts/build-windows.sh and
# scripts/build-deb.sh. A step that fails is named and stops the release.
# dist/ is git-ignored; a release replaces the files an earlier one put
# there and leaves anything else.
#
#   scripts/release.sh                  build dist/
#   scripts/release.sh --rebuild-web    build the browser terminal again first
#   MINUTA_WEB_DIR=DIR                  the browser terminal built elsewhere
#                                       (default target/web)
#   CARGO_TARGET_DIR, MINUTA_WINDOWS_TARGET_DIR   as for the build scripts
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIST="$ROOT/dist"
# The bundle both builds embed, copied once: the same files in the .exe and
# the .deb even if target/web is rebuilt meanwhile.
WEB_COPY="$ROOT/target/release-web"
say() { printf 'release: %s\n' "$*" >&2; }
STEP=""
# Once a step runs, every error names it.
die() { say "error: ${STEP:+$STEP failed: }$*"; exit 1; }
step() { # NUMBER TITLE: the step now running, named if it fails
    STEP="step $1 ($2)"
    STEP_STARTED=$(date +%s)
    say "--- $STEP"
}
failed() { # EXIT_CODE WHAT
    die "$2 exited with code $1; its messages are above"
}
done_step() { say "$STEP done in $(($(date +%s) - STEP_STARTED)) s"; }
# Anything else that fails stops the release under the step's name too.
trap 'say "error: ${STEP:-the release} failed at line $LINENO: $BASH_COMMAND"' ERR

rebuild_web=0
for arg in "$@"; do
    case "$arg" in
        --rebuild-web) rebuild_web=1 ;;
        -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) die "unknown argument $arg (only --rebuild-web; --help says more)" ;;
    esac
done
started=$(date +%s)

# --- what is released ----------------------------------------------------------
version="$(awk '
    /^\[workspace\.package\]/ { inside = 1; next }
    /^\[/ { inside = 0 }
    inside && /^version[ \t]*=/ { sub(/^[^"]*"/, ""); sub(/".*/, ""); print; exit }
' "$ROOT/Cargo.toml")"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]*)?$ ]] \
    || die "cannot read [workspace.package] version from Cargo.toml (read '${version}')"
# shared/build.rs reruns (and finds the commit again) when this changes: an
# edit since the last build still makes the version say -dirty.
if git -C "$ROOT" rev-parse --show-toplevel >/dev/null 2>&1; then
    MINUTA_SOURCE_STATE="$(git -C "$ROOT" rev-parse HEAD) $(git -C "$ROOT" --no-optional-locks \
        status --porcelain --untracked-files=no | sha256sum | cut -c1-16)"
    if [ -n "$(git -C "$ROOT" --no-optional-locks status --porcelain --untracked-files=no)" ]; then
        say "note: the tree has uncommitted changes, so the programs will say $version (<commit>-dirty)"
    fi
else
    MINUTA_SOURCE_STATE="outside git"
    say "note: not in a git repository, so the programs will say $version alone"
fi
export MINUTA_SOURCE_STATE
say "Minuta $version into $DIST"

# --- 1. the browser terminal ---------------------------------------------------
step 1/4 "the browser terminal"
web_dir="${MINUTA_WEB_DIR:-$ROOT/target/web}"
own_web=1
[ -z "${MINUTA_WEB_DIR:-}" ] || [ "$web_dir" -ef "$ROOT/target/web" ] || own_web=0
if ((rebuild_web)) && ! ((own_web)); then
    die "--rebuild-web builds target/web, but MINUTA_WEB_DIR names $web_dir: unset it, or leave out --rebuild-web"
elif ! ((own_web)) && [ ! -f "$web_dir/index.html" ]; then
    die "MINUTA_WEB_DIR=$web_dir has no index.html: build it, or unset MINUTA_WEB_DIR"
fi
if ((rebuild_web)) || [ ! -f "$web_dir/index.html" ]; then
    say "scripts/build-web.sh"
    bash "$ROOT/scripts/build-web.sh" >/dev/null || failed $? scripts/build-web.sh
else
    say "reusing the bundle in $web_dir (built $(date -r "$web_dir/index.html" '+%F %T')); --rebuild-web builds it again"
fi
# Complete: every file the page names is there (a build under way, or
# killed, may leave a page without its script or its wasm).
named="$(grep -o 'minuta[-_][A-Za-z0-9_.-]*\.\(js\|wasm\)' "$web_dir/index.html" | sort -u || true)"
[ -n "$named" ] || die "$web_dir/index.html names no minuta*.js or *.wasm; rebuild it (--rebuild-web)"
rm -rf "$WEB_COPY" && mkdir -p "$WEB_COPY"
for file in "$web_dir"/*; do
    if [ -f "$file" ]; then cp -p "$file" "$WEB_COPY/"; fi
done
for name in $named; do
    [ -f "$WEB_COPY/$name" ] \
        || die "$web_dir is incomplete: index.html names $name, which is not there (being rebuilt? wait and run again, or --rebuild-web)"
done
export MINUTA_WEB_DIR="$WEB_COPY"
say "embedding $(find "$WEB_COPY" -type f | wc -l) files ($(du -sh "$WEB_COPY" | cut -f1)): $(paste -sd' ' <<<"$named")"
done_step

# --- 2. the Windows server -----------------------------------------------------
step 2/4 "the Windows server"
exe="$(bash "$ROOT/scripts/build-windows.sh" | tail -n1)" || failed $? scripts/build-windows.sh
[ -f "$exe" ] || die "scripts/build-windows.sh named no .exe (said '$exe')"
done_step

# --- 3. the Linux package ------------------------------------------------------
step 3/4 "the Linux package"
deb="$(bash "$ROOT/scripts/build-deb.sh" | tail -n1)" || failed $? scripts/build-deb.sh
[ -f "$deb" ] || die "scripts/build-deb.sh named no .deb (said '$deb')"
deb_version="$(dpkg-deb --field "$deb" Version)"
case "$deb_version" in
    "$version" | "$version"-*) ;;
    *) die "$deb is version $deb_version, Cargo.toml says $version" ;;
esac
done_step

# --- 4. dist/ ------------------------------------------------------------------
step 4/4 "dist/ and SHA256SUMS"
mkdir -p "$DIST"
# An earlier release's files go, so SHA256SUMS lists all there is.
rm -f "$DIST"/minuta-server-*-windows-*.exe "$DIST"/minuta_*.deb "$DIST/SHA256SUMS"
exe_name="minuta-server-$version-windows-x86_64.exe"
deb_name="$(basename "$deb")"
cp "$exe" "$DIST/$exe_name"
cp "$deb" "$DIST/$deb_name"
(cd "$DIST" && sha256sum "$exe_name" "$deb_name" >SHA256SUMS)
(cd "$DIST" && sha256sum --check --quiet SHA256SUMS) || die "SHA256SUMS does not check"
# What the shipped server says of itself: the .deb's minuta-server.
probe="$(mktemp -d)"
dpkg-deb --fsys-tarfile "$DIST/$deb_name" | tar -x -C "$probe" ./usr/bin/minuta-server
said="$("$probe/usr/bin/minuta-server" --version)"
rm -rf "$probe"
case "$said" in
    "minuta-server $version" | "minuta-server $version ("*")") ;;
    *) die "the package's minuta-server --version says '$said', not $version" ;;
esac
done_step

# --- what was made --------------------------------------------------------------
echo "Minuta ${said#minuta-server } — made in $(($(date +%s) - started)) s:"
for name in "$exe_name" "$deb_name"; do
    bytes=$(stat -c %s "$DIST/$name")
    printf '  %s\n      %s bytes (%s)\n      sha256 %s\n' "$DIST/$name" "$bytes" \
        "$(numfmt --to=iec-i --suffix=B --format=%.1f "$bytes")" \
        "$(sha256sum "$DIST/$name" | cut -d' ' -f1)"
done
echo "  $DIST/SHA256SUMS"
echo "Check a copy: sha256sum -c SHA256SUMS (beside the files)."
