"""The Chattering Squirrel in a fight (spec 001b §2.5, 001b TV-13e, A-14; X = the hero's level; its state:
Triggered.squirrel).

"Use a gift", no action, once an event (the catalog's counter): he names an enemy able to fight within 3 paces
(`target`). His Divine Awareness + Presence (a stress roll, less his Impairment) against the foe's Res roll (a stress
roll, less its Impairment); a tie is his against a supporting character. Won: that foe's Soak is X lower on every
blow and shot until the fight ends, never below 0 (001b TV-13e: Soak 2 at X = 3 is 0), and he is the chain's latest
victim. At the start of each later round (the round's end move), while the latest victim is not dead (nor gone),
the not yet affected foe nearest him still able to fight (the notes' order between equals) rolls Res (a stress
roll, less its Impairment) against 6: failing, the same penalty, and he is the latest victim. A foe who resists
leaves the chain alive (A-14: next round the nearest unaffected foe to the latest victim rolls again; option
`squirrel_chain_on_resist` "ends": he breaks it). The chain ends when a round begins with its latest victim dead, or
no unaffected foe is left."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import ENGAGED, length, within
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.triggered_state import Chain

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

SQUIRREL = "the_chattering_squirrel"
NAME = N_("The Chattering Squirrel")
CONTAGION_DIFFICULTY = 6


def _res_roll(c: Combatant, source: Source) -> dict[str, Any]:
    roll, faces = stress(source)
    record: dict[str, Any] = {"who": c.name, "roll": "Res", "faces": list(faces), "result": roll,
                              "score": c.bonus("res"), "total": roll + c.bonus("res") - c.impairment}  # fmt: skip
    if c.impairment:
        record["impairment"] = -c.impairment
    return record


def chatter(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use The Chattering Squirrel' at an enemy within 3 paces: no action."""
    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    if params.target is None:
        raise RulesError(N_("name the enemy {who} chatters at"), who=c.name)
    foe = board.get(params.target)
    if foe.side == c.side or not foe.active:
        raise RulesError(N_("The Chattering Squirrel needs an enemy able to fight, not {who}"), who=foe.name)
    if not within(c.at, foe.at, ENGAGED):
        raise RulesError(N_("{foe} is out of reach: the squirrel chatters within {paces} paces"), foe=foe.name,
                         paces=ENGAGED)  # fmt: skip
    if c.gifted.presence is None:
        raise RulesError(N_("{who} has no Presence given: give 'presence' in his stats"), who=c.name)
    score = c.gifted.presence + c.gifted.divine_awareness
    mine, faces = stress(source)
    record: dict[str, Any] = {"who": c.name, "roll": "Divine Awareness + Presence", "faces": list(faces),
                              "result": mine, "score": score, "total": mine + score - c.impairment}  # fmt: skip
    if c.impairment:
        record["impairment"] = -c.impairment
    theirs = _res_roll(foe, source)
    won = record["total"] > theirs["total"] or (record["total"] == theirs["total"] and not foe.hero)
    out: dict[str, Any] = {"target": foe.name, "rolls": [record, theirs], "success": won, "squirrel": True}
    if won:
        t = c.gifted.triggered
        chain = Chain(level=x, victims=(foe.name,), latest=foe.name)
        board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t.model_copy(update={"squirrel": chain})}))
        out["soak"] = -x
    return out


def squirrel_soak(board: Board, d: Combatant) -> list[tuple[str, int]]:
    """The Soak a squirrel's chain takes from d (the highest X among the chains he is in; gift_blow keeps it >= 0)."""
    found = [h.gifted.triggered.squirrel for h in board.people.values() if h.gifted.triggered.squirrel is not None]
    worst = max((ch.level for ch in found if ch is not None and d.name in ch.victims), default=0)
    return [(NAME, -worst)] if worst else []


def squirrel_rounds(board: Board, source: Source) -> list[dict[str, Any]]:
    """A new round begins: each live chain spreads to the nearest unaffected foe of its latest victim, who rolls
    Res against 6 (A-14: one who resists keeps the chain alive for the next round)."""
    found: list[dict[str, Any]] = []
    for h in list(board.people.values()):
        chain = h.gifted.triggered.squirrel
        if chain is None or chain.ended:
            continue
        latest = board.people.get(chain.latest)
        others = [o for o in board.people.values() if o.side == (latest.side if latest else "") and o.active
                  and o.name not in chain.victims]  # fmt: skip
        if latest is None or latest.health in ("dead", "gone") or not others:
            ended = chain.model_copy(update={"ended": True})
            board.update(h.name, gifted=h.gifted.model_copy(
                update={"triggered": h.gifted.triggered.model_copy(update={"squirrel": ended})}))  # fmt: skip
            found.append({"hero": h.name, "ended": True, "latest": chain.latest})
            continue
        nearest = min(others, key=lambda o: (length(o.at, latest.at), o.order))
        record = _res_roll(nearest, source)
        failed = record["total"] < CONTAGION_DIFFICULTY
        said: dict[str, Any] = {"hero": h.name, "from": latest.name, "foe": nearest.name, "roll": record,
                                "difficulty": CONTAGION_DIFFICULTY, "caught": failed}  # fmt: skip
        if failed:
            grown = chain.model_copy(update={"victims": (*chain.victims, nearest.name), "latest": nearest.name})
            board.update(h.name, gifted=h.gifted.model_copy(
                update={"triggered": h.gifted.triggered.model_copy(update={"squirrel": grown})}))  # fmt: skip
            said["soak"] = -chain.level
        elif board.opt("squirrel_chain_on_resist") == "ends":  # A-14's other reading: the resister breaks it
            broken = chain.model_copy(update={"ended": True})
            board.update(h.name, gifted=h.gifted.model_copy(
                update={"triggered": h.gifted.triggered.model_copy(update={"squirrel": broken})}))  # fmt: skip
            said["chain_ends"] = True
        found.append(said)
    return found
