#!/bin/bash
# Usage: N=10000 Benchmarks/scroll-rss.sh .build/debug/hierarchy STORE.db  (needs tmux)
# Make the store with: hierarchy generate --nodes 10000000 --depth 2 --into STORE.db --no-search-index
# Anonymous memory (smaps_rollup) of `hierarchy STORE` in a 200x60 tmux pane while its 10M-child
# column is scrolled; resident size beside it for reference.
set -e
BIN=$1; DB=$2; S=core-rss-$$
tmux -L corerss new-session -d -s $S -x 200 -y 60 "$BIN $DB"
sleep 1
PID=$(tmux -L corerss list-panes -t $S -F '#{pane_pid}')
rss() {
  awk '/^Anonymous:/ { printf "anonymous %.1f MB ", $2 / 1024 }' /proc/$PID/smaps_rollup
  grep -E "^(VmRSS|VmHWM)" /proc/$PID/status | tr -s ' \t' ' ' | tr '\n' ' '; echo
}
wait_screen() { for i in $(seq 1 200); do tmux -L corerss capture-pane -p -t $S | grep -q "$1" && return 0; sleep 0.05; done; echo "timeout waiting for $1"; }
settle() { sleep 1; for i in $(seq 1 600); do tmux -L corerss capture-pane -p -t $S | grep -q "Loading…" || return 0; sleep 0.1; done; echo "(still loading after 60 s)"; }
sleep 3
echo "start: $(rss)"


keys() { local k=$1 n=$2; for b in $(seq 1 $((n/100))); do tmux -L corerss send-keys -t $S $(for i in $(seq 1 100); do printf "%s " $k; done); sleep 0.2; done; }
keys NPage ${N:-2000}
settle; echo "after ${N:-2000} PageDown: $(rss)"
tmux -L corerss send-keys -t $S End; settle
echo "after End: $(rss)"
keys PPage ${N:-2000}
settle; echo "after ${N:-2000} PageUp from the end: $(rss)"
tmux -L corerss send-keys -t $S Home; settle
echo "after Home: $(rss)"
tmux -L corerss capture-pane -p -t $S | head -5
tmux -L corerss kill-session -t $S
