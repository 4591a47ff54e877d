"""Do two versions of the code solve puzzles along the same path? (And how long does rating take?)

Usage: ``python3 bench/path_identity.py [--base REV] [--after worktree|overlay] [--sample N] [--sets a,b]``

``before`` is ``git archive REV`` (default HEAD) in a temp dir. ``after`` is, by default, the same
archive with the technique files (``--files``) copied from the working tree over it, so that other
people's uncommitted work elsewhere in the tree does not enter the comparison; ``--after worktree``
takes the working tree as it is.

For each puzzle (evenly spaced sample of each set) both versions run :func:`logic_solve` with the whole
table and record the path: per step the technique id, placements and eliminations (and, stricter, the
whole Step's repr); and :func:`rate` (level, score, steps), whose CPU time is reported as well. The
baseline's results are cached in /tmp keyed by the commit and the sample.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from shared_data import DATA, need

REPO = Path(__file__).resolve().parents[1]
OWNED = ("sudoku_core/techniques/chains.py", "sudoku_core/techniques/als.py", "sudoku_core/techniques/fish.py",
         "sudoku_core/techniques/wings.py", "sudoku_core/techniques/coloring.py",
         "sudoku_core/techniques/single_digit.py", "sudoku_core/techniques/subsets.py",
         "sudoku_core/techniques/uniqueness.py", "sudoku_core/techniques/forcing.py",
         "sudoku_core/techniques/singles.py", "sudoku_core/techniques/intersections.py",
         "sudoku_core/techniques/__init__.py", "sudoku_core/candidates.py", "sudoku_core/step.py",
         "sudoku_core/rate.py")

WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from sudoku_core import parse, rate
from sudoku_core.candidates import State
from sudoku_core.rate import logic_solve
out = []
for line in sys.stdin.read().split():
    p = parse(line)
    t0 = time.process_time()
    r = rate(p)
    t = time.process_time() - t0
    path, solved = logic_solve(State.from_puzzle(p))
    out.append({
        "puzzle": line,
        "path": [[s.technique, [list(x) for x in s.placements], [list(x) for x in s.eliminations]] for s in path],
        "full": hashlib.sha256(repr(path).encode()).hexdigest(),
        "solved": solved,
        "rating": [r.level, r.score, r.hardest, hashlib.sha256(repr(r.steps).encode()).hexdigest()],
        "ms": t * 1000,
    })
print(json.dumps(out))
"""


def spaced(n: int, k: int) -> list[int]:
    return list(range(n)) if k >= n else [i * n // k for i in range(k)]


def sample(sets: list[str], k: int) -> list[str]:
    out = []
    for name in sets:
        lines = (DATA / f"{name}.txt").read_text().split()
        out += [lines[i] for i in spaced(len(lines), k)]
    return out


def export(rev: str, dest: Path) -> None:
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)


def run(tree: Path, puzzles: list[str]) -> list[dict]:
    res = subprocess.run([sys.executable, "-c", WORKER, str(tree)], input="\n".join(puzzles), text=True,
                         capture_output=True, check=True)
    return json.loads(res.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="HEAD")
    ap.add_argument("--after", choices=("overlay", "worktree"), default="overlay")
    ap.add_argument("--sets", default="tdoku_forum_hardest_1106,tdoku_magictour_top1465,qqwing_expert")
    ap.add_argument("--sample", type=int, default=20)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    sets = args.sets.split(",")
    need(*(f"{name}.txt" for name in sets))
    puzzles = sample(sets, args.sample)
    sha = subprocess.run(["git", "-C", str(REPO), "rev-parse", args.base], check=True, capture_output=True,
                         text=True).stdout.strip()
    key = hashlib.sha256(("\n".join(puzzles) + sha).encode()).hexdigest()[:16]
    cache = Path(tempfile.gettempdir()) / f"path_identity_{sha[:10]}_{key}.json"
    with tempfile.TemporaryDirectory() as tmp:
        before_dir, after_dir = Path(tmp) / "before", Path(tmp) / "after"
        before_dir.mkdir()
        export(sha, before_dir)
        if cache.exists() and not args.no_cache:
            before = json.loads(cache.read_text())
        else:
            before = run(before_dir, puzzles)
            cache.write_text(json.dumps(before))
        if args.after == "worktree":
            after = run(REPO, puzzles)
        else:
            shutil.copytree(before_dir, after_dir)
            for f in OWNED:
                shutil.copy2(REPO / f, after_dir / f)
            after = run(after_dir, puzzles)
    same_path = sum(a["path"] == b["path"] for a, b in zip(before, after, strict=True))
    same_full = sum(a["full"] == b["full"] for a, b in zip(before, after, strict=True))
    same_rating = sum(a["rating"] == b["rating"] for a, b in zip(before, after, strict=True))
    n = len(puzzles)
    print(f"base {sha[:10]} vs {args.after}: {n} puzzles; paths (technique, placements, eliminations) "
          f"identical {same_path}/{n}; whole steps identical {same_full}/{n}; ratings identical {same_rating}/{n}")
    for i, name in enumerate(sets):
        part = slice(i * args.sample, (i + 1) * args.sample)
        b = [x["ms"] for x in before[part]]
        a = [x["ms"] for x in after[part]]
        steps = [len(x["path"]) for x in before[part]]
        print(f"  {name}: rate() CPU median {statistics.median(b):.0f} -> {statistics.median(a):.0f} ms, "
              f"max {max(b):.0f} -> {max(a):.0f} ms (baseline time may be cached), median steps "
              f"{statistics.median(steps):.0f}")
    for a, b in zip(before, after, strict=True):
        if a["path"] != b["path"] or a["full"] != b["full"] or a["rating"] != b["rating"]:
            k = next((j for j, (x, y) in enumerate(zip(a["path"], b["path"], strict=False)) if x != y), None)
            print("DIFFERENT:", a["puzzle"], "first differing step", k)
    sys.exit(0 if same_path == same_full == same_rating == n else 1)


if __name__ == "__main__":
    main()
