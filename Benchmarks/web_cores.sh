#!/bin/bash
# Web sessions on 1 core vs 2 cores (issue 11's target: 2 cores >= 1.7 x 1 core).
#
#   Benchmarks/web_cores.sh HIERARCHY_BINARY STORE [SESSIONS] [SECONDS]
#
# Starts `hierarchy serve STORE` pinned with taskset to core 0, then to cores 0 and 1, opens
# SESSIONS sessions (default 16) and drives them with wrk (a C load generator, apt package
# `wrk`, pinned to core 1, 2 threads, one connection per session) sending random key actions
# in closed loop for SECONDS (default 15). wrk needs far less CPU per request than the server,
# so the server, not the generator, sets the pace. Prints one line per run and the ratio.
set -euo pipefail
binary=$1; store=$2; sessions=${3:-16}; seconds=${4:-15}
here=$(cd "$(dirname "$0")" && pwd)
run() {
  local cpus=$1 log port pid ids rate
  log=$(mktemp)
  taskset -c "$cpus" "$binary" serve "$store" --port 0 > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 200); do
    port=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1 | sed 's/.*://') || true
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "the server did not start: $(cat "$log")" >&2; kill $pid; exit 1; }
  ids=()
  for _ in $(seq 1 "$sessions"); do
    ids+=("$(curl -s -X POST -H 'Content-Type: application/json' -d '{"width":1280,"height":800}' \
      "http://127.0.0.1:$port/api/sessions" | python3 -c 'import json,sys; print(json.load(sys.stdin)["session"])')")
  done
  local before after
  before=$(awk '{print $14+$15}' /proc/$pid/stat)
  rate=$(taskset -c 1 wrk -t2 -c"$sessions" -d"${seconds}s" --latency -s "$here/web_cores.lua" \
    "http://127.0.0.1:$port" -- "${ids[@]}" | grep '^requests=')
  after=$(awk '{print $14+$15}' /proc/$pid/stat)
  kill $pid; wait $pid 2>/dev/null || true
  rm -f "$log"
  echo "server cores $cpus: $rate server_cpu_s=$(( (after - before) / $(getconf CLK_TCK) ))" >&2
  echo "$rate" | sed 's/.*rate=\([0-9.]*\).*/\1/'
}
one=$(run 0)
two=$(run 0,1)
python3 -c "print(f'2 cores / 1 core: {$two / $one:.2f} ({$two:.0f} vs {$one:.0f} actions/s)')"
