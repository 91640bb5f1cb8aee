#!/bin/sh
# What the browser asks of a JSON file for its first screen, answered by the indexed source as
# the commands open it, optimised (HierarchySources and HierarchyDocuments built with
# `swiftc -O -wmo`, not part of the package): see first-screen.swift for what it prints.
#     Benchmarks/json-document/first-screen.sh FILE...
set -e
here=$(cd "$(dirname "$0")" && pwd)
root="$here/../.."
out=$(mktemp -d)
swiftc -O -wmo -package-name HierarchyKit -parse-as-library -module-name HierarchySources -emit-module -emit-module-path "$out/HierarchySources.swiftmodule" \
    -emit-library -static -o "$out/libHierarchySources.a" "$root"/Sources/HierarchySources/*.swift
swiftc -O -wmo -package-name HierarchyKit -parse-as-library -module-name HierarchyDocuments -emit-module -emit-module-path "$out/HierarchyDocuments.swiftmodule" \
    -emit-library -static -o "$out/libHierarchyDocuments.a" -I "$out" -I "$root/Sources/CLibYAML" \
    $(ls "$root"/Sources/HierarchyDocuments/*.swift | grep -v /SampleHierarchy.swift)
swiftc -O -package-name HierarchyKit -parse-as-library -I "$out" -I "$root/Sources/CLibYAML" -L "$out" -lHierarchyDocuments -lHierarchySources -lyaml \
    -o "$out/first-screen" "$here/first-screen.swift" "$here/Measure.swift"
"$out/first-screen" "$@"
rm -rf "$out"
