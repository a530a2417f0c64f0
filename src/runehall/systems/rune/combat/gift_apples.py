"""Golden Apples' Sweetness in a fight (spec 001b §2.5; X = the hero's level; its state: Gifted.apples).

"Use a gift", an action, X times a session (the catalog's counter), while he has Impairment: Presence + X (a stress
roll, less his Impairment) against 6 + his Loki Divine Connection rating; a tie is made. Made: his Impairment is 1
lower from then on in this fight (never below 0; a Wound taken later adds its point as usual). We read the book's
"decreases by 1" as lasting the fight: the run does not carry it to the next fight."""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.settings import stress

APPLES = "golden_apples_sweetness"
BASE_DIFFICULTY = 6


def apples_difficulty(levels: dict[str, int]) -> int:
    """6 + his Loki Divine Connection rating (every Loki level he holds)."""
    from runehall.systems.rune.gifts.divine import connections

    return BASE_DIFFICULTY + connections(levels).get("Loki", 0)


def eat(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use Golden Apples' Sweetness': an action, while he is impaired."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    if c.impairment <= 0:
        raise RulesError(N_("{who} has no Impairment for the golden apples to ease"), who=c.name)
    if c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
    board.begin(c)
    difficulty = apples_difficulty(dict(c.gifted.levels))
    roll, faces = stress(source)
    total = roll + c.gifted.presence + x - c.impairment
    record: dict[str, Any] = {"who": c.name, "faces": list(faces), "result": roll, "score": c.gifted.presence + x,
                              "total": total, "impairment": -c.impairment}  # fmt: skip
    success = total >= difficulty
    out: dict[str, Any] = {"rolls": [record], "difficulty": difficulty, "success": success, "apples": True}
    if success:
        board.update(c.name, gifted=c.gifted.model_copy(update={"apples": c.gifted.apples + 1}))
        out["impairment"] = board.people[c.name].impairment
    net = board.spend("full")
    if net:
        out["net"] = net
    return out
