#!/bin/sh
# The JSON event reader alone, optimised (`swiftc -O -wmo` of the reader's files with this main):
# thread CPU time and MB/s for each file, best of ROUNDS (default 5).
#     Benchmarks/json-reader/run.sh [-r ROUNDS] FILE...
set -e
rounds=5
if [ "$1" = "-r" ]; then rounds=$2; shift 2; fi
here=$(cd "$(dirname "$0")" && pwd)
docs="$here/../../Sources/HierarchyDocuments"
out=$(mktemp -d)
swiftc -O -wmo -module-name Reader -o "$out/reader" "$here/main.swift" "$docs/ByteInput.swift" \
    "$docs/DocumentEvent.swift" "$docs/DocumentReadError.swift" "$docs/JSONEventReader.swift"
for file in "$@"; do "$out/reader" "$file" "$rounds"; done
rm -rf "$out"
