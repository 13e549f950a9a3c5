#!/usr/bin/env python3
"""An independent check of the complete exchange (完整互吃, 24.3, 26.5–26.8)
over Fairy-Stockfish's move generator (pyffish), not over qigui's.

    python3 tools/difftest/exchange_check.py FEN [MOVES...] [--capture MOVE]
        [--depth N] [--opponent-first]

MOVES are ICCS (ranks 0-9, as in the corpus). After them, the side that made
the last move is given the move again (a null move, as 24.3 asks what it
could do next), unless no move or an even number of moves is given, in which
case the side to move of the FEN after the moves is the chasing side.

Without --capture it lists every capture the chasing side has; with it,
only that one. For each it plays the capture, then both sides answer by an
exhaustive search over captures only, to N plies after the capture (default
6): the side to move may capture anything anywhere, or stop; a side in check
must answer with any legal move, and one with no legal move is mated. The
chasing side maximises and the defender minimises the material balance in
plain points (rook 9, horse 4, cannon 4, advisor and elephant 2, pawn 1
across the river, 0.5 before it; a mate is worth 1000). The line found is
printed with what each side took, and its result in the book's terms:

* 1.2, 26.6: a rook is worth two strong units, a horse or cannon one;
  advisors and elephants are weak; strong outweighs any number of weak;
* 26.7: a pawn across the river has a floating value below a rook: pawns
  given or taken for other pieces are not a gain for either side, unless a
  rook's worth changes hands; pawns before the river count for nothing.

With --mate N it says only whether the chasing side mates by at most N
checks, every reply answered (a side with no legal move is mated).

With --opponent-first the defender moves first instead: every capture it
has right after the chasing move, before the chasing side captures (26.5's
先丢被保护子，后吃对方子), each with the best play that follows.

This is a plain search, deliberately simple (no pruning but the depth): it
shares no code or reading with the classifier. Used for the composed cases
of cases/xiangqi-2020/24-26-composed.yaml.
"""

import argparse
import re
import sys
from functools import lru_cache

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.exit("exchange_check: needs pyffish (pip install pyffish)")

V = "xiangqi"
POINTS = {"r": 9, "n": 4, "c": 4, "a": 2, "b": 2, "k": 0}
MATE = 1000


def to_ff(mv):
    m = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", mv)
    if not m:
        sys.exit(f"exchange_check: not an ICCS move: {mv}")
    return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}"


def to_iccs(mv):
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", mv)
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


def board_of(fen):
    """{(file, rank0): piece}, ranks 0-9 from red's side."""
    b = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                b[(f, 9 - i)] = ch
                f += 1
    return b


def crossed(piece, rank):
    return rank >= 5 if piece.isupper() else rank <= 4


def points(piece, rank):
    k = piece.lower()
    if k == "p":
        return 1 if crossed(piece, rank) else 0.5
    return POINTS[k]


def captured(fen, uci):
    """The piece a move takes and its rank, or None."""
    to = re.fullmatch(r"[a-i]\d+([a-i])(\d+)", uci)
    f, r = "abcdefghi".index(to[1]), int(to[2]) - 1
    p = board_of(fen).get((f, r))
    return (p, r) if p else None


