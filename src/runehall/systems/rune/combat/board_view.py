"""A Rune fight at the table as people see it (runehall.present.board): a card per combatant, the initiative
order, what the fight waits for, the moves this seat may make now and the battle map drawn to scale.

Moves are exactly the legal ones: each candidate is tried on the state (a refused action changes nothing, so
a trial is free of consequence) and offered only when the action accepts it. What is tried is what the
Move carries: its `params`, a target among its `targets`, and for a parameter left to the person (`ask`) one
value the action accepts (a spot one pace away for a move). A destination is the move's target, filled by a
click on the map: a point [x, y] in whole paces, in the state's coordinates (the tokens' `at`, y up).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from runehall.chance.seeded import SeededSource
from runehall.errors import RunehallError
from runehall.present.board import BoardView, Move, Ring, Seat
from runehall.present.words import N_, Words
from runehall.systems.rune.combat import gallery_view, gift_view
from runehall.systems.rune.combat.attack_odds import attack_odds, odds_words
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.board_cards import card
from runehall.systems.rune.combat.board_map import battle_map
from runehall.systems.rune.combat.board_order import notes, order_fields, phase, turn
from runehall.systems.rune.combat.combatant import UNARMED, Combatant
from runehall.systems.rune.combat.douse import burning
from runehall.systems.rune.combat.effects import label
from runehall.systems.rune.combat.gallery import fellow_heroes, prey
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.gift_stags import stags_moves
from runehall.systems.rune.combat.names import named
from runehall.systems.rune.combat.settings import missile_range
from runehall.systems.rune.combat.state import NONCOMBAT, CombatState
from runehall.systems.rune.speech.common import modifier
from runehall.systems.tracker import TrackerAction

Actions = Mapping[str, TrackerAction[CombatState]]

TITLE = N_("Rune fight")
ORDER_TITLE = N_("Initiative")
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
MOVE_KINDS = ("half", "full", "withdraw", "seize_ground", "seek_cover", "flee", "reckless")
PLACE = "to"  # a move's destination: a point [x, y] in whole paces, filled by a click on the map (its target)
PROBE_TEXT = "x"  # a stand-in for free text the person types (what an "other" action is) while trying it


# -- trying moves ----------------------------------------------------------------------------------------
class Trial:
    """Tries actions on the state: whether an action accepts these parameters now."""

    def __init__(self, state: CombatState, actions: Actions, options: Any = None) -> None:
        self.state = state
        self.actions = actions
        self.options = options

    def ok(self, name: str, params: Mapping[str, Any]) -> bool:
        action = self.actions[name]
        try:
            action.apply(self.state, action.parse_params(dict(params)), self.options, SeededSource(13))
        except RunehallError:
            return False
        return True

    def first(self, name: str, candidates: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
        """The first of `candidates` the action accepts."""
        return next((dict(p) for p in candidates if self.ok(name, p)), None)

    def targets(self, name: str, params: Mapping[str, Any], param: str, keys: Iterable[str]) -> tuple[str, ...]:
        return tuple(k for k in keys if self.ok(name, {**params, param: k}))


def spots(c: Combatant) -> list[list[int]]:
    """Places one pace from where he stands: what a move's destination is tried with."""
    return [[c.at[0] + dx, c.at[1] + dy] for dx, dy in NEIGHBOURS]


def _actors(board: Board, seat: Seat, keys: Iterable[str]) -> list[Combatant]:
    return [board.people[k] for k in keys if seat.runs or k in seat.controls]


def _fighter_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """What c may do now in his own name."""
    who = {"who": c.name}
    names = list(board.people)
    found: list[Move] = []

    def add(name: str, params: Mapping[str, Any], **more: Any) -> None:
        found.append(Move(name, words(trial.actions[name].title), params=dict(params), actor=c.name, **more))

    phase = board.phase
    if phase == "initiative" and c.active and c.name not in board.entries:
        params = {**who, "plan": c.ready}
        if trial.ok("initiative", params):
            add("initiative", params, ask=("plan",))
    entry = board.entries.get(c.name)
    if entry is not None and phase in ("initiative", "tiebreak", "acting"):
        plans = [w for w in (*c.carried(), UNARMED, NONCOMBAT) if w != entry.plan]
        params_or_none = trial.first("replan", ({**who, "plan": p} for p in dict.fromkeys(plans)))
        if params_or_none is not None:
            add("replan", params_or_none, ask=("plan",))
    if phase == "acting":
        if trial.ok("release", who):  # letting go is free, at any time
            add("release", who)
        near = [o.name for o in board.enemies(c) if within(o.at, c.at, ENGAGED)]
        targets = trial.targets("engagement", who, "opponent", near)
        if targets:  # against an enemy within 3 paces; one against an object is the runner's to call
            add("engagement", who, target="opponent", targets=targets)
        if may_begin(trial, c.name):
            found[:0] = _turn_moves(trial, board, c, words)
    if phase in ("initiative", "tiebreak", "acting"):  # gifts: many cost no action, and are bought at any moment
        found += gift_view.gift_moves(trial, board, c, words)
    if phase == "over":  # a minute's work once the fight is over
        targets = trial.targets("heal", who, "patient", names)
        if targets:
            add("heal", who, target="patient", targets=targets)
        rest = {**who, "sleep_hours": 8, "rest_hours": 0}
        if trial.ok("rest", rest):
            add("rest", rest, ask=("sleep_hours", "rest_hours"))
    return found


