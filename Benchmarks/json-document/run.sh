#!/bin/sh
# The byte index, the validator and the byte search of a JSON document, optimised (`swiftc -O -wmo`
# of their files with this main), on one file: see main.swift for what it prints.
#     Benchmarks/json-document/run.sh FILE [NEEDLE]
set -e
here=$(cd "$(dirname "$0")" && pwd)
docs="$here/../../Sources/HierarchyDocuments"
sources="$here/../../Sources/HierarchySources"
out=$(mktemp -d)
for file in "$docs/ByteInput.swift" "$docs/DocumentEvent.swift" "$docs/DocumentReadError.swift" \
    "$docs/JSONEventReader.swift" "$docs/DocumentLimits.swift" "$docs/JSONByteFile.swift" \
    "$docs/JSONByteIndex.swift" "$docs/JSONValidator.swift" "$docs/JSONItemsCheck.swift" "$docs/JSONByteSearch.swift" "$docs/UTF8Sequence.swift" \
    "$sources/HierarchySourceError.swift"; do
    grep -v '^import HierarchySources$' "$file" > "$out/$(basename "$file")"
done
# The one member of ItemRecord the items check uses.
grep -h 'static func generatedID' "$sources/ItemRecord.swift" | sed 's/^/enum ItemRecord { /; s/$/ }/' > "$out/ItemRecord.swift"
swiftc -O -wmo -module-name Index -o "$out/index" "$here/main.swift" "$here/Measure.swift" "$out"/*.swift
"$out/index" "$@"
rm -rf "$out"
