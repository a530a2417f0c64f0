"""A trap or hazard as a row of the notes designer's form (notes_form.py): what it is rolled on (the event's
roll by its number), whether the heroes set it off by choice, in a fight or not, its damage, a hazard off the
rack, and the ill effects traps.py models, each a plain field (a field that belongs to one choice of a select
is shown only for it: `x-when`). `trap_element` turns a row into an `Element` as design.py reads it; `trap_row`
is the way back, and says None for a trap the row cannot hold whole (several sticks, triggers, a positional
roll...): such an element is kept as written (notes_form.py) rather than cut down.

Rolls are named in the form by their number in the event ("e1-r2" is the first event's second roll), as the
form names them; a stick may fall on a roll of a later event, named by its event's number too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.design import MAX_EVENTS_READ, MAX_NAME, MAX_ROLLS_PER_EVENT, Element
from runehall.systems.rune.encounters.trap_data import Current, Waters
from runehall.systems.rune.encounters.trap_packages import WATERS

Package = Literal["none", "drowning", "falling", "fire", "lost", "grabber", "nuisance", "ambush", "acid"]
Places = Mapping[str, tuple[int, int]]  # a roll's id -> (its event's index, its number in that event)


def on(key: str, *values: str) -> dict[str, Any]:
    """Shown only while the row's `key` holds one of `values`."""
    return {"x-when": {key: list(values)}}


def roll_id(event: int, number: int | None) -> str | None:
    """The id the form gives the `number`th roll of the event at index `event`."""
    return None if not number else f"e{event + 1}-r{number}"


def roll_number(places: Places, ref: str | None, event: int) -> tuple[int | None, int | None]:
    """(number, event number or None for the row's own event) of a roll id; (None, None) if none or unknown."""
    if ref is None or ref not in places:
        return None, None
    at, number = places[ref]
    return number, None if at == event else at + 1


HURT = ("dam", "dice")


class TrapRow(RulesModel):
    kind: Literal["trap", "hazard"] = Field("trap", title=N_("Trap or hazard"))
    name: str = Field("", max_length=MAX_NAME, title=N_("Name"), description=N_("Empty: numbered."))
    roll: int = Field(
        1,
        ge=1,
        le=MAX_ROLLS_PER_EVENT,
        title=N_("Avoided by roll"),
        description=N_("Its number among this event's rolls (1: the first)."),
    )
    by_choice: Literal["no", "standard", "singular"] = Field(
        "no", title=N_("Set off by choice"), description=N_("The heroes avoid it by choosing not to set it off.")
    )
    deliberate: bool | None = Field(
        None,
        title=N_("Set on purpose to harm"),
        description=N_("Empty: the runner decides (a trap is, a hazard is not)."),
    )
    in_combat: bool = Field(False, title=N_("Goes off in a fight"))
    damage: Literal["dam", "dice", "none"] = Field("dam", title=N_("Damage"))
    dam: int = Field(6, ge=0, le=200, title=N_("Dam rating"), json_schema_extra=on("damage", "dam"))
    dice: int = Field(1, ge=1, le=20, title=N_("Damage dice"), json_schema_extra=on("damage", "dice"))
    armour_ignoring: bool = Field(False, title=N_("Ignores armour"), json_schema_extra=on("damage", *HURT))
    heat: bool = Field(False, title=N_("Heat, fire or lava"), json_schema_extra=on("damage", *HURT))
    poison: bool = Field(False, title=N_("Poison"), json_schema_extra=on("damage", *HURT))
    recurrence: Literal["none", "recurring", "escalating"] = Field(
        "none", title=N_("Round after round"), json_schema_extra=on("damage", *HURT)
    )
    end_roll: int | None = Field(
        None,
        ge=1,
        le=MAX_ROLLS_PER_EVENT,
        title=N_("Ended by roll"),
        description=N_("Recurring or escalating damage: the number of this event's roll that ends it."),
        json_schema_extra=on("damage", *HURT),
    )
    package: Package = Field("none", title=N_("A hazard off the rack"))
    waters: Waters = Field("tranquil", title=N_("Waters"), json_schema_extra=on("package", "drowning"))
    current: Current = Field("none", title=N_("Current"), json_schema_extra=on("package", "drowning"))
    feet: int = Field(
        10, ge=1, le=10000, title=N_("Height of the fall (feet)"), json_schema_extra=on("package", "falling")
    )
    raging: bool = Field(False, title=N_("A raging fire"), json_schema_extra=on("package", "fire"))
    escape_difficulty: int | None = Field(
        None,
        ge=-20,
        le=40,
        title=N_("Difficulty to break free"),
        description=N_("Empty: 6."),
        json_schema_extra=on("package", "grabber"),
    )
    nuisance_dam: int = Field(2, ge=1, le=40, title=N_("The animals' DAM"), json_schema_extra=on("package", "nuisance"))
    ambush_by: Literal["foes", "heroes"] = Field(
        "foes", title=N_("Who ambushes"), json_schema_extra=on("package", "ambush")
    )
    impairment: int = Field(
        0, ge=0, le=10, title=N_("Impairment"), description=N_("Points off the later rolls; 0: none.")
    )
    sleep_hours: int = Field(0, ge=0, le=400, title=N_("Hours kept awake"), description=N_("0: none."))
    stick: int = Field(0, ge=0, le=40, title=N_("Stick"), description=N_("Points off one later roll; 0: none."))
    stick_roll: int | None = Field(None, ge=1, le=MAX_ROLLS_PER_EVENT, title=N_("Stick on roll"))
    stick_event: int | None = Field(
        None, ge=1, le=MAX_EVENTS_READ, title=N_("Stick: of event"), description=N_("Empty: this one.")
    )
    foe_bonus_stat: Literal["none", "init", "atk", "dfn"] = Field("none", title=N_("The foes gain"))
    foe_bonus: int = Field(
        2, ge=1, le=60, title=N_("Bonus"), json_schema_extra=on("foe_bonus_stat", "init", "atk", "dfn")
    )
    all_foes: bool = Field(
        False, title=N_("Every foe of the encounter"), json_schema_extra=on("foe_bonus_stat", "init", "atk", "dfn")
    )
    equipment_damage: bool = Field(False, title=N_("Harms equipment"))
    loss_of_status: int = Field(0, ge=0, le=100, title=N_("Loss of status (VP)"))
    victims: int = Field(0, ge=0, le=12, title=N_("Strikes at most"), description=N_("Heroes; 0: all who fail."))


