"""Scourging of Fell Spirits on its card (combat/gift_scourge.py): his Presence roll against the Difficulty, and
the weird magic's number on the roll it changes, as it was and as it is now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.speech.common import modifier, roll_row, signed

ROLLS = {"init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN"), "dam": N_("DAM"), "soak": N_("Soak")}


def scourge_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    s = r.get("scourged") or {}
    feature = modifier(str(s.get("feature", "")), words)
    roll = words(ROLLS.get(str(s.get("roll")), str(s.get("roll", ""))))
    rows = [roll_row({**record, "roll": "", "difficulty": r.get("difficulty")}, words, words("Presence"))
            for record in r.get("rolls") or ()]  # fmt: skip
    was, now = signed(int(s.get("was", 0))), signed(int(s.get("now", 0)))
    if not r.get("success"):
        return words("{feature} holds: {roll} {was}", feature=feature, roll=roll, was=was), "failure", rows
    rows.append(Row(words("Until the fight ends"), words("{roll} {was}, now {now}", roll=roll, was=was, now=now)))
    return words("{feature} is scourged: {roll} {now} now", feature=feature, roll=roll, now=now), "success", rows
