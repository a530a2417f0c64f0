"""A Rune Power's state in a fight (spec 001b §2.6), kept with the hero's gifts (gifted.py): the round it woke, the
last round it is awake (for a power counted in attacks, the attacks left), and when it may wake again - a round of
this fight when its recharge is counted in rounds (levels 12 and up), else never in this fight: the note keeps the
recharge time for the board and the run."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from runehall.present.words import N_
from runehall.systems.base import RulesModel

Unit = Literal["days", "hours", "minutes", "rounds"]
UNITS = {"days": N_("{n} days"), "hours": N_("{n} hours"), "minutes": N_("{n} minutes"), "rounds": N_("{n} rounds")}


class Possessed(RulesModel):
    """A foe the Viking Axe's power made its bearer's ally (rune_possess.py)."""

    until: int = Field(ge=0, description="The last round he fights for the hero.")
    side: str = Field(max_length=60, description="His own side, to which he returns.")


class Rune(RulesModel):
    level: int = Field(ge=1, le=999, description="His level in the power when it woke (X).")
    woke: int = Field(ge=1, description="The round it woke.")
    until: int = Field(ge=0, description="The last round it is awake (below `woke`: spent at once).")
    ready: int | None = Field(None, description="The first round it may wake again here; None: not in this fight.")
    amount: int = Field(ge=1, le=100, description="Its recharge time (with `unit`), from the end of its last round.")
    unit: Unit = "rounds"
    earlier: bool = Field(False, description="Woken in an earlier fight of the run: dormant for the rest of the run.")
    shots: int | None = Field(None, ge=0, le=999, description="A power counted in attacks (the Dwarven Work Sword): "
                              "those left; awake while any is left, whatever the round.")  # fmt: skip
    burned: dict[str, int] = Field(default_factory=dict, max_length=200, description="The Four-Bladed Mace's fire: "
                                   "who has burned in it, and for how many rounds.")  # fmt: skip
    possessed: dict[str, Possessed] = Field(default_factory=dict, max_length=200, description="The Viking Axe: the "
                                            "foes fighting for him now.")  # fmt: skip
    crows: dict[str, int] = Field(default_factory=dict, max_length=200, description="The Double-Bladed Axe: the foes "
                                  "turned into crows, each with the round at whose end he drops.")  # fmt: skip

    def up(self, now: int) -> bool:
        """Awake at round `now`: within its rounds, or, counted in attacks, while one is left."""
        if self.earlier:
            return False
        if self.shots is not None:
            return self.shots > 0
        return self.woke <= now <= self.until
