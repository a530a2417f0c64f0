"""Ripples from the Well of Knowledge (spec 001b §2.5; X = the hero's level): the rule's numbers, for the shrines of
an encounter (encounters/loot_rules.py prices a shrine; the run does not play shrines yet).

- At a shrine of Heimdal, Thor, Ull, Freyja or Freyr, Divine Awareness + Presence against 6 makes it an Odin shrine
  for him: he may take anything an Odin shrine gives (`as_odin_shrine`). At Odin's own shrine no roll is needed; at
  any other god's the gift does nothing.
- While he is at an Odin shrine (real or by the gift), every purchase there by any pillager - his own included - of
  death insurance or a Divine Gift level, and every repair of a damaged Helm of Power, earns him 5X VP
  (`ripples_vp`)."""

from __future__ import annotations

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.gifts.formulas import level_of

RIPPLES = "ripples_from_the_well_of_knowledge"
SHRINES = ("heimdal", "thor", "ull", "freyja", "freyr")  # the gods whose shrines may ripple into Odin's
ODIN = "odin"
DIFFICULTY = 6  # Divine Awareness + Presence
VP_EACH = 5  # x X, a purchase or repair


def ripples_difficulty(shrine: str) -> int | None:
    """The Difficulty of his roll at this god's shrine: 6 at the five gods', None where none is rolled (Odin's own
    shrine needs none; at another god's the gift does nothing)."""
    return DIFFICULTY if _god(shrine) in SHRINES else None


def as_odin_shrine(shrine: str, level: int, total: int | None = None) -> bool:
    """Whether the shrine serves him as an Odin shrine: Odin's own always; one of the five gods' when he holds the
    gift and his roll's `total` (Divine Awareness + Presence + the die) reaches 6."""
    god = _god(shrine)
    if god == ODIN:
        return True
    if level == 0 or god not in SHRINES or total is None:
        return False
    level_of(RIPPLES, level)
    return total >= DIFFICULTY


def ripples_vp(level: int, at_odin_shrine: bool, purchases: int) -> int:
    """5X VP for each purchase of death insurance or a Divine Gift level, or repair of a damaged Helm of Power, by
    any pillager while he is at an Odin shrine (real or by the gift); nothing elsewhere."""
    x = level_of(RIPPLES, level)
    if purchases < 0:
        raise RulesError(N_("a count of purchases is 0 or more, not {n}"), n=purchases)
    return VP_EACH * x * purchases if at_odin_shrine else 0


def _god(shrine: str) -> str:
    god = shrine.strip().casefold()
    if not god:
        raise RulesError(N_("name the god of the shrine"))
    if len(god) > 40:
        raise RulesError(N_("{shrine} is no god's name"), shrine=Refusal(shrine[:40]))
    return god
