#!/usr/bin/env python3
"""The table of what Fairy-Stockfish (or any adapter) gets right and wrong on
the 2020 rulebook's figures (图2-30, 参考图1-50): one row per figure case of
kind `move-labels` with the book's verdict, the adapter's verdict, whether
they agree, and qigui's own verdict for comparison; then the totals.

    python3 tools/adapters/figure_table.py             # print the table
    python3 tools/adapters/figure_table.py --readme    # and rewrite docs/engine-authors.md's copy

By default it makes what it needs: tools/adapters/.venv with pyffish (by
tools/adapters/setup.sh) when it is missing, and qigui's debug build
(`cargo build --bin qigui`). It then runs, over cases/ (or the PATHs given),

    qigui conform --format json --kinds move-labels --include-skipped --adapter ADAPTER

once through the Fairy-Stockfish adapter (tools/adapters/fairy_stockfish.py)
and once through `qigui adapter`. `--include-skipped` matters: the corpus
skips the figures qigui does not reproduce yet, and the table needs every
figure's verdict from both. A verdict is read from the adapter's output as
it is, whether or not the case passed (Fairy-Stockfish gives no per-move
labels, so no figure "passes" for it). --json FILE and --qigui-json FILE read
saved reports instead of running them.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
VENV_PYTHON = os.path.join(HERE, ".venv", "bin", "python")
DEFAULT_ADAPTER = "tools/adapters/.venv/bin/python tools/adapters/fairy_stockfish.py"
BEGIN = "<!-- figure-table:begin (python3 tools/adapters/figure_table.py --readme) -->"
END = "<!-- figure-table:end -->"
# The page whose copy of the table --readme rewrites.
PAGE = "docs/engine-authors.md"


def figure_order(name):
    """图2 < 图30 < 参考图1 < 参考图50."""
    m = re.match(r"^(参考)?图(\d+)$", name or "")
    if not m:
        return (2, 0, name or "")
    return (1 if m.group(1) else 0, int(m.group(2)), "")


def run(cmd, what):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{what} failed ({p.returncode}): {p.stderr.strip()[-2000:]}")
    return p.stdout


def conform(qigui, adapter, args):
    cmd = [qigui, "conform", "--format", "json", "--kinds", "move-labels", "--include-skipped",
           "--edition", args.edition, "--adapter", adapter,
           "--timeout-ms", str(args.timeout_ms)] + args.paths
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"qigui conform --adapter \"{adapter}\" failed ({p.returncode}): "
                 f"{p.stderr.strip()}")
    return json.loads(p.stdout)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def verdicts(report):
    """Case name -> (case, the adapter's verdict or None, why none)."""
    out = {}
    for c in report["cases"]:
        if not c.get("figure") or c["kind"] != "move-labels":
            continue
        output = c.get("output")
        ran = c.get("ran_skipped")
        status, message = ((ran["status"], ran["message"]) if ran
                           else (c["status"], c["message"]))
        verdict = (output or {}).get("verdict")
        why = "" if verdict else (message or status)
        out[c["name"]] = (c, verdict, why)
    return out


def short(s, n=90):
    s = s.replace("|", "\\|").replace("\n", " ")
    return s if len(s) <= n else s[: n - 1] + "…"


def table(fs, qg, fs_name, qg_name):
    names = sorted(fs, key=lambda n: (figure_order(fs[n][0]["figure"]), n))
    lines = [
        f"| figure | case | book (2020) | {fs_name} | agrees | qigui | agrees |",
        "|---|---|---|---|:-:|---|:-:|",
    ]
    tally = collections.Counter()
    wrong = collections.Counter()
    figures = set()
    for n in names:
        case, v, why = fs[n]
        book = case["expected"].get("verdict", "—")
        qcase = qg.get(n)
        qv = qcase[1] if qcase else None
        tally["cases"] += 1
        figures.add(case["figure"])
        tally[("book", book)] += 1
        if v:
            tally["fs answered"] += 1
            tally[("fs answered", book)] += 1
            if v == book:
                tally["fs agrees"] += 1
                tally[("fs agrees", book)] += 1
            else:
                wrong[(book, v)] += 1
            fs_cell, fs_mark = v, ("✓" if v == book else "✗")
        else:
            fs_cell, fs_mark = f"— ({short(why, 60)})", " "
        if qv:
            tally["qigui answered"] += 1
            tally["qigui agrees"] += qv == book
            q_cell, q_mark = qv, ("✓" if qv == book else "✗")
        else:
            q_cell, q_mark = f"— ({short(qcase[2] if qcase else 'not run', 60)})", " "
        if v and qv:
            tally["both answered"] += 1
            tally["fs = qigui"] += v == qv
        case_id = case["id"].split("/", 2)[-1]
        lines.append(f"| {case['figure']} | `{case_id}` | {book} | {fs_cell} | {fs_mark} "
                     f"| {q_cell} | {q_mark} |")
    tally["figures"] = len(figures)
    return lines, tally, wrong


def totals(tally, wrong, fs_name):
    t = tally
    out = [
        f"- **{fs_name} agrees with the book on {t['fs agrees']} of {t['fs answered']} "
        f"figure cases it answered** ({t['cases']} cases: {t['figures']} figures and "
        f"{t['cases'] - t['figures']} variations; "
        f"{t['cases'] - t['fs answered']} not answered).",
        f"- qigui agrees with the book on {t['qigui agrees']} of {t['qigui answered']}"
        + (
            "."
            if t["qigui agrees"] == t["qigui answered"]
            else " (the corpus skips, with the reason, the cases where it does not yet)."
        ),
        f"- {fs_name} and qigui give the same verdict on {t['fs = qigui']} of "
        f"{t['both answered']} cases both answered.",
    ]
    books = sorted(k[1] for k in t if isinstance(k, tuple) and k[0] == "book")
    parts = []
    for b in books:
        parts.append(f"{b}: {t[('fs agrees', b)]} of {t[('fs answered', b)]}")
    out.append(f"- {fs_name} agrees, by the book's verdict: " + "; ".join(parts) + ".")
    if wrong:
        ws = sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))
        out.append(f"- Where {fs_name} differs (book → {fs_name}): "
                   + "; ".join(f"{b} → {v}: {k}" for (b, v), k in ws) + ".")
    return out


