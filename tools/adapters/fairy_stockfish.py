#!/usr/bin/env python3
"""Fairy-Stockfish as a qigui adapter (spec/adapter-protocol.md), through its
Python package pyffish. Set up with tools/adapters/setup.sh, then:

    qigui conform --adapter "tools/adapters/.venv/bin/python tools/adapters/fairy_stockfish.py"

What it answers, and how Fairy-Stockfish's terms are mapped to the corpus's:

* legal-moves: pyffish.legal_moves (the set) and gives_check (3.1).
* perft: by recursion over legal_moves (pyffish has no perft); cases deeper
  than --perft-max-depth (default 3) are skipped, since each call costs
  milliseconds.
* outcome: game records without events (Fairy-Stockfish has no clock,
  fouls, claims or resignation). The game ends where Fairy-Stockfish ends
  it: no legal move (the side to move loses: `checkmate` when in check,
  else `stalemate`, 3.2-3.3), both sides without mating material
  (has_insufficient_material: `no-winning-chances`, 4.2.2), or an optional
  game end (is_optional_game_end: a repetition, or else its move-count
  rule, `natural-limit`). Records with a natural_limit or level of their
  own are skipped: neither can be set. A move of the record that
  Fairy-Stockfish does not list as legal ends the game as `self-check`
  (the corpus guarantees each move is pseudo-legal, so such a move exposes
  the mover's king, 3.4). Reason names and, for xiangqi-2020, clauses are
  this adapter's mapping, not Fairy-Stockfish's words.
* repetition: only `found` (whether Fairy-Stockfish ends the game by
  repetition within the record); cases that ask for occurrences or the
  period are skipped.
* move-labels: only the verdict. The record is played; while it neither
  ends nor is over, and its last position is its first, the cycle is
  played again (at most twice more). Fairy-Stockfish's Asian-rule result
  is mapped: a draw -> `draw`; a loss for X -> `X_loses` when every move of
  X in the record checks under xiangqi-2020 and xiangqi-1999 (25.1, 24.1:
  one-sided perpetual check loses), else `X_must_change` (the 2020 book has
  the offender change or lose; xiangqi-2020-mass: always change); no end
  -> `none`. Per-move labels (将 捉 兑 ...) are not given: Fairy-Stockfish
  does not expose them.
"""

import argparse
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import pyffish as sf  # noqa: E402

from xiangqi_io import (  # noqa: E402
    ICCS, CaseError, Skip, board_move, engine_fen, from_engine, move_tokens, notation_key, serve,
    side_to_move, to_engine,
)

V = "xiangqi"
XIANGQI_EDITIONS = ["xiangqi-2020", "xiangqi-2020-mass", "xiangqi-1999"]
CLAUSES_2020 = {
    "checkmate": "4.1.1", "stalemate": "4.1.2", "self-check": "4.1.3",
    "perpetual-check": "4.1.4", "forbidden-repetition": "4.1.5",
    "no-winning-chances": "4.2.2", "repetition-draw": "4.2.3", "natural-limit": "4.2.4",
}


def legal(fen, moves):
    return sf.legal_moves(V, fen, moves)


def resolve(fen, moves, tok, allow_illegal=False):
    """The engine move for a corpus move token (ICCS, WXF or Chinese), and
    whether it is legal for Fairy-Stockfish."""
    ms = legal(fen, moves)
    if ICCS.match(tok.strip().lower()):
        m = to_engine(tok)
        if m not in ms and not allow_illegal:
            raise CaseError(f"{tok} is not legal for Fairy-Stockfish after {len(moves)} plies")
        return m, m in ms
    key = notation_key(tok)
    if key is None:
        raise Skip(f"this adapter reads ICCS, WXF and full Chinese moves, not '{tok}'")
    cur = sf.get_fen(V, fen, moves) if moves else fen
    found = [m for m in ms
             if notation_key(sf.get_san(V, cur, m, False, sf.NOTATION_XIANGQI_WXF)) == key]
    if len(found) == 1:
        return found[0], True
    if not found and allow_illegal:
        iccs = board_move(cur, key)
        if iccs:
            return to_engine(iccs), False
    raise CaseError(f"'{tok}' matches {len(found)} legal moves of Fairy-Stockfish")


def position(inp):
    fen = engine_fen(inp.get("fen"))
    moves = []
    for tok in move_tokens(inp.get("moves")):
        m, _ = resolve(fen, moves, tok)
        moves.append(m)
    return fen, moves


def perft(fen, moves, depth):
    ms = legal(fen, moves)
    if depth == 1:
        return len(ms)
    return sum(perft(fen, moves + [m], depth - 1) for m in ms)


def board_key(fen, moves):
    f = sf.get_fen(V, fen, moves).split()
    return f[0], f[1]


def ending(fen, moves):
    """How Fairy-Stockfish ends the game here: None, or (value for the side
    to move, kind) with kind 'no-moves' or 'optional'."""
    if not legal(fen, moves):
        return (sf.game_result(V, fen, moves), "no-moves")
    if all(sf.has_insufficient_material(V, fen, moves)):
        return (0, "insufficient")
    ended, value = sf.is_optional_game_end(V, fen, moves)
    if ended:
        return (value, "optional")
    return None


def repeated(fen, moves):
    """Whether the position after `moves` stood before (board and side)."""
    last = board_key(fen, moves)
    return any(board_key(fen, moves[:i]) == last for i in range(len(moves)))


