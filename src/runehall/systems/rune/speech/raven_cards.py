"""The Raven Plucks an Eye on its card (combat/gift_raven.py): the Odin rating's roll against the fallen foe's Res,
and the scores he takes from it until a round's end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.speech.common import roll_row

SCORES = {"init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN"), "soak": N_("Soak")}


def raven_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    labels = (words("Odin rating"), words("Res"))
    rows = [roll_row(record, words, label) for record, label in zip(r.get("rolls") or (), labels, strict=False)]
    if not r.get("success"):
        return words("{foe}'s spirit keeps its secrets", foe=str(r.get("against", ""))), "failure", rows
    taken = words.join(f"{words(SCORES.get(k, k))} {words.number(int(v))}" for k, v in (r.get("scores") or {}).items())
    rows.append(Row(words("Scores taken"), taken))
    said = words("{who} uses {foe}'s {scores} until the end of round {n}", who=str(r.get("who", "")),
                 foe=str(r.get("against", "")), scores=taken, n=words.number(int(r.get("until_round", 0))))  # fmt: skip
    return said, "success", rows
