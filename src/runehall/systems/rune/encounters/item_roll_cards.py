"""Potions, charms and amulets on a roll's card (encounters/item_rolls.py): what each item added to a hero's total
and each amulet that failed to protect him, said from the stored roll alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Card, Chip, Row
from runehall.present.words import N_, Words

ITEM_KINDS = {"potion": N_("Potion"), "charm": N_("Charm"), "amulet": N_("Amulet")}


def roll_rows(r: Mapping[str, Any], words: Words) -> list[Row]:
    """The rows of a roll of the notes (or a trap's roll) for the items on it."""
    rows = []
    for hero, found in (r.get("items") or {}).items():
        for number, kind, x in found:
            said = words(N_("{hero}, item {number}: +{n}"), hero=hero, number=words.number(number), n=words.number(x))
            rows.append(Row(words(ITEM_KINDS[kind]), said))
    for hero, numbers in (r.get("amulets") or {}).items():
        for number in numbers:
            said = words(N_("{hero}'s amulet, item {number}, failed to protect him"), hero=hero,
                         number=words.number(number))  # fmt: skip
            rows.append(Row(words(ITEM_KINDS["amulet"]), said))
    return rows


def retry_card(r: Mapping[str, Any], words: Words, who: str) -> Card:
    """A simple potion's second attempt (run_retry.py): the roll tried again, its total and its die."""
    n = words.number
    move = words(N_("{hero} drinks item {number} and tries {roll} again"), hero=r["hero"], number=n(r["number"]),
                 roll=r["name"])  # fmt: skip
    outcome = words(N_("succeeds")) if r["made"] else words(N_("fails"))
    result = words(N_("{total}: {outcome}"), total=n(r["total"]), outcome=outcome)
    rows = (
        Row(words(ITEM_KINDS["potion"]), words(N_("{hero}, item {number}: +{n}"), hero=r["hero"],
                                               number=n(r["number"]), n=n(r["potency"]))),
        Row(words(N_("Difficulty")), n(r["target"])),
        Row(words(N_("Doses left")), words.n("{n} dose left", "{n} doses left", int(r["doses"])) if r["doses"]
            else words("empty")),
    )  # fmt: skip
    chips = tuple(Chip(str(f), sides=10) for f in r["faces"])
    return Card(words(N_("{who}: {move}"), who=who, move=move), result, "success" if r["made"] else "failure", rows,
                chips)  # fmt: skip
