"""The Goblin Spike Club's Rune Power in a fight (spec 001b §2.6, 001b TV-12): a cone of rocks, spent at once.

The cone starts at the hero and points where he names: at a combatant (`target`) or at a place (`toward`). It is
10X paces long and 5X paces wide at its far end, widening evenly from nothing at the hero. He makes one ATK roll
with the club's ATK score; everyone inside it but him, friend or foe, who is still on the field and not dead,
rolls DFN against that one total (nearest first, the notes' order between equals), as against any attack: a
character out of the fight defends as option incapacitated_dfn says. A DFN total not above the ATK total is hit:
damage = the margin + the attack's Dam rating X, less his Soak (his awake powers' Soak counted). Each one's exact
chance of being hit is reported with his roll. Whether someone is inside is decided in whole numbers (no
rounding): a point at distance t along the cone's line is inside when 0 < t <= 10X and it lies no farther than
t / 4 from the line."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import damage
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import Point, dist2
from runehall.systems.rune.combat.settings import stress

if TYPE_CHECKING:
    from runehall.chance.sources import Source
    from runehall.systems.rune.combat.board import Board

SPIKE_CLUB = "rune_power_goblin_spike_club"
CLUB = "goblin_spike_club"


def in_cone(apex: Point, aim: Point, spot: Point, length: int, width: int) -> bool:
    """Whether `spot` lies in the cone from `apex` towards `aim`, `length` long and `width` wide at its base."""
    ax, ay = aim[0] - apex[0], aim[1] - apex[1]
    vx, vy = spot[0] - apex[0], spot[1] - apex[1]
    along = vx * ax + vy * ay  # t times |a|
    if along <= 0 or along * along > length * length * (ax * ax + ay * ay):
        return False
    return 2 * length * abs(vx * ay - vy * ax) <= width * along  # its distance from the line <= t * W / (2L)


def aim_of(board: Board, c: Combatant, target: str | None, toward: Point | None) -> Point:
    """Where the cone points: the combatant named, else the place named; refused when neither or his own place."""
    if target is not None:
        aim = board.get(target).at
    elif toward is not None:
        aim = toward
    else:
        raise RulesError(N_("the cone of rocks needs a direction: name someone or a place it points at"))
    if aim == c.at:
        raise RulesError(N_("the cone of rocks needs a direction away from where {who} stands"), who=c.name)
    return aim


def caught(board: Board, c: Combatant, aim: Point, x: int) -> list[Combatant]:
    """Everyone in the cone (never the hero, nor the dead or those gone), nearest first."""
    from runehall.systems.rune.gifts.formulas import goblin_spike_club

    size = goblin_spike_club(x)
    inside = [o for o in board.people.values() if o.name != c.name and o.health not in ("dead", "gone")
              and in_cone(c.at, aim, o.at, size.length, size.width)]  # fmt: skip
    return sorted(inside, key=lambda o: (dist2(o.at, c.at), o.order))


def hit_chance(atk_total_score: int, defence: int, rolls: bool) -> Fraction:
    """The exact chance that an ATK roll with this score reaches the defence: his DFN roll with score `defence`
    when he `rolls`, else a fixed total `defence`."""
    from runehall.systems.rune.stress import at_least, beats

    return beats(defence - atk_total_score) if rolls else at_least(defence - atk_total_score)


def _defence(board: Board, d: Combatant) -> tuple[int, str]:
    """His DFN score and how he defends: 'roll', 'static' (score + 5) or 'none' (a total of 0)."""
    if not d.active and board.opt("incapacitated_dfn") == "automatic_hit":
        return 0, "none"
    score = d.dfn_weapon().need("dfn", d.name)
    if not d.active and board.opt("incapacitated_dfn") != "normal_dfn":
        score = 0
    return score, "static" if board.opt("static_dfn_variant") else "roll"


defence = _defence  # the Dwarven Work Sword's counter roll too (rune_lightning.py)


def cone(board: Board, c: Combatant, x: int, aim: Point, source: Source) -> dict[str, Any]:
    """The cone: the hero's ATK roll, then each one inside defends; hits take the margin + X less Soak."""
    from runehall.systems.rune.combat.rune_powers import power_mods

    victims = caught(board, c, aim, x)
    defences = {v.name: _defence(board, v) for v in victims}  # refused before any die is rolled
    score = c.weapon(CLUB).need("atk", c.name)  # wake() has checked he bears one
    roll, faces = stress(source)
    atk_total = roll + score - c.impairment
    atk: dict[str, Any] = {"who": c.name, "faces": list(faces), "result": roll, "score": score, "total": atk_total}
    if c.impairment:
        atk["impairment"] = -c.impairment
    hits: list[dict[str, Any]] = []
    for v in victims:
        d_score, how = defences[v.name]
        d = board.people[v.name]
        if how == "roll":
            d_roll, d_faces = stress(source)
            dfn: dict[str, Any] = {"who": d.name, "faces": list(d_faces), "result": d_roll, "score": d_score,
                                   "total": d_roll + d_score - d.impairment}  # fmt: skip
            if d.impairment:
                dfn["impairment"] = -d.impairment
            fixed = d_score - d.impairment
        else:
            fixed = 0 if how == "none" else d_score + 5 - d.impairment
            dfn = {"who": d.name, "roll": "none (static)" if how == "static" else "none (cannot defend)",
                   "score": d_score, "total": fixed}  # fmt: skip
        chance = hit_chance(score - c.impairment, fixed, how == "roll")
        tm = atk_total - int(dfn["total"])
        record: dict[str, Any] = {"who": d.name, "dfn": dfn, "hit": tm >= 0, "tm": tm,
                                  "hit_chance": [chance.numerator, chance.denominator]}  # fmt: skip
        if tm >= 0:
            soak = d.soak + sum(value for _, value in power_mods(board, d, "soak"))
            blow = damage(tm, x, soak)
            record.update(dam=x, raw=blow.raw, soak=soak, injury=board.hurt(d.name, blow.lost, c.name))
        hits.append(record)
    return {"atk": atk, "dam": x, "aim": list(aim), "caught": hits}
