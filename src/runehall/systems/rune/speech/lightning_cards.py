"""Penetrating Lightning's card (combat/gift_lightning.py): both rolls, the exact chance he had, and the foe's cover
as it is now."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.speech.common import roll_row

COVER = {"full": N_("full cover"), "half": N_("half cover"), "third": N_("one-third cover"), "none": N_("no cover")}


def lightning_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    rows = [roll_row(record, words, words("Roll")) for record in r.get("rolls") or ()]
    if r.get("chance"):
        p = Fraction(*r["chance"])
        rows.append(Row(words("Chance"), words.percent(p)))
    if "uses_left" in r:
        rows.append(Row(words("Uses left"), words.number(int(r["uses_left"]))))
    was = words(COVER.get(str(r.get("cover_was")), COVER["none"]))
    if not r.get("success"):
        return words("{foe} keeps his {cover}", foe=str(r.get("against", "")), cover=was), "failure", rows
    now = words(COVER.get(str(r.get("cover")), COVER["none"]))
    said = words("the lightning shatters {foe}'s {cover}: {now} left", foe=str(r.get("against", "")), cover=was,
                 now=now)  # fmt: skip
    return said, "success", rows
