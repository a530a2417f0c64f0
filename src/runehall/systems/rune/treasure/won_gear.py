"""Rare gear won in play on the hero's sheet (spec 001a creation's gear, 001c §8.9, §8.12): creation never chooses
a rare weapon, shield or armour, but a hero who won one carries or wears it. A rare piece may stand among the
sheet's weapons, armour or shield when one of his magic items is that piece: rare equipment of that kind, magical
equipment of that kind, or a legendary weapon, shield or armour of that kind (a legendary "Any Axe" for one axe).
Its numbers are the armoury's row for it, and a magical piece's bonuses count on it as equipment.py says. A won
weapon is not among creation's three. One item stands for one piece on the sheet."""

from __future__ import annotations

from collections.abc import Iterable

from runehall.errors import Invalid
from runehall.systems.rune import creation, gear
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.equipment import ANY_AXE, Piece, magical


def won(carried: Iterable[CarriedItem]) -> list[tuple[Piece, str]]:
    """Each weapon, shield or armour his magic items are (piece, id; "axe" for a legendary Any Axe)."""
    found: list[tuple[Piece, str]] = []
    for c in carried:
        m = magical(c.stored)
        if m is not None and m.piece != "kit":
            found.append((m.piece, m.id))
        elif c.kind == "equipment":
            row = next((r.row for r in c.stored.rolls if r.chart == "rare_equipment"), None)
            if row is not None and row.weapon is not None:
                found.append(("weapon", row.weapon))
            elif row is not None and row.armor is not None:
                found.append(("armor", row.armor))
            elif row is not None and row.shield is not None:
                found.append(("shield", row.shield))
    return found


def refusal(weapons: Iterable[str], armor: str | None, shield: str | None, carried: Iterable[CarriedItem],
            options: RuneOptions, weapon_entries: tuple[str, ...] = (),
            armor_entries: tuple[str, ...] = ()) -> tuple[str, Invalid] | None:  # fmt: skip
    """The sheet's field and why, for a rare piece on it that none of his magic items is (or one he won whose
    numbers the book lost); None when every rare piece is his."""
    left = won(carried)

    def take(piece: Piece, piece_id: str, axe: bool = False) -> bool:
        for wanted in [piece_id, *([ANY_AXE] if axe else [])]:  # the piece itself first, then a legendary any axe
            if (piece, wanted) in left:
                left.remove((piece, wanted))
                return True
        return False

    for weapon_id in weapons:
        row = creation.hero_weapon(weapon_id, options, weapon_entries)
        if row.availability == creation.RARE:
            if not take("weapon", weapon_id, row.edge == "axe"):
                return "weapons", creation.rare_refusal(row.name, "gear")
            lost = creation.lost_refusal(row, "weapon")
            if lost is not None:
                return "weapons", lost
    if armor is not None:
        worn = creation.hero_armor(armor, options, armor_entries)
        if worn.availability == creation.RARE:
            if not take("armor", armor):
                return "armor", creation.rare_refusal(worn.name, "armor")
            lost = creation.lost_refusal(worn, "armor")
            if lost is not None:
                return "armor", lost
    if shield is not None:
        held = gear.shield_table(options)[shield]
        if held.availability == creation.RARE and not take("shield", shield):
            return "shield", creation.rare_refusal(held.name, "gear")
    return None
