"""Through the Cracks in a fight (spec 001b §2.5; X = the hero's level): X uses a fight (the catalog's counter, the
same one for the three), each one of these, none costing an action of its own (the book names none):

- "Use a gift" while he is behind one-third or half cover: that cover counts as full cover for him (missiles at
  -12, and a shot from it is pop-up fire) until he takes other cover;
- fleeing into a limited exit whose heroes of the round have all gone through: he squeezes through all the same
  (footing.exit_at lets him when he has a use left; footing.escape spends it);
- fleeing with `cracks` (the move's choice): nobody strikes or shoots at him as he goes - none of the free attacks
  or shots his flight would draw, and nobody runs to intercept him - but he drops any treasure he carries (the
  card says so; the run does not yet take it from his haul).
A barrier treated as full cover is not played: the fight's map has no barriers (a barrier is the attack's ruling)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

CRACKS = "through_the_cracks"


def uses_left(c: Combatant) -> int:
    """How many uses of the gift he has left in this fight (0 when he does not hold it)."""
    from runehall.systems.rune.gifts.catalog import gift, uses_allowed

    x = c.gifted.level(CRACKS) if c.hero else 0
    if not x:
        return 0
    allowed = uses_allowed(gift(CRACKS), x) or 0
    return max(0, allowed - c.gifted.used.get(CRACKS, 0))


def spend(board: Board, c: Combatant) -> int:
    """One use more (refused when none is left): how many are left after it."""
    from runehall.systems.rune.combat.gift_moves import count_use
    from runehall.systems.rune.gifts.catalog import gift

    left = count_use(board, c, gift(CRACKS), c.gifted.level(CRACKS))
    return int(left or 0)


def cover(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use Through the Cracks': the cover he is behind counts as full cover."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    if c.cover == "full":
        raise RulesError(N_("{who} is already behind full cover"), who=c.name)
    if c.cover == "none":
        raise RulesError(N_("{who} is behind no cover: he must seek cover first"), who=c.name)
    board.update(c.name, cover="full")
    return {"cracks": "cover", "cover_was": c.cover, "cover": "full"}


def check_flight(board: Board, c: Combatant, params: Any) -> None:
    """A flee move with `cracks`: refused unless it is a flight of a hero with a use left, naming nobody to strike
    or intercept him."""
    if not params.cracks:
        return
    if params.kind != "flee":
        raise RulesError(N_("Through the Cracks saves a fleer from harm: the move must be a flight"))
    if not uses_left(c):
        raise RulesError(N_("{who} has no use of Through the Cracks left in this fight"), who=c.name)
    if params.intercepts or params.strikes:
        raise RulesError(N_("{who} slips away through the cracks: nobody strikes at him or cuts him off"), who=c.name)


def flight(board: Board, c: Combatant) -> dict[str, Any]:
    """The flight's use spent: nobody strikes him, and his treasure is dropped."""
    return {"uses_left": spend(board, c), "treasure_dropped": True}


def exit_squeeze(c: Combatant) -> bool:
    """Whether he may squeeze through an exit whose heroes of the round have gone (a use left)."""
    return uses_left(c) > 0


def squeezed(board: Board, c: Combatant) -> dict[str, Any]:
    """He went through a full exit: a use spent."""
    return {"uses_left": spend(board, c)}
