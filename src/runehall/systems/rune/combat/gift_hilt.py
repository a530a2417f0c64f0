"""The Loyal Hilt in a fight (spec 001b §2.5; X = the hero's level): "Use a gift", his attack, to throw the melee
weapon in his hand at a foe (`target`) up to 3 + 3X paces away.

It is a melee attack - his ATK against the foe's DFN roll, every melee modifier and gift on them as on a blow,
the odds on the board's button read from the same terms (attack_odds.melee_params) - made from where he stands;
a riposte comes only from a foe within 3 paces (resolve.riposte), and a foe hit from farther is not Engaged with
him (Engagement is 3 paces on the map). Hit, the blow deals its damage and the weapon flies back to his hand.
A botch (a first face of 1 on his ATK die) sends it 3X paces from him along the line to the foe, where it lies on
the ground (`dropped`, his hand empty; the card gives the spot: walls on the way are the runner's); a botch that
still hits deals its damage, and the weapon lies there all the same. Any other miss: it flies back."""

from __future__ import annotations

from math import floor
from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import UNARMED, Combatant, Weapon
from runehall.systems.rune.combat.geometry import Point, length, shown

if TYPE_CHECKING:
    from runehall.systems.rune.combat.attack_odds import AttackOdds
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.state import CombatState

HILT = "the_loyal_hilt"
BASE_PACES = 3
PER_LEVEL = 3


def reach(x: int) -> int:
    """How far he may throw: 3 + 3X paces."""
    return BASE_PACES + PER_LEVEL * x


def plan(board: Board, c: Combatant, x: int, target: str | None) -> tuple[Combatant, Weapon]:
    """Every check before a die is rolled: the foe and the weapon thrown."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    slot = board.begin(c)
    if slot.halves:
        raise RulesError(N_("{who} throws with a whole action: none of it may be spent"), who=c.name)
    if c.held or c.restraining is not None:
        raise RulesError(N_("{who} must be free to throw his weapon"), who=c.name)
    if target is None:
        raise RulesError(N_("name the foe he throws his weapon at"))
    foe = board.get(target)
    if foe.side == c.side or foe.health in ("dead", "gone"):
        raise RulesError(N_("{who} throws his weapon at a foe in the fight, not at {foe}"), who=c.name, foe=foe.name)
    weapon = c.in_hand
    if weapon.ranged or weapon.id == UNARMED or weapon.id in c.dropped:
        raise RulesError(N_("{who} needs a melee weapon in hand to throw"), who=c.name)
    paces = length(c.at, foe.at)
    if paces > reach(x):
        raise RulesError(N_("{foe} is {paces} paces from {who}: his throw reaches {most}"), foe=foe.name,
                         paces=shown(paces), who=c.name, most=reach(x))  # fmt: skip
    return foe, weapon


def landing(at: Point, toward: Point, x: int) -> Point:
    """Where a botched throw lands: 3X paces from him along the line to the foe (to the nearest whole pace)."""
    d = length(at, toward)
    if d == 0:
        return at
    step = PER_LEVEL * x / d
    return (floor(at[0] + (toward[0] - at[0]) * step + 0.5), floor(at[1] + (toward[1] - at[1]) * step + 0.5))


def throw(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use The Loyal Hilt': the throw, and whether the weapon comes back."""
    from runehall.systems.rune.combat.gift_doom import doom
    from runehall.systems.rune.combat.gift_targeting import attacked
    from runehall.systems.rune.combat.resolve import Swing, melee_swing

    foe, weapon = plan(board, c, x, params.target)
    attacked(board, c, foe)  # Boon of Angrboda's memory, as any attack of his
    blow = melee_swing(board, Swing(c.name, foe.name, weapon), source)
    doom(board, c, blow)  # Imprecation of Doom: the cursed foe's share (gift_doom.py)
    out: dict[str, Any] = {"hilt": True, "target": foe.name, "paces": shown(length(c.at, foe.at)), "attack": blow}
    botched = (blow.get("atk") or {}).get("faces", [0])[:1] == [1]
    me = board.people[c.name]
    if botched and weapon.id not in me.dropped:
        spot = landing(c.at, foe.at, x)
        board.update(c.name, ready=UNARMED, dropped=(*me.dropped, weapon.id))
        out["lies_at"] = list(spot)
    else:
        out["returned"] = weapon.name
    if board.people[c.name].active and board.slot is not None:
        net = board.finish()
        if net:
            out["net"] = net
    if blow.get("hit") is False:
        board.missed_last = c.name  # the moment right after a miss (Flesh Cries Out for Piercing)
    return out


def hilt_odds(state: CombatState, options: Any, who: str, target: str) -> AttackOdds | None:
    """The exact odds of his throw (attack_odds.py on the same terms); None when refused or beyond the mechanic."""
    from pydantic import ValidationError

    from runehall.errors import RunehallError
    from runehall.systems.rune.combat.attack_odds import melee_params, odds_of
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.resolve import Swing

    board = Board(state, options)
    try:
        c = board.people[who]
        foe, weapon = plan(board, c, c.gifted.level(HILT), target)
        params = melee_params(board, Swing(c.name, foe.name, weapon))
    except (RunehallError, ValidationError, ValueError):
        return None
    return None if params is None else odds_of(params, board.people[foe.name], board.options)
