#!/usr/bin/env python3
"""Cross-check of qigui's record readers (XQF, CBF, DhtmlXQ) against the
PyPI package `cchess` (walker8088's reader, an independent implementation).

    pip install cchess==1.25.5          # the version checked
    cargo build --release
    python3 tools/difftest/records_cchess.py [PATH ...]
    python3 tools/difftest/records_cchess.py generate OUT_DIR [--pgn FILE ...] [--limit N] [--seed S]
    python3 tools/difftest/records_cchess.py samples [OUT_DIR]
    python3 tools/difftest/records_cchess.py pgn [FILE.pgn ...]   # default: every .pgn under tests/data/

`check` (the default) reads every record under the given paths (default
tests/data/records/) with cchess and with `qigui record show FILE --format
json` and compares the start position (board and side to move) and the main
line in ICCS. cchess reads XQF and CBF; for DhtmlXQ, which it cannot read,
and for any file named in a `manifest.json` beside it (written by
`generate`), qigui is compared with the moves and start the manifest gives
(the source PGN's). One line per disagreement, then the summary
`N passed, N failed, N skipped`; exit 1 on a failure.

`samples` writes the XQF and CBF samples of tests/data/records/ (seeded,
so the same bytes each time) from games of the Hu Ronghua PGN file, with
names, comments and variations added by hand in this script.

`generate` writes each game of the given PGN files (ICCS movetext; default
../shared/realgames/*.pgn) as an XQF file (versions 0x0A plain, 0x0B and
0x10-0x12 encrypted with random keys, in turn), a CBF file (UTF-8, or UTF-16
for every fifth game) and a DhtmlXQ page, and a manifest.json with each
file's start FEN and moves. The XQF, CBF and DhtmlXQ writers here are this
script's own, written from the formats' public descriptions (see
docs/records-formats.md); they share nothing with qigui's readers, and
cchess reads what they write independently of both.
"""

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
QIGUI = ROOT / "target" / "release" / "qigui"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# ---------------------------------------------------------------- board --


def fen_board(fen):
    """{(file, rank): letter} and the side to move ('w' or 'b')."""
    parts = fen.split()
    board = {}
    for row, text in enumerate(parts[0].split("/")):
        rank = 9 - row
        f = 0
        for c in text:
            if c.isdigit():
                f += int(c)
            else:
                board[(f, rank)] = c
                f += 1
    side = parts[1] if len(parts) > 1 else "w"
    return board, ("b" if side == "b" else "w")


def board_fen(board, side):
    rows = []
    for rank in range(9, -1, -1):
        s, empty = "", 0
        for f in range(9):
            c = board.get((f, rank))
            if c is None:
                empty += 1
            else:
                if empty:
                    s += str(empty)
                    empty = 0
                s += c
        if empty:
            s += str(empty)
        rows.append(s)
    return "/".join(rows) + " " + side


def iccs_squares(m):
    return (ord(m[0]) - 97, int(m[1])), (ord(m[2]) - 97, int(m[3]))


def play(board, m):
    a, b = iccs_squares(m)
    board = dict(board)
    board[b] = board.pop(a)
    return board


# Slots of the 32 pieces in XQF and DhtmlXQ: red's then black's.
SLOT_LETTERS = "RNBAKABNRCCPPPPP"


def slots(board):
    """The 32 slots' points (file, rank) or None; None if it does not fit."""
    out = [None] * 32
    for (sq, c) in sorted(board.items()):
        base = 0 if c.isupper() else 16
        letter = c.upper().replace("H", "N").replace("E", "B")
        for i, l in enumerate(SLOT_LETTERS):
            if l == letter and out[base + i] is None:
                out[base + i] = sq
                break
        else:
            return None
    return out


# ------------------------------------------------------------------ XQF --

KEY_STRING = b"[(C) Copyright Mr. Dong Shiwei.]"
TEXT_FIELDS = {"Title": (0x50, 63), "Event": (0xD0, 63), "Date": (0x110, 15),
               "Site": (0x120, 15), "Red": (0x130, 15), "Black": (0x140, 15)}
RESULT_CODES = {"1-0": 1, "0-1": 2, "1/2-1/2": 3}


