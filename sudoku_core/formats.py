"""Reading and writing puzzles as text: the one module that turns text into a :class:`Puzzle` and back.

Readers:

* :func:`parse` reads a puzzle in any of the common layouts, finding the size from the number of cells:

  - one-line strings of n² characters (81 for 9x9), blanks ``.`` ``0`` ``-`` ``_`` ``*`` ``x``;
  - multi-line grids as copied from web pages and books: ``|`` ``+`` ``-`` ``=`` separators, spaces,
    blank lines, box-drawing characters (``│ ─ ┼ ┃ ━``), SadMan ``.sdk`` files (``[Puzzle]`` section,
    ``#`` comments), Simple Sudoku ``.ss`` grids (``-----------`` rules, ``X`` blanks);
  - space-separated numbers, one token per cell (``5 3 0 0 7 0 0 0 0``; ``16 0 10 ...`` for 16x16).

* :func:`parse_candidates` reads pencil marks: a grid where each cell is a group of candidates
  (``1469``), or the one-line n³ form (729 characters for 9x9, each cell n characters of digit or dot).

Writers: :func:`format_line`, :func:`format_grid`, :func:`format_candidates`; each output reads back
with the matching reader into an equal value.

Choices made:

* Alphabets. By default digit ``d`` is written ``1-9`` then ``A-Z`` (16x16 uses ``1-9A-G``), lower case
  accepted. ``alphabet="hex"`` reads ``0-F`` (``0`` is then a digit, so it is not a blank) and
  ``alphabet="letters"`` reads ``A-P`` with ``-`` blanks (POJ 3076); any other string is the symbols
  themselves, in digit order, and fixes the size; an :class:`Alphabet` fixes symbols and blank. The
  blanks are ``. 0 - _ * x X`` minus any that is a symbol of the alphabet. The parsed puzzle keeps its
  alphabet, so solutions are written in the symbols the user typed. The blank written back is the
  alphabet's own (``.``, or ``-`` for letters), not whichever of the blanks the user typed, so that a
  puzzle read twice from different spellings is the same value.
* ``-`` is both a rule and a blank. A line made only of rule characters and at least one mark that is
  never a cell (``+ = : '`` or a horizontal box-drawing character) is a rule. A line made only of
  blank-like characters (``----``, ``. . . | . . .``) is a row of blanks when it has as many cells as
  the sure rows (and a ``|`` where they have one), and a rule otherwise; if that leaves a count that
  fits no size while taking every such line with ``--`` as a rule fits, those lines are rules.
* Space-separated numbers are read as numbers (``16`` is one cell) only for the default alphabet, only
  when every token is a number of one or two digits (or a blank) and one has two, and only when the
  count of numbers fits a side of 10 or more, or when neither reading fits (so the count error speaks
  of numbers); otherwise every character is a cell, so ``534678912`` stays nine cells. Numbers do not
  fit the one-character :class:`Alphabet`, so such a puzzle is written back in the default symbols.
* Pencil marks: bit ``d`` of a mask is digit ``d`` (the engine's convention); a cell with one candidate
  is a filled cell and its mask is that bit; a group of only blanks (``.``) has no candidates.
* Lines dropped before reading: blank lines, ``#`` comments, ``[Section]`` headers (with a ``[Puzzle]``
  section only its lines are read), titles (``Grid 01``, ``Puzzle 3:``); the byte-order mark and
  zero-width spaces are ignored anywhere.
* Size: the number of cells gives the side (16, 36, 64, 81, 100, 144, 225, 256, 400, 625);
  rectangular boxes follow :data:`~sudoku_core.grid.STANDARD_BOXES` (6x6 has 2x3 boxes) unless
  ``box=(rows, cols)`` is given.
* Errors are :class:`ParseError` with a sentence and the same facts as data (line, column, found,
  expected, cells). The first bad character is reported before a wrong count, since removing it often
  fixes the count; it is judged against the size the count is near (80 cells: 9x9), or against the
  largest size when the count is near none. Conflicts name the first two givens in house order (rows,
  then columns, then boxes) and point at the second. Text longer than :data:`MAX_TEXT` (50,000
  characters, 2.5 times the largest pencil-mark grid) is refused before any scanning, and text with
  more than :data:`MAX_LINES` (2,000) lines that may hold cells as soon as the lines are counted.
* Variants (X, Windoku, Jigsaw; ``docs/variants.md``): a first line ``variant: NAME`` followed by the
  digits in any layout above, and for a Jigsaw its region map (after a ``regions:`` line, or as the last
  ``n`` lines of ``n`` symbols, or the last line of ``n^2``); or the one-line form ``NAME:DIGITS`` and
  ``jigsaw:DIGITS:MAP``. Any non-blank character names a region. A bad map is a :class:`ParseError`
  whose ``reason`` is the rule broken ("tiling", "size", "connected"), with the region's ``cells``.
  A Killer (``variant: killer``) gives its cages after the digits: a line ``cages:``, then one cage per
  line, ``SUM: r1c1 r1c2 ...``; its one-line form is ``killer:DIGITS:MAP:SUMS`` (a cage label per cell,
  ``.`` for none, then the sums in the order of the labels' first cells). The community's grid-and-map
  form (each row's digits then its cage labels, ``56..1..2. aabbccdde``, then ``a=12 b=17 ...``) is read
  too. A bad cage is a :class:`ParseError` with the rule as ``reason`` and the cage's line; givens that
  fit none of their cage's combinations are a :class:`ConflictError`.
  :func:`format_variant` writes both forms.
* Speed: a one-line string in the default alphabet takes a fast path (one dict lookup per character);
  anything unusual falls through to the general reader, which also builds the precise error. Every
  step is linear in the text: no regular expression has nested or adjacent unbounded repeats (a test
  times 50,000 characters of adversarial text, each under 0.2 s).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .errors import ConflictError, ParseError, RegionError, SudokuError
from .grid import STANDARD_BOXES, VARIANTS, Geometry, box_shape, cage_combinations, geometry, variant_geometry
from .puzzle import DEFAULT_SYMBOLS, Alphabet, Puzzle

__all__ = [
    "BLANKS", "HEX_SYMBOLS", "LETTER_SYMBOLS", "MAX_LINES", "MAX_TEXT", "SIDES", "check_rules", "format_candidates",
    "format_grid", "format_line", "format_variant", "parse", "parse_candidates",
]

#: Characters read as an empty cell, in order of preference, unless the alphabet uses one as a digit.
BLANKS = ".0-_*xX"
HEX_SYMBOLS = "0123456789ABCDEF"
LETTER_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Grid sides read without a ``box`` option.
SIDES = tuple(sorted(STANDARD_BOXES))
#: Longest text read. A 25x25 pencil-mark grid is at most about 21,000 characters; anything far beyond is
#: not a puzzle, and refusing it up front keeps a pasted file from freezing the page.
MAX_TEXT = 50_000
#: Most lines that may hold cells: a 25x25 grid written one cell per line has 625, plus its rules.
MAX_LINES = 2_000

_SIDE_OF_COUNT = {n * n: n for n in SIDES}
_BOX_DRAWING = frozenset(map(chr, range(0x2500, 0x2580)))
_VERTICALS = frozenset("│┃║╎╏┆┇┊┋")
#: Marks that never stand for a cell, so a line of rule characters holding one is surely a rule.
_RULE_MARKS = frozenset("+=:'") | (_BOX_DRAWING - _VERTICALS)
_RULE_CHARS = frozenset("-=+|:'.* \t") | _BOX_DRAWING
#: A line of only these may be a row of blanks or a rule; the other rows decide.
_BLANKISH = frozenset(BLANKS + "| \t") | _VERTICALS
#: Separators inside a row, never cells; the byte-order mark and zero-width space come invisibly
#: with files saved by some editors and text copied from web pages.
_IGNORED = frozenset("|+,;\ufeff\u200b") | _BOX_DRAWING
#: The name inside a ``[Section]`` header, matched on the text between the brackets once stripped: one
#: character class, so linear (the old ``\[\s*(\w[\w ]*?)\s*\]`` was quadratic on ``[a`` + spaces).
_SECTION_NAME = re.compile(r"\w[\w ]*")
_TITLE = re.compile(r"(?i)(grid|puzzle|sudoku)(\s|:|$)")
#: A label before the cells on the same line ("Puzzle: 4.....8.5..."): dropped, the cells kept.
_LABEL = re.compile(r"(?i)(?:grid|puzzle|sudoku)[ \t]?[0-9]{0,3}[ \t]?:[ \t]?(?=\S)")
#: Digits are ASCII ``0-9`` in every number the parser reads (never ``\d`` or ``str.isdigit``, which take
#: ``²``, ``①`` and the digits of other scripts, some of which ``int`` refuses).
_NUMBER = re.compile(r"[0-9]{1,2}")


# --- alphabets -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spec:
    """The alphabet option, resolved: ``pool[d - 1]`` writes digit ``d``."""

    pool: str
    blank: str
    fixed: bool  # the pool is the whole alphabet, so its length is the side
    numeric: bool  # space-separated numbers such as 16 are allowed

    def sides(self, box: tuple[int, int] | None) -> tuple[int, ...]:
        if box is not None:
            if (not isinstance(box, tuple | list) or len(box) != 2
                    or not all(isinstance(x, int) and x >= 1 for x in box)):
                raise ParseError(f"box must be two whole numbers (rows, columns), such as (2, 3), not {box!r}")
            n = box[0] * box[1]
            if n > len(self.pool):
                raise ParseError(f"boxes of {box[0]}x{box[1]} make a {n}x{n} grid, which needs {n} symbols; "
                                 f"the alphabet has {len(self.pool)}")
            return (n,)
        if self.fixed:
            return (len(self.pool),)
        return tuple(n for n in SIDES if n <= len(self.pool))

    def alphabet(self, n: int) -> Alphabet:
        return Alphabet(self.pool[:n], self.blank)


def _spec(alphabet: str | Alphabet | None) -> _Spec:
    if alphabet is None or alphabet == "default":
        return _Spec(DEFAULT_SYMBOLS, ".", fixed=False, numeric=True)
    if alphabet == "hex":
        return _Spec(HEX_SYMBOLS, ".", fixed=False, numeric=False)
    if alphabet == "letters":
        return _Spec(LETTER_SYMBOLS, "-", fixed=False, numeric=False)
    if isinstance(alphabet, Alphabet):
        if len(alphabet.blank) != 1:
            raise ParseError(f"the blank of an alphabet is one character, not {alphabet.blank!r}")
        _check_symbols(alphabet.symbols + alphabet.blank)
        return _Spec(alphabet.symbols, alphabet.blank, fixed=True, numeric=False)
    if isinstance(alphabet, str):
        _check_symbols(alphabet)
        blank = next((b for b in BLANKS if b.upper() not in alphabet.upper()), None)
        if blank is None:
            raise ParseError(f"the alphabet {alphabet!r} uses every blank character ({BLANKS}); "
                             "pass an Alphabet with its own blank")
        return _Spec(alphabet, blank, fixed=True, numeric=False)
    raise ParseError(f"alphabet must be None, 'hex', 'letters' or a string of symbols, not {alphabet!r}")


def _check_symbols(symbols: str) -> None:
    bad = [ch for ch in symbols if ch.isspace() or ch in _IGNORED]
    if bad:
        raise ParseError(f"the alphabet {symbols!r} holds {bad[0]!r}, which separates cells and cannot be a symbol")
    if len(set(symbols.upper())) != len(symbols):
        raise ParseError(f"the alphabet {symbols!r} repeats a symbol (upper and lower case are the same)")


@cache
def _table(symbols: str, blank: str) -> dict[str, int]:
    """Character -> digit (0 for a blank): symbols in either case, then every blank they leave free."""
    table = {ch: d for d, ch in enumerate(symbols, 1)}
    for d, ch in enumerate(symbols, 1):
        table.setdefault(ch.lower(), d)
        table.setdefault(ch.upper(), d)
    for ch in blank + BLANKS:
        table.setdefault(ch, 0)
    return table


def _blank_chars(symbols: str, blank: str) -> list[str]:
    table = _table(symbols, blank)
    return [ch for ch in dict.fromkeys(blank + BLANKS) if table.get(ch) == 0]


def _ranges(symbols: str) -> str:
    """``123456789ABCDEFG`` -> ``1-9 and A-G``: runs of consecutive characters, for messages."""
    runs: list[str] = []
    start = 0
    for i in range(1, len(symbols) + 1):
        if i == len(symbols) or ord(symbols[i]) != ord(symbols[i - 1]) + 1:
            run = symbols[start:i]
            runs.append(run if len(run) == 1 else f"{run[0]}-{run[-1]}")
            start = i
    return " and ".join(runs) if len(runs) <= 3 else symbols


def _advice(symbols: str, blank: str, numeric: bool = False) -> str:
    blanks = ["0", "."] if numeric else _blank_chars(symbols, blank)[:2]
    digits = f"1-{len(symbols)}" if numeric else _ranges(symbols)
    return f"use {digits}, and {' or '.join(blanks)} for blanks"


# --- reading ---------------------------------------------------------------------------------------

#: A cell as read: its text, and where it starts (1-based line and column in the original text).
_Cell = tuple[str, int, int]


def _guard(text: object) -> None:
    if not isinstance(text, str):
        raise ParseError(f"expected text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is {len(text):,} characters long; a puzzle takes at most {MAX_TEXT:,}, "
                         "so this is not one puzzle")
    if not text.strip():
        raise ParseError("the text is empty: paste a puzzle, for example 81 digits and dots in one line "
                         "or 9 rows of 9", found=0)


def _source_lines(text: str) -> list[tuple[int, str]]:
    """``(line number, line)`` of the lines that may hold cells.

    Blank lines, ``#`` comments, section headers and titles such as ``Grid 01`` are dropped; when a
    ``[Puzzle]`` section exists (SadMan .sdk), only its lines are kept, so a ``[State]`` grid is not
    read as more cells.
    """
    raw = text.split("\n") if "\n" in text else text.split("\r")
    sections = [_section(line) if "[" in line else None for line in raw]
    only_puzzle = "puzzle" in sections
    section = None
    out = []
    for number, (line, header) in enumerate(zip(raw, sections, strict=True), 1):
        line = line.rstrip("\r")
        stripped = line.strip()
        if header is not None:
            section = header
            continue
        if not stripped or stripped.startswith("#") or (only_puzzle and section != "puzzle"):
            continue
        label = _LABEL.match(stripped)
        if label:
            # Blank the label out, so that columns in error messages still point into the line.
            start = len(line) - len(line.lstrip())
            line = line[:start] + " " * label.end() + line[start + label.end():]
        elif _TITLE.match(stripped):
            continue
        out.append((number, line))
        if len(out) > MAX_LINES:
            raise ParseError(f"the text has more than {MAX_LINES:,} lines that may hold cells; a puzzle has at most "
                             f"{max(SIDES) ** 2} cells, so this is not one puzzle (give one puzzle at a time)",
                             line=number)
    return out


def _section(line: str) -> str | None:
    """The lower-case name of a ``[Section]`` header line, or None for any other line."""
    stripped = line.strip()
    if len(stripped) < 3 or stripped[0] != "[" or stripped[-1] != "]":
        return None
    name = stripped[1:-1].strip()
    return name.lower() if _SECTION_NAME.fullmatch(name) else None


def _char_cells(number: int, line: str) -> list[_Cell]:
    return [(ch, number, col) for col, ch in enumerate(line, 1) if not ch.isspace() and ch not in _IGNORED]


def _word_cells(number: int, line: str) -> list[_Cell]:
    out = []
    start = 0
    for col, ch in enumerate(line + " ", 1):
        if ch.isspace() or ch in _IGNORED:
            if start:
                out.append((line[start - 1:col - 1], number, start))
                start = 0
        elif not start:
            start = col
    return out


def _rows(lines: list[tuple[int, str]], cells_of: Callable[[int, str], list[_Cell]],
          fits: Callable[[int], bool]) -> list[list[_Cell]]:
    """The cells of every line that is a row, rules dropped (see the module notes on ``-``).

    When the rows so chosen hold a count that ``fits`` no puzzle but dropping every line of blank-like
    characters with a ``--`` in it does, those lines were rules between bands of a grid without bars.
    """
    rows = []
    for number, line in lines:
        chars = set(line.strip())
        if chars <= _RULE_CHARS and chars & _RULE_MARKS:
            continue
        bar = "|" in chars or not _VERTICALS.isdisjoint(chars)
        rows.append((chars <= _BLANKISH, line, cells_of(number, line), bar))
    if not any(maybe for maybe, _, _, _ in rows):
        return [cells for _, _, cells, _ in rows]
    sure = [r for r in rows if not r[0]] or rows
    modal = Counter(len(cells) for _, _, cells, _ in sure).most_common(1)[0][0]
    barred = 2 * sum(bar for _, _, _, bar in sure) > len(sure)
    kept = [cells for maybe, _, cells, bar in rows if not maybe or (len(cells) == modal and bar == barred)]
    if not fits(sum(map(len, kept))):
        strict = [cells for maybe, line, cells, _ in rows if not maybe or "--" not in line]
        if fits(sum(map(len, strict))):
            return strict
    return kept


def _read_cells(text: str, spec: _Spec, box: tuple[int, int] | None) -> tuple[list[list[_Cell]], bool]:
    """The rows of cells, and whether the cells are numbers (``16``) rather than characters.

    Text that may be numbers is read as numbers when that count fits a side of 10 or more, as
    characters when that count fits instead, and as numbers again when neither fits, so that a
    16x16 grid of numbers missing one cell is reported as such.
    """
    lines = _source_lines(text)
    sides = spec.sides(box)

    def fits(count: int) -> bool:
        return any(n * n == count for n in sides)

    if spec.numeric:
        rows = _rows(lines, _word_cells, fits)
        words = [w for row in rows for w in row]
        if (any(len(w) == 2 and _NUMBER.fullmatch(w) for w, _, _ in words)
                and all(_NUMBER.fullmatch(w) or (len(w) == 1 and w in BLANKS) for w, _, _ in words)):
            if any(n * n == len(words) for n in sides if n >= 10):
                return rows, True
            chars = _rows(lines, _char_cells, fits)
            if fits(sum(map(len, chars))):
                return chars, False
            return rows, True
    return _rows(lines, _char_cells, fits), False


def _side(count: int, sides: tuple[int, ...]) -> int:
    """The side whose cell count is ``count``, or else the nearest one (the smaller on a tie)."""
    return min(sides, key=lambda n: (abs(n * n - count), n))


def _count_error(rows: list[list[_Cell]], count: int, n: int, sides: tuple[int, ...], what: str) -> ParseError:
    expected = n * n
    if count == 0:
        return ParseError("found no cells: the text holds only separators and comments", found=0, reason="empty")
    simple = len(sides) == 1 or _near(count, n)
    if simple:
        message = f"found {_plural(count, what)}; a {n}x{n} puzzle has {expected}"
    else:
        below = [s for s in sides if s * s < count]
        above = [s for s in sides if s * s > count]
        near = ([below[-1]] if below else []) + ([above[0]] if above else [])
        message = (f"found {_plural(count, what)}, which fits no puzzle size; the nearest "
                   + ("are " if len(near) > 1 else "is ") + " and ".join(f"{s}x{s} ({s * s} cells)" for s in near))
    line = None
    whole = [row for row in rows if len(row) in _SIDE_OF_COUNT and len(row) > max(SIDES)]
    if len(whole) >= 2:
        line = whole[1][0][1]
        message += (f"; lines {whole[0][0][1]} and {line} each hold a whole puzzle: give one puzzle at a time")
    elif len(rows) > 1:
        modal = Counter(map(len, rows)).most_common(1)[0][0]
        odd = [row for row in rows if len(row) != modal]
        if modal == n and len(odd) == 1 and odd[0]:
            line = odd[0][0][1]
            message += f" (line {line} has {_plural(len(odd[0]), what)} where the other rows have {n})"
    return ParseError(message, line=line, found=count, expected=expected,
                      reason="count" if simple else "no_size", size=n if simple else None)


def _near(count: int, n: int) -> bool:
    """Whether ``count`` cells look like an n x n puzzle with a few cells missing or extra."""
    return abs(count - n * n) <= max(3, n * n // 10)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count != 1 else f"1 {noun.removesuffix('s')}"


def _bad_char(cell: _Cell, n: int, advice: str, spec: _Spec, what: str = "a digit") -> ParseError:
    ch, line, col = cell
    message = f"{ch!r} at line {line}, column {col} is not {what} of a {n}x{n} puzzle ({advice})"
    if spec.numeric and n == 16 and ch.upper() in LETTER_SYMBOLS[7:16]:
        message += "; for letters A-P pass alphabet='letters'"
    return ParseError(message, line=line, column=col, reason="char" if what == "a digit" else None, char=ch,
                      size=n)


def _letters_only(text: str) -> bool:
    """True when the text's cells can only be letters: it has letters and not one digit 1-9 (one pass)."""
    letters = False
    for ch in text:
        if "1" <= ch <= "9":
            return False
        if not letters and ("A" <= ch <= "Y" or "a" <= ch <= "y"):
            letters = True
    return letters


