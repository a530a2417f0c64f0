"""A Dwarven Hammer's or the Viking Axe's power at work in a blow (combat/rune_strike.py, rune_possess.py), as rows
of the blow's card: the target's Res roll against the hero's Great Weapon rating with its exact chance, and the
statue it made or the possession - or why the hammer's power could not reach him."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from runehall.present.card import Row
from runehall.present.words import N_, Words
from runehall.systems.rune.speech.common import roll_row

STATUES = {
    "ice": N_("{who} turns to ice: out of the fight, and dead when it melts (no VP for him)"),
    "stone": N_("{who} turns to stone for good: out of the fight (no VP for him)"),
}
THREATS = {
    "terrifying": N_("Terrifying"), "exceptional": N_("Exceptional"), "superior": N_("Superior"),
    "equal": N_("Equal"), "inferior": N_("Inferior"), "weak": N_("Weak"), "pitiful": N_("Pitiful"),
}  # fmt: skip


def _power_name(power_id: str, words: Words) -> str:
    from runehall.systems.rune.gifts.catalog import gift

    return words(gift(power_id).name)


def statue_said(record: Mapping[str, Any], words: Words) -> str | None:
    """The blow's outcome when its target became a statue (instead of the HP he would have lost), else None."""
    struck = record.get("rune_strike")
    if not isinstance(struck, Mapping) or str(struck.get("statue")) not in STATUES:
        return None
    return words(STATUES[str(struck["statue"])], who=str(struck.get("who", "")))


def landing_rows(result: Mapping[str, Any], words: Words) -> list[Row]:
    """The round's end: the Double-Bladed Axe's crows drop, naked, each with his Jump roll and its exact chance."""
    rows: list[Row] = []
    for one in result.get("crows_land", ()) or ():
        who = str(one.get("who", ""))
        rows.append(roll_row(one["roll"], words, words("Jump")))
        chance = words.percent(Fraction(*one["on_his_feet"]))
        key = (N_("{who} drops from the air, naked, and has fallen down (chance of landing on his feet: {p})")
               if one.get("fallen")
               else N_("{who} drops from the air, naked, and lands on his feet (chance of that: {p})"))  # fmt: skip
        rows.append(Row(words("Rune Power: Double-Bladed Axe"), words(key, who=who, p=chance)))
    return rows


def strike_rows(record: Mapping[str, Any], words: Words) -> list[Row]:
    struck = record.get("rune_strike")
    if not isinstance(struck, Mapping):
        return []
    label = _power_name(str(struck.get("power", "")), words)
    who = str(struck.get("who", ""))
    reach = struck.get("out_of_reach")
    if reach is not None:
        threat = words(THREATS.get(str(reach), THREATS["equal"]))
        return [Row(label, words("its power does not reach {who} ({threat})", who=who, threat=threat))]
    rows: list[Row] = []
    if isinstance(struck.get("roll"), Mapping):
        rows.append(roll_row(struck["roll"], words, words("Res")))
    if isinstance(struck.get("resists"), list | tuple):
        chance = Fraction(*struck["resists"])
        rows.append(Row(label, words("chance that {who} resists: {p}", who=who, p=words.percent(chance))))
    said = statue_said(record, words)
    if "possessed_until" in struck:  # the Viking Axe (rune_possess.py)
        said = words(N_("{who} fights for {hero} until the end of round {n}"), who=who,
                     hero=str(record.get("attacker", "")), n=words.number(int(struck["possessed_until"])))  # fmt: skip
    if "crow_until" in struck:  # the Double-Bladed Axe (rune_crow.py)
        said = words(N_("{who} turns into a crow, out of the fight until the end of round {n}"), who=who,
                     n=words.number(int(struck["crow_until"])))  # fmt: skip
    rows.append(Row(label, said if said is not None else words("{who} resists: the blow lands", who=who)))
    return rows
