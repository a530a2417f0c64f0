"""Loot at the table and at the end of an adventure (spec 001c §8.3, §8.6-§8.7, §8.11, §9.7-§9.8; 001b §6.2 item 4):
the Load silver and loot holdings weigh, the victory points a hero's haul brings home (liar's silver takes 1 VP a
piece from the real silver's), the heroes' vote to go home, a loot cache's recovery, and what a worn Helm of Power
adds to its owner's Divine Connection."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.encounters.accounts import loot_vp
from runehall.systems.rune.encounters.gains_data import gains_data
from runehall.systems.rune.treasure.charts import ChartRow

MAX_OUNCES = 10**7


def silver_load(ounces: int) -> int:
    """Load of silver: 1 for every 32 ounces, fractions dropped (001c §8.6)."""
    if not 0 <= ounces <= MAX_OUNCES:
        raise RulesError(N_("silver is 0 to {most} ounces, not {ounces}"), most=MAX_OUNCES, ounces=ounces)
    return ounces // gains_data().load.ounces_per_load


def holding_load(form: ChartRow, items: int) -> int:
    """Load of a loot holding of a form of the loot form chart: its items over the form's items a Load (0: none)."""
    if form.per_load is None:
        raise RulesError(N_("that row is not a form of loot"))
    if not 0 <= items <= MAX_OUNCES:
        raise RulesError(N_("a holding has 0 to {most} items, not {items}"), most=MAX_OUNCES, items=items)
    return items // form.per_load if form.per_load else 0


def home_vp(ounces: int, valuables: Iterable[int] = (), liars_pieces: int = 0) -> int:
    """The VP a hero's haul brings home at the end of an adventure: 1 an ounce of real silver and each valuable's
    worth (accounts.loot_vp), less 1 a piece of liar's silver he still carries (001c §8.3, TV-77); never below 0."""
    if liars_pieces < 0:
        raise RulesError(N_("a hero carries 0 pieces of liar's silver or more"))
    return max(0, loot_vp(ounces, valuables) - liars_pieces)


def go_home(success_margins: Sequence[int], failure_differences: Sequence[int]) -> bool:
    """Do the heroes go home? Every player rolls Lore against 10: only if the successes' margins add up to more
    than the failures' differences (a tie stays, 001c §9.7, TV-87)."""
    if any(m < 0 for m in success_margins) or any(d <= 0 for d in failure_differences):
        raise RulesError(N_("a success's margin is 0 or more and a failure's difference more than 0"))
    return sum(success_margins) > sum(failure_differences)


def cache_recovered(total: int, recovery: int) -> bool:
    """A loot cache is found intact when the hero's Divine Awareness roll (with any trap bonus) meets its Recovery
    Difficulty; otherwise it is lost for good (001c §9.8)."""
    return total >= recovery


@dataclass(frozen=True)
class LootCache:
    """What the heroes left in a cache (001c §9.8): where, when (a real-world date), in whose encounter, its Recovery
    Difficulty, the bonus of the deterrent trap built when stashing (the Traps roll's margin), and what is in it."""

    place: str
    cached_on: date
    runner: str
    recovery: int
    trap_bonus: int = 0
    contents: tuple[str, ...] = ()
    ounces: int = 0
    liars_pieces: int = 0  # left with the rest, taken back with the rest (§8.3)

    def deterrent(self, traps_roll_margin: int | None) -> LootCache:
        """A Traps roll against 6 when stashing: its margin, on a success, is the cache's trap bonus."""
        if traps_roll_margin is None or traps_roll_margin < 0:
            return self
        return replace(self, trap_bonus=traps_roll_margin)

    def recovered(self, awareness_total: int) -> bool:
        """The hero the pillagers choose rolls Divine Awareness: his total plus the trap bonus against the Recovery
        Difficulty."""
        return cache_recovered(awareness_total + self.trap_bonus, self.recovery)


def helm_ratings(helm: ChartRow, levels: int) -> dict[str, int]:
    """What a worn Helm of Power adds to its owner's Divine Connection: the helm's levels with its Gift's god (a
    Rune Power helm: nothing, powers have no patron) (001c §8.11, TV-83)."""
    if levels < 1:
        raise RulesError(N_("a Helm of Power has 1 level or more"))
    return {helm.deity: levels} if helm.deity else {}


def helm_levels(helm: ChartRow, levels: int, already: int = 0) -> int:
    """The Gift levels a hero has with the helm on: his own and the helm's, never past the Gift's most levels."""
    total = already + levels
    return min(total, helm.max_level) if helm.max_level is not None else total
