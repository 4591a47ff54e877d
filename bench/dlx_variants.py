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
from pathlib import Path

from variant_timing import ROOT, SET_NAMES, git_show, module_from_source, time_variants

from sudoku_core.solvers import backtrack


def load_variant(tag: str, ec_src: str, dlx_src: str):
    """The Sudoku encoding ``dlx_src`` on the engine ``ec_src``, as a private module pair."""
    key = "".join(ch for ch in tag if ch.isalnum())
    ec = module_from_source(f"sudoku_core.solvers._ec_{key}", ec_src, f"{tag}:exact_cover.py")
    dlx_src = dlx_src.replace("from .exact_cover import", f"from {ec.__name__} import")
    return module_from_source(f"sudoku_core.solvers._dlx_{key}", dlx_src, f"{tag}:dlx.py")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", nargs="*", default=["HEAD"], help="git revisions to compare")
    ap.add_argument("--files", nargs="*", default=[], help="drafts of exact_cover.py to compare")
    ap.add_argument("--count", type=int, default=200, help="puzzles per set, spread over the file")
    ap.add_argument("--sets", nargs="+", choices=SET_NAMES, default=list(SET_NAMES))
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
    time_variants(variants, args.sets, args.count, spread=True, against_first="of")


if __name__ == "__main__":
    main()