def _fast(text: str) -> Puzzle | None:
    """The common case, a one-line string in the default alphabet, without any checking frills."""
    line = text.strip()
    n = _SIDE_OF_COUNT.get(len(line))
    if n is None:
        return None
    try:
        cells = tuple(map(_table(DEFAULT_SYMBOLS[:n], ".").__getitem__, line))
    except KeyError:
        return None
    return Puzzle(geometry(*STANDARD_BOXES[n]), cells, _default_alphabet(n))


@cache
def _default_alphabet(n: int) -> Alphabet:
    return Alphabet(DEFAULT_SYMBOLS[:n], ".")


def parse(text: str, *, box: tuple[int, int] | None = None, check: bool = True,
          alphabet: str | Alphabet | None = None) -> Puzzle:
    """Read a puzzle from ``text`` in any layout the module notes list.

    ``box=(rows, cols)`` chooses the box shape (and so the side); ``alphabet`` is None (default
    symbols), ``"hex"``, ``"letters"``, a string of symbols or an :class:`Alphabet`. With ``check``,
    givens that break a rule raise :class:`ConflictError`. Anything else wrong raises
    :class:`ParseError` saying what and where.
    """
    if alphabet is None and box is None and type(text) is str and len(text) < 1000:
        puzzle = _fast(text)
        # A conflict goes the slow way, which knows where each cell was typed.
        if puzzle is not None and not (check and _has_conflict(puzzle)):
            return puzzle
    _guard(text)
    if ":" in text:
        form = _variant_form(text)
        if form is not None:
            return _parse_variant(*form, box=box, check=check, alphabet=alphabet)
    if "=" in text:
        form = _killer_map_form(text)
        if form is not None:
            plain = parse(form[0], box=box, check=False, alphabet=alphabet)
            return _killer_puzzle(plain, form[1], [], check)
    if alphabet is None and _letters_only(text):
        # Letters and no digit at all (POJ 3076's A-P with '-' blanks, a 9x9 in A-I): read as letters
        # without being told; if that fails, the default reading's error says what is wrong.
        try:
            return parse(text, box=box, check=check, alphabet="letters")
        except ConflictError:
            raise
        except ParseError:
            pass
    spec = _spec(alphabet)
    rows, numeric = _read_cells(text, spec, box)
    cells = [cell for row in rows for cell in row]
    sides = spec.sides(box)
    n = _side(len(cells), sides)
    # Characters are checked against the size the count is near; far from any size, only against
    # the largest, so that a stray cell is not blamed for being too large for a size never meant.
    if len(cells) != n * n and not _near(len(cells), n):
        n = max(sides)
    symbols = spec.pool[:n]
    if numeric:
        advice = _advice(symbols, spec.blank, numeric=True)
        digits = []
        for cell in cells:
            word = cell[0]
            value = int(word) if _NUMBER.fullmatch(word) else 0
            if value > n:
                raise _bad_char(cell, n, advice, spec)
            digits.append(value)
    else:
        table = _table(symbols, spec.blank)
        digits = [table.get(ch, -1) for ch, _, _ in cells]
        if -1 in digits:
            raise _bad_char(cells[digits.index(-1)], n, _advice(symbols, spec.blank), spec)
    if len(cells) != n * n:
        raise _count_error(rows, len(cells), _side(len(cells), sides), sides, "cells")
    puzzle = Puzzle(_geometry(n, box), tuple(digits), spec.alphabet(n))
    if check:
        _raise_conflicts(puzzle, cells, str if numeric else None)
    return puzzle


