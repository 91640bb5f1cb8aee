#!/bin/sh
# Measures the document figures of docs/performance.md in one run, with the
# release build of `hierarchy` and /usr/bin/time -v:
# the 1M-children document (one item with 1,000,000 children, about 25 MB),
# jq's parse of the same file, `hierarchy print --depth 1`, and an import.
#     swift build -c release --product hierarchy && sh scripts/document-figures.sh
set -eu
bin=${HIERARCHY:-.build/release/hierarchy}
dir=${TMPDIR:-/tmp}/hierarchykit-document-figures
mkdir -p "$dir"
doc="$dir/wide-1m.json"
[ -f "$doc" ] || python3 -c '
import sys
with open(sys.argv[1], "w") as f:
    f.write("{\"title\": \"Root\", \"children\": [")
    f.write(", ".join("{\"title\": \"Item %d\"}" % i for i in range(1000000)))
    f.write("]}\n")
' "$doc"
ls -l "$doc"
measure() {
    /usr/bin/time -v "$@" > /dev/null 2> "$dir/time.txt" || true
    grep -E "Elapsed|Maximum resident" "$dir/time.txt"
}
echo "jq . > /dev/null:"; measure jq . "$doc"
echo "hierarchy print --depth 1:"; measure "$bin" print "$doc" --depth 1
echo "hierarchy print --depth 1 --as structure:"; measure "$bin" print "$doc" --depth 1 --as structure
rm -f "$dir/wide.db"
echo "hierarchy import --no-search-index:"; measure "$bin" import "$doc" --into "$dir/wide.db" --no-search-index --replace
"$bin" import "$doc" --into "$dir/wide.db" --no-search-index --replace
