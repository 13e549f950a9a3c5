#!/usr/bin/env python3
"""The reason audit of the 2020 figures (issue 24, item 2): for every move
the book's commentary explains, the commentary's reason beside qigui's.

Writes spec/reason-audit.md. The moves and commentary are read from
../shared/rulebooks/xiangqi-2020-figures.yaml (or the path given with
--figures); qigui's reasons from `qigui judge --format json` on the figure's
case in cases/xiangqi-2020/26-figures-positions.yaml. The verdict of each
row is a reader's, written by hand in tools/authoring/reason-audit.yaml
(keyed `<figure id> <ply>`): `same`, `different — qigui's is also valid
because …`, or `transcription cannot show it — …`. Rows without one say
`not yet audited`.

A move counts as explained when the commentary names it (its notation, the
book's spaced file numbers closed up, or the side, the piece and the
direction in one phrase: 红方退马 is red's 马…退… move); the phrase is the
commentary's reason. Moves it explains without naming them — a side's moves
described together (红方长捉无根子, 黑方两着动车 …) — are hand-made rows in
reason-audit.yaml (`{commentary, verdict}`); a summary that only restates
labels (红方长捉，黑方两闲) explains nothing.

Usage: python3 tools/authoring/reason_audit.py [qigui binary] [--figures PATH]
"""
import argparse
import json
import os
import re
import subprocess
import sys

import yaml

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "spec", "reason-audit.md")
VERDICTS = os.path.join(ROOT, "tools", "authoring", "reason-audit.yaml")
CASES = os.path.join(ROOT, "cases", "xiangqi-2020", "26-figures-positions.yaml")

PIECES = "车马炮相象仕士帅将兵卒"
SAME = {"相": "相象", "象": "相象", "仕": "仕士", "士": "仕士", "帅": "帅将", "将": "帅将", "兵": "兵卒", "卒": "兵卒"}


def phrases(text):
    return [p for p in re.split(r"[，。；、！？,;]", text) if p.strip()]


def explained(fig):
    """(ply, side, move, book label, phrase) of each move the commentary explains."""
    # The book spaces Arabic file numbers ("车 7 平 8"); the moves do not.
    c = re.sub(r"\s+", "", fig.get("commentary") or "")
    out = []
    ply = 0
    for row in fig.get("moves") or []:
        for side, i in (("red", 1), ("black", 3)):
            if len(row) <= i or not row[i]:
                continue
            ply += 1
            mv, label = row[i], row[i + 1]
            found = [p for p in phrases(c) if mv in p]
            if not found:
                piece = mv[0] if mv[0] in PIECES else mv[1]
                action = next((a for a in "进退平" if a in mv), "")
                kinds = SAME.get(piece, piece)
                # The side a phrase speaks of: the last 红(方)/黑(方) named
                # in it or before it.
                current = None
                for p in phrases(c):
                    named = [(p.rfind(w), s) for w, s in (("红", "red"), ("黑", "black")) if w in p]
                    if named:
                        current = max(named)[1]
                    if current == side and re.search(f"[{action}][{kinds}]|[{kinds}][{action}]", p):
                        found.append(p)
            if found:
                # The reason goes on until the commentary names a side again.
                ps = phrases(c)
                reason = []
                for f in dict.fromkeys(found):
                    i = ps.index(f)
                    reason.append(f)
                    for nxt in ps[i + 1:]:
                        if "红" in nxt or "黑" in nxt or nxt in reason:
                            break
                        reason.append(nxt)
                out.append((ply, side, mv, label, "，".join(dict.fromkeys(reason))))
    return out


def tally(rows):
    """How many verdicts of each kind: same, different, transcription."""
    kinds = {}
    for r in rows:
        v = r[6]
        k = ("transcription cannot show it" if v.startswith("transcription")
             else "different" if v.startswith("different") else "same")
        kinds[k] = kinds.get(k, 0) + 1
    return sorted(kinds.items())


def plies(fig):
    """{ply: (side, move, book label)} of a figure's printed moves."""
    out = {}
    ply = 0
    for row in fig.get("moves") or []:
        for side, i in (("red", 1), ("black", 3)):
            if len(row) > i and row[i]:
                ply += 1
                out[ply] = (side, row[i], row[i + 1])
    return out


