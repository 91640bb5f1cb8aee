#!/usr/bin/env python3
"""One web session as fast as it goes, then 100 sessions at 10 actions/s, over the JSON API.

Usage:
  web_actions.py HIERARCHY_BINARY [DOCUMENT] [--label NAME] [--seconds 10] [--sessions 100]
                 [--rate 10] [--cores 0,1] [--seed 1] [--json FILE]

Starts `HIERARCHY_BINARY serve DOCUMENT --port 0` (a process of its own; with --cores pinned
by taskset) and drives it from this process over loopback with random key actions (arrows,
Page Up/Down, Home, End, as `POST /api/sessions/ID/actions {"type": "key"}`):

  1. one session in closed loop for --seconds (one blocking keep-alive connection; the next
     action leaves when the last answer is read whole): actions/s, p50 and p95;
  2. --sessions sessions at --rate actions/s each for --seconds (asyncio, one connection
     each, open loop: a late answer does not delay the next action's schedule, it shows as
     latency): actions/s, p50/p95/p99 and errors (any answer but 200, a dropped connection).

Without DOCUMENT it writes /tmp/web_actions.json (deterministic: 100,000 items under `big`,
each with 3 children) and serves that. The machine's load average (1 minute, /proc/loadavg)
is read before each phase and printed beside its figures: on a shared machine a figure taken
at a high load says little about the server. Prints a markdown table row at the end.

Only Python's standard library; every wait is bounded.
"""
import argparse
import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import time

KEYS = ["ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft", "PageDown", "PageUp",
        "Home", "End"]
TIMEOUT = 30.0
DEFAULT_DOCUMENT = "/tmp/web_actions.json"


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[max(0, min(len(values) - 1, int(round(p / 100 * (len(values) - 1)))))]


def write_document(path):
    items = [{"name": f"item{i}", "size": i, "children": [{"name": f"leaf{j}"} for j in range(3)]}
             for i in range(100_000)]
    with open(path + ".part", "w") as f:
        json.dump({"big": items, "small": {"a": 1, "b": [1, 2, 3]}}, f)
    os.replace(path + ".part", path)


def request(port, method, path, body=b""):
    return (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


def parse_head(head):
    """The status and Content-Length of an answer's head (bytes up to the blank line)."""
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    return status, length


class BlockingClient:
    """One keep-alive connection read with plain blocking calls (the least client CPU per action)."""

    def __init__(self, port):
        self.port = port
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def call(self, method, path, body=b""):
        self.sock.sendall(request(self.port, method, path, body))
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buffer += chunk
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        status, length = parse_head(head)
        while len(rest) < length:
            chunk = self.sock.recv(max(65536, length - len(rest)))
            if not chunk:
                raise ConnectionError("the server closed the connection")
            rest += chunk
        self.buffer = rest[length:]
        return status, rest[:length]

    def close(self):
        self.sock.close()


def one_session(port, seconds, rng):
    client = BlockingClient(port)
    status, body = client.call("POST", "/api/sessions", b'{"width":1280,"height":800}')
    if status != 201:
        raise SystemExit(f"web_actions.py: cannot open a session: HTTP {status} {body[:200]!r}")
    path = f"/api/sessions/{json.loads(body)['session']}/actions"
    actions = [json.dumps({"type": "key", "key": key}).encode() for key in KEYS]
    warm_until = time.perf_counter() + min(1.0, seconds / 5)
    while time.perf_counter() < warm_until:
        client.call("POST", path, rng.choice(actions))
    latencies, errors = [], 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        sent = time.perf_counter()
        if sent >= deadline:
            break
        status, _ = client.call("POST", path, rng.choice(actions))
        latencies.append(time.perf_counter() - sent)
        if status != 200:
            errors += 1
    elapsed = time.perf_counter() - started
    client.call("DELETE", path.rsplit("/", 1)[0])
    client.close()
    ms = [x * 1000 for x in latencies]
    return {"actions": len(ms), "actions_per_second": len(ms) / elapsed, "p50_ms": percentile(ms, 50),
            "p95_ms": percentile(ms, 95), "errors": errors}


class AsyncClient:
    def __init__(self, port):
        self.port = port
        self.reader = self.writer = None

    async def open(self):
        self.reader, self.writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", self.port), TIMEOUT)

    async def call(self, method, path, body=b""):
        self.writer.write(request(self.port, method, path, body))
        await self.writer.drain()
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), TIMEOUT)
        status, length = parse_head(head[:-4])
        payload = await asyncio.wait_for(self.reader.readexactly(length), TIMEOUT) if length else b""
        return status, payload

    def close(self):
        if self.writer is not None:
            self.writer.close()


