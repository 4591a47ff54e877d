"""Facts about the geometry tables, for every supported box shape."""

import pytest

from sudoku_core.grid import STANDARD_BOXES, box_shape, geometry, geometry_for_side

SHAPES = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 5)]


@pytest.mark.parametrize(("br", "bc"), SHAPES)
def test_tables(br, bc):
    g = geometry(br, bc)
    n = br * bc
    assert g.n == n and g.ncells == n * n
    assert len(g.houses) == 3 * n
    for house in g.houses:
        assert len(house) == n == len(set(house))
    # Every cell lies in exactly one row, one column and one box.
    for kind in range(3):
        cells = [c for h in g.houses[kind * n:(kind + 1) * n] for c in h]
        assert sorted(cells) == list(range(n * n))
    # Peers: 2(n-1) along the lines plus the rest of the box.
    expected_peers = 2 * (n - 1) + (n - br - bc + 1)
    for c in range(n * n):
        assert len(g.peers[c]) == expected_peers
        assert c not in g.peers[c]
        for h in g.cell_houses[c]:
            assert c in g.houses[h]


def test_9x9_numbers():
    g = geometry_for_side(9)
    assert len(g.peers[40]) == 20
    assert g.houses[18 + 4] == (30, 31, 32, 39, 40, 41, 48, 49, 50)
    assert g.cell_name(80) == "r9c9" and g.house_name(26) == "box 9"


def test_rectangular_boxes_are_wider_than_tall_by_default():
    assert box_shape(6) == (2, 3) and box_shape(12) == (3, 4)
    assert geometry_for_side(6, box=(3, 2)).box_rows == 3


def test_bad_shapes_have_readable_errors():
    with pytest.raises(ValueError, match="7x7 grid has no standard box shape"):
        box_shape(7)
    with pytest.raises(ValueError, match="do not tile"):
        box_shape(9, (2, 4))
    assert all(r * c == n for n, (r, c) in STANDARD_BOXES.items())
