"""Reading and writing puzzles as text.

First version: one-line strings. (Multi-line grids, .sdk/.ss and the other 16x16 alphabets follow.)
"""

from __future__ import annotations

from .errors import ConflictError, ParseError
from .grid import box_shape, geometry
from .puzzle import DEFAULT_SYMBOLS, Alphabet, Puzzle

BLANKS = ".0-_*x"


def parse(text: str, *, box: tuple[int, int] | None = None, check: bool = True) -> Puzzle:
    """Parse a one-line puzzle; raise :class:`ParseError` saying exactly what is wrong."""
    line = text.strip()
    n = round(len(line) ** 0.5)
    if n * n != len(line) or n < 4:
        raise ParseError(f"found {len(line)} cells; a puzzle has 16, 36, 81, 144, 256 or 625",
                         found=len(line))
    try:
        geo = geometry(*box_shape(n, box))
    except ValueError as exc:
        raise ParseError(str(exc), found=len(line)) from None
    symbols = DEFAULT_SYMBOLS[:n]
    cells = []
    for i, ch in enumerate(line):
        if ch in BLANKS and ch not in symbols:
            cells.append(0)
        elif ch.upper() in symbols:
            cells.append(symbols.index(ch.upper()) + 1)
        else:
            raise ParseError(f"character {ch!r} at line 1, column {i + 1} is not a digit of a {n}x{n} puzzle",
                             line=1, column=i + 1)
    puzzle = Puzzle(geo, tuple(cells), Alphabet(symbols))
    if check:
        check_rules(puzzle)
    return puzzle


def check_rules(puzzle: Puzzle) -> None:
    """Raise :class:`ConflictError` naming the first two givens that break a rule."""
    conflicts = puzzle.conflicts()
    if conflicts:
        c = conflicts[0]
        geo = puzzle.geometry
        a, b = c.cells
        symbol = puzzle.alphabet.symbols[c.digit - 1]
        raise ConflictError(
            f"{geo.cell_name(a)} and {geo.cell_name(b)} both hold {symbol} in {geo.house_name(c.house)}",
            cells=tuple(x for cf in conflicts for x in cf.cells),
        )


def format_line(puzzle: Puzzle) -> str:
    return puzzle.to_line()
