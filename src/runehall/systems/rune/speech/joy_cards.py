"""The Tireless Joy-Shout's card (combat/gift_joy.py): the leap, the strike (as any attack's card says it, its +3
under the gift's name), the spring away, and the foe that will not choose him for its next attack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import Words


def _place(moved: Any, words: Words) -> str:
    from runehall.systems.rune.speech.blows import paces

    to = moved.get("to") or (0, 0)
    return words("to ({x}, {y}), {paces}", x=words.number(int(to[0])), y=words.number(int(to[1])),
                 paces=paces(str(moved.get("paces", "0")), words))  # fmt: skip


def joy_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    from runehall.systems.rune.speech.blows import blow

    rows: list[Row] = []
    if isinstance(r.get("leapt"), Mapping):
        rows.append(Row(words("He leaps"), _place(r["leapt"], words)))
    said: str = ""
    tone: Tone = "neutral"
    if isinstance(r.get("attack"), Mapping):
        said, blow_rows = blow(r["attack"], words)
        rows += blow_rows
        tone = "success" if r["attack"].get("hit") else "failure"
    if isinstance(r.get("sprang"), Mapping):
        rows.append(Row(words("He springs away"), _place(r["sprang"], words)))
    if r.get("shunned"):
        rows.append(Row(words("Not his target"), words("{foe} will not choose him for its next attack while he keeps "
                                                       "away", foe=str(r["shunned"]))))  # fmt: skip
    return said, tone, rows