TRAP_LABELS: dict[str, dict[str, str]] = {
    "kind": {"trap": N_("a trap"), "hazard": N_("a hazard")},
    "by_choice": {
        "no": N_("no"),
        "standard": N_("yes: all roll when one sets it off"),
        "singular": N_("yes: only who sets it off rolls"),
    },
    "deliberate": {"true": N_("yes"), "false": N_("no")},
    "damage": {"dam": N_("a Dam rating"), "dice": N_("dice"), "none": N_("none")},
    "recurrence": {"none": N_("once"), "recurring": N_("recurring"), "escalating": N_("escalating")},
    "package": {
        "none": N_("none"),
        "drowning": N_("drowning"),
        "falling": N_("a fall"),
        "fire": N_("fire"),
        "lost": N_("getting lost"),
        "grabber": N_("a grabber"),
        "nuisance": N_("nuisance animals"),
        "ambush": N_("an ambush"),
        "acid": N_("acid"),
    },
    "waters": dict(WATERS),
    "current": {"none": N_("no current"), "mild": N_("a mild current"), "fast": N_("a fast current")},
    "ambush_by": {"foes": N_("the foes"), "heroes": N_("the heroes")},
    "foe_bonus_stat": {"none": N_("nothing"), "init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN")},
}


def trap_element(row: Mapping[str, Any], event: int, number: int, words: Words) -> tuple[dict[str, Any], str]:
    """The row as an element of the notes (a dict for design.py to validate) and its roll's conditional ("" for
    none): the trap's id is "e1-x2" (the first event's second trap)."""
    eid = f"e{event + 1}-x{number}"
    kind = row.get("kind", "trap")
    fallback = N_("Trap {number}") if kind == "trap" else N_("Hazard {number}")
    trap: dict[str, Any] = {}
    if row.get("damage") in HURT:
        hurt: dict[str, Any] = {row["damage"]: row.get(row["damage"])}
        hurt |= {k: True for k in ("armour_ignoring", "heat", "poison") if row.get(k)}
        if row.get("recurrence", "none") != "none":
            hurt |= {"recurrence": row["recurrence"], "end_roll": roll_id(event, row.get("end_roll"))}
        trap["damage"] = hurt
    if row.get("impairment"):
        trap["impairment"] = {"points": row["impairment"]}
    if row.get("sleep_hours"):
        trap["sleep"] = {"hours_awake": row["sleep_hours"]}
    if row.get("stick"):
        at = (row.get("stick_event") or event + 1) - 1
        trap["sticks"] = [{"roll": roll_id(at, row.get("stick_roll")) or "", "penalty": row["stick"]}]
    if row.get("foe_bonus_stat", "none") != "none":
        bonus = {"stat": row["foe_bonus_stat"], "bonus": row.get("foe_bonus", 1)}
        trap["foe_bonuses"] = [bonus | ({"all_foes": True} if row.get("all_foes") else {})]
    if row.get("deliberate") is not None:
        trap["deliberate"] = bool(row["deliberate"])
    for key in ("equipment_damage", "loss_of_status"):
        if row.get(key):
            trap[key] = row[key]
    if row.get("victims"):
        trap["targeting"] = {"most": row["victims"]}
    if row.get("package", "none") != "none":
        trap["package"] = _package(row)
    element = {"id": eid, "name": row.get("name") or words(fallback, number=number), "kind": kind}
    element |= {"roll": roll_id(event, row.get("roll") or 1), "trap": trap}
    if row.get("in_combat"):
        element["in_combat"] = True
    return element, "" if row.get("by_choice", "no") == "no" else str(row["by_choice"])