def reach_rings(c: Combatant, weapon_id: str, words: Words) -> tuple[Ring, ...]:
    """How far c's weapon strikes: a melee weapon the paces that engage, a missile its standard range (past it
    the Dam falls by the range penalty)."""
    weapon = next((w for w in c.weapons if w.id == weapon_id), None)
    if weapon is None or not weapon.ranged or weapon.dam_rating is None:
        return (Ring(ENGAGED, words("Reach: {paces} paces", paces=ENGAGED)),)
    paces = int(missile_range(weapon.kind)["paces_per_dam"]) * weapon.dam_rating
    return (Ring(paces, words("Range: {paces} paces", paces=paces)),)


def move_rings(c: Combatant, words: Words) -> tuple[Ring, ...]:
    """How far a half move and a full move take c this action."""
    half, full = c.half_move, c.full_move
    return (
        Ring(half, words("Half move: {paces} paces", paces=half)),
        Ring(full, words("Full move: {paces} paces", paces=full)),
    )


def attack_hint(trial: Trial, who: str, targets: Iterable[str], weapon: str, words: Words) -> str:
    """Each target's exact odds for this attack (attack_odds.py), as the player arms it."""
    found = (attack_odds(trial.state, trial.options, who, t, weapon) for t in targets)
    return "; ".join(odds_words(o, words) for o in found if o is not None)


def may_begin(trial: Trial, name: str) -> bool:
    """Whether `name` may take (or go on with) an action now: every action that spends one starts so."""
    try:
        board = Board(trial.state, trial.options)
        board.begin(board.people[name])
    except RunehallError:
        return False
    return True


def _turn_moves(trial: Trial, board: Board, c: Combatant, words: Words) -> list[Move]:
    """What c may do with the action that is his now (his step, the rest of it, or cutting in)."""
    who = {"who": c.name}
    names = list(board.people)
    found: list[Move] = []

    def add(name: str, params: Mapping[str, Any], **more: Any) -> None:
        found.append(Move(name, words(trial.actions[name].title), params=dict(params), actor=c.name, **more))

    reached: tuple[str, ...] = ()
    for weapon in dict.fromkeys((c.ready, *c.carried(), UNARMED)):  # the weapon in hand first
        attack = {**who, "weapon": weapon}
        reached = trial.targets("attack", attack, "target", [o.name for o in prey(board, c)])
        if reached:
            hint = attack_hint(trial, c.name, reached, weapon, words)
            add("attack", attack, target="target", targets=reached, rings=reach_rings(c, weapon, words), hint=hint)
            break
    fellows = [o.name for o in fellow_heroes(board, c)]
    if fellows:  # a move of its own, so that a blow at a friend is never one click among the foes
        at_hand = {**who, "weapon": c.ready}
        struck = trial.targets("attack", at_hand, "target", fellows)
        if struck:
            hint = words("On purpose: every point of damage costs you victory points, unless he struck you first")
            found.append(Move("attack", words("Strike another hero"), params=at_hand, target="target", targets=struck,
                              actor=c.name, hint=hint))  # fmt: skip
    closing = {**who, "weapon": c.ready, "approach": True}  # a half move to engage, then the blow
    farther = [o.name for o in prey(board, c) if o.name not in reached]
    targets = trial.targets("attack", closing, "target", farther) if not c.in_hand.ranged else ()
    if targets:
        title, rings = words("Close in and attack"), move_rings(c, words)[:1]
        found.append(Move("attack", title, params=closing, target="target", targets=targets, actor=c.name, rings=rings))
    for kind in MOVE_KINDS:
        moving = {**who, "kind": kind}
        if any(trial.ok("move", {**moving, "to": spot}) for spot in spots(c)):
            hint = words("Choose the spot on the map")
            add("move", moving, ask=("kind",), target=PLACE, hint=hint, rings=move_rings(c, words))
            break
    others = [w for w in (*c.carried(), UNARMED) if w != c.ready]
    change = trial.first("change_weapon", ({**who, "weapon": w} for w in dict.fromkeys(others)))
    if change is not None:
        add("change_weapon", change, ask=("weapon",))
    careless = {**who, "careless": True}
    if trial.ok("change_weapon", careless):
        found.append(Move("change_weapon", words("Drop it and draw the belt weapon"), params=careless, actor=c.name))
    if c.hero and burning(board):  # a full action, with a bucket at hand (the player says so in the move)
        for brazier in burning(board):
            douse = {**who, "brazier": label(brazier)}
            if trial.ok("douse_brazier", {**douse, "bucket": True}):
                title = words("Douse {brazier}", brazier=modifier(label(brazier), words))
                found.append(Move("douse_brazier", title, params=douse, ask=("bucket",), actor=c.name, quiet=True))
    if c.maw and not c.maw_roared and trial.ok("demon_maw", who):  # the Demon Maw Helm (legendary_maw.py)
        add("demon_maw", who)
    for name in ("stand_up", "maintain", "break_free", "wait", "pass", "cut_in"):
        if trial.ok(name, who):
            add(name, who)
    for kind in ("hold", "pin"):
        grapple = {**who, "kind": kind}
        targets = trial.targets("restrain", grapple, "target", names)
        if targets:
            add("restrain", grapple, ask=("kind",), target="target", targets=targets)
            break
    if any(trial.ok("jump", {**who, "over": "barrier", "to": spot}) for spot in spots(c)):
        add("jump", {**who, "over": "barrier"}, ask=("over",), target=PLACE, hint=words("Choose the spot on the map"))
    targets = trial.targets("heal", who, "patient", names)
    if targets:
        add("heal", who, target="patient", targets=targets)
    targets = trial.targets("revive", who, "patient", list(board.windows))
    if targets:
        add("revive", who, target="patient", targets=targets)
    found += gallery_view.turn_moves(trial, board, c, words)
    other = trial.first("other", ({**who, "what": PROBE_TEXT, "cost": cost} for cost in ("full", "half")))
    if other is not None:
        add("other", {**who, "cost": other["cost"]}, ask=("what", "cost"))
    found += stags_moves(trial, board, c, words)  # The Gnawing Stags: disarm or tear down (gift_stags.py)
    return found


