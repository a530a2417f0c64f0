"""The moves the foe gallery and the terrain extras add to the fight's board (board_view.py), found by trying
them on the state as every move is: destroying a downed undead's head."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from runehall.present.board import Badge, Move
from runehall.present.words import Words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gallery import TUBE_STRIKER, WENDOL, tentacles_left

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
    return found + wendol_moves(trial, board, c, words) + tube_striker_moves(trial, board, c, words)


def badges(c: Combatant, words: Words) -> list[Badge]:
    """What the gallery marks on a combatant's card."""
    found: list[Badge] = []
    if c.undead_down and c.health == "incapacitated":
        found.append(Badge(words("down, may rise"), "warning", words("destroy its head to finish it")))
    if c.clamped:
        found.append(Badge(words("clamped up"), "accent", words("it makes no attacks")))
    if c.under is not None:
        found.append(Badge(words("under {who}", who=c.under), "warning", words("he cannot rise until it moves off")))
    if c.foe_type == TUBE_STRIKER and c.tentacles_lost:
        left = tentacles_left(c)
        found.append(Badge(words.n("{n} tentacle left", "{n} tentacles left", left), "bad" if not left else "warning"))
    if c.crawl_rounds:
        found.append(Badge(words.n("crawling out: {n} round", "crawling out: {n} rounds", c.crawl_rounds), "warning"))
    return found


def wendol_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """A wendol's charge on a target 30 paces off or more (closing in first where it must)."""
    if c.foe_type != WENDOL:
        return []
    prey = [o.name for o in board.enemies(c)]
    for params in ({"who": c.name, "wendol_charge": True}, {"who": c.name, "wendol_charge": True, "approach": True}):
        targets = trial.targets("attack", params, "target", prey)
        if targets:
            return [Move("attack", words("Charge and land on him"), params=params, target="target", targets=targets,
                         actor=c.name)]  # fmt: skip
    return []


def tube_striker_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """A tube-striker's turn: bite or grab, as its die will say."""
    if c.foe_type != TUBE_STRIKER:
        return []
    who = {"who": c.name}
    targets = trial.targets("tube_strike", who, "target", [o.name for o in board.enemies(c)])
    if not targets:
        return []
    return [Move("tube_strike", words(trial.actions["tube_strike"].title), params=who, target="target",
                 targets=targets, actor=c.name, ask=("object",))]  # fmt: skip
