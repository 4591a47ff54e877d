"""Batch work on the command line: ``--jobs N`` worker processes, answers in input order, a progress line
on a terminal, and a clean stop on Ctrl+C. Every batch command (``solve``, ``rate``, ``generate
--count``, ``compare`` over a file or ``--set``) runs its per-puzzle work through :func:`run`.

* **One function per item.** A command gives a picklable function of one item (a ``(line number,
  text)`` pair, or an index for ``generate``) and the items; :func:`run` calls it for each and hands
  the results, in input order, to the command's ``emit``. The function is a pure function of its item
  (generation derives each puzzle's seed from the base seed and its index), so the bytes written are
  the same for every ``--jobs``.
* **``--jobs 1``** runs each item in this process as it is read, exactly as the commands always did.
  A puzzle given as an argument is one item, so it runs here too, with no pool to start.
* **``--jobs N``** (default: every core) starts N worker processes. A reader thread takes items from
  the input as they come; a feeder thread sends them in chunks, as many as are already read up to a
  size that keeps a chunk near :data:`CHUNK_SECONDS` of work (one item when items are slow or the input
  trickles in, up to :data:`MAX_CHUNK` when they are quick), so inter-process traffic does not
  dominate. At most :data:`WINDOW` ``* N`` chunks are in flight and :data:`READ_AHEAD` items read ahead: memory stays
  bounded on any input size, and the first answer comes out before the input is all read.
* **Progress.** When standard error is a terminal (and ``--no-progress`` is not given), one line on it
  shows the items done, the total when it is known (``generate``, ``compare --set``), the rate and an
  estimate of the time left. It is cleared before anything else is written to the terminal, and at the
  end. Nothing is drawn into a pipe or a file.
* **Workers.** At most :func:`default_jobs` (the cores this process may use; a larger ``--jobs`` is
  lowered, with a note), and each ends when its parent is gone, however it went (:func:`_start_worker`).
* **Ctrl+C.** Worker processes ignore SIGINT; the main process stops the workers and returns. Every
  answer already written is a whole line (each answer is written with one call and flushed), and
  :func:`sudoku_core.cli.main` exits with status 130, with one line on stderr and no traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import queue
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from . import options

if TYPE_CHECKING:  # imported where used: Pyodide has no processes
    from concurrent.futures import ProcessPoolExecutor

#: A chunk sent to a worker holds about this many seconds of work (measured as the batch runs).
CHUNK_SECONDS = 0.2
#: Most items in one chunk.
MAX_CHUNK = 256
#: Most items read from the input ahead of the ones in flight.
READ_AHEAD = 512
#: Chunks in flight per worker: room to keep the others busy while the oldest chunk is slow.
WINDOW = 4


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--jobs`` and ``--no-progress``, the same on every batch command."""
    parser.add_argument("--jobs", "-j", type=_jobs, default=default_jobs(), metavar="N",
                        help=f"worker processes (default: all cores, {default_jobs()} here); 1 runs everything "
                        "in this process. The output is the same for any N")
    parser.add_argument("--no-progress", dest="progress", action="store_false",
                        help="no progress line on standard error (it is only drawn on a terminal)")


def default_jobs() -> int:
    """The cores this process may use (its CPU affinity where the system has one): the default ``--jobs``
    and its most. More CPU-bound workers than cores only share them, and each costs its memory (issue
    34: ``--jobs 10000`` started about 3,700 workers and ran the machine out of memory)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this system
        return os.cpu_count() or 1


def _jobs(text: str) -> int:
    t = text.strip()
    if len(t) > options.MAX_DIGITS or not t.isascii() or not t.isdigit():
        raise argparse.ArgumentTypeError(f"--jobs takes a whole number, not {options.shown(text)}")
    value = int(t)
    if value < 1:
        raise argparse.ArgumentTypeError(f"--jobs must be at least 1, not {value}")
    return value


def jobs_for(jobs: int, source: str | None) -> int:
    """The worker processes to start for ``--jobs`` ``jobs``: 1 when ``source`` is a puzzle given as an
    argument (a single item: no pool), else ``jobs`` held to :func:`default_jobs`, with a note on standard
    error when it is lowered."""
    if source is not None and source != "-" and not os.path.exists(source):
        return 1
    most = default_jobs()
    if jobs > most:
        note(f"--jobs {jobs:,} lowered to {most}, the cores this process may use (more workers would only "
             "share them)")
        return most
    return jobs


def note(message: str) -> None:
    """One line on standard error, ``sudoku-core: message`` (nothing when standard error is closed)."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(f"sudoku-core: {message}", file=sys.stderr, flush=True)


