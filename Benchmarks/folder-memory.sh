#!/bin/bash
# Usage: Benchmarks/folder-memory.sh BIN [FOLDER]   (needs tmux; nnn and lf if installed)
# Anonymous memory (heap, from /proc/PID/smaps_rollup) of browsing a folder, for this program
# and for nnn and lf in the same run: each starts in a 120x40 tmux pane on FOLDER (made with
# 200,000 empty files when not given), the first screen is awaited, End and Home pressed, then
# every process of the pane's tree is measured. Resident size is shown too, but shared code
# pages inflate or deflate it; the anonymous figure is what grows with the data.
set -e
BIN=$(realpath "$1"); DIR=${2:-}
if [ -z "$DIR" ]; then
    DIR=$(mktemp -d /tmp/folder-memory.XXXXXX); trap 'rm -rf "$DIR"' EXIT
    python3 -c "import os,sys
for i in range(200000): open(os.path.join(sys.argv[1], 'file-%06d.txt' % i), 'w').close()" "$DIR"
fi
N=$(ls -f "$DIR" | wc -l)
tree() { echo "$1"; for c in $(cat /proc/$1/task/*/children 2>/dev/null); do tree "$c"; done; }
kb() { awk -v k="$2" '$1 == k":" { print $2 }' /proc/$1/smaps_rollup 2>/dev/null; }
measure() {  # name, first-screen pattern, command
    local S=fm$$ name=$1 pattern=$2; shift 2
    tmux -L folder-memory new-session -d -s $S -x 120 -y 40 "$*"
    for i in $(seq 1 600); do tmux -L folder-memory capture-pane -p -t $S | grep -q -- "$pattern" && break; sleep 0.1; done
    tmux -L folder-memory send-keys -t $S End; sleep 2; tmux -L folder-memory send-keys -t $S Home; sleep 2
    local top=$(tmux -L folder-memory list-panes -t $S -F '#{pane_pid}') anon=0 rss=0 procs=""
    for p in $(tree $top); do
        [ "$(cat /proc/$p/comm 2>/dev/null)" = bash ] && continue
        local a=$(kb $p Anonymous) r=$(kb $p Rss); [ -z "$a" ] && continue
        anon=$((anon + a)); rss=$((rss + r)); procs="$procs $(cat /proc/$p/comm):${a}kB"
    done
    printf "%-10s anonymous %6.1f MB (%5.0f B/entry)  resident %6.1f MB  processes:%s\n" \
        "$name" "$(echo "$anon/1024" | bc -l)" "$(echo "$anon*1024/$N" | bc -l)" "$(echo "$rss/1024" | bc -l)" "$procs"
    tmux -L folder-memory kill-session -t $S
}
echo "folder: $DIR ($N entries)"
cd "$DIR"
measure hierarchy "help" "$BIN ."
measure supervised "help" "$BIN --supervise ."
command -v nnn >/dev/null && measure nnn "file-" "nnn ."
command -v lf >/dev/null && measure lf "file-" "lf ."
tmux -L folder-memory kill-server 2>/dev/null || true
