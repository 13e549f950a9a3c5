#!/usr/bin/env python3
"""The table of what an implementation gets right and wrong on the
rulebook's figures (图2-30, 参考图1-50): runs `qigui conform --format json`
over the figure cases of one kind through an adapter, and prints a Markdown
table with one row per figure: the book's verdict, the implementation's,
and whether its per-move labels agree.

    tools/adapters/.venv/bin/python tools/adapters/figure_table.py            # Fairy-Stockfish on move-labels
    python3 tools/adapters/figure_table.py --adapter "target/release/qigui adapter" --kind repetition-verdict

The default kind is `move-labels` (the figures' positions and moves, with the
labels and the verdict as expected output); any kind whose expected output
has a `verdict` works. --json FILE reads a saved `qigui conform --format
json` report instead of running one.
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_ADAPTER = f"{os.path.join(HERE, '.venv', 'bin', 'python')} {os.path.join(HERE, 'fairy_stockfish.py')}"


def figure_order(name):
    """图2 < 图30 < 参考图1 < 参考图50."""
    m = re.match(r"^(参考)?图(\d+)$", name or "")
    if not m:
        return (2, 0, name or "")
    return (1 if m.group(1) else 0, int(m.group(2)), "")


def labels_cell(expected, output):
    if "labels" not in expected:
        return "—"
    got = (output or {}).get("labels")
    if got is None:
        return "not given"
    want = expected["labels"]
    if got == want:
        return "agree"
    for i, (a, b) in enumerate(zip(want, got)):
        if a != b:
            return f"ply {i + 1}: {b} for {a}"
    return f"{len(got)} labels for {len(want)}"


def run_conform(args):
    cmd = [args.qigui, "conform", "--format", "json", "--kinds", args.kind,
           "--adapter", args.adapter, "--timeout-ms", str(args.timeout_ms)] + args.paths
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"qigui conform failed ({p.returncode}): {p.stderr.strip()}")
    return json.loads(p.stdout), " ".join(
        ["qigui conform --format json --kinds", args.kind, "--adapter", f'"{args.adapter}"'])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--adapter", default=DEFAULT_ADAPTER)
    ap.add_argument("--kind", default="move-labels")
    ap.add_argument("--edition", default="xiangqi-2020")
    ap.add_argument("--qigui", default=os.path.join(ROOT, "target", "release", "qigui"))
    ap.add_argument("--timeout-ms", type=int, default=60000)
    ap.add_argument("--json", help="a saved `qigui conform --format json` report")
    ap.add_argument("paths", nargs="*", help="corpus paths (default cases/)")
    args = ap.parse_args()
    if args.json:
        with open(args.json, encoding="utf-8") as f:
            report = json.load(f)
        how = f"the report {args.json}"
    else:
        report, how = run_conform(args)
    name = report["adapter"]["name"]
    rows = [c for c in report["cases"]
            if c.get("figure") and c["kind"] == args.kind and c["edition"] == args.edition]
    rows.sort(key=lambda c: (figure_order(c["figure"]), c["id"]))
    if not rows:
        sys.exit(f"no figure cases of kind {args.kind} under {args.edition} in {how}")
    print(f"{name} on the figures of {args.edition} (kind `{args.kind}`), from {how}:\n")
    print(f"| figure | case | book | {name} | verdict | labels | status |")
    print("|---|---|---|---|:-:|---|---|")
    agree = answered = 0
    for c in rows:
        exp, out = c.get("expected") or {}, c.get("output")
        want = exp.get("verdict", "—")
        if c["status"] == "skipped" or out is None:
            got, mark = "—", " "
            status = f"{c['status']}: {c['message']}" if c["message"] else c["status"]
        else:
            answered += 1
            got = out.get("verdict", "not given")
            mark = "✓" if got == want else "✗"
            agree += got == want
            status = c["status"]
        short = c["id"].split("/", 1)[-1]
        cells = [c["figure"], f"`{short}`", want, got, mark, labels_cell(exp, out),
                 status.replace("|", "\\|").replace("\n", " ")]
        print("| " + " | ".join(cells) + " |")
    print(f"\nVerdict agrees on {agree} of {answered} figures answered ({len(rows)} cases).")


if __name__ == "__main__":
    main()
