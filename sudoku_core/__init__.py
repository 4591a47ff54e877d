"""sudoku_core: a pure-Python Sudoku engine for CPython and Pyodide.

The public API, re-exported here: :func:`parse` text into a :class:`Puzzle`, :func:`solve` it with
one of :data:`METHODS`, :func:`count_solutions` to test uniqueness. Everything is standard library only.
"""

from .errors import ConflictError, ParseError, SudokuError
from .formats import parse
from .generate import Generated, generate
from .grid import Geometry, geometry, geometry_for_side
from .hint import next_hint
from .puzzle import Alphabet, Puzzle
from .rate import Rating, rate
from .solvers import METHODS, SolveResult, count_solutions, solve

__version__ = "0.1.0"

__all__ = [
    "METHODS", "Alphabet", "ConflictError", "Generated", "Geometry", "ParseError", "Puzzle", "Rating",
    "SolveResult", "SudokuError", "count_solutions", "generate", "geometry", "geometry_for_side", "next_hint",
    "parse", "rate", "solve",
]
