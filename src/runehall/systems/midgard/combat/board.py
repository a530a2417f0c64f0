"""The Midgard fight at a glance (runehall.present.board): a card per combatant (side, wound boxes per rank,
Wyrð, conditions, the weapon in hand), the declaration order, the segment's stage in words, what the table
waits for, and the moves legal now for a seat, prefilled so one exchange is a few clicks: declare the usual
action, cast, place the tokens as suggested; the GM resolves.

Built from the state every viewer sees: a secret allocation reads "chosen", never its placement or result.
Every move offered is tried on a copy of the state first (the rules decide, not this module), so a move
shown is a move the action accepts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.errors import RunehallError
from runehall.present.board import Badge, BoardView, CombatantCard, Gauge, Seat, Stat, Tone
from runehall.present.words import N_, Words
from runehall.systems.midgard.combat.board_moves import CHECKS, Moves, action_term, data_term, term
from runehall.systems.midgard.combat.combatant import (
    Combatant,
    actions,
    alive_members,
    defence,
    wound_penalty,
)
from runehall.systems.midgard.combat.moves import base_weapon
from runehall.systems.midgard.combat.state import CastRecord, CombatState, Declaration
from runehall.systems.tracker import TrackerAction

RANKS = (N_("First rank"), N_("Second rank"), N_("Third rank"), N_("Fourth rank"), N_("Fifth rank"))
PHASES = {
    "setup": N_("Not begun"),
    "declaration": N_("Declare"),
    "casting": N_("Allocate"),
    "resolution": N_("Resolve"),
    "segment_end": N_("Segment over"),
    "over": N_("The fight is over"),
}
SIDES = {"players": N_("Players"), "enemies": N_("Enemies")}
BARE = {  # weapons that are no item (gear.py): fists and feet, an enemy's natural weapons
    "Unarmed": N_("Unarmed"),
    "Claws": N_("Claws"),
    "Natural weapon": N_("Natural weapon"),
}
EFFECTS = {  # lasting effects that come from no gift (effects.py)
    "immobilised": N_("immobilised"),
    "trance": N_("in a trance"),
    "environment": N_("hard surroundings"),
}


# -- cards --------------------------------------------------------------------------------------------------
def _wound_gauges(c: Combatant, words: Words) -> list[Gauge]:
    if c.kind == "warband":
        standing = len(alive_members(c))
        tone: Tone = "muted" if c.out else ("bad" if standing < len(c.members) else "good")
        return [Gauge(term(words, N_("Warriors")), standing, len(c.members), tone=tone)]
    gauges, left = [], c.wounds
    for i, boxes in enumerate(c.wound_boxes):
        filled = max(0, min(boxes, left))
        left -= filled
        label = term(words, RANKS[min(i, len(RANKS) - 1)])
        gauges.append(Gauge(label, filled, boxes, boxes=True, tone="bad" if filled else ""))
    return gauges


def _badges(state: CombatState, c: Combatant, words: Words) -> list[Badge]:
    names = {p.id: p.name for p in state.combatants}
    out: list[Badge] = []
    if c.out:
        out.append(Badge(words("taken out"), "muted"))
    if c.prone:
        out.append(Badge(words("knocked down"), "warning", words("Defence 2 lower while down")))
    if c.pin is not None:
        out.append(Badge(words("pinned by {who}", who=names.get(c.pin.by, c.pin.by)), "warning"))
    if c.berserk is not None:
        out.append(Badge(term(words, N_("Berserk")), "accent"))
    if c.short is not None:
        out.append(Badge(words("busy until round {n}", n=words.number(c.short.last_round)), "muted"))
    for p in c.pacts:
        out.append(Badge(words("bound by a pact with {who}", who=names.get(p.by, p.by)), "warning"))
    if c.dice_bonus:
        out.append(Badge(words.n("{n} bonus die", "{n} bonus dice", c.dice_bonus), "good"))
    if c.exposed:
        out.append(Badge(words("exposed: +{n} margin against", n=words.number(c.exposed)), "warning"))
    if c.wyrd == 0 and c.wyrd_max:
        out.append(Badge(words("exhausted"), "warning", words("no Wyrð left: casts no dice")))
    penalty = wound_penalty(c)
    if penalty and not c.out:
        out.append(Badge(words("wounded: +{n} Merkstave", n=words.number(penalty)), "bad"))
    gifts: list[str] = []
    for e in c.effects:
        if e.gift and e.gift not in gifts:
            gifts.append(e.gift)
            out.append(Badge(data_term(words, "gift", e.gift), "accent", words("a gift in effect")))
        elif not e.gift and e.kind in EFFECTS:
            out.append(Badge(words(EFFECTS[e.kind]), "warning"))
    found = next((d for d in state.declarations if d.actor == c.id and d.status != "switched"), None)
    if found is not None and state.stage in ("declaration", "casting", "resolution"):
        out.append(_declared(found, names, words))
        if found.cast is not None:
            out.append(_cast_badge(found.cast, words))
    return out


def _declared(d: Declaration, names: Mapping[str, str], words: Words) -> Badge:
    what = action_term(words, d.action)
    if d.target:
        what = words("{action} at {target}", action=what, target=names.get(d.target, d.target))
    tone: Tone = "muted" if d.status == "resolved" else "accent"
    return Badge(what, tone, words("declared"))


def _cast_badge(rec: CastRecord, words: Words) -> Badge:
    if rec.allocation is None:
        return Badge(words.n("{n} token to place", "{n} tokens to place", rec.tokens.free), "warning")
    if rec.sealed:
        return Badge(words("chosen"), "muted", words("placed in secret: shown once the other side has placed"))
    said = words(
        "Past {past}, margin {margin}, speed {speed}",
        past=words.number(rec.past),
        margin=words.number(rec.margin),
        speed=words.number(rec.speed),
    )
    return Badge(said, "" if rec.success is None else ("good" if rec.success else "bad"))


def _stats(c: Combatant, words: Words) -> list[Stat]:
    stats = [
        Stat(term(words, N_("Defence")), words.number(defence(c))),
        Stat(term(words, N_("Weapon Skill")), words.number(actions(c))),
    ]
    try:
        profile, item = base_weapon(c, None)
    except RunehallError:
        return stats
    name = (
        data_term(words, "item", item.weapon) if item is not None else term(words, BARE.get(profile.name, profile.name))
    )
    stats.append(
        Stat(
            term(words, N_("Weapon")),
            words(
                "{name}: damage {damage}, speed {speed}, AP {ap}",
                name=name,
                damage=words.number(profile.damage),
                speed=words.number(profile.speed),
                ap=words.number(profile.ap),
            ),
        )
    )
    return stats


def _card(state: CombatState, c: Combatant, words: Words, active: set[str]) -> CombatantCard:
    gauges = _wound_gauges(c, words)
    if c.wyrd is not None and c.wyrd_max:
        gauges.append(Gauge("Wyrð", c.wyrd, c.wyrd_max, tone="accent"))
    side = words(SIDES[c.side]) if c.side in SIDES else c.side
    return CombatantCard(
        key=c.id,
        name=c.name,
        side=side,
        side_key=c.side,
        gauges=tuple(gauges),
        badges=tuple(_badges(state, c, words)),
        stats=tuple(_stats(c, words)),
        active=c.id in active,
        out=c.out,
    )


# -- what the table waits for ----------------------------------------------------------------------------------
def _waiting(state: CombatState, words: Words) -> tuple[list[str], set[str]]:
    """Notes in words and the combatants the table waits for."""
    names = {c.id: c.name for c in state.combatants}
    notes: list[str] = []
    active: set[str] = set()

    def wait(cid: str, message: str, **values: Any) -> None:
        active.add(cid)
        notes.append(words(message, who=names.get(cid, cid), **values))

    if state.stage == "over":
        side = state.winner or ""
        notes.append(words("The fight is over: {side} stand", side=words(SIDES[side]) if side in SIDES else side))
    elif state.stage == "setup":
        notes.append(words("Waiting for the GM to begin the fight"))
    elif state.stage == "segment_end":
        notes.append(words("Waiting for the GM to begin the next segment"))
    elif state.stage == "declaration":
        done = {d.actor for d in state.declarations}
        nxt = next((cid for cid in state.order if cid not in done), None)
        if nxt is not None:
            wait(nxt, N_("Waiting for {who} to declare"))
    elif state.stage == "casting":
        enemies = {c.id for c in state.combatants if c.is_enemy}
        todo = [d for d in state.declarations if d.status != "ready" and d.cast is None]
        if state.gm is None and any(d.actor in enemies for d in todo):
            notes.append(words("Waiting for the GM's cast for the round"))
        if state.gm is not None and state.gm.allocation is None:
            notes.append(words("Waiting for the GM to place the round's tokens"))
        for d in state.declarations:
            if d.status == "switched":
                continue
            if d.cast is None and d.status != "ready":
                wait(d.actor, N_("Waiting for {who} to cast"))
            elif d.cast is not None and d.cast.allocation is None:
                wait(d.actor, N_("Waiting for {who} to allocate"))
            elif d.cast is not None and d.cast.sealed:
                notes.append(words("{who}'s tokens: chosen", who=names.get(d.actor, d.actor)))
            elif d.cast is not None and d.cast.gm_spend:
                wait(d.actor, N_("Waiting for {who}'s Merkstave to be spent"))
    elif state.pending is not None:
        p = state.pending
        if p.defence is not None and p.defence.allocation is None:
            wait(p.defender or p.target, N_("Waiting for {who} to allocate"))
        elif p.defence is not None and p.defence.gm_spend:
            wait(p.defender or p.target, N_("Waiting for {who}'s Merkstave to be spent"))
        else:
            attacker = state.declarations[p.index].actor
            wait(
                p.target,
                N_("{attacker} hits {who}: waiting for {who} to take the hit or switch to a defence"),
                attacker=names.get(attacker, attacker),
            )
    elif state.checks:
        k = state.checks[0]
        wait(k.who, N_("Waiting for {who}'s check: {check}"), check=words(CHECKS[k.kind]))
    elif state.queue:
        d = state.declarations[state.queue[0]]
        active.add(d.actor)
        notes.append(
            words(
                "Waiting for the GM to resolve {who}'s {action}",
                who=names.get(d.actor, d.actor),
                action=action_term(words, d.action),
            )
        )
    return notes, active


def _phase(state: CombatState, words: Words) -> str:
    stage = words(PHASES[state.stage])
    if state.stage in ("setup", "over"):
        return stage
    return words(
        "Round {round} · segment {segment} · {stage}",
        round=words.number(state.round),
        segment=words.number(state.segment),
        stage=stage,
    )


def board(
    state: CombatState,
    words: Words,
    seat: Seat,
    acts: Mapping[str, TrackerAction[CombatState]],
    title: str,
    options: Any = None,
) -> BoardView:
    """The board for a seat; each move is tried under the table's options (the defaults when none given)."""
    notes, active = _waiting(state, words)
    found = Moves(state, words, acts, options)
    if state.stage in ("setup", "segment_end"):
        label = words("Begin the fight") if state.stage == "setup" else words("Next segment")
        found.offer("next_segment", label, {}, None)
    elif state.stage == "declaration":
        done = {d.actor for d in state.declarations}
        nxt = next((cid for cid in state.order if cid not in done), None)
        if nxt is not None:
            found.declaring(nxt)
    elif state.stage == "casting":
        found.casting()
    elif state.stage == "resolution":
        found.resolving()
    if state.stage in ("declaration", "casting", "resolution", "segment_end"):
        found.gm_cast()
    if state.stage in ("declaration", "segment_end"):
        found.spend()
    if state.stage != "over":
        found.pacts()
    moves = tuple(m for m in found.found if seat.runs or (m.actor is not None and m.actor in seat.controls))
    if state.stage == "resolution":
        order_title, order = words("Resolution order"), tuple(state.declarations[n].actor for n in state.queue)
    else:
        order_title, order = words("Declaration order"), state.order if state.stage != "over" else ()
    return BoardView(
        title=title,
        phase=_phase(state, words),
        order_title=order_title if order else "",
        order=tuple(order),
        combatants=tuple(_card(state, c, words, active) for c in state.combatants),
        notes=tuple(notes),
        moves=moves,
    )