def _geometry(n: int, box: tuple[int, int] | None) -> Geometry:
    try:
        return geometry(*box_shape(n, box))
    except ValueError as exc:
        raise ParseError(str(exc), found=n * n) from None


def parse_candidates(text: str, *, box: tuple[int, int] | None = None, check: bool = True,
                     alphabet: str | Alphabet | None = None) -> tuple[Puzzle, list[int]]:
    """Read pencil marks: ``(puzzle of the fixed cells, candidate mask of every cell)``.

    Bit ``d`` of a mask means digit ``d`` is possible (the engine's convention). A cell with one
    candidate counts as filled, and its mask is that single bit. A cell written only as blanks
    (``.``) has no candidates. Two layouts are read: a grid of candidate groups separated by spaces
    (``|``, ``+``, ``-`` rules allowed), and one line of n³ characters where character ``k`` of each
    cell's n is digit ``k`` or a blank.
    """
    _guard(text)
    spec = _spec(alphabet)
    sides = spec.sides(box)
    stripped = text.strip()
    if not any(ch.isspace() for ch in stripped) and any(len(stripped) == n ** 3 for n in sides):
        masks = _cube_masks(text, stripped, next(n for n in sides if n ** 3 == len(stripped)), spec)
        cells = None
    else:
        rows = _rows(_source_lines(text), _word_cells, lambda count: any(n * n == count for n in sides))
        cells = [cell for row in rows for cell in row]
        if len(cells) == 1:
            # One unbroken run of characters: meant as the n³ form, or a plain puzzle given by mistake.
            length = len(cells[0][0])
            n = _SIDE_OF_COUNT.get(length)
            what = f"a {n}x{n} puzzle without pencil marks" if n in sides else "not a pencil-mark line"
            if n not in sides:
                n = min(sides, key=lambda s: (abs(s ** 3 - length), s))
            raise ParseError(f"found one line of {length} characters, {what}; the one-line pencil-mark form of "
                             f"a {n}x{n} puzzle has {n ** 3} characters ({n} per cell), and a pencil-mark grid "
                             f"has {n * n} groups separated by spaces", line=cells[0][1], found=length,
                             expected=n ** 3)
        n = _side(len(cells), sides)
        if len(cells) != n * n and not _near(len(cells), n):
            n = max(sides)
        table = _table(spec.pool[:n], spec.blank)
        masks = []
        for group, line, col in cells:
            mask = 0
            for i, ch in enumerate(group):
                d = table.get(ch)
                if d is None:
                    raise _bad_char((ch, line, col + i), n, _advice(spec.pool[:n], spec.blank), spec,
                                    what="a candidate")
                mask |= (1 << d) & ~1
            masks.append(mask)
        if len(cells) != n * n:
            raise _count_error(rows, len(cells), _side(len(cells), sides), sides, "cells")
    n = round(len(masks) ** 0.5)
    digits = tuple(m.bit_length() - 1 if m and not m & (m - 1) else 0 for m in masks)
    puzzle = Puzzle(_geometry(n, box), digits, spec.alphabet(n))
    if check:
        _raise_conflicts(puzzle, cells)
    return puzzle, masks


