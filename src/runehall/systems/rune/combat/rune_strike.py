"""The Dwarven Hammers' Rune Powers in a fight (spec 001b §2.6, A-27; X = the hero's level in the power).

Woken like every power (rune_powers.py: no action, awake X rounds, the round it woke counted). While the power is
awake and the hammer of its type is in his hand, a blow of that hammer that would take 1 HP or more from its
target (after Soak) first asks the target to resist: a Res roll (a stress roll, less his Impairment) against the
hero's Great Weapon rating. Made (a tie is made): the blow lands as usual. Failed: the blow takes no HP; the target
is a statue - of ice for the Work Hammer (the ice melts and he dies), of stone for good for the Battle Hammer - and
out of the fight, dead; nobody earns VP for him (the blow's injury holds no HP, so no death blow is credited).

Which targets the hammer reaches (formulas.hammer_reaches): the Battle Hammer every Threat Category but
Terrifying; the Work Hammer the categories up to option work_hammer_max_threat (A-27, Equal by default); a target
without a category (a hero, a foe given as stats without one) counts as Equal. A target out of reach takes the blow
as usual, and the record says why nothing froze."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.settings import stress

if TYPE_CHECKING:
    from runehall.chance.sources import Source
    from runehall.systems.rune.combat.board import Board

WORK_HAMMER = "rune_power_dwarven_work_hammer"
BATTLE_HAMMER = "rune_power_dwarven_battle_hammer"
GREAT_WEAPON_TOO = ("rune_power_dwarven_work_sword", "rune_power_viking_axe", "rune_power_double_bladed_axe")
HAMMERS = {WORK_HAMMER: ("dwarven_work_hammer", "ice"), BATTLE_HAMMER: ("dwarven_battle_hammer", "stone")}


def need_great_weapon(c: Combatant, power_id: str) -> None:
    """Refused before it wakes: a hammer's power needs his Great Weapon rating (the victims' Difficulty), and so
    does the Dwarven Work Sword's lightning (rune_lightning.py) and the Viking Axe's possession (rune_possess.py)."""
    if power_id in (*HAMMERS, *GREAT_WEAPON_TOO) and c.gifted.great_weapon is None:
        raise RulesError(N_("{who} has no Great Weapon rating given: give 'great_weapon' in his stats"), who=c.name)


def resists(score: int, difficulty: int) -> Fraction:
    """The exact chance that a Res roll with this score (Impairment taken off) reaches the Difficulty."""
    from runehall.systems.rune.stress import at_least

    return at_least(difficulty - score)


def res_roll(board: Board, a: Combatant, d: Combatant, power_id: str, source: Source) -> dict[str, Any]:
    """The target's Res roll against the hero's Great Weapon rating (a tie resists), with its exact chance."""
    difficulty = int(a.gifted.great_weapon or 0)
    score = d.bonus("res") - d.impairment
    roll, faces = stress(source)
    chance = resists(score, difficulty)
    record: dict[str, Any] = {"power": power_id, "who": d.name}
    record["roll"] = {"who": d.name, "faces": list(faces), "result": roll, "score": d.bonus("res"),
                      "total": roll + score, "difficulty": difficulty}  # fmt: skip
    if d.impairment:
        record["roll"]["impairment"] = -d.impairment
    record.update(resists=[chance.numerator, chance.denominator], resisted=roll + score >= difficulty)
    return record


def hammer_strike(
    board: Board, a: Combatant, d: Combatant, weapon: Weapon, lost: int, source: Source
) -> dict[str, Any] | None:
    """Before the blow's HP loss lands: an awake hammer's power on its target (None: no such power at work). The
    record has `statue` ("ice" or "stone") when the target failed: the caller then takes no HP from him; so too
    `crow_until` (the Double-Bladed Axe, rune_crow.py). The Viking Axe's possession is asked here too
    (rune_possess.py): the blow lands whatever comes of it."""
    from runehall.systems.rune.combat.rune_crow import AXE as CROW_AXE
    from runehall.systems.rune.combat.rune_crow import DOUBLE_BLADED, crow
    from runehall.systems.rune.combat.rune_possess import AXE, VIKING_AXE, possess
    from runehall.systems.rune.combat.rune_powers import awake
    from runehall.systems.rune.gifts.formulas import hammer_reaches

    a, d = board.people[a.name], board.people[d.name]
    if lost <= 0 or not a.gifted.runes:
        return None
    if weapon.id == AXE and awake(board, a, VIKING_AXE) and d.side != a.side:
        record = res_roll(board, a, d, VIKING_AXE, source)
        return record if record["resisted"] else {**record, **possess(board, a, d)}
    if weapon.id == CROW_AXE and awake(board, a, DOUBLE_BLADED) and d.side != a.side:  # rune_crow.py
        record = res_roll(board, a, d, DOUBLE_BLADED, source)
        return record if record["resisted"] else {**record, **crow(board, a, d)}
    for power_id, (arm, stuff) in HAMMERS.items():
        if weapon.id != arm or not awake(board, a, power_id):
            continue
        options = board.options if hasattr(board.options, "work_hammer_max_threat") else None
        if not hammer_reaches(power_id, d.threat, options):
            return {"power": power_id, "who": d.name, "out_of_reach": d.threat or "equal"}
        record = res_roll(board, a, d, power_id, source)
        if record["resisted"]:
            return record
        board.update(d.name, health="dead")  # a statue: out of the fight for good
        board.windows.pop(d.name, None)
        board.left_the_fight(d.name)
        return {**record, "statue": stuff}
    return None
