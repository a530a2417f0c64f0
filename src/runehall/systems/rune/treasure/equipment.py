"""Magical equipment counted in a hero's numbers (spec 001c §8.9, §8.12): a magical weapon's, shield's, armour's or
kit's bonuses as its potency charts gave them, read back from the stored item; a legendary weapon, shield or armour
is magical equipment too (A-40: cloaks, torcs, rings, boots and the helm roll no potency).

Which items count: the item is the hero's own piece of that kind, so a weapon's bonuses count on his row for that
weapon when he carries one (the first such item he holds, when he holds two), an armour's while he wears that armour,
a shield's while his shield is of that kind, a kit's on the rolls of its Ability that need the kit (never on one
that does not, 001c §8.9) while he carries the kit. A legendary axe ("Any Axe", its kind never rolled) counts on
his first carried axe. Rare equipment has no bonus.

- weapon: each bonus on its row's score (`atk:viking_axe` ...), through the sheet's named modifiers;
- shield: added to the shield's own ratings, so it counts exactly where the shield does (in hand, with a weapon
  that takes one);
- armour: Init and Prot added to the armour's ratings (so INIT of every row, Soak and the fight's Prot);
- kit: a term on the Ability's roll when the kit matters."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from runehall.present.words import N_, Words
from runehall.systems.rune.armoury import ArmorDef, ShieldDef, WeaponDef
from runehall.systems.rune.modifiers import Modifier
from runehall.systems.rune.scores import Term
from runehall.systems.rune.treasure.carried import CarriedItem
from runehall.systems.rune.treasure.generate import Item
from runehall.systems.rune.treasure.words import STATS

Piece = Literal["weapon", "shield", "armor", "kit"]
ANY_AXE = "axe"  # a legendary item's "Any Axe"
LEGENDARY_WEAPONS = {"viking_broadsword": "weapon", "dagger": "weapon", "quarterstaff": "weapon", ANY_AXE: "weapon"}


@dataclass(frozen=True)
class Magical:
    """A magical piece of equipment: what it is (a weapon, shield or armour id, a kit's Ability id, or "axe" for a
    legendary item's any axe) and its bonuses (statistic, amount) in the order rolled; a statistic may repeat."""

    piece: Piece
    id: str
    bonuses: tuple[tuple[str, int], ...]
    name: str  # English: the legendary item's name, or the piece's

    def total(self, stat: str) -> int:
        return sum(n for s, n in self.bonuses if s == stat)


def _potency(item: Item) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    rolls = item.rolls
    for at, rolled in enumerate(rolls):
        row = rolled.row
        if rolled.chart in ("armor_potency", "kit_potency") and row.value is not None:
            out.append((row.stat or "kit", row.value))
        elif rolled.chart == "weapon_potency" and row.value is not None:
            after = next((r for r in rolls[at + 1 :] if r.chart == "weapon_statistic"), None)
            out.append((after.row.stat if after is not None and after.row.stat else "dfn", row.value))
    return tuple(out)


def magical(item: Item) -> Magical | None:
    """The magical equipment an item is, or None (rare equipment, a potion..., a legendary cloak, torc or ring)."""
    if item.kind == "equipment":
        found = next((r.row for r in item.rolls if r.chart == "magical_equipment"), None)
        if found is None:
            return None  # rare equipment: an ordinary item's numbers
        if found.weapon is not None:
            return Magical("weapon", found.weapon, _potency(item), found.weapon)
        if found.shield is not None:
            return Magical("shield", found.shield, _potency(item), found.shield)
        if found.armor is not None:
            return Magical("armor", found.armor, _potency(item), found.armor)
        return Magical("kit", found.kit or "", _potency(item), found.name or "")
    if item.kind != "legendary":
        return None
    legend = next(r.row for r in item.rolls if r.chart == "legendary_item")
    wears, name = legend.wears or "", legend.name or ""
    if wears == "armor":
        kind = next(r.row.armor or "" for r in item.rolls if r.chart == "legendary_armor")
        return Magical("armor", kind, _potency(item), name)
    if wears == "steel_scale_mail":
        return Magical("armor", wears, _potency(item), name)
    if wears == "round_shield":
        return Magical("shield", wears, _potency(item), name)
    if wears in LEGENDARY_WEAPONS:
        return Magical("weapon", wears, _potency(item), name)
    return None


def _fits(m: Magical, weapon_id: str, weapon_row: Callable[[str], WeaponDef]) -> bool:
    return m.id == weapon_id or (m.id == ANY_AXE and weapon_row(weapon_id).edge == "axe")


@dataclass(frozen=True)
class InUse:
    """The hero's magical equipment that counts: each piece with the row it counts on (a weapon's) or its id."""

    weapons: dict[str, tuple[int, Magical]]  # carried weapon id -> (item number from 1, its magic)
    armor: tuple[int, Magical] | None
    shield: tuple[int, Magical] | None
    kits: dict[str, tuple[int, Magical]]  # Ability id -> (item number, its magic)

    def numbers(self) -> set[int]:
        found = [*self.weapons.values(), *self.kits.values(), self.armor, self.shield]
        return {n for n, _ in (f for f in found if f is not None)}


def in_use(carried: Iterable[CarriedItem], weapons: Iterable[str], armor: str | None, shield: str | None,
           weapon_row: Callable[[str], WeaponDef]) -> InUse:  # fmt: skip
    """Which of the hero's magical equipment counts: the first of each kind matching his gear."""
    pieces = [(n, m) for n, c in enumerate(carried, 1) if (m := magical(c.stored)) is not None]
    used_weapons: dict[str, tuple[int, Magical]] = {}
    taken: set[int] = set()
    for weapon_id in weapons:
        found = next(((n, m) for n, m in pieces if m.piece == "weapon" and n not in taken
                      and _fits(m, weapon_id, weapon_row)), None)  # fmt: skip
        if found is not None:
            used_weapons[weapon_id] = found
            taken.add(found[0])
    worn = next(((n, m) for n, m in pieces if m.piece == "armor" and m.id == armor), None)
    held = next(((n, m) for n, m in pieces if m.piece == "shield" and m.id == shield), None)
    kits: dict[str, tuple[int, Magical]] = {}
    for n, m in pieces:
        if m.piece == "kit":
            kits.setdefault(m.id, (n, m))
    return InUse(used_weapons, worn if armor else None, held if shield else None, kits)


def modifiers(use: InUse) -> tuple[Modifier, ...]:
    """A magical weapon's bonuses as named modifiers on its row (`atk:viking_axe`), the item named."""
    out = []
    for weapon_id, (number, m) in use.weapons.items():
        for stat, amount in m.bonuses:
            out.append(Modifier(target=f"{stat}:{weapon_id}", amount=amount, source=f"magic item {number}"))
    return tuple(out)


def armor(worn: ArmorDef, use: InUse) -> ArmorDef:
    """The worn armour with its magic's Init and Prot added (ratings the OCR lost stay lost)."""
    if use.armor is None:
        return worn
    m = use.armor[1]
    update: dict[str, int] = {}
    if isinstance(worn.init, int) and m.total("init"):
        update["init"] = worn.init + m.total("init")
    if isinstance(worn.prot, int) and m.total("prot"):
        update["prot"] = worn.prot + m.total("prot")
    return worn.model_copy(update=update) if update else worn


def shield(held: ShieldDef, use: InUse) -> ShieldDef:
    """The shield with its magic's ratings added."""
    if use.shield is None:
        return held
    m = use.shield[1]
    update = {s: getattr(held, s) + m.total(s) for s in ("init", "atk", "dfn", "dam") if m.total(s)}
    return held.model_copy(update=update) if update else held


def shield_dam(use: InUse) -> Term | None:
    """A magical shield's DAM bonus as a term of the DAM score (the shield's own ratings have no DAM term)."""
    if use.shield is None or not use.shield[1].total("dam"):
        return None
    return Term(f"magic item {use.shield[0]}", use.shield[1].total("dam"))


def kit_bonus(use: InUse, ability_id: str) -> int:
    found = use.kits.get(ability_id)
    return found[1].total("kit") if found is not None else 0


def counted_words(use: InUse, number: int, words: Words) -> str:
    """What an item gives the hero now, in words: "counted: ATK +1, DAM +2", or that it is not counted."""
    found = [f for f in (*use.weapons.values(), *use.kits.values(), use.armor, use.shield) if f and f[0] == number]
    if not found:
        return words(N_("not counted: he does not carry or wear it"))
    m = found[0][1]
    if m.piece == "kit":
        return words(N_("counted: +{n} on the rolls that need its kit"), n=m.total("kit"))
    said = [
        words(N_("{stat} +{n}"), stat=words(STATS[s]), n=m.total(s)) for s in dict.fromkeys(s for s, _ in m.bonuses)
    ]
    return words(N_("counted: {bonuses}"), bonuses=words.join(said))
