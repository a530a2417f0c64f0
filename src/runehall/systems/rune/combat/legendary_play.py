"""Legendary items' powers a fight plays on its own (spec 001c §8.12; treasure/legendary.py holds them as data; X =
the owner's levels in the item, given to the fight by his sheet while the item is in use).

- Einherjar's Armor: at the end of each combat round the wearer regains X of the HP he has lost, never above his
  maximum, whatever his state but dead or gone from the field (a Wound is not healed by it).
- Axe of Glory: each hit its wielder lands on a foe with it (his first axe: a hero with more than one axe names the
  legendary one first among his weapons) adds 10X VP to that foe's death blow, whoever then kills it (the run's
  tally reads the foe's glory_vp, encounters/run_fight.py).
- Blade of Fair Title: the damage each hit with it (his Viking Broadsword) deals a foe is kept on the foe
  (blade_dealt), for the run's tally to compare with the killer's when another hero kills it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

FAIR_TITLE_WEAPON = "viking_broadsword"  # the chart's kind of the Blade of Fair Title

if TYPE_CHECKING:
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
