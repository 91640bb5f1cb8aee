#!/bin/sh
# The man page docs/man/hierarchy.1, made from the program's own command definitions by
# swift-argument-parser's generate-manual plugin (a debug build, so it reuses `swift build`'s).
#     sh scripts/man-page.sh           writes docs/man/hierarchy.1, dated today
#     sh scripts/man-page.sh --check   fails if docs/man/hierarchy.1 differs from a page made
#                                      now with the same date (the definitions changed)
set -eu
cd "$(dirname "$0")/.."
page=docs/man/hierarchy.1
made=.build/plugins/GenerateManual/outputs/hierarchy/hierarchy.1
case "${1:-}" in
--check)
    [ -f "$page" ] || { echo "man-page.sh: $page is missing" >&2; exit 66; }
    day=$(sed -n 's/^\.Dd //p' "$page")
    date=$(date -u -d "$day" +%Y-%m-%d) ;;
"") date=$(date -u +%Y-%m-%d) ;;
*) echo "usage: man-page.sh [--check]" >&2; exit 64 ;;
esac
rm -f "$made"
swift package plugin generate-manual --configuration debug --date "$date" >/dev/null
[ -f "$made" ] || { echo "man-page.sh: the plugin made no $made" >&2; exit 74; }
if [ "${1:-}" = --check ]; then
    if ! diff -u "$page" "$made"; then
        echo "man-page.sh: $page is out of date: run sh scripts/man-page.sh and commit it" >&2
        exit 1
    fi
    echo "man-page.sh: $page matches the command definitions"
else
    cp "$made" "$page"
    echo "man-page.sh: wrote $page"
fi
