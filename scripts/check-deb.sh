#!/usr/bin/env bash
# Tries the Linux package (scripts/build-deb.sh) as a new user would, on a
# fresh Debian 12 (bookworm) in a chroot: installs the .deb with apt (no
# Recommends, so its Depends alone must be enough), plays a ChGK demo to its
# end with minuta-server and exports its store, loads the browser terminal
# (page and wasm) from the chrooted server with curl, opens `minuta demo`'s
# window under Xvfb and takes a screenshot, lists the shared libraries the
# running app loaded (dlopen included) with their Debian packages, and
# checks that the desktop entry makes the app the handler of minuta://.
# Run by hand as root (chroot, mounts); not in CI. Idempotent: reuses the
# root (made with debootstrap when missing) and removes the package and
# what it pulled in before installing it again. Network: Debian's mirror for
# debootstrap/apt; everything else on 127.0.0.1.
#
#   scripts/check-deb.sh [ROOT_DIR [DEB]]
#     ROOT_DIR  the chroot (default /work/deb-root), never inside the repo
#     DEB       the package (default: the newest target/debian/minuta_*.deb)
#   Results (screenshot, logs, the export) go to target/check-deb/.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${1:-/work/deb-root}"
DEB="${2:-}"
OUT="$REPO/target/check-deb"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# Ports and display of this check (127.0.0.1 only): the server's demo, the
# server serving a browser, the app's in-process server, Xvfb's display.
PORT_DEMO=4700 PORT_WEB=4701 PORT_APP=4702 DISPLAY_NUM=47
say() { printf 'check-deb: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

# --- arguments and what the host needs ---------------------------------------
[ "$(id -u)" = 0 ] || die "run as root (chroot and mounts need it): sudo $0 $*"
case "$DIR" in /) die "ROOT_DIR must not be /" ;; esac
DIR="$(realpath -m "$DIR")"
case "$DIR/" in "$REPO"/*) die "ROOT_DIR $DIR is inside the repository; use a folder outside it" ;; esac
if [ -z "$DEB" ]; then
    DEB="$(ls -t "$REPO"/target/debian/minuta_*.deb 2>/dev/null | head -n1 || true)"
    [ -n "$DEB" ] || die "no target/debian/minuta_*.deb: run scripts/build-deb.sh first, or name the .deb"
fi
[ -f "$DEB" ] || die "no such package: $DEB"
dpkg-deb --info "$DEB" >/dev/null 2>&1 || die "$DEB is not a Debian package"
need_apt=()
command -v debootstrap >/dev/null 2>&1 || need_apt+=(debootstrap)
command -v Xvfb >/dev/null 2>&1 || need_apt+=(xvfb)
command -v import >/dev/null 2>&1 || need_apt+=(imagemagick)
command -v curl >/dev/null 2>&1 || need_apt+=(curl)
command -v jq >/dev/null 2>&1 || need_apt+=(jq)
if ((${#need_apt[@]})); then
    say "installing on the host: ${need_apt[*]}"
    apt-get update -qq && apt-get install -y -qq "${need_apt[@]}"
fi
for port in $PORT_DEMO $PORT_WEB $PORT_APP; do
    ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || die "port $port on 127.0.0.1 is taken; stop what listens there"
done
[ ! -e /tmp/.X11-unix/X$DISPLAY_NUM ] || die "display :$DISPLAY_NUM is taken (/tmp/.X11-unix/X$DISPLAY_NUM)"
if [ ! -f "$DIR/etc/debian_version" ] && [ -e "$DIR" ]; then
    [ -d "$DIR" ] && [ -z "$(ls -A "$DIR")" ] || die "$DIR exists, is not empty and is no Debian root"
fi
rm -rf "$OUT" && mkdir -p "$OUT"

# --- the root, its mounts, and cleaning up -----------------------------------
if [ ! -f "$DIR/etc/debian_version" ]; then
    say "debootstrap bookworm into $DIR (minbase: the fewest packages, so a missing Depends shows)"
    debootstrap --variant=minbase bookworm "$DIR" "$MIRROR" >"$OUT/debootstrap.log" 2>&1 \
        || die "debootstrap failed; see $OUT/debootstrap.log"
fi
mounted=() pids=()
cleanup() {
    local i
    for i in "${pids[@]}"; do kill "$i" 2>/dev/null || true; done
    for i in "${pids[@]}"; do wait "$i" 2>/dev/null || true; done
    for i in /proc/[0-9]*; do
        [ "$(readlink "$i/root" 2>/dev/null)" != "$DIR" ] \
            || say "warning: process ${i#/proc/} still runs in $DIR: $(tr '\0' ' ' <"$i/cmdline")"
    done
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p /tmp/.X11-unix && chmod 1777 /tmp/.X11-unix
for m in proc sys dev dev/pts tmp/.X11-unix; do
    mkdir -p "$DIR/$m"
    # A mount left by an interrupted run is taken over (and removed at exit).
    mountpoint -q "$DIR/$m" || mount --bind "/$m" "$DIR/$m"
    mounted+=("$DIR/$m")
done
cp -L /etc/resolv.conf "$DIR/etc/resolv.conf"
# As an installed Debian has them: the point release's updates and the
# security archive, beside debootstrap's one line.
grep -q bookworm-updates "$DIR/etc/apt/sources.list" \
    || echo "deb $MIRROR bookworm-updates main" >>"$DIR/etc/apt/sources.list"
grep -q bookworm-security "$DIR/etc/apt/sources.list" \
    || echo "deb ${MIRROR%/debian}/debian-security bookworm-security main" >>"$DIR/etc/apt/sources.list"
in_root() { chroot "$DIR" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }
# For `in_root_exec … &`: the background job becomes the program itself, so
# $! is its process and killing it stops it (not a shell around it).
in_root_exec() { exec chroot "$DIR" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }

# --- install: the package's Depends alone ------------------------------------
say "removing an earlier minuta and what it pulled in"
in_root apt-get purge -y -qq minuta >/dev/null 2>&1 || true
in_root apt-get autoremove --purge -y -qq >/dev/null
in_root dpkg-query -W -f '${Package}\n' | sort >"$OUT/packages-before.txt"
cp "$DEB" "$DIR/tmp/minuta.deb"
say "apt-get install --no-install-recommends $(basename "$DEB")"
in_root apt-get update -qq
in_root apt-get install -y --no-install-recommends /tmp/minuta.deb >"$OUT/apt-install.log" 2>&1 \
    || { tail -n 20 "$OUT/apt-install.log" >&2; die "apt-get install failed; see $OUT/apt-install.log"; }
in_root dpkg-query -W -f '${Package}\n' | sort >"$OUT/packages-after.txt"
comm -13 "$OUT/packages-before.txt" "$OUT/packages-after.txt" >"$OUT/packages-pulled.txt"
say "the package pulled in $(wc -l <"$OUT/packages-pulled.txt") packages (packages-pulled.txt)"
in_root dpkg -L minuta >"$OUT/files.txt"
for f in /usr/bin/minuta /usr/bin/minuta-server /usr/share/applications/minuta.desktop /usr/share/doc/minuta/copyright; do
    grep -qx "$f" "$OUT/files.txt" || die "the package lacks $f"
done
grep -qx 'MimeType=x-scheme-handler/minuta;' "$DIR/usr/share/applications/minuta.desktop" \
    || die "the desktop entry does not claim minuta://"

# --- the server's demo to its end, and its export ----------------------------
say "minuta-server demo --game chgk --run-to-end --minute 2 (about half a minute)"
rm -rf "$DIR/root/check" && mkdir -p "$DIR/root/check"
t0=$(date +%s)
in_root sh -c "cd /root/check && exec timeout 900 minuta-server demo --game chgk --run-to-end --minute 2 --listen 127.0.0.1:$PORT_DEMO --no-mdns" \
    >"$OUT/server-demo.log" 2>&1 || { tail -n 20 "$OUT/server-demo.log" >&2; die "the server's demo did not finish; see $OUT/server-demo.log"; }
say "the demo finished in $(($(date +%s) - t0)) s"
in_root sh -c "cd /root/check && exec minuta-server export --format json" >"$OUT/export.json" 2>"$OUT/export.log" \
    || die "export failed; see $OUT/export.log"
# The played demo's standings: every team placed, every question's mark.
summary="$(jq -r '[(.standings | length), ([.standings[].mask | length] | min)] | @tsv' "$OUT/export.json" 2>/dev/null)" \
    || die "the export is not the standings' JSON; see $OUT/export.json"
read -r teams questions <<<"$summary"
[ "${teams:-0}" -gt 0 ] && [ "${questions:-0}" -gt 0 ] \
    || die "the export's standings are empty; see $OUT/export.json"
say "export: $(wc -c <"$OUT/export.json") bytes of JSON, $teams teams placed, $questions questions each"

# --- a browser's view of the chrooted server ---------------------------------
wait_port() { # PORT PID: until something listens on PORT, while PID lives
    for _ in $(seq 1 100); do
        (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0
        kill -0 "$2" 2>/dev/null || return 1
        sleep 0.3
    done
    return 1
}
check_web() { # PORT NAME: the page and the wasm it names, as a browser loads them
    local page wasm named
    page="$(curl -sS -o "$OUT/$2-index.html" -w '%{http_code} %{content_type}' "http://127.0.0.1:$1/")" \
        || die "$2: no answer on http://127.0.0.1:$1/"
    named="$(grep -o 'minuta_bg-[0-9a-f]*\.wasm' "$OUT/$2-index.html" | head -n1)"
    [ -n "$named" ] || die "$2: the page names no wasm"
    wasm="$(curl -sS -o "$OUT/$2.wasm" -w '%{http_code} %{content_type} %{size_download}' "http://127.0.0.1:$1/$named")" \
        || die "$2: no answer for /$named"
    say "$2: / -> $page; /$named -> $wasm"
    case "$page" in "200 text/html"*) ;; *) die "$2: the page answered $page" ;; esac
    case "$wasm" in "200 application/wasm "*) ;; *) die "$2: the wasm answered $wasm" ;; esac
    cmp -s "$OUT/$2.wasm" "$REPO/target/web/$named" \
        || say "note: $2's wasm differs from this tree's target/web (a .deb built from another tree?)"
}
say "minuta-server demo on 127.0.0.1:$PORT_WEB for a browser"
mkdir -p "$DIR/root/check/web"
in_root_exec sh -c "cd /root/check/web && exec minuta-server demo --minute 60 --listen 127.0.0.1:$PORT_WEB --no-mdns" \
    >"$OUT/server-web.log" 2>&1 &
pids+=($!)
wait_port $PORT_WEB $! || { tail -n 20 "$OUT/server-web.log" >&2; die "the server does not listen on $PORT_WEB"; }
check_web $PORT_WEB server
kill "${pids[-1]}" && wait "${pids[-1]}" 2>/dev/null || true
unset 'pids[-1]' # stopped: not to be signalled again at exit (its id may be reused)

# --- the desktop app's window under Xvfb -------------------------------------
say "Xvfb :$DISPLAY_NUM and minuta demo"
Xvfb ":$DISPLAY_NUM" -screen 0 1280x800x24 -nolisten tcp >"$OUT/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do [ -e /tmp/.X11-unix/X$DISPLAY_NUM ] && break; sleep 0.1; done
[ -e /tmp/.X11-unix/X$DISPLAY_NUM ] || die "Xvfb did not start; see $OUT/xvfb.log"
mkdir -p "$DIR/root/check/app"
in_root_exec env DISPLAY=":$DISPLAY_NUM" \
    sh -c "cd /root/check/app && exec minuta demo --minute 5 --listen 127.0.0.1:$PORT_APP --no-mdns" \
    >"$OUT/app.log" 2>&1 &
app=$!
pids+=("$app")
wait_port $PORT_APP $app || { tail -n 20 "$OUT/app.log" >&2; die "minuta demo stopped or serves nothing; see $OUT/app.log"; }
sleep 8 # the window's first frames and the robots' first moves
kill -0 $app 2>/dev/null || { tail -n 20 "$OUT/app.log" >&2; die "minuta demo stopped; see $OUT/app.log"; }
check_web $PORT_APP app
# What the running app loaded, dlopen included: the libraries its Depends
# must bring (those outside the package's own files).
# The kernel shows them with the root's folder in front, seen from here.
grep -o '/[^ ]*\.so[.0-9]*$' "/proc/$app/maps" | sed "s|^$DIR||" | sort -u >"$OUT/app-libraries.txt"
while read -r lib; do
    # Merged /usr: dpkg may know the file under /lib rather than /usr/lib.
    pkg="$( { in_root dpkg -S "$lib" || in_root dpkg -S "${lib#/usr}"; } 2>/dev/null | head -n1 | cut -d: -f1 || true)"
    printf '%s\t%s\n' "${pkg:-?}" "$lib"
done <"$OUT/app-libraries.txt" | sort -u >"$OUT/app-library-packages.txt"
say "the app loaded $(wc -l <"$OUT/app-libraries.txt") libraries from $(cut -f1 "$OUT/app-library-packages.txt" | sort -u | wc -l) packages (app-library-packages.txt)"
import -display ":$DISPLAY_NUM" -window root "$OUT/minuta-demo.png"
colours="$(convert "$OUT/minuta-demo.png" -format '%k' info:)"
say "screenshot: $OUT/minuta-demo.png ($colours colours)"
[ "$colours" -gt 16 ] || die "the screenshot is (nearly) blank: no window drawn? see $OUT/app.log"
kill "$app" && wait "$app" 2>/dev/null || true
unset 'pids[-1]'

# --- minuta:// goes to the app -------------------------------------------------
# desktop-file-utils' dpkg trigger writes mimeinfo.cache from the entry; it
# is marked automatic, so the next run's autoremove takes it away again.
say "desktop-file-utils: is minuta.desktop the handler of minuta://?"
in_root apt-get install -y -qq --no-install-recommends desktop-file-utils >"$OUT/apt-desktop.log" 2>&1 \
    || die "installing desktop-file-utils failed; see $OUT/apt-desktop.log"
in_root apt-mark auto desktop-file-utils >/dev/null
in_root desktop-file-validate /usr/share/applications/minuta.desktop || die "desktop-file-validate refused minuta.desktop"
grep -q '^x-scheme-handler/minuta=.*minuta\.desktop' "$DIR/usr/share/applications/mimeinfo.cache" \
    || die "mimeinfo.cache does not name minuta.desktop for x-scheme-handler/minuta"

say "all checks passed; results in $OUT"
