"""The Dwarven Work Sword's lightning as a card (combat/rune_lightning.py): the hero's roll, the counter roll of
the foe with the highest DFN, the exact chance of striking, each foe struck, and the attacks left (or the sleep
that follows the last)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import Words
from runehall.systems.rune.combat.rune_state import UNITS
from runehall.systems.rune.speech.blows import injury
from runehall.systems.rune.speech.common import roll_row


def lightning_rows(shot: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    foes = words.join(str(name) for name in shot.get("foes") or ())
    rows = [roll_row(shot["atk"], words, words("Lightning")), roll_row(shot["dfn"], words, words("DFN"))]
    chance = Fraction(*shot["chance"])
    rows.append(Row(words("Lightning"), words("chance of striking: {p}", p=words.percent(chance))))
    for one in shot.get("struck") or ():
        tm, dam, soak = (words.number(int(v)) for v in (shot.get("tm", 0), one.get("dam", 0), one.get("soak", 0)))
        blow = words("margin {tm} + Dam {dam} against Soak {soak}", tm=tm, dam=dam, soak=soak)
        rows.append(Row(str(one.get("who", "")), f"{blow}; {injury(one['injury'], words)}"))
    left = int(shot.get("shots_left", 0))
    if left > 0:
        rows.append(Row(words("Lightning attacks left"), words.number(left)))
    time = shot.get("recharge")
    if isinstance(time, Mapping):
        unit = UNITS.get(str(time.get("unit")), UNITS["rounds"])
        rows.append(Row(words("Asleep after it"), words(unit, n=words.number(int(time.get("amount", 0))))))
    if "ready_round" in shot:
        rows.append(Row(words("Wakes again"), words("round {n}", n=words.number(int(shot["ready_round"])))))
    if shot.get("success"):
        return words("the lightning strikes {foes}", foes=foes), "success", rows
    return words("the lightning misses {foes}", foes=foes), "failure", rows
