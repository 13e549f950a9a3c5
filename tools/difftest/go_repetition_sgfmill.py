#!/usr/bin/env python3
"""Whole-board repetition cases of go-local, replayed on sgfmill's board.

For every `go-moves` case of cases/go-local/09-repetition.yaml and the
三劫连环 case of 04-ko.yaml, the record is played on sgfmill's board
(`sgfmill.boards.Board`, which captures but enforces no ko rule), with the
simple ko rule of 活动方案.一.4 checked here from sgfmill's own answer (the
point its `play` says simple ko forbids next). Independently of qigui, the
script finds the first whole-board repetition (board and side to move) and
decides 三劫连环 by the definition in spec/go.md: every move of the cycle a
ko capture (one stone taken, the capturer alone with the taken point as its
only liberty — sgfmill's simple-ko point) at three or more distinct kos. It
compares with each case's `repeated`, `end`, `result`, `prisoners` and
`board`. No qigui code runs; the last line is the summary.

    pip install sgfmill pyyaml
    python3 tools/difftest/go_repetition_sgfmill.py
"""

import os
import sys

import yaml
from sgfmill import boards

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
COLS = "ABCDEFGHJKLMNOPQRST"


def point(text, size):
    col = COLS.index(text[0].upper())
    row = int(text[1:]) - 1
    assert col < size and row < size, text
    return row, col


def load_board(diagram, size):
    rows = [r.replace(" ", "") for r in diagram.strip().splitlines()]
    assert len(rows) == size
    b = boards.Board(size)
    for i, line in enumerate(rows):
        for col, ch in enumerate(line):
            row = size - 1 - i
            if ch in "Xx":
                b.play(row, col, "b")
            elif ch in "Oo":
                b.play(row, col, "w")
    return b


def key(b):
    return tuple(b.get(r, c) for r in range(b.side) for c in range(b.side))


def stones(b):
    return sum(1 for r in range(b.side) for c in range(b.side) if b.get(r, c))


def replay(case):
    inp = case["input"]
    size = inp.get("size", 19)
    b = load_board(inp["board"], size) if "board" in inp else boards.Board(size)
    to_move = {"black": "b", "white": "w"}[inp.get("to_move", "black")]
    ko = None  # the point the side to move may not play (sgfmill's answer)
    seen = {(key(b), to_move): 0}
    kos = []  # per ply: the ko pair taken, or None
    prisoners = {"b": 0, "w": 0}
    repeated = None
    end = None
    entries = inp["moves"].split()
    for ply, e in enumerate(entries, 1):
        colour, _, what = e.rpartition(":")
        if colour:
            assert colour.lower()[0] == to_move, (case["id"], ply, "turn")
        if what == "pass":
            ko = None
            kos.append(None)
        else:
            r, c = point(what, size)
            assert (r, c) != ko, (case["id"], ply, "ko")
            before = b.copy()
            n0 = stones(b)
            ko = b.play(r, c, to_move)
            taken = n0 + 1 - stones(b)
            assert b.get(r, c) == to_move, (case["id"], ply, "suicide")
            prisoners[to_move] += taken
            if ko is not None:
                assert taken == 1 and before.get(*ko) is not None
                kos.append(tuple(sorted([(r, c), ko])))
            else:
                kos.append(None)
        to_move = "w" if to_move == "b" else "b"
        k = (key(b), to_move)
        if k in seen:
            earlier = seen[k]
            if repeated is None:
                repeated = (ply, earlier)
            cycle = kos[earlier:]
            if end is None and all(cycle) and len(set(cycle)) >= 3:
                end = "triple-ko"
        seen[k] = ply
        if end:
            assert ply == len(entries), (case["id"], "moves after the end")
    rows = []
    for row in range(size - 1, -1, -1):
        rows.append("".join({"b": "X", "w": "O", None: "."}[b.get(row, c)] for c in range(size)))
    return {
        "repeated": repeated,
        "end": end or "none",
        "result": "draw" if end else "ongoing",
        "prisoners": [prisoners["b"], prisoners["w"]],
        "board": rows,
        "plies": len(entries),
    }


def main():
    files = ["09-repetition.yaml", "04-ko.yaml"]
    checked = failed = 0
    for f in files:
        data = yaml.safe_load(open(os.path.join(ROOT, "cases", "go-local", f), encoding="utf-8"))
        for case in data["cases"]:
            if case["kind"] != "go-moves" or "repeated" not in case["expected"]:
                continue
            exp = case["expected"]
            got = replay(case)
            want = dict(exp)
            rep = want.get("repeated")
            if isinstance(rep, dict):
                want["repeated"] = (rep["ply"], rep["earlier"])
            elif rep == "none":
                want["repeated"] = None
            bad = []
            for k in ["repeated", "end", "result", "prisoners", "plies"]:
                if k in want and want[k] != got[k]:
                    bad.append(f"{k}: case {want[k]!r}, sgfmill {got[k]!r}")
            if "board" in want:
                wb = want["board"]
                wb = wb if isinstance(wb, list) else wb.strip().splitlines()
                if [r.replace(" ", "") for r in wb] != got["board"]:
                    bad.append(f"board: case {wb}, sgfmill {got['board']}")
            checked += 1
            if bad:
                failed += 1
                print(f"DISAGREE {case['id']}: " + "; ".join(bad))
            else:
                print(f"ok {case['id']}: repeated {got['repeated']}, end {got['end']}")
    print(f"{checked} cases checked against sgfmill, {failed} disagreements")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
