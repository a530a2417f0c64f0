"""Legendary items' powers a fight plays on its own (spec 001c §8.12; treasure/legendary.py holds them as data; X =
the owner's levels in the item, given to the fight by his sheet while the item is in use).

- Einherjar's Armor: at the end of each combat round the wearer regains X of the HP he has lost, never above his
  maximum, whatever his state but dead or gone from the field (a Wound is not healed by it).
- Axe of Glory: each hit its wielder lands on a foe with it (his first axe: a hero with more than one axe names the
  legendary one first among his weapons) adds 10X VP to that foe's death blow, whoever then kills it (the run's
  tally reads the foe's glory_vp, encounters/run_fight.py).
- Blade of Fair Title: the damage each hit with it (his Viking Broadsword) deals a foe is kept on the foe
  (blade_dealt), for the run's tally to compare with the killer's when another hero kills it.
- Loki-Thwarting Armor: each time a Sark Amen, Dishonored or Dark Viking attempts to hit the wearer (a melee swing
  or a shot at him, hit or miss) his armour's Prot rises by 1, at most X in the fight (one event's fight; it is
  back to normal at the next). The risen Prot is his armour's: it counts against every blow and shot the armour
  stops from then on (the book raises his Prot rating itself), never against armour-ignoring damage; the attempt
  that raises it already meets it, and the attack odds (attack_odds.py) count it the same way.
- Absorption Armor: each melee hit on the wearer by a foe of a type bearing the axe icon (a gallery foe that fights
  with weapons) with a weapon of his asks the foe a Res roll (stress, less Impairment) against X; failing it, the
  weapon is absorbed - gone from his weapons, his hands empty - and the wearer's Prot rises by the weapon's Dfn
  rating / 5 (rounded down; a gallery foe's weapon DFN where it has no rating) until the fight ends, from the next
  blow on.
- Spitting Armor: each melee blow of an enemy (the other side) that takes HP from the wearer, with a weapon or an
  attack form (not bare hands), asks the attacker a roll of Quickness + Dodge (his dodge, as a shot is dodged;
  stress, less Impairment) against the wearer's Loki Divine Connection; failing it (below), the acid deals him 3X
  armour-ignoring damage (his Soak less his armour's Prot), dealt by the wearer.
- Blunting Armor: each melee hit on the wearer by an enemy supporting character (the other side, no hero) with a
  weapon of normal make (not a dwarven weapon, not a dwarf's) asks him a roll of his weapon Ability - a supporting
  character's is his Res - (stress, less Impairment) against the wearer's Divine Awareness + X; below it, that
  weapon's Dam falls by X (never below 0) for the rest of the fight, from the next blow on (blunt)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.combatant import UNARMED
from runehall.systems.rune.combat.settings import stress

FAIR_TITLE_WEAPON = "viking_broadsword"  # the chart's kind of the Blade of Fair Title
AXE_ICON = "axe"  # the gallery's attack form of the foes that fight with weapons (foes.toml)
THWARTERS = frozenset({"sark_amen", "dishonored", "dark_viking"})  # the Loki-Thwarting Armor's foes (foes.toml)

if TYPE_CHECKING:
    from runehall.chance.sources import Source
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.combatant import Combatant, Weapon


def einherjar_rounds(board: Board) -> list[dict[str, Any]]:
    """At a round's end: each wearer of Einherjar's Armor who has lost HP regains up to X (who, HP back, HP now)."""
    regained = []
    for c in list(board.people.values()):
        if not c.einherjar or c.health in ("dead", "gone") or c.hp >= c.hp_max:
            continue
        hp = min(c.hp_max, c.hp + c.einherjar)
        board.update(c.name, hp=hp)
        regained.append({"who": c.name, "hp_gained": hp - c.hp, "hp": hp})
    return regained


def axe_glory(board: Board, a: Combatant, d: Combatant, weapon: Weapon) -> dict[str, Any] | None:
    """A hit of `a` on `d` with `weapon`: when it is his Axe of Glory and `d` a foe (no hero), the foe's death blow
    is worth 10X VP more (who, foe, VP added, VP added by all hits so far); None otherwise."""
    axe = next((w for w in a.weapons if w.edge == "axe"), None)
    if not a.glory or not a.hero or d.hero or axe is None or weapon.id != axe.id:
        return None
    total = d.glory_vp + a.glory
    board.update(d.name, glory_vp=total)
    return {"who": a.name, "foe": d.name, "vp": a.glory, "total": total}


def blade_dealt(board: Board, a: Combatant, d: Combatant, weapon: Weapon, lost: int) -> None:
    """A blow of `a` on the foe `d` with `weapon` that took `lost` HP: kept on the foe when it is his Blade of Fair
    Title (the Viking Broadsword of a hero whose sheet gives the fight fair_title)."""
    if a.fair_title and a.hero and not d.hero and weapon.id == FAIR_TITLE_WEAPON and lost > 0:
        board.update(d.name, blade_dealt={**d.blade_dealt, a.name: d.blade_dealt.get(a.name, 0) + lost})


def thwart(board: Board, attacker: str, target: str) -> dict[str, Any] | None:
    """An attempt of `attacker` to hit `target`: when the target wears the Loki-Thwarting Armor, the attacker is a
    Sark Amen, Dishonored or Dark Viking and the armour has risen less than X, its Prot rises by 1 (who, by whom,
    the Prot risen so far, the most); None otherwise (nothing changed)."""
    a, d = board.people[attacker], board.people[target]
    if not d.loki_thwart or a.foe_type not in THWARTERS or d.thwarted >= d.loki_thwart:
        return None
    board.update(d.name, thwarted=d.thwarted + 1)
    return {"who": d.name, "by": a.name, "prot": d.thwarted + 1, "most": d.loki_thwart}


def axe_icon(c: Combatant) -> bool:
    """A foe of a gallery type bearing the axe icon (its attack form is weapons); a foe given as stats has none."""
    if c.hero or c.foe_type is None:
        return False
    from runehall.systems.rune.foe_data import foe_type

    return foe_type(c.foe_type).weapons == AXE_ICON


def absorb(board: Board, a: Combatant, d: Combatant, weapon: Weapon, source: Source) -> dict[str, Any] | None:
    """A melee hit of `a` on `d` with `weapon`: when `d` wears the Absorption Armor and `a` is a foe bearing the axe
    icon striking with a weapon, `a` rolls Res (stress, less Impairment) against X; failing, the weapon is gone and
    `d`'s Prot rises by its Dfn / 5 (the roll, the Difficulty, whether absorbed, the Prot added and in all)."""
    if not d.absorption or weapon.id == UNARMED or weapon.ranged or not axe_icon(a):
        return None
    roll, faces = stress(source)
    total = roll + a.bonus("res") - a.impairment
    said: dict[str, Any] = {"who": d.name, "foe": a.name, "weapon": weapon.name, "faces": list(faces),
                            "total": total, "difficulty": d.absorption, "absorbed": total < d.absorption}  # fmt: skip
    if total >= d.absorption:
        return said
    prot = (weapon.dfn_rating or weapon.dfn or 0) // 5
    left = tuple(w for w in a.weapons if w.id != weapon.id)
    board.update(a.name, weapons=left, ready=UNARMED)
    board.update(d.name, absorbed=d.absorbed + prot)
    return {**said, "prot": prot, "prot_total": d.absorbed + prot}


