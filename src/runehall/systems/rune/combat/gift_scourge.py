"""Scourging of Fell Spirits in a fight (spec 001b §2.5, A-22; X = the hero's level; what he tried:
Triggered.scourged).

Used with "Use a gift" (an action) on one weird magic of the fight's notes (of the place, a goblin shaman's brazier
or his chant: `feature`, its number among the fight's effects) that penalises the heroes or helps the foes - one
touching both sides counts too. He rolls Presence + X (a stress roll, less his Impairment) against 6, or 16 when
his player designed this encounter (his proxy rolls: `Gifted.designer`); a tie is made. Made, X comes off that
penalty or bonus for everyone it touches, to the end of the fight (A-22: the event), even past nothing: a penalty
of -2 at X = 3 becomes +1, a bonus of +2 becomes -1; every roll and the attack odds read the new number. Each hero
tries each feature once a fight (A-22), made or failed; another hero may try the same feature again."""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.effects import Effect, label
from runehall.systems.rune.combat.settings import stress

SCOURGING = "scourging_of_fell_spirits"
WEIRD = ("weird_magic", "shaman_brazier", "shaman_chant")
DIFFICULTY = 6
DESIGNER_ADDS = 10  # his proxy rolls for the encounter's designer


def harmful(board: Board, effect: Effect) -> bool:
    """A weird magic still working that penalises the heroes or helps the foes."""
    if effect.kind not in WEIRD or effect.out or not effect.delta:
        return False
    if effect.chanter is not None and not (board.people.get(effect.chanter) and board.people[effect.chanter].active):
        return False
    if effect.last_round is not None and board.round > effect.last_round:
        return False
    return effect.who == "both" or (effect.who == "heroes") == (effect.delta < 0)


def scourgeable(board: Board, c: Combatant) -> list[int]:
    """The features (1 = the fight's first effect) c may still try the gift on."""
    tried = c.gifted.triggered.scourged
    return [i for i, e in enumerate(board.effects, 1) if harmful(board, e) and i not in tried]


def scourge(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use Scourging of Fell Spirits' on a feature: an action."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    number = params.feature
    if number is None:
        raise RulesError(N_("name the weird magic {who} turns the gift against"), who=c.name)
    if number in c.gifted.triggered.scourged:
        raise RulesError(N_("{who} has tried the gift on this weird magic in this fight"), who=c.name)
    if not 1 <= number <= len(board.effects) or not harmful(board, board.effects[number - 1]):
        raise RulesError(N_("no weird magic of this fight penalising the heroes or helping the foes is number {n}"),
                         n=number)  # fmt: skip
    if c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
    board.begin(c)
    effect = board.effects[number - 1]
    difficulty = DIFFICULTY + (DESIGNER_ADDS if c.gifted.designer else 0)
    roll, faces = stress(source)
    total = roll + c.gifted.presence + x - c.impairment
    record: dict[str, Any] = {"who": c.name, "roll": "Presence", "faces": list(faces), "result": roll,
                              "score": c.gifted.presence + x, "total": total}  # fmt: skip
    if c.impairment:
        record["impairment"] = -c.impairment
    success = total >= difficulty
    t = c.gifted.triggered
    board.update(c.name, gifted=c.gifted.model_copy(
        update={"triggered": t.model_copy(update={"scourged": (*t.scourged, number)})}))  # fmt: skip
    now = effect.delta + x if effect.delta < 0 else effect.delta - x
    out: dict[str, Any] = {"rolls": [record], "difficulty": difficulty, "success": success}
    out["scourged"] = {"feature": label(effect), "roll": effect.roll, "was": effect.delta,
                       "now": now if success else effect.delta}  # fmt: skip
    if success:
        changed = effect.model_copy(update={"delta": now})
        board.effects = (*board.effects[: number - 1], changed, *board.effects[number:])
    net = board.spend("full")
    if net:
        out["net"] = net
    return out
