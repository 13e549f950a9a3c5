"""Shared by the Python adapters: the protocol loop (spec/adapter-protocol.md)
and the translation between the corpus's terms and an engine's.

Coordinates: the corpus writes moves in ICCS, files a-i and ranks 0-9 from
red's side (a0 = red's left corner). Fairy-Stockfish and most UCI engines
number ranks 1-10 (a1 = the same corner), so h2e2 is h3e3 there.
"""

import json
import re
import sys

PROTOCOL = 1
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
ICCS = re.compile(r"^([a-i])([0-9])([a-i])([0-9])$")
ENGINE_MOVE = re.compile(r"^([a-i])(10|[0-9])([a-i])(10|[0-9])$")


class Skip(Exception):
    """The adapter does not run this case; the message says why."""


class CaseError(Exception):
    """The adapter failed on this case."""


def to_engine(iccs, offset=1):
    """ICCS h2e2 -> h3e3 (offset 1) or h2e2 (offset 0)."""
    m = ICCS.match(iccs.strip().lower())
    if not m:
        raise CaseError(f"'{iccs}' is not an ICCS move")
    a, r1, b, r2 = m.groups()
    return f"{a}{int(r1) + offset}{b}{int(r2) + offset}"


def from_engine(move, offset=1):
    """h3e3 -> h2e2 (offset 1)."""
    m = ENGINE_MOVE.match(move.strip().lower())
    if not m:
        raise CaseError(f"the engine's move '{move}' is not file-rank-file-rank")
    a, r1, b, r2 = m.groups()
    r1, r2 = int(r1) - offset, int(r2) - offset
    if not (0 <= r1 <= 9 and 0 <= r2 <= 9):
        raise CaseError(f"the engine's move '{move}' is off the board with rank offset {offset}")
    return f"{a}{r1}{b}{r2}"


def engine_fen(fen):
    """A corpus FEN (optional fields, `r` for red, WXF letters E/H) as a full
    six-field FEN with `w`/`b`."""
    if fen is None or fen.strip() in ("", "start", "startpos"):
        return START_FEN
    fields = fen.split()
    board = fields[0].replace("E", "B").replace("e", "b").replace("H", "N").replace("h", "n")
    side = fields[1] if len(fields) > 1 else "w"
    side = {"r": "w", "w": "w", "b": "b"}.get(side.lower(), side)
    half = fields[4] if len(fields) > 4 else "0"
    full = fields[5] if len(fields) > 5 else "1"
    return f"{board} {side} - - {half} {full}"


def side_to_move(fen):
    return "red" if fen.split()[1] == "w" else "black"


def move_tokens(moves):
    """The corpus's move text: one string (spaces or commas) or a list."""
    if moves is None:
        return []
    if isinstance(moves, list):
        return [str(m) for m in moves]
    return [t for t in re.split(r"[\s,]+", moves) if t]


# --- reading Chinese and WXF notation (the corpus may write moves so) -----

PIECES = {
    "车": "R", "車": "R", "俥": "R", "马": "H", "馬": "H", "傌": "H", "炮": "C", "砲": "C",
    "相": "E", "象": "E", "仕": "A", "士": "A", "帅": "K", "帥": "K", "将": "K", "將": "K",
    "兵": "P", "卒": "P",
}
NUMERALS = {c: str(i + 1) for i, c in enumerate("一二三四五六七八九")}
NUMERALS.update({c: str(i + 1) for i, c in enumerate("１２３４５６７８９")})
NUMERALS.update({str(i): str(i) for i in range(1, 10)})
ACTIONS = {"进": "+", "進": "+", "退": "-", "平": "="}
MARKS = {"前": "+", "后": "-", "後": "-", "中": "="}
WXF = re.compile(r"^([KAEBHNRCP])([1-9+\-.=])([+\-.=])([1-9])$")
WXF_TANDEM = re.compile(r"^([+\-.=])([KAEBHNRCP])([+\-.=])([1-9])$")


