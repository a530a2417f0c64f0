"""An encounter's terrain priced as a whole (spec 001b §11.1, §11.16, A-61; 001c A-02): the caps across the
encounter (4 barriers, 4 decoys, 3 hostages, counted in the notes' order), the caps in one fight (4
tube-strikers, 3 levels, 3 areas of light, over all its features of that kind) and, in each fight, the three
earning features that count.

A "feature" for the three is one placed item, except that all of a fight's barriers are one feature, and
likewise all its decoys, all its hostages and all its tube-strikers. Features that only cost (darkness the
foes see in, weird magic that helps them) are always charged and take no place among the three. Barriers
take none either unless the table says so (the sample adventure's reading). The designer names the features
that count (`counted_terrain`); by default the three that earn the most count, the notes' order breaking
ties. Lines a cap or the choice leaves out are kept with counted=False.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from runehall.errors import Refusal
from runehall.present.words import N_
from runehall.systems.rune.encounters.design import Combat, Encounter, Feature
from runehall.systems.rune.encounters.foe_pricing import kind_of
from runehall.systems.rune.encounters.lines import CostLine
from runehall.systems.rune.encounters.pricing_data import terrain_file
from runehall.systems.rune.encounters.terrain import BARRIER_RULE, BEYOND_RULE, COUNTED_RULES, price_terrain
from runehall.systems.rune.encounters.terrain_checks import terrain_refusals
from runehall.systems.rune.options import RuneOptions

GROUPED = ("barrier", "decoys", "hostages", "tube_strikers")  # every one of a fight's is one feature
SLOTS = 3


def encounter_terrain(encounter: Encounter, options: RuneOptions) -> tuple[tuple[CostLine, ...], list[Refusal]]:
    """Every terrain line of the encounter, capped and chosen, and what the rules refuse of its terrain."""
    caps: dict[str, int] = {k: row.cap for k, row in terrain_file().counted.items() if row.cap_scope == "encounter"}
    caps["barrier"] = terrain_file().barrier.cap
    fight_caps: dict[str, int] = {k: row.cap for k, row in terrain_file().counted.items() if row.cap_scope == "fight"}
    used = dict.fromkeys(caps, 0)
    lines: list[CostLine] = []
    refusals: list[Refusal] = []
    for event in encounter.events:
        if event.combat is None:
            continue
        combat = event.combat
        foes = [(f, kind_of(f.type, encounter.creatures)) for f in combat.foes]
        kinds = [k for _, k in foes if k is not None]
        priced: dict[str, list[CostLine]] = {}
        in_fight: dict[str, int] = dict.fromkeys(fight_caps, 0)
        for feature in combat.terrain:
            refusals += terrain_refusals(feature, combat, foes, options)
            found = list(price_terrain(feature, combat, kinds, options))
            if feature.kind in caps:
                found = _cap(found, feature, caps[feature.kind], used)
            if feature.kind in fight_caps:
                found = _cap(found, feature, fight_caps[feature.kind], in_fight)
            priced[feature.id] = found
        chosen, problems = choose(event.id, combat, priced, options)
        refusals += problems
        for feature in combat.terrain:
            group = group_of(feature, options)
            for line in priced[feature.id]:
                left_out = group is not None and group not in chosen and line.ep < 0
                lines.append(replace(line, counted=False) if left_out else line)
    return tuple(lines), refusals


def _cap(found: list[CostLine], feature: Feature, cap: int, used: dict[str, int]) -> list[CostLine]:
    """Split the feature's count line at what is left of the encounter's cap for its kind."""
    rule = BARRIER_RULE if feature.kind == "barrier" else COUNTED_RULES[feature.kind]
    out: list[CostLine] = []
    for line in found:
        if line.rule != rule:
            out.append(line)
            continue
        count, each = int(line.values["count"]), int(line.values["each"])
        kept = max(0, min(count, cap - used[feature.kind]))
        used[feature.kind] += kept
        if kept:
            out.append(replace(line, ep=each * kept, values={"count": kept, "each": each}))
        if kept < count:
            values = {"count": count - kept, "cap": cap}
            out.append(CostLine(line.where, BEYOND_RULE, each * (count - kept), values, line.page, False))
    return out


def group_of(feature: Feature, options: RuneOptions) -> str | None:
    """The feature the item belongs to for the three that earn; None when it takes no place among them."""
    if feature.kind == "barrier" and not options.barriers_use_feature_slots:
        return None
    return f"kind:{feature.kind}" if feature.kind in GROUPED else feature.id


def credit(lines: Sequence[CostLine]) -> int:
    return -sum(line.ep for line in lines if line.counted and line.ep < 0)


def choose(
    event_id: str, combat: Combat, priced: dict[str, list[CostLine]], options: RuneOptions
) -> tuple[set[str], list[Refusal]]:
    """The groups whose credits count in this fight: the designer's named ones, else the three largest."""
    credits: dict[str, int] = {}
    first_id: dict[str, str] = {}
    for feature in combat.terrain:
        group = group_of(feature, options)
        if group is not None:
            credits[group] = credits.get(group, 0) + credit(priced[feature.id])
            first_id.setdefault(group, feature.id)
    earning = [g for g, c in credits.items() if c > 0]
    if combat.counted_terrain is None:
        ranked = sorted(earning, key=lambda g: -credits[g])  # stable: the notes' order breaks ties
        return set(ranked[:SLOTS]), []
    by_id = {f.id: f for f in combat.terrain}
    refusals: list[Refusal] = []
    named: list[str] = []
    for feature_id in combat.counted_terrain:
        if feature_id not in by_id:
            refusals.append(
                Refusal(N_("no terrain feature of this fight is called {id!r}"), {"id": feature_id}, event_id)
            )
            continue
        group = group_of(by_id[feature_id], options)
        if group in earning and group not in named:
            named.append(group)
    if len(named) > SLOTS:
        where = first_id[named[SLOTS]]
        values = {"most": SLOTS, "given": len(named)}
        refusals.append(Refusal(N_("at most {most} terrain features earn in one fight, not {given}"), values, where))
    return set(named[:SLOTS]), refusals
