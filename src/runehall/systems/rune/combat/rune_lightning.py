"""The Dwarven Work Sword's Rune Power in a fight (spec 001b §2.6, A-28; X = the hero's level in the power).

Woken like every power (rune_powers.py: no action), it is counted in attacks, not rounds: X lightning attacks, then
asleep for its recharge from the round of the last. Each is an attack (his action ends with it, as a shot's does) at up
to three foes still in the fight within 10X paces of him (option work_sword_reach, A-28; "feet": 4X paces): the one he
points at (`target`) and up to two more (`also`). He rolls Perception + Great Weapon + 8 (the lightning's Atk) less his
Impairment; the chosen foe with the highest DFN score (between equals, the earlier in the notes) rolls DFN against it,
as against any attack (option incapacitated_dfn, static_dfn_variant). Only a higher total strikes: then the lightning
strikes every chosen foe, each taking the margin + 12 (the lightning's Dam), less his Soak (his awake powers' counted).
The exact chance of striking is reported with the rolls."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import damage
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import dist2
from runehall.systems.rune.combat.rune_cone import defence
from runehall.systems.rune.combat.rune_state import Rune
from runehall.systems.rune.combat.settings import stress

if TYPE_CHECKING:
    from runehall.chance.sources import Source
    from runehall.systems.rune.combat.board import Board

WORK_SWORD = "rune_power_dwarven_work_sword"
SWORD = "dwarven_work_sword"
LIGHTNING_ATK = 8  # the lightning's weapon profile (book p.79): Atk +8, Dam +12
LIGHTNING_DAM = 12
MOST_FOES = 3
REACH = {"paces": 10, "feet": 4}  # paces a level, by option work_sword_reach (A-28: ten feet are about 4 paces)


def reach(board: Board, x: int) -> int:
    """How far the lightning seeks, in paces: 10X (option work_sword_reach, A-28), or 10X feet as 4X paces."""
    return REACH[str(board.opt("work_sword_reach") or "paces")] * x


def in_reach(board: Board, c: Combatant, x: int) -> list[Combatant]:
    """The foes the lightning may seek: enemies still in the fight within reach of him."""
    far = reach(board, x)
    return [o for o in board.enemies(c) if o.active and dist2(o.at, c.at) <= far * far]


def chosen(board: Board, c: Combatant, x: int, target: str, also: list[str] | None) -> list[Combatant]:
    """The foes named, refused unless each is a foe in reach, named once, three at most."""
    names = [target, *(also or ())]
    if len(names) > MOST_FOES:
        raise RulesError(N_("the lightning seeks three foes at most, not {n}"), n=len(names))
    if len(set(names)) < len(names):
        raise RulesError(N_("the lightning seeks each foe once: one is named twice"))
    near = {o.name for o in in_reach(board, c, x)}
    found = []
    for name in names:
        d = board.get(name)
        if d.name not in near:
            raise RulesError(N_("the lightning seeks a foe still in the fight within {n} paces of {who}, not {foe}"),
                             n=reach(board, x), who=c.name, foe=d.name)  # fmt: skip
        found.append(d)
    return found


def strike_chance(score: int, d_score: int, how: str) -> Fraction:
    """The exact chance that his total (score, Impairment taken off) is higher than the counter: a DFN roll with
    `d_score` ('roll'), else the fixed total `d_score`."""
    from runehall.systems.rune.stress import at_least, beats

    return beats(d_score - score + 1) if how == "roll" else at_least(d_score - score + 1)


def lightning(board: Board, c: Combatant, rune: Rune, params: Any, source: Source) -> dict[str, Any]:
    """One lightning attack: the rolls, each foe struck, the attacks left (the power asleep after the last)."""
    from runehall.systems.rune.combat.rune_powers import power_mods

    x = rune.level
    foes = chosen(board, c, x, str(params.target), getattr(params, "also", None))
    score = c.bonus("per") + int(c.gifted.great_weapon or 0) + LIGHTNING_ATK
    defences = {d.name: defence(board, d) for d in foes}  # refused before any die is rolled
    counter = max(foes, key=lambda d: (defences[d.name][0], -d.order))
    board.begin(c)
    roll, faces = stress(source)
    total = roll + score - c.impairment
    atk: dict[str, Any] = {"who": c.name, "faces": list(faces), "result": roll, "score": score, "total": total}
    if c.impairment:
        atk["impairment"] = -c.impairment
    d_score, how = defences[counter.name]
    if how == "roll":
        d_roll, d_faces = stress(source)
        dfn: dict[str, Any] = {"who": counter.name, "faces": list(d_faces), "result": d_roll, "score": d_score,
                               "total": d_roll + d_score - counter.impairment}  # fmt: skip
        if counter.impairment:
            dfn["impairment"] = -counter.impairment
        against = d_score - counter.impairment
    else:
        against = 0 if how == "none" else d_score + 5 - counter.impairment
        dfn = {"who": counter.name, "roll": "none (static)" if how == "static" else "none (cannot defend)",
               "score": d_score, "total": against}  # fmt: skip
    chance = strike_chance(score - c.impairment, against, how)
    tm = total - int(dfn["total"])
    shot: dict[str, Any] = {"atk": atk, "dfn": dfn, "foes": [d.name for d in foes], "success": tm > 0, "tm": tm,
                            "chance": [chance.numerator, chance.denominator]}  # fmt: skip
    if tm > 0:
        struck = []
        for d in foes:
            d = board.people[d.name]
            soak = d.soak + sum(value for _, value in power_mods(board, d, "soak"))
            blow = damage(tm, LIGHTNING_DAM, soak)
            struck.append({"who": d.name, "dam": LIGHTNING_DAM, "raw": blow.raw, "soak": soak,
                           "injury": board.hurt(d.name, blow.lost, c.name)})  # fmt: skip
        shot["struck"] = struck
    shot.update(_spend_one(board, c, rune))
    net = board.spend("attack")
    if net:
        shot["net"] = net
    return shot


def _spend_one(board: Board, c: Combatant, rune: Rune) -> dict[str, Any]:
    """One attack of the power used; the last puts it to sleep from this round (its recharge counted from it)."""
    left = int(rune.shots or 0) - 1
    change: dict[str, Any] = {"shots": left}
    said: dict[str, Any] = {"shots_left": left}
    if left <= 0:
        ready = board.round + rune.amount + 1 if rune.unit == "rounds" else None
        change.update(until=board.round, ready=ready)
        said["recharge"] = {"amount": rune.amount, "unit": rune.unit}
        if ready is not None:
            said["ready_round"] = ready
    c = board.people[c.name]
    runes = {**c.gifted.runes, WORK_SWORD: rune.model_copy(update=change)}
    board.update(c.name, gifted=c.gifted.model_copy(update={"runes": runes}))
    return said