def run(work: Callable[[Any], Any], items: Iterable[Any], emit: Callable[[Any], None], *, jobs: int,
        progress: Progress | None = None) -> None:
    """``emit(work(item))`` for each item, in input order, the work spread over ``jobs`` processes;
    ``progress`` (if any) is advanced after each emit and cleared at the end, however it ends. An
    exception raised by the input or by ``work`` is raised here, after the results of the items before it."""
    results = in_order(work, items, jobs)
    try:
        for result in results:
            emit(result)
            if progress is not None:
                progress.advance()
    finally:
        results.close()  # stops the workers now if the batch ended early (Ctrl+C, a closed pipe, an error)
        if progress is not None:
            progress.end()


def in_order(work: Callable[[Any], Any], items: Iterable[Any], jobs: int) -> Generator[Any, None, None]:
    """``work(item)`` for each item, in input order: in this process for ``jobs`` 1, else in ``jobs``
    worker processes with bounded read-ahead (see the module notes). Close it to stop early."""
    if jobs <= 1:
        for item in items:
            yield work(item)
        return
    yield from _parallel(work, iter(items), jobs)


# --- the pool ----------------------------------------------------------------------------------------

_END = object()


class _Raised:
    """An exception from the input, passed on in its place in the stream."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc


class _Pace:
    """Items per chunk, from the measured time of an item (an average weighted to recent chunks)."""

    def __init__(self) -> None:
        self.seconds_per_item: float | None = None

    def record(self, items: int, seconds: float) -> None:
        per = seconds / max(1, items)
        old = self.seconds_per_item
        self.seconds_per_item = per if old is None else 0.7 * old + 0.3 * per

    def size(self) -> int:
        per = self.seconds_per_item
        if per is None:
            return 1
        return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / max(per, 1e-6))))


def _work_chunk(work: Callable[[Any], Any], chunk: list) -> tuple[list, float]:
    start = time.perf_counter()
    return [work(item) for item in chunk], time.perf_counter() - start


def _start_worker() -> None:
    """In each worker: Ctrl+C in a terminal reaches the whole process group; the main process alone
    answers it (by stopping the workers), so no worker prints a traceback. And a worker ends when its
    parent is gone (killed, even by SIGKILL, which leaves it no time to stop them): a watch thread sees
    the worker handed to another parent within :data:`ORPHAN_CHECK` seconds."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True, name="sudoku-orphan").start()


#: Seconds between a worker's looks at its parent.
ORPHAN_CHECK = 0.2


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK)
    os._exit(1)


def _put(q: queue.Queue, value: Any, stop: threading.Event) -> bool:
    while not stop.is_set():
        try:
            q.put(value, timeout=0.1)
            return True
        except queue.Full:
            continue
    return False


def _get(q: queue.Queue, stop: threading.Event) -> Any:
    while not stop.is_set():
        try:
            return q.get(timeout=0.1)
        except queue.Empty:
            continue
    return _END


def _read(items: Iterator[Any], read: queue.Queue, stop: threading.Event) -> None:
    """The reader thread: items into ``read`` as they come (it blocks on a slow input, nothing else)."""
    try:
        for item in items:
            if not _put(read, item, stop):
                return
    except BaseException as exc:  # an unreadable line: raised in its place, after the answers before it
        _put(read, _Raised(exc), stop)
        return
    _put(read, _END, stop)


def _feed(pool: ProcessPoolExecutor, work: Callable[[Any], Any], read: queue.Queue, sent: queue.Queue, pace: _Pace,
          stop: threading.Event) -> None:
    """The feeder thread: chunks of the items already read, to the pool; their futures into ``sent``
    (bounded: the window of chunks in flight)."""
    try:
        while True:
            first = _get(read, stop)
            if first is _END or isinstance(first, _Raised):
                _put(sent, first, stop)
                return
            chunk, last = [first], None
            size = pace.size()
            while len(chunk) < size:
                try:
                    item = read.get_nowait()
                except queue.Empty:
                    break  # send what is here: a slow input is answered as it comes
                if item is _END or isinstance(item, _Raised):
                    last = item
                    break
                chunk.append(item)
            if not _put(sent, pool.submit(_work_chunk, work, chunk), stop):
                return
            if last is not None:
                _put(sent, last, stop)
                return
    except BaseException as exc:  # the pool is shut down (a stop), or broken
        _put(sent, _Raised(exc), stop)


