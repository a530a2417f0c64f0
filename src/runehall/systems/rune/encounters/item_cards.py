"""Magic items at the encounter tracker, as people see them (spec 001c §8.8-§8.12): a button for each thing a
hero can do with one of his items now (the item said in words on its hint), a section of what each hero's items
have left, and the log card of a use, said from the stored event alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.present.board import Move
from runehall.present.card import Card, Row
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune.encounters.run_items import legendary_uses, uses_of
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.rules import rules
from runehall.systems.rune.speech.common import Kind, data_name
from runehall.systems.rune.treasure.carried import CarriedItem, carried_words

BUTTONS: Mapping[str, str] = {
    "drink": N_("{hero} drinks a dose of item {number}"),
    "use": N_("{hero} uses the charm, item {number}"),
    "recharge": N_("{hero}'s charm, item {number}, is charged again"),
    "failed": N_("{hero}'s amulet, item {number}, failed to protect him"),
    "put_on": N_("{hero} puts on the helm, item {number}"),
    "take_off": N_("{hero} takes off the helm, item {number}"),
    "damaged": N_("{hero}'s legendary item, item {number}, is damaged"),
}


def item_moves(state: RunState, words: Words) -> list[Move]:
    """The runner's buttons: each use each standing hero's items allow now."""
    moves = []
    for hero in state.setup.heroes:
        if state.tally.died(hero.name) is not None:
            continue
        for number, c in enumerate(state.magic.get(hero.name, ()), 1):
            said, left = carried_words(c, words)
            for use in uses_of(c.state()) + legendary_uses(c):
                title = words(BUTTONS[use], hero=hero.name, number=words.number(number))
                hint = words(N_("{item} ({state})"), item=said, state=left) if left else said
                params = {"hero": hero.name, "item": number, "use": use}
                moves.append(Move("use_item", title, params=params, hint=hint, quiet=True))
    return moves


def items_section(state: RunState, words: Words) -> SheetSection | None:
    """Each hero's magic items and what is left of them, for everyone to see."""
    rows = []
    for hero in state.setup.heroes:
        for number, c in enumerate(state.magic.get(hero.name, ()), 1):
            said, left = carried_words(c, words)
            value = words(N_("{item} ({state})"), item=said, state=left) if left else said
            rows.append(
                SheetRow(words(N_("{hero}, item {number}"), hero=hero.name, number=words.number(number)), value)
            )
    return SheetSection(words(N_("Magic items")), tuple(rows)) if rows else None


def card(r: Mapping[str, Any], words: Words, who: str) -> Card:
    fields = {k: r[k] for k in ("doses", "charged", "failures", "worn_since", "damaged") if k in r}
    item = CarriedItem(item=dict(r["item"]), **fields)
    said, left = carried_words(item, words)
    action = words(N_("{who}: {move}"), who=who, move=words(BUTTONS[r["use"]], hero=r["hero"],
                                                               number=words.number(r["number"])))  # fmt: skip
    rows = [Row(words(N_("Item {number}"), number=words.number(r["number"])), said)]
    if "gift" in r and r["use"] == "put_on":
        found = gift(str(r["gift"]))
        rows.append(Row(words(N_("Grants")), words.n("{n} level of {gift} from the next event",
                                                       "{n} levels of {gift} from the next event", int(r["levels"]),
                                                       gift=words(found.name))))  # fmt: skip
    if "bonus" in r:  # a potion's or charm's bonus on his rolls (item_rolls.py)
        b = r["bonus"]
        kind: Kind = "characteristic" if rules().find("characteristic", b["target"]) else "ability"
        rows.append(Row(words(N_("On his rolls")), words.n(
            "+{bonus} on {target} for {n} round", "+{bonus} on {target} for {n} rounds", int(b["rounds"]),
            bonus=words.number(b["bonus"]), target=data_name(kind, b["target"], words))))  # fmt: skip
    return Card(action, left, "success", tuple(rows))
