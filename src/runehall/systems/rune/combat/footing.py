"""Terrain in play (data/terrain.toml through combat/terrain.py): what a move costs over the ground it crosses,
slipping on slippery ground, the higher ground (being knocked down by a heavy blow: knockdown.py),
darkness and gloom, fog, elevation against cover, damaging places (on entering and at the end of each round), and
limited exits.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.effects import effect_mods
from runehall.systems.rune.combat.geometry import Point, dist2, length, refused_paces, shown, within
from runehall.systems.rune.combat.gift_cracks import exit_squeeze, squeezed
from runehall.systems.rune.combat.settings import stress, table_move
from runehall.systems.rune.combat.terrain import Zone, at, elevation, feature, higher, pieces, terrain

Mods = list[tuple[str, int]]
EPSILON = 1e-9  # paces added up from diagonal moves are floats: 2.0000000001 is still 2


# -- moving -------------------------------------------------------------------------------------------
def _multiplier(board: Board, c: Combatant, zone: Zone, a: Point, b: Point, half: bool) -> Fraction | None:
    """What one pace inside `zone` costs of c's allowance (None: he cannot move there at all)."""
    f = feature(zone.kind)
    if f.move_multiplier is not None:
        return f.move_multiplier
    if f.uphill is not None and f.downhill is not None and zone.up is not None:
        rise = (b[0] - a[0]) * zone.up[0] + (b[1] - a[1]) * zone.up[1]
        return f.uphill if rise > 0 else f.downhill if rise < 0 else Fraction(1)
    if f.move_table is not None:
        rating = c.balance_rating if f.move_table == "balance" else c.swim_rating
        column = table_move(f.move_table, rating)[0 if half else 1]
        factor = Fraction(1)
        if f.swim_factor == "option":
            factor = Fraction(str(board.opt("swim_raging_factor")))
        elif f.swim_factor is not None:
            factor = Fraction(f.swim_factor)
        paces = math.floor(column * factor)
        base = c.half_move if half else c.full_move
        return Fraction(base, paces) if paces > 0 else None
    return Fraction(1)


def move_cost(board: Board, c: Combatant, a: Point, b: Point, half: bool) -> Fraction | None:
    """The cost of each pace of the straight move a -> b, on average over the ground it crosses (1 on open
    ground); overlapping kinds multiply, the same kind counts once (the dearest)."""
    total = Fraction(0)
    for share, zones in pieces(board.terrain, a, b):
        dearest: dict[str, Fraction] = {}
        for z in zones:
            m = _multiplier(board, c, z, a, b, half)
            if m is None:
                return None
            dearest[z.kind] = max(m, dearest.get(z.kind, m))
        total += share * math.prod(dearest.values(), start=Fraction(1))
    return total


def check_ground(board: Board, c: Combatant, to: Point, limit: int, what: str, half: bool) -> None:
    """A move within `limit` paces of allowance over the ground it crosses; RulesError if it does not fit."""
    cost = move_cost(board, c, c.at, to, half)
    if cost is None:
        raise RulesError(N_("{who} cannot move on that ground at all"), who=c.name)
    d2 = dist2(c.at, to)
    if d2 * cost * cost <= limit * limit:
        return
    if cost == 1:
        raise RulesError(
            N_("{what} takes {who} at most {limit} paces; {to} is {distance} paces away"),
            what=Refusal(what),
            who=c.name,
            limit=limit,
            to=to,
            distance=refused_paces(length(c.at, to)),
        )
    spent = length(c.at, to) * float(cost)
    raise RulesError(
        N_("{what} takes {who} at most {limit} paces; over this ground {to} costs {spent} paces"),
        what=Refusal(what),
        who=c.name,
        limit=limit,
        to=to,
        spent=refused_paces(spent),
    )


def slippery_paces(board: Board, a: Point, b: Point) -> float:
    """How many paces of the straight move a -> b lie on slippery ground."""
    on_it = [share for share, zones in pieces(board.terrain, a, b) if any(z.kind == "slippery" for z in zones)]
    share = sum(on_it, Fraction(0))
    return float(share) * length(a, b) if share else 0.0


