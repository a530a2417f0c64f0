"""A heavy blow on bad footing (terrain in play, footing.py): raw melee damage enough to knock someone down on
slippery ground or a slope, his second DFN roll against it, and rolling down the slope when he fails it badly.
"""

from __future__ import annotations

import math
from typing import Any

from runehall.chance.sources import Source
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.footing import dark, enter
from runehall.systems.rune.combat.gallery import collide
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.terrain import at, feature, terrain


def knockdown(
    board: Board, a: Combatant, d: Combatant, raw: int, atk_total: int, source: Source
) -> dict[str, Any] | None:
    """Raw melee damage of 10+ on slippery ground or 15+ on a slope: a second DFN roll against the ATK total,
    or he falls; on a slope, failing by more than 5 sends him rolling 3 paces a point."""
    d = board.people[d.name]
    if not d.active or d.fallen:
        return None
    grounds = [
        feature(k)
        for k in ("slippery", "slope")
        if at(board.terrain, d.at, k) and raw >= (feature(k).knockdown_raw or 0)
    ]
    if not grounds:
        return None
    roll, faces = stress(source)
    score = d.dfn_weapon().need("dfn", d.name)
    mods = dark(board, d)
    total = roll + score + sum(v for _, v in mods) - d.impairment
    out: dict[str, Any] = {"who": d.name, "raw": raw, "faces": list(faces), "result": roll, "score": score}
    if mods:
        out["modifiers"] = dict(mods)
    out.update(total=total, against=atk_total, fell=total < atk_total)
    if total >= atk_total:
        return out
    board.update(d.name, fallen=True)
    slope = feature("slope")
    short = atk_total - total
    if any(g.id == "slope" for g in grounds) and short > (slope.roll_down_if_failed_by_more_than or 0):
        out["rolls_down"] = roll_down(board, a, d.name, short * (slope.roll_down_paces_per_point or 0), source)
    return out


def roll_down(board: Board, a: Combatant, name: str, paces: int, source: Source) -> dict[str, Any]:
    """He rolls away from his attacker (turned 45 degrees left or right on a d10) until the paces run out, the
    slope ends, or someone is in the way."""
    c = board.people[name]
    face = source.die(10)
    turn = next(r.turn_degrees for r in terrain().roll_direction if r.faces[0] <= face <= r.faces[1])
    angle = math.atan2(c.at[1] - a.at[1], c.at[0] - a.at[0]) + math.radians(turn)
    slopes = at(board.terrain, c.at, "slope")
    taken = {o.at: o.name for o in board.people.values() if o.name != name and o.health not in ("dead", "gone")}
    where, stopped = c.at, "the paces ran out"
    met: list[dict[str, Any]] = []
    for k in range(1, paces + 1):
        step = (c.at[0] + round(k * math.cos(angle)), c.at[1] + round(k * math.sin(angle)))
        if not any(s.contains(step) for s in slopes):
            stopped = "the end of the slope"
            break
        if step in taken:
            if taken[step] not in (m["who"] for m in met):
                met.append(collide(board, name, taken[step], source))
            if met[-1]["outcome"] != "knocked_down":  # knocked down, he lets the roller through
                stopped = "someone in the way"
                break
            continue
        where = step
    board.update(name, at=where)
    out: dict[str, Any] = {"die": face, "turn_degrees": turn, "paces": paces, "to": list(where), "stopped_by": stopped}
    if met:
        out["collisions"] = met
    burns = enter(board, name, c.at, where, source)
    if burns:
        out["damaging_places"] = burns
    return out