def notation_key(text):
    """(piece, file-or-mark, action, number) for a Chinese or WXF move, or
    None. WXF's `.` is read as `=`; B and N as E and H."""
    t = text.strip()
    if len(t) == 4 and t[0] in PIECES and t[2] in ACTIONS:
        f, n = NUMERALS.get(t[1]), NUMERALS.get(t[3])
        if f and n:
            return (PIECES[t[0]], f, ACTIONS[t[2]], n)
    if len(t) == 4 and t[0] in MARKS and t[1] in PIECES and t[2] in ACTIONS:
        n = NUMERALS.get(t[3])
        if n:
            return (PIECES[t[1]], MARKS[t[0]], ACTIONS[t[2]], n)
    u = t.upper().replace(".", "=")
    fix = {"B": "E", "N": "H"}
    m = WXF.match(u)
    if m:
        p, f, a, n = m.groups()
        return (fix.get(p, p), f, a, n)
    m = WXF_TANDEM.match(u)
    if m:
        mark, p, a, n = m.groups()
        return (fix.get(p, p), mark, a, n)
    m = re.match(r"^([KAEBHNRCP])([+\-=])([+\-=])([1-9])$", u)  # FS writes tandems P+=6
    if m:
        p, mark, a, n = m.groups()
        return (fix.get(p, p), mark, a, n)
    return None


def board_move(fen, key):
    """The ICCS move a Chinese/WXF key names on the board of `fen`, found from
    the pieces alone (no legality): for a record move that an engine refuses
    (one exposing the mover's king). None when the key names no piece."""
    fields = fen.split()
    red = fields[1] == "w"
    letter = {"E": "B", "H": "N"}.get(key[0], key[0])
    letter = letter if red else letter.lower()
    squares = []
    for row, text in enumerate(fields[0].split("/")):
        col = 0
        for ch in text:
            if ch.isdigit():
                col += int(ch)
            else:
                if ch == letter:
                    squares.append((col, 9 - row))
                col += 1

    def index(num):  # a side's file number (its right = 1) as a file index
        return 9 - int(num) if red else int(num) - 1

    piece, spec, action, num = key
    if spec in "+-=":
        files = {}
        for sq in squares:
            files.setdefault(sq[0], []).append(sq)
        stacked = [v for v in files.values() if len(v) >= 2]
        if len(stacked) != 1:
            return None
        col = sorted(stacked[0], key=lambda sq: sq[1], reverse=red)
        pick = {"+": 0, "-": -1, "=": len(col) // 2}[spec]
        src = col[pick]
    else:
        cands = [sq for sq in squares if sq[0] == index(spec)]
        if len(cands) != 1:
            return None
        src = cands[0]
    up = 1 if red else -1
    if action == "=":
        dst = (index(num), src[1])
    elif piece in "RCPK":
        step = int(num) * (up if action == "+" else -up)
        dst = (src[0], src[1] + step)
    else:
        col = index(num)
        dcol = abs(col - src[0])
        drow = {"E": 2, "A": 1}.get(piece, 3 - dcol)
        dst = (col, src[1] + (drow * (up if action == "+" else -up)))
    if not (0 <= dst[0] <= 8 and 0 <= dst[1] <= 9):
        return None
    f = "abcdefghi"
    return f"{f[src[0]]}{src[1]}{f[dst[0]]}{dst[1]}"


# --- the protocol loop ---------------------------------------------------

def send(msg):
    sys.stdout.write(json.dumps(msg, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def serve(name, kinds, answer, editions=None):
    """Reads requests from stdin until `stop`; `answer(kind, edition, input,
    expect)` returns the output or raises Skip / CaseError."""
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            send({"type": "error", "message": f"not a request: {e}"})
            continue
        t = req.get("type")
        if t == "hello":
            hello = {"type": "hello", "protocol": PROTOCOL, "name": name, "kinds": kinds}
            if editions:
                hello["editions"] = editions
            if req.get("protocol") != PROTOCOL:
                send({"type": "error", "message": f"this adapter speaks protocol {PROTOCOL}"})
                return
            send(hello)
        elif t == "case":
            cid = req.get("id")
            try:
                out = answer(req["kind"], req["edition"], req.get("input") or {}, req.get("expect") or [])
                send({"type": "result", "id": cid, "output": out})
            except Skip as e:
                send({"type": "skip", "id": cid, "reason": str(e)})
            except Exception as e:  # noqa: BLE001 - every failure is reported, never fatal
                send({"type": "error", "id": cid, "message": f"{type(e).__name__}: {e}"})
        elif t == "stop":
            return
        else:
            send({"type": "error", "message": f"unknown message type {t!r}"})
