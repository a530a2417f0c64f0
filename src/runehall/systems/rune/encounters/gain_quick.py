"""A quick-and-dirty treasure or gain (spec 001c §12.2, quick.py's Treasure/Gains Charts 1-3) written into the
notes as a roll and gain elements, so the validator prices it by the rules like any designed gain: the roll's
Difficulty and roll type (rolls.py), each part of Chart 3 as its own gain (gains_pricing.py). The charts' prices
and the rules' agree (a test prices every face of the charts through the notes).

Readings: "no roll required" is a gain the heroes take by a simple act after its trap went off (`after_danger`);
Chart 3's bargaining opportunity is priced at 15 alone, so its merchant has the Bargain bonus the Opposed chart
prices at nothing (2); its three Freestanding rolls are rolls of their own against 6, of an Ability the runner
names at the table.
"""

from __future__ import annotations

from runehall.systems.rune.encounters.design import Element, RollSpec
from runehall.systems.rune.encounters.gains import (
    Bargaining,
    Gain,
    Healing,
    How,
    LootCache,
    Shrine,
    Silver,
    Treasure,
)
from runehall.systems.rune.encounters.quick import QuickGain
from runehall.systems.rune.encounters.quick_data import GainPart

FREE_MERCHANT = 2  # the merchant's Bargain bonus the Opposed chart prices at 0


def _gain(part: GainPart, how: How) -> Gain | None:
    """A part of Chart 3 as a gain (None for the Freestanding rolls: they are rolls, not elements)."""
    if part.kind == "treasure" and part.category is not None:
        return Treasure(kind="treasure", category=part.category, how=how)
    if part.kind == "healing":
        return Healing(kind="healing", hours=part.hours, how=how)
    if part.kind == "loot_cache" and part.difficulty is not None:
        return LootCache(kind="loot_cache", recovery=part.difficulty, how=how)
    if part.kind == "shrine" and part.deity is not None:
        return Shrine.model_validate({"kind": "shrine", "deity": part.deity, "how": how})
    if part.kind == "silver" and part.ounces is not None:
        return Silver(kind="silver", ounces=part.ounces, how=how)
    if part.kind == "bargaining":
        return Bargaining(kind="bargaining", merchant_bonus=FREE_MERCHANT, how=how)
    return None


def quick_gain_notes(
    gain: QuickGain, gain_id: str, name: str, roll_name: str
) -> tuple[tuple[RollSpec, ...], tuple[Element, ...]]:
    """The rolls and the elements a rolled quick gain makes: its roll (`<gain_id>_roll`) when Chart 1 gave a
    Difficulty, its Freestanding rolls (`<gain_id>_fs1`...), and one element for each other part of Chart 3
    (`<gain_id>`, `<gain_id>_2`...)."""
    rolls: list[RollSpec] = []
    roll_id = None
    if gain.difficulty is not None:
        roll_id = f"{gain_id}_roll"
        purpose = "treasure" if any(p.kind in ("treasure", "silver") for p in gain.parts) else "gain"
        spec = {"id": roll_id, "name": roll_name, "purpose": purpose, "ability": gain.ability,
                "difficulty": gain.difficulty, "structure": gain.structure}  # fmt: skip
        rolls.append(RollSpec.model_validate(spec))
    how: How = "roll" if roll_id else "after_danger"
    elements: list[Element] = []
    for part in gain.parts:
        if part.kind == "freestanding":
            for n in range(1, (part.count or 1) + 1):
                spec = {"id": f"{gain_id}_fs{n}", "name": f"{name} ({n})", "difficulty": part.difficulty,
                        "freestanding": True}  # fmt: skip
                rolls.append(RollSpec.model_validate(spec))
            continue
        made = _gain(part, how)
        if made is None:  # pragma: no cover - quick_data checks every kind
            continue
        element_id = gain_id if not elements else f"{gain_id}_{len(elements) + 1}"
        kind = "treasure" if made.kind in ("treasure", "silver") else "gain"
        elements.append(Element(id=element_id, name=name, kind=kind, roll=roll_id, gain=made))
    return tuple(rolls), tuple(elements)
