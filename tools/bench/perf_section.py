#!/usr/bin/env python3
"""Runs the benches that record figures and regenerates the performance
section of README.md and docs/performance.md, between the markers
`<!-- performance:begin -->` and `<!-- performance:end -->`.

    python3 tools/bench/perf_section.py            # run the benches, write both
    python3 tools/bench/perf_section.py --no-run   # rewrite from the last figures

The benches run are those that include `benches/common/targets.rs` (each
figure printed beside its target and appended to
`target/bench-figures.jsonl`): judge (the classifier's figure cases and
real cycles), pairing, perft (nodes per second; its target is a ratio to
647c9de that only `tools/bench/perft_ratio.sh` measures) and standings; criterion's own sampling is shortened
(`--warm-up-time 1 --measurement-time 2`), the figures with targets are
measured by the benches' own loops. The section names the machine (CPU
model and cores from /proc/cpuinfo), the date and the commit.
"""

import argparse
import datetime
import json
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
BEGIN = "<!-- performance:begin -->"
END = "<!-- performance:end -->"


def benches_with_targets():
    out = []
    for p in sorted((ROOT / "benches").glob("*.rs")):
        if "common/targets.rs" in p.read_text(encoding="utf-8"):
            out.append(p.stem)
    return out


def machine():
    model, cores = "unknown CPU", 0
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
        models = re.findall(r"^model name\s*:\s*(.+)$", text, re.M)
        if models:
            model = models[0].strip()
        cores = len(re.findall(r"^processor\s*:", text, re.M))
    except OSError:
        pass
    return f"{model}, {cores} logical cores" if cores else model


def commit():
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def target_dir():
    return pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))


def run_benches(names):
    figures = target_dir() / "bench-figures.jsonl"
    if figures.exists():
        figures.unlink()
    for name in names:
        cmd = ["cargo", "bench", "--bench", name, "--",
               "--warm-up-time", "1", "--measurement-time", "2"]
        print("$", " ".join(cmd), file=sys.stderr, flush=True)
        subprocess.run(cmd, cwd=ROOT, check=True)


def read_figures():
    path = target_dir() / "bench-figures.jsonl"
    rows = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def section(rows, names):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    lines = [
        BEGIN,
        f"Measured {today} on {machine()} (shared with other builds), "
        f"commit {commit()}, by `python3 tools/bench/perf_section.py` "
        f"(`cargo bench --bench` {', '.join(names) or '—'}); "
        "times are the calling thread's CPU time (best of the runs; the "
        "classifier's, medians of the runs), perft in M nodes/s.",
        "",
        "| area | figure | measured | target | |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['area']} | {r['what']} | {r['measured']} | {r['target']} | {r['verdict']} |"
        )
    if not rows:
        lines.append("| — | no figures recorded | | | |")
    lines.append(END)
    return "\n".join(lines)


def replace(path, text, before=None):
    old = path.read_text(encoding="utf-8")
    if BEGIN in old and END in old:
        a = old.index(BEGIN)
        b = old.index(END) + len(END)
        new = old[:a] + text + old[b:]
    elif before and before in old:
        i = old.index(before)
        new = old[:i] + "## Performance\n\n" + text + "\n\n" + old[i:]
    else:
        new = old.rstrip("\n") + "\n\n## Measured figures\n\n" + text + "\n"
    path.write_text(new, encoding="utf-8")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-run", action="store_true",
                    help="do not run the benches; use the last recorded figures")
    args = ap.parse_args()
    names = benches_with_targets()
    if not args.no_run:
        run_benches(names)
    rows = read_figures()
    text = section(rows, names)
    replace(ROOT / "README.md", text, before="## Limits and guarantees")
    replace(ROOT / "docs" / "performance.md", text)
    print(text)


if __name__ == "__main__":
    main()