def all_checks(fen, moves, side):
    """Whether every move of `side` in the record gives check."""
    plies = [i for i in range(len(moves)) if side_to_move(sf.get_fen(V, fen, moves[:i])) == side]
    return bool(plies) and all(sf.gives_check(V, fen, moves[: i + 1]) for i in plies)


def winner_of(value, to_move):
    if value == 0:
        return None
    other = "black" if to_move == "red" else "red"
    return to_move if value > 0 else other


def outcome(inp, edition, expect):
    if inp.get("events"):
        raise Skip("Fairy-Stockfish models no clock, fouls, claims, agreement or resignation")
    if inp.get("natural_limit") is not None or inp.get("level") is not None:
        raise Skip("Fairy-Stockfish's move-count rule and level cannot be set per game")
    if "fouls" in expect:
        raise Skip("Fairy-Stockfish counts no fouls")
    if "clause" in expect and edition != "xiangqi-2020":
        raise Skip(f"this adapter names clauses of xiangqi-2020 only, not {edition}")
    fen = engine_fen(inp.get("fen"))
    moves = []
    out = None
    for i, tok in enumerate(move_tokens(inp.get("moves"))):
        if ending(fen, moves):
            break
        m, ok = resolve(fen, moves, tok, allow_illegal=True)
        if not ok:
            mover = side_to_move(sf.get_fen(V, fen, moves))
            out = {"result": ("black_wins" if mover == "red" else "red_wins"),
                   "reason": "self-check", "plies": i + 1}
            break
        moves.append(m)
    if out is None:
        end = ending(fen, moves)
        to_move = side_to_move(sf.get_fen(V, fen, moves))
        out = {"result": "ongoing", "plies": len(moves), "check": sf.gives_check(V, fen, moves)}
        if end:
            value, how = end
            w = winner_of(value, to_move)
            out["result"] = {None: "draw", "red": "red_wins", "black": "black_wins"}[w]
            if how == "no-moves":
                out["reason"] = "checkmate" if out["check"] else "stalemate"
            elif how == "insufficient":
                out["reason"] = "no-winning-chances"
            elif repeated(fen, moves):
                if w is None:
                    out["reason"] = "repetition-draw"
                else:
                    loser = "black" if w == "red" else "red"
                    out["reason"] = ("perpetual-check" if all_checks(fen, moves, loser)
                                     else "forbidden-repetition")
            else:
                out["reason"] = "natural-limit"
    if edition == "xiangqi-2020" and out.get("reason") in CLAUSES_2020:
        out["clause"] = CLAUSES_2020[out["reason"]]
    return out


def move_labels(inp, edition, expect):
    if inp.get("sequence", "threefold") != "threefold":
        raise Skip("Fairy-Stockfish knows no nine-round rule (23.4)")
    fen = engine_fen(inp.get("fen"))
    record = []
    for tok in move_tokens(inp.get("moves")):
        m, _ = resolve(fen, record, tok)
        record.append(m)
    moves = []
    end = None
    for _ in range(3):
        for m in record:
            moves.append(m)
            end = ending(fen, moves)
            if end:
                break
        if end or not record or board_key(fen, record) != board_key(fen, []):
            break
    if not end:
        return {"verdict": "none"}
    value, how = end
    w = winner_of(value, side_to_move(sf.get_fen(V, fen, moves)))
    if how != "optional":
        raise CaseError(f"the record ends by {how}, not by a repetition")
    if w is None:
        return {"verdict": "draw"}
    loser = "black" if w == "red" else "red"
    if edition != "xiangqi-2020-mass" and all_checks(fen, moves, loser):
        return {"verdict": f"{loser}_loses"}
    return {"verdict": f"{loser}_must_change"}


def make_answer(max_depth):
    def answer(kind, edition, inp, expect):
        if edition not in XIANGQI_EDITIONS:
            raise Skip(f"not a Xiangqi edition: {edition}")
        if kind == "legal-moves":
            fen, moves = position(inp)
            return {"moves": sorted(from_engine(m) for m in legal(fen, moves)),
                    "check": sf.gives_check(V, fen, moves)}
        if kind == "perft":
            depth = int(inp["depth"])
            if depth > max_depth:
                raise Skip(f"perft by recursion through pyffish stops at depth {max_depth} "
                           f"(--perft-max-depth); use tools/adapters/ucci.py for go perft")
            return {"nodes": perft(engine_fen(inp.get("fen")), [], depth)}
        if kind == "outcome":
            return outcome(inp, edition, expect)
        if kind == "repetition":
            extra = [k for k in expect if k != "found"]
            if extra:
                raise Skip("Fairy-Stockfish tells only whether the game ends by repetition, "
                           f"not {', '.join(extra)}")
            fen = engine_fen(inp.get("fen"))
            moves = []
            found = False
            for tok in move_tokens(inp.get("moves")):
                m, _ = resolve(fen, moves, tok)
                moves.append(m)
                end = ending(fen, moves)
                if end and end[1] == "optional" and repeated(fen, moves):
                    found = True
                    break
            return {"found": found}
        if kind == "move-labels":
            return move_labels(inp, edition, expect)
        raise Skip(f"no mapping for {kind}")
    return answer


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--perft-max-depth", type=int, default=3)
    args = ap.parse_args()
    try:
        pkg = importlib.metadata.version("pyffish")
    except importlib.metadata.PackageNotFoundError:
        pkg = "?"
    name = f"{sf.info().split(' by ')[0]} (pyffish {pkg})"
    kinds = ["legal-moves", "perft", "outcome", "repetition", "move-labels"]
    serve(name, kinds, make_answer(args.perft_max_depth), editions=XIANGQI_EDITIONS)


if __name__ == "__main__":
    main()
