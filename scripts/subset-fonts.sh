#!/usr/bin/env bash
# Makes client/fonts/: the fonts the browser terminal carries (egui's own,
# Ubuntu Light and Hack, from epaint_default_fonts) cut to the scripts a
# hall's screens can show — Latin with its extensions and Vietnamese,
# Greek, Cyrillic with its supplement, punctuation, currency, letterlike
# symbols («№»), arrows, mathematical operators («−»), box drawing and
# geometric shapes — without TrueType hinting (egui hints them itself).
# Every phone downloads the fonts inside the wasm: cut, they weigh 125 KB
# gzipped instead of 320 KB (issue 39). Run by hand when egui's fonts
# change; needs Debian's python3-fonttools. The app on a desktop keeps
# egui's whole fonts.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FROM="$(ls -d "$HOME"/.cargo/registry/src/*/epaint_default_fonts-0.37*/fonts | head -n1)"
[ -d "$FROM" ] || { echo "subset-fonts: no epaint_default_fonts 0.37 in cargo's registry (cargo fetch)" >&2; exit 1; }
TO="$ROOT/client/fonts"
UNICODES="U+0020-007E,U+00A0-024F,U+0300-036F,U+0370-03FF,U+0400-052F,U+1E00-1EFF,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2200-22FF,U+2300-23FF,U+2500-257F,U+25A0-25FF,U+2600-26FF,U+2700-27BF,U+FFFD"
for font in Ubuntu-Light Hack-Regular; do
    /usr/bin/python3 -m fontTools.subset "$FROM/$font.ttf" --unicodes="$UNICODES" \
        --no-hinting --layout-features='*' --output-file="$TO/$font.ttf"
done
cp "$FROM/egui-icons.ttf" "$FROM/UFL.txt" "$FROM/Hack-Regular.txt" "$FROM/egui-icons.txt" "$TO/"
ls -l "$TO"
