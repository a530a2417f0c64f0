"""Legendary items' powers a fight plays on its own (spec 001c §8.12; treasure/legendary.py holds them as data; X =
the owner's levels in the item, given to the fight by his sheet while the item is in use).

- Einherjar's Armor: at the end of each combat round the wearer regains X of the HP he has lost, never above his
  maximum, whatever his state but dead or gone from the field (a Wound is not healed by it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board


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
