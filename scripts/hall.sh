# Sourced by the scripts that open real windows on a demo (screenshots.sh,
# idle_cpu.sh): a work directory cleaned up on exit with every process
# started, a demo server, the join codes it prints, and the app in a
# virtual screen. The caller sets `bin` (the build's directory) first.

# The demo and the app stay off the network: no mDNS announcement or
# browsing (multicast) from a script's servers and windows.
export MINUTA_NO_MDNS=1

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# demo NAME PORT ARGS…: a demo server on 127.0.0.1:PORT with ARGS; sets
# `log` to its log's path (not printed: a command substitution's subshell
# would keep the server out of `pids`).
demo() {
    log="$work/$1.log"
    local port=$2
    shift 2
    "$bin/minuta-server" demo --listen "127.0.0.1:$port" --data "$work/data-$port" \
        --certs "$work/certs-$port" "$@" >"$log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 100); do
        grep -q "Open a terminal with" "$log" 2>/dev/null && return
        sleep 0.2
    done
    echo "$(basename "$0"): the demo $1 did not start:" >&2
    cat "$log" >&2
    exit 1
}

# code LOG ROLE: the join code of a role from a demo's log: host, display,
# or free (the team no robot plays).
code() {
    case "$2" in
        free) grep -A1 "free team for a person" "$1" | sed -n "s/.*minuta join '\(.*\)'.*/\1/p" | head -1 ;;
        *) sed -n "s/^$2: *//p" "$1" | head -1 ;;
    esac
}

# window SCREEN CODE: the app joined with CODE on virtual screen :SCREEN;
# sets `app` to its process.
window() {
    Xvfb ":$1" -screen 0 1100x760x24 -nolisten tcp >/dev/null 2>&1 &
    pids+=($!)
    sleep 1
    DISPLAY=":$1" LIBGL_ALWAYS_SOFTWARE=1 "$bin/minuta" join "$2" >"$work/window-$1.log" 2>&1 &
    app=$!
    pids+=($app)
}
