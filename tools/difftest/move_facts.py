#!/usr/bin/env python3
"""The facts of one move of a repetition cycle that article 24's definitions
(24.1-24.9) read, found by a plain search over Fairy-Stockfish's move
generator (pyffish), not over qigui's.

    python3 tools/difftest/move_facts.py FEN MOVES... --ply K [--mate N]
        [--depth D]

MOVES are ICCS (ranks 0-9, as in the corpus); the fact sheet is about the
K-th of them (1-based). `before` is the position before it with the mover to
move, `after` the position after it with the opponent to move, and `again`
the position after it with the mover to move again (a null move, as 24.3
asks what the move lets the mover do next). It prints one line per fact:

    check: yes|no                 24.1: the move attacks the enemy king
    mover mates: before yes|no, after yes|no
                                  24.2: the mover mates by at most N checks
                                  (every reply answered) from `before` and
                                  from `again`
    opponent mates: before yes|no, after yes|no
                                  the same for the opponent, from `before`
                                  with the opponent to move (a null move)
                                  and from `after` (24.6's 阻拦 of a mate)
    mover gains: before [...], after [...]
    opponent gains: before [...], after [...]
                                  every piece the side can capture, each
                                  `square piece result`, the result the
                                  book's (1.2, 26.6, 26.7: gain, even or
                                  loss) of the best complete exchange of
                                  captures that the capture starts (the
                                  search of exchange_check.py), `mated`
                                  when the capturing side is mated at once
                                  after its capture (24.3: 得子后不致立即
                                  被对方将死)
    new mover gains: [...]        gains in `after` that `before` lacks
    moved piece taken: [...]      24.4/24.5: each capture of the moved
                                  piece by the opponent, `taker result`
                                  for the opponent, `mated` if the mover
                                  then mates by at most N checks

This is a plain search, deliberately simple: it shares no code or reading
with the classifier. Used for the composed boards of
cases/xiangqi-2020/24-composed.yaml (tools/authoring/composed_24.py).
"""

import argparse
import os
import re
import sys
from functools import lru_cache

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from exchange_check import (  # noqa: E402
    MATE,
    V,
    book_result,
    captured,
    points,
    sf,
    to_ff,
    to_iccs,
)


def flip(fen):
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def legal(fen):
    return sf.legal_moves(V, fen, [])


def play(fen, m):
    return sf.get_fen(V, fen, [m])


def in_check(fen):
    return sf.gives_check(V, fen, [])


def side_in_check(fen):
    """Whether the side NOT to move stands in check (an illegal null move)."""
    return in_check(flip(fen))


@lru_cache(maxsize=None)
def mates(fen, checks):
    """Whether the side to move mates by at most `checks` checks."""
    if checks == 0:
        return False
    for m in legal(fen):
        if not sf.gives_check(V, fen, [m]):
            continue
        f2 = play(fen, m)
        if all(mates(play(f2, r), checks - 1) for r in legal(f2)):
            return True
    return False


def mated_at_once(fen):
    """The side to move has a move after which the other side has none."""
    return any(not legal(play(fen, m)) for m in legal(fen))


def exchange(start, m, depth):
    """The best complete exchange of captures that the capture `m` starts,
    from `start` (the capturer to move): (gained, lost) for the capturer."""
    chaser = start.split()[1]

    @lru_cache(maxsize=None)
    def search(f, plies):
        side = f.split()[1]
        moves = legal(f)
        if not moves:
            return (-MATE if side == chaser else MATE), (), ()
        check = in_check(f)
        best = None if check else (0, (), ())
        if plies == 0:
            return best if best else (0, (), ())
        for x in moves:
            c = captured(f, x)
            if c is None and not check:
                continue
            v, g, lo = search(play(f, x), plies - 1)
            if c:
                if side == chaser:
                    v, g = v + points(*c), (c,) + g
                else:
                    v, lo = v - points(*c), (c,) + lo
            if best is None or (v > best[0] if side == chaser else v < best[0]):
                best = (v, g, lo)
        return best

    c = captured(start, m)
    v, g, lo = search(play(start, m), depth)
    if v <= -MATE / 2:
        return None
    return (c,) + g, lo


def gains(fen, depth):
    """{square: (piece, result)} of the side to move's captures, the best
    result per target."""
    order = {"gain": 3, "even": 2, "loss": 1, "mated": 0}
    out = {}
    if side_in_check(fen):
        return out
    for m in legal(fen):
        c = captured(fen, m)
        if not c:
            continue
        sq = to_iccs(m)[2:]
        if mated_at_once(play(fen, m)):
            res = "mated"
        else:
            e = exchange(fen, m, depth)
            res = "mated" if e is None else book_result(*e)
        if sq not in out or order[res] > order[out[sq][1]]:
            out[sq] = (c[0], res)
    return out


def show(g):
    return "[" + ", ".join(f"{sq} {p} {r}" for sq, (p, r) in sorted(g.items())) + "]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fen")
    ap.add_argument("moves", nargs="+")
    ap.add_argument("--ply", type=int, required=True)
    ap.add_argument("--mate", type=int, default=2)
    ap.add_argument("--depth", type=int, default=6)
    a = ap.parse_args()
    ff = [to_ff(m) for m in a.moves]
    before = sf.get_fen(V, a.fen, ff[: a.ply - 1])
    mv = ff[a.ply - 1]
    if mv not in legal(before):
        sys.exit(f"move_facts: {a.moves[a.ply - 1]} is not legal")
    after = play(before, mv)
    again = flip(after)
    them_before = flip(before)
    side = "red" if before.split()[1] == "w" else "black"
    print(f"ply {a.ply} {a.moves[a.ply - 1]} by {side}")
    print(f"check: {'yes' if in_check(after) else 'no'}")
    yn = {True: "yes", False: "no"}
    check = in_check(after)
    print(
        f"mover mates: before {yn[mates(before, a.mate)]}, "
        f"after {yn[not check and mates(again, a.mate)]}"
    )
    opp_before = not in_check(before) and mates(them_before, a.mate)
    print(f"opponent mates: before {yn[opp_before]}, after {yn[mates(after, a.mate)]}")
    gb = gains(before, a.depth)
    ga = {} if check else gains(again, a.depth)
    print(f"mover gains: before {show(gb)}, after {show(ga)}")
    ob = {} if in_check(before) else gains(them_before, a.depth)
    print(f"opponent gains: before {show(ob)}, after {show(gains(after, a.depth))}")
    new = {
        sq: v
        for sq, v in ga.items()
        if v[1] == "gain" and not (sq in gb and gb[sq] == v)
    }
    print(f"new mover gains: {show(new)}")
    def dest(m):
        return re.fullmatch(r"[a-i]\d+([a-i]\d+)", m)[1]

    to = dest(mv)
    taken = []
    for m in legal(after):
        if dest(m) != to:
            continue
        f2 = play(after, m)
        e = exchange(after, m, a.depth)
        res = "mated" if e is None or mates(f2, a.mate) else book_result(*e)
        taken.append(f"{to_iccs(m)[:2]} {res}")
    print(f"moved piece taken: [{', '.join(taken)}]")


if __name__ == "__main__":
    main()
