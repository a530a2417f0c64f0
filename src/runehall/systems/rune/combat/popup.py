"""Pop-up fire (spec 001b §11.3, A-63; book p. 121): a combatant behind full cover who rises to shoot a missile
draws one opportunistic shot, right after his action, from an enemy with a missile weapon picked at random; the
shot treats him as behind half cover. A headlong foe taking that shot loses its next action; a crafty foe or a
hero loses nothing (option pop_up_fire_lost_action, which may make the shooter always lose it, or the pop-up).

Who may take the shot: an enemy able to act (not held, not holding anyone, not tangled up) who carries a missile
or thrown weapon with ammunition left that reaches the pop-up from where he stands (the one in hand first, else
the first that reaches, readied for the shot). The pick is the runner's d10 (settings.pick), or a die with as
many faces as there are candidates when they are more than ten: every face is on the event's tape.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.combat.missile import missile_swing, reach
from runehall.systems.rune.combat.resolve import Swing
from runehall.systems.rune.combat.settings import pick
from runehall.systems.rune.foe_data import foe_type, foe_types
from runehall.systems.rune.stress import at_least, beats

WHY = "pop-up fire"
POPPED_FROM = "full"  # the cover he rises from
SHOT_AS = "half"  # the cover the opportunistic shot treats him as behind
PICK_DIE = 10


def behaviour(c: Combatant) -> str:
    """A foe's icon: as the fight was given it, else its type's; a foe of no known type counts as headlong (as its
    target hints read it)."""
    if c.behaviour is not None:
        return c.behaviour
    if c.foe_type is not None and c.foe_type in {t.id for t in foe_types()}:
        return foe_type(c.foe_type).behaviour
    return "headlong"


def shot_weapon(board: Board, o: Combatant, target: Combatant) -> tuple[Weapon, dict[str, int]] | None:
    """The missile or thrown weapon o shoots back with, and its reach; None when none of his reaches."""
    ranged = [w for w in o.weapons if w.ranged and w.id not in o.dropped and (w.ammo is None or w.ammo > 0)]
    for w in sorted(ranged, key=lambda w: w.id != o.ready):
        try:
            return w, reach(board, o, target, w)
        except RulesError:  # too close, beyond reach, or no known range
            continue
    return None


def candidates(board: Board, c: Combatant) -> list[tuple[Combatant, Weapon, dict[str, int]]]:
    """The enemies of c who could take the opportunistic shot, in the runner's notes order."""
    found = []
    for o in board.enemies(c):
        if not o.active or o.held or o.restraining is not None or o.entangled_with is not None:
            continue
        armed = shot_weapon(board, o, c)
        if armed is not None:
            found.append((o, *armed))
    return found


def choose(source: Source, count: int) -> tuple[int, int]:
    """(index, face): the runner's d10 among up to ten, a die of `count` faces beyond."""
    if count <= PICK_DIE:
        return pick(source, count)
    face = source.die(count)
    return face - 1, face


def loser(board: Board, shooter: Combatant, popped: Combatant) -> Combatant | None:
    """Who loses his next action for the shot (option pop_up_fire_lost_action, 001b A-63): the shooter if he is a
    headlong foe (the default), the shooter whoever he is, or the one who rose from cover unless a crafty foe."""
    rule = board.opt("pop_up_fire_lost_action")
    if rule == "shooter_always":
        return shooter
    if rule == "pop_up":
        return popped if popped.hero or behaviour(popped) != "crafty" else None
    return shooter if not shooter.hero and behaviour(shooter) == "headlong" else None


def lose_next_action(board: Board, name: str) -> str:
    """He loses his next action: the next one due this round, else the first of the next round. Returns when."""
    entry = board.entries.get(name)
    if board.phase == "acting" and entry is not None and entry.steps:
        update = {"steps": entry.steps[1:], "waiting": False, "waited_at": None, "may_interrupt": False}
        board.entries[name] = entry.model_copy(update=update)
        return "this_round"
    board.update(name, loses_action=True)
    return "next_round"


def hit_chance(shot: dict[str, Any]) -> Fraction:
    """The shot's exact chance to hit, from the numbers it was rolled with: the attacker's total less his die
    against a Difficulty, or against the dodger's total less his die (his own stress roll)."""
    atk, defence = shot["atk"], shot["dfn"]
    fixed = int(atk["total"]) - int(atk["result"])
    if "result" in defence:  # he dodged: two stress rolls
        return beats(int(defence["total"]) - int(defence["result"]) - fixed)
    return at_least(int(defence["total"]) - fixed)


def pop_up_fire(board: Board, who: str, source: Source, dodge: bool) -> dict[str, Any]:
    """The opportunistic shot at `who`, who has just shot from full cover and finished his action."""
    c = board.people[who]
    found = candidates(board, c)
    record: dict[str, Any] = {"popped_up": c.name, "candidates": [o.name for o, _, _ in found]}
    if not found:
        return record
    index, face = choose(source, len(found))
    shooter, weapon, reached = found[index]
    record["shooter"] = shooter.name
    if len(found) > 1:
        record["picked_with"] = face
    if weapon.id != shooter.ready:
        board.update(shooter.name, ready=weapon.id)
        record["readied"] = weapon.name
    board.update(c.name, cover=SHOT_AS)
    try:
        swing = Swing(shooter.name, c.name, weapon, why=WHY)
        record["shot"] = missile_swing(board, swing, source, dodge, [], reached)
    finally:
        board.update(c.name, cover=POPPED_FROM)  # he ducks back behind it
    record["hit_chance"] = str(hit_chance(record["shot"]))
    losing = loser(board, board.people[shooter.name], board.people[c.name])
    if losing is not None and losing.active:
        record["loses_action"] = {"who": losing.name, "when": lose_next_action(board, losing.name)}
    return record
