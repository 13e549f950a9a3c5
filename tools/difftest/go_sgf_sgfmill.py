#!/usr/bin/env python3
"""SGF replay and count: qigui against sgfmill and a scorer from 003's text.

Generates random Go games (legal moves only: sgfmill's board captures,
this script refuses suicide and the simple-ko retake it reports), writes
each as SGF with sgfmill's writer (setup stones, passes written B[] or
[tt], KM, HA, a variation to skip), and runs
`qigui go score --sgf FILE --format json` on it. Compared:

* the final board: qigui's `record.final_board` against sgfmill's board
  after the main line (sgfmill's own SGF reader, main line only);
* the count: each side's stones plus the empty points only it borders,
  plus half the points bordering both or neither (胜负计算.数子法 and
  .单官), computed here from sgfmill's final board with the given dead
  stones taken off — not with qigui's code;
* the komi: KM in 目 halved to 子 (spec/go.md, "Komi").

Games that qigui refuses are disagreements too (every generated move is
legal). The last line is the summary.

    pip install sgfmill && cargo build --release
    python3 tools/difftest/go_sgf_sgfmill.py --games 300 --seed 1
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

from sgfmill import boards, sgf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
QIGUI = os.path.join(ROOT, "target", "release", "qigui")
COLS = "ABCDEFGHJKLMNOPQRST"


def name(row, col):
    return f"{COLS[col]}{row + 1}"


def legal(board, row, col, colour, ko):
    if board.get(row, col) is not None or (row, col) == ko:
        return None
    b = board.copy()
    new_ko = b.play(row, col, colour)
    if b.get(row, col) != colour:  # sgfmill allows self-capture
        return None
    return b, new_ko


def random_game(rng, size):
    board = boards.Board(size)
    setup = []
    handicap = 0
    if rng.random() < 0.3:
        handicap = rng.choice([2, 3, 4])
        pts = rng.sample([(r, c) for r in range(size) for c in range(size)], handicap)
        for r, c in pts:
            board.play(r, c, "b")
        setup = pts
    colour = "w" if handicap else "b"
    ko = None
    moves = []
    passes = 0
    for _ in range(rng.randrange(size * size, size * size * 3)):
        empties = [(r, c) for r in range(size) for c in range(size) if board.get(r, c) is None]
        rng.shuffle(empties)
        played = None
        for r, c in empties[:40]:
            x = legal(board, r, c, colour, ko)
            if x:
                played = (r, c, x)
                break
        if played is None or rng.random() < 0.02:
            moves.append((colour, None))
            ko = None
            passes += 1
            if passes == 2:
                break
        else:
            r, c, (board, ko) = played
            moves.append((colour, (r, c)))
            passes = 0
        colour = "w" if colour == "b" else "b"
    return setup, handicap, moves, board


def write_sgf(size, setup, handicap, moves, komi, rng):
    game = sgf.Sgf_game(size=size)
    root = game.get_root()
    root.set("KM", komi)
    if handicap:
        root.set("HA", handicap)
        root.set_setup_stones(setup, [])
    node = root
    first_child = None
    for colour, mv in moves:
        node = node.new_child()
        node.set_move(colour, mv)
        if first_child is None:
            first_child = node
    if first_child is not None and rng.random() < 0.5:
        alt = root.new_child()  # a second variation at the root: skipped
        alt.set_move("w" if handicap else "b", None)
    data = game.serialise().decode()
    if size <= 19 and rng.random() < 0.5:
        data = data.replace("B[]", "B[tt]").replace("W[]", "W[tt]")
    return data


def main_line_board(data):
    game = sgf.Sgf_game.from_string(data)
    b, plays = sgf_moves_main_line(game)
    return b


def sgf_moves_main_line(game):
    from sgfmill import sgf_moves

    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, mv in plays:
        if mv is not None:
            board.play(mv[0], mv[1], colour)
    return board, plays


def area(board, dead):
    size = board.side
    cell = {}
    for r in range(size):
        for c in range(size):
            s = board.get(r, c)
            cell[(r, c)] = None if (r, c) in dead else s
    count = {"b": 0.0, "w": 0.0}
    seen = set()
    for p, s in cell.items():
        if s:
            count[s] += 1
        elif p not in seen:
            region, borders, todo = [], set(), [p]
            seen.add(p)
            while todo:
                q = todo.pop()
                region.append(q)
                r, c = q
                for n in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]:
                    if n in cell:
                        if cell[n] is None and n not in seen:
                            seen.add(n)
                            todo.append(n)
                        elif cell[n]:
                            borders.add(cell[n])
            if len(borders) == 1:
                count[borders.pop()] += len(region)
            else:
                count["b"] += len(region) / 2
                count["w"] += len(region) / 2
    return count


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--qigui", default=QIGUI)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    bad = moves_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for g in range(a.games):
            size = rng.choice([5, 7, 9, 13, 19])
            setup, handicap, moves, final = random_game(rng, size)
            komi = rng.choice([7.5, 5.5, 0, 6.5]) if not handicap else 0
            data = write_sgf(size, setup, handicap, moves, komi, rng)
            moves_total += len(moves)
            path = os.path.join(tmp, f"g{g}.sgf")
            open(path, "w").write(data)
            stones = [(r, c) for r in range(size) for c in range(size) if final.get(r, c)]
            dead = set(rng.sample(stones, min(len(stones), rng.randrange(0, 4))))
            args = [a.qigui, "go", "score", "--sgf", path, "--format", "json"]
            if dead:
                args += ["--dead", ",".join(name(r, c) for r, c in sorted(dead))]
            p = subprocess.run(args, capture_output=True, text=True)
            if p.returncode != 0:
                bad += 1
                print(f"game {g}: qigui refused: {p.stderr.strip()}\n{data}")
                continue
            out = json.loads(p.stdout)
            ref = main_line_board(data)
            rows = [
                "".join({"b": "X", "w": "O", None: "."}[ref.get(r, c)] for c in range(size))
                for r in range(size - 1, -1, -1)
            ]
            problems = []
            if rows != out["record"]["final_board"]:
                problems.append("final board differs")
            cnt = area(ref, dead)
            if abs(cnt["b"] - out["black"]["count"]) > 1e-9 or abs(cnt["w"] - out["white"]["count"]) > 1e-9:
                problems.append(f"count: scorer {cnt}, qigui {out['black']['count']}/{out['white']['count']}")
            if abs(out["komi"] - komi / 2) > 1e-9:
                problems.append(f"komi: KM {komi} 目, qigui {out['komi']} 子")
            if out["record"]["moves"] != len(moves):
                problems.append(f"moves: {len(moves)} written, qigui {out['record']['moves']}")
            if problems:
                bad += 1
                print(f"game {g}: " + "; ".join(problems) + f"\n{data}")
    print(f"{a.games} games, {moves_total} moves, {bad} disagreements")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
