"""Casts in combat: roll the d8 pool through the action's source, sort the faces with the cast module's
face_category, add the fixed tokens, then settle an allocation -- the player's own, checked against the
rules of spec 003 §6.3, or Rule SFG's by goal -- into success, margin, Future, Merkstave and speed. The
rules the options change (face 2, the Future cap, Future on a failure, the GM's Merkstave, speed) are the
cast module's functions, shared with the single-cast mechanics and their exact odds."""

from __future__ import annotations

from typing import Any

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError
from runehall.present.words import N_
from runehall.systems.midgard.cast import (
    FUTURE_CAP,
    effective_future,
    face_category,
    failed_future,
    final_speed,
    future_tokens,
    gm_spends,
    roll_faces,
    sfg,
)
from runehall.systems.midgard.combat.settings import opt
from runehall.systems.midgard.combat.state import Allocation, CastRecord, Goal, Tokens


def roll(source: Source, dice: int, options: Any) -> tuple[int, ...]:
    """`dice` d8 from the source; face 2 is a blank unless option face_2 says to roll it again."""
    return roll_faces(source, dice, opt(options, "face_2"))


def sort(
    faces: tuple[int, ...],
    options: Any,
    *,
    free: int = 0,
    past: int = 0,
    future: int = 0,
    outcome: int = 0,
    merkstave: int = 0,
) -> Tokens:
    """Table 8 plus the fixed tokens: skill ranks and bonuses are free, carry-over on Past, surprise on
    Future, berserk and Smash on Outcome, penalties on Merkstave; the Future stone holds four (A-07) --
    or, with option future_cap_all_sources off, four from the dice and free tokens, fixed tokens beyond."""
    counts = [0] * 6
    face_2 = opt(options, "face_2")
    for face in faces:
        counts[face_category(face, face_2)] += 1
    m, blank, p, f, o, c = counts
    on_stone, beyond = future_tokens(f, future, opt(options, "future_cap_all_sources"))
    return Tokens(
        faces=faces,
        blank=blank,
        past=p + past,
        future=on_stone,
        outcome=o + outcome,
        merkstave=m + merkstave,
        free=c + free,
        extra_future=beyond,
    )


def succeeds(past: int, difficulty: int, options: Any) -> bool:
    """Past reaches the difficulty (A-03: at least; option success_comparison)."""
    return past > difficulty if opt(options, "success_comparison") == "gt" else past >= difficulty


def check_allocation(t: Tokens, a: Allocation, record: CastRecord, options: Any) -> None:
    """An allocation the rules allow: every free token placed (A-06), Future within its cap, no more
    Merkstave removed than there is; an opposed cast places nothing on Future."""
    for name in ("past", "future", "outcome", "cancel"):
        if getattr(a, name) < 0:
            raise RulesError(N_("an allocation cannot put a negative number of tokens on {name}"), name=name)
    placed = a.past + a.future + a.outcome + a.cancel
    if opt(options, "all_free_tokens_placed") and placed != t.free:
        raise RulesError(
            N_("{free} free token(s) must all be placed, not {placed} (past+future+outcome+cancel)"),
            free=t.free,
            placed=placed,
        )
    if placed > t.free:
        raise RulesError(N_("only {free} free token(s) to place, not {placed}"), free=t.free, placed=placed)
    if a.future > FUTURE_CAP - t.future:
        raise RulesError(
            N_("the Future stone holds {future_cap}: {future} there already, room for {room}"),
            future_cap=FUTURE_CAP,
            future=t.future,
            room=FUTURE_CAP - t.future,
        )
    if a.cancel > t.merkstave:
        raise RulesError(
            N_("only {merkstave} Merkstave token(s) to remove, not {cancel}"), merkstave=t.merkstave, cancel=a.cancel
        )
    if record.opposed and a.future:
        raise RulesError(N_("an opposed cast places tokens only on Past and Outcome, or removes Merkstave"))
    if record.no_future and a.future:
        raise RulesError(N_("with True Diligence no token may go on the Future stone"))


def automatic(t: Tokens, difficulty: int, goal: Goal, record: CastRecord) -> Allocation:
    """Rule SFG (spec §15.2): the least Past that succeeds, then cancel Merkstave, then the goal."""
    instant = record.instant or record.opposed or record.no_future
    if record.simple and goal == "margin":
        goal = "succeed"
    plan = sfg(t.past, t.future, t.merkstave, t.free, difficulty, goal, instant)
    return Allocation(past=plan.past, future=plan.future, outcome=plan.outcome, cancel=plan.cancel)


