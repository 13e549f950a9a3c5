#!/usr/bin/env python3
"""Cross-check qigui's forbidden moves (article 8) against the PyPI package
`renju` (MIT, a port of the Piskvork judge's renju checker): an independent
implementation.

    python3 -m venv /tmp/renju-venv && /tmp/renju-venv/bin/pip install renju
    cargo build --release
    /tmp/renju-venv/bin/python tools/gomoku/crosscheck_renju.py [--boards N] [--qigui PATH]

For the 58 published positions (tools/gomoku/renju-public-cases.json) and N
pseudo-random boards, it compares every empty point's verdict. The Piskvork
judge treats a four point that also completes a five as *not* making a
three live (its recursive call returns "foul" for a five), which is qigui's
`--reading five-point-excluded`; the comparison uses that reading, and also
counts the boards where qigui's default reading gives a different map.
Exit status 1 if any board disagrees under the matching reading.
"""

import argparse
import json
import os
import subprocess
import sys

from renju.check_forbid import get_foul_type

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KINDS = {1: "double-three", 2: "double-four", 3: "overline"}
COLS = "ABCDEFGHIJKLMNO"


def name(c, r):
    return f"{COLS[c]}{r + 1}"


def parse(p):
    return COLS.index(p[0].upper()), int(p[1:]) - 1


def renju_map(black, white):
    board = [[0] * 15 for _ in range(15)]
    for p in black:
        c, r = parse(p)
        board[c][r] = 1
    for p in white:
        c, r = parse(p)
        board[c][r] = 2
    out = {}
    for c in range(15):
        for r in range(15):
            if board[c][r] == 0:
                k = get_foul_type(board, c, r)
                if k:
                    out[name(c, r)] = KINDS[k]
    return out


def qigui_map(exe, black, white, reading):
    res = subprocess.run(
        [exe, "gomoku", "forbidden", "--black", " ".join(black), "--white", " ".join(white),
         "--reading", reading, "--format", "json"],
        capture_output=True, text=True, check=True)
    return {e["point"]: e["kind"] for e in json.loads(res.stdout)["forbidden"]}


def random_boards(n, seed=20250101):
    x = seed
    for i in range(n):
        stones = {}
        nb = 15 + i % 40
        nw = nb - (i % 3)
        order = []
        while len(order) < nb + nw:
            x = (x * 6364136223846793005 + 1442695040888963407) % 2**64
            c, r = 2 + (x >> 33) % 11, 2 + (x >> 45) % 11
            if (c, r) in stones:
                continue
            stones[(c, r)] = 1 if len(order) % 2 == 0 else 2
            order.append((c, r))
        black = [name(c, r) for (c, r), s in stones.items() if s == 1]
        white = [name(c, r) for (c, r), s in stones.items() if s == 2]
        yield f"random-{i}", black, white


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=300)
    ap.add_argument("--qigui", default=os.path.join(ROOT, "target", "release", "qigui"))
    a = ap.parse_args()
    cases = json.load(open(os.path.join(HERE, "renju-public-cases.json")))["cases"]
    boards = [(f"published-{i}", c["black"], c["white"]) for i, c in enumerate(cases)]
    boards += list(random_boards(a.boards))
    disagree, reading_differs, points = 0, 0, 0
    for label, black, white in boards:
        theirs = renju_map(black, white)
        ours = qigui_map(a.qigui, black, white, "five-point-excluded")
        default = qigui_map(a.qigui, black, white, "five-point-legal")
        points += 225 - len(black) - len(white)
        if ours != theirs:
            disagree += 1
            print(f"DISAGREE {label}: black {' '.join(black)} | white {' '.join(white)}")
            print(f"  renju: {theirs}")
            print(f"  qigui: {ours}")
        if default != ours:
            reading_differs += 1
            print(f"reading matters on {label}: five-point-legal {default} vs five-point-excluded {ours}")
    print(f"{len(boards)} boards, {points} empty points checked: "
          f"{len(boards) - disagree} agree with renju under five-point-excluded, {disagree} disagree; "
          f"qigui's two readings differ on {reading_differs} board(s)")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
