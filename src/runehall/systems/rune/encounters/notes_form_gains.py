"""Treasure and the other gains as rows of the notes designer's form (notes_form.py): the kind of gain, how the
heroes come by it, and the one or few numbers gains.py models for that kind (each shown only for its kind:
`x-when`). `gain_element` turns a row into an `Element` as design.py reads it; `gain_row` is the way back, None
for an element the row cannot hold whole (kept as written instead, notes_form.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.design import MAX_EVENTS_READ, MAX_NAME, MAX_ROLLS_PER_EVENT, Element
from runehall.systems.rune.encounters.gains import Category, Deity, How
from runehall.systems.rune.encounters.gains_pricing import TREASURE
from runehall.systems.rune.encounters.notes_form_traps import Places, on, roll_id, roll_number
from runehall.systems.rune.encounters.roll_words import DEITY_NAMES

GainKind = Literal[
    "treasure",
    "silver",
    "liars_silver",
    "carrot",
    "healing",
    "invigoration",
    "bargaining",
    "loot_cache",
    "shrine",
    "vp_award",
    "go_home",
]
LOOT = ("treasure", "silver", "liars_silver")  # an element of kind "treasure"; the others are "gain"s
# A row's numbers and the gain's own fields where they are named otherwise.
OWN = {"target_event": None, "roll": None, "name": None, "kind": None, "how": None}


class GainRow(RulesModel):
    kind: GainKind = Field("treasure", title=N_("Gain"))
    name: str = Field("", max_length=MAX_NAME, title=N_("Name"), description=N_("Empty: said from the gain."))
    how: How = Field("plain_sight", title=N_("How the heroes come by it"))
    roll: int = Field(
        1,
        ge=1,
        le=MAX_ROLLS_PER_EVENT,
        title=N_("Won by roll"),
        description=N_("Its number among this event's rolls (1: the first)."),
        json_schema_extra=on("how", "roll"),
    )
    category: Category = Field("C", title=N_("Treasure category"), json_schema_extra=on("kind", "treasure"))
    ounces: int = Field(3, ge=1, le=100, title=N_("Ounces"), json_schema_extra=on("kind", "silver"))
    pieces: int = Field(1, ge=1, le=100, title=N_("Pieces"), json_schema_extra=on("kind", "liars_silver"))
    target: int = Field(
        1, ge=1, le=MAX_ROLLS_PER_EVENT, title=N_("Adds to roll"), json_schema_extra=on("kind", "carrot")
    )
    target_event: int | None = Field(
        None,
        ge=1,
        le=MAX_EVENTS_READ,
        title=N_("Of event"),
        description=N_("Empty: this one."),
        json_schema_extra=on("kind", "carrot"),
    )
    bonus: int = Field(2, ge=1, le=60, title=N_("Bonus"), json_schema_extra=on("kind", "carrot", "go_home"))
    init: bool = Field(False, title=N_("INIT points"), json_schema_extra=on("kind", "carrot"))
    rounds: int = Field(1, ge=1, le=20, title=N_("Rounds"), json_schema_extra=on("kind", "carrot"))
    hours: int = Field(
        0,
        ge=0,
        le=100_000,
        title=N_("Longest stay (hours)"),
        description=N_("0: no limit."),
        json_schema_extra=on("kind", "healing"),
    )
    points: int = Field(1, ge=1, le=10, title=N_("Points"), json_schema_extra=on("kind", "invigoration"))
    specific: Literal["general", "combat", "other"] = Field(
        "general", title=N_("On which rolls"), json_schema_extra=on("kind", "invigoration")
    )
    combats: int = Field(0, ge=0, le=4, title=N_("Fights in its window"), json_schema_extra=on("kind", "invigoration"))
    trap_rolls: int = Field(
        0, ge=0, le=60, title=N_("Trap rolls in its window"), json_schema_extra=on("kind", "invigoration")
    )
    gain_rolls: int = Field(
        0, ge=0, le=60, title=N_("Gain rolls in its window"), json_schema_extra=on("kind", "invigoration")
    )
    freestanding: int = Field(
        0, ge=0, le=60, title=N_("Freestanding rolls in its window"), json_schema_extra=on("kind", "invigoration")
    )
    merchant_bonus: int = Field(
        0, ge=0, le=40, title=N_("The merchant's Bargain bonus"), json_schema_extra=on("kind", "bargaining")
    )
    recovery: int = Field(5, ge=1, le=20, title=N_("Recovery Difficulty"), json_schema_extra=on("kind", "loot_cache"))
    deity: Deity = Field("odin", title=N_("God"), json_schema_extra=on("kind", "shrine"))
    vp: int = Field(
        10,
        ge=0,
        le=1000,
        title=N_("Victory points"),
        description=N_("0: it varies."),
        json_schema_extra=on("kind", "vp_award"),
    )
    award: Literal["mutual", "singular"] = Field(
        "mutual", title=N_("Awarded"), json_schema_extra=on("kind", "vp_award")
    )


GAIN_LABELS: dict[str, dict[str, str]] = {
    "kind": {
        "treasure": N_("treasure of a category"),
        "silver": N_("paltry silver"),
        "liars_silver": N_("liar's silver"),
        "carrot": N_("a carrot"),
        "healing": N_("a healing opportunity"),
        "invigoration": N_("invigoration"),
        "bargaining": N_("a bargaining opportunity"),
        "loot_cache": N_("a loot cache"),
        "shrine": N_("a shrine"),
        "vp_award": N_("a victory point award"),
        "go_home": N_("a reason to go home"),
    },
    "how": {
        "plain_sight": N_("in plain sight"),
        "roll": N_("behind a roll"),
        "after_danger": N_("after a danger"),
        "runner_controlled": N_("when the runner says"),
        "out_of_reach": N_("out of reach"),
    },
    "category": {c: c for c in "ABCDEF"},
    "specific": {"general": N_("every roll"), "combat": N_("combat rolls"), "other": N_("one other kind of roll")},
    "deity": dict(DEITY_NAMES),
    "award": {"mutual": N_("to every hero"), "singular": N_("to one hero")},
}
FIELDS = {
    "treasure": ("category",),
    "silver": ("ounces",),
    "liars_silver": ("pieces",),
    "carrot": ("target", "bonus", "init", "rounds"),
    "healing": ("hours",),
    "invigoration": ("points", "combats", "trap_rolls", "gain_rolls", "freestanding", "specific"),
    "bargaining": ("merchant_bonus",),
    "loot_cache": ("recovery",),
    "shrine": ("deity",),
    "vp_award": ("vp", "award"),
    "go_home": ("bonus",),
}


def gain_element(row: Mapping[str, Any], event: int, number: int, words: Words) -> dict[str, Any]:
    """The row as an element of the notes (a dict for design.py to validate); its id is "e1-g2"."""
    kind = str(row.get("kind", "treasure"))
    gain: dict[str, Any] = {"kind": kind, "how": row.get("how", "plain_sight")}
    gain |= {k: row[k] for k in FIELDS.get(kind, ()) if row.get(k) is not None}
    if kind == "carrot":
        gain["target"] = roll_id((row.get("target_event") or event + 1) - 1, row.get("target") or 1)
    if kind == "healing" and not row.get("hours"):
        gain["hours"] = None  # no limit
    if kind == "vp_award" and not row.get("vp"):
        gain["vp"] = None  # it varies
    said = words(GAIN_LABELS["kind"].get(kind, N_("a gain")))
    if kind == "treasure":
        said = words(TREASURE, category=gain.get("category", "C"))
    element = {"id": f"e{event + 1}-g{number}", "name": row.get("name") or said[:1].upper() + said[1:]}
    element["kind"] = "treasure" if kind in LOOT else "gain"
    if gain["how"] == "roll":
        element["roll"] = roll_id(event, row.get("roll") or 1)
    return element | {"gain": gain}


def gain_row(element: Element, event: int, places: Places) -> dict[str, Any] | None:
    """An element with a gain as the form's row, or None when the row cannot hold it whole."""
    g = element.gain
    if g is None or element.lines or element.trap is not None:
        return None
    given = g.model_dump()
    row: dict[str, Any] = {"kind": g.kind, "name": element.name, "how": g.how}
    row |= {k: v for k, v in given.items() if k in GainRow.model_fields and k not in OWN}
    if element.roll is not None:
        row["roll"] = roll_number(places, element.roll, event)[0]
    if g.kind == "carrot":
        row["target"], row["target_event"] = roll_number(places, given["target"], event)
    if g.kind == "healing" and given.get("hours") is None:
        row["hours"] = 0
    if g.kind == "vp_award" and given.get("vp") is None:
        row["vp"] = 0
    return row