def _parallel(work: Callable[[Any], Any], items: Iterator[Any], jobs: int) -> Iterator[Any]:
    from concurrent.futures import ProcessPoolExecutor

    for stream in (sys.stdout, sys.stderr):  # a forked worker must not hold unwritten output of ours
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker)
    stop = threading.Event()
    finished = False
    try:
        # Start the workers before any thread of ours exists (forking a threaded process is unsafe).
        pool.submit(int).result()
        read: queue.Queue = queue.Queue(maxsize=READ_AHEAD)
        sent: queue.Queue = queue.Queue(maxsize=WINDOW * jobs)
        pace = _Pace()
        threading.Thread(target=_read, args=(items, read, stop), daemon=True, name="sudoku-read").start()
        threading.Thread(target=_feed, args=(pool, work, read, sent, pace, stop), daemon=True,
                         name="sudoku-feed").start()
        while True:
            future = sent.get()
            if future is _END:
                break
            if isinstance(future, _Raised):
                raise future.exc
            results, seconds = future.result()
            pace.record(len(results), seconds)
            yield from results
        finished = True
    finally:
        stop.set()
        if not finished:
            _stop_workers(pool)
        # Wait even after a stop: the pool's own thread ends at once when its workers are gone, and one
        # still closing its pipes at interpreter exit can print "Exception ignored ... Bad file descriptor".
        pool.shutdown(wait=True, cancel_futures=True)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the workers at once, mid-chunk (their answers are no longer wanted)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        with contextlib.suppress(Exception):
            terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):  # before 3.14: no public way
        with contextlib.suppress(Exception):
            process.terminate()


# --- progress ----------------------------------------------------------------------------------------

class Progress:
    """One line on a terminal: ``label  done/total [bar] percent  rate/s  ETA`` (without the total, bar
    and ETA when the total is unknown). Redrawn at most every :attr:`interval` seconds."""

    interval = 0.1

    def __init__(self, label: str, total: int | None = None, unit: str = "puzzles",
                 stream: TextIO | None = None) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if not self.shown or now - self.last >= self.interval:
            self.last = now
            self._write("\r" + self.text(now - self.start)[: self._width()] + "\x1b[K")
            self.shown = True

    def clear(self) -> None:
        """Before other text goes to the terminal: the line is drawn again at the next advance."""
        if self.shown:
            self._write("\r\x1b[K")
            self.shown = False

    def end(self) -> None:
        self.clear()

    def text(self, elapsed: float) -> str:
        rate = self.done / elapsed if elapsed > 0 else 0.0
        speed = f"{rate:,.1f}/s" if rate < 100 else f"{rate:,.0f}/s"
        if not self.total:
            return f"{self.label}  {self.done:,} {self.unit}  {speed}"
        share = min(1.0, self.done / self.total)
        filled = int(20 * share)
        left = (self.total - self.done) / rate if rate > 0 else None
        eta = "" if left is None else f"  ETA {int(left) // 60}:{int(left) % 60:02d}"
        return (f"{self.label}  {self.done:,}/{self.total:,} {self.unit} [{'#' * filled}{'.' * (20 - filled)}] "
                f"{share:4.0%}  {speed}{eta}")

    def _width(self) -> int:
        return max(20, shutil.get_terminal_size((80, 24)).columns - 1)

    def _write(self, text: str) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.stream.write(text)
            self.stream.flush()


def progress_for(args: argparse.Namespace, label: str, total: int | None = None,
                 unit: str = "puzzles") -> Progress | None:
    """A :class:`Progress` when standard error is a terminal and ``--no-progress`` was not given."""
    if not getattr(args, "progress", True):
        return None
    try:
        if not sys.stderr.isatty():
            return None
    except (AttributeError, ValueError, OSError):
        return None
    return Progress(label, total, unit)


# --- the commands' common answer: text for stdout, a message for stderr ------------------------------

def write_answers(work: Callable[[Any], tuple[str, str]], items: Iterable[Any], args: argparse.Namespace,
                  label: str, *, source: str | None = None, total: int | None = None, unit: str = "puzzles") -> int:
    """Run ``work`` over ``items`` (see :func:`run`) with ``args.jobs`` processes (one for a puzzle
    given as the ``source`` argument); each result is ``(output, error)``: the output (whole lines) goes
    to stdout, flushed at once, and the error (a message, or "") to stderr. Returns the exit status: 1 if
    any item had an error, else 0."""
    progress = progress_for(args, label, total, unit)
    shared = progress is not None and _is_tty(sys.stdout)
    status = 0

    def emit(answer: tuple[str, str]) -> None:
        nonlocal status
        output, error = answer
        if progress is not None and (error or shared):
            progress.clear()
        if error:
            status = 1
            note(error)
        if output:
            sys.stdout.write(output)
            sys.stdout.flush()  # one answer at a time: a long batch shows its progress in its output

    run(work, items, emit, jobs=jobs_for(args.jobs, source), progress=progress)
    return status


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
