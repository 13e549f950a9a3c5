#!/usr/bin/env python3
"""Differential test of the repetition classifier: two `qigui` binaries must
judge every real cycle identically.

For each of the 225 cycles of ../shared/realgames/master-cycles.yaml (its
`fen` and `cycle` moves), and for every figure case of
cases/xiangqi-2020/26-figures-positions.yaml, both binaries run

    qigui judge --fen FEN --moves "M1 M2 ..." --format json

and the JSON outputs (every move's label, targets with their categories,
clauses, English and Chinese reasons; the verdict and its clauses) must be
byte-identical, as must the exit codes. Every difference is printed with the
cycle's id; the last line is the summary, and the exit status is 1 when any
cycle differs.

    python3 tools/difftest/judge_same.py BASE NEW [--cycles FILE] [--no-figures]

BASE and NEW are paths to `qigui` binaries, e.g. the release build of
647c9de in another worktree and ./target/release/qigui.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_CYCLES = os.path.normpath(os.path.join(ROOT, "..", "shared", "realgames", "master-cycles.yaml"))
FIGURES = os.path.join(ROOT, "cases", "xiangqi-2020", "26-figures-positions.yaml")


def load_yaml(path):
    try:
        import yaml  # PyYAML
    except ImportError:
        sys.exit("judge_same.py needs PyYAML (pip install pyyaml)")
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def real_cycles(path):
    """(id, args) for every real cycle."""
    out = []
    for c in load_yaml(path):
        out.append((c["id"], ["--fen", c["fen"], "--moves", " ".join(c["cycle"])]))
    return out


def figure_cycles(path):
    """(id, args) for every figure case, with its 23.4 inputs and key points."""
    out = []
    for c in load_yaml(path)["cases"]:
        i = c["input"]
        args = ["--fen", i["fen"], "--moves", " ".join(i["moves"])]
        if i.get("sequence") == "nine-rounds":
            args.append("--nine-rounds")
        if i.get("points") is not None:
            args += ["--points", str(i["points"])]
        if i.get("key_points"):
            args += ["--key-points", ",".join(i["key_points"])]
        out.append((c["id"], args))
    return out


def run(binary, args):
    t = time.perf_counter()
    p = subprocess.run(
        [binary, "judge", *args, "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    return p.returncode, p.stdout, p.stderr, time.perf_counter() - t


def first_difference(a, b):
    """A short description of where two JSON texts differ."""
    try:
        ja, jb = json.loads(a), json.loads(b)
    except ValueError:
        return "output is not JSON"
    if ja.get("verdict") != jb.get("verdict") or ja.get("clauses") != jb.get("clauses"):
        return f"verdict {ja.get('verdict')} {ja.get('clauses')} / {jb.get('verdict')} {jb.get('clauses')}"
    for ma, mb in zip(ja.get("moves", []), jb.get("moves", [])):
        if ma != mb:
            keys = [k for k in ma if ma.get(k) != mb.get(k)]
            return f"ply {ma.get('ply')} ({ma.get('iccs')}): " + "; ".join(
                f"{k}: {ma.get(k)!r} / {mb.get(k)!r}" for k in keys
            )
    return "move count differs"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", help="the qigui binary before the change")
    ap.add_argument("new", help="the qigui binary after it")
    ap.add_argument("--cycles", default=DEFAULT_CYCLES, help="master-cycles.yaml")
    ap.add_argument("--no-figures", action="store_true", help="only the real cycles")
    a = ap.parse_args()
    cases = real_cycles(a.cycles)
    n_real = len(cases)
    if not a.no_figures:
        cases += figure_cycles(FIGURES)
    differ = 0
    t_base = t_new = 0.0
    for cid, args in cases:
        rb, ob, eb, tb = run(a.base, args)
        rn, on, en, tn = run(a.new, args)
        t_base += tb
        t_new += tn
        if (rb, ob) != (rn, on):
            differ += 1
            why = f"exit {rb} / {rn}" if rb != rn else first_difference(ob, on)
            print(f"DIFFERS {cid}: {why}")
            if eb or en:
                print(f"  stderr: {eb.strip()!r} / {en.strip()!r}")
    print(
        f"{len(cases)} cycles ({n_real} real, {len(cases) - n_real} figure cases): "
        f"{len(cases) - differ} identical, {differ} differ "
        f"(wall time {t_base:.1f} s base, {t_new:.1f} s new)"
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
