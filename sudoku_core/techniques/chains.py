"""Chains: Remote Pairs, X-Chains, XY-Chains, alternating inference chains (AIC) and nice loops, plain
and grouped.

Vocabulary. A *node* is a candidate ``(cell, digit)``, or, in grouped chains, a *group*: the two or
more places of a digit where a box and a line cross ("the digit is in one of these cells"). Two nodes
are joined by

* a *strong link* when at least one of them is true: a house with exactly those two places for the
  digit (a group counts as one place; in a box, a row group and a column group that share no cell and
  hold all its places also make one), or a cell with exactly those two candidates;
* a *weak link* when at most one of them is true: the same digit in cells that see each other (a group
  sees what sees all its cells), or two candidates of one cell.

An AIC ``X = a - b = ... = Y`` alternates them, starting and ending with strong links, so "X false"
implies "Y true": X or Y is true, and any candidate weakly linked to both ends is false. If the chain
comes back to X as true, X is true (a discontinuous nice loop; for a group X, the chain is an AIC whose
two ends are that group). In grouped chains either end may be a group, and a candidate is weakly linked to
a group when it sees every cell of it. If its ends are themselves weakly
linked, the chain closes into a *continuous nice loop*: every weak link of the loop then holds exactly
one truth, and each loses what is weakly linked to both its nodes.

The search: for every start X, a breadth-first walk of the implication graph from "X false" (strong
links lead to "true", weak links to "false"), on bit sets of nodes, so the first chain found to each end
is a shortest one. Restricting the graph gives the named forms: X-Chain (one digit, house strong links),
XY-Chain (bivalue cells: strong links inside the cells, weak links between them, ends on the same
digit). Remote Pairs are XY-Chains on one pair of digits; they are found by colouring the cells, which
also removes the second digit.

Node numbering: candidate ``(c, d)`` is node ``(d - 1) * ncells + c``, so a digit's cell set shifted is
a node set; groups follow the candidates. The graph of a position is built once and the chains found
are memoised on the candidate bit sets (a bounded cache of a pure function, like the fish).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import pairwise

from ..candidates import State, _shape, bits, tables
from ..grid import geometry
from ..step import Step

#: Longest chain searched (in links); longer chains are not shown to players as hints.
MAX_DEPTH = 24


@lru_cache(maxsize=64)
def _cell_columns(shape: tuple) -> tuple[int, ...]:
    """``cols[c]``: the node set of every candidate of cell ``c`` (all digits)."""
    geo = geometry(*shape)
    N = geo.n * geo.n
    return tuple(sum(1 << ((d - 1) * N + c) for d in range(1, geo.n + 1)) for c in range(N))


@lru_cache(maxsize=64)
def _pieces(shape: tuple) -> tuple:
    """``pieces[h]``: for each way of cutting house ``h`` by crossing houses (a line by the boxes; a box
    by the rows, then by the columns), the non-empty crossings in house order. A variant's extra houses
    (diagonals, windows) are not cut: their places link as single cells only, which is less than they
    could, never wrong."""
    geo = geometry(*shape)
    t = tables(geo)
    n = geo.n
    hb = t.house_bits
    out = []
    for h in range(len(hb)):
        kinds = (2,) if h < 2 * n else (0, 1) if h < 3 * n else ()
        out.append(tuple(tuple(hb[h] & hb[h2] for h2 in range(k * n, k * n + n) if hb[h] & hb[h2])
                         for k in kinds))
    return tuple(out)


@lru_cache(maxsize=1 << 13)
def _house_links(shape, h: int, x: int) -> tuple:
    """The strong links, in a grouped graph, of a digit whose places in house ``h`` are ``x`` (two or
    more cells), as pairs of place sets (a cell or a group). A pure function of its arguments, memoised
    (bounded): a step changes the places of few digits in few houses."""
    n = geometry(*shape).n
    pieces_of = _pieces(shape)
    out = []
    if x.bit_count() == 2:
        out.append((x & -x, x & (x - 1)))
    # Split the places into pieces by the crossing houses; two pieces make a strong link.
    for crossing in pieces_of[h]:
        pieces = []
        for inter in crossing:
            p = x & inter
            if p:
                pieces.append(p)
                if len(pieces) > 2:
                    break
        if len(pieces) == 2 and (pieces[0] & (pieces[0] - 1) or pieces[1] & (pieces[1] - 1)):
            out.append((pieces[0], pieces[1]))
    if 2 * n <= h < 3 * n:
        # A box whose places are a row group and a column group (neither split above sees it).
        rows_of, cols_of = pieces_of[h]
        for inter in rows_of:
            p = x & inter
            if not p & (p - 1):
                continue
            rest = x & ~p
            if rest & (rest - 1) and any(rest & inter2 == rest for inter2 in cols_of):
                out.append((p, rest))
    return tuple(out)


class _Graph:
    """The link graph of one position (see the module docstring)."""

    def __init__(self, shape: tuple, where: tuple, grouped: bool) -> None:
        geo = geometry(*shape)
        t = tables(geo)
        n = geo.n
        N = n * n
        self.n, self.N, self.geo, self.where = n, N, geo, where
        self.ncand = n * N
        self.cols = _cell_columns(shape)
        self.peer_bits = t.peer_bits
        packed = 0
        for d in range(1, n + 1):
            packed |= where[d] << ((d - 1) * N)
        self.packed = packed
        house_bits = t.house_bits
        # Groups: (digit, cells, line, box) for each box/line crossing with 2+ places of the digit.
        groups: list[tuple[int, int, int, int]] = []
        gid: dict[tuple[int, int], int] = {}
        if grouped:
            for box, line, inter in t.crossings:
                for d in range(1, n + 1):
                    x = where[d] & inter
                    if x & (x - 1):
                        gid[d, x] = self.ncand + len(groups)
                        groups.append((d, x, line, box))
        self.groups = groups
        conj: dict[int, int] = {}
        biv: dict[int, int] = {}

        def single(d: int, x: int) -> int:
            """The node of digit ``d`` in the one cell of the bit set ``x``."""
            return (d - 1) * N + x.bit_length() - 1

        def node(d: int, x: int) -> int | None:
            """The node of digit ``d`` in the cells ``x``: a single, or a group (None: not one)."""
            return gid.get((d, x)) if x & (x - 1) else single(d, x)

        def link(a: int, b: int) -> None:
            conj[a] = conj.get(a, 0) | 1 << b
            conj[b] = conj.get(b, 0) | 1 << a

        for h, hb in enumerate(house_bits):
            for d in range(1, n + 1):
                x = where[d] & hb
                if not x & (x - 1):
                    continue
                if not grouped:
                    if x.bit_count() == 2:
                        a, b = node(d, x & -x), node(d, x & (x - 1))
                        if a is not None and b is not None:
                            link(a, b)
                    continue
                for pa, pb in _house_links(shape, h, x):
                    a, b = node(d, pa), node(d, pb)
                    if a is not None and b is not None:
                        link(a, b)
        cand = [0] * N
        for d in range(1, n + 1):
            bit = 1 << d
            m = where[d]
            while m:
                low = m & -m
                cand[low.bit_length() - 1] |= bit
                m ^= low
        for c, m in enumerate(cand):
            if m and m.bit_count() == 2:
                low = m & -m
                d1, d2 = low.bit_length() - 1, (m ^ low).bit_length() - 1
                a, b = (d1 - 1) * N + c, (d2 - 1) * N + c
                biv[a] = 1 << b
                biv[b] = 1 << a
        self.conj, self.biv = conj, biv
        # Weak links of groups, and from candidates to groups.
        gweak: dict[int, int] = {}
        by_house: dict[tuple, int] = {}  # (digit, house) -> node set of the groups in that house
        for i, (d, _x, line, box) in enumerate(groups):
            for h in (line, box):
                by_house[d, h] = by_house.get((d, h), 0) | 1 << (self.ncand + i)
        ncand = self.ncand
        for i, (d, x, line, box) in enumerate(groups):  # bits walked inline: this runs at every position
            g = ncand + i
            gbit = 1 << g
            around = where[d] & (house_bits[line] | house_bits[box]) & ~x
            base = (d - 1) * N
            m = around << base
            others = (by_house[d, line] | by_house[d, box]) & ~gbit
            while others:
                low = others & -others
                others ^= low
                if not groups[low.bit_length() - 1 - ncand][1] & x:
                    m |= low
            gweak[g] = m
            while around:
                low = around & -around
                around ^= low
                k = base + low.bit_length() - 1
                gweak[k] = gweak.get(k, 0) | gbit
        self.gweak = gweak
        self._weak: tuple[dict, dict] = ({}, {})

    # -- links --------------------------------------------------------------------------------
    def weak(self, k: int, same_cell: bool = True) -> int:
        """Node set weakly linked to node ``k`` (memoised: every walk asks for the same nodes)."""
        memo = self._weak[same_cell]
        m = memo.get(k)
        if m is not None:
            return m
        if k >= self.ncand:
            m = self.gweak[k]
        else:
            N = self.N
            d0, c = divmod(k, N)
            m = (self.where[d0 + 1] & self.peer_bits[c]) << (d0 * N)
            if same_cell:
                m |= self.cols[c] & self.packed & ~(1 << k)
            m |= self.gweak.get(k, 0)
        memo[k] = m
        return m

    def digit(self, k: int) -> int:
        """The digit of node ``k``."""
        return self.groups[k - self.ncand][0] if k >= self.ncand else k // self.N + 1

    def cand(self, k: int) -> tuple:
        """The ``(cell, digit)`` pairs of node ``k``."""
        if k >= self.ncand:
            d, x, _, _ = self.groups[k - self.ncand]
            return tuple((c, d) for c in bits(x))
        d0, c = divmod(k, self.N)
        return ((c, d0 + 1),)

    def targets(self, x: int) -> tuple:
        """Eliminations of the candidate nodes in node set ``x``."""
        N = self.N
        out = []
        for k in bits(x & ((1 << self.ncand) - 1)):
            d0, c = divmod(k, N)
            out.append((c, d0 + 1))
        out.sort()
        return tuple(out)


def _walk(g: _Graph, start: int, strong: dict, allowed: int, same_cell: bool,
          parents: bool = False) -> tuple[list[int], dict[tuple[str, int], int]]:
    """Breadth-first walk from "``start`` false": the node sets proven true, layer by layer (and, with
    ``parents``, the parent of every literal reached: ``("on", k)`` / ``("off", k)``)."""
    on, off, frontier = 0, 1 << start, 1 << start
    layers: list[int] = []
    par: dict[tuple[str, int], int] = {}
    weak = g.weak
    for _ in range(MAX_DEPTH // 2 + 1):
        new_on = 0
        for i in bits(frontier):
            s = strong.get(i, 0) & allowed & ~on & ~new_on
            if s:
                new_on |= s
                if parents:
                    for j in bits(s):
                        par["on", j] = i
        if not new_on:
            break
        on |= new_on
        layers.append(new_on)
        new_off = 0
        for j in bits(new_on):
            w = weak(j, same_cell) & allowed & ~off & ~new_off
            if w:
                new_off |= w
                if parents:
                    for k in bits(w):
                        par["off", k] = j
        off |= new_off
        frontier = new_off
    return layers, par


def _layers(g: _Graph, start: int, strong: dict, allowed: int, same_cell: bool,
            depth: int = MAX_DEPTH // 2 + 1, sources: int = -1) -> list[int]:
    """The first ``depth`` layers of :func:`_walk` without the parents (the search's inner loop, bits
    inlined). ``sources``: a node set holding every node of ``strong`` (the nodes with a strong link; the
    others of a frontier, most of it, lead nowhere and are not looked up)."""
    on, off, frontier = 0, 1 << start, 1 << start
    layers = []
    weak = g.weak
    known = g._weak[same_cell].get  # weak()'s memo, read directly (a call less per node)
    get = strong.get
    for _ in range(depth):
        new_on = 0
        f = frontier & sources
        while f:
            low = f & -f
            f ^= low
            s = get(low.bit_length() - 1)
            if s:
                new_on |= s
        new_on &= allowed & ~on
        if not new_on:
            break
        on |= new_on
        layers.append(new_on)
        new_off = 0
        f = new_on
        while f:
            low = f & -f
            f ^= low
            k = low.bit_length() - 1
            w = known(k)
            new_off |= weak(k, same_cell) if w is None else w
        new_off &= allowed & ~off
        off |= new_off
        frontier = new_off
    return layers


def _path(g: _Graph, start: int, end: int, strong: dict, allowed: int, same_cell: bool,
          walks: dict[int, dict] | None = None) -> list[int]:
    """Nodes of a shortest chain start = ... = end (start, end included). ``walks`` keeps the walk
    from each start (its parents), for the next chain from the same start."""
    par = None if walks is None else walks.get(start)
    if par is None:
        _, par = _walk(g, start, strong, allowed, same_cell, parents=True)
        if walks is not None:
            walks[start] = par
    path = [end]
    k = par["on", end]
    while True:
        path.append(k)
        if k == start:
            break
        path.append(par["off", k])
        k = par["on", path[-1]]
    path.reverse()
    return path


def _links(g: _Graph, path: list[int], loop: bool = False) -> tuple:
    links = tuple((g.cand(a), g.cand(b), i % 2 == 0) for i, (a, b) in enumerate(pairwise(path)))
    if loop:
        links += ((g.cand(path[-1]), g.cand(path[0]), False),)
    return links


def _strong(g: _Graph, kind: str) -> dict:
    if kind == "x":
        return g.conj
    if kind == "xy":
        return g.biv
    merged = dict(g.conj)
    for k, v in g.biv.items():
        merged[k] = merged.get(k, 0) | v
    return merged


def _scopes(g: _Graph, kind: str) -> list[int]:
    """The node sets a chain of ``kind`` may use: one per digit for X-Chains."""
    if kind == "x":
        return [(g.where[d] << ((d - 1) * g.N)) for d in range(1, g.n + 1)]
    if kind == "xy":
        return [sum(1 << k for k in g.biv)]
    return [(1 << (g.ncand + len(g.groups))) - 1]


def _scope_of(g: _Graph, kind: str, x: int) -> int:
    return _scopes(g, kind)[x // g.N if kind == "x" else 0]


@lru_cache(maxsize=16)
def _graph(shape: tuple, where: tuple, grouped: bool) -> _Graph:
    return _Graph(shape, where, grouped)


def _depth(max_links: int | None) -> int:
    """Layers of the walk that reach every chain of at most ``max_links`` links (a loop has one more)."""
    full = MAX_DEPTH // 2 + 1
    return full if max_links is None else max(1, min(full, (max_links - 1) // 2 + 1))


@lru_cache(maxsize=16)
def _chains(shape: tuple, where: tuple, kind: str, reach: int = MAX_DEPTH // 2 + 1) -> tuple:
    """Every chain of ``kind`` ("x", "xy", "aic", "grouped") that proves something, shortest first, up
    to ``reach`` layers of the walk: ``(links, start, end, placement?, loop?, eliminated node set)``."""
    g = _graph(shape, where, kind == "grouped")
    strong = _strong(g, kind)
    same_cell = kind not in ("x", "xy")
    N = g.N
    packed, weak = g.packed, g.weak
    known = g._weak[True].get  # weak()'s memo, read directly (a call less per end)
    grouped, xy, loops = kind == "grouped", kind == "xy", kind in ("aic", "grouped")
    block = (1 << N) - 1
    sources = 0  # the nodes with a strong link
    for k in strong:
        sources |= 1 << k
    found = []
    for allowed in _scopes(g, kind):
        # Grouped chains may also start at a group, so that both ends are groups.
        starts = allowed if grouped else allowed & ((1 << g.ncand) - 1)
        while starts:  # bits walked inline (every node of the graph is a start)
            low = starts & -starts
            starts ^= low
            x = low.bit_length() - 1
            if not strong.get(x, 0) & allowed:
                continue
            wx = g.weak(x)
            wxp = wx & packed
            layers = _layers(g, x, strong, allowed, same_cell, reach, sources)
            # The ends worth a look: those weakly linked to some candidate weakly linked to x (the links are
            # symmetric, so these are the ends ``e`` below is not empty for), and for a loop those weakly
            # linked to x. Gathered once per start, not asked of every end of every layer (the AICs' layers
            # are wide; an X- or XY-Chain's are narrow, and every end is looked at).
            hit, m = (0, wxp) if loops else (-1, 0)
            while m:
                low = m & -m
                m ^= low
                k = low.bit_length() - 1
                w = known(k)
                hit |= weak(k) if w is None else w
            for depth, layer in enumerate(layers):
                if layer >> x & 1:
                    if x < g.ncand:
                        found.append((2 * depth + 1, 0, x, x, True, False, 0))
                    elif wxp:
                        # "The group is false" proves it true: an AIC whose two ends are the group.
                        found.append((2 * depth + 1, -wxp.bit_count(), x, x, False, False, wxp))
                    layer ^= 1 << x
                if depth == 0 and not grouped:
                    continue  # a single strong link proves nothing new
                if xy:
                    layer &= block << (x // N * N)  # the ends hold the same digit
                may_loop = depth > 0 and loops
                layer &= hit | wx if may_loop else hit
                while layer:
                    low = layer & -layer
                    layer ^= low
                    y = low.bit_length() - 1
                    loop = may_loop and bool(wx & low)
                    w = known(y)
                    e = wxp & (weak(y) if w is None else w)
                    if e or loop:
                        found.append((2 * depth + 1, -e.bit_count(), x, y, False, loop, e))
    found.sort(key=lambda f: f[:4])
    return tuple(found)


def _chain_steps(state: State, kind: str, tech_for: Callable[[bool, bool, list[int], _Graph], str | None],
                 max_links: int | None = None, closed: bool | None = None) -> Iterator[Step]:
    """Steps of the chains of ``kind``; ``tech_for(placement, loop, path)`` names the technique (or
    None to skip the chain). ``max_links`` bounds the search (the rater asks for chains short enough to
    score below a step it has; longer ones may still come, one link over for loops). ``closed``: True
    when ``tech_for`` takes only placements and loops, False when only the others (the rest are
    skipped before their path is traced: a nice-loop finder meets many AICs, and most positions that
    reach the grouped ones have nothing else)."""
    where = tuple(state.where)
    shape = _shape(state.geo)
    found = _chains(shape, where, kind, _depth(max_links))
    if not found:
        return
    g = _graph(shape, where, kind == "grouped")
    strong = _strong(g, kind)
    same_cell = kind not in ("x", "xy")
    seen = set()
    walks: dict[int, dict] = {}
    for _, _, x, y, placement, loop, e in found:
        if closed is not None and closed != (placement or loop):
            continue
        allowed = _scope_of(g, kind, x)
        path = _path(g, x, y, strong, allowed, same_cell, walks)
        tech = tech_for(placement, loop, path, g)
        if tech is None:
            continue
        if loop:
            # Every weak link of the loop (the closing one included) loses what sees both its nodes.
            e = 0
            for a, b in [*zip(path[1::2], path[2::2], strict=False), (path[-1], path[0])]:
                e |= g.weak(a) & g.weak(b) & g.packed
            if not e:
                continue
        places = g.cand(x) if placement else ()
        elims = () if placement else g.targets(e)
        key = (places, elims)
        if key in seen:
            continue
        seen.add(key)
        cands = tuple(dict.fromkeys(cd for k in path for cd in g.cand(k)))
        yield Step(tech, placements=places, eliminations=elims,
                   cells=tuple(dict.fromkeys(c for c, _ in cands)), candidates=cands,
                   digits=tuple(sorted({d for _, d in cands})), links=_links(g, path, loop),
                   variant="loop" if loop else "discontinuous" if placement else
                   ("type1" if g.digit(x) == g.digit(y) else "type2") if tech.endswith("aic") else "")


def find_x_chain(state: State, max_links: int | None = None) -> Iterator[Step]:
    return _chain_steps(state, "x", lambda placement, loop, path, g: None if placement else "x_chain", max_links,
                        closed=False)  # an X-Chain has no loops: "closed" is a placement


def find_xy_chain(state: State, max_links: int | None = None) -> Iterator[Step]:
    return _chain_steps(state, "xy", lambda placement, loop, path, g: None if placement else "xy_chain",
                        max_links, closed=False)  # nor has an XY-Chain


def find_nice_loop(state: State, max_links: int | None = None) -> Iterator[Step]:
    return _chain_steps(state, "aic", lambda placement, loop, path, g: "nice_loop" if placement or loop else None,
                        max_links, closed=True)


def find_aic(state: State, max_links: int | None = None) -> Iterator[Step]:
    return _chain_steps(state, "aic", lambda placement, loop, path, g: None if placement or loop else "aic",
                        max_links, closed=False)


def _uses_group(path: Sequence[int], g: _Graph) -> bool:
    return any(k >= g.ncand for k in path)


def find_grouped_nice_loop(state: State, max_links: int | None = None) -> Iterator[Step]:
    return _chain_steps(state, "grouped", lambda placement, loop, path, g:
                        "grouped_nice_loop" if (placement or loop) and _uses_group(path, g) else None,
                        max_links, closed=True)


def find_grouped_aic(state: State, max_links: int | None = None) -> Iterator[Step]:
    return _chain_steps(state, "grouped", lambda placement, loop, path, g:
                        "grouped_aic" if not (placement or loop) and _uses_group(path, g) else None,
                        max_links, closed=False)


def find_remote_pair(state: State) -> Iterator[Step]:
    """Bivalue cells with the same two digits, each seeing the next: the cells alternate between the two
    digits, so two cells an odd number of steps apart hold both digits between them, and a cell seeing
    both loses both. Only pairs at least three steps apart are reported (one step is a Naked Pair)."""
    cand, peer_bits = state.cand, state.t.peer_bits
    by_mask: dict[int, list[int]] = {}
    for c, m in enumerate(cand):
        if m and m.bit_count() == 2:
            by_mask.setdefault(m, []).append(c)
    for m, cells in sorted(by_mask.items()):
        if len(cells) < 4:
            continue
        cellset = sum(1 << c for c in cells)
        digits = tuple(bits(m))
        others = 0
        for d in digits:
            others |= state.where[d]
        others &= ~cellset
        done = 0
        for root in cells:
            if done >> root & 1:
                continue
            dist, parent, order = {root: 0}, {root: -1}, [root]  # -1: the root has no parent
            for c in order:
                for o in bits(peer_bits[c] & cellset):
                    if o not in dist:
                        dist[o] = dist[c] + 1
                        parent[o] = c
                        order.append(o)
            for c in order:
                done |= 1 << c
            if len(order) < 4:
                continue
            for i, a in enumerate(order):
                for b in order[i + 1:]:
                    if (dist[a] + dist[b]) % 2 == 0:
                        continue
                    # A path a .. b through the tree; its length is odd, so a and b hold different digits.
                    pa, pb = [a], [b]
                    while pa[-1] >= 0:
                        pa.append(parent[pa[-1]])
                    while pb[-1] >= 0:
                        pb.append(parent[pb[-1]])
                    pa, pb = pa[:-1], pb[:-1]
                    while len(pa) > 1 and len(pb) > 1 and pa[-2] == pb[-2]:
                        pa.pop()
                        pb.pop()
                    path = pa + pb[-2::-1] if pa[-1] == pb[-1] else pa + pb[::-1]
                    if len(path) < 4 or any(not peer_bits[u] >> v & 1 for u, v in pairwise(path)):
                        continue
                    elim = others & peer_bits[a] & peer_bits[b]
                    if not elim:
                        continue
                    elims = tuple(sorted((c, d) for c in bits(elim) for d in digits if cand[c] >> d & 1))
                    links = []
                    for u, v in pairwise(path):
                        links.append((((u, digits[0]), (u, digits[1])), ((v, digits[0]), (v, digits[1])), False))
                    yield Step("remote_pair", eliminations=elims, cells=tuple(path),
                               candidates=tuple((c, d) for c in path for d in digits), digits=digits,
                               links=tuple(links))
