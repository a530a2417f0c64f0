"""Foes in encounter points (spec 001b §8.2-§8.6, §9, §10): foes cost nothing themselves, their number is set
by Mix; what is priced is what the designer buys for them (Self-Willed, a wendol's right to attack other
foes), a tube-striker placed as a trap, and the credit for a fight in which no foe shoots.

A foe's type is one of the gallery's (foes.toml) or a creature of the designer's own (the notes'
`creatures`): `kind_of` reads either as one `FoeKind`. A custom creature's Mix modifier comes from its Adjust
(10.3): each stat's change in Mix points (3 INIT = 1 ATK = 1 DFN = 3 DAM = 1 Soak = 10 HP = 3 Res), with
decreases of INIT, HP and Res worth nothing, one tenth of Mix per point. A standard foe given an Adjust of
the designer's own keeps its type's published modifier plus the same price of the change (A-60).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Combat, Creature, FoeSpec
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.pricing_data import foes_pricing_file
from runehall.systems.rune.foe_data import STATS, Category, Stat, category, foe_types
from runehall.systems.rune.foes import mix_total
from runehall.systems.rune.options import RuneOptions


@dataclass(frozen=True)
class FoeKind:
    """A foe type as the validator needs it, standard or the designer's own."""

    id: str
    said: Any  # how a refusal names it: the type's label (said in the reader's language) or the creature's name
    max_threat: str | None  # None: any category (a designer's creature)
    missiles: bool
    behaviour: str
    night_vision: bool
    always_predictable: bool
    mix_modifier: Fraction | None  # None: no Mix (the tube-striker)
    adjust: Mapping[Stat, int]
    page: int | None
    custom: bool


def creature_mix_modifier(adjust: Mapping[Stat, int]) -> Fraction:
    """The Mix modifier an Adjust is worth (10.3): Mix points (decreases of INIT, HP and Res count 0), each a
    tenth of Mix."""
    rates = foes_pricing_file().mix_points
    free = set(rates.decreases_pay_nothing)
    points = sum(
        (rates.weight(s) * (max(0, v) if s in free else v) for s, v in adjust.items() if s in STATS), Fraction(0)
    )
    return points * rates.mix_per_point


def repriced_modifier(kind: FoeKind, adjust: Mapping[Stat, int]) -> Fraction | None:
    """A standard type's modifier for a foe given another Adjust: the published modifier plus the price of
    the change from the published Adjust (a creature's: the price of the new Adjust itself)."""
    if kind.mix_modifier is None:
        return None
    if kind.custom:
        return creature_mix_modifier(adjust)
    change = {s: adjust.get(s, 0) - kind.adjust.get(s, 0) for s in STATS}
    return kind.mix_modifier + creature_mix_modifier(change)


def _said(type_id: str, creatures: Iterable[Creature]) -> Any:
    kind = kind_of(type_id, creatures)
    return kind.said if kind is not None else type_id


def kind_of(type_id: str, creatures: Iterable[Creature]) -> FoeKind | None:
    """The foe type or the designer's creature called `type_id`; None when there is neither."""
    for c in creatures:
        if c.id == type_id:
            return FoeKind(
                c.id, c.name, None, c.missiles, c.behaviour, c.night_vision, False,
                creature_mix_modifier(c.adjust), dict(c.adjust), None, True,
            )  # fmt: skip
    for t in foe_types():
        if t.id == type_id:
            return FoeKind(
                t.id, Refusal(t.label), t.max_threat, t.missiles, t.behaviour, t.night_vision,
                t.always_predictable, t.mix, dict(t.adjust), t.page, False,
            )  # fmt: skip
    return None


def foe_mix(foe: FoeSpec, kind: FoeKind, options: RuneOptions) -> Fraction | None:
    """One foe's Mix: its category's plus its type's modifier (repriced for an Adjust of its own)."""
    if kind.mix_modifier is None:
        return None
    modifier: Fraction | None = kind.mix_modifier
    if foe.use_adjust and foe.adjust is not None:
        modifier = repriced_modifier(kind, foe.adjust)
    elif not foe.use_adjust and options.mix_without_adjust == "repriced":
        modifier = repriced_modifier(kind, {})
    return category(foe.threat).mix + (modifier or Fraction(0))


def fight_mix(combat: Combat, creatures: Sequence[Creature], options: RuneOptions) -> tuple[Fraction, Fraction]:
    """(all foes' Mix, the Mix of those that could be given a missile weapon), unrounded; unknown types and
    foes without Mix count nothing."""
    total = arrows = Fraction(0)
    for foe in combat.foes:
        kind = kind_of(foe.type, creatures)
        mix = foe_mix(foe, kind, options) if kind else None
        if mix is not None and kind is not None:
            total += mix
            arrows += mix if kind.missiles else 0
    return total, arrows