async def many_sessions(port, count, rate, seconds, rng):
    stats = {"errors": 0, "kinds": {}}

    def error(kind):
        stats["errors"] += 1
        stats["kinds"][kind] = stats["kinds"].get(kind, 0) + 1

    async def open_one():
        client = AsyncClient(port)
        try:
            await client.open()
            status, body = await client.call("POST", "/api/sessions", b'{"width":1280,"height":800}')
        except Exception as failure:  # noqa: BLE001 - every failure is counted
            error(type(failure).__name__)
            client.close()
            return None
        if status != 201:
            error(f"HTTP {status}")
            client.close()
            return None
        return client, f"/api/sessions/{json.loads(body)['session']}/actions"

    sessions = [s for s in await asyncio.gather(*(open_one() for _ in range(count))) if s]
    actions = [json.dumps({"type": "key", "key": key}).encode() for key in KEYS]
    latencies = []
    interval = 1.0 / rate
    started = time.perf_counter()
    deadline = started + seconds

    async def drive(client, path, local):
        next_time = started + local.random() * interval
        while True:
            delay = next_time - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            next_time += interval
            sent = time.perf_counter()
            if sent >= deadline:
                return
            try:
                status, _ = await client.call("POST", path, local.choice(actions))
            except Exception as failure:  # noqa: BLE001
                error(type(failure).__name__)
                return
            latencies.append(time.perf_counter() - sent)
            if status != 200:
                error(f"HTTP {status}")

    await asyncio.gather(*(drive(client, path, random.Random(rng.random())) for client, path in sessions))
    elapsed = time.perf_counter() - started
    for client, path in sessions:
        try:
            await client.call("DELETE", path.rsplit("/", 1)[0])
        except Exception:  # noqa: BLE001 - the connection may be gone already
            pass
        client.close()
    ms = [x * 1000 for x in latencies]
    return {"sessions": len(sessions), "actions": len(ms), "actions_per_second": len(ms) / elapsed,
            "p50_ms": percentile(ms, 50), "p95_ms": percentile(ms, 95), "p99_ms": percentile(ms, 99),
            "errors": stats["errors"], "error_kinds": stats["kinds"]}


def start_server(binary, document, cores):
    command = [binary, "serve", document, "--port", "0"]
    if cores:
        command = ["taskset", "-c", cores] + command
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    seen = []
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        seen.append(line)
        match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if match:
            return server, int(match.group(1))
    server.kill()
    server.wait(10)
    raise SystemExit("web_actions.py: the server did not print its address: " + "".join(seen)[:500])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("document", nargs="?")
    parser.add_argument("--label", default="run")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--rate", type=float, default=10)
    parser.add_argument("--cores", help="taskset the server to these cores (e.g. 0,1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    if args.seconds <= 0 or args.sessions <= 0 or args.rate <= 0:
        raise SystemExit("web_actions.py: --seconds, --sessions and --rate must be positive")
    document = args.document or DEFAULT_DOCUMENT
    if not args.document and not os.path.exists(document):
        write_document(document)
    rng = random.Random(args.seed)
    server, port = start_server(args.binary, document, args.cores)
    try:
        load_one = load_average()
        one = one_session(port, args.seconds, rng)
        print(f"one session (load {load_one:.1f}): {one['actions_per_second']:.0f} actions/s, "
              f"p50 {one['p50_ms']:.2f} ms, p95 {one['p95_ms']:.2f} ms, errors {one['errors']}", flush=True)
        time.sleep(1)
        load_many = load_average()
        many = asyncio.run(many_sessions(port, args.sessions, args.rate, args.seconds, rng))
        print(f"{many['sessions']} sessions x {args.rate:g}/s (load {load_many:.1f}): "
              f"{many['actions_per_second']:.0f} actions/s, p50 {many['p50_ms']:.2f} ms, "
              f"p95 {many['p95_ms']:.2f} ms, p99 {many['p99_ms']:.2f} ms, errors {many['errors']} "
              f"{many['error_kinds'] or ''}", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
    print("| build | one session: actions/s | p50 | p95 | load | "
          f"{args.sessions} × {args.rate:g}/s: actions/s | p50 | p95 | p99 | errors | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {args.label} | {one['actions_per_second']:,.0f} | {one['p50_ms']:.2f} ms | {one['p95_ms']:.2f} ms | "
          f"{load_one:.1f} | {many['actions_per_second']:,.0f} | {many['p50_ms']:.1f} ms | {many['p95_ms']:.1f} ms | "
          f"{many['p99_ms']:.1f} ms | {many['errors']} | {load_many:.1f} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"label": args.label, "one": one, "many": many, "load_one": load_one,
                       "load_many": load_many}, f, indent=2)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
