#!/usr/bin/env python3
"""An independent check of 24.3's 从下一着开始运用将军或连续"将军"得子 over
Fairy-Stockfish's move generator (pyffish), not over qigui's.

    python3 tools/difftest/checks_win.py FEN [MOVES...] --checks N

MOVES are ICCS (ranks 0-9, as in the corpus). After them, the side that made
the last move is given the move again (a null move, as 24.3 asks what it
could do next), unless no move or an even number of moves is given, in which
case the side to move of the FEN after the moves attacks. The attacker gives
up to N checks — every defence answered — and then makes one capture, after
which the defender may take back once; a check that mates counts as a win.
It prints the best material gain over all of this for the attacker (rook 9,
horse 4, cannon 4.5, advisor and elephant 2, pawn 1; at least 1.5 counts),
or `none`. Used for the clause cases whose expected 捉 rests on a series of
checks (24.3/checks-win-a-rook) and for spec/errata.md's E7.

This is a plain search, slow (seconds to minutes) and deliberately simple:
it shares no code or reading with the classifier.
"""

import argparse
import re
import sys
from functools import lru_cache

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.exit("checks_win: needs pyffish (pip install pyffish)")

VALUE = {"r": 9, "n": 4, "c": 4.5, "a": 2, "b": 2, "p": 1, "k": 0}


def to_ff(mv):
    m = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", mv)
    if not m:
        sys.exit(f"checks_win: not an ICCS move: {mv}")
    return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}"


def material(fen, attacker_red):
    board = fen.split()[0]
    red = sum(VALUE[c.lower()] for c in board if c.isupper())
    black = sum(VALUE[c] for c in board if c.islower())
    return red - black if attacker_red else black - red


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fen")
    ap.add_argument("moves", nargs="*")
    ap.add_argument("--checks", type=int, default=3)
    a = ap.parse_args()
    fen = sf.get_fen("xiangqi", a.fen, [to_ff(m) for m in a.moves])
    if len(a.moves) % 2 == 1:
        parts = fen.split()
        parts[1] = "b" if parts[1] == "w" else "w"
        fen = " ".join(parts)
    attacker_red = fen.split()[1] == "w"
    start = material(fen, attacker_red)

    def mat(f):
        return material(f, attacker_red) - start

    def capture_gain(f):
        best = None
        for m in sf.legal_moves("xiangqi", f, []):
            f2 = sf.get_fen("xiangqi", f, [m])
            if mat(f2) == mat(f):
                continue
            worst = mat(f2)
            for r in sf.legal_moves("xiangqi", f2, []):
                worst = min(worst, mat(sf.get_fen("xiangqi", f2, [r])))
            best = worst if best is None else max(best, worst)
        return best

    @lru_cache(maxsize=None)
    def attack(f, checks):
        g = capture_gain(f)
        if g is not None and g >= 1.5:
            return g
        if checks == 0:
            return None
        best = None
        for m in sf.legal_moves("xiangqi", f, []):
            if not sf.gives_check("xiangqi", f, [m]):
                continue
            f2 = sf.get_fen("xiangqi", f, [m])
            replies = sf.legal_moves("xiangqi", f2, [])
            if not replies:
                return float("inf")  # mate
            worst = float("inf")
            for r in replies:
                v = attack(sf.get_fen("xiangqi", f2, [r]), checks - 1)
                worst = min(worst, v if v is not None else float("-inf"))
                if worst < 1.5:
                    break
            if worst >= 1.5 and (best is None or worst > best):
                best = worst
        return best

    r = attack(fen, a.checks)
    print("none" if r is None else ("mate" if r == float("inf") else r))


if __name__ == "__main__":
    main()
