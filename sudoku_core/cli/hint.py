"""``hint``, ``rate`` and ``steps``: the logic solver on the command line.

* ``hint PUZZLE [--entered DIGITS] [--pencil GRID] [--detail 0|1|2] [--lang en|zh] [--json]``: the
  next hint; with ``--all``, every step at the position grouped by technique (those the rating never
  uses, such as Franken, Mutant and Kraken fish, too), ``--technique ID`` only that technique's,
  ``--cap N`` steps listed per technique;
* ``rate [FILE|-|PUZZLE] [--json]``: one line per puzzle: level, score, hardest technique;
* ``steps PUZZLE [--json]``: the whole logic path, one step per line.

JSON output is the bridge's: cells 0-based, placements and eliminations ``[cell, digit]`` pairs.
"""

from __future__ import annotations

import argparse
import json
import os
from functools import partial

from .. import locales
from ..errors import SudokuError
from ..explain import explain, render
from ..formats import MAX_TEXT, parse, parse_candidates
from ..hint import ALL_STEPS_CAP, all_steps, next_hint
from ..puzzle import Puzzle
from ..rate import rate
from ..techniques import for_variant
from . import jobs, options
from .inputs import TOO_LONG, InputError, open_lines, parse_line, puzzle_lines


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("hint", help="the next logical step for a puzzle",
                              description="Show the next hint: a mistake if there is one, else the cheapest "
                              "logic step, at detail 0 (nudge), 1 (where) or 2 (full reason and result).")
    p.add_argument("puzzle", metavar="PUZZLE", help="the givens, one line")
    p.add_argument("--entered", default=None, help="digits the player entered, one line (0 or . = empty)")
    p.add_argument("--pencil", default=None, metavar="GRID|FILE",
                   help="the player's pencil marks (a pencil-mark grid, or a file holding one); a cell with "
                   "one mark that is not a given counts as an entered digit")
    p.add_argument("--detail", type=options.whole("--detail"), choices=(0, 1, 2), default=2)
    options.add_lang(p)
    p.add_argument("--json", action="store_true", help="the whole hint as JSON")
    p.add_argument("--all", action="store_true",
                   help="every step at the position, grouped by technique, not only the next one")
    p.add_argument("--technique", default=None, metavar="ID",
                   help="with --all (implied): only this technique's steps, e.g. franken_swordfish")
    p.add_argument("--cap", type=options.whole("--cap"), default=ALL_STEPS_CAP, metavar="N",
                   help=f"with --all: the most steps listed per technique (its search stops there; "
                        f"default {ALL_STEPS_CAP})")
    p.set_defaults(func=run_hint)

    p = subparsers.add_parser("rate", help="rate puzzles by logic, one per line",
                              description="Rate puzzles read one per line from FILE (or standard input, or a "
                              "puzzle given directly): level, score and hardest technique.")
    p.add_argument("input", nargs="?", default="-", metavar="FILE|-|PUZZLE")
    p.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    jobs.add_arguments(p)
    p.set_defaults(func=run_rate)

    p = subparsers.add_parser("steps", help="the whole logic solving path of a puzzle")
    p.add_argument("puzzle", metavar="PUZZLE")
    options.add_lang(p)
    p.add_argument("--json", action="store_true", help="one JSON object per step")
    p.set_defaults(func=run_steps)


def run_hint(args: argparse.Namespace) -> int:
    puzzle = parse(args.puzzle)
    entered = list(parse(args.entered, check=False).cells) if args.entered else None
    if entered is not None and len(entered) != len(puzzle.cells):
        raise SudokuError(f"--entered has {len(entered)} cells and the puzzle {len(puzzle.cells)}: give one digit "
                          "or blank per cell of the puzzle")
    pencil = None
    if args.pencil:
        text = args.pencil
        if os.path.exists(text):
            text = _read_whole(text)
        marked, pencil = parse_candidates(text, check=False)
        if len(pencil) != len(puzzle.cells):
            raise SudokuError(f"the pencil marks have {len(pencil)} cells, the puzzle {len(puzzle.cells)}")
        entered = [e or (m if not g else 0) for e, m, g in
                   zip(entered or [0] * len(pencil), marked.cells, puzzle.cells, strict=True)]
    if args.all or args.technique is not None:
        return _print_all(puzzle, entered, pencil, args)
    hint = next_hint(puzzle, entered, pencil, langs=(args.lang,))
    if args.json:
        print(json.dumps(hint, ensure_ascii=False))
    else:
        print(hint["messages"][str(args.detail)]["text"][args.lang])
    return 0