def rounded_mix(combat: Combat, creatures: Sequence[Creature], options: RuneOptions) -> int:
    return mix_total([fight_mix(combat, creatures, options)[0]])


def price_foes(
    event_id: str, combat: Combat, creatures: Sequence[Creature], options: RuneOptions
) -> tuple[CostLine, ...]:
    """The lines of a fight's foes: Self-Willed, the right to attack other foes, tube-strikers as traps, and
    the no-missile credit when it is claimed (whether it may be is `foe_refusals`')."""
    data = foes_pricing_file()
    lines: list[CostLine] = []
    for foe in combat.foes:
        kind = kind_of(foe.type, creatures)
        if kind is None:
            continue
        level: Category = category(foe.threat)
        threat = {"threat": level.name}
        if foe.type == data.tube_striker.type:
            lines.append(CostLine(foe.id, N_("Tube-striker as a trap"), data.tube_striker.trap_ep, page=kind.page))
        if foe.self_willed:
            lines.append(CostLine(foe.id, N_("Self-Willed ({threat})"), level.self_willed_cost, threat))
        if foe.attacks_foes:
            rule = N_("Attacks other foes too ({threat})")
            lines.append(CostLine(foe.id, rule, level.self_willed_cost, threat, page=kind.page))
    if combat.no_missile_credit:
        lines.append(CostLine(event_id, N_("No foe uses a missile weapon"), data.no_missile.ep))
    return tuple(lines)


def foe_refusals(
    event_id: str, combat: Combat, creatures: Sequence[Creature], heroes: int, options: RuneOptions
) -> list[Refusal]:
    """What the rules refuse of a fight's foes, each where it is (a foe's id, or the event's)."""
    data = foes_pricing_file()
    found: list[Refusal] = []
    for foe in combat.foes:
        kind = kind_of(foe.type, creatures)
        if kind is None:
            found.append(
                Refusal(N_("no foe type and no creature of these notes is called {type!r}"), {"type": foe.type}, foe.id)
            )
            continue
        level = category(foe.threat)
        if kind.max_threat is not None and level.mix > category(kind.max_threat).mix:
            maximum = Refusal(category(kind.max_threat).name)
            values = {"foe": kind.said, "maximum": maximum, "threat": Refusal(level.name)}
            found.append(Refusal(N_("a {foe} can be at most {maximum}, not {threat}"), values, foe.id))
        if heroes < level.min_heroes:
            values = {"threat": Refusal(level.name), "minimum": level.min_heroes, "heroes": heroes}
            found.append(
                Refusal(N_("a {threat} foe needs at least {minimum} heroes to fight it, not {heroes}"), values, foe.id)
            )
        if foe.self_willed and kind.always_predictable:
            found.append(
                Refusal(N_("a {foe} is always Predictable: it cannot be made Self-Willed"), {"foe": kind.said}, foe.id)
            )
        if foe.attacks_foes and foe.type != data.self_willed.attacks_foes_type:
            found.append(
                Refusal(
                    N_("only a wendol may be bought the right to attack other foes, not a {foe}"),
                    {"foe": kind.said},
                    foe.id,
                )
            )
        if foe.missile is not None and not kind.missiles:
            found.append(Refusal(N_("a {foe} never uses missile weapons"), {"foe": kind.said}, foe.id))
    if combat.no_missile_credit:
        found += _credit_refusals(event_id, combat, creatures, options)
    return found


def _credit_refusals(
    event_id: str, combat: Combat, creatures: Sequence[Creature], options: RuneOptions
) -> list[Refusal]:
    found: list[Refusal] = []
    armed = [f for f in combat.foes if f.missile is not None]
    if armed:
        found.append(
            Refusal(  # (a foe the designer left unnamed: by its type, in the reader's language)
                N_("no foe may carry a missile weapon in a fight that earns the no-missile credit, and {foe} does"),
                {"foe": armed[0].name or _said(armed[0].type, creatures)},
                event_id,
            )
        )
    total, arrows = fight_mix(combat, creatures, options)
    if arrows < total * foes_pricing_file().no_missile.arrow_share or total == 0:
        percent = int(100 * arrows / total) if total else 0
        values = {"percent": percent}
        found.append(
            Refusal(
                N_(
                    "the no-missile credit needs foes that could shoot to make up at least half of the fight's Mix;"
                    " here they make {percent}%"
                ),
                values,
                event_id,
            )
        )
    if any(t.kind == "missile_penalty" for t in combat.terrain):
        found.append(
            Refusal(
                N_("the no-missile credit cannot be claimed in a fight with a missile penalty over the whole area"),
                {},
                event_id,
            )
        )
    return found