def derive(b, c):
    return (((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * c & 0xFF


def write_xqf(fen, tree, tags, result, version, rng, root_comment=None):
    """tree: [(iccs, comment, subtree), ...] the moves from the start."""
    board, side = fen_board(fen)
    sl = slots(board)
    if sl is None:
        return None
    h = bytearray(0x400)
    h[0:2] = b"XQ"
    h[2] = version
    enc = version > 0x0A
    kxy = kf = kt = 0
    rmk = 0
    f32 = bytes(32)
    if enc:
        xy, xyf, xyt = rng.randrange(256), rng.randrange(256), rng.randrange(256)
        ssum = (-(xy + xyf + xyt)) & 0xFF
        mask = rng.randrange(256)
        ors = [rng.randrange(256) for _ in range(4)]
        h[3] = mask
        h[4:8] = rng.randrange(1 << 32).to_bytes(4, "little")
        h[8:12] = bytes(ors)
        h[12:16] = bytes([ssum, xy, xyf, xyt])
        kxy = derive(xy, xy)
        kf = derive(xyf, kxy)
        kt = derive(xyt, kf)
        rmk = (ssum * 256 + xy) % 32000 + 767
        seeds = [ssum, xy, xyf, xyt]
        f32 = bytes(KEY_STRING[i] & ((seeds[i % 4] & mask) | ors[i % 4]) for i in range(32))
    vals = [(sq[0] * 10 + sq[1]) if sq else 0xFF for sq in sl]
    vals = [(v + kxy) & 0xFF for v in vals]
    if enc and version >= 0x0C:
        vals = [vals[(i + kxy + 1) % 32] for i in range(32)]
    h[0x10:0x30] = bytes(vals)
    h[0x32] = 0 if side == "w" else 1
    h[0x33] = RESULT_CODES.get(result, 0)
    for name, (off, cap) in TEXT_FIELDS.items():
        if name in tags:
            b = tags[name].encode("gb18030")[:cap]
            h[off] = len(b)
            h[off + 1:off + 1 + len(b)] = b

    body = bytearray()

    def record(fr, to, nxt, var, comment):
        c = comment.encode("gb18030") if comment else b""
        if enc:
            tag = (0x80 if nxt else 0) | (0x40 if var else 0) | (0x20 if c else 0)
            body.extend([(fr + 0x18 + kf) & 0xFF, (to + 0x20 + kt) & 0xFF, tag, 0])
            if c:
                body.extend((len(c) + rmk).to_bytes(4, "little", signed=True))
        else:
            tag = (0xF0 if nxt else 0) | (0x0F if var else 0)
            body.extend([(fr + 0x18) & 0xFF, (to + 0x20) & 0xFF, tag, 0])
            body.extend(len(c).to_bytes(4, "little"))
        body.extend(c)

    # The root record: its points mean nothing.
    c = root_comment.encode("gb18030") if root_comment else b""
    if enc:
        body.extend([0, 0, (0x80 if tree else 0) | (0x20 if c else 0), 0])
        if c:
            body.extend((len(c) + rmk).to_bytes(4, "little", signed=True))
    else:
        body.extend([0, 0, 0xF0 if tree else 0, 0])
        body.extend(len(c).to_bytes(4, "little"))
    body.extend(c)

    def emit(children):
        for i, (m, comment, sub) in enumerate(children):
            (a, b) = iccs_squares(m)
            record(a[0] * 10 + a[1], b[0] * 10 + b[1], bool(sub), i < len(children) - 1, comment)
            emit(sub)

    emit(tree)
    if enc:
        body = bytearray((b + f32[(0x400 + i) % 32]) & 0xFF for i, b in enumerate(body))
    return bytes(h) + bytes(body)


def line_tree(moves):
    """A main line as a tree without variations."""
    tree = []
    for m in reversed(moves):
        tree = [(m, None, tree)]
    return tree


# ------------------------------------------------------------------ CBF --

def xml_escape(s):
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def cbf_point(sq):
    return f"{sq[0]}{9 - sq[1]}"


def write_cbf(fen, moves, tags, result, utf16=False):
    res = {"1-0": "1", "0-1": "2", "1/2-1/2": "3"}.get(result, "0")
    enc = "UTF-16" if utf16 else "UTF-8"
    head = "".join(f"  <{k}>{xml_escape(v)}</{k}>\n" for k, v in
                   [("Name", tags.get("Title", "")), ("Contest", tags.get("Event", "")),
                    ("Date", tags.get("Date", "")), ("Red", tags.get("Red", "")),
                    ("Black", tags.get("Black", ""))])
    body = ' <Move value="00-00" />\n'
    for i, m in enumerate(moves):
        a, b = iccs_squares(m)
        end = ' end="1"' if i == len(moves) - 1 else ""
        body += f'  <Move value="{cbf_point(a)}-{cbf_point(b)}"{end} />\n'
    text = (f'<?xml version="1.0" encoding="{enc}"?>\n<ChineseChessRecord Version="1.0">\n'
            f" <Head>\n{head}  <RecordResult>{res}</RecordResult>\n  <FEN>{fen}</FEN>\n </Head>\n"
            f" <MoveList>\n{body} </MoveList>\n</ChineseChessRecord>\n")
    return text.encode("utf-16") if utf16 else text.encode("utf-8")


# -------------------------------------------------------------- DhtmlXQ --

def write_dhtmlxq(fen, moves, tags, result):
    board, _ = fen_board(fen)
    sl = slots(board)
    if sl is None:
        return None
    binit = "".join(f"{sq[0]}{9 - sq[1]}" if sq else "99" for sq in sl)
    ml = ""
    for m in moves:
        a, b = iccs_squares(m)
        ml += f"{a[0]}{9 - a[1]}{b[0]}{9 - b[1]}"
    res = {"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋"}.get(result, "未知")
    lines = ["<html><body><p>generated</p>", "[DhtmlXQ]",
             f"[DhtmlXQ_title]{tags.get('Title', '')}[/DhtmlXQ_title]",
             f"[DhtmlXQ_event]{tags.get('Event', '')}[/DhtmlXQ_event]",
             f"[DhtmlXQ_red]{tags.get('Red', '')}[/DhtmlXQ_red]",
             f"[DhtmlXQ_black]{tags.get('Black', '')}[/DhtmlXQ_black]",
             f"[DhtmlXQ_result]{res}[/DhtmlXQ_result]",
             f"[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit]",
             f"[DhtmlXQ_movelist]{ml}[/DhtmlXQ_movelist]", "[/DhtmlXQ]", "</body></html>", ""]
    return "\n".join(lines).encode("utf-8")


# ------------------------------------------------------------------ PGN --

def read_pgn_games(path):
    """(tags, moves) of each game of a PGN file with ICCS movetext."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    games = []
    for chunk in re.split(r"\n\s*\n(?=\[)", text):
        tags = dict(re.findall(r'^\[(\w+)\s+"(.*)"\]\s*$', chunk, re.M))
        body = re.sub(r"^\[.*\]\s*$", "", chunk, flags=re.M)
        body = re.sub(r"\{[^}]*\}", " ", body)
        moves = re.findall(r"\b([a-i][0-9][a-i][0-9])\b", body)
        if moves or tags:
            res = re.search(r"(1-0|0-1|1/2-1/2|\*)\s*$", body.strip())
            games.append((tags, moves, res.group(1) if res else tags.get("Result", "*")))
    return games


def generate(out, pgns, limit, seed):
    rng = random.Random(seed)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = {}
    versions = [0x0A, 0x0B, 0x10, 0x11, 0x12]
    n = 0
    for pgn in pgns:
        for tags, moves, result in read_pgn_games(pgn):
            if limit and n >= limit:
                break
            fen = tags.get("FEN", START_FEN)
            base = f"g{n:05d}"
            v = versions[n % len(versions)]
            files = {
                f"{base}.xqf": write_xqf(fen, line_tree(moves), tags, result, v, rng),
                f"{base}.cbf": write_cbf(fen, moves, tags, result, utf16=(n % 5 == 4)),
                f"{base}.html": write_dhtmlxq(fen, moves, tags, result),
            }
            for name, data in files.items():
                if data is None:
                    continue
                (out / name).write_bytes(data)
                manifest[name] = {"fen": board_fen(*fen_board(fen)), "moves": moves}
            n += 1
    (out / "manifest.json").write_text(json.dumps(manifest, indent=0, ensure_ascii=False))
    print(f"{n} games written to {out} ({3 * n} files)")


# ---------------------------------------------------------------- check --

def cchess_read(path):
    """(start 'board side', [iccs]) as cchess reads the file, or raises."""
    import cchess  # noqa: imported here so that `generate` needs no cchess
    game = cchess.Game.read_from(str(path))
    if game is None:
        raise ValueError("cchess read nothing")
    fen = game.init_board.to_fen()
    lines = game.dump_iccs_moves()
    moves = lines[0] if lines else []
    return fen, moves


def qigui_read(path):
    """[(start 'board side', [iccs])] for each game qigui reads, or raises."""
    p = subprocess.run([str(QIGUI), "record", "show", str(path), "--format", "json"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise ValueError(p.stderr.strip())
    games = json.loads(p.stdout)
    return [(" ".join(g["start_fen"].split()[:2]), g["moves"]) for g in games]


def check(paths):
    files = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files += sorted(x for x in p.rglob("*") if x.suffix.lower() in (".xqf", ".cbf", ".html", ".htm"))
        else:
            files.append(p)
    manifests = {}
    passed = failed = skipped = 0
    compared = {"cchess": 0, "manifest": 0}
    for f in files:
        d = f.parent
        if d not in manifests:
            m = d / "manifest.json"
            manifests[d] = json.loads(m.read_text()) if m.exists() else {}
        refs = []
        if f.suffix.lower() in (".xqf", ".cbf"):
            try:
                refs.append(("cchess", cchess_read(f)))
            except Exception as e:  # cchess's own failure: no reference
                refs.append(("cchess", e))
        if f.name in manifests[d]:
            e = manifests[d][f.name]
            refs.append(("manifest", (e["fen"], e["moves"])))
        try:
            ours = qigui_read(f)
        except Exception as e:
            ours = e
        ok_refs = [(who, r) for who, r in refs if not isinstance(r, Exception)]
        if not ok_refs:
            why = "; ".join(f"{who}: {r}" for who, r in refs) or "no reference reader for this format"
            if isinstance(ours, Exception):
                print(f"SKIP {f}: no reference ({why}); qigui: {ours}")
            else:
                print(f"SKIP {f}: no reference ({why})")
            skipped += 1
            continue
        bad = []
        for who, (fen, moves) in ok_refs:
            compared[who] += 1
            if isinstance(ours, Exception):
                bad.append(f"{who} reads {len(moves)} moves, qigui fails: {ours}")
                continue
            if not ours:
                bad.append(f"qigui reads no game")
                continue
            qfen, qmoves = ours[0]
            if fen.split()[0] != qfen.split()[0] or (moves and fen.split()[1] != qfen.split()[1]):
                bad.append(f"start: {who} {fen!r}, qigui {qfen!r}")
            if moves != qmoves:
                i = next((i for i, (a, b) in enumerate(zip(moves, qmoves)) if a != b),
                         min(len(moves), len(qmoves)))
                bad.append(f"moves differ at ply {i + 1}: {who} {moves[i:i + 3]} ({len(moves)} plies), "
                           f"qigui {qmoves[i:i + 3]} ({len(qmoves)} plies)")
        if bad:
            failed += 1
            print(f"FAIL {f}: " + "; ".join(bad))
        else:
            passed += 1
    print(f"compared with cchess: {compared['cchess']} files, with a manifest: {compared['manifest']} files")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def samples(out):
    """The sample records of tests/data/records/ (see its README)."""
    out = Path(out)
    rng = random.Random(25)
    hu = read_pgn_games(Path("/work/shared/realgames/Hu_Ronghua_1391_UCI_games.pgn")
                        if not (ROOT.parent / "shared").exists()
                        else ROOT.parent / "shared" / "realgames" / "Hu_Ronghua_1391_UCI_games.pgn")
    (out / "xqf").mkdir(parents=True, exist_ok=True)
    (out / "cbf").mkdir(parents=True, exist_ok=True)
    manifest_x, manifest_c = {}, {}
    # Game 1: plain XQF (0x0A), GBK names, two comments, one variation.
    tags, moves, _ = hu[0]
    tree = line_tree(moves)
    first = tree[0]
    tree = [(first[0], "仙人指路", first[2]), ("h2e2", None, [("h9g7", None, [])])]
    xt = {"Title": "胡荣华先负许天红", "Event": "1998年全国象棋团体赛", "Red": "胡荣华",
          "Black": "许天红", "Date": "1998"}
    (out / "xqf" / "plain-v10.xqf").write_bytes(
        write_xqf(START_FEN, tree, xt, "0-1", 0x0A, rng, root_comment="开局"))
    manifest_x["plain-v10.xqf"] = {"fen": board_fen(*fen_board(START_FEN)), "moves": moves}
    # Game 2: encrypted 0x12, variations nested two deep, comments.
    tags, moves, _ = hu[1]
    main = line_tree(moves)
    # main[0] = h2e2 -> [h9g7 -> ...]
    h9g7 = main[0][2][0]
    second = [h9g7, ("b9c7", "屏风马变卒底炮", [("h0g2", None, []), ("b0c2", None, [])])]
    tree = [(main[0][0], "中炮", second), ("b2e2", None, [("h9g7", None, [])])]
    xt = {"Title": "中炮对屏风马", "Event": "1995年银荔杯象棋冠军赛", "Red": "胡荣华",
          "Black": "许天红", "Site": "广州"}
    (out / "xqf" / "encrypted-v12.xqf").write_bytes(
        write_xqf(START_FEN, tree, xt, "1/2-1/2", 0x12, rng, root_comment="评注：测试"))
    manifest_x["encrypted-v12.xqf"] = {"fen": board_fen(*fen_board(START_FEN)), "moves": moves}
    # Game 3: encrypted 0x10, main line only, ASCII names.
    tags, moves, _ = hu[2]
    (out / "xqf" / "encrypted-v10.xqf").write_bytes(
        write_xqf(START_FEN, line_tree(moves), tags, "1-0", 0x10, rng))
    manifest_x["encrypted-v10.xqf"] = {"fen": board_fen(*fen_board(START_FEN)), "moves": moves}
    # Game 4: encrypted 0x11 from the position after 21 plies of game 7
    # (black to move), the rest of the game.
    tags, moves, _ = hu[6]
    board = fen_board(START_FEN)[0]
    for m in moves[:21]:
        board = play(board, m)
    fen = board_fen(board, "b") + " - - 0 11"
    (out / "xqf" / "midgame-v11.xqf").write_bytes(
        write_xqf(fen, line_tree(moves[21:]), {"Title": "中局", "Red": "胡荣华", "Black": "洪智"},
                  "*", 0x11, rng))
    manifest_x["midgame-v11.xqf"] = {"fen": board_fen(board, "b"), "moves": moves[21:]}
    # CBF: game 4 in UTF-8, game 5 in UTF-16, game 6 from the position
    # after 15 plies (black to move).
    tags, moves, _ = hu[3]
    ct = {"Title": "胡荣华先胜吕钦", "Event": "1989年五羊杯", "Red": "胡荣华", "Black": "吕钦",
          "Date": "1989"}
    (out / "cbf" / "utf8.cbf").write_bytes(write_cbf(START_FEN, moves, ct, "1-0"))
    manifest_c["utf8.cbf"] = {"fen": board_fen(*fen_board(START_FEN)), "moves": moves}
    tags, moves, _ = hu[4]
    ct = {"Title": "胡荣华对王秉国", "Event": "1982年全国象棋个人赛", "Red": "胡荣华",
          "Black": "王秉国"}
    (out / "cbf" / "utf16.cbf").write_bytes(write_cbf(START_FEN, moves, ct, "0-1", utf16=True))
    manifest_c["utf16.cbf"] = {"fen": board_fen(*fen_board(START_FEN)), "moves": moves}
    tags, moves, _ = hu[5]
    board = fen_board(START_FEN)[0]
    for m in moves[:15]:
        board = play(board, m)
    fen = board_fen(board, "b") + " - - 0 8"
    (out / "cbf" / "midgame.cbf").write_bytes(
        write_cbf(fen, moves[15:], {"Red": "胡荣华", "Black": "李来群"}, "1/2-1/2"))
    manifest_c["midgame.cbf"] = {"fen": board_fen(board, "b"), "moves": moves[15:]}
    (out / "xqf" / "manifest.json").write_text(json.dumps(manifest_x, indent=1, ensure_ascii=False) + "\n")
    (out / "cbf" / "manifest.json").write_text(json.dumps(manifest_c, indent=1, ensure_ascii=False) + "\n")
    print(f"samples written to {out}")


def check_pgn(paths):
    """Every game of each PGN file: cchess (which reads the first game of a
    file, so each game is written to a file of its own) against the same
    game of `qigui record show FILE --format json` on the whole file."""
    import re
    import tempfile
    passed = failed = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            path = Path(path)
            text = path.read_text(encoding="utf-8")
            # A game starts at a tag line that follows movetext or a blank line.
            starts = [m.start() for m in re.finditer(r"(?m)^\[Event ", text)] or [0]
            games = [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]
            try:
                ours = qigui_read(path)
            except Exception as e:
                print(f"FAIL {path}: qigui cannot read it: {e}")
                failed += len(games)
                continue
            if len(ours) != len(games):
                print(f"FAIL {path}: {len(games)} games by '[Event', qigui reads {len(ours)}")
                failed += 1
                continue
            for n, (game, (qfen, qmoves)) in enumerate(zip(games, ours), 1):
                one = Path(tmp) / "game.pgn"
                # cchess reads ICCS movetext only under a `[Format "ICCS"]`
                # tag (its own convention); qigui reads it without one.
                if "[Format " not in game and re.search(r"\b[a-i][0-9][a-i][0-9]\b", game):
                    game = '[Format "ICCS"]\n' + game
                one.write_text(game, encoding="utf-8")
                try:
                    fen, moves = cchess_read(one)
                except Exception as e:
                    print(f"SKIP {path} game {n}: cchess cannot read it: {e}")
                    skipped += 1
                    continue
                if fen.split()[0] != qfen.split()[0] or moves != qmoves:
                    i = next((i for i, (a, b) in enumerate(zip(moves, qmoves)) if a != b),
                             min(len(moves), len(qmoves)))
                    print(f"FAIL {path} game {n}: from ply {i + 1}: cchess {moves[i:i + 3]} "
                          f"({len(moves)} plies), qigui {qmoves[i:i + 3]} ({len(qmoves)} plies)")
                    failed += 1
                else:
                    passed += 1
    print(f"PGN games compared with cchess: {passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def main(argv):
    if argv and argv[0] == "pgn":
        if not QIGUI.exists():
            print(f"{QIGUI} not found: cargo build --release first")
            return 2
        return check_pgn(argv[1:] or sorted(str(p) for p in (ROOT / "tests" / "data").rglob("*.pgn")))
    if argv and argv[0] == "samples":
        samples(argv[1] if len(argv) > 1 else ROOT / "tests" / "data" / "records")
        return 0
    if argv and argv[0] == "generate":
        args = argv[1:]
        if not args:
            print(__doc__)
            return 2
        out = args[0]
        pgns, limit, seed = [], 0, 1
        i = 1
        while i < len(args):
            if args[i] == "--pgn":
                pgns.append(args[i + 1])
                i += 2
            elif args[i] == "--limit":
                limit = int(args[i + 1])
                i += 2
            elif args[i] == "--seed":
                seed = int(args[i + 1])
                i += 2
            else:
                print(f"unknown argument {args[i]}")
                return 2
        if not pgns:
            pgns = sorted(str(p) for p in (ROOT.parent / "shared" / "realgames").glob("*.pgn"))
            if not pgns:
                pgns = sorted(str(p) for p in Path("/work/shared/realgames").glob("*.pgn"))
        generate(out, pgns, limit, seed)
        return 0
    if not QIGUI.exists():
        print(f"{QIGUI} not found: cargo build --release first")
        return 2
    return check(argv or [str(ROOT / "tests" / "data" / "records")])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