def book_result(gained, lost):
    """The book's judgment (1.2, 26.6, 26.7) of taking `gained` for `lost`,
    each a list of (piece letter, rank): 'gain', 'even' or 'loss'."""

    def tally(units):
        strong = weak = rooks = pawns = 0
        for p, r in units:
            k = p.lower()
            if k == "r":
                strong, rooks = strong + 2, rooks + 1
            elif k in "nc":
                strong += 1
            elif k in "ab":
                weak += 1
            elif k == "p" and crossed(p, r):
                pawns += 1
        return strong, weak, rooks, pawns

    gs, gw, gr, gp = tally(gained)
    ls, lw, lr, lp = tally(lost)
    ds, dw, dp = gs - ls, gw - lw, gp - lp
    pieces = (ds > 0) - (ds < 0) if ds else (dw > 0) - (dw < 0)
    if dp == 0 or pieces == 0:
        if pieces == 0 and dp == 0:
            return "even"
        if pieces == 0:
            return "gain" if dp > 0 else "loss"
        return "gain" if pieces > 0 else "loss"
    if (pieces > 0) == (dp > 0):
        return "gain" if pieces > 0 else "loss"
    # Pieces for pawns (26.7): only a rook's worth changes the balance.
    if pieces > 0:
        return "gain" if ds >= 2 and gr > lr else "even"
    return "loss" if -ds >= 2 and lr > gr else "even"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fen")
    ap.add_argument("moves", nargs="*")
    ap.add_argument("--capture")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--opponent-first", action="store_true")
    ap.add_argument("--mate", type=int, metavar="N")
    a = ap.parse_args()
    fen = sf.get_fen(V, a.fen, [to_ff(m) for m in a.moves])
    if len(a.moves) % 2 == 1:
        parts = fen.split()
        parts[1] = "b" if parts[1] == "w" else "w"
        fen = " ".join(parts)
    chaser = fen.split()[1]

    @lru_cache(maxsize=None)
    def search(f, plies):
        """(value for the chaser, line, gained, lost) of the best play."""
        side = f.split()[1]
        legal = sf.legal_moves(V, f, [])
        if not legal:
            return (-MATE if side == chaser else MATE), (), (), ()
        in_check = sf.gives_check(V, f, [])
        best = None if in_check else (0, (), (), ())
        if plies == 0:
            return best if best else (0, (), (), ())
        for m in legal:
            c = captured(f, m)
            if c is None and not in_check:
                continue
            v, line, g, lo = search(sf.get_fen(V, f, [m]), plies - 1)
            if c:
                pts = points(*c)
                if side == chaser:
                    v, g = v + pts, (c,) + g
                else:
                    v, lo = v - pts, (c,) + lo
            cand = (v, (m,) + line, g, lo)
            if best is None or (v > best[0] if side == chaser else v < best[0]):
                best = cand
        return best

    if a.mate is not None:

        @lru_cache(maxsize=None)
        def mates(f, checks):
            """Whether the side to move mates by at most `checks` checks."""
            if checks == 0:
                return False
            for m in sf.legal_moves(V, f, []):
                if not sf.gives_check(V, f, [m]):
                    continue
                f2 = sf.get_fen(V, f, [m])
                replies = sf.legal_moves(V, f2, [])
                if all(mates(sf.get_fen(V, f2, [r]), checks - 1) for r in replies):
                    return True
            return False

        print(f"mate by at most {a.mate} checks: {'yes' if mates(fen, a.mate) else 'no'}")
        return
    start = fen
    who = "chaser"
    if a.opponent_first:
        parts = fen.split()
        parts[1] = "b" if chaser == "w" else "w"
        start = " ".join(parts)
        who = "opponent"
    caps = [m for m in sf.legal_moves(V, start, []) if captured(start, m)]
    if a.capture:
        want = to_ff(a.capture)
        caps = [m for m in caps if m == want]
        if not caps:
            sys.exit(f"exchange_check: {a.capture} is not a legal capture")
    if not caps:
        print(f"{who}: no capture")
    for m in caps:
        c = captured(start, m)
        v, line, g, lo = search(sf.get_fen(V, start, [m]), a.depth)
        if who == "chaser":
            g, v = (c,) + g, v + points(*c)
        else:
            lo, v = (c,) + lo, v - points(*c)
        print(
            f"{who} {to_iccs(m)} {c[0]}: {' '.join(to_iccs(x) for x in (m,) + line)}"
            f" | chaser takes {[p for p, _ in g]} loses {[p for p, _ in lo]}"
            f" | points {v:+g} | book: {book_result(g, lo)}"
        )


if __name__ == "__main__":
    main()
