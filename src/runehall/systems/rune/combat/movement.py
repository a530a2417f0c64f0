"""Moving in a fight (spec 001a §5.7, §6.5, §6.13): how far each kind of move goes, and the free attacks a move
draws — attacks of opportunity from enemies passed within 3 paces, the careful strike at someone who
disengages to attack another, the free attacks on a fleeing or reckless mover.

Who takes a free attack is the striker's choice; the action's `strikes` parameter gives it per striker
(careful, normal or none). Left out, a striker takes the free attack that costs him nothing: careful against
someone disengaging, normal against someone passing by.
"""

from __future__ import annotations

from typing import Any, Literal

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.combatant import UNARMED, Combatant
from runehall.systems.rune.combat.footing import check_ground
from runehall.systems.rune.combat.geometry import ENGAGED, Point, length, passes_within, within
from runehall.systems.rune.combat.missile import missile_swing, reach
from runehall.systems.rune.combat.resolve import Swing, melee_swing
from runehall.systems.rune.combat.settings import combat_moves

Strike = Literal["careful", "normal", "none"]
Offer = tuple[str, str]  # (striker, "pass" | "disengage" | "flee" | "reckless" | "shot")


def check_step(board: Board, c: Combatant, to: Point, limit: int, what: str, half: bool = False) -> float:
    """Validate a straight move of c to `to` within `limit` paces of allowance over the ground it crosses (a
    half move's allowance when `half`); the paces it covers."""
    if c.held:
        raise RulesError(N_("{who} is held or pinned: he can only try to break free"), who=c.name)
    if c.restraining is not None:
        raise RulesError(
            N_("{who} must keep {held} restrained or release him first"),
            who=c.name,
            held=board.people[c.restraining].name,
        )
    if c.fallen:
        raise RulesError(N_("{who} is down: he must stand up (Balance roll) before he can move"), who=c.name)
    check_ground(board, c, to, limit, what, half)
    for o in board.people.values():
        if o.name != c.name and o.health not in ("dead", "gone") and o.at == to:
            raise RulesError(N_("{other} stands at {to}"), other=o.name, to=to)
    return length(c.at, to)


def walk(board: Board, c: Combatant, to: Point) -> float:
    paces = length(c.at, to)
    flags = c.this_round
    path = flags.path or (c.at,)
    board.update(c.name, at=to)
    board.flag(c.name, path=(*path, to), moved=flags.moved + paces)
    return paces


def can_strike(o: Combatant) -> bool:
    """An enemy with a ready weapon he can strike with at 3 paces, free to use it."""
    w = o.in_hand
    return o.active and not o.held and o.restraining is None and w.id != UNARMED and not w.ranged


def opportunities(
    board: Board, mover: Combatant, to: Point, exclude: tuple[str, ...], disengage_careful: bool
) -> list[Offer]:
    """Enemies a move from where the mover stands to `to` lets strike: passing within 3 paces of them, or
    leaving their 3 paces (disengaging)."""
    offers: list[Offer] = []
    if not mover.hero and not board.opt("aoo_symmetric"):
        return offers  # at this table only heroes draw attacks of opportunity (A40)
    for e in board.enemies(mover):
        if e.name in exclude or not can_strike(e):
            continue
        near_start = within(e.at, mover.at, ENGAGED)
        if near_start and not within(e.at, to, ENGAGED):
            offers.append((e.name, "disengage" if disengage_careful else "pass"))
        elif not near_start and passes_within(mover.at, to, e.at, ENGAGED):
            offers.append((e.name, "pass"))
    return offers


def check_choices(board: Board, offers: list[Offer], choices: dict[str, Strike]) -> dict[str, Strike]:
    """Each striker's choice, validated before anything is rolled."""
    offered = {name: kind for name, kind in offers}
    chosen: dict[str, Strike] = {}
    for name, choice in choices.items():
        striker = board.get(name)
        if striker.name not in offered:
            raise RulesError(N_("{striker} gets no free attack from this move"), striker=striker.name)
        kind = offered[striker.name]
        if choice == "careful" and kind in ("flee", "intercept", "reckless", "shot"):
            if kind == "shot":
                raise RulesError(N_("a free attack on someone in flight is a normal one"))
            raise RulesError(N_("a free attack on someone fleeing is a normal one"))
        if choice == "careful" and costs_action(board, kind) and not can_forgo(board, striker):
            raise RulesError(
                N_("{striker} has already acted this round: his free attack is a normal one"), striker=striker.name
            )
        chosen[striker.name] = choice
    for name, kind in offers:
        free_careful = kind == "disengage" and not costs_action(board, kind)
        chosen.setdefault(name, "careful" if free_careful else "normal")
    return chosen


def costs_action(board: Board, kind: str) -> bool:
    """Whether a careful strike costs the striker his action: always against someone passing by; against
    someone disengaging, only if option disengage_careful_strike_free is off (A39)."""
    return kind == "pass" or (kind == "disengage" and not board.opt("disengage_careful_strike_free"))


def can_forgo(board: Board, striker: Combatant) -> bool:
    entry = board.entries.get(striker.name)
    return not striker.this_round.acted and entry is not None and bool(entry.steps)