def _runner_moves(trial: Trial, board: Board, words: Words) -> list[Move]:
    """The runner's rulings and the round's bookkeeping: the owner's and the game master's alone."""
    names = list(board.people)
    found: list[Move] = []

    def add(name: str, params: Mapping[str, Any], **more: Any) -> None:
        found.append(Move(name, words(trial.actions[name].title), params=dict(params), **more))

    for name in ("tiebreak", "end_round"):
        if trial.ok(name, {}):
            add(name, {})
    targets = trial.targets("damage", {"raw": 1}, "who", names)
    if targets:
        add("damage", {"soak": True}, ask=("raw", "soak"), target="who", targets=targets)
    targets = tuple(n for n in names if trial.ok("condition", {"who": n, "fallen": not board.people[n].fallen}))
    if targets:
        add(
            "condition",
            {},
            ask=("fallen", "grabbed", "mounted", "cover", "obscured", "invigoration"),
            target="who",
            targets=targets,
        )
    targets = trial.targets("engagement", {}, "who", names)  # the map holds no objects: the runner says so
    if targets:
        usual = {"difficulty": trial.actions["engagement"].Params.model_fields["difficulty"].default}
        title = words("Engagement roll against an object")
        found.append(Move("engagement", title, params=usual, ask=("difficulty",), target="who", targets=targets))
    targets = trial.targets("leave", {}, "who", names)
    if targets:
        add("leave", {}, target="who", targets=targets)
    found += gallery_view.runner_moves(trial, board, words)
    if trial.ok("end_combat", {}):
        add("end_combat", {})
    return found


def moves(
    state: CombatState, board: Board, seat: Seat, words: Words, actions: Actions, options: Any = None
) -> tuple[Move, ...]:
    trial = Trial(state, actions, options)
    found: list[Move] = []
    now = turn(board)
    first = [now[0]] if now is not None else []
    for c in _actors(board, seat, dict.fromkeys([*first, *board.people])):  # the one whose turn it is first
        found += _fighter_moves(trial, board, c, words)
    if seat.runs:
        found += _runner_moves(trial, board, words)
    return tuple(found)


# -- the map ---------------------------------------------------------------------------------------------
def board_view(state: CombatState, words: Words, seat: Seat, actions: Actions, options: Any = None) -> BoardView:
    """The board for this seat. `options`: the table's rule options (the moves offered follow them); None
    reads the defaults."""
    board = Board(state, options)
    now = turn(board)
    words = named(words)  # the names nobody typed, in the reader's language
    return BoardView(
        title=words(TITLE),
        phase=phase(board, words),
        order_title=words(ORDER_TITLE),
        **order_fields(board, words),
        combatants=tuple(card(board, c, now[0] if now else None, words) for c in board.people.values()),
        notes=notes(board, words),
        moves=moves(state, board, seat, words, actions, options),
        map=gallery_view.with_extras(battle_map(state, words), state, words),
    )
