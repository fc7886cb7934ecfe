#!/usr/bin/env bash
# Counts the lines of server/src and client/src that name a specific live
# format outside the format's own modules: its folder (views/<f>/, its
# words in views/<f>/words.rs), its demo robots (demo/<f>*.rs), and the
# registry lines themselves, with the `mod <f>;` lines that declare those
# modules (Rust's own registration of a folder). Comments, tests and the crypto crate `ring`
# are not counted. Prints each file's count, then the total.
#   bash scripts/format-names.sh          # per file, then the total
#   bash scripts/format-names.sh --lines  # every counted line
set -euo pipefail
cd "$(dirname "$0")/.."

names='chgk|Chgk|CHGK|ЧГК|brain_ring|Ring[A-Z(:,} ]|::Ring\b|EVENT_RING|[Бб]рейн|erudit|Erudit|Эрудит|multigames|Multigames|Мультиигр|neptune|Neptune|Нептун|own_game|OwnGame|Своя игра'
own='/(views|demo)/(chgk|brain_ring|erudit|multigames|neptune|own_game)(/|[a-z_]*\.rs)'

files=$(find server/src client/src -name '*.rs' \
    | grep -Ev "$own" \
    | grep -Ev '(^|/)tests?\.rs$|_tests\.rs$|/tests/' \
    | sort)

total=0
for f in $files; do
    # Drop comment lines, `#[cfg(test)] mod tests { … }` tails, the crypto
    # crate and the registry's lines (`Variant => path,` in `screens!`).
    lines=$(awk '/^#\[cfg\((all\()?test/ { exit } { print }' "$f" \
        | grep -Ev '^\s*(//|\*)' \
        | grep -Ev '\bring::|ring::digest|use ring' \
        | grep -Ev '^\s*(#\[cfg\(feature = "own-game"\)\]\s*)?[A-Z][A-Za-z]* => [A-Za-z:_]+,$' \
        | grep -Ev '^\s*(pub(\(crate\))? )?mod [a-z_]+;$' \
        | grep -E "$names" || true)
    n=$(printf '%s' "$lines" | grep -c . || true)
    if [ "$n" -gt 0 ]; then
        if [ "${1:-}" = "--lines" ]; then
            printf '%s\n' "$lines" | sed "s|^|$f: |"
        else
            printf '%5d  %s\n' "$n" "$f"
        fi
        total=$((total + n))
    fi
done
echo "total: $total lines name a format outside its own modules"