def _package(row: Mapping[str, Any]) -> dict[str, Any]:
    kind = row["package"]
    given: dict[str, Any] = {
        "drowning": {"waters": row.get("waters", "tranquil"), "current": row.get("current", "none")},
        "falling": {"feet": row.get("feet", 10)},
        "fire": {"raging": bool(row.get("raging"))},
        "grabber": {"escape_difficulty": row.get("escape_difficulty")},
        "nuisance": {"dam": row.get("nuisance_dam", 2)},
        "ambush": {"by": row.get("ambush_by", "foes")},
    }.get(kind, {})
    return {"kind": kind, **{k: v for k, v in given.items() if v is not None}}


def trap_row(element: Element, event: int, places: Places, conditional: str) -> dict[str, Any] | None:
    """An element with a trap as the form's row, or None when the row cannot hold it whole."""
    t = element.trap
    if t is None or element.kind not in ("trap", "hazard") or element.lines:
        return None
    own, _ = roll_number(places, element.roll, event)
    row: dict[str, Any] = {"kind": element.kind, "name": element.name, "roll": own, "in_combat": element.in_combat}
    row |= {"by_choice": conditional or "no", "deliberate": getattr(t, "deliberate", None)}
    if t.damage is not None:
        d = t.damage
        row |= {"damage": "dam" if d.dam is not None else "dice", "armour_ignoring": d.armour_ignoring}
        row |= {k: bool(getattr(d, k, False)) for k in ("heat", "poison")}
        row |= {"dam": d.dam} if d.dam is not None else {"dice": d.dice}
        row |= {"recurrence": d.recurrence, "end_roll": roll_number(places, d.end_roll, event)[0]}
    else:
        row["damage"] = "none"
    if t.impairment is not None:
        row["impairment"] = t.impairment.points
    if t.sleep is not None:
        row["sleep_hours"] = t.sleep.hours_awake
    if t.sticks:
        number, at = roll_number(places, t.sticks[0].roll, event)
        row |= {"stick": t.sticks[0].penalty, "stick_roll": number, "stick_event": at}
    if t.foe_bonuses:
        b = t.foe_bonuses[0]
        row |= {"foe_bonus_stat": b.stat, "foe_bonus": b.bonus, "all_foes": b.all_foes}
    row |= {"equipment_damage": t.equipment_damage, "loss_of_status": t.loss_of_status}
    if t.targeting is not None and t.targeting.most is not None:
        row["victims"] = t.targeting.most
    if t.package is not None:
        p = t.package.model_dump()
        row["package"] = p.pop("kind")
        renamed = {"dam": "nuisance_dam", "by": "ambush_by"}
        row |= {renamed.get(k, k): v for k, v in p.items() if renamed.get(k, k) in TrapRow.model_fields}
    return row
