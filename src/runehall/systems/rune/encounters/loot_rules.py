"""What the heroes may do with what they find (spec 001c §8.3, §8.13, §9.9): a shrine's prices, liar's silver seen
through or carried, and what beaten foes leave to scavenge."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.encounters.gains_data import gains_data
from runehall.systems.rune.experience import experience
from runehall.systems.rune.foe_data import foe_type

LOKI_WARY = ("thor", "odin", "heimdal")  # primary gods whose heroes risk Impairment at Loki's shrine
HEAVY = ("better_put_something_down", "no_one_will_take")  # Encumbrance classes that may drop liar's silver


def insurance_price(shrine: str, primary: str) -> int:
    """Death insurance bought at a shrine: 12 VP at one of the hero's primary god, otherwise the usual 25."""
    if shrine == primary:
        return gains_data().shrine.insurance_primary
    return experience().death_insurance.cost_vp


def gift_price_at_shrine(price: int) -> int:
    """A Gift of the shrine's god, 30% off for any hero: 70% of the price, fractions dropped (001c A-47)."""
    if price < 0:
        raise RulesError(N_("a Gift's price is 0 VP or more"))
    return price * (100 - gains_data().shrine.discount_percent) // 100


def loki_shrine_roll(shrine: str, primary: str) -> int | None:
    """The Divine Awareness Difficulty a hero of Thor, Odin or Heimdal rolls against when he buys at Loki's shrine
    (1 point of Impairment if he fails); None when he need not roll."""
    return gains_data().shrine.loki_awareness if shrine == "loki" and primary in LOKI_WARY else None


def may_drop_liars_silver(recognised: bool, encumbrance: str) -> bool:
    """A hero who saw through his liar's silver (Lore against 8, 001c A-87) drops it as he likes; one who believes
    it genuine may make him drop it only when his Encumbrance is Better Put Something Down or worse (§8.3)."""
    return recognised or encumbrance in HEAVY


def dropped_together(real_ounces: int, liars_pieces: int, drop: int) -> tuple[int, int]:
    """A hero who believes his liar's silver real and carries real silver too drops both in equal amounts: what he
    keeps of each after dropping `drop` of each."""
    if not 0 <= drop <= min(real_ounces, liars_pieces):
        raise RulesError(N_("he drops as much real silver as liar's silver, at most what he has of each"))
    return real_ounces - drop, liars_pieces - drop


@dataclass(frozen=True)
class Scavenged:
    melee: int  # common melee weapons the players pick
    missile: int  # missile weapons


def scavenge(foe_types: Iterable[str], used_missiles: int = 0) -> Scavenged:
    """What a won battle leaves (§8.13): 2 melee weapons from each foe whose type has the axe icon, 1 missile weapon
    from each foe that used one (`used_missiles`); their armour is always ruined. No encounter points."""
    melee = sum(2 for t in foe_types if foe_type(t).weapons == "axe")
    if used_missiles < 0:
        raise RulesError(N_("the foes that used a missile weapon are 0 or more"))
    return Scavenged(melee, used_missiles)


def award_shares(
    vp: int, award: str, doers: Iterable[str], heroes: Iterable[str], squabbled: bool = False
) -> dict[str, int]:
    """The VP a notes award gives each hero (§9.10). A mutual award: the full award to every hero who does it. A
    singular award (one hero can do it): the full award to him, half (fractions dropped) to each other hero who
    did not get in his way (`heroes`: those who did not); heroes who squabbled over it get nothing at all."""
    who = list(doers)
    if vp < 0:
        raise RulesError(N_("an award is 0 VP or more"))
    if squabbled:
        return {}
    if award == "mutual":
        return dict.fromkeys(who, vp)
    if len(who) != 1:
        raise RulesError(N_("a singular award is won by one hero"))
    shares = {h: vp // 2 for h in heroes if h != who[0]}
    return {who[0]: vp, **shares}
