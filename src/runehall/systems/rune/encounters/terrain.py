"""One terrain feature of a fight priced in encounter points (spec 001b §11, parameters §16.4.4), and what the
rules refuse of it. The numbers are data/encounter_terrain.toml's.

Each feature is priced as separate lines (a cover object and its raised jump Difficulty are two lines; each
adjustment of a weird magic its own), never netted. A cap on one feature (levels, tube-strikers, areas of
light) keeps the items beyond it as a line that counts for nothing; the caps across a whole encounter and the
three features that earn per fight are terrain_slots.py's.

- darkness, gloom, weather no torch survives and obscurants cost when any foe of the fight sees in the dark
  (the crescent-moon icon), and earn when every foe needs light as the heroes do (A-71);
- a weird magic costs for what hampers only the heroes or helps only the foes, and earns for the rest; a
  goblin shaman's chant costs half;
- a jump Difficulty set by the designer costs cost(new) - cost(standard) of the jump chart, whose 3 (the
  one-third cover's own) is extrapolated (A-65);
- slippery, uneven and sloped ground by coverage band (A-73); a damaging place by its Dam rating, plus its
  spreading by hex size (A-68), plus a prize inside that takes rounds to claim (a spend).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import (
    Barrier,
    Combat,
    Counted,
    Cover,
    DamagingPlace,
    Feature,
    FoeSpec,
    Ground,
    LimitedExits,
    MissileObstruction,
    MissilePenalty,
    Obscurant,
    SlopeRamps,
    Vision,
    WeirdMagic,
)
from runehall.systems.rune.encounters.foe_pricing import FoeKind
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.pricing_data import terrain_file
from runehall.systems.rune.options import RuneOptions

COVERAGE_WORDS = {
    "less_than_third": N_("less than a third of the area"),
    "third": N_("a third of the area"),
    "half": N_("half of the area"),
    "two_thirds": N_("two-thirds of the area"),
    "all": N_("all of the area"),
}
DEGREE_WORDS = {"third": N_("One-third cover"), "half": N_("Half cover"), "full": N_("Full cover")}
VISION_WORDS = {"darkness": N_("Full darkness"), "gloom": N_("Gloom"), "torch_proof": N_("Weather no torch survives")}
TARGET_WORDS = {
    "init": N_("INIT"),
    "atk": N_("ATK"),
    "dfn": N_("DFN"),
    "dam": N_("DAM"),
    "soak": N_("Soak"),
    "gift": N_("gift rolls"),
}
SIDE_WORDS = {"heroes": N_("the heroes"), "foes": N_("the foes"), "both": N_("everyone")}
SOURCE_WORDS = {
    "place": N_("Weird magic"),
    "shaman_brazier": N_("A shaman's brazier"),
    "shaman_chant": N_("A shaman's chant, at half the cost"),
}
COUNTED_RULES = {
    "decoys": N_("Decoys: {count}, at {each} each"),
    "hostages": N_("Hostages: {count}, at {each} each"),
    "levels": N_("Additional levels: {count}, at {each} each"),
    "tube_strikers": N_("Tube-strikers as scenery: {count}, at {each} each"),
    "obscurant_areas": N_("Areas of differing light: {count}, at {each} each"),
}
BARRIER_RULE = N_("Barriers: {count}, at {each} each")
BEYOND_RULE = N_("Beyond the {cap} that earn: {count}")


def sees_in_dark(foes: Sequence[FoeKind]) -> bool:
    return any(kind.night_vision for kind in foes)


def each_line(where: str, rule: str, count: int, each: int, cap: int | None, page: int | None) -> list[CostLine]:
    """`count` items at `each` apiece: the first `cap` counted, the rest a line that counts for nothing."""
    kept = count if cap is None else min(count, cap)
    lines = [CostLine(where, rule, each * kept, {"count": kept, "each": each}, page)]
    if kept < count:
        lines.append(
            CostLine(where, BEYOND_RULE, each * (count - kept), {"count": count - kept, "cap": cap}, page, False)
        )
    return lines


def jump_cost(difficulty: int) -> int | None:
    return next((c.ep for c in terrain_file().jump.cost if c.difficulty == difficulty), None)


def _jump_line(where: str, set_to: int | None, standard: int, times: int) -> list[CostLine]:
    new = jump_cost(set_to) if set_to is not None else None
    if set_to is None or set_to == standard or new is None:
        return []
    change = (new - (jump_cost(standard) or 0)) * times
    values = {"difficulty": set_to, "standard": standard, "count": times}
    rule = N_("Jump Difficulty {difficulty} instead of {standard}")
    if times > 1:
        rule = N_("Jump Difficulty {difficulty} instead of {standard}, for each of {count}")
    return [CostLine(where, rule, change, values)]


def price_terrain(
    feature: Feature, combat: Combat, foes: Sequence[FoeKind], options: RuneOptions | None = None
) -> tuple[CostLine, ...]:
    """The lines of one feature of a fight whose foes are of the kinds `foes`. What cannot be priced (an
    undefined Dam rating, a small ramp) gives no line: `terrain_refusals` says why."""
    options = options or RuneOptions()
    if isinstance(feature, Barrier):
        return tuple(_barrier(feature, options))
    if isinstance(feature, Cover):
        return tuple(_cover(feature))
    if isinstance(feature, DamagingPlace):
        return tuple(_damaging(feature, options))
    if isinstance(feature, Vision | Obscurant):
        return tuple(_vision(feature, foes))
    if isinstance(feature, WeirdMagic):
        return tuple(_weird(feature))
    return tuple(_simple(feature))


def _barrier(feature: Barrier, options: RuneOptions) -> list[CostLine]:
    row = terrain_file().barrier
    lines = each_line(feature.id, BARRIER_RULE, feature.count, row.ep, None, row.page)
    times = feature.count if options.barrier_jump_priced == "per_barrier" else 1
    return lines + _jump_line(feature.id, feature.jump_difficulty, row.jump_difficulty or 0, times)


def _cover(feature: Cover) -> list[CostLine]:
    data = terrain_file()
    row = next(c for c in data.cover if c.degree == feature.degree)
    lines: list[CostLine] = []
    if feature.shelters > 0:
        values: dict[str, Any] = {"degree": DEGREE_WORDS[feature.degree], "count": feature.shelters, "each": row.ep}
        if row.ep * feature.shelters < data.cover_cap.ep:
            rule = N_("{degree}, sheltering {count}, at {each} each, capped at {cap}")
            lines.append(CostLine(feature.id, rule, data.cover_cap.ep, values | {"cap": data.cover_cap.ep}))
        else:
            rule = N_("{degree}, sheltering {count}, at {each} each")
            lines.append(CostLine(feature.id, rule, row.ep * feature.shelters, values))
    return lines + _jump_line(feature.id, feature.jump_difficulty, row.jump_difficulty, 1)


def _simple(feature: Feature) -> list[CostLine]:
    """Counted items, exits, missile obstructions and penalties, ground and ramps."""
    data, where = terrain_file(), feature.id
    if isinstance(feature, Counted):
        counted = data.counted[feature.kind]
        cap = counted.cap if counted.cap_scope == "fight" else None
        return each_line(where, COUNTED_RULES[feature.kind], feature.count, counted.ep, cap, counted.page)
    if isinstance(feature, LimitedExits):
        words = {"one": N_("Only one viable exit"), "two": N_("Exactly two viable exits")}
        words["one_double"] = N_("One exit, two heroes through it each round")
        return [CostLine(where, words[feature.mode], getattr(data.limited_exits, feature.mode))]
    if isinstance(feature, MissileObstruction):
        rule = N_("Obstructions to missile fire over the whole area")
        if feature.extent == "half":
            rule = N_("Obstructions to missile fire over about half the area")
        return [CostLine(where, rule, getattr(data.missile, feature.extent))]
    if isinstance(feature, MissilePenalty):
        if feature.points > data.missile.penalty_max_points:
            return []
        rule = N_("Missile penalty of {points} over the whole area")
        return [CostLine(where, rule, data.missile.penalty_per_point * feature.points, {"points": feature.points})]
    if isinstance(feature, Ground):
        bands = data.ground[feature.kind]
        ep = bands.ep(feature.coverage)
        rules = {"slippery": N_("Slippery ground over {coverage}")}
        rules |= {"uneven": N_("Uneven ground over {coverage}")}
        rules |= {"slope_area": N_("Sloped ground over {coverage}")}
        if ep is None:
            return []
        return [CostLine(where, rules[feature.kind], ep, {"coverage": COVERAGE_WORDS[feature.coverage]}, bands.page)]
    if isinstance(feature, SlopeRamps) and feature.hexes_each >= data.slope_ramp.min_hexes:
        return each_line(where, N_("Ramps: {count}, at {each} each"), feature.count, data.slope_ramp.ep, None, None)
    return []


def _vision(feature: Vision | Obscurant, foes: Sequence[FoeKind]) -> list[CostLine]:
    data = terrain_file().vision
    sign = 1 if sees_in_dark(foes) else -1
    why = N_("the foes see in the dark") if sign > 0 else N_("the foes need light as well")
    if isinstance(feature, Obscurant):
        values: dict[str, Any] = {"penalty": feature.penalty, "why": why}
        return [
            CostLine(
                feature.id,
                N_("Obscurant of {penalty}, {why}"),
                sign * data.obscurant_per_point * feature.penalty,
                values,
            )
        ]
    size = getattr(data, feature.kind)
    return [
        CostLine(
            feature.id, N_("{condition}, {why}"), sign * size, {"condition": VISION_WORDS[feature.kind], "why": why}
        )
    ]


def dam_row(dam: int, options: RuneOptions) -> tuple[int, int] | None:
    """(the listed Dam rating a place is priced as, its EP); None when the rating is not listed and the
    table refuses others, or when no listed rating is lower."""
    rows = terrain_file().damaging_place.dam
    exact = next((r for r in rows if r.dam == dam), None)
    if exact is not None:
        return exact.dam, exact.ep
    lower = [r for r in rows if r.dam < dam]
    if options.damaging_place_other_dam == "nearest_lower" and lower:
        return lower[-1].dam, lower[-1].ep
    return None


def _damaging(feature: DamagingPlace, options: RuneOptions) -> list[CostLine]:
    data = terrain_file().damaging_place
    lines: list[CostLine] = []
    found = dam_row(feature.dam, options)
    if found is not None:
        listed, ep = found
        if listed == feature.dam:
            lines.append(CostLine(feature.id, N_("Dam rating {dam}"), ep, {"dam": feature.dam}))
        else:
            lines.append(
                CostLine(
                    feature.id, N_("Dam rating {dam}, priced as {listed}"), ep, {"dam": feature.dam, "listed": listed}
                )
            )
    if feature.expanding is not None:
        ep = next(h.ep for h in data.expanding if h.hexes == feature.expanding)
        lines.append(CostLine(feature.id, N_("Spreading, in hexes of {hexes} paces"), ep, {"hexes": feature.expanding}))
    bait = next((b for b in data.bait if b.rounds == feature.bait_rounds), None)
    if bait is not None:
        rule = N_("A prize inside that takes {rounds} rounds to claim")
        lines.append(CostLine(feature.id, rule, bait.ep, {"rounds": bait.rounds}))
    return lines


def weird_costs(side: str, delta: int) -> bool:
    """Whether an adjustment costs (hampers only the heroes or helps only the foes) rather than earns."""
    return (side == "foes" and delta > 0) or (side == "heroes" and delta < 0)


def _weird(feature: WeirdMagic) -> list[CostLine]:
    data = terrain_file().weird_magic
    share = data.share[feature.source]
    lines: list[CostLine] = []
    for adjustment in feature.adjustments:
        if adjustment.delta == 0:
            continue
        sign = 1 if weird_costs(adjustment.side, adjustment.delta) else -1
        ep = sign * share * data.ep_per_point * abs(adjustment.delta)
        values = {
            "source": SOURCE_WORDS[feature.source],
            "change": f"{adjustment.delta:+d}",
            "target": TARGET_WORDS[adjustment.target],
            "side": SIDE_WORDS[adjustment.side],
        }
        lines.append(CostLine(feature.id, N_("{source}: {change} to {target} of {side}"), int(ep), values, data.page))
    return lines


def terrain_refusals(
    feature: Feature, combat: Combat, foes: Sequence[tuple[FoeSpec, FoeKind | None]], options: RuneOptions | None = None
) -> list[Refusal]:
    """What the rules refuse of one feature (terrain_checks.py's, here beside its prices)."""
    from runehall.systems.rune.encounters.terrain_checks import terrain_refusals as refusals

    return refusals(feature, combat, foes, options)
