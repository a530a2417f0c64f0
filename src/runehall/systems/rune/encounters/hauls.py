"""What each hero carries in an encounter run (spec 001c §8.3, §8.6-§8.7; 001b §6.2 item 4): the real silver, the
liar's silver, the loot holdings (each valuable's worth in ounces) and the other things a treasure gave him, kept
as the events stored them (every chart roll with its faces). At the end of an adventure his haul brings him
`loot.home_vp`: its real silver and valuables' worth less 1 VP a piece of liar's silver."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from pydantic import ConfigDict, Field

from runehall.systems.base import RulesModel
from runehall.systems.rune.encounters.loot import MAX_OUNCES, home_vp
from runehall.systems.rune.treasure.stored import StoredItem

MAX_CARRIED = 200  # things a hero carries from one run's treasures at most (a Category F holds a handful)


class Haul(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    ounces: int = Field(0, ge=0, le=MAX_OUNCES)  # real silver
    liars: int = Field(0, ge=0, le=MAX_OUNCES)  # pieces of liar's silver (one an ounce)
    valuables: tuple[Annotated[int, Field(ge=0, le=MAX_OUNCES)], ...] = Field(
        (), max_length=MAX_CARRIED
    )  # each loot holding's worth in ounces
    items: tuple[StoredItem, ...] = Field((), max_length=MAX_CARRIED)  # stored items (treasure/stored.py)

    @property
    def vp(self) -> int:
        """What the haul brings home at the end of an adventure."""
        return home_vp(self.ounces, self.valuables, self.liars)

    def add(self, items: Sequence[Mapping[str, Any]], ounces: int = 0, liars: int = 0) -> Haul:
        """The haul with a treasure's items (or a gain's silver) added: a loot holding is a valuable of its worth,
        liar's silver adds its pieces; every item but liar's silver is carried as stored."""
        valuables = [int(i["ounces"]) for i in items if i["kind"] == "loot"]
        fake = sum(int(i["ounces"]) for i in items if i["kind"] == "liars_silver")
        kept = [dict(i) for i in items if i["kind"] != "liars_silver"]  # a loot holding is said with its form
        return Haul(
            ounces=self.ounces + ounces,
            liars=self.liars + liars + fake,
            valuables=(*self.valuables, *valuables),
            items=(*self.items, *kept),
        )