def _cube_masks(text: str, stripped: str, n: int, spec: _Spec) -> list[int]:
    """Masks from the one-line n³ form; a symbol out of its place means the line is misaligned."""
    offset = text.index(stripped[0])
    table = _table(spec.pool[:n], spec.blank)
    masks = []
    for start in range(0, len(stripped), n):
        mask = 0
        for k, ch in enumerate(stripped[start:start + n]):
            d = table.get(ch)
            if d == k + 1:
                mask |= 1 << d
            elif d != 0:
                line, col = _position(text, offset + start + k)
                raise ParseError(
                    f"{ch!r} at line {line}, column {col} is out of place: in the {n ** 3}-character form "
                    f"each cell is {n} characters and character {k + 1} is {spec.pool[k]} or "
                    f"{_blank_chars(spec.pool[:n], spec.blank)[0]}",
                    line=line, column=col)
        masks.append(mask)
    return masks


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


# --- rules -----------------------------------------------------------------------------------------


def _has_conflict(puzzle: Puzzle) -> bool:
    """Whether two givens share a house: every (house, digit) pair of the givens must be distinct.
    One comprehension over the givens only, so the fast path stays fast."""
    cell_houses, m = puzzle.geometry.cell_houses, puzzle.geometry.n + 1
    keys = [h * m + v for c, v in enumerate(puzzle.cells) if v for h in cell_houses[c]]
    return len(set(keys)) != len(keys)


