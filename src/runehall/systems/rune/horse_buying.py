"""A horse bought and upgraded with victory points in the advancement tracker (spec 001c §10.4; horses.py holds
the rules). A horse is bought between adventures, that is at the start of the next one, for an outdoor adventure
and with the plotter's permission (both said by the table when it buys), for 150 VP of his free VP; a hero keeps
one horse. An upgrade (+10 HP, +1 DFN, +10 Move, +1 Res) costs 25 VP, at any moment, up to its cap. Every refusal
leaves the record unchanged; the VP spent grow and the total (the score) does not. The horse goes on his sheet
(Hero.horse), and so into the saved sheet, his death insurance's snapshot and his fights."""

from __future__ import annotations

from typing import Any

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune import horses
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.horses import Horse, Upgrade, horse_rules


def at_start(record: Advancement) -> bool:
    """Between adventures: the next encounter opens a new adventure, so this is its start."""
    return record.phase == "between_adventures"


def buy(record: Advancement, outdoor: bool, plotter_permits: bool) -> Advancement:
    """His horse for its price; RulesError, and nothing changed, when the rules refuse."""
    if record.hero.horse is not None:
        raise RulesError(N_("{hero} already has a horse"), hero=record.hero.name)
    horse, left = horses.buy_horse(record.vp_free, outdoor, plotter_permits, at_start(record))
    return _paid(record, horse, record.vp_free - left)


def upgrade(record: Advancement, which: str) -> Advancement:
    """One more step of an upgrade of his horse; RulesError, and nothing changed, when the rules refuse."""
    if record.hero.horse is None:
        raise RulesError(N_("{hero} has no horse to upgrade"), hero=record.hero.name)
    horse, left = horses.upgrade_horse(record.hero.horse, which, record.vp_free)
    return _paid(record, horse, record.vp_free - left)


def _paid(record: Advancement, horse: Horse, vp: int) -> Advancement:
    hero = record.hero.model_copy(update={"horse": horse})
    return record.model_copy(update={"hero": hero, "vp_spent": record.vp_spent + vp})


def rule(which: str) -> Upgrade:
    found = next((u for u in horse_rules().upgrade if u.id == which), None)
    if found is None:
        raise RulesError(N_("a horse's upgrades are more HP, DFN, Move or Res"))
    return found


def bought_result(record: Advancement) -> dict[str, Any]:
    return {"vp": horse_rules().price}


def upgraded_result(record: Advancement, which: str) -> dict[str, Any]:
    """The upgrade, how many times it is bought now, its cap and its price."""
    u = rule(which)
    assert record.hero.horse is not None
    return {"upgrade": u.id, "times": record.hero.horse.upgrades.get(u.id, 0), "most": u.most, "vp": u.cost}


def can_buy(record: Advancement) -> bool:
    """Whether 'Buy a horse' is worth offering now: between adventures, no horse yet, its price at hand."""
    return record.hero.horse is None and at_start(record) and record.vp_free >= horse_rules().price


def upgradable(record: Advancement) -> list[Upgrade]:
    """The upgrades he can buy now: he has a horse, the upgrade is below its cap, and he has its price."""
    horse = record.hero.horse
    if horse is None:
        return []
    return [u for u in horse_rules().upgrade if horse.upgrades.get(u.id, 0) < u.most and u.cost <= record.vp_free]
