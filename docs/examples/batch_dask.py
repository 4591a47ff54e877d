"""Rating and generation on a Dask cluster: docs/batch.md's pattern, run by the test suite on a
``LocalCluster`` of two workers (tests/test_cli_jobs.py), giving the same lines as the CLI.

The work is :mod:`batch_pool`'s two pure functions (one line in, one line out; an index and a base seed in,
one puzzle out), so Dask only splits, ships and gathers: shards of lines in, files of answers out, one file
per partition, named in order (``0.txt``, ``1.txt``, ...), so their lines in that order are the CLI's
output (Dask writes no newline after a file's last line).

    python docs/examples/batch_dask.py rate 'puzzles-*.txt' rated/ [WORKERS]   # as: sudoku-core rate FILE
    python docs/examples/batch_dask.py generate COUNT SEED made/ [WORKERS]     # as: generate --count COUNT --seed SEED

``batch_pool`` must be importable on every worker: here it sits beside this file, which :func:`workers_path`
puts on the path the workers start with. Use ``threads_per_worker=1``: the engine is pure Python, so threads
in one worker share one core.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def workers_path() -> None:
    """Puts this folder (and so batch_pool) on this process's path and on the path of workers started after."""
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))


def rate_files(pattern: str, out: str) -> None:
    """Rates the puzzles of the files matching ``pattern`` (sorted by name) into ``out/0.txt``, ``1.txt``...
    on the current Dask client: one partition per block of the input files, order kept within each."""
    import dask.bag as db
    from batch_pool import rate_line

    lines = db.read_text(pattern, blocksize="16MiB").map(str.strip).filter(bool)
    lines.map(rate_line).to_textfiles(os.path.join(out, "*.txt"))


def generate_files(count: int, seed: str, out: str, partitions: int) -> None:
    """The batch of ``count`` puzzles seeded ``seed`` into ``out/0.txt``, ``1.txt``... on the current Dask
    client, in ``partitions`` tasks; each puzzle is a pure function of its index and the seed."""
    import dask.bag as db
    from batch_pool import generate_one

    db.range(count, npartitions=max(1, min(count, partitions))).map(generate_one, seed=seed).to_textfiles(
        os.path.join(out, "*.txt"))


def main(argv: list[str]) -> None:
    workers_path()
    from dask.distributed import Client, LocalCluster

    command, rest = argv[0], argv[1:]
    want = 3 if command == "rate" else 4
    workers = int(rest[-1]) if len(rest) == want else 2
    with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster):
        if command == "rate":
            rate_files(rest[0], rest[1])
        else:
            generate_files(int(rest[0]), rest[1], rest[2], 4 * workers)


if __name__ == "__main__":
    main(sys.argv[1:])
