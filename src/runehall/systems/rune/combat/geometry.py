"""Positions on the battlefield: whole paces on a plane, with exact distance tests.

A combatant stands on a point (x, y) in paces. Distances compare squared, so "within 3 paces" and "at least 5
paces" are exact; a straight move is one segment, and "comes within 3 paces of" means the segment passes
within 3 paces of the point.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction
from math import sqrt

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_

Point = tuple[int, int]
Box = tuple[int, int, int, int]  # x0, y0, x1, y1

ENGAGED = 3  # within this many paces of an enemy is to be Engaged with him


def dist2(a: Point, b: Point) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def within(a: Point, b: Point, paces: int) -> bool:
    return dist2(a, b) <= paces * paces


def at_least(a: Point, b: Point, paces: int) -> bool:
    return dist2(a, b) >= paces * paces


def length(a: Point, b: Point) -> float:
    return sqrt(dist2(a, b))


def grown(box: Box | None, points: Iterable[Point]) -> Box | None:
    """The smallest box holding `box` and every point: a box that only grows."""
    listed = list(points)
    xs = [p[0] for p in listed] + ([box[0], box[2]] if box else [])
    ys = [p[1] for p in listed] + ([box[1], box[3]] if box else [])
    return (min(xs), min(ys), max(xs), max(ys)) if xs else box


def shown(paces: float) -> str:
    """A distance as people read it (results stay exact JSON: no floats): "10", "8.94"."""
    return f"{paces:.2f}".rstrip("0").rstrip(".")


TENTHS = N_("{whole}.{tenth}")  # a number to a tenth: the catalog gives each language its decimal mark


def refused_paces(paces: float) -> int | Refusal:
    """Paces to a tenth as a refusal's value, with the reader's decimal mark ("15.8", "15,8"): a refusal's
    plain number reaches the reader as Python writes it."""
    whole, tenth = divmod(round(paces * 10), 10)
    return whole if not tenth else Refusal(TENTHS, {"whole": whole, "tenth": tenth})


def segment_dist2(a: Point, b: Point, p: Point) -> Fraction:
    """Squared distance from p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    if span == 0:
        return Fraction(dist2(a, p))
    t = Fraction((p[0] - a[0]) * dx + (p[1] - a[1]) * dy, span)
    t = min(Fraction(1), max(Fraction(0), t))
    cx, cy = a[0] + t * dx, a[1] + t * dy
    return (p[0] - cx) ** 2 + (p[1] - cy) ** 2


def passes_within(a: Point, b: Point, p: Point, paces: int) -> bool:
    return segment_dist2(a, b, p) <= paces * paces


def straight(path: tuple[Point, ...]) -> bool:
    """Whether a path of points runs along one straight line in one direction."""
    if len(path) < 3:
        return True
    start, end = path[0], path[-1]
    dx, dy = end[0] - start[0], end[1] - start[1]
    for a, b in itertools.pairwise(path):
        sx, sy = b[0] - a[0], b[1] - a[1]
        if sx * dy - sy * dx != 0 or sx * dx + sy * dy < 0:
            return False
    return True


def point(value: object) -> Point:
    """A position given as [x, y] (or "x,y")."""
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",")]
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise Invalid(N_("a position is two whole numbers of paces [x, y], not {value!r}"), value=value)
    try:
        return int(value[0]), int(value[1])
    except (TypeError, ValueError):
        raise Invalid(N_("a position is two whole numbers of paces [x, y], not {value!r}"), value=value) from None
