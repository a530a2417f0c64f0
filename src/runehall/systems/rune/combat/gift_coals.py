"""Eyes Like Glowing Coals in a fight (spec 001b §2.5, 001b TV-13f; X = the hero's level; its state: watch_state.py).

Woken with "Use a gift", no action (A-19), for X rounds, the round it wakes counted; not again while it glows. While
it glows, a foe that wants to shoot at him (a missile or a thrown weapon: its attack move) first rolls Res (a stress
roll, less its Impairment; the die stored with the move) against his Presence + X, +3 for each earlier failure of
that foe against him in this fight, + 1, 2 or 3 for an Inferior, Weak or Pitiful foe (option
`glowing_coals_threat`; a foe given as stats with no Threat Category adds nothing): formulas.glowing_coals_difficulty.
Made (a tie is made): the shot goes ahead. Failed: it may not shoot at him - no shot, its action still its own for
another target, and him refused as its target for the rest of the round (next round it may try again, the harder).
Dodging a shot puts the glow out at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gift_targeting import res_roll
from runehall.systems.rune.combat.watch_state import Fooled

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.board_people import People

COALS = "eyes_like_glowing_coals"


def glowing(board: People, hero: Combatant) -> bool:
    until = hero.gifted.watch.coals_until
    return hero.hero and until is not None and board.round <= until


def wake(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use Eyes Like Glowing Coals': no action, X rounds, this one counted."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    if c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
    if glowing(board, c):
        raise RulesError(N_("{who}'s eyes already glow like coals"), who=c.name)
    until = board.round + x - 1
    w = c.gifted.watch
    board.update(c.name, gifted=c.gifted.model_copy(update={"watch": w.model_copy(update={"coals_until": until})}))
    return {"rounds": x, "glow_until": until}


def stare(board: People, foe: Combatant, hero: Combatant, source: Source, options: Any) -> dict[str, Any] | None:
    """The foe's Res roll before it shoots at a hero whose eyes glow (None when the gift has no say)."""
    from runehall.systems.rune.gifts.formulas import glowing_coals_difficulty

    if foe.hero or not glowing(board, hero) or hero.side == foe.side:
        return None
    w = hero.gifted.watch
    if any(f.foe == foe.name and f.round == board.round for f in w.glared):
        raise RulesError(N_("{foe} failed to meet {hero}'s glowing eyes this round: it must choose another target"),
                         foe=foe.name, hero=hero.name)  # fmt: skip
    failures = sum(1 for f in w.glared if f.foe == foe.name)
    x = hero.gifted.level(COALS)
    presence = hero.gifted.presence or 0
    difficulty = glowing_coals_difficulty(presence, x, foe.threat or "equal", failures, options)
    total, record = res_roll(foe, source)
    success = total >= difficulty
    if not success:
        watch = w.model_copy(update={"glared": (*w.glared, Fooled(foe=foe.name, round=board.round))})
        board.update(hero.name, gifted=hero.gifted.model_copy(update={"watch": watch}))
    return {"hero": hero.name, "rolls": [record], "difficulty": difficulty, "failures": failures, "success": success}


def dodged(board: People, hero: Combatant) -> bool:
    """He dodged a shot: his glow goes out (True when it was glowing)."""
    if not glowing(board, hero):
        return False
    w = hero.gifted.watch
    board.update(hero.name, gifted=hero.gifted.model_copy(update={"watch": w.model_copy(update={"coals_until": None})}))
    return True