def _print_all(puzzle: Puzzle, entered: list[int] | None, pencil: list[int] | None,
               args: argparse.Namespace) -> int:
    """``hint --all``: every step at the position, a heading per technique, one step per line."""
    techniques = None
    if args.technique is not None:
        known = [t.id for t in for_variant(puzzle.geometry.variant, ladder=False)]
        if args.technique not in known:
            raise SudokuError(f"unknown technique {args.technique!r}; choose one of {', '.join(known)}")
        techniques = [args.technique]
    if args.cap < 1:
        raise SudokuError(f"--cap must be at least 1, not {args.cap}")
    result = all_steps(puzzle, entered, pencil, langs=(args.lang,), techniques=techniques, cap=args.cap)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    if result["status"] != "steps":  # a mistake, solved, stuck, not a proper puzzle: what a hint says
        print(result["messages"][str(args.detail)]["text"][args.lang])
        return 0
    # The words of ``hint --all`` around the engine's (the catalogue's ``cli`` section): after an off-ladder
    # technique's heading, the steps left out, the last line.
    off = locales.say(args.lang, "cli", "off_ladder")
    for group in result["groups"]:
        name, count = group["name"][args.lang], group["count"]
        shown = f"{count}+" if group["more"] else f"{count}"
        print(f"## {name} ({group['technique']}, {group['score']:.1f}): {shown}{'' if group['ladder'] else off}")
        for i, step in enumerate(group["steps"], 1):
            print(f"{i:3}. {step['text'][args.lang]}")
        if group["more"]:  # the engine stopped this technique's search one step past the cap
            print("     " + locales.say(args.lang, "cli", "more", {"count": args.cap}))
    total = f"{result['count']}+" if result["more"] else result["count"]
    steps = {"steps": total, "techniques": len(result["groups"])}
    print(locales.say(args.lang, "cli", "total1" if len(result["groups"]) == 1 else "total", steps))
    return 0


def _read_whole(path: str) -> str:
    """A pencil-mark file: at most :data:`~sudoku_core.formats.MAX_TEXT` characters, read as a stream."""
    parts, size = [], 0
    for line in open_lines(path):
        if line == TOO_LONG or size > MAX_TEXT:
            raise InputError(f"{path} is longer than {MAX_TEXT:,} characters, so it is not one pencil-mark grid")
        parts.append(line)
        size += len(line) + 1
    return "\n".join(parts)


def run_rate(args: argparse.Namespace) -> int:
    work = partial(rate_answer, source=args.input, as_json=args.json)
    return jobs.write_answers(work, puzzle_lines(open_lines(args.input)), args, "rate", source=args.input)


def rate_answer(item: tuple[int, str], *, source: str = "-", as_json: bool = False) -> tuple[str, str]:
    """One puzzle line's ``(output, error)``: ``puzzle level score hardest`` (or a JSON object), and the
    error message for a line that is not a puzzle. A pure function of the line: see docs/batch.md."""
    number, line = item
    try:
        puzzle = parse_line(line)
        r = rate(puzzle)
    except SudokuError as exc:
        where = f"line {number}: " if source != "-" or number > 1 else ""
        return "", f"{where}{exc}"
    if as_json:
        return json.dumps(r.to_dict()) + "\n", ""
    return f"{r.puzzle} {r.level} {r.score:.1f} {r.hardest or '-'}{'' if r.solved else ' (stalled)'}\n", ""


def run_steps(args: argparse.Namespace) -> int:
    puzzle = parse(args.puzzle)
    geo = puzzle.geometry
    r = rate(puzzle)
    for step in r.steps:
        if args.json:
            print(json.dumps(step.to_dict(geo), ensure_ascii=False))
        else:
            print(render(explain(step, geo, 2), args.lang))
    if not args.json:
        print(f"# {r.level} {r.score:.1f} {r.hardest or '-'} solved={r.solved}")
    return 0
