"""The Tireless Joy-Shout in a fight (spec 001b §2.5, A-23; its state: watch_state.py).

"Use a gift", his action (a whole one: none of it spent yet), when three things hold:
- he is hurt: one Wound or more, or 20 HP or less;
- he began the round disengaged: no enemy able to fight within 3 paces of him at the round's first initiative roll
  (noted then for each hero holding the gift: one bought later in the round works from the next round);
- the foe he names (`target`) is Engaged by another hero (one within 3 paces of it) and a half move of his brings
  it within his reach (he stands there already, or attack.closing_spot finds the nearest spot).
He leaps in, strikes with the melee weapon in his hand at +3 ATK (whatever his level: A-23) - the attack's usual
rolls, ripostes and all, its +3 shown under the gift's name - then springs a half move away (`toward`, a place
more than 3 paces from the foe; by default the farthest from the foe a half move reaches, then the nearest to
where he struck). Our reading: the leap and the spring are the gift's, drawing no free attacks, and a leap of 10
paces or more is no charge. Afterwards that foe will not choose him as the target of its next attack move while
he keeps more than 3 paces from it (refused, state unchanged); its next attack move on anyone else ends that."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import UNARMED, Combatant, Weapon
from runehall.systems.rune.combat.geometry import ENGAGED, Point, dist2, within
from runehall.systems.rune.combat.gifted import Boost

if TYPE_CHECKING:
    from runehall.systems.rune.combat.attack_odds import AttackOdds
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.board_people import People
    from runehall.systems.rune.combat.state import CombatState

JOY = "the_tireless_joy_shout"
JOY_NAME = N_("The Tireless Joy-Shout")  # the +3's label beside the ATK roll (the catalog has it in Spanish)
JOY_ATK = 3
HURT_HP = 20  # at 20 HP or less he is hurt enough


def _watch(board: People, c: Combatant, **changes: Any) -> None:
    w = c.gifted.watch.model_copy(update=changes)
    board.update(c.name, gifted=c.gifted.model_copy(update={"watch": w}))


def calm_at_start(board: People, rolled: int) -> None:
    """At a round's first initiative roll: each hero holding the gift with no enemy within 3 paces notes it."""
    if rolled:
        return
    for c in list(board.people.values()):
        if c.hero and c.gifted.level(JOY) and c.active and not board.engaged(c):
            _watch(board, c, calm_round=board.round)


def _spring_spot(board: Board, c: Combatant, leap: Point, foe: Combatant, wanted: Point | None) -> Point:
    """Where he springs to from `leap`: `wanted` (checked), else the farthest from the foe a half move reaches."""
    from runehall.systems.rune.combat.movement import check_step

    there = c.model_copy(update={"at": leap})
    if wanted is not None:
        if within(wanted, foe.at, ENGAGED):
            raise RulesError(N_("{who} springs away from {foe}: more than 3 paces from it"), who=c.name, foe=foe.name)
        check_step(board, there, wanted, c.half_move, N_("a half move"), half=True)
        return wanted
    r = c.half_move
    spots = sorted(
        ((leap[0] + dx, leap[1] + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)),
        key=lambda p: (-dist2(p, foe.at), dist2(p, leap), p),
    )
    for spot in spots:
        if within(spot, foe.at, ENGAGED) or not within(spot, leap, r):
            continue
        try:
            check_step(board, there, spot, r, N_("a half move"), half=True)
        except RulesError:
            continue
        return spot
    raise RulesError(N_("no spot a half move reaches takes {who} away from {foe}"), who=c.name, foe=foe.name)


def plan(
    board: Board, c: Combatant, target: str | None, toward: Point | None
) -> tuple[Combatant, Weapon, Point, Point]:
    """Every check before a die is rolled: (the foe, his weapon, where he strikes from, where he springs to)."""
    from runehall.systems.rune.combat.attack import closing_spot
    from runehall.systems.rune.combat.movement import check_step

    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    slot = board.begin(c)
    if slot.halves:
        raise RulesError(N_("{who} leaps with a whole action: none of it may be spent"), who=c.name)
    if c.held or c.restraining is not None or c.fallen:
        raise RulesError(N_("{who} must be free and on his feet to leap at a foe"), who=c.name)
    if c.wounds < 1 and c.hp > HURT_HP:
        raise RulesError(N_("The Tireless Joy-Shout needs {who} Wounded or at {hp} HP or less"), who=c.name, hp=HURT_HP)
    if c.gifted.watch.calm_round != board.round:
        raise RulesError(N_("{who} did not begin this round disengaged from every foe"), who=c.name)
    if target is None:
        raise RulesError(N_("name the foe he leaps at"))
    foe = board.get(target)
    if foe.side == c.side or not foe.active:
        raise RulesError(N_("{who} leaps at a foe still in the fight, not {foe}"), who=c.name, foe=foe.name)
    if not any(o.hero and o.name != c.name for o in board.engaged(foe)):
        raise RulesError(N_("no other hero is Engaged with {foe}"), foe=foe.name)
    weapon = c.in_hand
    if weapon.ranged or weapon.id == UNARMED or weapon.id in c.dropped:
        raise RulesError(N_("{who} needs a melee weapon in hand to leap at a foe"), who=c.name)
    if within(c.at, foe.at, ENGAGED):
        leap = c.at
    else:
        leap = closing_spot(board, c, foe, weapon)
        check_step(board, c, leap, c.half_move, N_("a half move"), half=True)
    return foe, weapon, leap, _spring_spot(board, c, leap, foe, toward)


