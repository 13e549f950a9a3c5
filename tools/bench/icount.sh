#!/usr/bin/env bash
# Instructions one build of examples/time_classifier spends judging the
# cases whose id contains FILTER, REPEAT times (default 1), less a run that
# judges nothing (reading the figure and cycle files), per judgement —
# counted by valgrind's callgrind, so the same on a loaded machine, for
# comparing two builds' work where wall time is too noisy (issue 26).
#
#   tools/bench/icount.sh BIN FILTER [REPEAT]
#
# e.g. tools/bench/icount.sh target/release/examples/time_classifier cycle-118
set -euo pipefail
b=${1:?usage: icount.sh BIN FILTER [REPEAT]}
f=${2:?usage: icount.sh BIN FILTER [REPEAT]}
r=${3:-1}
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
    awk '/Collected/{print $4}'
}
base=$(count "$b" 1 "no case has this id")
tot=$(count "$b" "$r" "$f")
echo $(((tot - base) / r))
