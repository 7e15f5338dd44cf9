"""V-grid: doubled coordinates, labels, directions, distance and frontal hexes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wingbeat import Direction, Hex, NotationError, hex_distance, parse_direction, parse_hex
from wingbeat.geometry.labels import column_label, parse_column


def hexes(max_col: int = 80, max_row: int = 120) -> st.SearchStrategy[Hex]:
    return st.builds(
        lambda c, r: Hex(c, r if (c + r) % 2 == 0 else r + 1),
        st.integers(1, max_col),
        st.integers(1, max_row),
    )


@pytest.mark.parametrize(("index", "label"), [(1, "A"), (20, "T"), (26, "Z"), (27, "AA"),
                                               (40, "AN"), (52, "AZ"), (53, "BA"), (702, "ZZ"),
                                               (703, "AAA")])
def test_column_labels(index: int, label: str) -> None:
    assert column_label(index) == label
    assert parse_column(label) == index


def test_column_labels_round_trip_over_a_whole_range() -> None:
    for index in range(1, 2000):
        assert parse_column(column_label(index)) == index


def test_every_cell_label_of_a_40_by_60_map_round_trips() -> None:
    """V-grid: the map of DESIGN.md (A..AN, 1..60), cells where column + row is even."""
    cells = [Hex(c, r) for c in range(1, 41) for r in range(1, 61) if (c + r) % 2 == 0]
    assert len(cells) == 1200
    for cell in cells:
        assert parse_hex(str(cell)) == cell
    assert str(Hex(20, 34)) == "T34"
    assert str(Hex(40, 60)) == "AN60"


@given(hexes())
def test_label_round_trip(cell: Hex) -> None:
    assert parse_hex(str(cell)) == cell
    assert parse_hex(str(cell).lower()) == cell


@pytest.mark.parametrize("bad", ["T33", "", "34", "T", "T0", "7T", "T-3", "Ü3", "A 2"])
def test_bad_labels_are_notation_errors(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_hex(bad)


def test_odd_cell_message_explains_doubled_coordinates() -> None:
    with pytest.raises(NotationError, match="column index \\+ row must be even"):
        parse_hex("T33")


def test_neighbours_follow_the_spec() -> None:
    """V-grid: N (0,−2), NE (+1,−1), SE (+1,+1), S (0,+2), SW (−1,+1), NW (−1,−1)."""
    t34 = parse_hex("T34")
    assert {d.name: str(t34.neighbour(d)) for d in Direction} == {
        "N": "T32", "NE": "U33", "SE": "U35", "S": "T36", "SW": "S35", "NW": "S33"}
    assert parse_hex("A3").neighbour(Direction.NW) is None


@given(hexes(), hexes())
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)


@given(hexes(), hexes(), hexes())
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@given(hexes(40, 60), st.lists(st.sampled_from(list(Direction)), max_size=12))
def test_distance_never_exceeds_the_steps_walked(start: Hex, walk: list[Direction]) -> None:
    cell: Hex | None = start
    for d in walk:
        nxt = cell.neighbour(d) if cell else None
        if nxt is None:
            return
        cell = nxt
        assert hex_distance(start, cell) <= len(walk)
    for d in Direction:
        other = start.neighbour(d)
        if other is not None:
            assert hex_distance(start, other) == 1


def _frontal(came: str, now: str) -> set[str]:
    a, b = parse_hex(came), parse_hex(now)
    heading = a.direction_to(b)
    assert heading is not None
    return {str(c) for c in b.frontal(heading) if c is not None}


def test_seed_frontal_hexes_q13_to_p14() -> None:
    """V-inertia, seed 000: after Q13 → P14 the three frontal hexes are O13, O15, P16."""
    assert _frontal("Q13", "P14") == {"O13", "O15", "P16"}


def test_seed_frontal_hexes_t32_to_t34_include_u35() -> None:
    """V-inertia, seed 000: after T32 → T34 the frontal hexes include U35."""
    assert "U35" in _frontal("T32", "T34")


def test_seed_frontal_hexes_u33_to_t34() -> None:
    """V-inertia, seed 000: after U33 → T34 the frontal hexes are S33, S35, T36."""
    assert _frontal("U33", "T34") == {"S33", "S35", "T36"}


def test_directions_parse_and_turn() -> None:
    assert parse_direction("ne") is Direction.NE
    assert Direction.N.turned(-1) is Direction.NW
    assert Direction.SW.opposite is Direction.NE
    assert Direction.N.angle_to(Direction.S) == 3
    with pytest.raises(NotationError):
        parse_direction("up")


def test_the_old_spelling_of_neighbour_still_works() -> None:
    """``Hex`` is public: code written against ``Hex.neighbor`` (wingbeat 0.1) keeps working."""
    t34 = parse_hex("T34")
    assert [t34.neighbor(d) for d in Direction] == [t34.neighbour(d) for d in Direction]
