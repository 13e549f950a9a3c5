#!/usr/bin/env python3
"""The classifier's speed, two builds side by side (issue 26, item 2).

    python3 tools/bench/classifier_ratio.py BASE NEW [ROUNDS] [REPEAT]

BASE and NEW are builds of `examples/time_classifier` (e.g.
/tmp/time_classifier-base, built from main before a change, and
target/release/examples/time_classifier). The two are run alternately,
ROUNDS times each (default 3); in each round every figure case and every
real cycle is judged REPEAT times (default 5) in a process of its own,
timed by `perf stat -e task-clock` (CPU time, exact, where the thread CPU
clock the example reads advances by whole 4 ms ticks on the machines
measured), less the time of a process that judges nothing. Each case's
time is the least over the rounds. Printed: the ten slowest figure cases, the
total of the 82, and the real cycles' 50th, 95th and 99th percentiles
(nearest rank) and slowest, each beside its target.
"""

import math
import subprocess
import sys

FIGURE_TARGET_MS = 10.0
ALL_FIGURES_TARGET_MS = 100.0
CYCLE_P99_TARGET_MS = 2.0


def cases(binary):
    """Every case id the example times, by kind."""
    out = subprocess.run([binary, "1"], capture_output=True, text=True, check=True).stdout
    return [tuple(line.split("\t")[:2]) for line in out.splitlines()]


def cpu_ms(binary, repeat, filt):
    """The process's CPU milliseconds (perf stat's task-clock, which Linux
    counts exactly, where a thread's own CPU clock advances by whole
    ticks) and the example's lines."""
    p = subprocess.run(
        ["perf", "stat", "-x,", "-e", "task-clock", binary, str(repeat), filt],
        capture_output=True, text=True, check=True,
    )
    ms = next(float(l.split(",")[0]) for l in p.stderr.splitlines() if "task-clock" in l)
    lines = [l.split("\t") for l in p.stdout.splitlines()]
    return ms, {(k, c): float(t) for k, c, t in lines}


def run(binary, repeat, ids):
    """Each case's CPU time per judgement: the process judging it `repeat`
    times, less a process judging nothing; when an id is part of another's
    (图30/position, 图30/position-mirrored-horse), shared by wall time."""
    idle, _ = cpu_ms(binary, 1, "no case has this id")
    times = {}
    for kind, cid in ids:
        ms, walls = cpu_ms(binary, repeat, cid)
        share = walls[(kind, cid)] / max(sum(walls.values()), 1e-9)
        times[(kind, cid)] = max(ms - idle, 0.0) * share / repeat
    return times


def least(runs):
    best = {}
    for r in runs:
        for k, v in r.items():
            best[k] = min(v, best.get(k, math.inf))
    return best


def percentile(sorted_values, p):
    rank = math.ceil(p / 100 * len(sorted_values))
    return sorted_values[min(max(rank, 1), len(sorted_values)) - 1]


def verdict(ok):
    return "met" if ok else "NOT met"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base_bin, new_bin = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    base_runs, new_runs = [], []
    ids = cases(new_bin)
    for _ in range(rounds):
        base_runs.append(run(base_bin, repeat, ids))
        new_runs.append(run(new_bin, repeat, ids))
    base, new = least(base_runs), least(new_runs)
    figs = sorted((k for k in new if k[0] == "figure"), key=lambda k: -new[k])
    print("| figure case | base ms | new ms | target |")
    print("|---|---:|---:|---|")
    for k in figs[:10]:
        name = k[1].removeprefix("xiangqi-2020/").removesuffix("/position")
        print(f"| {name} | {base.get(k, math.nan):.2f} | {new[k]:.2f} | < {FIGURE_TARGET_MS:g}: {verdict(new[k] < FIGURE_TARGET_MS)} |")
    over = sum(1 for k in figs if new[k] >= FIGURE_TARGET_MS)
    tb = sum(base.get(k, 0.0) for k in figs)
    tn = sum(new[k] for k in figs)
    print(f"| all {len(figs)} figure cases | {tb:.1f} | {tn:.1f} | < {ALL_FIGURES_TARGET_MS:g}: {verdict(tn < ALL_FIGURES_TARGET_MS)} |")
    print(f"| figure cases at or over {FIGURE_TARGET_MS:g} ms | {sum(1 for k in figs if base.get(k, 0) >= FIGURE_TARGET_MS)} | {over} | 0: {verdict(over == 0)} |")
    cyc = [k for k in new if k[0] == "cycle"]
    if cyc:
        sb = sorted(base.get(k, math.nan) for k in cyc)
        sn = sorted(new[k] for k in cyc)
        for p in (50, 95, 99):
            target = f"< {CYCLE_P99_TARGET_MS:g}: {verdict(percentile(sn, p) < CYCLE_P99_TARGET_MS)}" if p == 99 else ""
            print(f"| {len(cyc)} real cycles, {p}th percentile | {percentile(sb, p):.3f} | {percentile(sn, p):.3f} | {target} |")
        slow = max(cyc, key=lambda k: new[k])
        print(f"| {len(cyc)} real cycles, slowest (new: {slow[1]}) | {sb[-1]:.2f} | {sn[-1]:.2f} | |")
    print(f"\n(CPU ms per judgement, perf stat task-clock of {repeat} judgements less an idle run, least of {rounds} alternated rounds)")


if __name__ == "__main__":
    main()
