"""The package's exceptions: user mistakes are these, never a bare traceback."""

from __future__ import annotations


class SudokuError(ValueError):
    """Base class for every error the package reports about its input."""

    kind = "error"


class ParseError(SudokuError):
    """Text that is not a puzzle. The message says what is wrong and where.

    Attributes give the same facts as data, for the page to mark the grid and to say the commonest
    mistakes in its own language: ``line`` and ``column`` (1-based) of a bad character, ``found`` /
    ``expected`` cell counts, ``cells`` (0-based cell indices involved, e.g. two conflicting givens),
    ``reason`` ("count": a cell count that is not the size's; "no_size": a count near no size at all;
    "empty": no cells; "char": a character that is not a digit, named by ``char``) and ``size`` (the
    grid's side, for "count" and "char").
    """

    kind = "parse"

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 found: int | None = None, expected: int | None = None,
                 cells: tuple[int, ...] = (), reason: str | None = None, char: str | None = None,
                 size: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.found = found
        self.expected = expected
        self.cells = tuple(cells)
        self.reason = reason
        self.char = char
        self.size = size

    def to_dict(self) -> dict:
        out: dict[str, object] = {"kind": self.kind, "message": self.message}
        for key in ("line", "column", "found", "expected", "reason", "char", "size"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.cells:
            out["cells"] = list(self.cells)
        return out


class ConflictError(ParseError):
    """Givens that break a rule: two equal digits in one house."""

    kind = "conflict"


class RegionError(SudokuError):
    """Regions that do not make a valid Jigsaw layout, or a variant the grid does not allow.

    ``rule`` names the rule broken ("size": a region without ``n`` cells; "connected": a region in two or
    more pieces; "tiling": cells in no region, or a map of the wrong length; "variant": a variant this
    grid cannot have); ``region`` is the 0-based region index and ``cells`` the 0-based cells involved.
    """

    kind = "regions"

    def __init__(self, message: str, *, rule: str | None = None, region: int | None = None,
                 cells: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.region = region
        self.cells = tuple(cells)


class CageError(RegionError):
    """Killer cages that break a rule. ``rule`` is one of "cells" (a cage without cells, or a cell off the
    grid), "size" (more cells than digits), "overlap" (a cell in two cages, or twice in one), "connected"
    (a cage in two or more pieces), "sum" (no set of different digits makes the total) or "cages" (a Killer
    without cages); ``region`` is the cage's 0-based index in the order given and ``cells`` the cells
    involved."""

    kind = "cages"
