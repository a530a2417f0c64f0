"""The Double-Bladed Axe's Rune Power in a fight (spec 001b §2.6, A-25; X = the hero's level in the power).

Woken like every power (rune_powers.py: no action), awake 1 + X/2 rounds (fractions dropped), the round it woke
counted. While it is awake, an enemy that a blow of his double-bladed axe would take 1 HP or more from (after Soak)
first rolls Res (a stress roll, less his Impairment) against the hero's Great Weapon rating (rune_strike.py; a tie
resists). Resisted, the blow lands as usual (A-25). Failed, the blow takes no HP: he is a crow, flapping about,
unable to harm anyone - out of the fight (gone from the field) until the power's last round ends. Then he drops
where he was struck: naked, his weapons and his armour lying in a heap there (his weapons dropped, his armour's Prot
gone from his Soak), and he rolls Jump (a supporting character his Res) less his Impairment against option
crow_landing_difficulty (6); failing it, he has fallen down. The exact chance of landing on his feet is reported.
When the fight ends first, the crow has flown off and is gone for good."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.combatant import UNARMED, Combatant
from runehall.systems.rune.combat.settings import stress

if TYPE_CHECKING:
    from runehall.chance.sources import Source
    from runehall.systems.rune.combat.board import Board

DOUBLE_BLADED = "rune_power_double_bladed_axe"
AXE = "double_bladed_axe"


def crow(board: Board, a: Combatant, d: Combatant) -> dict[str, Any]:
    """He is a crow until the end of the power's last round."""
    a = board.people[a.name]
    rune = a.gifted.runes[DOUBLE_BLADED]
    runes = {**a.gifted.runes, DOUBLE_BLADED: rune.model_copy(update={"crows": {**rune.crows, d.name: rune.until}})}
    board.update(a.name, gifted=a.gifted.model_copy(update={"runes": runes}))
    board.update(d.name, health="gone")
    board.windows.pop(d.name, None)
    board.left_the_fight(d.name)
    return {"crow_until": rune.until}


def crows_land(board: Board, source: Source) -> list[dict[str, Any]]:
    """The round's end: each crow whose power's last round it was drops, naked, and rolls Jump to stay up."""
    from runehall.systems.rune.stress import at_least

    said: list[dict[str, Any]] = []
    for hero in list(board.people.values()):
        rune = hero.gifted.runes.get(DOUBLE_BLADED)
        if rune is None or not rune.crows:
            continue
        left = {name: until for name, until in rune.crows.items() if until > board.round}
        for name in (n for n in rune.crows if n not in left):
            v = board.people[name]
            difficulty = int(board.opt("crow_landing_difficulty"))
            jump = v.jump if v.jump is not None else (v.res if not v.hero and v.res is not None else 0)
            score = jump - v.impairment
            roll, faces = stress(source)
            chance = at_least(difficulty - score)
            naked = tuple(w.id for w in v.weapons if w.id != UNARMED)
            board.update(name, health="active", dropped=naked, ready=UNARMED, soak=v.soak - v.armor_prot, armor_prot=0,
                         fallen=roll + score < difficulty)  # fmt: skip
            said.append({"who": name, "hero": hero.name, "dropped": list(naked), "roll": {
                "who": name, "faces": list(faces), "result": roll, "score": jump, "total": roll + score,
                "difficulty": difficulty}, "fallen": roll + score < difficulty,
                "on_his_feet": [chance.numerator, chance.denominator]})  # fmt: skip
        hero = board.people[hero.name]
        runes = {**hero.gifted.runes, DOUBLE_BLADED: rune.model_copy(update={"crows": left})}
        board.update(hero.name, gifted=hero.gifted.model_copy(update={"runes": runes}))
    return said
