"""The end of an adventure (spec 001b §6.2 item 4; 001c §8.3, TV-77): once the encounter that ends it is settled,
the runner sends each hero's haul home. It brings `loot.home_vp` (1 VP an ounce of real silver and each
valuable's worth, less 1 VP a piece of liar's silver he still carries), credited to his player's accounts after
the settlement, through the deficit filter as every gain is (accounts.credit): an appended event the sheets at the
table and the session's gains read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from runehall.chance.sources import Source
from runehall.errors import N_, RulesError
from runehall.systems.base import NoParams, RulesModel
from runehall.systems.rune.encounters.accounts import Purse, credit
from runehall.systems.rune.encounters.hauls import Haul
from runehall.systems.rune.encounters.run_actions import RunAction
from runehall.systems.rune.encounters.run_state import RunState


def home_credits(state: RunState) -> dict[str, int]:
    """What each player's haul credited at the end of the adventure (none before it went home)."""
    home = (state.settlement or {}).get("home") or {}
    return {hero: int(h["credited"]) for hero, h in home.get("heroes", {}).items()}


def home_accounts(settlement: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """Each player's accounts as the settlement and the haul home left them."""
    found = {p: dict(s["accounts"]) for p, s in settlement["scores"].items()}
    for hero, h in (settlement.get("home") or {}).get("heroes", {}).items():
        found[hero] = dict(h["accounts"])
    return found


class HaulHomeAction(RunAction):
    name: ClassVar[str] = "haul_home"
    title: ClassVar[str] = N_("End the adventure: the hauls go home")
    summary: ClassVar[str] = "Each hero's silver and valuables bring VP home, less his liar's silver."
    Params: ClassVar[type[RulesModel]] = NoParams
    phases = ("settled",)

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        assert state.settlement is not None
        if state.settlement.get("home"):
            raise RulesError(N_("the hauls have already gone home"))
        heroes: dict[str, Any] = {}
        for hero in state.setup.heroes:
            haul = state.hauls.get(hero.name, Haul())
            before = Purse(**state.settlement["scores"][hero.name]["accounts"])
            after, did = credit(before, haul.vp)
            heroes[hero.name] = {
                "ounces": haul.ounces,
                "valuables": list(haul.valuables),
                "liars": haul.liars,
                "vp": haul.vp,
                "credited": did.credited,
                "paid_to_deficit": did.paid,
                "accounts": after.model_dump(),
            }
        result = {"heroes": heroes}
        return state.model_copy(update={"settlement": dict(state.settlement) | {"home": result}}), result
