#!/usr/bin/env python3
"""Many concurrent sessions doing random navigation against `hierarchy serve`.

Usage:
  web_load.py URL --server-pid PID [--sessions 100,1000] [--seconds 10] [--rate 10]
              [--expand ID] [--seed 1] [--json FILE]

For each count in --sessions (one phase each, in order):
  1. opens that many sessions at once (one keep-alive connection each, POST /api/sessions,
     all concurrent) and reads the server's resident memory before and after: the growth
     divided by the sessions created is the memory per idle session;
  2. every session then navigates at random for --seconds: arrow keys, Page Up/Down,
     Home/End, and taps on an indicator of an item on screen (POST .../actions), each
     session sending --rate actions per second (0: as fast as its answers come back), and
     each action's time from sending to the complete answer is recorded;
  3. deletes its sessions.
Reports per phase: sessions created and refused (503 with a message is a clean refusal),
actions, actions/s, p50/p95/p99 action->response, the same for the server's own time from
the action's arrival to its encoded snapshot (its `Server-Timing: app;dur=MS` header), errors (anything else: other statuses,
unreadable answers, dropped connections) and the server's RSS (VmRSS of --server-pid).

Closed loop (`--rate 0`, e.g. `--sessions 16 --rate 0`): each session sends its next action
when the answer to the last one came, so actions/s is what the server can do; pin the server
with `taskset -c 0` and `taskset -c 0,1` to compare one core with two.

Only Python's standard library (asyncio, raw HTTP/1.1); loopback addresses only; every
wait is bounded.
"""
import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from urllib.parse import urlparse

KEYS = ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft",
        "PageDown", "PageUp", "Home", "End"]
TIMEOUT = 30.0


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None
        self.server_ms = None  # the Server-Timing duration of the last answer, if it had one

    async def open(self):
        self.reader, self.writer = await asyncio.wait_for(asyncio.open_connection(self.host, self.port), TIMEOUT)

    async def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
        self.writer.write(head.encode() + data)
        await self.writer.drain()
        return await asyncio.wait_for(self._answer(), TIMEOUT)

    async def _answer(self):
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        length, close = 0, False
        self.server_ms = None
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value.strip())
            elif name == "connection" and value.strip().lower() == "close":
                close = True
            elif name == "server-timing" and "dur=" in value:
                try:
                    self.server_ms = float(value.split("dur=")[1].split(";")[0].split(",")[0])
                except ValueError:
                    pass
        payload = await self.reader.readexactly(length) if length else b""
        if close:
            self.close()
        return status, (json.loads(payload) if payload else None)

    def close(self):
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    k = max(0, min(len(values) - 1, int(round(p / 100 * (len(values) - 1)))))
    return values[k]


class Session:
    def __init__(self, client):
        self.client = client
        self.id = None
        self.snapshot = None


async def open_session(host, port, stats):
    client = Client(host, port)
    try:
        await client.open()
        status, snapshot = await client.call("POST", "/api/sessions", {"width": 1280, "height": 800})
    except Exception as error:  # noqa: BLE001 - every failure is counted
        stats["errors"] += 1
        stats["error_kinds"][type(error).__name__] = stats["error_kinds"].get(type(error).__name__, 0) + 1
        client.close()
        return None
    if status == 201:
        session = Session(client)
        session.id, session.snapshot = snapshot["session"], snapshot
        return session
    client.close()
    if status == 503 and snapshot and snapshot.get("error"):
        stats["refused"] += 1
        stats["refusal"] = snapshot["error"]
    else:
        stats["errors"] += 1
        stats["error_kinds"][f"HTTP {status}"] = stats["error_kinds"].get(f"HTTP {status}", 0) + 1
    return None


def random_action(rng, snapshot):
    if snapshot and rng.random() < 0.25:
        items = [item for column in snapshot.get("columns", []) for item in column.get("items", [])
                 if item.get("indicator") and not item.get("placeholder")]
        if items:
            return {"type": "tapIndicator", "uuid": rng.choice(items)["uuid"]}
    return {"type": "key", "key": rng.choice(KEYS)}


async def navigate(session, seconds, rate, rng, stats, latencies, server_latencies):
    deadline = time.perf_counter() + seconds
    interval = 1.0 / rate if rate > 0 else 0.0
    next_time = time.perf_counter() + rng.random() * interval
    path = f"/api/sessions/{session.id}/actions"
    while time.perf_counter() < deadline:
        if interval:
            delay = next_time - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            next_time += interval
        action = random_action(rng, session.snapshot)
        sent = time.perf_counter()
        try:
            status, snapshot = await session.client.call("POST", path, action)
        except Exception as error:  # noqa: BLE001
            stats["errors"] += 1
            kind = type(error).__name__
            stats["error_kinds"][kind] = stats["error_kinds"].get(kind, 0) + 1
            return
        latencies.append(time.perf_counter() - sent)
        if session.client.server_ms is not None:
            server_latencies.append(session.client.server_ms)
        stats["actions"] += 1
        if status == 200:
            session.snapshot = snapshot
        elif status == 404 and action["type"] == "tapIndicator":
            stats["stale_taps"] += 1  # the item left the screen before the tap: a clean 404, not an error
        else:
            stats["errors"] += 1
            stats["error_kinds"][f"HTTP {status}"] = stats["error_kinds"].get(f"HTTP {status}", 0) + 1


