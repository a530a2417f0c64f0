"""The moves the foe gallery and the terrain extras add to the fight's board (board_view.py), found by trying
them on the state as every move is: destroying a downed undead's head."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from runehall.present.board import Badge, Move
from runehall.present.words import Words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_view import Trial


def turn_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """What the gallery lets c do with the action that is his now."""
    who = {"who": c.name}
    found: list[Move] = []

    def add(name: str, params: Mapping[str, Any], **more: Any) -> None:
        found.append(Move(name, words(trial.actions[name].title), params=dict(params), actor=c.name, **more))

    down = [o.name for o in board.enemies(c) if o.undead_down]
    targets = trial.targets("destroy_head", who, "target", down)
    if targets:
        add("destroy_head", who, target="target", targets=targets)
    return found


def badges(c: Combatant, words: Words) -> list[Badge]:
    """What the gallery marks on a combatant's card."""
    found: list[Badge] = []
    if c.undead_down and c.health == "incapacitated":
        found.append(Badge(words("down, may rise"), "warning", words("destroy its head to finish it")))
    if c.clamped:
        found.append(Badge(words("clamped up"), "accent", words("it makes no attacks")))
    return found