def check_rules(puzzle: Puzzle) -> None:
    """Raise :class:`ConflictError` naming the first two givens that break a rule (or, in a Killer, the
    givens of the first cage they break).

    ``.cells`` lists every given in any conflict, the named two first.
    """
    _raise_conflicts(puzzle, None)
    _raise_cage_conflicts(puzzle)


def _raise_conflicts(puzzle: Puzzle, where: list[_Cell] | None, name: Callable[[int], str] | None = None) -> None:
    """``where[c]`` tells where cell ``c`` was typed, so the error can point at it; ``name`` writes a
    digit as the user did (``16`` in a grid of numbers)."""
    if not _has_conflict(puzzle):
        return
    conflicts = puzzle.conflicts()
    geo = puzzle.geometry
    first = conflicts[0]
    a, b = first.cells
    symbol = name(first.digit) if name else puzzle.alphabet.symbols[first.digit - 1]
    cells = tuple(dict.fromkeys(c for conflict in conflicts for c in conflict.cells))
    line = column = None
    if where is not None:
        _, line, column = where[b]
    raise ConflictError(
        f"{geo.cell_name(a)} and {geo.cell_name(b)} both hold {symbol} in {geo.house_name(first.house)}",
        line=line, column=column, cells=cells)


# --- writing ---------------------------------------------------------------------------------------


