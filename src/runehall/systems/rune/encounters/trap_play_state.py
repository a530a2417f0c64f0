"""What the traps and hazards of the notes left behind in an encounter run (spec 001c §6; 001b §6.3): which were
sprung, the damage still going on round after round, the Wounds and health harm outside a fight left each hero
with (his HP are the run's `outside`), and the lasting ill effects later rolls and the board show: Impairment,
sticks and carrots on later rolls, the foes' bonuses. Kept apart from the run's state so that it stays a small
record of its own; run_traps.py changes it, each change in a move of the log.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field

from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.peril_state import Astray, Gear, Peril, Surprise

Health = Literal["active", "incapacitated", "dying", "dead"]


class Ongoing(RulesModel):
    """Recurring or escalating damage still hurting its victims: each one's failure (kept as it was) and the round
    the next hit is."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    trap: str
    round_no: int = Field(2, ge=2, le=100)
    victims: dict[str, int] = Field(default_factory=dict, max_length=12)  # hero -> his failure difference
    amounts: dict[str, int] = Field(default_factory=dict, max_length=12)  # hero -> the Dam (or dice) that hit him


class Mark(RulesModel):
    """A lasting ill effect (or a carrot) a trap left: on a later roll of the notes (`roll`), on the foes' INIT,
    ATK or DFN (`stat`), for `rounds` rounds; `points` is the change (a penalty or a foe's bonus, a carrot's
    bonus when `carrot`). `hero`: a gain's carrot, on that hero's total alone (on his INIT, ATK or DFN in the
    next fight when `stat`); none: everyone's (a trap's)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    trap: str
    roll: str | None = None
    stat: Literal["init", "atk", "dfn"] | None = None
    points: int = Field(ge=1, le=60)
    rounds: int = Field(1, ge=1, le=20)
    carrot: bool = False
    all_foes: bool = False
    hero: str | None = Field(None, max_length=60)


class Ill(RulesModel):
    """An Impairment (or sleep deprivation's) a trap left on one hero (001c §6.5): `points` off every roll, or,
    `specific`, off the rolls of those Abilities or combat scores, or, `covers`, off those rolls of the notes
    only. `left`: what of its window is still to come (fights, trap rolls, gain rolls, Freestanding rolls),
    counted down as they happen; at nothing left it is cured. `boost`: Invigoration instead (a gain, 001c §9.6),
    the same window with the points added; it cancels Impairment point for point."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    trap: str
    hero: str
    points: int = Field(ge=1, le=10)
    specific: tuple[str, ...] = Field((), max_length=12)
    covers: tuple[str, ...] = Field((), max_length=64)
    left: dict[str, int] = Field(default_factory=dict, max_length=4)
    boost: bool = False

    @property
    def general(self) -> bool:
        return not self.specific and not self.covers


class TrapPlay(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    sprung: tuple[str, ...] = ()  # the traps sprung, in order
    ongoing: tuple[Ongoing, ...] = ()
    wounds: dict[str, int] = Field(default_factory=dict, max_length=12)  # Wounds taken outside a fight, since
    health: dict[str, Health] = Field(default_factory=dict, max_length=12)  # health after harm outside a fight
    ills: tuple[Ill, ...] = Field((), max_length=64)  # Impairment still on the heroes (trap_effects.py)
    marks: tuple[Mark, ...] = Field((), max_length=64)
    perils: tuple[Peril, ...] = Field((), max_length=64)  # heroes still in water, on fire, held (hazard_play.py)
    gear: tuple[Gear, ...] = Field((), max_length=256)  # weapons, armour, shields a trap harmed (gear_play.py)
    lost: tuple[Astray, ...] = Field((), max_length=8)  # parties gone astray by a hazard of getting lost (lost_play.py)
    ambushes: tuple[Surprise, ...] = Field((), max_length=8)  # ambushes sprung, their surprise (ambush_play.py)
    repeating: tuple[str, ...] = Field((), max_length=8)  # traps still firing repeat shots (repeat_play.py)
    shots: dict[str, int] = Field(default_factory=dict, max_length=8)  # the shots each has fired

    @property
    def impairment(self) -> dict[str, int]:
        """Each hero's general Impairment from traps (on every roll and in the next fight), before the cap."""
        found: dict[str, int] = {}
        for ill in self.ills:
            if ill.general and not ill.boost:
                found[ill.hero] = found.get(ill.hero, 0) + ill.points
        return found

    def penalty(self, hero: str) -> int:
        """The general Impairment a hero's rolls suffer from traps (non-Wound Impairment: at most 2)."""
        from runehall.systems.rune.encounters.hazards import non_wound_impairment

        return non_wound_impairment(self.impairment.get(hero, 0))

    def on_roll(self, roll: str, hero: str | None = None) -> int:
        """What the marks add to a later roll of the notes: carrots less sticks (a gain's carrot: on its hero's)."""
        mine = [m for m in self.marks if m.roll == roll and (m.hero is None or m.hero == hero)]
        return sum(m.points if m.carrot else -m.points for m in mine)


def outside_harm(traps: TrapPlay, c: Any) -> Any:
    """A hero staged for a fight with what traps (and a haven's healing: fewer Wounds) did to him since the last
    one: his Wounds, his health, and their general Impairment while its window counts a fight (non-Wound
    Impairment counts once, at most 2)."""
    update: dict[str, Any] = {}
    if c.name in traps.wounds:
        update["wounds"] = c.wounds + traps.wounds[c.name]
    if c.name in traps.health and traps.health[c.name] != c.health:  # worse after harm, better after a haven
        update["health"] = traps.health[c.name]
    from runehall.systems.rune.encounters.trap_effects import fight_penalty  # it reads this module's models

    if points := fight_penalty(traps, c.name):
        update["impairment_other"] = max(c.impairment_other, points)
    return c.model_copy(update=update) if update else c
