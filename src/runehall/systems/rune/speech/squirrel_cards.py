"""The Chattering Squirrel on the cards (combat/gift_squirrel.py): the contest that starts the curse, and each round's
contagion on the round's end card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import Words
from runehall.systems.rune.speech.common import roll_row


def squirrel_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    labels = (words("Divine Awareness + Presence"), words("Res"))
    rows = [roll_row(record, words, label) for record, label in zip(r.get("rolls") or (), labels, strict=False)]
    foe = str(r.get("target", ""))
    if not r.get("success"):
        return words("{foe} shrugs off the chatter", foe=foe), "failure", rows
    said = words("{foe}'s Soak is {n} lower until the fight ends (never below 0)", foe=foe,
                 n=words.number(-int(r.get("soak", 0))))  # fmt: skip
    return said, "success", rows


def squirrel_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """The round's end: each chain spreading, resisted, or ended."""
    rows = []
    for s in r.get("squirrel") or ():
        if s.get("ended"):
            ended = words("{hero}'s chain ends", hero=str(s.get("hero", "")))
            rows.append(Row(words("The Chattering Squirrel"), ended))
            continue
        roll = roll_row({**s.get("roll", {}), "difficulty": s.get("difficulty")}, words, words("Res"))
        if s.get("caught"):
            said = words("{foe}, nearest {latest}, fails: Soak {n} lower until the fight ends", foe=str(s.get("foe")),
                         latest=str(s.get("from")), n=words.number(-int(s.get("soak", 0))))  # fmt: skip
        elif s.get("chain_ends"):
            said = words("{foe}, nearest {latest}, resists: the chain ends", foe=str(s.get("foe")),
                         latest=str(s.get("from")))  # fmt: skip
        else:
            said = words("{foe}, nearest {latest}, resists: the chain goes on", foe=str(s.get("foe")),
                         latest=str(s.get("from")))  # fmt: skip
        rows += [Row(words("The Chattering Squirrel"), said), roll]
    return rows