def case_of(cases, book):
    name = book.replace(" ", "")
    for c in cases:
        if c.get("figure") == name and c["id"].endswith("/position"):
            return c
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("qigui", nargs="?", default=os.path.join(ROOT, "target", "release", "qigui"))
    ap.add_argument("--figures", default=os.path.join(ROOT, "..", "shared", "rulebooks", "xiangqi-2020-figures.yaml"))
    a = ap.parse_args()
    figures = yaml.safe_load(open(a.figures, encoding="utf-8"))
    cases = yaml.safe_load(open(CASES, encoding="utf-8"))["cases"]
    verdicts = {}
    if os.path.exists(VERDICTS):
        verdicts = yaml.safe_load(open(VERDICTS, encoding="utf-8")) or {}
    rows = []
    for fig in figures:
        moves = explained(fig)
        # Hand-made rows (reason-audit.yaml: {commentary, verdict}) for the
        # moves the commentary explains without the extractor finding them:
        # a side's moves described together (红方长捉无根子, 黑方两着动车 …).
        seen = {m[0] for m in moves}
        for key, v in verdicts.items():
            fid, _, ply = key.partition(" ")
            if fid == fig["id"] and isinstance(v, dict) and int(ply) not in seen:
                row = plies(fig).get(int(ply))
                if row:
                    moves.append((int(ply), row[0], row[1], row[2], v["commentary"]))
        moves.sort()
        if not moves:
            continue
        c = case_of(cases, fig["book"])
        judged = {}
        if c is not None:
            i = c["input"]
            args = [a.qigui, "judge", "--fen", i["fen"], "--moves", " ".join(i["moves"]), "--format", "json"]
            if i.get("key_points"):
                args += ["--key-points", ",".join(i["key_points"])]
            r = subprocess.run(args, capture_output=True, text=True)
            if r.returncode == 0 and "moves" not in json.loads(r.stdout):
                # Moves that do not repeat within themselves (图29: three
                # rounds over three files) are judged as one period.
                r = subprocess.run(args + ["--period"], capture_output=True, text=True)
            if r.returncode == 0:
                for m in json.loads(r.stdout).get("moves", []):
                    judged[m["ply"]] = m
        for ply, side, mv, label, phrase in moves:
            m = judged.get(ply)
            q = (f"{m['label']} — {m['reason_zh']} ({', '.join(m['clauses'])})" if m else "no case")
            key = f"{fig['id']} {ply}"
            v = verdicts.get(key, "not yet audited")
            if isinstance(v, dict):
                v = v["verdict"]
            rows.append((fig["book"].replace(" ", ""), ply, mv, label, phrase, q, v))
    done = sum(1 for r in rows if r[6] != "not yet audited")
    L = ["# Reason audit of the 2020 figures",
         "",
         "Generated by `tools/authoring/reason_audit.py` (do not edit): for every move",
         "the book's commentary explains (it names the move, or the side, piece and",
         "direction in one phrase, or describes the side's moves together — 红方长捉",
         "无根子, 黑方两着动车: hand-made rows; a summary that only restates labels,",
         "红方长捉，黑方两闲, explains nothing), the commentary's reason beside qigui's",
         "(`qigui judge --format json` on the figure's case: label, `reason_zh`,",
         "clauses). The verdicts are a reader's, kept in",
         "`tools/authoring/reason-audit.yaml`: *same*; *different — qigui's is also",
         "valid because …*; *transcription cannot show it — …* (recorded in",
         "`spec/errata.md`).",
         "",
         f"{len(rows)} explained moves; {done} audited: "
         + ", ".join(f"{n} {k}" for k, n in tally(rows)) + ".",
         "",
         "| figure | ply | move | book | commentary | qigui | verdict |",
         "|---|---|---|---|---|---|---|"]
    for fig, ply, mv, label, phrase, q, v in rows:
        cell = lambda s: str(s).replace("|", "\\|").replace("\n", " ")
        L.append(f"| {fig} | {ply} | {mv} | {label} | {cell(phrase)} | {cell(q)} | {cell(v)} |")
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(L) + "\n")
    print(f"{OUT}: {len(rows)} rows, {done} audited", file=sys.stderr)


if __name__ == "__main__":
    main()
