"""Divine Gifts a fight plays on its own, with no move of the player's (spec 001b §2.5; X = the hero's level; their
state: triggered_state.py).

- Buffeting Gale, its later rounds: a foe the hero's gale knocked down earns him 20X VP more at the end of each
  later round while he is still down and in the fight (the knock-down's round earned its own 20X: gift_uses.gale;
  001b TV-13b: down two further rounds at X = 1 -> 60 in all). Once he stands up, or leaves the fight (dead,
  fled), the gale's count for him ends.
- Aura of Phlegmatic Acceptance: the fight notes that the hero's HP went below 20 (A-05) or that he had 4 Wounds;
  the VP come at the end of the encounter (encounters/run_aura.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.triggered_state import Downed

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.board_people import People

GALE = "buffeting_gale"
AURA = "aura_of_phlegmatic_acceptance"


def _set(board: People, c: Combatant, **changes: Any) -> Combatant:
    t = c.gifted.triggered.model_copy(update=changes)
    return board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t}))


def gale_felled(board: Board, hero: Combatant, foe: str, x: int) -> None:
    """The hero's gale has knocked `foe` down this round: his later rounds down are counted from now."""
    kept = tuple(d for d in hero.gifted.triggered.gales if d.foe != foe)
    _set(board, hero, gales=(*kept, Downed(foe=foe, level=x, round=board.round)))


def gale_rounds(board: Board) -> list[dict[str, Any]]:
    """At a round's end: 20X VP for each foe a hero's gale knocked down in an earlier round who is still down and
    in the fight (buffeting_gale_vp's per-round share); foes up again or gone are forgotten."""
    from runehall.systems.rune.gifts.formulas import buffeting_gale_vp

    earned = []
    for hero in list(board.people.values()):
        gales = hero.gifted.triggered.gales
        if not gales:
            continue
        kept = []
        for d in gales:
            foe = board.people.get(d.foe)
            if foe is None or not foe.fallen or not foe.active:
                continue
            kept.append(d)
            if d.round < board.round:
                vp = buffeting_gale_vp(d.level, 1) - buffeting_gale_vp(d.level, 0)
                earned.append({"hero": hero.name, "gift": GALE, "vp": vp, "foe": foe.name})
        if tuple(kept) != gales:
            _set(board, hero, gales=tuple(kept))
    return earned


def aura_mark(board: People, c: Combatant, hp: int, wounds: int) -> Combatant:
    """Aura of Phlegmatic Acceptance: a hero holding it brought below 20 HP or to 4 Wounds is marked for the
    encounter's end."""
    from runehall.systems.rune.gifts.formulas import aura_low

    if not c.hero or not c.gifted.level(AURA) or c.gifted.triggered.low or not aura_low(hp, wounds):
        return c
    return _set(board, c, low=True)
