"""Run a command and print the CPU seconds of its whole process tree, Chromium's processes included.

    python bench/cpu_tree.py .venv/bin/python -m pytest ... tests/e2e/test_x.py

``/usr/bin/time`` and ``getrusage(RUSAGE_CHILDREN)`` count only the children each parent waited for,
and most of Chromium's renderers are not counted that way: a run of three page boots showed 7.9 s there
and 22.5 s here. This polls /proc every 0.1 s, follows every process descended from the command, and
sums each one's last user+system time seen (a process's last 0.1 s before it ends can be missed). The
machine is shared: compare runs made back to back, not against a figure from another day.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

HZ = os.sysconf("SC_CLK_TCK")


def _stats() -> dict[int, tuple[int, float]]:
    """Every process's parent and CPU seconds so far."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                text = f.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        found[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / HZ)
    return found


def main(command: list[str]) -> int:
    proc = subprocess.Popen(command)
    tree, seen = {proc.pid}, {}
    done = threading.Event()

    def poll() -> None:
        while not done.is_set():
            stats = _stats()
            grown = True
            while grown:
                grown = False
                for pid, (parent, _) in stats.items():
                    if pid not in tree and parent in tree:
                        tree.add(pid)
                        grown = True
            for pid in tree & stats.keys():
                seen[pid] = stats[pid][1]
            done.wait(0.1)

    watcher = threading.Thread(target=poll)
    started = time.monotonic()
    watcher.start()
    status = proc.wait()
    done.set()
    watcher.join()
    print(f"cpu_tree: {sum(seen.values()):.1f} s of CPU in {len(seen)} processes, "
          f"{time.monotonic() - started:.1f} s wall", file=sys.stderr)
    return status


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
