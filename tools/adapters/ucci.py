#!/usr/bin/env python3
"""Any engine that speaks UCI or UCCI as a qigui adapter
(spec/adapter-protocol.md), for the kinds an engine can answer:

* perft: `position fen F` then `go perft N`, read from `Nodes searched: N`
  (Stockfish and Fairy-Stockfish; other wording via --nodes-regex);
* legal-moves: the moves of `go perft 1`'s divide lines (`h3e3: 1`), and,
  with --check-command d, check from the `Checkers:` line of Stockfish's `d`.

    qigui conform --kinds perft,legal-moves --adapter \\
        "python3 tools/adapters/ucci.py --ranks 1-10 --variant xiangqi -- /usr/games/fairy-stockfish"

--ranks says how the engine numbers ranks: 0-9 as ICCS and UCCI do (a0 =
red's left corner), or 1-10 as Fairy-Stockfish and most UCI engines do.
Only ICCS moves are read from case inputs; a case written in another
notation is skipped.
"""

import argparse
import os
import queue
import re
import shlex
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from xiangqi_io import (  # noqa: E402
    ICCS, CaseError, Skip, engine_fen, from_engine, move_tokens, serve, to_engine,
)


class Engine:
    def __init__(self, argv, protocol, timeout):
        self.timeout = timeout
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.name = argv[0]
        self.options = set()
        self.send(protocol)
        for line in self.until(lambda l: l.strip() == f"{protocol}ok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
            m = re.match(r"option name (.+?) type ", line)
            if m:
                self.options.add(m.group(1))
            m = re.match(r"option (\S+) type ", line)  # UCCI
            if m:
                self.options.add(m.group(1))

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.p.stdin.write(text + "\n")
            self.p.stdin.flush()
        except OSError as e:
            raise CaseError(f"the engine is gone: {e}")

    def until(self, done):
        """The lines up to and including the one `done` accepts."""
        out = []
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                raise CaseError(f"the engine said nothing for {self.timeout} s")
            if line is None:
                raise CaseError("the engine exited")
            out.append(line)
            if done(line):
                return out

    def ready(self):
        self.send("isready")
        self.until(lambda l: l.strip() == "readyok")

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=2)
        except Exception:  # noqa: BLE001
            self.p.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--protocol", choices=["uci", "ucci"], default="uci")
    ap.add_argument("--ranks", choices=["0-9", "1-10"], default="1-10",
                    help="how the engine numbers ranks (default 1-10)")
    ap.add_argument("--variant", help="set UCI_Variant to this (Fairy-Stockfish: xiangqi)")
    ap.add_argument("--setoption", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--check-command", help="a command printing a `Checkers:` line (Stockfish: d)")
    ap.add_argument("--nodes-regex", default=r"Nodes searched:\s*(\d+)")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds to wait for the engine")
    ap.add_argument("engine", nargs="+", help="the engine's command line (after --)")
    args = ap.parse_args()
    offset = 1 if args.ranks == "1-10" else 0
    argv = args.engine if len(args.engine) > 1 else shlex.split(args.engine[0])
    eng = Engine(argv, args.protocol, args.timeout)
    opts = list(args.setoption)
    if args.variant:
        opts.insert(0, f"UCI_Variant={args.variant}")
    for o in opts:
        name, _, value = o.partition("=")
        if args.protocol == "uci":
            eng.send(f"setoption name {name} value {value}")
        else:
            eng.send(f"setoption {name} {value}")
    eng.ready()
    nodes_re = re.compile(args.nodes_regex)
    divide_re = re.compile(r"^\s*([a-i](?:10|[0-9])[a-i](?:10|[0-9]))\s*:\s*(\d+)\s*$")

    def position(inp):
        moves = []
        for tok in move_tokens(inp.get("moves")):
            if not ICCS.match(tok.strip().lower()):
                raise Skip(f"this adapter reads ICCS moves only, not '{tok}'")
            moves.append(to_engine(tok, offset))
        cmd = f"position fen {engine_fen(inp.get('fen'))}"
        if moves:
            cmd += " moves " + " ".join(moves)
        eng.send(cmd)

    def perft(depth):
        eng.send(f"go perft {depth}")
        divide = []
        for line in eng.until(lambda l: nodes_re.search(l) is not None):
            m = divide_re.match(line)
            if m:
                divide.append((m.group(1), int(m.group(2))))
            n = nodes_re.search(line)
        return int(n.group(1)), divide

    def answer(kind, edition, inp, expect):
        if not edition.startswith("xiangqi"):
            raise Skip(f"not a Xiangqi edition: {edition}")
        if kind == "perft":
            position(inp)
            nodes, _ = perft(int(inp["depth"]))
            eng.ready()
            return {"nodes": nodes}
        if kind == "legal-moves":
            position(inp)
            nodes, divide = perft(1)
            eng.ready()
            moves = sorted(from_engine(m, offset) for m, _ in divide)
            if len(moves) != nodes:
                raise CaseError(f"go perft 1 listed {len(moves)} moves but counted {nodes}")
            out = {"moves": moves}
            if args.check_command:
                eng.send(args.check_command)
                eng.send("isready")
                lines = eng.until(lambda l: l.strip() == "readyok")
                checkers = [l for l in lines if l.startswith("Checkers:")]
                if checkers:
                    out["check"] = bool(checkers[0][len("Checkers:"):].strip())
            return out
        raise Skip(f"no mapping for {kind}")

    try:
        serve(f"{eng.name} via ucci.py ({args.protocol}, ranks {args.ranks})",
              ["perft", "legal-moves"], answer)
    finally:
        eng.quit()


if __name__ == "__main__":
    main()
