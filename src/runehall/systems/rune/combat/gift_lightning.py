"""Penetrating Lightning in a fight (spec 001b §2.5; X = the hero's level): "Use a gift", no action, X times an
encounter (the catalog's counter), with a missile weapon in his hand (the bolt follows his coming shot), at a foe
behind cover (`target`). His Dexterity + his Thor Divine Connection rating (a stress roll, less his Impairment)
against the foe's Res roll (a stress roll, less its Impairment); only a higher total wins, a tie is the foe's. Won,
that foe's cover loses one degree for good: full cover becomes half, half one-third, one-third none (the cover
as the fight keeps it for him; cover he seeks later is other cover). The dice are stored with the move; the board's
button and the card give the exact chance of winning (stress.beats). A hero given as stats needs `dexterity`."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.settings import stress

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.board_people import People

LIGHTNING = "penetrating_lightning"
PATRON = "Thor"
LOWER = {"full": "half", "half": "third", "third": "none"}


def _thor(c: Combatant) -> int:
    from runehall.systems.rune.gifts.divine import connections

    return connections(c.gifted.levels).get(PATRON, 0)


def _check(board: People, c: Combatant, target: str | None) -> Combatant:
    """Every check before a die is rolled: the foe behind cover."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    if c.gifted.dexterity is None:
        raise RulesError(N_("{who} has no Dexterity given: give 'dexterity' in his stats"), who=c.name)
    weapon = c.in_hand
    if not weapon.ranged or weapon.id in c.dropped:
        raise RulesError(N_("{who} needs a missile weapon in hand: the lightning follows his shot"), who=c.name)
    if target is None:
        raise RulesError(N_("name the foe whose cover the lightning strikes"))
    foe = board.get(target)
    if foe.side == c.side or foe.health in ("dead", "gone"):
        raise RulesError(N_("the lightning strikes the cover of a foe in the fight, not {who}'s"), who=foe.name)
    if foe.cover == "none":
        raise RulesError(N_("{who} is behind no cover"), who=foe.name)
    return foe


def chance(c: Combatant, foe: Combatant) -> Fraction:
    """The exact chance that his total beats the foe's Res total: P(X >= Y + (theirs - mine + 1))."""
    from runehall.systems.rune.stress import beats

    mine = (c.gifted.dexterity or 0) + _thor(c) - c.impairment
    theirs = foe.bonus("res") - foe.impairment
    return beats(theirs - mine + 1)


def lightning_chance(board: People, c: Combatant, target: str) -> Fraction | None:
    """The chance the board's button shows (None when the gift is refused against that foe)."""
    try:
        foe = _check(board, c, target)
    except RulesError:
        return None
    return chance(c, foe)


def bolt(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use Penetrating Lightning' at a foe behind cover."""
    from runehall.systems.rune.combat.gift_targeting import res_roll

    foe = _check(board, c, params.target)
    p = chance(c, foe)
    dex, thor = c.gifted.dexterity or 0, _thor(c)
    roll, faces = stress(source)
    total = roll + dex + thor - c.impairment
    mine: dict[str, Any] = {"who": c.name, "roll": "Dex + Thor", "faces": list(faces), "result": roll,
                            "score": dex + thor, "total": total}  # fmt: skip
    if c.impairment:
        mine["impairment"] = -c.impairment
    their_total, theirs = res_roll(foe, source)
    success = total > their_total
    out: dict[str, Any] = {"lightning": True, "against": foe.name, "rolls": [mine, theirs], "success": success}
    out["chance"] = [p.numerator, p.denominator]
    out["cover_was"] = foe.cover
    if success:
        board.update(foe.name, cover=LOWER[foe.cover])
        out["cover"] = LOWER[foe.cover]
    return out