async def phase(host, port, count, args, rng):
    stats = {"sessions": count, "created": 0, "refused": 0, "errors": 0, "actions": 0, "stale_taps": 0,
             "error_kinds": {}, "refusal": None}
    rss_before = rss_bytes(args.server_pid)
    started = time.perf_counter()
    sessions = await asyncio.gather(*(open_session(host, port, stats) for _ in range(count)))
    sessions = [s for s in sessions if s]
    stats["created"] = len(sessions)
    stats["open_seconds"] = round(time.perf_counter() - started, 3)
    await asyncio.sleep(1.0)  # let loads started by the first layout finish
    rss_idle = rss_bytes(args.server_pid)
    if args.expand:
        for session in sessions:
            status, snapshot = await session.client.call(
                "POST", f"/api/sessions/{session.id}/actions", {"type": "tapIndicator", "uuid": args.expand})
            if status == 200:
                session.snapshot = snapshot
    latencies, server_ms = [], []
    started = time.perf_counter()
    await asyncio.gather(*(navigate(s, args.seconds, args.rate, random.Random(rng.random()), stats, latencies, server_ms)
                           for s in sessions))
    elapsed = time.perf_counter() - started
    rss_busy = rss_bytes(args.server_pid)
    for session in sessions:
        try:
            await session.client.call("DELETE", f"/api/sessions/{session.id}")
        except Exception:  # noqa: BLE001 - the connection may be gone already
            pass
        session.client.close()
    ms = [x * 1000 for x in latencies]
    stats.update({
        "seconds": round(elapsed, 2),
        "actions_per_second": round(stats["actions"] / elapsed, 1) if elapsed else 0,
        "p50_ms": round(percentile(ms, 50), 2), "p95_ms": round(percentile(ms, 95), 2),
        "p99_ms": round(percentile(ms, 99), 2), "max_ms": round(max(ms), 2) if ms else None,
        "mean_ms": round(statistics.fmean(ms), 2) if ms else None,
        "server_p50_ms": round(percentile(server_ms, 50), 2) if server_ms else None,
        "server_p95_ms": round(percentile(server_ms, 95), 2) if server_ms else None,
        "server_p99_ms": round(percentile(server_ms, 99), 2) if server_ms else None,
        "rss_before_mb": round(rss_before / 2**20, 1), "rss_idle_mb": round(rss_idle / 2**20, 1),
        "rss_busy_mb": round(rss_busy / 2**20, 1),
        "idle_kb_per_session": round((rss_idle - rss_before) / 1024 / len(sessions), 1) if sessions else None,
    })
    return stats


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("url")
    parser.add_argument("--server-pid", type=int, required=True)
    parser.add_argument("--sessions", default="100,1000")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rate", type=float, default=10, help="actions per second per session; 0: closed loop")
    parser.add_argument("--expand", help="an item id every session taps first (a big column)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    parsed = urlparse(args.url)
    if parsed.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("web_load.py: loopback addresses only")
    rng = random.Random(args.seed)
    results = []
    for count in [int(x) for x in args.sessions.split(",")]:
        stats = await phase(parsed.hostname, parsed.port, count, args, rng)
        results.append(stats)
        print(f"{count} sessions: {stats['created']} created, {stats['refused']} refused (503), "
              f"{stats['errors']} errors {stats['error_kinds'] or ''}; "
              f"{stats['actions']} actions in {stats['seconds']} s = {stats['actions_per_second']}/s; "
              f"p50 {stats['p50_ms']} ms, p95 {stats['p95_ms']} ms, p99 {stats['p99_ms']} ms, max {stats['max_ms']} ms; "
              f"server p50 {stats['server_p50_ms']} ms, p95 {stats['server_p95_ms']} ms, p99 {stats['server_p99_ms']} ms; "
              f"RSS {stats['rss_before_mb']} -> {stats['rss_idle_mb']} (idle) -> {stats['rss_busy_mb']} MB (busy); "
              f"{stats['idle_kb_per_session']} KB per idle session; stale taps {stats['stale_taps']}",
              flush=True)
        if stats["refusal"]:
            print(f"  refusal message: {stats['refusal']}", flush=True)
        await asyncio.sleep(2)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(130)
