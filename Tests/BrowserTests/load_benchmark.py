#!/usr/bin/env python3
"""Requests per second for a children page of `hierarchy serve` under concurrent load.

Usage: load_benchmark.py URL [--connections N] [--seconds S]

Creates one session per connection, expands the item whose children form the biggest
column shown, and then each connection scrolls that column to random offsets as fast as
the server answers (POST .../actions {"type": "scroll"}): every answer is a snapshot with
the page of children at that offset. Loopback only, bounded in time; prints requests per
second and latency percentiles.
"""
import asyncio
import json
import random
import sys
import time
from urllib.parse import urlparse


async def call(reader, writer, host, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else b""
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
    writer.write(head.encode() + data)
    await writer.drain()
    status_line = await reader.readline()
    status = int(status_line.split()[1])
    length = 0
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value.strip())
    payload = await reader.readexactly(length) if length else b""
    return status, (json.loads(payload) if payload else None)


async def worker(url, seconds, latencies, errors, column_parent):
    parsed = urlparse(url)
    if parsed.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("loopback addresses only")
    reader, writer = await asyncio.open_connection(parsed.hostname, parsed.port)
    host = f"{parsed.hostname}:{parsed.port}"
    status, snap = await call(reader, writer, host, "POST", "/api/sessions", {"width": 1280, "height": 800})
    session = snap["session"]
    for _ in range(50):
        if not snap["loading"]:
            break
        _, snap = await call(reader, writer, host, "GET", f"/api/sessions/{session}/events?after={snap['version']}")
    if column_parent:
        _, snap = await call(reader, writer, host, "POST", f"/api/sessions/{session}/actions", {"type": "tapIndicator", "uuid": column_parent})
        for _ in range(50):
            if not snap["loading"]:
                break
            _, snap = await call(reader, writer, host, "GET", f"/api/sessions/{session}/events?after={snap['version']}")
    column = max(snap["columns"], key=lambda c: c["itemCount"])
    index, height = column["index"], column["contentHeight"]
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        offset = random.uniform(0, max(0, height - 800))
        start = time.perf_counter()
        status, _ = await call(reader, writer, host, "POST", f"/api/sessions/{session}/actions",
                               {"type": "scroll", "column": index, "offset": offset})
        latencies.append(time.perf_counter() - start)
        if status != 200:
            errors.append(status)
    await call(reader, writer, host, "DELETE", f"/api/sessions/{session}")
    writer.close()
    return column["itemCount"]


async def main():
    args = sys.argv[1:]
    url = args[0]
    connections = int(args[args.index("--connections") + 1]) if "--connections" in args else 8
    seconds = min(60.0, float(args[args.index("--seconds") + 1])) if "--seconds" in args else 10.0
    parent = args[args.index("--expand") + 1] if "--expand" in args else None
    latencies, errors = [], []
    start = time.perf_counter()
    counts = await asyncio.wait_for(
        asyncio.gather(*(worker(url, seconds, latencies, errors, parent) for _ in range(connections))), seconds + 60)
    elapsed = time.perf_counter() - start
    latencies.sort()
    pct = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
    print(f"{connections} connections, {seconds:.0f} s, column of {counts[0]:,} children")
    print(f"{len(latencies)} requests, {len(errors)} errors, {len(latencies) / seconds:.0f} requests/s")
    print(f"latency ms: p50 {pct(0.5):.2f}, p90 {pct(0.9):.2f}, p99 {pct(0.99):.2f}, max {latencies[-1] * 1000:.2f}")
    _ = elapsed


if __name__ == "__main__":
    asyncio.run(main())
