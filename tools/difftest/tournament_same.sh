#!/bin/sh
# diff.sh BASE NEW: standings and pairing of the generated events, byte for byte
cd "${EVENTS:-/tmp/ev26b}"
fail=0
for f in swiss-1000.json swiss-10000.json s1.json swiss-100000.json extra-*.json; do
  [ -f "$f" ] || continue
  for cmd in "standings" "standings --format json" "pair swiss"; do
    $1 $cmd $f > a.out 2>&1; ra=$?
    $2 $cmd $f > b.out 2>&1; rb=$?
    if [ $ra != $rb ] || ! cmp -s a.out b.out; then echo "DIFF: $cmd $f"; fail=1; else echo "same: $cmd $f ($(wc -c < a.out) bytes)"; fi
  done
done
exit $fail