def order(board: Board, names: list[str]) -> list[str]:
    """Free attacks in initiative order (those without initiative last, in the notes' order)."""

    def key(name: str) -> tuple[Any, ...]:
        entry = board.entries.get(name)
        if entry is None or not entry.steps:
            return (1, (), board.people[name].order)
        return (0, board.order_key(name, entry.steps[0]), 0)

    return sorted(names, key=key)


def free_strikes(
    board: Board, mover: str, offers: list[Offer], chosen: dict[str, Strike], source: Source, dodge: bool = False
) -> list[dict[str, Any]]:
    kinds = dict(offers)
    done: list[dict[str, Any]] = []
    for name in order(board, [n for n, _ in offers]):
        choice = chosen[name]
        target = board.people[mover]
        striker = board.people[name]
        if choice == "none" or not target.active or not striker.active:
            continue
        careful = choice == "careful"
        if careful and costs_action(board, kinds[name]):
            entry = board.entries[name]
            board.entries[name] = entry.model_copy(update={"steps": entry.steps[1:], "waiting": False})
        why = "shot at a fleeing target" if kinds[name] == "shot" else f"free attack ({kinds[name]})"
        swing = Swing(name, mover, striker.in_hand, why=why, careful=careful)
        if kinds[name] == "shot":
            reached = reach(board, striker, target, striker.in_hand)
            done.append(missile_swing(board, swing, source, dodge, [], reached))
        else:
            done.append(melee_swing(board, swing, source))
    return done


def flight_offers(board: Board, mover: Combatant, to: Point, reckless: bool) -> list[Offer]:
    """Free attacks on a fleer: enemies Engaged with him as he turns, unengaged enemies his straight run passes
    within 3 paces of, and every missile user in range of where he ends. He may not run through another
    Engagement (within 3 paces of an enemy fighting one of his side) nor end within 3 paces of an enemy. On a
    reckless move, every enemy he passes within 3 paces of strikes."""
    offers: list[Offer] = []
    for e in board.enemies(mover):
        if reckless:
            if can_strike(e) and passes_within(mover.at, to, e.at, ENGAGED):
                offers.append((e.name, "reckless"))
            continue
        if not e.active:
            continue
        engaged = within(e.at, mover.at, ENGAGED)
        passes = not engaged and passes_within(mover.at, to, e.at, ENGAGED)
        if not engaged and within(e.at, to, ENGAGED):
            raise RulesError(
                N_("fleeing may not end in another Engagement: {foe} stands within 3 paces of {to}"), foe=e.name, to=to
            )
        if passes and engaged_elsewhere(board, mover, e):
            raise RulesError(N_("fleeing may not pass through another Engagement: {foe} is in the way"), foe=e.name)
        if e.held or e.restraining is not None:
            continue
        if e.in_hand.ranged:
            moved = mover.model_copy(update={"at": to})
            try:
                reach(board, e, moved, e.in_hand)
            except RulesError:
                continue
            if e.in_hand.ammo != 0 and e.in_hand.atk is not None:
                offers.append((e.name, "shot"))
        elif can_strike(e) and (engaged or passes):
            offers.append((e.name, "flee"))
    return offers


def engaged_elsewhere(board: Board, mover: Combatant, e: Combatant) -> bool:
    """Whether enemy e is Engaged with someone of the mover's side other than the mover."""
    return any(o.active and within(o.at, e.at, ENGAGED) for o in board.allies(mover))


def check_intercepts(
    board: Board, mover: Combatant, to: Point, intercepts: dict[str, Point]
) -> list[tuple[str, Point]]:
    """Unengaged enemies who run up to 10 paces, for free, to a spot within 3 paces of the fleer's straight
    path, and so get their free attack; checked before anything moves or is rolled."""
    most = int(combat_moves()["intercept_fleeing_max"])
    taken = {o.at for o in board.people.values() if o.health not in ("dead", "gone")} | {to}
    moves: list[tuple[str, Point]] = []
    for name, spot in intercepts.items():
        e = board.get(name)
        if e.side == mover.side:
            raise RulesError(
                N_("{foe} fights on {mover}'s side and does not intercept him"), foe=e.name, mover=mover.name
            )
        if not can_strike(e):
            raise RulesError(N_("{foe} has no ready melee weapon free to intercept with"), foe=e.name)
        if board.engaged(e):
            raise RulesError(N_("{foe} is Engaged: only unengaged foes move to intercept"), foe=e.name)
        if passes_within(mover.at, to, e.at, ENGAGED):
            raise RulesError(
                N_("{foe} is already in {mover}'s way: he strikes without moving"), foe=e.name, mover=mover.name
            )
        check_ground(board, e, spot, most, N_("intercepting"), False)
        if spot in taken:
            raise RulesError(N_("someone already stands at {spot} (or the fleer ends there)"), spot=spot)
        if not passes_within(mover.at, to, spot, ENGAGED):
            raise RulesError(
                N_("from {spot} {foe} does not come within {paces} paces of {mover}'s path"),
                spot=spot,
                foe=e.name,
                paces=ENGAGED,
                mover=mover.name,
            )
        taken.add(spot)
        moves.append((e.name, spot))
    return moves
