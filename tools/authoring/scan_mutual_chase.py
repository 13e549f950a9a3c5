#!/usr/bin/env python3
"""Proposes squares for 26.9.4 boards of 长捉车 against 长捉无根子: a red
horse going between two points (N1 -> N2 -> N1), a black rook going between
two points (X -> Y -> X) and two red pieces P and Q the rook attacks in turn,
where each horse move attacks the rook and protects the piece it attacks
(N2 guards P, N1 guards Q). A geometric pass (kings on e0 and d9) keeps the
placements where each move creates exactly the intended attack; the
survivors are then checked over pyffish (tools/difftest/cycle_facts.py's
searches, no qigui code): no check, no mate by at most two checks, and in
every position of the cycle the mover's only gaining capture after a null
move is the intended one, none before it, and the opponent has none.

    python3 tools/authoring/scan_mutual_chase.py C N [EXTRA] [LIMIT]

(the letters of P and Q; EXTRA: more pieces as `<letter><square>`, e.g.
"ae8"; LIMIT: how many boards to print, default 15). It found
26.9.4/horse-chases-rook-that-chases-unprotected-pieces
(`C N ae8`: Na4 re6 Ce4 Nb2). It proposes squares; the labels and verdict
of a board written from it are the book's (composed_cases_d.py). About a
minute.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "difftest"))
import clause_cases as cc  # noqa: E402
import cycle_facts as cf  # noqa: E402
import exchange_check as ec  # noqa: E402
import pyffish as sf  # noqa: E402

V = "xiangqi"
F = "abcdefghi"
KR, KB = (4, 0), (3, 9)
H = [(1, 2, 0, 1), (-1, 2, 0, 1), (1, -2, 0, -1), (-1, -2, 0, -1),
     (2, 1, 1, 0), (2, -1, 1, 0), (-2, 1, -1, 0), (-2, -1, -1, 0)]


def on(p):
    return 0 <= p[0] < 9 and 0 <= p[1] < 10


def clear(a, b, occ):
    """A rook's line from a to b, nothing between."""
    if a[0] == b[0]:
        s = 1 if b[1] > a[1] else -1
        return all((a[0], y) not in occ for y in range(a[1] + s, b[1], s))
    if a[1] == b[1]:
        s = 1 if b[0] > a[0] else -1
        return all((x, a[1]) not in occ for x in range(a[0] + s, b[0], s))
    return False


def hatt(h, t, occ):
    return any((h[0] + dx, h[1] + dy) == t and (h[0] + lx, h[1] + ly) not in occ
               for dx, dy, lx, ly in H)


def nm(p):
    return F[p[0]] + str(p[1])


def geometric():
    sqs = [(x, y) for x in range(9) for y in range(10) if (x, y) not in (KR, KB)]
    for N1 in sqs:
        for dx, dy, lx, ly in H:
            N2 = (N1[0] + dx, N1[1] + dy)
            if not on(N2) or N2 in (KR, KB):
                continue
            for X in sqs:
                if X in (N1, N2):
                    continue
                for P in sqs:
                    if P in (N1, N2, X):
                        continue
                    o = {KR, KB, N2, X, P}
                    if not (hatt(N2, X, o) and hatt(N2, P, o) and clear(X, P, o)):
                        continue
                    for Y in sqs:
                        if Y in (N1, N2, X, P):
                            continue
                        for Q in sqs:
                            if Q in (N1, N2, X, P, Y):
                                continue
                            o1 = {KR, KB, N1, X, P, Q}
                            o2 = {KR, KB, N2, X, P, Q}
                            o3 = {KR, KB, N2, Y, P, Q}
                            o4 = {KR, KB, N1, Y, P, Q}
                            leg = (N1[0] + lx, N1[1] + ly)
                            if leg in o1 or leg in o3 or not clear(X, Y, o1 - {X}):
                                continue
                            if (hatt(N1, X, o1) or hatt(N1, P, o1) or not clear(X, P, o1)
                                    or clear(X, Q, o1) or clear(X, N1, o1)):
                                continue
                            if not hatt(N2, X, o2) or not hatt(N2, P, o2) or clear(X, N2, o2):
                                continue
                            if (not clear(Y, Q, o3) or clear(Y, P, o3) or clear(Y, N2, o3)
                                    or hatt(N2, Y, o3) or hatt(N2, Q, o3)):
                                continue
                            if not hatt(N1, Y, o4) or not hatt(N1, Q, o4) or clear(Y, N1, o4):
                                continue
                            if clear(X, KR, o1) or clear(Y, KR, o3):
                                continue
                            yield N1, N2, X, Y, P, Q


def searched(pieces, moves, targets):
    try:
        b = cc.B(cc.P(pieces), "w")
        if b.incheck(False) or b.incheck(True):
            return None
        f = b.fen()
    except Exception:
        return None
    g = f
    for mv, target in zip(moves, targets):
        side = g.split()[1]
        other = "b" if side == "w" else "w"
        m = ec.to_ff(mv)
        if m not in cf.legal(g):
            return None
        a = sf.get_fen(V, g, [m])
        if cf.in_check(a) or cf.in_check(g):
            return None
        before = [x for x in cf.captures(g, side, 4) if x[2] in ("gain", "mates")]
        after = [x for x in cf.captures(cf.flip(a), side, 4) if x[2] in ("gain", "mates")]
        opp = [x for x in cf.captures(a, other, 4) if x[2] in ("gain", "mates")]
        if before or opp or len(after) != 1 or after[0][0][2:] != target:
            return None
        if cf.mates(g, 2) or cf.mates(cf.flip(a), 2):
            return None
        g = a
    return f


def main():
    tp, tq = sys.argv[1], sys.argv[2]
    extra = sys.argv[3] if len(sys.argv) > 3 else ""
    limit = int(sys.argv[4]) if len(sys.argv) > 4 else 15
    found = 0
    for N1, N2, X, Y, P, Q in geometric():
        pieces = f"Ke0 kd9 N{nm(N1)} r{nm(X)} {tp}{nm(P)} {tq}{nm(Q)} {extra}".strip()
        moves = [nm(N1) + nm(N2), nm(X) + nm(Y), nm(N2) + nm(N1), nm(Y) + nm(X)]
        fen = searched(pieces, moves, [nm(X), nm(Q), nm(Y), nm(P)])
        if fen:
            print(pieces, fen, " ".join(moves), flush=True)
            found += 1
            if found >= limit:
                break


if __name__ == "__main__":
    main()
