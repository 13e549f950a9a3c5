#!/usr/bin/env python3
"""Differential test of move generation: qigui against Fairy-Stockfish.

Random playouts from the starting position over Fairy-Stockfish's legal
moves; each game draws a capture bias in [0, 0.9] (the chance of choosing
among the captures when there are some), so that games reach sparse
endgames, mates and stalemates too; a new game starts after a mate or
stalemate or after --max-plies;
at every position the legal move set, check (3.1) and mate or stalemate
(3.2, 3.3: no legal move) are compared between pyffish and qigui (through
`qigui adapter`, kinds legal-moves and outcome; at a position without legal
moves, both must say the side to move has lost: Fairy-Stockfish's
game_result, qigui's outcome of the position with its move clock at 0). Every disagreement is
printed with the position's FEN. The last line is the summary.

    sh tools/adapters/setup.sh && cargo build --release
    tools/adapters/.venv/bin/python tools/difftest/difftest.py --positions 100000 --seed 1
"""

import argparse
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "adapters"))

import pyffish as sf  # noqa: E402

from xiangqi_io import START_FEN, from_engine  # noqa: E402

V = "xiangqi"


def board_of(fen):
    """{(file, rank): piece} in engine coordinates (ranks 1-10)."""
    b = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                b[("abcdefghi"[f], 10 - i)] = ch
                f += 1
    return b


def squares(move):
    i = 2 if move[2].isalpha() else 3
    return (move[0], int(move[1:i])), (move[i], int(move[i + 1:]))


class Qigui:
    """`qigui adapter` over the adapter protocol."""

    def __init__(self, exe):
        self.p = subprocess.Popen([exe, "adapter"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.n = 0
        hello = self.ask({"type": "hello", "protocol": 1, "corpus_format": 1, "runner": "difftest"})
        if hello.get("type") != "hello" or "legal-moves" not in hello.get("kinds", []):
            raise SystemExit(f"qigui adapter answered {hello}")
        self.name = hello["name"]

    def ask(self, msg):
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise SystemExit("qigui adapter exited")
        return json.loads(line)

    def case(self, kind, inp):
        self.n += 1
        r = self.ask({"type": "case", "id": str(self.n), "kind": kind, "edition": "xiangqi-2020",
                      "input": inp, "expect": []})
        if r.get("type") != "result":
            return None, r
        return r["output"], r

    def close(self):
        self.p.stdin.write(json.dumps({"type": "stop"}) + "\n")
        self.p.stdin.flush()
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--qigui", default=os.path.join("target", "release", "qigui"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    q = Qigui(args.qigui)
    print(f"# {sf.info()} against {q.name}; seed {args.seed}, {args.positions} positions", flush=True)
    stats = dict(positions=0, games=0, checks=0, mates=0, stalemates=0, moves=0, disagreements=0)
    began = time.time()
    moves_fs, moves_iccs = [], []
    board, bias = board_of(START_FEN), rng.uniform(0, 0.9)

    def report(what):
        stats["disagreements"] += 1
        fen = sf.get_fen(V, START_FEN, moves_fs)
        print(f"DISAGREE {what}\n  fen   {fen}\n  moves {' '.join(moves_iccs)}", flush=True)

    while stats["positions"] < args.positions:
        legal_fs = sf.legal_moves(V, START_FEN, moves_fs)
        check_fs = sf.gives_check(V, START_FEN, moves_fs)
        out, raw = q.case("legal-moves", {"moves": moves_iccs})
        stats["positions"] += 1
        stats["moves"] += len(legal_fs)
        new_game = False
        if out is None:
            report(f"qigui refused the position: {raw}")
            new_game = True
        else:
            set_fs = {from_engine(m) for m in legal_fs}
            set_q = set(out["moves"])
            if set_fs != set_q:
                report(f"legal moves: only Fairy-Stockfish {sorted(set_fs - set_q)}, "
                       f"only qigui {sorted(set_q - set_fs)}")
            if check_fs != out["check"]:
                report(f"check: Fairy-Stockfish {check_fs}, qigui {out['check']}")
            stats["checks"] += check_fs
            if not legal_fs:
                stats["mates" if check_fs else "stalemates"] += 1
                # The side to move has lost (3.2 将死, 3.3 困毙): both must say so.
                # The position alone, its move clock at 0: a record this long
                # may have ended earlier by 4.2.4's natural limit in qigui.
                value = sf.game_result(V, START_FEN, moves_fs)
                fields = sf.get_fen(V, START_FEN, moves_fs).split()
                res, raw = q.case("outcome", {"fen": " ".join(fields[:4] + ["0", "1"])})
                to_move_red = len(moves_fs) % 2 == 0
                want = "black_wins" if to_move_red else "red_wins"
                reason = "checkmate" if check_fs else "stalemate"
                if value >= 0:
                    report(f"Fairy-Stockfish's result {value} is not a loss for the side to move")
                if res is None or res.get("result") != want or res.get("reason") != reason:
                    report(f"qigui's outcome {res or raw}, expected {want} by {reason}")
                new_game = True
        if not new_game and len(moves_fs) >= args.max_plies:
            new_game = True
        if new_game or not legal_fs:
            stats["games"] += 1
            moves_fs, moves_iccs = [], []
            board, bias = board_of(START_FEN), rng.uniform(0, 0.9)
        else:
            captures = [m for m in legal_fs if squares(m)[1] in board]
            m = rng.choice(captures if captures and rng.random() < bias else legal_fs)
            a, b = squares(m)
            board[b] = board.pop(a)
            moves_fs.append(m)
            moves_iccs.append(from_engine(m))
        if stats["positions"] % 10000 == 0:
            print(f"# {stats['positions']} positions, {time.time() - began:.0f} s", file=sys.stderr,
                  flush=True)
    q.close()
    s = stats
    print(f"positions {s['positions']}, games {s['games']}, legal moves compared {s['moves']}, "
          f"in check {s['checks']}, mates {s['mates']}, stalemates {s['stalemates']}: "
          f"{s['disagreements']} disagreements ({time.time() - began:.0f} s)")
    return 1 if s["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
