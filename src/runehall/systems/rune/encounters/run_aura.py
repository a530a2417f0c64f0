"""Aura of Phlegmatic Acceptance at the end of an encounter run (spec 001b §2.5, A-05): +20X VP to each seated hero
holding it whose HP went below 20, or who had 4 Wounds, at any time in the encounter.

The run knows it from each fight (a blow that took him that low marks him: combat/gift_passive.aura_mark) and from
where each fight left him and where the harm outside the fights left him (a trap, a hazard). X is his level at the
end (his sheet's and what he bought in the run's fights). The forfeit for declining to defend against an attack
never arises: the fight has no such choice (every attack is defended)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.encounters.run_gifts import bought_in_run, sheet_gifts
from runehall.systems.rune.encounters.tally import Tally

if TYPE_CHECKING:
    from runehall.systems.rune.encounters.run_state import RunState

AURA = "aura_of_phlegmatic_acceptance"


def brought_low(state: RunState) -> frozenset[str]:
    """The heroes brought below 20 HP or to 4 Wounds in the encounter so far."""
    from runehall.systems.rune.gifts.formulas import aura_low

    low: set[str] = set()
    for fought in state.fights:
        for c in fought.fight.combatants:
            if c.hero and (c.gifted.triggered.low or aura_low(c.hp, c.wounds)):
                low.add(c.name)
    for name, hp in state.outside.items():
        if aura_low(hp, 0):
            low.add(name)
    for name, wounds in state.traps.wounds.items():
        last = next((c for f in reversed(state.fights) for c in f.fight.combatants if c.name == name), None)
        if aura_low(1_000, wounds + (last.wounds if last is not None else 0)):
            low.add(name)
    return frozenset(low)


def aura(state: RunState) -> tuple[Tally, list[dict[str, Any]]]:
    """The tally with each Aura's VP awarded as that hero's gift VP, and what was awarded (for the card)."""
    from runehall.systems.rune.gifts.formulas import aura_vp

    tally, awarded = state.tally, list[dict[str, Any]]()
    low = brought_low(state)
    bought = bought_in_run(state)
    for entry in state.setup.heroes:
        x = sheet_gifts(entry.sheet, bought.get(entry.name, {})).get(AURA, 0)
        if not x or not any(s.hero == entry.name for s in tally.seats) or tally.died(entry.name) is not None:
            continue
        vp = aura_vp(x, entry.name in low, declined_defence=False)
        if vp:
            tally = tally.award("gift_bonus", vp, hero=entry.name)
            awarded.append({"hero": entry.name, "gift": AURA, "vp": vp})
    return tally, awarded
