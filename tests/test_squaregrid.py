"""D-grid: square labels, the eight neighbours, the three diagonal rules, exact euclid rounding."""

from __future__ import annotations

from decimal import Decimal, getcontext

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wingbeat.errors import NotationError
from wingbeat.geometry.squaregrid import (
    Compass,
    DiagonalRule,
    Square,
    compare_root_sum,
    grid_distance,
    parse_compass,
    parse_square,
    round_root_sum,
    round_sqrt,
    square_text_window,
)

getcontext().prec = 60


def _decimal_round(b: int, c: int) -> int:
    """b√2 + c√3 rounded with 60 digits: a reference the exact method must match."""
    value = Decimal(2).sqrt() * b + Decimal(3).sqrt() * c
    return int((value + Decimal("0.5")).to_integral_value(rounding="ROUND_FLOOR"))


@pytest.mark.parametrize(("label", "col", "row"), [("A1", 1, 1), ("C4", 3, 4), ("Z26", 26, 26),
                                                   ("AA1", 27, 1), ("ab12", 28, 12)])
def test_square_labels_read_both_ways(label: str, col: int, row: int) -> None:
    """D-grid: squares are labelled like C4 (column letters, row number), and print back."""
    square = parse_square(label)
    assert square == Square(col, row)
    assert str(square) == label.upper()


@given(st.integers(1, 2000), st.integers(1, 2000))
def test_every_square_label_round_trips(col: int, row: int) -> None:
    square = Square(col, row)
    assert parse_square(str(square)) == square


@pytest.mark.parametrize("bad", ["", "4C", "C", "C0", "C-1", "Ç4"])
def test_bad_square_labels_are_notation_errors(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_square(bad)


def test_eight_neighbours_clockwise_from_north() -> None:
    """D-grid: a square has 8 neighbours; N is a row up, E a column right."""
    here = Square(5, 5)
    around = [str(here.neighbour(d)) for d in Compass]
    assert around == ["E4", "F4", "F5", "F6", "E6", "D6", "D5", "D4"]
    assert [d.diagonal for d in Compass] == [False, True] * 4
    for d in Compass:
        there = here.neighbour(d)
        assert there is not None and here.direction_to(there) is d
    assert Square(1, 1).neighbour(Compass.NW) is None
    assert here.direction_to(Square(7, 5)) is None
    assert parse_compass("se") is Compass.SE
    with pytest.raises(NotationError):
        parse_compass("up")


@pytest.mark.parametrize(("gaps", "phb", "dmg", "euclid"), [
    ((0, 0), 0, 0, 0),
    ((1, 0), 5, 5, 5),
    ((1, 1), 5, 5, 5),          # 7.07 ft → 5
    ((2, 2), 10, 15, 15),       # 14.1 → 15
    ((3, 3), 15, 20, 20),       # 21.2 → 20
    ((6, 6), 30, 45, 40),       # 42.4 → 40
    ((4, 1), 20, 20, 20),       # 20.6 → 20
    ((1, 1, 1), 5, 5, 10),      # 8.66 → 10
    ((2, 1, 1), 10, 10, 10),    # 12.2 → 10
])
def test_distance_under_each_diagonal_rule(gaps: tuple[int, ...], phb: int, dmg: int,
                                           euclid: int) -> None:
    """D-grid: phb counts every square as 5 ft, dmg alternates 5/10, euclid rounds true length."""
    assert grid_distance(gaps, DiagonalRule.PHB) == phb
    assert grid_distance(gaps, DiagonalRule.DMG) == dmg
    assert grid_distance(gaps, DiagonalRule.EUCLID) == euclid


@given(st.integers(0, 10**12))
def test_round_sqrt_is_the_nearest_whole_number(n: int) -> None:
    r = round_sqrt(n)
    assert max(0, 2 * r - 1) ** 2 <= 4 * n < (2 * r + 1) ** 2


@given(st.integers(0, 400), st.integers(0, 400))
def test_round_root_sum_matches_a_60_digit_reference(b: int, c: int) -> None:
    """D-grid euclid: rounding b√2 + c√3 exactly, never with floats."""
    assert round_root_sum(b, c) == _decimal_round(b, c)


@given(st.integers(-300, 300), st.integers(-300, 300), st.integers(-900, 900))
def test_compare_root_sum_has_the_sign_of_the_difference(p: int, q: int, k: int) -> None:
    value = Decimal(2).sqrt() * p + Decimal(3).sqrt() * q - k
    expected = (value > 0) - (value < 0)
    assert compare_root_sum(p, q, k) == expected


@given(st.lists(st.sampled_from([(1, 0), (0, 1)]), max_size=30))
def test_euclid_rounding_never_decreases_along_a_move(steps: list[tuple[int, int]]) -> None:
    """Each step adds at least 5 ft after rounding, so a running total is a fair cost."""
    b = c = 0
    previous = 0
    for db, dc in steps:
        b, c = b + db, c + dc
        now = round_root_sum(b, c)
        assert now >= previous + 1
        previous = now


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 10))
def test_phb_never_exceeds_dmg_and_dmg_never_undercuts_euclid_by_more_than_5(
        dx: int, dy: int, dz: int) -> None:
    """The three rules agree on straight lines and order themselves on diagonals."""
    phb = grid_distance((dx, dy, dz), DiagonalRule.PHB)
    dmg = grid_distance((dx, dy, dz), DiagonalRule.DMG)
    euclid = grid_distance((dx, dy, dz), DiagonalRule.EUCLID)
    assert phb <= dmg
    assert phb <= euclid + 5
    if [dx, dy, dz].count(0) >= 2:
        assert phb == dmg == euclid


def test_text_window_marks_the_creature_walls_and_costs() -> None:
    picture = square_text_window(Square(2, 2), {"C2": "5"}, 4, 3, radius=2,
                                 mark={"B2": "@"}, blocked=frozenset({"A1"}))
    lines = picture.splitlines()
    assert lines[0].split() == ["A", "B", "C", "D"]
    assert lines[1].split() == ["1", "#", ".", ".", "."]
    assert lines[2].split() == ["2", ".", "@", "5", "."]
