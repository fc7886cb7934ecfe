#!/usr/bin/env bash
# The README's screenshots, made from real windows: the demo server plays a
# game; the desktop app joins it as a person would, each role in its own
# virtual screen (Xvfb); ImageMagick's `import` takes each screen.
#
# Needs what a desktop has plus Xvfb and ImageMagick (Debian: xvfb
# imagemagick; Mesa's software OpenGL, libgl1-mesa-dri, if the machine has
# no GPU). Usage: scripts/screenshots.sh [OUT_DIR]   (default docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
mkdir -p "$out"
for tool in Xvfb import; do
    command -v "$tool" >/dev/null || { echo "screenshots: $tool is missing (Debian: xvfb imagemagick)" >&2; exit 2; }
done
cargo build -q -p minuta-server -p minuta-client
bin=target/debug
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Starts a demo of game $1 with a $2-s minute on port $3; sets `log` to
# its log's path (not printed: a command substitution's subshell would keep
# the server out of `pids`).
demo() {
    log="$work/$1.log"
    "$bin/minuta-server" demo --game "$1" --minute "$2" --listen "127.0.0.1:$3" \
        --data "$work/$1-data" --certs "$work/$1-certs" >"$log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 100); do
        grep -q "Open a terminal with" "$log" 2>/dev/null && return
        sleep 0.2
    done
    echo "screenshots: the $1 demo did not start:" >&2
    cat "$log" >&2
    exit 1
}

# The join code of a role from a demo's log: host, display, or free (the
# team no robot plays).
code() {
    case "$2" in
        free) grep -A1 "free team for a person" "$1" | sed -n "s/.*minuta join '\(.*\)'.*/\1/p" | head -1 ;;
        *) sed -n "s/^$2: *//p" "$1" | head -1 ;;
    esac
}

# Opens the app on virtual screen :$1 with join code $2.
window() {
    Xvfb ":$1" -screen 0 1100x760x24 -nolisten tcp >/dev/null 2>&1 &
    pids+=($!)
    sleep 1
    DISPLAY=":$1" LIBGL_ALWAYS_SOFTWARE=1 "$bin/minuta" join "$2" >"$work/window-$1.log" 2>&1 &
    pids+=($!)
}

shoot() {
    import -display ":$1" -window root "$out/$2.png"
    echo "screenshots: $out/$2.png"
}

# ChGK: the host's dashboard, the free team's card and the projector's
# clock while a question's minute runs.
demo chgk 40 "${PORT:-4501}"
window 91 "$(code "$log" host)"
window 92 "$(code "$log" free)"
window 93 "$(code "$log" display)"
sleep "${CHGK_WAIT:-25}"
shoot 91 host
shoot 92 team
shoot 93 display

# Brain-ring: the projector and the free team's button during a fight.
demo brain-ring 20 "$(( ${PORT:-4501} + 1 ))"
window 94 "$(code "$log" display)"
window 95 "$(code "$log" free)"
sleep "${RING_WAIT:-30}"
shoot 94 brain-ring
shoot 95 brain-ring-team
