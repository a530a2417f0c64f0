"""A fight set up from lists (issue 13): the table's characters ticked in, foes picked from the system's data
with their numbers shown and editable, everyone on a side, standing somewhere, played by someone.

A tracker that fights says how its fights are set up (`Tracker.lineup`): the kinds of foe its data offers,
the numbers a foe row shows (one small model for every kind, its defaults worked out by
`Tracker.foe_numbers` from the kind, the rank or category chosen and the heroes in the fight), the sides,
whether people stand on a map, and the rest of the setup (terrain) as ordinary fields. The web draws one
setup screen from it for every system; `Tracker.lineup_setup` turns the rows into the setup the tracker
starts from, so the stored event is the same whole setup the API and the CLI take.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True, slots=True)
class FoeKind:
    """One kind of foe in the system's data (a rank-2 shieldbearer, a rock goblin), in the reader's words."""

    id: str
    name: str
    group: str = ""  # the heading it is listed under (Goblins, Dwarves; Warbands)
    hint: str = ""  # a line about it (its benchmark, its maximum threat)
    shows: tuple[str, ...] = ()  # the Numbers fields that matter for it (a Thane has no warband size); () all
    fixed: tuple[
        str, ...
    ] = ()  # those the rules set from the others (a Shieldbearer's Defence by its rank): shown, not typed


@dataclass(frozen=True, slots=True)
class Lineup:
    """How a tracker's fights are set up. `Numbers` is the model of a foe row's editable values (count,
    rank, threat, hit points, weapon...): drawn as ordinary fields; a field whose schema says
    `"x-derives": true` (a rank, a threat category) works the others out again when it changes. `sides` are
    (key, words), the characters' default first and the foes' second. `places`: each combatant starts at a
    point (x, y) in `unit` on the tracker's map. `Extras`: the rest of the setup (terrain), as fields."""

    foes: tuple[FoeKind, ...]
    Numbers: type[BaseModel]
    sides: tuple[tuple[str, str], ...]
    most: int  # combatants at most (the tracker's own cap)
    places: bool = False
    unit: str = ""
    Extras: type[BaseModel] | None = None
    everyone: bool = False  # any player setting it up ticks in every character of the table, not only his own
    # (a Rune runner, a player like the others, runs his encounter for all the heroes)
    # Words for a lineup that is no fight (a Rune encounter): the ticked column's heading, the start button's.
    ticked: str = ""
    go: str = ""
    # Two `x-lineup` Extras fields (a, b): the character a names is played by whoever plays the one b names (a
    # Rune runner's own hero, by his proxy's player).
    played_with: tuple[str, str] | None = None


# An Extras field whose schema says `"x-lineup": "own"` names one of the ticked characters, chosen from a list:
# by default the one the person setting it up plays; `"x-lineup": "next"`, the ticked one after it.
OWN, NEXT = "own", "next"


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a lineup as the person filled it: a character of the table (`sheet`) or a foe (`foe`, a
    FoeKind id, with its `numbers`), its name, side and starting place."""

    name: str
    side: str
    sheet: Mapping[str, Any] | None = None
    foe: str | None = None
    numbers: Mapping[str, Any] = field(default_factory=dict)
    at: tuple[float, float] | None = None
    character: str | None = None  # the table character a row was ticked in from (its id), if any


@dataclass(frozen=True, slots=True)
class LineupSetup:
    """What a lineup becomes: the tracker's setup (its JSON, as the API takes it) and, for each entry in
    order, the combatant keys it became (a foe row of three goblins is three combatants), so whoever plays a
    row is handed them all."""

    setup: dict[str, Any]
    keys: tuple[tuple[str, ...], ...]
