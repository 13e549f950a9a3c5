#!/usr/bin/env python3
"""What each move of a repetition cycle does, found by a plain search over
Fairy-Stockfish's move generator (pyffish), not over qigui's: the facts the
labels of article 24 rest on, before and after every move.

    python3 tools/difftest/cycle_facts.py FEN MOVES... [--mate N] [--depth N]

MOVES are ICCS (ranks 0-9, as in the corpus). For every ply it prints one
line:

    ply 1 w c2g2: answers-check no | check no | mate before no after no |
        wins before [] after ['g2g7 c gain'] | loses-first after ['h5c5 N even']

* answers-check: the mover was in check before the move (26.1.2);
* check: the move attacks the enemy king (24.1);
* mate before/after: whether the mover, given the move (before the move: as
  it stands; after: by a null move, as 24.2 and 24.3 ask what it could do
  next), mates by at most N checks, every reply answered (default N=3; a
  side with no legal move is mated) (24.2); after a move that checks, the
  null move means nothing and `-` is printed for mate after and wins after;
* wins before/after: every capture of the mover whose complete exchange
  (captures only, both sides best, the defender may stop; a side in check
  answers with any legal move) ends in a gain in the book's terms (1.2, 26.6,
  26.7, as tools/difftest/exchange_check.py counts them), with the capture,
  the piece it takes and the result (24.3 得子, 24.15 有根/无根/少根子; a
  recapture that would leave the king in check or facing the other king is
  not legal, so a false protector, 24.16, does not count);
* loses-first after: every capture the opponent has right after the move and
  the book's result of its best line for the mover (26.5's 先丢被保护子).

Every result is the mover's: `gain` means the mover of that ply comes out
ahead. Gains by a series of checks are tools/difftest/checks_win.py's.

The exchange search and the book's values are exchange_check.py's
(`book_result`, `points`, `captured`); this file adds the walk over the
cycle, the check and mate questions, and the null move. It shares no code or
reading with the classifier. Used for the composed boards of
cases/xiangqi-2020/24-26-composed-b.yaml (tools/authoring/composed_cases_b.py).
"""

import argparse
import os
import sys
from functools import lru_cache

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import exchange_check as ec  # noqa: E402

sf = ec.sf
V = ec.V


def flip(fen):
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def legal(f):
    return sf.legal_moves(V, f, [])


def in_check(f):
    return sf.gives_check(V, f, [])


@lru_cache(maxsize=None)
def exchange(f, chaser, plies):
    """(value for `chaser`, gained, lost) of the best capture play from `f`."""
    side = f.split()[1]
    moves = legal(f)
    if not moves:
        return (-ec.MATE if side == chaser else ec.MATE), (), ()
    check = in_check(f)
    best = None if check else (0, (), ())
    if plies == 0:
        return best if best else (0, (), ())
    for m in moves:
        c = ec.captured(f, m)
        if c is None and not check:
            continue
        v, g, lo = exchange(sf.get_fen(V, f, [m]), chaser, plies - 1)
        if c:
            if side == chaser:
                v, g = v + ec.points(*c), (c,) + g
            else:
                v, lo = v - ec.points(*c), (c,) + lo
        if best is None or (v > best[0] if side == chaser else v < best[0]):
            best = (v, g, lo)
    return best


def captures(f, chaser, depth):
    """[(capture ICCS, piece taken, book result for `chaser`)] of the side to
    move in `f`."""
    out = []
    side = f.split()[1]
    for m in legal(f):
        c = ec.captured(f, m)
        if not c:
            continue
        v, g, lo = exchange(sf.get_fen(V, f, [m]), chaser, depth)
        if side == chaser:
            g = (c,) + g
        else:
            lo = (c,) + lo
        if abs(v) >= ec.MATE / 2:
            res = "mated" if (v < 0) else "mates"
        else:
            res = ec.book_result(g, lo)
        out.append((ec.to_iccs(m), c[0], res))
    return out


@lru_cache(maxsize=None)
def mates(f, checks):
    """Whether the side to move in `f` mates by at most `checks` checks."""
    if checks == 0:
        return False
    for m in legal(f):
        if not sf.gives_check(V, f, [m]):
            continue
        f2 = sf.get_fen(V, f, [m])
        if all(mates(sf.get_fen(V, f2, [r]), checks - 1) for r in legal(f2)):
            return True
    return False


def yn(b):
    return "yes" if b else "no"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fen")
    ap.add_argument("moves", nargs="+")
    ap.add_argument("--mate", type=int, default=3)
    ap.add_argument("--depth", type=int, default=6)
    a = ap.parse_args()
    f = a.fen
    for i, mv in enumerate(a.moves, 1):
        side = f.split()[1]
        m = ec.to_ff(mv)
        if m not in legal(f):
            sys.exit(f"cycle_facts: ply {i} {mv} is not legal")
        after = sf.get_fen(V, f, [m])
        null = flip(after)
        wins_b = [f"{x} {p} {r}" for x, p, r in captures(f, side, a.depth) if r in ("gain", "mates")]
        check = in_check(after)
        if check:
            # After a check the null move means nothing (the king could be
            # taken): the check itself is the move's fact (24.1).
            wins_a, mate_a = "-", "-"
        else:
            wins_a = [f"{x} {p} {r}" for x, p, r in captures(null, side, a.depth) if r in ("gain", "mates")]
            mate_a = yn(mates(null, a.mate))
        first = [f"{x} {p} {r}" for x, p, r in captures(after, side, a.depth)]
        print(
            f"ply {i} {side} {mv}: answers-check {yn(in_check(f))} | check {yn(check)}"
            f" | mate before {yn(mates(f, a.mate))} after {mate_a}"
            f" | wins before {wins_b} after {wins_a} | loses-first after {first}"
        )
        f = after
    print("returns to start:", yn(f.split()[:2] == a.fen.split()[:2]))


if __name__ == "__main__":
    main()
