"""What the rules refuse of one terrain feature of a fight (spec 001b §11, §16.4.2, §16.7), each refusal where
it is (the feature's id): undefined Dam ratings, bait that takes too long, jump Difficulties off the chart,
weird magic over its points or on forbidden targets, a missile penalty over its most, small ramps, sloped
areas that are ramps, cover that shelters nobody, hostages held by foes who may not hold them.
"""

from __future__ import annotations

from collections.abc import Sequence

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Combat, Cover, DamagingPlace, Feature, FoeSpec, WeirdMagic
from runehall.systems.rune.encounters.foe_pricing import FoeKind
from runehall.systems.rune.encounters.pricing_data import foes_pricing_file, terrain_file
from runehall.systems.rune.encounters.terrain import TARGET_WORDS, dam_row, weird_costs
from runehall.systems.rune.options import RuneOptions

Foe = tuple[FoeSpec, FoeKind | None]


def terrain_refusals(
    feature: Feature, combat: Combat, foes: Sequence[Foe], options: RuneOptions | None = None
) -> list[Refusal]:
    """Each problem with `feature` in a fight with `foes` (each foe with its kind, None when unknown)."""
    options = options or RuneOptions()
    data, where = terrain_file(), feature.id
    found: list[Refusal] = []
    jump = getattr(feature, "jump_difficulty", None)
    if jump is not None:
        standard = data.barrier.jump_difficulty if feature.kind == "barrier" else _cover_jump(feature)
        if jump != standard and not data.jump.lowest_set <= jump <= data.jump.highest:
            values = {"lowest": data.jump.lowest_set, "highest": data.jump.highest, "given": jump}
            found.append(Refusal(N_("a jump Difficulty is set from {lowest} to {highest}, not {given}"), values, where))
    if isinstance(feature, Cover) and feature.shelters < 1:
        found.append(Refusal(N_("cover shelters at least one character"), {}, where))
    if isinstance(feature, DamagingPlace):
        found += _damaging(feature, options)
    if feature.kind == "missile_penalty" and feature.points > data.missile.penalty_max_points:
        values = {"most": data.missile.penalty_max_points, "given": feature.points}
        found.append(Refusal(N_("a missile penalty over the whole area is at most {most}, not {given}"), values, where))
    if feature.kind == "slope_ramp" and feature.hexes_each < data.slope_ramp.min_hexes:
        values = {"least": data.slope_ramp.min_hexes, "given": feature.hexes_each}
        found.append(Refusal(N_("a ramp earns only with at least {least} hexes, not {given}"), values, where))
    if feature.kind == "slope_area" and data.ground["slope_area"].ep(feature.coverage) is None:
        values = {"least": data.slope_ramp.min_hexes}
        rule = N_(
            "sloped ground over less than two-thirds of the area is priced as ramps of at least {least} hexes each"
        )
        found.append(Refusal(rule, values, where))
    if feature.kind == "hostages":
        found += _hostages(feature.held_by, foes, where)
    if isinstance(feature, WeirdMagic):
        found += _weird(feature, foes)
    return found


def _cover_jump(feature: Feature) -> int:
    return next(c.jump_difficulty for c in terrain_file().cover if c.degree == getattr(feature, "degree", ""))


def _damaging(feature: DamagingPlace, options: RuneOptions) -> list[Refusal]:
    data = terrain_file().damaging_place
    found: list[Refusal] = []
    if dam_row(feature.dam, options) is None:
        listed = ", ".join(str(r.dam) for r in data.dam)
        values = {"listed": listed, "given": feature.dam}
        found.append(Refusal(N_("a damaging place's Dam rating is one of {listed}, not {given}"), values, feature.id))
    if feature.bait_rounds > data.max_bait_rounds:
        values = {"most": data.max_bait_rounds, "given": feature.bait_rounds}
        rule = N_("a prize in a damaging place takes at most {most} rounds inside to claim, not {given}")
        found.append(Refusal(rule, values, feature.id))
    return found


def _hostages(held_by: Sequence[str], foes: Sequence[Foe], where: str) -> list[Refusal]:
    crafty = foes_pricing_file().hostages.behaviour
    by_id = {spec.id: (spec, kind) for spec, kind in foes}
    found: list[Refusal] = []
    for foe_id in held_by:
        if foe_id not in by_id:
            found.append(Refusal(N_("no foe of this fight is called {id!r}"), {"id": foe_id}, where))
            continue
        spec, kind = by_id[foe_id]
        if kind is not None and kind.behaviour != crafty:
            rule = N_("only crafty foes hold hostages, and {foe} is not one")
            found.append(Refusal(rule, {"foe": spec.name or kind.said}, where))
    if not held_by and not any(kind is not None and kind.behaviour == crafty for _, kind in foes):
        found.append(Refusal(N_("hostages need a crafty foe to hold them, and this fight has none"), {}, where))
    return found


def _weird(feature: WeirdMagic, foes: Sequence[Foe]) -> list[Refusal]:
    data = terrain_file().weird_magic
    found: list[Refusal] = []
    where = feature.id
    points = sum(abs(a.delta) for a in feature.adjustments)
    if points > data.max_points:
        values = {"most": data.max_points, "given": points}
        found.append(Refusal(N_("a weird magic adjusts at most {most} points in all, not {given}"), values, where))
    targets = {a.target for a in feature.adjustments if a.delta}
    for first, second in data.not_together:
        if {first, second} <= targets:
            pair = {"first": Refusal(TARGET_WORDS[first]), "second": Refusal(TARGET_WORDS[second])}
            found.append(Refusal(N_("a weird magic may not touch both {first} and {second}"), pair, where))
    for adjustment in feature.adjustments:
        if adjustment.target in data.never_foes and adjustment.side in ("foes", "both") and adjustment.delta:
            target = {"target": Refusal(TARGET_WORDS[adjustment.target])}
            found.append(Refusal(N_("a weird magic may not touch the foes' {target}"), target, where))
    if feature.source != "place":
        shaman = foes_pricing_file().shaman.type
        if not any(spec.type == shaman for spec, _ in foes):
            found.append(Refusal(N_("a shaman's magic needs a goblin shaman among the foes of this fight"), {}, where))
        if any(a.delta and not weird_costs(a.side, a.delta) for a in feature.adjustments):
            rule = N_("a goblin shaman's magic only helps the foes or hampers the heroes")
            found.append(Refusal(rule, {}, where))
    return found
