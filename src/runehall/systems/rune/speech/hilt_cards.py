"""The Loyal Hilt's card (combat/gift_hilt.py): the throw as any blow's card says it, and where the weapon went."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import Words


def hilt_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    from runehall.systems.rune.speech.blows import blow, paces
    from runehall.systems.rune.speech.common import data_name

    rows = [Row(words("Thrown"), paces(str(r.get("paces", "0")), words))]
    said: str = ""
    tone: Tone = "neutral"
    if isinstance(r.get("attack"), Mapping):
        said, blow_rows = blow(r["attack"], words)
        rows += blow_rows
        tone = "success" if r["attack"].get("hit") else "failure"
    if r.get("returned"):
        weapon = data_name("weapon", str(r["returned"]), words)
        rows.append(Row(words("The weapon"), words("the {weapon} flies back to his hand", weapon=weapon)))
    if r.get("lies_at"):
        x, y = (int(n) for n in r["lies_at"])
        rows.append(Row(words("The weapon"), words("it lies on the ground at ({x}, {y})", x=words.number(x),
                                                   y=words.number(y))))  # fmt: skip
    return said, tone, rows