def format_line(puzzle: Puzzle, blank: str | None = None) -> str:
    """The one-line form in the puzzle's alphabet; ``blank`` overrides the blank character."""
    symbols = puzzle.alphabet.symbols
    blank = puzzle.alphabet.blank if blank is None else blank
    return "".join(symbols[v - 1] if v else blank for v in puzzle.cells)


def _layout(geo: Geometry, tokens: list[str], border: bool) -> str:
    """Rows of space-separated tokens with ``|`` between boxes and ``-``/``+`` rules between bands;
    each column is as wide as its widest token, so the rules line up with the bars."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    widths = [max(len(tokens[r * n + c]) for r in range(n)) for c in range(n)]
    rows = []
    for r in range(n):
        groups = [" ".join(tokens[r * n + c].ljust(widths[c]) for c in range(g, g + bc)) for g in range(0, n, bc)]
        rows.append(f"| {' | '.join(groups)} |" if border else " | ".join(groups))
    rule = "".join("+" if ch == "|" else "-" for ch in rows[0])
    out = [rule] if border else []
    for r, row in enumerate(rows):
        if r and r % br == 0:
            out.append(rule)
        out.append(row if border else row.rstrip())
    if border:
        out.append(rule)
    return "\n".join(out)


def format_grid(puzzle: Puzzle) -> str:
    """A readable grid for any size: cells separated by spaces, ``|`` between boxes, ``------+------``
    between bands of boxes. Blanks are ``.`` when the alphabet's blank is ``-``, which would read as a rule."""
    symbols, blank = puzzle.alphabet.symbols, puzzle.alphabet.blank
    if blank == "-":
        blank = "."
    return _layout(puzzle.geometry, [symbols[v - 1] if v else blank for v in puzzle.cells], border=False)


def format_candidates(puzzle: Puzzle, candidates: list[int]) -> str:
    """A pencil-mark grid that :func:`parse_candidates` reads back: each filled cell its digit, each
    empty cell its candidates (``.`` when it has none), columns aligned, boxes framed."""
    geo = puzzle.geometry
    if len(candidates) != geo.ncells:
        raise SudokuError(f"{len(candidates)} candidate masks given for a grid of {geo.ncells} cells")
    symbols = puzzle.alphabet.symbols
    tokens = []
    for v, mask in zip(puzzle.cells, candidates, strict=True):
        if v:
            tokens.append(symbols[v - 1])
        else:
            tokens.append("".join(symbols[d - 1] for d in range(1, geo.n + 1) if mask >> d & 1) or ".")
    return _layout(geo, tokens, border=True)


# --- variants --------------------------------------------------------------------------------------

#: The header line of the variant form: ``variant: x``.
_VARIANT_HEADER = re.compile(r"(?i)variant[ \t]*:[ \t]*(\S*)")
_REGIONS_HEADER = re.compile(r"(?i)regions?[ \t]*:[ \t]*")
_CAGES_HEADER = re.compile(r"(?i)cages?[ \t]*:")
#: One cage of the header form: ``15: r1c1 r1c2 r2c1`` (cells separated by spaces or commas).
_CAGE_LINE = re.compile(r"([0-9]{1,3})[ \t]*[:=][ \t]*(.*)")
_CELL_NAME = re.compile(r"(?i)r([0-9]{1,2})c([0-9]{1,2})")
#: Cage labels of the one-line Killer form, in the order of the cages' first cells (as in the community's
#: grid-and-map form, a-z then A-Z; then digits): at most 62 cages.
CAGE_LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#: The sums line of the community form: ``a=12 b=17 c=4 ...``.
_LABEL_SUM = re.compile(r"(\S)=([0-9]{1,3})")


def _variant_form(text: str) -> tuple[str, str, list[tuple[int, str]] | None] | None:
    """``(variant, digits text, map lines)`` when ``text`` is in a variant form, else None. Map lines are
    ``(line number, text)``; None for a variant without a map."""
    lines = text.split("\n") if "\n" in text else text.split("\r")
    first = next(((i, line.strip()) for i, line in enumerate(lines) if line.strip() and not
                  line.strip().startswith("#")), None)
    if first is None:
        return None
    index, head = first
    match = _VARIANT_HEADER.fullmatch(head)
    if match is None:
        name, sep, rest = head.partition(":")
        if not sep or name.strip().lower() not in VARIANTS or index != len(lines) - 1 - sum(
                1 for line in lines[index + 1:] if not line.strip()):
            return None  # not the one-line form NAME:DIGITS[:MAP] either
        digits, sep, map_text = rest.partition(":")
        if name.strip().lower() == "killer":
            return "killer", digits, [(0, map_text)] if sep else []  # line 0 marks the one-line tail
        return name.strip().lower(), digits, [(index + 1, map_text)] if sep else None
    name = match.group(1).lower()
    body = [(i + 1, line.rstrip("\r")) for i, line in enumerate(lines) if i > index]
    if name == "killer":
        marker = next((k for k, (_, line) in enumerate(body) if _CAGES_HEADER.fullmatch(line.strip())), None)
        if marker is None:
            return name, "\n".join(t for _, t in body), []
        return name, "\n".join(t for _, t in body[:marker]), [(k, t) for k, t in body[marker + 1:] if _map_line(t)]
    # The "regions:" line, with its match (the map may start on the same line, after the header).
    header = next(((k, m) for k, (_, line) in enumerate(body) if (m := _REGIONS_HEADER.match(line.strip()))),
                  None)
    if header is not None:
        marker, found = header
        number, line = body[marker]
        rest = line.strip()[found.end():]
        regions = ([(number, rest)] if rest else []) + [(k, t) for k, t in body[marker + 1:] if _map_line(t)]
        return name, "\n".join(t for _, t in body[:marker]), regions
    if name != "jigsaw":
        return name, "\n".join(t for _, t in body), None
    # No "regions:" line: the map is the last line of n^2 symbols, or the last n lines of n.
    content = [(k, t) for k, t in body if _map_line(t)]
    if not content:
        return name, "", []
    size = len("".join(content[-1][1].split()))
    take = 1 if size > max(SIDES) else size
    start = body.index(content[-take]) if take <= len(content) else 0
    return name, "\n".join(t for _, t in body[:start]), content[-take:]


