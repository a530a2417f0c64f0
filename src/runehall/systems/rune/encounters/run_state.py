"""One encounter run at the table (spec 001b §3, §6; 001c §11): who runs it, who plays the runner's hero, the
notes (secret until disclosed), the Roll of Valor, the fights, and the victory-point tally everyone watches.

Players are named by their own hero: the runner is the player of the hero `runner`, the proxy the player of the
hero `proxy` (who at the table plays the runner's hero beside his own). The notes arrive in a sealed event
that only the runner sees; the state keeps them, but what anyone else is shown of the state (the tracker's
view, the board) leaves them out until the runner discloses them.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.base import MAX_SHEET_FIELDS, RulesModel
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.encounters.design import MAX_HEROES, Encounter
from runehall.systems.rune.encounters.hauls import Haul
from runehall.systems.rune.encounters.haven_state import Treated
from runehall.systems.rune.encounters.item_rolls import ItemBonus
from runehall.systems.rune.encounters.shrine_state import ShrineBuy
from runehall.systems.rune.encounters.tally import Tally
from runehall.systems.rune.encounters.trap_play_state import TrapPlay
from runehall.systems.rune.foes import Tally as Valor
from runehall.systems.rune.treasure.carried import MAX_MAGIC, CarriedItem

Phase = Literal["designing", "ready", "running", "settled"]
MAX_NAME = 60


class HeroEntry(RulesModel):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    sheet: dict[str, Any] = Field(max_length=MAX_SHEET_FIELDS)  # the Rune hero sheet, read by the hero model
    total_vp: int | None = Field(None, ge=0, le=10_000_000, description="Default: the sheet's total VP.")
    character: str | None = Field(
        None, max_length=40, description="The table's character this hero is (his sheet is credited at settlement)."
    )


class RunSetup(RulesModel):
    title: str = Field(min_length=1, max_length=120, description="What the encounter is called at the table.")
    heroes: tuple[HeroEntry, ...] = Field(min_length=2, max_length=MAX_HEROES)
    runner: str = Field(min_length=1, max_length=MAX_NAME, description="The runner's own hero, by name.")
    proxy: str = Field(min_length=1, max_length=MAX_NAME, description="The hero whose player plays the runner's.")
    slothful: tuple[str, ...] = Field(
        (),
        max_length=MAX_HEROES,
        description="Heroes whose players passed their turn as runner and have not run since.",
    )
    session: int = Field(1, ge=1, le=1000, description="Which session of the campaign the encounter is played in.")
    history: tuple[str, ...] = Field(
        (), max_length=40, description="Terrain kinds the runner used in his previous two encounters."
    )

    @model_validator(mode="after")
    def _who(self) -> RunSetup:
        names = [h.name for h in self.heroes]
        if len({n.casefold() for n in names}) != len(names):
            raise Invalid(N_("each hero needs a name of his own"))
        for who in (self.runner, self.proxy, *self.slothful):
            if who not in names:
                raise Invalid(N_("{name} is not one of the heroes of this encounter"), name=who)
        if self.runner == self.proxy:
            raise Invalid(N_("the proxy is another player than the runner"))
        return self


class Fought(RulesModel):
    """A fight of the run, over or under way: the notes' event it stages and the fight's own state."""

    event: str
    fight: CombatState
    might: dict[str, int] = Field(default_factory=dict, max_length=40)  # each foe's, for his death blow


class RunState(RulesModel):
    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    setup: RunSetup
    phase: Phase = "designing"
    notes: Encounter | None = None
    disclosed: bool = False
    valor: Valor | None = None
    fights: tuple[Fought, ...] = ()
    tally: Tally
    settlement: dict[str, Any] | None = None
    buffness: int = Field(0, ge=0, description="Qualifying rolls of the notes made so far (Escalating Buffness).")
    multiples: dict[str, Any] = Field(default_factory=dict)  # each multiple roll's progress (run_multiple.py)
    outside: dict[str, int] = Field(default_factory=dict)  # heroes' HP after harm outside a fight, since the last
    traps: TrapPlay = Field(default_factory=TrapPlay)  # what the notes' traps left (run_traps.py)
    at_event: int = Field(0, ge=0, description="The event the runner moved the heroes on to (0: the first).")
    given: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # each gain of the notes given: to whom
    hauls: dict[str, Haul] = Field(default_factory=dict)  # what each hero carries (run_gains.py)
    magic: dict[str, tuple[CarriedItem, ...]] = Field(default_factory=dict)  # each hero's magic items (run_items.py)
    treated: dict[str, Treated] = Field(default_factory=dict)  # each hero's last treatment at a haven (run_haven.py)
    gift_uses: dict[str, dict[str, int]] = Field(default_factory=dict)  # session-counted gifts used outside fights
    item_bonuses: tuple[ItemBonus, ...] = Field((), max_length=MAX_HEROES * MAX_MAGIC)  # potions, charms running
    shrine_buys: tuple[ShrineBuy, ...] = Field((), max_length=1000)  # gift levels bought at shrines (run_shrine.py)

    @property
    def fight(self) -> CombatState | None:
        """The fight under way, if one is."""
        last = self.fights[-1] if self.fights else None
        return last.fight if last is not None and last.fight.phase != "over" else None
