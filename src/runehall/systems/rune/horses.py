"""Horses (spec 001c §10.4; book p. 182): a hero may start an outdoor adventure on a horse bought for 150 VP, if
the plotter permits; the horse's profile, its upgrades at 25 VP each (each up to its cap), the Load it bears (20,
A-48: every point beyond costs 1 point of Impairment and 10 Move), and what riding gives in a fight (+3 ATK and
+3 DFN against foes on foot; the rider's Ride added to his Initiative).

Pure functions over a `Horse` value, which the hero sheet keeps (Hero.horse): the advancement tracker buys and
upgrades it (horse_buying.py), the sheet shows it (horse_sheet.py), a fight seats its rider and may field it
(combat/steeds.py). Every refusal is one clear RulesError, nothing changed.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, field_validator

from runehall.errors import Invalid, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.data import load_data
from runehall.systems.rune.records import PACKAGE

UpgradeId = Literal["hp", "dfn", "move", "res"]
UPGRADE_WORDS = {
    "hp": N_("+10 HP"),
    "dfn": N_("+1 DFN"),
    "move": N_("+10 Move"),
    "res": N_("+1 Res"),
}


class _Strict(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Profile(_Strict):
    attack: str
    init: int
    atk: int
    dfn: int
    dam: int
    soak: int
    prot: int
    hp: int
    wt: int
    res: int
    move: int
    might: int


class Upgrade(_Strict):
    id: UpgradeId
    step: int = Field(ge=1)
    cost: int = Field(ge=1)
    most: int = Field(ge=1)


class HorseRules(_Strict):
    price: int = Field(ge=1)
    load: int = Field(ge=1)
    over_load_move: int = Field(ge=0)
    mounted_bonus: int = Field(ge=0)
    page: int
    profile: Profile
    upgrade: tuple[Upgrade, ...] = Field(min_length=4, max_length=4)


@cache
def horse_rules() -> HorseRules:
    return load_data(PACKAGE, "horses.toml", HorseRules)


class Horse(_Strict):
    """A hero's horse: how many times each upgrade was bought."""

    upgrades: dict[UpgradeId, Annotated[int, Field(ge=0, le=6)]] = Field(default_factory=dict, max_length=4)  # caps 3-6

    @field_validator("upgrades")
    @classmethod
    def _caps(cls, value: dict[UpgradeId, int]) -> dict[UpgradeId, int]:
        for u in horse_rules().upgrade:
            times = value.get(u.id, 0)
            if not 0 <= times <= u.most:
                raise Invalid(
                    N_("the horse's {upgrade}: bought 0 to {most} times, not {times}"),
                    upgrade=Refusal(UPGRADE_WORDS[u.id]),
                    most=u.most,
                    times=times,
                )
        return {k: v for k, v in value.items() if v}


def buy_horse(free_vp: int, outdoor: bool, plotter_permits: bool, at_start: bool) -> tuple[Horse, int]:
    """A horse for `free_vp` unspent VP: (the horse, the VP left). Refused away from an outdoor adventure's
    start, without the plotter's permission, or short of its price."""
    rules = horse_rules()
    if not outdoor:
        raise RulesError(N_("a horse is bought only for an outdoor adventure"))
    if not at_start:
        raise RulesError(N_("a horse is bought at the start of an adventure"))
    if not plotter_permits:
        raise RulesError(N_("a horse needs the plotter's permission"))
    if free_vp < rules.price:
        raise RulesError(N_("a horse costs {price} VP; the hero has {vp}"), price=rules.price, vp=free_vp)
    return Horse(), free_vp - rules.price


def upgrade_horse(horse: Horse, upgrade: str, free_vp: int) -> tuple[Horse, int]:
    """One more step of `upgrade` for its cost: (the horse, the VP left). Refused past its cap or short of VP."""
    by_id: dict[str, Upgrade] = {u.id: u for u in horse_rules().upgrade}
    rule = by_id.get(upgrade)
    if rule is None:
        raise RulesError(N_("a horse's upgrades are more HP, DFN, Move or Res"))
    done = horse.upgrades.get(rule.id, 0)
    if done >= rule.most:
        raise RulesError(N_("this upgrade can be bought {most} times, no more"), most=rule.most)
    if free_vp < rule.cost:
        raise RulesError(N_("an upgrade costs {cost} VP; the hero has {vp}"), cost=rule.cost, vp=free_vp)
    return Horse(upgrades={**horse.upgrades, rule.id: done + 1}), free_vp - rule.cost


def profile(horse: Horse) -> Profile:
    """The horse's numbers with its upgrades."""
    rules = horse_rules()
    raised: dict[str, int] = {
        u.id: getattr(rules.profile, u.id) + u.step * horse.upgrades.get(u.id, 0) for u in rules.upgrade
    }
    return rules.profile.model_copy(update=raised)


def carrying(horse: Horse, load: int) -> tuple[int, int]:
    """(Impairment points, Move) of a horse carrying `load` Load points: each point beyond 20 costs 1 point of
    Impairment and 10 Move (Move never below 0)."""
    if load < 0:
        raise RulesError(N_("a Load is 0 or more, not {load}"), load=load)
    rules = horse_rules()
    over = max(0, load - rules.load)
    return over, max(0, profile(horse).move - over * rules.over_load_move)


def mounted(rider_mounted: bool, target_mounted: bool, ride: int) -> tuple[int, int, int]:
    """(ATK, DFN, Initiative) added for a rider against a target: +3 ATK and +3 DFN when he rides and the target
    is on foot; his Ride added to his Initiative whenever he rides."""
    bonus = horse_rules().mounted_bonus if rider_mounted and not target_mounted else 0
    return bonus, bonus, ride if rider_mounted else 0
