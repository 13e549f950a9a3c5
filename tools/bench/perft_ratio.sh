#!/usr/bin/env bash
# Perft speed of two qigui builds, side by side: for each position, the two
# binaries are run alternately RUNS times each (CPU time, /usr/bin/time
# -f %U), the node counts must agree, and the ratio of the best times is
# printed (NEW's nodes per second over BASE's; above 1 is faster).
#
#   tools/bench/perft_ratio.sh BASE_BIN NEW_BIN [RUNS]
#
# The positions: the start and the three positions of
# cases/xiangqi-2020/perft.yaml, at depth 5 (the endgame, 1.4 M nodes at
# depth 5, at depth 6 so that its time is not within the timer's 10 ms).
set -euo pipefail
base=${1:?usage: perft_ratio.sh BASE_BIN NEW_BIN [RUNS]}
new=${2:?usage: perft_ratio.sh BASE_BIN NEW_BIN [RUNS]}
runs=${3:-3}
positions=(
  "start|5|start"
  "middlegame|5|1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"
  "endgame|6|4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"
  "cannons|5|r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One timed run: prints "NODES SECONDS".
run() {
  "/usr/bin/time" -f %U -o "$tmp/t" "$1" perft "$2" "$3" >"$tmp/n"
  echo "$(cat "$tmp/n") $(cat "$tmp/t")"
}
printf '%-11s %5s %12s %10s %10s %8s\n' position depth nodes "base Mn/s" "new Mn/s" ratio
for entry in "${positions[@]}"; do
  name=${entry%%|*}
  rest=${entry#*|}
  depth=${rest%%|*}
  fen=${rest#*|}
  best_base=""; best_new=""; nodes=""
  for ((i = 0; i < runs; i++)); do
    for side in base new; do
      bin=$base; [ "$side" = new ] && bin=$new
      read -r n t < <(run "$bin" "$fen" "$depth")
      if [ -n "$nodes" ] && [ "$n" != "$nodes" ]; then
        echo "$name: node counts differ ($nodes, $n)" >&2
        exit 1
      fi
      nodes=$n
      if [ "$side" = base ]; then
        best_base=$(awk -v a="$best_base" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
      else
        best_new=$(awk -v a="$best_new" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
      fi
    done
  done
  awk -v name="$name" -v d="$depth" -v n="$nodes" -v b="$best_base" -v w="$best_new" 'BEGIN {
    b = (b > 0 ? b : 0.01); w = (w > 0 ? w : 0.01);
    printf "%-11s %5d %12d %10.1f %10.1f %7.2fx\n", name, d, n, n / b / 1e6, n / w / 1e6, b / w
  }'
done
