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
# shellcheck source=scripts/hall.sh
. scripts/hall.sh

shoot() {
    import -display ":$1" -window root "$out/$2.png"
    echo "screenshots: $out/$2.png"
}

# ChGK: the host's dashboard, the free team's card and the projector's
# clock while a question's minute runs.
demo chgk "${PORT:-4501}" --game chgk --minute 40
window 91 "$(code "$log" host)"
window 92 "$(code "$log" free)"
window 93 "$(code "$log" display)"
sleep "${CHGK_WAIT:-25}"
shoot 91 host
shoot 92 team
shoot 93 display

# Brain-ring: the projector and the free team's button during a fight.
demo brain-ring "$(( ${PORT:-4501} + 1 ))" --game brain-ring --minute 20
window 94 "$(code "$log" display)"
window 95 "$(code "$log" free)"
sleep "${RING_WAIT:-30}"
shoot 94 brain-ring
shoot 95 brain-ring-team
