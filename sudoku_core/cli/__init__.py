"""The command-line interface: ``python -m sudoku_core COMMAND ...`` (also installed as ``sudoku-core``).

Each command lives in its own module of this package with ``register(subparsers)``, which adds its
parser and sets ``func`` (``func(args) -> exit status``). User mistakes print one line on stderr and
exit non-zero; they never show a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from ..errors import SudokuError

#: Command modules, in the order ``--help`` lists them.
COMMANDS = ("solve", "bench", "hint", "generate", "compare")


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
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except SudokuError as exc:
        print(f"sudoku-core: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