def slip(board: Board, name: str, start: Point, to: Point, source: Source) -> dict[str, Any] | None:
    """Moving more than 2 paces over slippery ground in the course of one action: one Balance roll (Res for a
    supporting character) in that action, or he falls. The paces add up over every move the action holds (two half
    moves, say), and the roll comes with the move that takes them past 2. A move outside the
    mover's own action (running to intercept a fleer) is judged on its own."""
    f = feature("slippery")
    c = board.people[name]
    limit = f.slip_above_paces or 0
    paces = slippery_paces(board, start, to)
    slot = board.slot if board.slot is not None and board.slot.who == name else None
    if slot is not None:
        if slot.slip_rolled:
            return None
        paces += slot.slippery_paces
    rolls = c.active and not c.fallen and paces > limit + EPSILON
    if slot is not None:
        board.slot = slot.model_copy(update={"slippery_paces": paces, "slip_rolled": rolls})
    if not rolls:
        return None
    roll, faces = stress(source)
    bonus = c.bonus("balance")
    mods = dark(board, c)
    total = roll + bonus + sum(v for _, v in mods) - c.impairment
    keeps = total >= (f.slip_difficulty or 0)
    if not keeps:
        board.update(name, fallen=True)
    out: dict[str, Any] = {"who": name, "faces": list(faces), "result": roll, "bonus": bonus, "total": total}
    if mods:
        out["modifiers"] = dict(mods)
    out.update(paces=shown(paces), difficulty=f.slip_difficulty, fell=not keeps)
    return out


# -- who stands higher, who sees ------------------------------------------------------------------------
def high_ground(board: Board, a: Combatant, d: Combatant) -> int:
    return higher(board.terrain, a.at, d.at)


def init_ground(board: Board, c: Combatant) -> tuple[str, int] | None:
    """Starting the round on a raised level (+3) or in a pit or trench (-3)."""
    height = elevation(board.terrain, c.at)
    rule = terrain().high_ground
    if height > 0:
        return "high_ground", rule.init_bonus
    if height < 0:
        return "low_ground", rule.init_penalty
    return None


def dark(board: Board, c: Combatant) -> Mods:
    """Darkness or gloom where he stands, unless he sees in the dark or a light is within 25 paces; and an
    obscurant of the notes, which no light lifts (effects.py)."""
    notes = effect_mods(board, c, "senses")
    decrease = max((feature(z.kind).roll_decrease or 0 for z in at(board.terrain, c.at)), default=0)
    if not decrease or c.night_vision:
        return notes
    radius = terrain().light.light_radius
    lit = any(
        o.light and o.health not in ("dead", "gone") and within(o.at, c.at, radius) for o in board.people.values()
    )
    return notes if lit else [("darkness" if decrease >= 4 else "gloom", -decrease), *notes]


def in_fog(board: Board, c: Combatant) -> bool:
    return any(feature(z.kind).obscures for z in at(board.terrain, c.at))


def cover_from_above(board: Board, a: Combatant, d: Combatant, value: int) -> int:
    """A cover penalty changed by 3 for every full 10 feet between shooter and target (never above 0, unless the
    table's option cover_elevation_never_a_bonus is off: 001b A-64)."""
    rule = terrain().elevation
    diff = elevation(board.terrain, a.at) - elevation(board.terrain, d.at)
    steps = diff // rule.feet_per_step if diff >= 0 else -(-diff // rule.feet_per_step)
    changed = value + rule.cover_change_per_step * steps
    return min(0, changed) if board.opt("cover_elevation_never_a_bonus") else changed


