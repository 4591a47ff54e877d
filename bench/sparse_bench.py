"""Slowest bridge requests on sparse, non-unique grids: hint, rate, steps and solve (backtrack, dlx).

Usage: ``python3 bench/sparse_bench.py [--repo DIR] [--repeat 3] [--timeout 60]``

Each request runs in a fresh subprocess (so a request that never ends is cut at ``--timeout`` seconds
and reported as ">T"), ``--repeat`` times; the figure is the median wall time of ``handle_json`` alone
(the import is not counted). ``--repo`` points at another checkout, to measure before and after.

The grids are fixed here, so every run measures the same work:

* 16x16, 84 givens: ``generate(16, seed=1)`` (94 givens, unique) with 10 givens dropped at random
  (``random.Random(1)``, fifth draw). Neither the backtracking solver (20,000 nodes) nor DLX
  (300,000 nodes) finds a second solution quickly;
* 25x25, 250 givens: a solved grid, digits relabelled and 250 cells kept (``random.Random(3)``): several
  solutions, backtracking needs about 14,000 nodes (3 s), DLX gives up after 200,000.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

GRIDS = {
    "16x16/84": (
        "..76..1..98E....F...8.96.C...D..........75D...E6B.9..7.F.....A.82.3.6..C...8.E..A4....8....6.F..7..."
        "G....3.4...1..EG32..1.C.........2...E.A3....8.2.......6..95D..5........7..C.E.A....7.D.B..2......4.5"
        "36..8....E.C.....1........G..A7......4.53.....E....92GA7"
    ),
    "25x25/250": (
        "....26..A...4......K....8.....C..J...NF2.D4....3G.PD..M.HN.2.........86LBAEO13...D49MC..J8..B...H.F."
        "C..J8..3GK..B....NF2P..9M.2...EPD4.........OB8....1K....92....6......H.O.3.E..6..IC8.5.DK......L2..."
        "J8.D.HB1O.F.P........4.M.BMLP4.KA.3.7.1OJ....D..5..7MO.9..1B4......L..J........5F26D...JP.......E9.."
        "..1..4O..H..E.6M...JK..7.8P6.L5J.K.D.....97.....2..9.2J.8.C...7.G4N.....5H....E.1...J..G.DKM..3....."
        "9N.....K.GM....1...L.A...........M92........C3..E.23J.1.68.CEOKL.N...9H....L..KC.E.5.13F...G....7MN."
        "..2..3.9.OK..85...D.F.J.B...H624.....LD.8K9.......3IDC.K..BA.E.O72.F..5.LP.K.......EI...4P..JL...D.."
        "...L..........3G......2.H"
    ),
}
OPS = {
    "hint": {},
    "rate": {"quick": True},
    "steps": {},
    "solve": {"method": "backtrack", "limit": 2},
    "solve-dlx": {"method": "dlx", "limit": 2},
}

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from sudoku_core.bridge import handle_json
request = sys.stdin.read()
start = time.perf_counter()
reply = json.loads(handle_json(request))
ms = (time.perf_counter() - start) * 1000
result = reply.get("result") or {}
status = result.get("status") if reply.get("ok") else reply["error"]["kind"]
print(json.dumps({"ms": ms, "status": status}))
"""


def run_one(repo: str, op: str, line: str, timeout: float) -> tuple[float | None, str]:
    payload = {"text": line, **OPS[op]}
    request = json.dumps({"type": op.split("-")[0], "payload": payload})
    try:
        out = subprocess.run([sys.executable, "-c", CHILD, repo], input=request, capture_output=True, text=True,
                             timeout=timeout, check=True).stdout
    except subprocess.TimeoutExpired:
        return None, "timeout"
    data = json.loads(out)
    return data["ms"], data["status"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--ops", default=",".join(OPS))
    args = ap.parse_args()
    print(f"median wall ms of handle_json over {args.repeat} runs (timeout {args.timeout:.0f} s); repo {args.repo}")
    for name, line in GRIDS.items():
        for op in args.ops.split(","):
            runs = [run_one(args.repo, op, line, args.timeout) for _ in range(args.repeat)]
            times = [ms for ms, _ in runs if ms is not None]
            if len(times) * 2 > len(runs):
                median = f"{statistics.median(times + [float('inf')] * (len(runs) - len(times))):10.0f}"
            else:
                median = f"{'>' + str(int(args.timeout * 1000)):>10}"
            print(f"{name:10} {op:10} {median} ms  status {sorted({s for _, s in runs})}", flush=True)


if __name__ == "__main__":
    main()
