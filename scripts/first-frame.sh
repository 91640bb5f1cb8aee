#!/bin/sh
# Time until `hierarchy browse FILE` shows its first rows in a terminal (tmux, polling the
# screen every 10 ms), until the read is done (the "reading" note gone), and the browse
# process's peak RSS then; jq's parse of the same file in the same run for comparison.
#     swift build -c release --product hierarchy && sh scripts/first-frame.sh FILE ["Item 0"]
set -eu
bin=${HIERARCHY:-.build/release/hierarchy}
doc=${1:?usage: first-frame.sh FILE [TEXT OF A FIRST ROW]}
row=${2:-Item 0}
sock=first-frame-$$
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f s", b - a }'; }
start=$(now)
tmux -L "$sock" new-session -d -x 120 -y 40 "exec $bin browse $doc"
until tmux -L "$sock" capture-pane -p 2>/dev/null | grep -qF "$row"; do sleep 0.01; done
echo "first row on screen: $(since "$start")"
until ! tmux -L "$sock" capture-pane -p | grep -qF "reading "; do sleep 0.01; done
echo "read done (note gone): $(since "$start")"
pid=$(tmux -L "$sock" display-message -p '#{pane_pid}')
grep -E "VmHWM|VmRSS" "/proc/$pid/status"
tmux -L "$sock" send-keys q
sleep 0.2
tmux -L "$sock" kill-server 2>/dev/null || true
if command -v jq > /dev/null; then
    /usr/bin/time -f "jq . FILE > /dev/null: %e s, %M KB" jq . "$doc" > /dev/null
fi