def ensure_tools(args):
    if args.adapter == DEFAULT_ADAPTER and not os.path.exists(VENV_PYTHON) and not args.json:
        print("figure_table: setting up tools/adapters/.venv (tools/adapters/setup.sh)",
              file=sys.stderr)
        run(["sh", os.path.join(HERE, "setup.sh")], "tools/adapters/setup.sh")
    if args.qigui is None:
        run(["cargo", "build", "--quiet", "--bin", "qigui"], "cargo build")
        args.qigui = os.path.join(ROOT, "target", "debug", "qigui")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--adapter", default=DEFAULT_ADAPTER,
                    help="the adapter compared (default: Fairy-Stockfish through pyffish)")
    ap.add_argument("--edition", default="xiangqi-2020")
    ap.add_argument("--qigui", help="the qigui binary (default: build target/debug/qigui)")
    ap.add_argument("--timeout-ms", type=int, default=60000)
    ap.add_argument("--json", help="a saved report of the adapter "
                    "(qigui conform --format json --kinds move-labels --include-skipped)")
    ap.add_argument("--qigui-json", help="a saved report of `qigui adapter`, likewise")
    ap.add_argument("--readme", action="store_true",
                    help=f"also replace {PAGE}'s table between the markers {BEGIN!r} and {END!r} "
                    "(the table lived in README.md before the docs/ pages)")
    ap.add_argument("paths", nargs="*", help="corpus paths (default cases/)")
    args = ap.parse_args()
    ensure_tools(args)
    fs_report = load(args.json) if args.json else conform(args.qigui, args.adapter, args)
    qg_report = (load(args.qigui_json) if args.qigui_json
                 else conform(args.qigui, f"{args.qigui} adapter", args))
    fs_name = re.sub(r" [0-9(].*| by .*", "", fs_report["adapter"]["name"])
    fs, qg = verdicts(fs_report), verdicts(qg_report)
    if not fs:
        sys.exit(f"no figure cases of kind move-labels under {args.edition}")
    lines, tally, wrong = table(fs, qg, fs_name, "qigui")
    text = "\n".join(
        [f"{fs_report['adapter']['name']} against the book's verdicts on the figures of "
         f"{args.edition}, and qigui ({qg_report['adapter']['name']}) beside it:", ""]
        + lines + [""] + totals(tally, wrong, fs_name)) + "\n"
    print(text, end="")
    if args.readme:
        path = os.path.join(ROOT, PAGE)
        with open(path, encoding="utf-8") as f:
            readme = f.read()
        a, b = readme.find(BEGIN), readme.find(END)
        if a < 0 or b < a:
            sys.exit(f"{PAGE} has no {BEGIN} ... {END} section")
        readme = readme[: a + len(BEGIN)] + "\n" + text + readme[b:]
        with open(path, "w", encoding="utf-8") as f:
            f.write(readme)
        print(f"figure_table: {PAGE} updated", file=sys.stderr)


if __name__ == "__main__":
    main()