def _map_line(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def _parse_variant(name: str, digits: str, map_lines: list[tuple[int, str]] | None, *, box: tuple[int, int] | None,
                   check: bool, alphabet: str | Alphabet | None) -> Puzzle:
    if name not in VARIANTS:
        raise ParseError(f"unknown variant {name!r} in the header; choose one of {', '.join(VARIANTS)}",
                         reason="variant")
    if name == "killer":
        return _parse_killer(digits, map_lines, box=box, check=check, alphabet=alphabet)
    if name == "jigsaw" and not map_lines:
        raise ParseError("a jigsaw puzzle needs its region map after the digits: n lines of n region letters "
                         "(or one line of n*n), after a line 'regions:'", reason="tiling")
    if name != "jigsaw" and map_lines:
        raise ParseError(f"a {name} puzzle has no region map (only jigsaw has one)", reason="variant")
    if not digits.strip():
        raise ParseError(f"the {name} puzzle has no digits", found=0, reason="empty")
    plain = parse(digits, box=box, check=False, alphabet=alphabet)
    n = plain.n
    labels: list[str] | None = None
    rows: list[int] = []
    if map_lines:
        labels = []
        for number, line in map_lines:
            chars = [ch for ch in line if not ch.isspace()]
            labels.extend(chars)
            rows.extend([number] * len(chars))
    try:
        geo = variant_geometry(n, name, labels, box=(plain.geometry.box_rows, plain.geometry.box_cols))
    except RegionError as exc:
        at = rows[exc.cells[0]] if exc.cells and rows and exc.cells[0] < len(rows) else None
        raise ParseError(f"bad region map: {exc}" if labels is not None else str(exc), line=at, cells=exc.cells,
                         reason=exc.rule, found=len(labels) if labels is not None and exc.rule == "tiling"
                         and len(labels) != n * n else None, expected=n * n if labels is not None else None) from None
    puzzle = Puzzle(geo, plain.cells, plain.alphabet)
    if check:
        _raise_conflicts(puzzle, None)
    return puzzle


def _parse_killer(digits: str, cage_lines, *, box, check: bool, alphabet) -> Puzzle:
    """A Killer from its digits and either the header form's cage lines (``SUM: r1c1 r1c2``) or the one-line
    form's ``MAP:SUMS`` (one line of ``n*n`` cage labels, ``.`` for no cage, then the sums in the order of
    the labels' first cells, separated by commas)."""
    if not digits.strip():
        raise ParseError("the killer puzzle has no digits: write n*n digits or dots (81 dots for a 9x9 Killer "
                         "without givens) before the cages", found=0, reason="empty")
    if not cage_lines:
        raise ParseError("a killer puzzle needs its cages after the digits: a line 'cages:', then one cage per "
                         "line as 'SUM: r1c1 r1c2 ...'", reason="cages")
    plain = parse(digits, box=box, check=False, alphabet=alphabet)
    n = plain.n
    if len(cage_lines) == 1 and cage_lines[0][0] == 0:  # the one-line form's tail
        cages, lines = _cages_from_map(cage_lines[0][1], n)
    else:
        cages, lines = [], []
        for number, line in cage_lines:
            found = _CAGE_LINE.fullmatch(line.strip())
            if found is None:
                raise ParseError(f"line {number} is not a cage: write 'SUM: r1c1 r1c2 ...' (found {line.strip()!r})",
                                 line=number, reason="cages")
            cells = []
            for token in re.split(r"[\s,;]+", found.group(2).strip()):
                cell = _CELL_NAME.fullmatch(token)
                if cell is None or not (1 <= int(cell.group(1)) <= n and 1 <= int(cell.group(2)) <= n):
                    raise ParseError(f"line {number}: {token!r} is not a cell of a {n}x{n} grid; write cells as "
                                     f"r1c1 .. r{n}c{n}", line=number, reason="cages")
                cells.append((int(cell.group(1)) - 1) * n + int(cell.group(2)) - 1)
            cages.append((int(found.group(1)), cells))
            lines.append(number)
    return _killer_puzzle(plain, cages, lines, check)


def _cages_from_map(tail: str, n: int) -> tuple[list, list]:
    """Cages from ``MAP:SUMS`` (the one-line form): labels in order of first cell, sums in that order."""
    text, sep, sums = tail.partition(":")
    labels = [ch for ch in text if not ch.isspace()]
    if len(labels) != n * n:
        raise ParseError(f"the cage map has {len(labels)} cells; a {n}x{n} grid has {n * n}", found=len(labels),
                         expected=n * n, reason="cages")
    order: dict[str, list[int]] = {}
    for c, ch in enumerate(labels):
        if ch != ".":
            order.setdefault(ch, []).append(c)
    totals = [t.strip() for t in sums.split(",")] if sep and sums.strip() else []
    if len(totals) != len(order):
        raise ParseError(f"the cage map has {_plural(len(order), 'cages')}, so after it come "
                         f"{_plural(len(order), 'sums')} separated by commas, in the order of the cages' first "
                         f"cells (found {_excerpt(sums.strip())})", found=len(totals), expected=len(order),
                         reason="cages")
    bad = next((q for q, t in enumerate(totals) if not _SUM.fullmatch(t)), None)
    if bad is not None:
        label, cells = list(order.items())[bad]
        raise ParseError(f"cage {label!r} (from {_cell(cells[0], n)}) has the sum {_excerpt(totals[bad])}: write each "
                         f"sum as a whole number in the digits 0-9 (at most {n * (n + 1) // 2} on a {n}x{n} grid)",
                         reason="cages", cells=tuple(cells))
    return [(int(t), cells) for t, cells in zip(totals, order.values(), strict=True)], []


#: A cage sum of the one-line Killer form: ASCII digits, at most 4 (the largest sum, of a 25x25's whole
#: house, is 325), so ``int`` never sees a 5,000-digit number nor a ``²``.
_SUM = re.compile(r"[0-9]{1,4}")


def _excerpt(text: str, most: int = 20) -> str:
    """``text`` quoted for a message, cut to ``most`` characters with its length said when longer."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text):,} characters)"


def _killer_map_form(text: str):
    """The community grid-and-map form, or None: ``n`` lines each of the row's digits and its cage labels
    (``56..1..2. aabbccdde``), then the sums as ``a=12 b=17 ...`` (on one line or more)."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    rows = [line.split() for line in lines if "=" not in line]
    sums = [pair for line in lines if "=" in line for pair in line.split()]
    n = len(rows)
    if n not in SIDES or any(len(r) != 2 or len(r[0]) != n or len(r[1]) != n for r in rows) or not sums:
        return None
    totals = {}
    for pair in sums:
        found = _LABEL_SUM.fullmatch(pair)
        if found is None:
            raise ParseError(f"{pair!r} is not a cage sum: write each as LABEL=SUM, such as a=12", reason="cages")
        totals[found.group(1)] = int(found.group(2))
    labels = "".join(r[1] for r in rows)
    order: dict[str, list[int]] = {}
    for c, ch in enumerate(labels):
        if ch != ".":
            order.setdefault(ch, []).append(c)
    missing = [ch for ch in order if ch not in totals]
    if missing:
        raise ParseError(f"cage {missing[0]!r} (from {_cell(order[missing[0]][0], n)}) has no sum: add "
                         f"{missing[0]}=SUM to the sums", reason="cages", cells=tuple(order[missing[0]]))
    extra = [ch for ch in totals if ch not in order]
    if extra:
        raise ParseError(f"the sums name cage {extra[0]!r}, which the map does not have", reason="cages")
    return "\n".join(r[0] for r in rows), [(totals[ch], cells) for ch, cells in order.items()]


def _cell(c: int, n: int) -> str:
    return f"r{c // n + 1}c{c % n + 1}"


def _killer_puzzle(plain: Puzzle, cages, lines: list[int], check: bool) -> Puzzle:
    """The Killer of ``plain``'s digits and ``cages``; a bad cage is a :class:`ParseError` with the rule as
    ``reason`` and the line of the cage (when ``lines`` has it)."""
    n = plain.n
    try:
        geo = variant_geometry(n, "killer", box=(plain.geometry.box_rows, plain.geometry.box_cols), cages=cages)
    except RegionError as exc:
        line = lines[exc.region] if exc.region is not None and exc.region < len(lines) else None
        raise ParseError(f"bad cage: {exc}", line=line, cells=exc.cells, reason=exc.rule) from None
    puzzle = Puzzle(geo, plain.cells, plain.alphabet)
    if check:
        _raise_conflicts(puzzle, None)
        _raise_cage_conflicts(puzzle)
    return puzzle


def _raise_cage_conflicts(puzzle: Puzzle) -> None:
    """Raise :class:`ConflictError` for the first cage whose givens fit none of its digit combinations (two
    equal givens, or givens that leave the total out of reach)."""
    geo = puzzle.geometry
    for q, (total, cells) in enumerate(geo.cages or ()):
        given = [c for c in cells if puzzle.cells[c]]
        if not given:
            continue
        digits = [puzzle.cells[c] for c in given]
        mask = sum(1 << d for d in set(digits))
        if len(set(digits)) == len(digits) and any(k & mask == mask for k in
                                                   cage_combinations(len(cells), total, geo.n)):
            continue
        symbols = puzzle.alphabet.symbols
        held = ", ".join(f"{symbols[puzzle.cells[c] - 1]} at {geo.cell_name(c)}" for c in given)
        why = ("two givens are equal" if len(set(digits)) != len(digits) else
               f"no {len(cells)} different digits summing to {total} include them")
        raise ConflictError(f"the givens of {geo.cage_name(q)}, {held}, break it: {why}", cells=tuple(given))


def format_variant(puzzle: Puzzle, one_line: bool = False) -> str:
    """The puzzle in its variant's text form, which :func:`parse` reads back into an equal puzzle.

    The header form: ``variant: NAME``, the digits on one line, and for a Jigsaw ``regions:`` then its map,
    ``n`` lines of region letters (``A`` for the region of the first cell, then in order of first cell);
    for a Killer ``cages:`` then one line per cage, ``SUM: r1c1 r1c2 ...``. With ``one_line``:
    ``NAME:DIGITS`` (``jigsaw:DIGITS:MAP``, ``killer:DIGITS:CAGEMAP:SUMS``, which holds at most
    :data:`CAGE_LABELS` cages: more raise :class:`SudokuError`). A classic puzzle is its one-line form.
    """
    geo = puzzle.geometry
    line = format_line(puzzle)
    if geo.variant == "classic":
        return line
    if geo.cages is not None:
        if one_line:
            if len(geo.cages) > len(CAGE_LABELS):
                raise SudokuError(f"a killer of {len(geo.cages)} cages does not fit the one-line form (at most "
                                  f"{len(CAGE_LABELS)} cages); write the header form")
            labels = ["."] * geo.ncells
            for q, (_, cells) in enumerate(geo.cages):
                for c in cells:
                    labels[c] = CAGE_LABELS[q]
            return f"killer:{line}:{''.join(labels)}:{','.join(str(t) for t, _ in geo.cages)}"
        return "\n".join([f"variant: {geo.variant}", line, "cages:"]
                         + [f"{total}: {' '.join(geo.cell_name(c) for c in cells)}" for total, cells in geo.cages])
    regions = geo.regions
    names = LETTER_SYMBOLS if geo.n <= len(LETTER_SYMBOLS) else DEFAULT_SYMBOLS
    if one_line:
        tail = f":{''.join(names[r] for r in regions)}" if regions is not None else ""
        return f"{geo.variant}:{line}{tail}"
    out = [f"variant: {geo.variant}", line]
    if regions is not None:
        n = geo.n
        out.append("regions:")
        out.extend("".join(names[regions[r * n + c]] for c in range(n)) for r in range(n))
    return "\n".join(out)
