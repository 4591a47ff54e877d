"""Time method ``dlx`` against other versions of itself (and ``backtrack``), puzzle by puzzle.

    python3 bench/dlx_variants.py                           # working tree vs HEAD, with backtrack
    python3 bench/dlx_variants.py --against 246d9c9 --count 300
    python3 bench/dlx_variants.py --files /tmp/ec_a.py /tmp/ec_b.py   # drafts of exact_cover.py
    python3 bench/dlx_variants.py --generic                 # also the working tree off its fast path

A variant is a pair of ``exact_cover.py`` and ``dlx.py`` (from a git revision, or an
``exact_cover.py`` draft beside the working tree's ``dlx.py``), imported side by side under
private module names. Every puzzle is solved to a limit of 2 (so the time includes the proof of
uniqueness) by each variant in turn, in the same process, timed with the thread's CPU clock, so
other load on the machine costs every variant alike. Reports per set the median, p90 and max in
ms, the median nodes, and the ratio of each median to backtrack's. Solution counts must agree
(``python3 -m sudoku_core bench`` checks the solutions themselves).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.formats import parse  # noqa: E402
from sudoku_core.solvers import backtrack  # noqa: E402

DATA = Path("/work/shared/data")
SETS = {
    "17clue": "tdoku_17_clue.txt",
    "magictour": "tdoku_magictour_top1465.txt",
    "hardest": "tdoku_forum_hardest_1106.txt",
    "serg": "tdoku_serg_benchmark.txt",
}


def _module(name: str, src: str, filename: str) -> types.ModuleType:
    mod = types.ModuleType(name)
    mod.__package__ = "sudoku_core.solvers"
    sys.modules[name] = mod
    exec(compile(src, filename, "exec"), mod.__dict__)
    return mod


def load_variant(tag: str, ec_src: str, dlx_src: str):
    """The Sudoku encoding ``dlx_src`` on the engine ``ec_src``, as a private module pair."""
    key = "".join(ch for ch in tag if ch.isalnum())
    ec = _module(f"sudoku_core.solvers._ec_{key}", ec_src, f"{tag}:exact_cover.py")
    dlx_src = dlx_src.replace("from .exact_cover import", f"from {ec.__name__} import")
    return _module(f"sudoku_core.solvers._dlx_{key}", dlx_src, f"{tag}:dlx.py")


def git_show(rev: str, path: str) -> str:
    return subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", nargs="*", default=["HEAD"], help="git revisions to compare")
    ap.add_argument("--files", nargs="*", default=[], help="drafts of exact_cover.py to compare")
    ap.add_argument("--count", type=int, default=200, help="puzzles per set, spread over the file")
    ap.add_argument("--sets", nargs="+", choices=SETS, default=list(SETS))
    ap.add_argument("--generic", action="store_true",
                    help="also time the working tree with Dance(generic=True) (no width-4 fast path)")
    args = ap.parse_args()
    solvers = ROOT / "sudoku_core" / "solvers"
    now_dlx = (solvers / "dlx.py").read_text()
    variants = [("backtrack", backtrack.solve_fast)]
    for rev in args.against:
        mod = load_variant(rev, git_show(rev, "sudoku_core/solvers/exact_cover.py"),
                           git_show(rev, "sudoku_core/solvers/dlx.py"))
        variants.append((rev, mod.solve))
    variants.append(("now", load_variant("now", (solvers / "exact_cover.py").read_text(), now_dlx).solve))
    if args.generic:
        # A private copy of the pair, its dlx module pointed at a Dance that keeps the generic loops.
        mod = load_variant("generic", (solvers / "exact_cover.py").read_text(), now_dlx)
        mod.Dance = functools.partial(mod.Dance, generic=True)
        variants.append(("now-generic", mod.solve))
    for path in args.files:
        variants.append((Path(path).stem, load_variant(path, Path(path).read_text(), now_dlx).solve))
    clock = time.thread_time
    for key in args.sets:
        lines = [ln.strip() for ln in (DATA / SETS[key]).read_text().splitlines()
                 if ln.strip() and not ln.startswith("#")]
        if args.count and args.count < len(lines):
            step = len(lines) / args.count
            lines = [lines[int(k * step)] for k in range(args.count)]
        times: list[list[float]] = [[] for _ in variants]
        nodes: list[list[int]] = [[] for _ in variants]
        for line in lines:
            p = parse(line, check=False)
            seen = []
            for i, (_, run) in enumerate(variants):
                start = clock()
                s = run(p.geometry, list(p.cells), 2, None)
                times[i].append((clock() - start) * 1000.0)
                nodes[i].append(s.stats["nodes"])
                seen.append(len(s.solutions))
            if any(s != seen[0] for s in seen):
                raise SystemExit(f"solution counts differ on {line}: {seen}")
        base = statistics.median(times[0])
        print(f"{key} ({len(lines)} puzzles)")
        for (name, _), ts, ns in zip(variants, times, nodes, strict=True):
            med = statistics.median(ts)
            p90 = statistics.quantiles(ts, n=10)[-1]
            print(f"  {name:>14}: median {med:7.3f} ms  p90 {p90:7.3f}  max {max(ts):7.1f}  "
                  f"nodes median {statistics.median(ns):6.1f}  x{med / base:5.2f} of backtrack")


if __name__ == "__main__":
    main()
