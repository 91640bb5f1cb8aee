#!/bin/sh
# The property list readers alone, optimised, against Foundation's reader walked into the same
# events: compiles the readers of Sources/HierarchyDocuments with this main and times each file.
#     Benchmarks/plist-reader/run.sh FILE...
set -e
here=$(cd "$(dirname "$0")" && pwd)
docs="$here/../../Sources/HierarchyDocuments"
out=$(mktemp -d)
swiftc -O -module-name Reader -o "$out/reader" "$here/main.swift" "$docs/ByteInput.swift" "$docs/DocumentEvent.swift" \
    "$docs/DocumentReadError.swift" "$docs/DocumentLimits.swift" "$docs/DocumentValueEvents.swift" \
    "$docs/PropertyListXMLReader.swift" "$docs/BinaryPropertyListReader.swift" "$docs/PropertyListDate.swift"
for file in "$@"; do
    for mode in stream foundation; do
        /usr/bin/time -f "  %e s wall, %M kB max RSS" "$out/reader" "$file" "$mode"
    done
done
rm -rf "$out"
