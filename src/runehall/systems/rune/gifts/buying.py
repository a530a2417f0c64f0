"""Buying a Divine Gift or Rune Power with victory points (spec 001b §2.1, §16.4.1 buy_gift): one level at a
time, at the gift's cost a level, from the hero's free VP, at any moment (during an encounter too, even between
an initiative roll and an attack). Refused, with the record unchanged, when the free VP fall short of the cost or
the hero already holds the gift's last level. The VP spent grow and the total (the score) does not; his stat
gifts reach his numbers through his sheet (stat_gifts.py) and his Divine Connection follows his levels (a Rune
Power's never counts). What the advancement tracker offers (advancement.py, advancement_board.py) reads here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.experience import Advancement, GiftBought
from runehall.systems.rune.gifts import held
from runehall.systems.rune.gifts.catalog import MAX_LEVEL, Gift, gift, gifts, max_level
from runehall.systems.rune.gifts.divine import connections, primary_gods
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure import legendary


def gift_id(text: str) -> str:
    found = held.find(text)
    if found is None:
        raise RulesError(N_("{name!r} is not a Divine Gift or Rune Power of Rune"), name=text)
    return found


def most(g: Gift, options: RuneOptions) -> int:
    found = max_level(g, options)
    return MAX_LEVEL if found is None else found


def buyable(record: Advancement, options: RuneOptions) -> list[Gift]:
    """The gifts and Rune Powers the hero can buy a level of now: affordable, and not at their last level."""
    levels = record.hero.gifts
    return [g for g in gifts().values() if g.cost <= record.vp_free and levels.get(g.id, 0) < most(g, options)]


def buy_gift(record: Advancement, text: str, options: RuneOptions) -> Advancement:
    """One more level of a gift for its cost; RulesError, and nothing changed, when the rules refuse."""
    g = gift(gift_id(text))
    now = record.hero.gifts.get(g.id, 0)
    top = most(g, options)
    if now >= top:
        raise RulesError(N_("{gift}: the hero already holds its last level ({level})"), gift=Refusal(g.name), level=now)
    if g.cost > record.vp_free:
        raise RulesError(
            N_("{gift}: level {level} costs {cost} VP and the hero has {free} free"),
            gift=Refusal(g.name),
            level=now + 1,
            cost=g.cost,
            free=record.vp_free,
        )
    hero = record.hero.model_copy(update={"gifts": {**record.hero.gifts, g.id: now + 1}})
    entry = GiftBought(gift=g.id, from_level=now, to_level=now + 1, vp=g.cost, encounter=record.encounter)
    return record.model_copy(
        update={"hero": hero, "vp_spent": record.vp_spent + g.cost, "gifts_bought": (*record.gifts_bought, entry)}
    )


def bought_result(record: Advancement) -> dict[str, Any]:
    """What the event keeps of the level just bought: the gift, the levels, the VP, and the patron's Divine
    Connection with the primary gods that follow (a Rune Power has no patron); his legendary items' levels count
    for their patrons (001c §8.12)."""
    entry = record.gifts_bought[-1]
    g = gift(entry.gift)
    levels: Mapping[str, int] = record.hero.gifts
    items = legendary.connections(record.hero.magic_items)
    what: dict[str, Any] = {"gift": g.id, "from": entry.from_level, "to": entry.to_level, "vp": entry.vp}
    if g.patron is not None:
        what.update(patron=g.patron, connection=connections(levels, items)[g.patron])
    what["primary"] = sorted(primary_gods(levels, items))
    return what