def _patient(record: CastRecord, past: int, margin: int, future: int) -> tuple[int, int, int]:
    """Patient Reward: after the distribution, Future tokens move to Past and/or Outcome ({}: all to Outcome)."""
    if record.patient is None:
        return past, margin, future
    moves = dict(record.patient) or {"outcome": future}
    moved = sum(moves.values())
    if moved > future:
        raise RulesError(
            N_("Patient Reward can move the {future} token(s) on the Future stone, not {moved}"),
            future=future,
            moved=moved,
        )
    return past + moves.get("past", 0), margin + (0 if record.simple else moves.get("outcome", 0)), future - moved


def settle(record: CastRecord, a: Allocation, options: Any, aim: int = 0, by_hand: bool = False) -> CastRecord:
    """The cast's result under an allocation, with the GM's Merkstave spent by the policy A-20 (margin,
    then speed, then +1 to the next attack on the caster), or left to be spent by hand (`by_hand`:
    option merkstave_policy ask_gm, or gm_merkstave_spender for a reading of the GM's cast). A declared
    defence has no difficulty of its own (each attacker sets one): it keeps its margin and speed, and
    `aim` -- the hardest attacker's -- decides only whether a failure leaves the GM nothing to spend on
    the next attack."""
    t = record.tokens
    past = t.past + a.past
    margin = 0 if record.simple else t.outcome + a.outcome
    no_future = record.instant or record.opposed or record.no_future
    future = 0 if no_future else effective_future(t.future, a.future, t.extra_future)
    past, margin, future = _patient(record, past, margin, future)
    left = t.merkstave - a.cancel
    success = None if record.difficulty is None else succeeds(past, record.difficulty, options)
    next_attack = 0
    if success is False:
        margin, future = 0, failed_future(future, opt(options, "future_on_failure"))
    elif by_hand:
        pass  # the GM (or the players) spend what is left with the merkstave action
    else:
        margin, future, spend = gm_spends(left, margin, future)
        next_attack = spend if success or succeeds(past, aim, options) else 0
    speed = final_speed(record.base_speed, future, opt(options, "speed_clamped"))
    return record.model_copy(
        update={
            "allocation": a,
            "past": past,
            "margin": margin,
            "future": future,
            "merkstave": left,
            "next_attack": next_attack,
            "success": success,
            "speed": speed,
            "gm_spend": by_hand and left > 0,
        }
    )


def place(record: CastRecord, a: Allocation | None, goal: Goal | None, options: Any, difficulty: int = 0) -> CastRecord:
    """Settle with the player's allocation (checked) or the automatic one for the goal; Merkstave is left
    to be spent by hand when the options say so."""
    if a is None:
        if goal is None:
            return record
        a = automatic(record.tokens, record.difficulty if record.difficulty is not None else difficulty, goal, record)
    else:
        check_allocation(record.tokens, a, record, options)
    return settle(record, a, options, difficulty, by_hand(record, options))


def by_hand(record: CastRecord, options: Any) -> bool:
    """Whether leftover Merkstave waits for a person: a reading of the GM's cast under option
    gm_merkstave_spender gm or players; a character's own cast under merkstave_policy ask_gm."""
    if record.by == "gm":
        return bool(opt(options, "gm_merkstave_spender") != "automated_policy")
    return bool(opt(options, "merkstave_policy") == "ask_gm")


def spend_by_hand(
    record: CastRecord, margin: int, speed: int, next_attack: int, story: int, options: Any
) -> CastRecord:
    """Leftover Merkstave spent by a person: -1 margin, -1 speed bonus (one Future token counts for
    nothing), +1 to the next action against the caster, or a story effect (a complication on a success,
    a critical failure on a failure) (spec §6.5)."""
    left = record.merkstave
    if margin + speed + next_attack + story != left:
        raise RulesError(
            N_("{left} Merkstave token(s) to spend: {spent} must be {left}"),
            left=left,
            spent=Named(
                "margin + speed + next_attack + story", N_("those spent on margin, speed, next attack and story")
            ),
        )
    if margin > record.margin or speed > record.future:
        raise RulesError(
            N_("there is margin {margin} and Future {future} to spend Merkstave on"),
            margin=record.margin,
            future=record.future,
        )
    new_future = record.future - speed
    return record.model_copy(
        update={
            "margin": record.margin - margin,
            "future": new_future,
            "speed": final_speed(record.base_speed, new_future, opt(options, "speed_clamped")),
            "next_attack": next_attack,
            "gm_spend": False,
        }
    )


def success_against(record: CastRecord, difficulty: int, options: Any) -> bool:
    """Whether a settled cast (e.g. a declared defence) reaches a given difficulty."""
    return succeeds(record.past, difficulty, options)
