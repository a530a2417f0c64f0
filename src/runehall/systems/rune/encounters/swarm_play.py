"""A swarm of nuisance animals played by the encounter tracker (spec 001c §7.9; rules §34.5): a hero failing the
roll it hangs on is in the swarm and bitten at once; each later round (hazard_round) he rolls Bravery against 6
plus the HP he has lost to it this encounter, and flees it on a failure (out of it, not bitten); staying, he is
bitten for its DAM, armour ignored, three times over when his armour's Prot is 2 or less (hazards.nuisance_bite),
unless he spends his action (`trying`) on Dodge against 6 plus its DAM and makes it. The -1 on his other rolls
while he stays is the runner's to apply.
"""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.encounters.design import RollSpec
from runehall.systems.rune.encounters.hazards import nuisance_bite, nuisance_difficulties, soak_against
from runehall.systems.rune.encounters.peril_state import Peril
from runehall.systems.rune.encounters.run_rolls import bonus
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.trap_effects import on_roll
from runehall.systems.rune.encounters.traps import Nuisance
from runehall.systems.rune.stress import at_least

BRAVERY = RollSpec(id="bravery", name="Bravery", ability="bravery")
DODGE = RollSpec(id="dodge", name="Dodge", ability="dodge")


def _adds(state: RunState, hero: str, roll: RollSpec, options: Any) -> int:
    sheet = next(h.sheet for h in state.setup.heroes if h.name == hero)
    return bonus(hero, sheet, roll, options) + on_roll(state.traps, hero, roll)


def bite(state: RunState, swarm: Nuisance, hero: str, cause: str, options: Any, source: Source) -> tuple[RunState, Any]:
    """One round's bite: (state, what it did), scored as a hazard's harm."""
    from runehall.systems.rune.encounters.run_traps import body, hurt

    c = body(state, hero, options)
    hit = nuisance_bite(swarm.dam, c.armor_prot, soak_against(c.soak, c.armor_prot, True))
    state, after = hurt(state, hero, hit.hp_lost, cause, options, source)
    return state, {"raw": hit.raw, **after}


def chances(state: RunState, swarm: Nuisance, p: Peril, options: Any) -> tuple[Any, Any]:
    """The exact chances this round: he stays (Bravery), he dodges the bite if he tries (Dodge)."""
    brave, dodge = nuisance_difficulties(swarm.dam, p.damage)
    return (at_least(brave - _adds(state, p.hero, BRAVERY, options)),
            at_least(dodge - _adds(state, p.hero, DODGE, options)))  # fmt: skip


def swarm_round(
    state: RunState, swarm: Nuisance, p: Peril, trying: bool, cause: str, options: Any, source: Source
) -> tuple[RunState, dict[str, Any], Peril | None, list[list[int]]]:
    """One hero's round in the swarm: (state, what happened, his peril after or None when he is out, the dice)."""
    brave, dodge = nuisance_difficulties(swarm.dam, p.damage)
    result, shown = stress(source)
    faces = [list(shown)]
    total = result + _adds(state, p.hero, BRAVERY, options)
    row: dict[str, Any] = {"bravery": total, "bravery_difficulty": brave}
    if total < brave:
        return state, row | {"flees": True, "out": True}, None, faces
    if trying:
        result, shown = stress(source)
        faces.append(list(shown))
        row |= {"total": result + _adds(state, p.hero, DODGE, options), "difficulty": dodge}
        if row["total"] >= dodge:
            return state, row | {"dodged": True}, p, faces
    state, after = bite(state, swarm, p.hero, cause, options, source)
    return state, row | after, p.model_copy(update={"damage": p.damage + after["hp_lost"]}), faces
