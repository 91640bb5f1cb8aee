#!/usr/bin/env python3
"""Counts the public symbols of the documented library modules and fails on any without a doc
comment. Reads the symbol graphs that `swift package generate-documentation` extracted
(.build/*/extracted-symbols/*/MODULE/), so run it after that command.

    python3 scripts/doc-coverage.py [MODULE ...]   (default: the four documented modules)
"""
import glob
import json
import os
import sys

MODULES = ["HierarchyKit", "FioriCompat", "TerminalUI", "HierarchyWeb"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def check(module):
    graphs = glob.glob(os.path.join(ROOT, ".build", "*", "extracted-symbols", "*", module, "*.symbols.json"))
    if not graphs:
        print(f"doc-coverage.py: no symbol graph of {module}: run swift package generate-documentation first", file=sys.stderr)
        sys.exit(66)
    sources = "file://" + os.path.join(ROOT, "Sources", module) + "/"
    seen, missing = set(), []
    for graph in graphs:
        with open(graph) as f:
            symbols = json.load(f)["symbols"]
        for symbol in symbols:
            uri = symbol.get("location", {}).get("uri", "")
            if not uri.startswith(sources) or symbol["accessLevel"] not in ("public", "open"):
                continue
            key = symbol["identifier"]["precise"]
            if key in seen:
                continue
            seen.add(key)
            lines = symbol.get("docComment", {}).get("lines", [])
            if not any(line["text"].strip() for line in lines):
                line = symbol["location"]["position"]["line"] + 1
                path = uri[len("file://" + ROOT) + 1:]
                missing.append(f"{path}:{line}: {symbol['kind']['displayName']} {'.'.join(symbol['pathComponents'])}")
    print(f"{module}: {len(seen) - len(missing)} of {len(seen)} public symbols documented")
    return sorted(missing)


missing = [m for module in (sys.argv[1:] or MODULES) for m in check(module)]
for m in missing:
    print(f"undocumented: {m}", file=sys.stderr)
sys.exit(1 if missing else 0)