def _strike_ready(board: Board, c: Combatant, leap: Point) -> Combatant:
    """He stands where he strikes from, the +3 waiting for his ATK roll."""
    from runehall.systems.rune.combat.movement import walk

    if leap != c.at:
        walk(board, c, leap)
    c = board.people[c.name]
    boost = Boost(gift=JOY_NAME, roll="atk", value=JOY_ATK)
    return board.update(c.name, gifted=c.gifted.model_copy(update={"boosts": (*c.gifted.boosts, boost)}))


def joy_shout(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use The Tireless Joy-Shout': leap, strike at +3 ATK, spring away."""
    from runehall.systems.rune.combat.geometry import length, shown
    from runehall.systems.rune.combat.gift_doom import doom
    from runehall.systems.rune.combat.gift_targeting import attacked
    from runehall.systems.rune.combat.movement import walk
    from runehall.systems.rune.combat.resolve import Swing, melee_swing

    foe, weapon, leap, spring = plan(board, c, params.target, params.toward)
    out: dict[str, Any] = {"joy": True, "target": foe.name}
    if leap != c.at:
        out["leapt"] = {"to": list(leap), "paces": shown(length(c.at, leap))}
    c = _strike_ready(board, c, leap)
    attacked(board, c, foe)  # Boon of Angrboda's memory, as any attack of his
    blow = melee_swing(board, Swing(c.name, foe.name, weapon), source)
    out["attack"] = blow
    doom(board, c, blow)  # Imprecation of Doom: the cursed foe's share (gift_doom.py)
    me = board.people[c.name]
    if me.active and not me.fallen and not me.held:
        out["sprang"] = {"to": list(spring), "paces": shown(walk(board, me, spring))}
        if board.people[foe.name].active:
            me = board.people[c.name]
            _watch(board, me, shunned=(*(f for f in me.gifted.watch.shunned if f != foe.name), foe.name))
            out["shunned"] = foe.name
    if board.people[c.name].active and board.slot is not None:
        net = board.finish()
        if net:
            out["net"] = net
    if blow.get("hit") is False:
        board.missed_last = c.name  # the moment right after a miss (Flesh Cries Out for Piercing)
    return out


def shun(board: People, foe: Combatant, hero: Combatant) -> None:
    """A foe's attack move on a hero who leapt at it and sprang away: refused while he keeps away."""
    if foe.name in hero.gifted.watch.shunned and not within(foe.at, hero.at, ENGAGED):
        raise RulesError(N_("{hero} sprang away from {foe} with a joyful shout: it does not choose him for this "
                            "attack"), hero=hero.name, foe=foe.name)  # fmt: skip


def attack_made(board: People, attacker: Combatant) -> None:
    """The foe's attack move goes ahead: its next attack has come round, and no hero is shunned by it any longer."""
    for c in list(board.people.values()):
        if attacker.name in c.gifted.watch.shunned:
            _watch(board, c, shunned=tuple(f for f in c.gifted.watch.shunned if f != attacker.name))


def joy_odds(state: CombatState, options: Any, who: str, target: str) -> AttackOdds | None:
    """The exact odds of his leaping strike (attack_odds.py on the same terms: the +3 waiting, from the leap's
    spot); None when the gift is refused or the mechanic cannot say."""
    from pydantic import ValidationError

    from runehall.errors import RunehallError
    from runehall.systems.rune.combat.attack_odds import melee_params, odds_of
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.resolve import Swing

    board = Board(state, options)
    try:
        c = board.people[who]
        foe, weapon, leap, _ = plan(board, c, target, None)
        c = _strike_ready(board, c, leap)
        params = melee_params(board, Swing(c.name, foe.name, weapon))
    except (RunehallError, ValidationError, ValueError):
        return None
    return None if params is None else odds_of(params, board.people[foe.name], board.options)
