"""Treasure and the other gains of an encounter's notes, as data (spec 001c §8.1-§8.3, §9, §18.2): what an
`Element` of kind treasure or gain is, priced by its own rules (gains_pricing.py) and checked by them
(gains_checks.py). These models check shape only; what the rules refuse is said line by line by the checks.

How a gain is had (§8.2): in plain sight and taken (`plain_sight`); behind a roll (`roll`, the element's `roll`
names it); after the heroes come through a fight or a hazard they choose to face (`after_danger`); on a condition
the runner controls (`runner_controlled`, refused); or not at all (`out_of_reach`: it earns nothing).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from runehall.systems.base import RulesModel

Category = Literal["A", "B", "C", "D", "E", "F"]
Deity = Literal["freyja", "heimdal", "loki", "njord", "odin", "thor", "tyr", "ull", "other"]
How = Literal["plain_sight", "roll", "after_danger", "runner_controlled", "out_of_reach"]
RollId = Annotated[str, Field(min_length=1, max_length=40)]


class _Gain(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    how: How = "plain_sight"


class Treasure(_Gain):
    """A treasure of a category: its content is rolled at the table when a hero first sees it (§8.1)."""

    kind: Literal["treasure"]
    category: Category


class Silver(_Gain):
    """A paltry amount of silver: up to 9 ounces in an event (§8.3)."""

    kind: Literal["silver"]
    ounces: int = Field(ge=1, le=100)


class LiarsSilver(_Gain):
    """Loki's fake coins: they cost the designer (§8.3, A-31)."""

    kind: Literal["liars_silver"]
    pieces: int = Field(ge=1, le=100)


class Carrot(_Gain):
    """A bonus to a later roll of the notes for those who succeed (§9.3); `init`: the points are INIT points."""

    kind: Literal["carrot"]
    target: RollId  # the id of the roll it adds to
    bonus: int = Field(ge=1, le=60)
    init: bool = False
    rounds: int = Field(1, ge=1, le=20)  # a series of rolls over several rounds


class Healing(_Gain):
    """A safe haven: `hours` the heroes may stay at most (None: no limit) (§9.5)."""

    kind: Literal["healing"]
    hours: int | None = Field(None, ge=1, le=100_000)


class Invigoration(_Gain):
    """+points to the heroes' rolls over a window of the notes, counted by the designer (§9.6)."""

    kind: Literal["invigoration"]
    points: int = Field(ge=1, le=10)
    combats: int = Field(0, ge=0, le=4)  # combat sequences left in the window
    trap_rolls: int = Field(0, ge=0, le=60)
    gain_rolls: int = Field(0, ge=0, le=60)
    freestanding: int = Field(0, ge=0, le=60)
    specific: Literal["general", "combat", "other"] = "general"  # one roll kind: of INIT/ATK/DFN/Engagement, or another


class Bargaining(_Gain):
    """A supporting character who trades silver and equipment, with his Bargain bonus (§9.2)."""

    kind: Literal["bargaining"]
    merchant_bonus: int = Field(ge=0, le=40)


class LootCache(_Gain):
    kind: Literal["loot_cache"]
    recovery: int = Field(ge=1, le=20)  # the Recovery Difficulty, 4-7


class Shrine(_Gain):
    kind: Literal["shrine"]
    deity: Deity


class VPAward(_Gain):
    """Victory points for Viking deeds built into the notes (§9.10): a fixed award, or one that varies."""

    kind: Literal["vp_award"]
    vp: int | None = Field(None, ge=1, le=1000)  # None: the award depends on the players' choices or the heroes
    award: Literal["singular", "mutual"] = "mutual"


class GoHome(_Gain):
    """A bonus to every hero's Lore roll to find a reason to go home after this encounter (§9.7)."""

    kind: Literal["go_home"]
    bonus: int = Field(ge=1, le=20)


Gain = Annotated[
    Treasure
    | Silver
    | LiarsSilver
    | Carrot
    | Healing
    | Invigoration
    | Bargaining
    | LootCache
    | Shrine
    | VPAward
    | GoHome,
    Field(discriminator="kind"),
]
