"""Sudoku as exact cover, solved by the generic Dancing Links engine (method ``dlx``).

What it holds
-------------
* :func:`sudoku_matrix`: the exact-cover matrix of an empty grid of one box shape, built once per shape.
  For side ``n`` there are ``4 n^2`` items, in four blocks of ``n^2``:

  - ``cell`` item ``c``: cell ``c`` is filled;
  - ``n^2 + r*n + (d-1)``: row ``r`` has digit ``d``;
  - ``2 n^2 + k*n + (d-1)``: column ``k`` has digit ``d``;
  - ``3 n^2 + b*n + (d-1)``: box ``b`` has digit ``d``;

  and ``n^3`` options, option ``c*n + (d-1)`` meaning "digit ``d`` in cell ``c``", each holding its four
  items in that order. 9x9 gives 324 items and 729 options, 16x16 1024 and 4096. Box shapes come from
  the :class:`~sudoku_core.grid.Geometry`, so rectangular boxes need nothing special.
* :func:`solve`, the engine behind ``solve(..., method="dlx")``: the givens become preset options
  (covered before the search; givens that clash simply leave no solution), the engine counts covers,
  and each cover is written back as a list of digits, through per-shape tables of each option's
  cell and digit (two lookups per cell, memoised like the template, rather than a ``divmod``).
* :func:`option_of` / :func:`describe_option` / :func:`describe_item` (and, for a Killer's combination
  options, :func:`describe_combination` / :func:`combination_options`): translate between the engine's
  numbers and Sudoku words, for trace replay and the matrix view of the algorithm lab.

Choices
-------
* The template is memoised on the geometry's ``key`` (``(box_rows, box_cols)`` for a classic grid)
  rather than on the Geometry itself: a frozen dataclass hashes all its tuple fields on every call,
  which would cost more than the lookup saves.
* Variants (:mod:`sudoku_core.grid`) are more items, not another solver: house ``h`` and digit ``d`` is
  item ``n^2 + h*n + d - 1`` (the same numbering as above for rows, columns and boxes), so the two
  diagonals of X add ``2n`` items and Windoku's windows ``4n``; an option then holds one item per house
  of its cell (4 to 6), and the engine takes its generic loops. A Jigsaw keeps four items per option,
  its regions standing where the boxes were.
  The memo holds immutable templates only, so it never changes a result.
* Killer cages are options over each cage's digit combinations
  (:func:`~sudoku_core.grid.cage_combinations`). After the house items, cage ``q`` has ``n + 1`` items
  from ``base = n^2 + len(houses)*n + q*(n + 1)``: ``base`` ("the cage has its combination") and
  ``base + d`` ("digit ``d`` is accounted for in the cage"). The cell options of a caged cell hold
  ``base + d`` as one more item; after the ``n^3`` cell options come the combination options, one per
  combination ``K``, holding ``base`` and ``base + d`` for every digit ``d`` *not* in ``K``. Every item is
  primary, so the cover stays exact: ``base`` takes exactly one combination; a digit outside it is then
  covered by the combination, so no cell of the cage can hold it; a digit of it must be covered by
  exactly one cell of the cage. So the cage's ``k`` cells hold ``k`` different digits, the digits of
  ``K``, whose sum is the total; and each Killer solution is exactly one cover (its combination is the
  set of its cage's digits). Cells in no cage keep their four items.
  A caged cell's option for a digit that no combination of its cage holds can never be in a cover (it
  would cover the digit's item, which every combination option holds, so no combination could be
  taken), so it is left out of the matrix: DLX's counts of options per item are then the real ones from
  the start, which halves the median count of an empty 9x9 Killer and cuts its worst case from 1.5 s to
  0.27 s (12 generated Killers). A Killer's options are therefore renumbered: :func:`option_of` and
  :func:`describe_option` translate (a combination option describes as cell -1, digit 0).
* Cells come before digits in the item order, as in Knuth's ``sudoku-dlx``: at a branch point the
  engine's scan takes the first item with the fewest options, so ties go to "which digit for this
  cell", the natural Sudoku branch. (Forced moves come from the engine's notes, in no fixed order.)
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache, lru_cache

from ..grid import MEMO_SIZE, Geometry, cage_combinations, geometry
from ..work import run
from . import Search
from .exact_cover import DEFAULT_TRACE_LIMIT, Dance, ExactCover


@lru_cache(maxsize=MEMO_SIZE)
def _matrix(*key) -> ExactCover:
    geo = geometry(*key)
    n = geo.n
    n2 = n * n
    options: list[tuple[int, ...]] = []
    if len(geo.houses) == 3 * n:  # rows, columns, boxes (or Jigsaw regions): four items per option
        for cell in range(n2):
            row, col = divmod(cell, n)
            box = geo.box_of(cell)
            for d in range(n):
                options.append((cell, n2 + row * n + d, 2 * n2 + col * n + d, 3 * n2 + box * n + d))
    else:  # extra houses are more items, one per house and digit: house h, digit d is n2 + h*n + d - 1
        for cell in range(n2):
            hs = geo.cell_houses[cell]
            for d in range(n):
                options.append((cell, *(n2 + h * n + d for h in hs)))
    items = n2 + len(geo.houses) * n
    if geo.cages:
        for q, (_, cells) in enumerate(geo.cages):
            base = items + q * (n + 1)
            for cell in cells:
                for d in range(n):
                    options[cell * n + d] += (base + d + 1,)
        number, _, _ = _killer_numbers(*key)
        options = [items_of for o, items_of in enumerate(options) if number[o] >= 0]
        for q, (total, cells) in enumerate(geo.cages):
            base = items + q * (n + 1)
            for combo in cage_combinations(len(cells), total, n):
                options.append((base, *(base + d for d in range(1, n + 1) if not combo >> d & 1)))
        items += len(geo.cages) * (n + 1)
    return ExactCover(items, options)


@lru_cache(maxsize=MEMO_SIZE)
def _killer_numbers(*key) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """A Killer's option numbers: ``number[cell*n + d - 1]``, the option of "``d`` in ``cell``" (-1 when no
    combination of the cell's cage holds ``d``, so the option is left out), and per option its cell and
    digit (-1 and 0 for the combination options that follow the cell options)."""
    geo = geometry(*key)
    n = geo.n
    assert geo.cage_of is not None and geo.cages is not None  # only Killers come here
    live = []
    for c in range(geo.ncells):
        q = geo.cage_of[c]
        if q < 0:
            live.append(geo.all_digits)
            continue
        total, cells = geo.cages[q]
        union = 0
        for k in cage_combinations(len(cells), total, n):
            union |= k
        live.append(union)
    number: list[int] = []
    cell_of: list[int] = []
    digit_of: list[int] = []
    for o in range(n ** 3):
        c, d = divmod(o, n)
        if live[c] >> (d + 1) & 1:
            number.append(len(cell_of))
            cell_of.append(c)
            digit_of.append(d + 1)
        else:
            number.append(-1)
    combos = sum(len(cage_combinations(len(cells), total, n)) for total, cells in geo.cages)
    return tuple(number), tuple(cell_of + [-1] * combos), tuple(digit_of + [0] * combos)


@cache
def _writers(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per option number, its cell and its digit: two lookups per cell to write a solution back."""
    return tuple(o // n for o in range(n ** 3)), tuple(o % n + 1 for o in range(n ** 3))


def sudoku_matrix(geo: Geometry) -> ExactCover:
    """The exact-cover matrix of an empty grid of ``geo``'s shape and variant (shared; never mutate it)."""
    return _matrix(*geo.key)


def option_of(geo: Geometry, cell: int, digit: int) -> int:
    """The option number for "``digit`` in ``cell``" (in a Killer, -1 when the matrix has no such option:
    no combination of the cell's cage holds the digit)."""
    if geo.cages:
        return _killer_numbers(*geo.key)[0][cell * geo.n + digit - 1]
    return cell * geo.n + digit - 1


def describe_option(geo: Geometry, option: int) -> tuple[int, int]:
    """``(cell, digit)`` for an option number (``(-1, 0)`` for a Killer's combination option)."""
    if geo.cages:
        _, cell_of, digit_of = _killer_numbers(*geo.key)
        return cell_of[option], digit_of[option]
    cell, d = divmod(option, geo.n)
    return cell, d + 1


@lru_cache(maxsize=MEMO_SIZE)
def _combination_options(*key) -> tuple[tuple[int, int], ...]:
    """A Killer's combination options, in the matrix's order: ``(cage, combination mask)`` each."""
    geo = geometry(*key)
    n = geo.n
    return tuple((q, combo) for q, (total, cells) in enumerate(geo.cages or ())
                 for combo in cage_combinations(len(cells), total, n))


def describe_combination(geo: Geometry, option: int) -> tuple[int, list[int]]:
    """For a Killer's combination option (one :func:`describe_option` calls cell -1): its cage (0-based)
    and the digits of its combination, smallest first."""
    combos = _combination_options(*geo.key)
    q, mask = combos[option - (sudoku_matrix(geo).n_options - len(combos))]
    return q, [d for d in range(1, geo.n + 1) if mask >> d & 1]


def combination_options(geo: Geometry, cage: int) -> list[tuple[int, list[int]]]:
    """The combination options of one Killer cage: ``(option number, digits)`` each, in the matrix's order."""
    combos = _combination_options(*geo.key)
    first = sudoku_matrix(geo).n_options - len(combos)
    return [(first + i, [d for d in range(1, geo.n + 1) if mask >> d & 1])
            for i, (q, mask) in enumerate(combos) if q == cage]


def describe_item(geo: Geometry, item: int) -> tuple[str, int, int]:
    """What an item asks for: ``("cell", cell, 0)``, ``("row", r, digit)``, ``("column", c, digit)``,
    ``("box", b, digit)`` (``"region"`` in a Jigsaw), ``("diagonal", k, digit)``, ``("window", k, digit)``,
    or for a Killer ``("cage", q, digit)`` (digit 0: the cage's combination), all numbers 0-based except
    the digit (the kinds are :meth:`~sudoku_core.grid.Geometry.house_kind`'s)."""
    n = geo.n
    first_cage = n * n + len(geo.houses) * n
    if item >= first_cage:
        q, d = divmod(item - first_cage, n + 1)
        return "cage", q, d
    if item < n * n:
        return "cell", item, 0
    house, d = divmod(item - n * n, n)
    kind, place = geo.house_kind(house)  # a Jigsaw's "region", X's "diagonal", Windoku's "window"
    return kind, place, d + 1


def solve(geo: Geometry, cells: list[int], limit: int, node_limit: int | None,
          trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT) -> Search:
    """Count the solutions of ``cells`` by Dancing Links, stopping at ``limit`` solutions or after
    ``node_limit`` nodes. ``trace``, when a list, receives the engine's events (option numbers as in
    :func:`option_of`)."""
    return run(search_work(geo, cells, limit, node_limit, trace=trace, trace_limit=trace_limit))


def search_work(geo: Geometry, cells: list[int], limit: int, node_limit: int | None, every: int | None = None,
                trace: list | None = None, trace_limit: int = DEFAULT_TRACE_LIMIT) -> Generator[None, None, Search]:
    """:func:`solve` as resumable work (:mod:`sudoku_core.work`): it yields after every ``every`` nodes
    (never when None), and returns the same :class:`Search`."""
    n = geo.n
    if len(cells) != geo.ncells:
        raise ValueError(f"{len(cells)} cells given for a grid of {geo.ncells}")
    preset = []
    for c, v in enumerate(cells):
        if v:
            if not 1 <= v <= n:
                raise ValueError(f"digit {v} in cell {c} is outside 1 .. {n}")
            preset.append(c * n + v - 1)
    matrix = sudoku_matrix(geo)
    if geo.cages:
        number, cell_of, digit_of = _killer_numbers(*geo.key)
        preset = [number[o] for o in preset]
        if -1 in preset:  # a given that no combination of its cage holds
            return Search([], {"nodes": 1, "guesses": 0, "max_depth": 0, "updates": 0})
    else:
        cell_of, digit_of = _writers(n)
    dance = Dance(matrix, preset, node_limit, trace, trace_limit, pause=every)
    solutions: list[list[int]] = []
    gen = dance.solutions()
    for cover in gen:
        if cover is None:  # a pause
            yield
            continue
        grid = list(cells)
        for o in cover[len(preset):]:
            if digit_of[o]:  # a Killer's combination options (digit 0) fill no cell
                grid[cell_of[o]] = digit_of[o]
        solutions.append(grid)
        if len(solutions) >= limit:
            gen.close()
            break
    return Search(solutions, dict(dance.stats), dance.gave_up)