def spit(board: Board, a: Combatant, d: Combatant, weapon: Weapon, lost: int, source: Source) -> dict[str, Any] | None:
    """A melee blow of `a` that took `lost` HP from `d`: when `d` wears the Spitting Armor and `a` is an enemy
    striking with a weapon, `a` rolls his dodge against `d`'s Loki rating; failing, 3X armour-ignoring damage (the
    roll, the Difficulty, whether he dodged, the damage and its injury)."""
    if not d.spitting or lost <= 0 or a.side == d.side or weapon.id == UNARMED or weapon.ranged:
        return None
    from runehall.systems.rune.combat.gallery import armor_ignoring_soak
    from runehall.systems.rune.combat.missile import dodge_bonus

    roll, faces = stress(source)
    total = roll + dodge_bonus(board, a) - a.impairment
    said: dict[str, Any] = {"who": d.name, "foe": a.name, "faces": list(faces), "total": total,
                            "difficulty": d.loki_rating, "dodged": total >= d.loki_rating}  # fmt: skip
    if said["dodged"]:
        return said
    hp = max(0, d.spitting - armor_ignoring_soak(a))
    return {**said, "damage": d.spitting, "injury": board.hurt(a.name, hp, d.name)}


def blunt(board: Board, a: Combatant, d: Combatant, weapon: Weapon, source: Source) -> dict[str, Any] | None:
    """A melee hit of `a` on `d` with `weapon`: when `d` wears the Blunting Armor and `a` is an enemy supporting
    character striking with a weapon of normal make, `a` rolls Res (his weapon Ability; stress, less Impairment)
    against `d`'s Divine Awareness + X; failing, the weapon's Dam falls by X (the roll, the Difficulty, the Dam)."""
    normal = "dwarven" not in weapon.id and "dwarf" not in (a.foe_type or "")
    if not d.blunting or a.hero or a.side == d.side or weapon.id == UNARMED or weapon.ranged or not normal:
        return None
    roll, faces = stress(source)
    total = roll + (a.res or 0) - a.impairment
    difficulty = d.gifted.divine_awareness + d.blunting
    said: dict[str, Any] = {"who": d.name, "foe": a.name, "weapon": weapon.name, "faces": list(faces),
                            "total": total, "difficulty": difficulty, "blunted": total < difficulty}  # fmt: skip
    if not said["blunted"]:
        return said
    dam = max(0, (weapon.dam or 0) - d.blunting)
    rating = None if weapon.dam_rating is None else max(0, weapon.dam_rating - d.blunting)
    blunted = weapon.model_copy(update={"dam": dam, "dam_rating": rating})
    board.update(a.name, weapons=tuple(blunted if w.id == weapon.id else w for w in a.weapons))
    return {**said, "dam": dam}