# -- rounds and exits -----------------------------------------------------------------------------------
def _burn(board: Board, c: Combatant, dam: int, source: Source) -> dict[str, Any]:
    """One exposure to a damaging place: Sta (Res) against 4; a failure is the place's Dam rating plus the miss as
    raw damage, less Soak. It marks him as harmed by a damaging place this round."""
    difficulty = feature("damaging").stamina_difficulty or 0
    roll, faces = stress(source)
    bonus = c.bonus("fatigue")
    total = roll + bonus - c.impairment
    record: dict[str, Any] = {"who": c.name, "faces": list(faces), "result": roll, "bonus": bonus, "total": total}
    record.update(difficulty=difficulty, dam=dam)
    board.flag(c.name, burned=True)
    if total < difficulty:
        raw = dam + difficulty - total
        record.update(raw=raw, injury=board.hurt(c.name, max(0, raw - c.soak)))
    return record


def _damaging_dam(board: Board, p: Point) -> int:
    """The Dam rating of the damaging place at p (the highest where areas overlap), 0 outside any."""
    return max((z.dam or 0 for z in at(board.terrain, p, "damaging")), default=0)


def entries(board: Board, start: Point, to: Point, flight: bool = False) -> list[int]:
    """The Dam rating of each damaging place the straight move start -> to enters, in order: each stretch of the
    path inside one after a stretch outside (ending on an area's edge counts). A jump (`flight`) only enters where
    it lands."""
    inside = _damaging_dam(board, start) > 0
    found: list[int] = []
    if not flight:
        for _, zones in pieces(board.terrain, start, to):
            dam = max((z.dam or 0 for z in zones if z.kind == "damaging"), default=0)
            if dam and not inside:
                found.append(dam)
            inside = dam > 0
    landing = _damaging_dam(board, to)
    if landing and not inside:
        found.append(landing)
    return found


def enter(
    board: Board, name: str, start: Point, to: Point, source: Source, flight: bool = False
) -> list[dict[str, Any]]:
    """A move (his own, a free one, or being shoved or rolled) that takes him into a damaging place harms him
    there and then. By `damaging_place_exposure`: once a round of exposure (no roll if a damaging place has
    already made him roll this round), or on each entry."""
    out: list[dict[str, Any]] = []
    each = board.opt("damaging_place_exposure") == "each_entry"
    for dam in entries(board, start, to, flight):
        c = board.people[name]
        if c.health in ("dead", "gone") or (c.this_round.burned and not each):
            break
        out.append({**_burn(board, c, dam, source), "entered": True})
    return out


def exposure(board: Board, source: Source) -> list[dict[str, Any]]:
    """At the end of a round, everyone standing in a damaging place whom no damaging place has harmed yet this
    round (entering one harms at once) rolls for this round's exposure."""
    out: list[dict[str, Any]] = []
    for c in list(board.people.values()):
        dam = _damaging_dam(board, c.at)
        if not dam or c.health in ("dead", "gone") or c.this_round.burned:
            continue
        out.append(_burn(board, c, dam, source))
    return out


def exit_at(board: Board, c: Combatant, to: Point) -> tuple[str, Zone] | None:
    """The exit a fleer ends in, checked against the heroes it lets through this round."""
    for index, zone in enumerate(board.terrain):
        if zone.kind == "exit" and zone.contains(to):
            key = str(index)
            most = zone.per_round or feature("exit").heroes_per_round or 1
            if c.hero and board.exits_used.get(key, 0) >= most and not exit_squeeze(c):  # Through the Cracks
                raise RulesError(
                    N_("{most} hero(es) a round may flee through {label}, and this round's have gone"),
                    most=most,
                    label=zone.label,
                )
            return key, zone
    return None


def escape(board: Board, c: Combatant, key: str, zone: Zone) -> dict[str, Any]:
    through: dict[str, Any] | None = None
    if c.hero:
        if board.exits_used.get(key, 0) >= (zone.per_round or feature("exit").heroes_per_round or 1):
            through = squeezed(board, c)  # Through the Cracks: past the exit's limit (gift_cracks.py)
        board.exits_used[key] = board.exits_used.get(key, 0) + 1
    board.update(c.name, health="gone")
    board.left_the_fight(c.name)
    board.windows.pop(c.name, None)
    out: dict[str, Any] = {"who": c.name, "through": zone.label}
    if through is not None:
        out["cracks"] = through
    return out
