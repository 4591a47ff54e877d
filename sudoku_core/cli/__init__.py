"""The command-line interface: ``python -m sudoku_core COMMAND ...`` (also installed as ``sudoku-core``).

Each command lives in its own module of this package with ``register(subparsers)``, which adds its
parser and sets ``func`` (``func(args) -> exit status``). User mistakes print one line on stderr and
exit non-zero; they never show a traceback. Exit statuses: 0 all good, 1 some puzzle failed, 2 usage or
unreadable input (binary, directory, empty, not UTF-8; see :mod:`.inputs`) or output that cannot be
written (a closed or full standard output; a closed pipe ends quietly), 3 a bug, 130 interrupted
(Ctrl+C: the answers written before it are whole lines; see :mod:`.jobs`).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from typing import Any, TextIO

from ..errors import ParseError, SudokuError
from .inputs import InputError

#: Command modules, in the order ``--help`` lists them.
COMMANDS = ("solve", "bench", "hint", "generate", "compare", "scan")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sudoku-core", description="Solve, explain, rate and generate Sudoku puzzles."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command. Exit status: 0 all good, 1 some puzzle failed (could not be read; the others are
    answered), 2 usage, unreadable input or output that cannot be written, 3 a bug in sudoku-core, 130
    interrupted. Every failure is one line on stderr, never a traceback."""
    args = build_parser().parse_args(argv)
    if sys.stdout is None:  # started with standard output closed (">&-")
        return _fail("standard output is closed, so there is nowhere to write the answers", 2)
    real = sys.stdout
    sys.stdout = _Output(real)
    try:
        status = args.func(args)
        sys.stdout.flush()  # here, not at exit, so a full disk is said in one line
        return status
    except OutputError as exc:
        _quiet_stdout()
        return _fail(str(exc), 2)
    except InputError as exc:
        return _fail(str(exc), 2)
    except ParseError as exc:  # the one puzzle given (an argument) is not a puzzle
        return _fail(str(exc), 1)
    except SudokuError as exc:
        return _fail(str(exc), 2)
    except BrokenPipeError:  # the reader went away ("| head"): quiet, as the coreutils are
        _quiet_stdout()
        return 0
    except (OSError, UnicodeError) as exc:  # a file read outside cli/inputs.py (bench's data sets)
        return _fail(f"cannot read the input: {exc}", 2)
    except KeyboardInterrupt:  # Ctrl+C: keep what was written (whole lines), say so in one line
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        return _fail("interrupted", 130)
    except Exception as exc:  # a bug: one line, never a traceback
        return _fail(f"internal error: {type(exc).__name__}: {exc} (please report it)", 3)
    finally:
        sys.stdout = real


class OutputError(SudokuError):
    """Standard output cannot be written (a full disk, ``/dev/full``, an I/O error): exit status 2."""

    kind = "output"


class _Output:
    """Standard output whose write failures are :class:`OutputError` (a broken pipe stays a
    ``BrokenPipeError``, which ends quietly), so that they are never taken for the input's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(_output_trouble(exc)) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(_output_trouble(exc)) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _output_trouble(exc: OSError) -> str:
    return f"cannot write the answers to standard output: {exc.strerror or exc}"


def _fail(message: str, status: int) -> int:
    if sys.stderr is not None:  # print(file=None) would write to stdout
        with contextlib.suppress(OSError, ValueError):
            print(f"sudoku-core: {message}", file=sys.stderr)
    return status


def _quiet_stdout() -> None:
    """After a broken pipe or a failed write, point stdout at /dev/null so that the interpreter's last
    flush (of what is still buffered) stays quiet."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # (a test's captured stdout has no fileno)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
