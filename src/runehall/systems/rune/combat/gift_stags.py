"""The Gnawing Stags in a fight (spec 001b §2.5; X = the hero's level).

+5X VP each time, in a fight, he disarms a trap or destroys or moves a barrier, an item of cover or a man-made
thing that gives the ground more than one level (a platform, a ramp, stairs), one full action for each. The fight
plays it on the runner's "Other action": the hero's move names what it undoes (`undoes`) and costs a full action;
when it is done - the roll the runner asked for made, or no roll asked - a hero holding the gift earns 5X VP,
reported with the move (his gift VP in a run) and on its card. A failed roll earns nothing. The map is left as it
is: what the thing was and where it stood are the runner's (the fight's terrain has no barriers or cover to take
away). The board offers the move to a hero holding the gift, with the four kinds of thing to choose from."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from runehall.errors import RulesError
from runehall.present.board import Move
from runehall.present.words import N_, Words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board_view import Trial

STAGS = "the_gnawing_stags"
STAGS_VP = 5  # x X
Undone = Literal["trap", "barrier", "cover", "height"]
UNDONE: dict[str, str] = {
    "trap": N_("a trap disarmed"),
    "barrier": N_("a barrier destroyed or moved"),
    "cover": N_("an item of cover destroyed or moved"),
    "height": N_("a man-made height destroyed or moved"),
}
PROBE_TEXT = "x"  # a stand-in for the words the person types, while the board tries the move


def stags_vp(level: int) -> int:
    """5X VP for each thing undone."""
    from runehall.systems.rune.gifts.formulas import level_of

    return STAGS_VP * level_of(STAGS, level)


def check_undoing(params: Any) -> None:
    """Before anything: undoing a thing takes a full action."""
    if params.undoes is not None and params.cost != "full":
        raise RulesError(N_("disarming a trap or tearing down a barrier, cover or height takes a full action"))


def gnawed(c: Combatant, params: Any, result: dict[str, Any]) -> None:
    """After the move: what it undid, and the gift's VP when it was done."""
    if params.undoes is None:
        return
    result["undoes"] = params.undoes
    done = result.get("success", True) is not False
    x = c.gifted.level(STAGS) if c.hero else 0
    if done and x:
        result["gift_vp"] = [{"hero": c.name, "gift": STAGS, "vp": stags_vp(x)}]


def stags_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """A hero holding the gift: 'Disarm or tear down', a full action, the kind of thing to choose."""
    level = c.gifted.level(STAGS) if c.hero else 0
    params = {"who": c.name, "cost": "full", "undoes": "trap"}
    if not level or not trial.ok("other", {**params, "what": PROBE_TEXT}):
        return []
    choices = {"undoes": tuple((kind, words(said)) for kind, said in UNDONE.items())}
    hint = words("The Gnawing Stags: {n} VP when it is done", n=words.number(stags_vp(level)))
    return [Move("other", words("Disarm or tear down"), params=params, ask=("what", "undoes"), actor=c.name,
                 choices=choices, hint=hint)]  # fmt: skip


def stags_rows(result: Any, words: Words) -> list[Any]:
    """The card's row: what the move undid."""
    from runehall.present.card import Row

    kind = result.get("undoes") if hasattr(result, "get") else None
    if kind not in UNDONE:
        return []
    return [Row(words("Undone"), words(UNDONE[str(kind)]))]
