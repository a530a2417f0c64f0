"""The Remorse of Hoder in a fight (spec 001b §2.5, 001b TV-13c; X = the hero's level).

When a shot of his misses its target and strays into an ally of his (the crowd's stray hit: missile.py), he rolls
Presence + X (a stress roll, less his Impairment) against a tenth of the paces between him and that ally, fractions
dropped (formulas.tenth_of_paces). Made: the missile swerves onto a foe within 20 paces of the ally instead, with
the stray's margin over 6 against that foe's Soak; the ally's player chooses which (the attack's `swerve_to`; a
foe not so near, or none named: the nearest, the notes' order between equals); with none that near the ally is
hit after all. Failed: the ally is hit. The swerve is inside the shot's stray, so in an encounter run the damage
is the shooter's like any of his blows, and the ally, when he is a hero with a seat, takes the same damage VP as
his gift VP (run_gift_vp.hoder_shares)."""

from __future__ import annotations

from math import isqrt
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.geometry import dist2
from runehall.systems.rune.combat.settings import stress

HODER = "the_remorse_of_hoder"
NEAR_ALLY = 20  # paces: the foes the ally may turn the missile onto


def check_presence(c: Combatant, weapon: Weapon) -> None:
    """Before any die: a hero holding the gift who shoots needs his Presence for the roll it may ask."""
    if c.hero and weapon.ranged and c.gifted.level(HODER) and c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)


def difficulty(a: Combatant, ally: Combatant) -> int:
    """001b TV-13c: an ally 35 paces away gives 3 (whole paces, rounded down, then a tenth)."""
    from runehall.systems.rune.gifts.formulas import tenth_of_paces

    return tenth_of_paces(isqrt(dist2(a.at, ally.at)))


def turned_onto(board: Board, a: Combatant, ally: Combatant, choice: str | None) -> Combatant | None:
    """The foe the ally's player turns it onto: his choice when it is a foe near enough, else the nearest."""
    near = [
        o
        for o in board.enemies(a)
        if o.health not in ("dead", "gone") and dist2(o.at, ally.at) <= NEAR_ALLY * NEAR_ALLY
    ]
    chosen = next((o for o in near if o.name == choice), None)
    return chosen or min(near, key=lambda o: (dist2(o.at, ally.at), o.order), default=None)


def swerve(board: Board, a: Combatant, victim: Combatant, source: Source, choice: str | None) -> dict[str, Any] | None:
    """His shot strayed into `victim`: when that is his ally and he holds the gift, his roll and the foe it turns
    onto (`foe`, absent when it fails or no foe is near enough); None when the gift has no say."""
    x = a.gifted.level(HODER) if a.hero else 0
    if not x or victim.side != a.side or victim.name == a.name:
        return None
    presence = a.gifted.presence or 0
    against = difficulty(a, victim)
    roll, faces = stress(source)
    total = roll + presence + x - a.impairment
    record: dict[str, Any] = {"who": a.name, "roll": "Presence", "faces": list(faces), "result": roll,
                              "score": presence + x, "total": total}  # fmt: skip
    if a.impairment:
        record["impairment"] = -a.impairment
    out: dict[str, Any] = {"ally": victim.name, "rolls": [record], "difficulty": against, "success": total >= against}
    if out["success"]:
        foe = turned_onto(board, a, victim, choice)
        if foe is not None:
            out["foe"] = foe.name
    return out
