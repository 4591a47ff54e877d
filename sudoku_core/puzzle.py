"""The puzzle value: a geometry, the digits of every cell, and the alphabet it was written in.

A :class:`Puzzle` is immutable. Cells hold digits ``1 .. n`` or 0 for empty. The alphabet is the
string of symbols for digits ``1 .. n`` (``alphabet[d - 1]`` writes digit ``d``) plus the blank
character used when writing the puzzle back, so that solutions come back in the symbols the user typed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .grid import Geometry, geometry_for_side

#: Symbols for digits 1.. in the default alphabet: 1-9 then A-Z (16x16 uses 1-9A-G).
DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Alphabet:
    """How digits are written: ``symbols[d - 1]`` is digit ``d``; ``blank`` writes an empty cell."""

    symbols: str
    blank: str = "."

    @classmethod
    def default(cls, n: int) -> Alphabet:
        return cls(DEFAULT_SYMBOLS[:n])


@dataclass(frozen=True)
class Conflict:
    """Two givens with the same digit in one house: the rule they break, in data."""

    cells: tuple[int, int]
    house: int
    digit: int


@dataclass(frozen=True)
class Puzzle:
    """A grid position: ``cells[c]`` is the digit in cell ``c`` (0 = empty)."""

    geometry: Geometry
    cells: tuple[int, ...]
    alphabet: Alphabet

    @classmethod
    def from_cells(cls, cells: Iterable[int], geometry: Geometry | None = None,
                   alphabet: Alphabet | None = None) -> Puzzle:
        cells = tuple(cells)
        if geometry is None:
            n = round(len(cells) ** 0.5)
            geometry = geometry_for_side(n)
        if len(cells) != geometry.ncells:
            raise ValueError(f"{len(cells)} cells given for a grid of {geometry.ncells}")
        return cls(geometry, cells, alphabet or Alphabet.default(geometry.n))

    @property
    def n(self) -> int:
        return self.geometry.n

    @property
    def givens(self) -> int:
        return sum(1 for v in self.cells if v)

    def with_cells(self, cells: Iterable[int]) -> Puzzle:
        """The same geometry and alphabet with other cell contents (a solution, say)."""
        return Puzzle(self.geometry, tuple(cells), self.alphabet)

    def to_line(self) -> str:
        """The one-line form in this puzzle's alphabet."""
        symbols, blank = self.alphabet.symbols, self.alphabet.blank
        return "".join(symbols[v - 1] if v else blank for v in self.cells)

    def conflicts(self) -> list[Conflict]:
        """Every pair of equal digits that share a house, house by house."""
        found = []
        for h, house in enumerate(self.geometry.houses):
            seen: dict[int, int] = {}
            for c in house:
                v = self.cells[c]
                if not v:
                    continue
                if v in seen:
                    found.append(Conflict((seen[v], c), h, v))
                else:
                    seen[v] = c
        return found

    def __str__(self) -> str:
        return self.to_line()
