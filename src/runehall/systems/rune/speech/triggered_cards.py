"""The triggered Divine Gifts in a fight's cards (combat/gift_triggered.py): Dying Blow invoked, and the heroes
whose last rounds have ended."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Row, Tone
from runehall.present.words import Words


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n).replace("-", "\u2212")


def triggered_card(r: Mapping[str, Any], words: Words) -> tuple[str, Tone, list[Row]]:
    """Dying Blow invoked: until when he fights on and what his rolls get."""
    said = words("he fights on to the end of round {n}, then dies", n=words.number(int(r.get("until_round", 0))))
    rows = [
        Row(words("ATK rolls"), _signed(int(r.get("atk_bonus", 0)))),
        Row(words("Every other roll"), _signed(int(r.get("other_bonus", 0)))),
    ]
    return said, "success", rows


def last_blows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """The heroes whose Dying Blow has ended, dead, with the damage dealt since and the legacy it leaves."""
    rows = []
    for ended in r.get("dying_blow_ended") or ():
        said = words("{who} dies: {dealt} damage dealt since his Dying Blow, a legacy of {vp} VP",
                     who=str(ended.get("who", "")), dealt=words.number(int(ended.get("dealt", 0))),
                     vp=words.number(int(ended.get("legacy_vp", 0))))  # fmt: skip
        rows.append(Row(words("Dying Blow"), said))
    return rows


def gift_vp_rows(swing: Mapping[str, Any], words: Words) -> list[Row]:
    """The gift VP a swing earned (Like the Leaping Stag on the dodge; The Clenched Jaw's kill in its injury)."""
    from runehall.systems.rune.gifts.catalog import gift

    found = list(swing.get("gift_vp") or ())
    injury = swing.get("injury")
    if isinstance(injury, Mapping):
        found += list(injury.get("gift_vp") or ())
    rows = []
    for bonus in found:
        name = words(gift(str(bonus.get("gift"))).name)
        said = words("{hero}: {vp} VP ({gift})", hero=str(bonus.get("hero", "")),
                     vp=words.number(int(bonus.get("vp", 0))), gift=name)  # fmt: skip
        rows.append(Row(words("VP from the gift"), said))
    return rows
