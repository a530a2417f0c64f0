"""The Viking Axe's Rune Power in a fight (spec 001b §2.6; X = the hero's level in the power).

Woken like every power (rune_powers.py: no action, awake X rounds, the round it woke counted). While it is awake,
an enemy that a blow of his Viking Axe takes 1 HP or more from rolls Res (a stress roll, less his Impairment)
against the hero's Great Weapon rating after the blow (rune_strike.py; a tie resists). Failing, he becomes the
hero's mindless ally for X rounds, the round it happens counted (they may outlast the power): he joins the hero's
side, so he fights the hero's foes and the others possessed so are his allies; the runner still moves him (his
targets as the flowchart picks them). At the end of his last round he returns to his own side and turns on the hero
(the card and the board say so; the runner aims him). He returns sooner, at the end of a round, when none of his
own side is left in the fight (all fled, fallen or slain)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.rune_state import Possessed

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

VIKING_AXE = "rune_power_viking_axe"
AXE = "viking_axe"


def possess(board: Board, a: Combatant, d: Combatant) -> dict[str, Any]:
    """He fights for the hero from now on until the end of round now + X - 1."""
    a = board.people[a.name]
    rune = a.gifted.runes[VIKING_AXE]
    until = board.round + rune.level - 1
    held = {**rune.possessed, d.name: Possessed(until=until, side=d.side)}
    runes = {**a.gifted.runes, VIKING_AXE: rune.model_copy(update={"possessed": held})}
    board.update(a.name, gifted=a.gifted.model_copy(update={"runes": runes}))
    board.update(d.name, side=a.side, last_target=None)
    return {"possessed_until": until}


def possession_rounds(board: Board) -> list[dict[str, Any]]:
    """The round's end: each possessed foe whose rounds are over, or whose own side has left the fight, returns
    to it and turns on the hero (an out one is simply let go)."""
    said: list[dict[str, Any]] = []
    for hero in list(board.people.values()):
        rune = hero.gifted.runes.get(VIKING_AXE)
        if rune is None or not rune.possessed:
            continue
        held = dict(rune.possessed)
        for name, bond in rune.possessed.items():
            v = board.people[name]
            kin = [o for o in board.people.values() if o.side == bond.side and o.active]
            over = board.round >= bond.until
            if not (over or not kin or not v.active):
                continue
            del held[name]
            board.update(name, side=bond.side)
            if v.active:
                said.append({"who": name, "hero": hero.name, "why": "rounds" if over else "alone"})
        hero = board.people[hero.name]
        runes = {**hero.gifted.runes, VIKING_AXE: rune.model_copy(update={"possessed": held})}
        board.update(hero.name, gifted=hero.gifted.model_copy(update={"runes": runes}))
    return said
