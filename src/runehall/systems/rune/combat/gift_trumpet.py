"""The Trumpet's Commanding Blast in a fight (spec 001b §2.5; X = the hero's level): "Use a gift", an action, X
times a fight (the catalog's counter).

He names a foe (`target`) still able to fight and, if he likes, which of that foe's own allies it strikes
(`victim`; by default the nearest it can strike, the notes' order between equals). Before anything is rolled the
move is refused unless the foe has an ally it could strike with the weapon in its hand: a melee weapon needs one
within reach (3 paces), a missile weapon one its shot reaches. Then his plain d10 + X against the foe's Res roll
(a stress roll, less its Impairment); a tie is the hero's (against a supporting character, 001b §1). Won, the foe
at once makes a free attack on that ally (its action is not spent), as any attack of the weapon: ATK against DFN
for a melee weapon, against 6 for a shot (the ally does not dodge). The damage and a kill are scored for the hero
as if he had dealt them (`credited_to` on the swing: encounters/feed.py), never for the foe's side."""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.geometry import ENGAGED, dist2, within
from runehall.systems.rune.combat.missile import missile_swing, reach
from runehall.systems.rune.combat.resolve import Swing, melee_swing
from runehall.systems.rune.combat.settings import stress

TRUMPET = "the_trumpets_commanding_blast"
COMMANDED = "commanded by the trumpet"  # the swing's kind (speech/blows.py)


def _reaches(board: Board, foe: Combatant, ally: Combatant, weapon: Weapon) -> bool:
    if not weapon.ranged:
        return within(foe.at, ally.at, ENGAGED)
    try:
        reach(board, foe, ally, weapon)
    except RulesError:
        return False
    return True


def _victim(board: Board, foe: Combatant, named: str | None) -> Combatant:
    """The ally the foe strikes: the one named, or the nearest it can strike."""
    weapon = foe.in_hand
    if named is not None:
        ally = board.get(named)
        if ally.side != foe.side or ally.name == foe.name:
            raise RulesError(N_("{ally} is not one of {foe}'s allies"), ally=ally.name, foe=foe.name)
        if ally.health in ("dead", "gone"):
            raise RulesError(N_("{who} is out of the fight"), who=ally.name)
        if not _reaches(board, foe, ally, weapon):
            raise RulesError(N_("{foe}'s {weapon} does not reach {ally}"), foe=foe.name, ally=ally.name,
                             weapon=Refusal(weapon.name))  # fmt: skip
        return ally
    near = [a for a in board.allies(foe) if a.health not in ("dead", "gone") and _reaches(board, foe, a, weapon)]
    if not near:
        raise RulesError(N_("{foe} has no ally its {weapon} could strike"), foe=foe.name, weapon=Refusal(weapon.name))
    return min(near, key=lambda a: (dist2(foe.at, a.at), a.order))


def trumpet(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    if params.target is None:
        raise RulesError(N_("name the foe the trumpet commands"))
    foe = board.get(params.target)
    if foe.side == c.side or foe.hero:
        raise RulesError(N_("the trumpet commands a foe, not {who}"), who=foe.name)
    if not foe.active or foe.held or foe.restraining is not None:
        raise RulesError(N_("{who} is in no state to strike anyone"), who=foe.name)
    if foe.in_hand.id in foe.dropped:
        raise RulesError(N_("{who} holds no weapon"), who=foe.name)
    ally = _victim(board, foe, params.victim)
    board.begin(c)
    mine = source.die(10)
    theirs, faces = stress(source)
    my_total = mine + x
    their_total = theirs + foe.bonus("res") - foe.impairment
    theirs_record: dict[str, Any] = {"who": foe.name, "roll": "Res", "faces": list(faces), "result": theirs,
                                     "score": foe.bonus("res"), "total": their_total}  # fmt: skip
    if foe.impairment:
        theirs_record["impairment"] = -foe.impairment
    rolls = [{"who": c.name, "faces": [mine], "result": mine, "score": x, "total": my_total}, theirs_record]
    out: dict[str, Any] = {"against": foe.name, "victim": ally.name, "rolls": rolls}
    out["success"] = success = my_total >= their_total  # a tie is the hero's against a supporting character
    net = board.spend("full")
    if net:
        out["net"] = net
    if not success:
        return out
    weapon = foe.in_hand
    swing = Swing(foe.name, ally.name, weapon, why=COMMANDED)
    if weapon.ranged:
        blow = missile_swing(board, swing, source, False, [], reach(board, foe, ally, weapon))
    else:
        blow = melee_swing(board, swing, source)
    out["commanded"] = {**blow, "credited_to": c.name}  # the hero's damage and death blow (encounters/feed.py)
    return out
