"""What combat reads besides its state: the options (with the register's defaults, so it works before the
system declares its own Options model), the rules data, and the stress rolls made through an action's source.

Option names are the ids of data/options.toml; `opt(options, id)` takes the table's value when the options
model has that field and the register's default otherwise. Numbers the rules fix (modifier values, ranges,
Difficulties) are read from the data files, never restated here.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from runehall.chance.dice import StressDie
from runehall.chance.sources import Source
from runehall.errors import RulesDataError
from runehall.present.words import N_
from runehall.systems.data import read_data_file

PACKAGE = "runehall.systems.rune"
UNKNOWN = "unknown"


def fold(text: str) -> str:
    """A name as compared: case, accents and surrounding spaces ignored."""
    decomposed = unicodedata.normalize("NFD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# -- options -------------------------------------------------------------------------------------------
@cache
def option_defaults() -> dict[str, Any]:
    defaults: dict[str, Any] = {}
    for entry in read_data_file(PACKAGE, "options.toml")["option"]:
        value = entry["default"]
        defaults[entry["id"]] = None if entry["type"] == "int_or_none" and value == "none" else value
    return defaults


def opt(options: Any, name: str) -> Any:
    """The value of option `name` for this table."""
    defaults = option_defaults()
    if name not in defaults:
        raise RulesDataError(N_("combat reads option {name!r}, which options.toml does not declare"), name=name)
    return getattr(options, name, defaults[name])


# -- rules data ----------------------------------------------------------------------------------------
class Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class WeaponRow(Row):
    """What combat needs of a weapons.toml row; lost values stay the string "unknown"."""

    id: str
    name: str
    init: int | str
    atk: int | str
    dfn: int | str
    dam: int | str
    ability: str
    kind: str
    edge: str
    two_handed: bool | str
    complete: bool
    special: str | None = None

    def rating(self, field: str) -> int | None:
        value = getattr(self, field)
        return value if isinstance(value, int) else None


class ShieldRow(Row):
    id: str
    name: str
    dfn: int


@cache
def weapon_rows() -> dict[str, WeaponRow]:
    return {w["id"]: WeaponRow.model_validate(w) for w in read_data_file(PACKAGE, "weapons.toml")["weapon"]}


@lru_cache(maxsize=1024)
def weapon_row(name: str) -> WeaponRow | None:
    """The weapons.toml row a name or id stands for (read on every fold of a fight's log: kept once found)."""
    key = fold(name).replace(" ", "_").replace("-", "_").replace("/", "_")
    rows = weapon_rows()
    if key in rows:
        return rows[key]
    return next((r for r in rows.values() if fold(r.name) == fold(name)), None)


class ArmorRow(Row):
    id: str
    name: str
    init: int | str
    prot: int | str = 0


@cache
def armor_rows() -> dict[str, ArmorRow]:
    return {a["id"]: ArmorRow.model_validate(a) for a in read_data_file(PACKAGE, "armor.toml")["armor"]}


@cache
def shield_rows() -> dict[str, ShieldRow]:
    return {s["id"]: ShieldRow.model_validate(s) for s in read_data_file(PACKAGE, "armor.toml")["shield"]}


@cache
def barb_net() -> dict[str, Any]:
    return dict(read_data_file(PACKAGE, "weapons.toml")["barb_net"])


@cache
def melee() -> dict[str, Any]:
    return dict(read_data_file(PACKAGE, "melee.toml"))


def melee_modifier(modifier_id: str) -> int:
    found = next(m for m in melee()["modifier"] if m["id"] == modifier_id)
    return int(found["value"])


@cache
def missiles() -> dict[str, Any]:
    return dict(read_data_file(PACKAGE, "missiles.toml"))


def missile_modifier(modifier_id: str) -> int:
    found = next(m for m in missiles()["modifier"] if m["id"] == modifier_id)
    return int(found["value"])


def missile_range(kind: str) -> dict[str, Any]:
    return dict(next(r for r in missiles()["range"] if r["kind"] == kind))


@cache
def actions_data() -> dict[str, Any]:
    return dict(read_data_file(PACKAGE, "actions.toml"))


def init_modifier(modifier_id: str) -> int:
    found = next(m for m in actions_data()["init_modifier"] if m["id"] == modifier_id)
    return int(found["value"])


@cache
def recovery() -> dict[str, Any]:
    return dict(read_data_file(PACKAGE, "recovery.toml"))


@cache
def foe_wt() -> dict[str, int]:
    return dict(read_data_file(PACKAGE, "health.toml")["foes"])


@cache
def move_table(table_id: str) -> dict[str, Any]:
    return dict(next(t for t in read_data_file(PACKAGE, "movement.toml")["table"] if t["id"] == table_id))


def table_move(table_id: str, rating: int) -> tuple[int, int]:
    """The two columns (half and full action) of a movement table for a rating; fractions dropped."""
    table = move_table(table_id)
    rows, beyond = table["rows"], table["beyond"]
    rating = max(0, rating)
    if rating < len(rows):
        return int(rows[rating][0]), int(rows[rating][1])
    extra = rating - (len(rows) - 1)
    half = rows[-1][0] + beyond[0] * extra
    full = rows[-1][1] + beyond[1] * extra
    return int(half // 1), int(full // 1)


def sprint_move(rating: int) -> tuple[int, int]:
    """(half, full) paces for a Sprint rating; never below the rating-0 row."""
    return table_move("sprint", rating)


@cache
def combat_moves() -> dict[str, Any]:
    return dict(read_data_file(PACKAGE, "movement.toml")["combat_moves"])


@cache
def steed_full_move() -> int:
    return int(read_data_file(PACKAGE, "movement.toml")["mount"]["steed_full_move"])


# -- rolls ---------------------------------------------------------------------------------------------
def stress(source: Source, quality: bool = False) -> tuple[int, tuple[int, ...]]:
    """One stress roll (a quality roll when `quality`): its result and the faces rolled."""
    die = StressDie(botch=not quality)
    mark = getattr(source, "mark_roll", None)  # a source that keeps where each stress roll lies (supersede.py)
    if mark is not None:
        mark(True)
    faces = die.sample(source)
    if mark is not None:
        mark(False)
    return die.key(faces), faces


def pick(source: Source, count: int) -> tuple[int, int]:
    """A random choice among `count` candidates with a d10: faces past the last whole multiple of `count`
    are rolled again, so each is equally likely (with two candidates: odd the first, even the second).
    Returns (index, face)."""
    if count < 1 or count > 10:
        raise RulesDataError(N_("a d10 picks among 1 to 10 candidates, not {count}"), count=count)
    if count == 1:
        return 0, 0
    limit = 10 - 10 % count
    for _ in range(1000):
        face = source.die(10)
        if face <= limit:
            return (face - 1) % count, face
    raise RulesDataError(N_("no usable d10 face in 1000 rolls"))
