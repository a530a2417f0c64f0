"""Levels of a legendary item bought with victory points in the advancement tracker (spec 001c §8.12, A-85;
treasure/legendary.py holds the rule): the item is named by its number among the hero's magic items (as his sheet
numbers them), levels are paid at the item's price a level from his free VP, at any moment, like a Gift's. Every
refusal leaves the record unchanged; the VP spent grow and the total does not. An item with a patron raises his
Divine Connection with that god by its levels, counted with his gifts' (`ratings`).

The Loki-Trouncing Wand: no levels are bought while his Loki rating is not below his Odin rating, and should it
ever come to that (a Loki gift or a Loki item's level bought) the wand's levels are lost for good (`wand_check`)."""

from __future__ import annotations

from typing import Any

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.gifts.divine import connections, primary_gods
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.treasure import legendary
from runehall.systems.rune.treasure.carried import CarriedItem


def ratings(hero: Hero) -> dict[str, int]:
    """God -> his Divine Connection: his gifts' levels and his legendary items' levels with a patron."""
    return connections(hero.gifts, legendary.connections(hero.magic_items))


def primary(hero: Hero) -> frozenset[str]:
    return primary_gods(hero.gifts, legendary.connections(hero.magic_items))


def _item(hero: Hero, number: int) -> CarriedItem:
    if not 1 <= number <= len(hero.magic_items):
        raise RulesError(N_("{hero} has no magic item number {number}"), hero=hero.name, number=number)
    found = hero.magic_items[number - 1]
    if found.kind != "legendary":
        raise RulesError(N_("only a legendary item has a power to buy levels in"))
    return found


def buy(record: Advancement, number: int, levels: int) -> Advancement:
    """`levels` more levels of his item `number` (from 1); RulesError, and nothing changed, when refused."""
    hero = record.hero
    bought, cost = legendary.buy(_item(hero, number), levels, record.vp_free, ratings(hero))
    items = (*hero.magic_items[: number - 1], bought, *hero.magic_items[number:])
    new = record.model_copy(update={"hero": hero.model_copy(update={"magic_items": items}),
                                    "vp_spent": record.vp_spent + cost})  # fmt: skip
    return wand_check(new)[0]


def wand_check(record: Advancement) -> tuple[Advancement, int]:
    """The record with the Loki-Trouncing Wand's levels lost when his Loki rating is not below his Odin rating,
    and how many levels went (0: nothing changed)."""
    hero = record.hero
    rated = ratings(hero)
    if rated.get("Loki", 0) < rated.get("Odin", 0):
        return record, 0
    lost, items = 0, []
    for c in hero.magic_items:
        if c.kind == "legendary" and c.levels and legendary.legend(c.stored).name == legendary.WAND:
            lost += c.levels
            c = c.model_copy(update={"levels": None})
        items.append(c)
    if not lost:
        return record, 0
    return record.model_copy(update={"hero": hero.model_copy(update={"magic_items": tuple(items)})}), lost


def bought_result(before: Advancement, after: Advancement, number: int) -> dict[str, Any]:
    """What the event keeps: the item's number and name, its levels before and after, the VP, the patron's Divine
    Connection and the primary gods that follow, and the wand's levels lost, if any."""
    was, now = before.hero.magic_items[number - 1], after.hero.magic_items[number - 1]
    row = legendary.legend(now.stored)
    what: dict[str, Any] = {"item": number, "name": row.name, "from": was.levels or 0, "to": now.levels or 0,
                            "vp": after.vp_spent - before.vp_spent}  # fmt: skip
    god = legendary.patron(now.stored)
    if god is not None:
        what.update(patron=god, connection=ratings(after.hero).get(god, 0))
    what["primary"] = sorted(primary(after.hero))
    lost = _wand_levels(before.hero) - _wand_levels(after.hero)
    if lost > 0 and row.name != legendary.WAND:
        what["wand_lost"] = lost
    return what


def _wand_levels(hero: Hero) -> int:
    return sum(c.levels or 0 for c in hero.magic_items
               if c.kind == "legendary" and legendary.legend(c.stored).name == legendary.WAND)  # fmt: skip


def buyable(record: Advancement) -> list[tuple[int, CarriedItem]]:
    """His legendary items he can buy a level of now (by number): a level's price at hand, and the wand only while
    his Loki rating is below his Odin rating."""
    rated = ratings(record.hero)
    found = []
    for number, c in enumerate(record.hero.magic_items, 1):
        if c.kind != "legendary" or legendary.level_price(c) > record.vp_free:
            continue
        if legendary.legend(c.stored).name == legendary.WAND and rated.get("Loki", 0) >= rated.get("Odin", 0):
            continue
        found.append((number, c))
    return found
