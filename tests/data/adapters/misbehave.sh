#!/bin/sh
# A deliberately broken adapter for tests/adapter.rs. $1 says how it breaks:
#   wrong    answers every perft case with 0 nodes
#   hang     answers hello, then never answers a case
#   crash    answers hello, then exits with status 3 on the first case
#   garbage  prints a line that is not a message instead of hello
#   skip     skips every case with a reason
#   stubborn answers correctly for depth 1 but ignores stop
mode="$1"
read -r hello
case "$mode" in
  garbage) echo "Fairy-Stockfish 14 by the Stockfish developers"; exec sleep 30 ;;
esac
echo '{"type":"hello","protocol":1,"name":"misbehave '"$mode"'","kinds":["perft"]}'
while read -r line; do
  id=$(printf '%s\n' "$line" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
  case "$line" in *'"type":"stop"'*) [ "$mode" = stubborn ] && exec sleep 30; exit 0 ;; esac
  case "$mode" in
    wrong) echo '{"type":"result","id":"'"$id"'","output":{"nodes":0}}' ;;
    hang) exec sleep 30 ;;
    crash) echo "boom: cannot go on" >&2; exit 3 ;;
    skip) echo '{"type":"skip","id":"'"$id"'","reason":"perft is too slow here"}' ;;
    stubborn) echo '{"type":"result","id":"'"$id"'","output":{"nodes":44}}' ;;
  esac
done
