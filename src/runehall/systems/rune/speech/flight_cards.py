"""Comeuppance Postponed on a flight's card (combat/gift_flight.py): each foe on the fleer's route who meant to strike,
his Engagement roll against the fleer's, and whether he got his free attack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row
from runehall.present.words import Words
from runehall.systems.rune.speech.common import roll_row


def comeuppance_rows(result: Mapping[str, Any], words: Words) -> list[Row]:
    rows: list[Row] = []
    for contest in result.get("comeuppance") or ():
        if not isinstance(contest, Mapping):
            continue
        label = words("Engagement roll")
        theirs = roll_row(contest.get("foe_roll") or {}, words, label)
        mine = roll_row(contest.get("hero_roll") or {}, words, label)
        rows += [theirs, mine]
        foe = str(contest.get("foe", ""))
        said = (
            words("{foe} beats him and takes his free attack", foe=foe)
            if contest.get("strikes")
            else words("{foe} does not beat him: no free attack", foe=foe)
        )
        rows.append(Row(words("Comeuppance Postponed"), said))
    return rows
