#!/usr/bin/env bash
# How much CPU the desktop app uses on a team terminal and on the projector:
# when nothing changes (the demo with no host: nobody acts), and while a
# question's minute runs (the autopilot host). Real windows under Xvfb with
# Mesa's software OpenGL, so the figures include drawing. Prints one line per
# measurement and a JSON line last.
#
# Needs Xvfb (Debian: xvfb). Usage: scripts/idle_cpu.sh [SECONDS] (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
span=${1:-20}
command -v Xvfb >/dev/null || { echo "idle_cpu: Xvfb is missing (Debian: xvfb)" >&2; exit 2; }
cargo build -q --release -p minuta-server -p minuta-client
bin=target/release
# shellcheck source=scripts/hall.sh
. scripts/hall.sh
tick=$(getconf CLK_TCK)

# CPU ticks (user + system) a process has used so far.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# measure PID: % of one core over `span` seconds.
measure() {
    local before after
    before=$(ticks "$1")
    sleep "$span"
    after=$(ticks "$1")
    awk -v d=$((after - before)) -v t="$tick" -v s="$span" 'BEGIN { printf "%.1f", 100 * d / t / s }'
}

# Nothing changes: no host, so no question is announced; the robots wait.
demo quiet 4611 --no-autopilot
window 81 "$(code "$log" free)"; team=$app
window 82 "$(code "$log" display)"; display=$app
sleep 5
team_idle=$(measure "$team")
display_idle=$(measure "$display")
echo "nothing changes: team terminal ${team_idle}% of a core, projector ${display_idle}% (${span} s each)"

# A minute runs: the autopilot announces and starts the first question soon
# after the start; a 90-s minute leaves room for both measurements.
demo minute 4612 --minute 90
window 83 "$(code "$log" free)"; team=$app
window 84 "$(code "$log" display)"; display=$app
sleep 8
team_minute=$(measure "$team")
display_minute=$(measure "$display")
echo "a minute runs: team terminal ${team_minute}% of a core, projector ${display_minute}% (${span} s each)"
printf '{"bench":"idle_cpu","seconds":%s,"team_idle_pct":%s,"display_idle_pct":%s,"team_minute_pct":%s,"display_minute_pct":%s}\n' \
    "$span" "$team_idle" "$display_idle" "$team_minute" "$display_minute"
