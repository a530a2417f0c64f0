"""Where on the notes designer's form a refusal of a trap or a gain belongs (the field that breaks the rule,
beside which the editor's script puts it), and the roll ids in a refusal's values said as a person reads them
(the roll's name, or "Roll 3" for a number no roll has)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from runehall.errors import Refusal
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters import gains_checks as gc

ROLL_ID = re.compile(r"^e(\d+)-r(\d+)$")
# A refusal's template -> the field of a trap's row (notes_form_traps.py) it is about.
TRAP_FIELDS = {
    N_("a trap's Dam rating runs from 0 to {most}, not {dam}"): "dam",
    N_("a trap rolls at most {most} damage dice, not {count}"): "dice",
    N_("recurring or escalating damage names the roll of this event that ends it"): "end_roll",
    N_("Impairment from anything but Wounds is at most {most}, not {points}"): "impairment",
    N_("a stick's penalty is at most {most}, not {penalty}"): "stick",
    N_("a bonus for every foe of the encounter needs a Weak Link roll to avoid it"): "all_foes",
    N_("loss of status is a multiple of {step} victory points, at most {most}"): "loss_of_status",
    N_("loss of status costs at most {most} victory points in an encounter, not {vp}"): "loss_of_status",
    N_("a fall is at least {least} feet"): "feet",
    N_("nuisance animals have a DAM from 1 to 10"): "nuisance_dam",
    N_("the Difficulty must be from {low} to {high}, not {value}"): "escape_difficulty",
    N_("the roll to avoid a grabber is Standard or Singular"): "roll",
    N_("getting lost is avoided by a Map roll"): "roll",
    N_("an ambush is a Weak Link roll of {ability}"): "roll",
    N_("acid does recurring damage that ignores armour and harms equipment"): "package",
    N_("a trap names the roll of this event that avoids it"): "roll",
    N_("no roll of this event is called {id!r}"): "roll",
    N_("what sets a trap off in a fight is given only for a trap that goes off in a fight"): "in_combat",
}
GAIN_FIELDS = {
    gc.SILVER: "ounces",
    gc.LIARS_ENCOUNTER: "pieces",
    gc.LIARS_EVENT: "pieces",
    gc.CARROT: "target",
    gc.CACHE: "recovery",
    gc.MERCHANT: "merchant_bonus",
    gc.GO_HOME_BONUS: "bonus",
    gc.RUNNER: "how",
    gc.NO_ROLL: "how",
    gc.CHOICE_ROLL: "how",
    gc.AFTER_NOTHING: "how",
    gc.TREASURE_ROLL: "roll",
    gc.HEALING_DAMAGE: "hours",
    gc.HEALING_AFTER: "hours",
    N_("no roll of this event is called {id!r}"): "roll",
}
# A shape error's place inside an element (design.py's names) -> the row's field.
SHAPE_FIELDS = {"sticks": "stick_roll", "end_roll": "end_roll", "target": "target", "roll": "roll"}


def field_path(row: str, template: str) -> str:
    """The form path of the field a refusal of the element at form row `row` is about (the row itself when no
    one field is)."""
    parts = row.split(".")
    if len(parts) != 4 or parts[2] not in ("traps", "gains"):
        return row
    named = (TRAP_FIELDS if parts[2] == "traps" else GAIN_FIELDS).get(template)
    return f"{row}.{named}" if named else row


def shape_path(row: str, inner: list[str]) -> str:
    """The form path of a shape error at `inner` (the parts after "elements.N") of the element at `row`."""
    if row.split(".")[-2:-1] not in (["traps"], ["gains"]):
        return row
    named = next((SHAPE_FIELDS[p] for p in inner if p in SHAPE_FIELDS), None)
    return f"{row}.{named}" if named else row


def named_values(part: Refusal, called: Mapping[str, str], words: Words) -> Refusal:
    """The refusal with every roll id among its values said as the roll's name ("Roll 3" for none)."""
    values = dict(part.values)
    for key, value in part.values.items():
        found = ROLL_ID.match(value) if isinstance(value, str) else None
        if found:
            values[key] = called.get(value) or words(N_("Roll {number}"), number=int(found.group(2)))
    return Refusal(part.template, values, part.where)
