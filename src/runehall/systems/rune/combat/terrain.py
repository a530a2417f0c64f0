"""Terrain on the map of a fight (data/terrain.toml, validated when it loads): areas of slippery, uneven or sloped
ground, raised levels and pits, Balance surfaces, water, darkness, gloom, fog, damaging places and limited exits.

An area is a rectangle of whole paces [x0, y0, x1, y1], edges included. Everything here is pure: what an area is,
which areas hold a point, which part of a straight move lies inside each, what a pace costs there, who stands
higher. combat/footing.py applies it to the fight (the rolls it calls for).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import pairwise
from typing import Literal

from pydantic import Field, field_validator, model_validator

from runehall.errors import Invalid, RulesDataError, typed_only
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.data import load_data, read_data_file
from runehall.systems.rune.combat.geometry import Point
from runehall.systems.rune.combat.settings import PACKAGE, Row
from runehall.systems.rune.limits import Coordinate, MapPoint

KINDS = (
    "slippery", "uneven", "slope", "level", "balance_surface", "calm_water", "choppy_water", "raging_water",
    "darkness", "gloom", "fog", "damaging", "exit",
)  # fmt: skip
FPoint = tuple[Fraction, Fraction]


# -- terrain.toml ---------------------------------------------------------------------------------------
class Feature(Row):
    id: str
    name: str
    move_multiplier: Fraction | None = Field(None, gt=0)
    uphill: Fraction | None = Field(None, gt=0)
    downhill: Fraction | None = Field(None, gt=0)
    move_table: Literal["balance", "swim"] | None = None
    swim_factor: str | None = None
    slip_above_paces: int | None = Field(None, ge=0)
    slip_difficulty: int | None = Field(None, ge=0)
    knockdown_raw: int | None = Field(None, ge=1)
    roll_down_if_failed_by_more_than: int | None = Field(None, ge=0)
    roll_down_paces_per_point: int | None = Field(None, ge=1)
    engagement_bonus: int | None = None
    roll_decrease: int | None = Field(None, ge=1)
    obscures: bool = False
    stamina_difficulty: int | None = Field(None, ge=0)
    heroes_per_round: int | None = Field(None, ge=1)
    high_ground: bool = False

    @model_validator(mode="after")
    def _whole(self) -> Feature:
        if (self.uphill is None) != (self.downhill is None):
            raise Invalid(N_("{id}: a slope gives both uphill and downhill"), id=self.id)
        if (self.slip_above_paces is None) != (self.slip_difficulty is None):
            raise Invalid(N_("{id}: slip_above_paces and slip_difficulty go together"), id=self.id)
        if (self.roll_down_paces_per_point is None) != (self.roll_down_if_failed_by_more_than is None):
            raise Invalid(N_("{id}: the two roll_down values go together"), id=self.id)
        if self.roll_down_paces_per_point is not None and self.knockdown_raw is None:
            raise Invalid(
                N_("{id}: rolling down follows a knockdown{field}"), id=self.id, field=typed_only(" (knockdown_raw)")
            )
        if self.swim_factor is not None:
            if self.move_table != "swim":
                raise Invalid(
                    N_("{id}: swim_factor is for water{field}"), id=self.id, field=typed_only(" (move_table swim)")
                )
            if self.swim_factor != "option" and Fraction(self.swim_factor) <= 0:
                raise Invalid(N_("{id}: swim_factor must be above 0 or 'option'"), id=self.id)
        return self


class Direction(Row):
    faces: tuple[int, int]
    turn_degrees: Literal[-45, 0, 45]


class Jump(Row):
    over: Literal["barrier", "cover_third", "cover_half", "cover_full"]
    difficulty: int = Field(ge=0)


class RandomFeature(Row):
    roll: tuple[int, int]
    feature: str
    cost: int


class HighGround(Row):
    init_bonus: int
    init_penalty: int


class Elevation(Row):
    feet_per_step: int = Field(ge=1)
    cover_change_per_step: int = Field(ge=0)


class Light(Row):
    characteristics: tuple[str, ...]
    light_radius: int = Field(ge=0)


class TerrainFile(Row):
    feature: tuple[Feature, ...]
    high_ground: HighGround
    elevation: Elevation
    light: Light
    roll_direction: tuple[Direction, ...]
    jump: tuple[Jump, ...]
    random_feature: tuple[RandomFeature, ...]

    @model_validator(mode="after")
    def _complete(self) -> TerrainFile:
        ids = [f.id for f in self.feature]
        if sorted(ids) != sorted(KINDS):
            raise Invalid(N_("the features must be exactly {kinds}"), kinds=", ".join(KINDS))
        tables = {t["id"] for t in read_data_file(PACKAGE, "movement.toml")["table"]}
        for f in self.feature:
            if f.move_table is not None and f.move_table not in tables:
                raise Invalid(N_("{id}: movement.toml has no table {move_table!r}"), id=f.id, move_table=f.move_table)
        _covers("roll_direction", [d.faces for d in self.roll_direction], 10)
        _covers("random_feature", [r.roll for r in self.random_feature], 100)
        if sorted(j.over for j in self.jump) != sorted(("barrier", "cover_third", "cover_half", "cover_full")):
            raise Invalid(N_("jump needs one Difficulty for a barrier and for each size of cover"))
        return self


def _covers(what: str, spans: list[tuple[int, int]], top: int) -> None:
    """The die ranges run from 1 to `top` in order, without a gap or an overlap."""
    ordered = sorted(spans)
    if not ordered or ordered[0][0] != 1 or ordered[-1][1] != top:
        raise Invalid(N_("{what} must cover 1 to {top}"), what=what, top=top)
    for (_, end), (start, _) in pairwise(ordered):
        if start != end + 1:
            raise Invalid(N_("{what}: faces {end} and {start} leave a gap or overlap"), what=what, end=end, start=start)
    if any(low > high for low, high in ordered):
        raise Invalid(N_("{what}: a range runs backwards"), what=what)


@cache
def terrain() -> TerrainFile:
    return load_data(PACKAGE, "terrain.toml", TerrainFile)


def feature(kind: str) -> Feature:
    found = next((f for f in terrain().feature if f.id == kind), None)
    if found is None:
        raise RulesDataError(N_("terrain.toml has no feature {kind!r}"), kind=kind)
    return found


# -- areas on the map ---------------------------------------------------------------------------------
class Zone(RulesModel):
    kind: str = Field(description=f"One of: {', '.join(KINDS)}.")
    name: str | None = Field(None, max_length=60, description="A name for it (an exit's name, 'the mud pit').")
    area: tuple[Coordinate, Coordinate, Coordinate, Coordinate] = Field(
        description="The rectangle [x0, y0, x1, y1] in paces, edges included."
    )
    height: int = Field(0, ge=-200, le=200, description="A level's height in feet (negative: a pit or trench).")
    up: MapPoint | None = Field(None, description="A slope: the direction [dx, dy] that runs uphill.")
    dam: int | None = Field(None, ge=1, le=100, description="A damaging place: its Dam rating.")
    per_round: int | None = Field(None, ge=1, le=10, description="An exit: heroes who may flee through it a round.")

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str) -> str:
        if value not in KINDS:
            raise Invalid(N_("{value!r} is not a kind of terrain ({kinds})"), value=value, kinds=", ".join(KINDS))
        return value

    @model_validator(mode="after")
    def _fields(self) -> Zone:
        x0, y0, x1, y1 = self.area
        if x0 > x1 or y0 > y1:
            raise Invalid(
                N_("an area is [x0, y0, x1, y1] with x0 <= x1 and y0 <= y1, not {area}"), area=list(self.area)
            )
        if (self.kind == "slope") != (self.up is not None) or self.up == (0, 0):
            raise Invalid(N_("a slope, and only a slope, gives the direction that runs uphill ('up', not [0, 0])"))
        if (self.kind == "damaging") != (self.dam is not None):
            raise Invalid(N_("a damaging place, and only one, gives its Dam rating ('dam')"))
        if self.height and self.kind != "level":
            raise Invalid(N_("only a level has a height"))
        if self.per_round is not None and self.kind != "exit":
            raise Invalid(N_("only an exit has a number of heroes per round"))
        return self

    @property
    def label(self) -> str:
        return self.name or feature(self.kind).name

    def contains(self, p: Point | FPoint) -> bool:
        x0, y0, x1, y1 = self.area
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1

    def clip(self, a: Point, b: Point) -> tuple[Fraction, Fraction] | None:
        """The part [t0, t1] of the straight move a -> b (t from 0 to 1) inside the area, or None."""
        x0, y0, x1, y1 = self.area
        low, high = Fraction(0), Fraction(1)
        for start, delta, lo, hi in ((a[0], b[0] - a[0], x0, x1), (a[1], b[1] - a[1], y0, y1)):
            if delta == 0:
                if not lo <= start <= hi:
                    return None
                continue
            t_lo, t_hi = Fraction(lo - start, delta), Fraction(hi - start, delta)
            if t_lo > t_hi:
                t_lo, t_hi = t_hi, t_lo
            low, high = max(low, t_lo), min(high, t_hi)
            if low > high:
                return None
        return low, high


def at(zones: tuple[Zone, ...], p: Point | FPoint, kind: str | None = None) -> list[Zone]:
    return [z for z in zones if z.contains(p) and (kind is None or z.kind == kind)]


def elevation(zones: tuple[Zone, ...], p: Point) -> int:
    """Height in feet where p is: the highest level holding it (0 on the floor; a pit below 0)."""
    heights = [z.height for z in at(zones, p, "level")]
    return max(heights) if heights else 0


def higher(zones: tuple[Zone, ...], a: Point, b: Point) -> int:
    """1 if a has the higher ground over b, -1 if b over a, 0 if neither: a higher level, or higher up a slope
    both stand on."""
    ea, eb = elevation(zones, a), elevation(zones, b)
    if ea != eb:
        return 1 if ea > eb else -1
    for slope in at(zones, a, "slope"):
        if slope.contains(b) and slope.up is not None:
            rise = (a[0] - b[0]) * slope.up[0] + (a[1] - b[1]) * slope.up[1]
            return (rise > 0) - (rise < 0)
    return 0


def pieces(zones: tuple[Zone, ...], a: Point, b: Point) -> list[tuple[Fraction, list[Zone]]]:
    """The straight move a -> b cut where it enters or leaves an area: (share of the move, areas it is in)."""
    cuts = {Fraction(0), Fraction(1)}
    for z in zones:
        span = z.clip(a, b)
        if span is not None:
            cuts.update(span)
    out: list[tuple[Fraction, list[Zone]]] = []
    for t0, t1 in pairwise(sorted(cuts)):
        mid = (t0 + t1) / 2
        point = (a[0] + mid * (b[0] - a[0]), a[1] + mid * (b[1] - a[1]))
        out.append((t1 - t0, at(zones, point)))
    return out
