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
from dataclasses import dataclass
from typing import Any

from runehall.chance.seeded import SeededSource
from runehall.errors import RunehallError
from runehall.present.board import Badge, BoardView, CombatantCard, Gauge, Move, Ring, Seat, Stat, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.combat import gallery_view
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.board_map import battle_map, term
from runehall.systems.rune.combat.combatant import UNARMED, Combatant
from runehall.systems.rune.combat.gallery import prey
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.names import named, said
from runehall.systems.rune.combat.settings import missile_range
from runehall.systems.rune.combat.state import NONCOMBAT, CombatState
from runehall.systems.rune.speech.common import health as health_words
from runehall.systems.tracker import TrackerAction

Actions = Mapping[str, TrackerAction[CombatState]]

TITLE = N_("Rune fight")
ORDER_TITLE = N_("Initiative")
PHASE_WORDS = {
    "initiative": N_("initiative rolls"),
    "tiebreak": N_("heroes' roll-off"),
    "acting": N_("actions"),
    "over": N_("the fight is over"),
}
SIDE_WORDS = {"heroes": N_("Heroes"), "foes": N_("Foes")}
COVER_WORDS = {"third": N_("third cover"), "half": N_("half cover"), "full": N_("full cover")}
MANEUVER_WORDS = {"hold_ground": N_("hold ground"), "duck_and_weave": N_("duck and weave")}
RESTRAINT_WORDS = {"hold": N_("held fast"), "pin": N_("pinned down"), "net": N_("caught in a net")}
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
    half, full = c.move_half, c.move_full
    return (
        Ring(half, words("Half move: {paces} paces", paces=half)),
        Ring(full, words("Full move: {paces} paces", paces=full)),
    )


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
            add("attack", attack, target="target", targets=reached, rings=reach_rings(c, weapon, words))
            break
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


# -- cards -----------------------------------------------------------------------------------------------
def turn(board: Board) -> tuple[str, int] | None:
    """Who acts now and at which step."""
    if board.phase != "acting":
        return None
    if board.slot is not None:
        return board.slot.who, board.slot.step
    return board.next_up()


def _stat(message: str, value: int | None, words: Words) -> Stat:
    return Stat(term(message, words), words.number(value) if value is not None else words("unknown"))


def _badges(board: Board, c: Combatant, words: Words) -> list[Badge]:
    badges: list[Badge] = []
    if c.health != "active":
        badges.append(Badge(health_words(c.health, words), "bad" if c.health != "gone" else "muted"))
    if c.wounds:
        badges.append(Badge(words.n("{n} Wound", "{n} Wounds", c.wounds), "bad"))
    if c.impairment:
        badges.append(
            Badge(f"{term(N_('Impairment'), words)} −{words.number(c.impairment)}", "warning", words("to every roll"))
        )
    flags = c.this_round
    marks: tuple[tuple[bool, str, Tone, str], ...] = (
        (c.active and bool(board.engaged(c)), N_("engaged"), "accent", N_("an enemy stands within 3 paces")),
        (c.grabbed, N_("grabbed"), "warning", N_("caught in a grabber trap")),
        (c.fallen, N_("fallen"), "warning", N_("down: he must stand up before he moves")),
        (c.mounted, N_("mounted"), "", ""),
        (c.obscured, N_("obscured"), "", N_("as one-third cover")),
        (flags.withdrawing, N_("withdrawing"), "", ""),
        (flags.fleeing or flags.reckless, N_("fleeing"), "warning", ""),
        (c.severed, N_("arm lost"), "bad", ""),
    )
    badges += [Badge(words(label), tone, words(title) if title else "") for shown, label, tone, title in marks if shown]
    if c.cover != "none":
        badges.append(Badge(words(COVER_WORDS[c.cover])))
    if flags.maneuver:
        badges.append(Badge(words(MANEUVER_WORDS[flags.maneuver]), "accent"))
    if c.restraint is not None:
        by = board.people[c.restraint.by].name if c.restraint.by in board.people else ""
        label = words(RESTRAINT_WORDS[c.restraint.kind])
        badges.append(Badge(label, "warning", words("by {who}", who=by) if by else ""))
    if c.restraining is not None:
        badges.append(Badge(words("holding {who}", who=c.restraining), "accent"))
    entry = board.entries.get(c.name)
    if entry is not None and entry.waiting:
        badges.append(Badge(words("waiting to cut in"), "accent"))
    if c.name in board.windows:
        badges.append(Badge(words("can still be revived"), "warning"))
    return badges + gallery_view.badges(board, c, words)


def card(board: Board, c: Combatant, now: str | None, words: Words) -> CombatantCard:
    hp_tone: Tone = "good" if c.hp * 2 > c.hp_max else ("warning" if c.hp > 0 else "bad")
    gauges = (Gauge(term(N_("Hit Points"), words), c.hp, c.hp_max, tone=hp_tone),)
    w = c.in_hand
    dfn = c.dfn_weapon()
    stats = (
        Stat(words("In hand"), weapon_name(c, c.ready, words)),
        _stat(N_("ATK"), w.atk, words),
        _stat(N_("DFN"), None if dfn.dfn_na else dfn.dfn, words),
        _stat(N_("DAM"), w.dam, words),
        _stat(N_("Soak"), c.soak, words),
        *((Stat(words("Missiles left"), words.number(w.ammo)),) if w.ammo is not None else ()),
    )
    side = words(SIDE_WORDS[c.side]) if c.side in SIDE_WORDS else c.side
    return CombatantCard(
        key=c.name,
        name=said(c.name, words),
        side=side,
        side_key=c.side,
        gauges=gauges,
        badges=tuple(_badges(board, c, words)),
        stats=stats,
        active=c.name == now,
        out=c.out,
        at=(float(c.at[0]), float(c.at[1])),
    )


