"""The gains' moves of an encounter run as log cards, in the reader's words and from the stored event alone: a gain
given (a treasure's items, each said from its stored chart rolls, with every die in the order drawn), the heroes
moving on to an event, and the hauls going home with the VP each brought."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.card import Card, Chip, Row
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.gains_pricing import DEITY_NAMES
from runehall.systems.rune.treasure.stored import item_from
from runehall.systems.rune.treasure.words import item_words

ACTIONS = ("give_gain", "next_event", "haul_home")
SPECIFIC = {"general": N_("every roll"), "combat": N_("the fight's rolls"), "other": N_("one kind of roll")}


def _die(sides: int, words: Words) -> str:
    return words("percentile die") if sides == 100 else words("d{sides}", sides=sides)


def _what(r: Mapping[str, Any], words: Words) -> tuple[str, tuple[Row, ...]]:
    """What the hero had, in words, and a row for each thing a treasure held."""
    n = words.number
    kind = r["kind"]
    if kind == "treasure":
        rows = tuple(
            Row(words(N_("Item {number}"), number=n(i)), item_words(item_from(item), words))
            for i, item in enumerate(r["items"], 1)
        )
        return words(N_("a Category {category} treasure"), category=r["category"]), rows
    if kind == "silver":
        return words.n("{n} ounce of silver", "{n} ounces of silver", r["ounces"]), ()
    if kind == "liars_silver":
        return words.n("{n} piece of liar's silver", "{n} pieces of liar's silver", r["pieces"]), ()
    if kind == "vp_award":
        rows = tuple(Row(hero, words(N_("{vp} VP"), vp=n(vp))) for hero, vp in r["shares"].items())
        return words(N_("a Viking deed's award")), rows
    if kind == "carrot":
        points = (
            N_("+{bonus} INIT to {roll} for {rounds} rounds")
            if r["init"]
            else N_("+{bonus} to {roll} for {rounds} rounds")
        )
        return words(points, bonus=n(r["bonus"]), roll=r["roll"], rounds=n(r["rounds"])), ()
    if kind == "healing":
        if r.get("hours") is None:
            return words(N_("a safe haven to heal in, as long as they like")), ()
        return words.n("a safe haven to heal in for {n} hour", "a safe haven to heal in for {n} hours", r["hours"]), ()
    if kind == "invigoration":
        return words(N_("+{points} to {rolls} while it lasts"), points=n(r["points"]),
                     rolls=words(SPECIFIC[r["specific"]])), ()  # fmt: skip
    if kind == "bargaining":
        return words(N_("a merchant to trade with (Bargain +{bonus})"), bonus=n(r["merchant_bonus"])), ()
    if kind == "loot_cache":
        return words(N_("a place to cache loot (Recovery Difficulty {n})"), n=n(r["recovery"])), ()
    if kind == "shrine":
        return words(N_("a shrine of {deity}"), deity=words(DEITY_NAMES[r["deity"]])), ()
    return words(N_("a reason to go home: +{bonus} to each hero's Lore roll"), bonus=n(r["bonus"])), ()


def card(action: str, r: Mapping[str, Any], words: Words, who: str) -> Card:
    n = words.number
    if action == "next_event":
        return Card(words(N_("{who} moves the heroes on"), who=who), words(N_("event {number}"), number=n(r["event"])))
    if action == "haul_home":
        rows = tuple(
            Row(hero, words(N_("{vp} VP home, {credited} credited"), vp=n(h["vp"]), credited=n(h["credited"])))
            for hero, h in r["heroes"].items()
        )
        return Card(words(N_("{who} ends the adventure: the hauls go home"), who=who), "", "success", rows)
    said, rows = _what(r, words)
    chips = tuple(Chip(str(face), sides=int(sides), title=_die(int(sides), words)) for sides, face in r.get("tape", ()))
    action_said = words(N_("{who} gives {gain} to {hero}"), who=who, gain=r["name"], hero=r["hero"])
    return Card(action_said, said, "success", rows, chips)