def weapon_name(c: Combatant, weapon_id: str, words: Words) -> str:
    from runehall.systems.rune.speech.common import data_name

    if weapon_id == UNARMED:
        return words("bare hands")
    found = next((w for w in c.weapons if w.id == weapon_id), None)
    return data_name("weapon", found.name if found else weapon_id, words)


# -- order, phase, notes ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn:
    """One action in the round's order: whose, at which step (None: held by a wait, to cut in with), whether
    it is taken (or passed) and whether it is the one being taken now."""

    key: str
    step: int | None
    done: bool = False
    now: bool = False


def turns(board: Board) -> tuple[Turn, ...]:
    """The round's whole order of actions, those taken included: a second action at its own later step."""
    slots: list[tuple[tuple[Any, ...], str, int, bool]] = []
    for name, e in board.entries.items():
        slots += [(board.order_key(name, s), name, s, True) for s in e.acted]
        slots += [(board.order_key(name, s), name, s, False) for s in e.steps if not e.waiting]
    slots.sort()
    now = turn(board)
    found: list[Turn] = []
    for _, name, step, done in slots:
        acting = not done and now == (name, step) and not any(t.now for t in found)
        found.append(Turn(name, step, done, acting))
    found += [Turn(n, None) for n, e in board.entries.items() if e.waiting]
    return tuple(found)


def turn_label(t: Turn, words: Words) -> str:
    """ "25 Ragnar"; "Thurid (waiting)" for an action held to cut in with."""
    if t.step is None:
        return words("{who} (waiting)", who=t.key)
    return words("{step} {who}", step=words.number(t.step), who=t.key)


def order_entries(board: Board, words: Words) -> tuple[tuple[str, str, bool], ...]:
    """Each action of the round's order as (combatant key, label, taken now): what the board would show if
    present.board carried a label per entry (BoardView.order is combatant keys alone)."""
    return tuple((t.key, turn_label(t, words), t.now) for t in turns(board))


def order_fields(board: Board, words: Words) -> dict[str, Any]:
    """The round's whole order for BoardView: an entry per action ("25 Ragnar", "5 Ragnar"), the one taken now
    marked by its place (a combatant acting twice is not lit twice)."""
    entries = order_entries(board, words)
    now = next((i for i, (_, _, acting) in enumerate(entries) if acting), None)
    return {
        "order": tuple(k for k, _, _ in entries),
        "order_labels": tuple(label for _, label, _ in entries),
        "order_now": now,
    }


def order(board: Board) -> tuple[str, ...]:
    """The round's order as combatant keys, each once, at his first action (those who have acted kept in
    their place): the board highlights by key, so a key twice would light up twice (see order_entries)."""
    return tuple(dict.fromkeys(t.key for t in turns(board)))


def notes(board: Board, words: Words) -> tuple[str, ...]:
    from runehall.systems.rune.speech.cover import effect_notes
    from runehall.systems.rune.speech.fights import _ended

    said: list[str] = []
    if board.phase == "initiative":
        due = [c.name for c in board.people.values() if c.active and c.name not in board.entries]
        if due:
            said.append(words("Still to roll initiative: {who}", who=words.join(due)))
    elif board.phase == "tiebreak":
        tied = [words.join(g) for g in board.roll_offs_needed()]
        said.append(words("Heroes tied on a step roll off: {who}", who=words.join(tied)))
    elif board.phase == "acting":
        now = turn(board)
        if board.slot is not None:
            if board.slot.halves:
                said.append(words("{who} has spent half his action at step {step}", who=now[0], step=now[1]))  # type: ignore[index]
            else:
                said.append(words("{who} is acting at step {step}", who=board.slot.who, step=board.slot.step))
        elif now is not None:
            said.append(words("{who} acts at step {step}", who=now[0], step=now[1]))
        else:
            said.append(words("Nobody has an action left: the round can end"))
        for name, e in board.entries.items():
            if e.waiting:
                key = N_("{who} waits and may cut in") if e.may_interrupt else N_("{who} waits for someone else to act")
                said.append(words(key, who=name))
    else:
        said.append(words("The fight is over: {why}", why=_ended(board.ended or "", words)))
    said += gallery_view.extras_notes(board, words)
    said += effect_notes(board.effects, {c.name: c.active for c in board.people.values()}, words)
    for w in board.windows.values():
        if w.healers:
            said.append(
                words(
                    "{who} is dying: {healers} may still revive him",
                    who=w.patient,
                    healers=words.join(w.healers, alternatives=True),
                )
            )
        else:
            said.append(words("{who} is dying and nobody can revive him", who=w.patient))
    return tuple(said)


def phase(board: Board, words: Words) -> str:
    return words("Round {n} · {phase}", n=words.number(board.round), phase=words(PHASE_WORDS[board.phase]))


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
