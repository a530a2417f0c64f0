"""The gifts that take a roll back right after it (spec 001b §2.5), as "Use a gift" moves superseding the latest
move (supersede.py):

- Destiny Reversed: X times per session, one stress roll of the hero's in the move just made is rolled again and
  the new result fully replaces the old (the whole stress roll is the die: its open-ended dice come with it).
- Indefatigable Determination: X times per session, the hero's Impairment is ignored on his one roll in the move
  just made; when the roll then succeeds and would have failed with it, +5X VP (001b TV-04, formulas.py).

The move is made again from the state before it: every die is the stored one except the stress roll rolled anew,
whose faces are this event's own tape. The usage counter goes on from the fight's present count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.gifted import DESTINY
from runehall.systems.rune.combat.state import CombatState, RollSpan
from runehall.systems.rune.combat.supersede import Splice, draws, his_rolls, records


def _needed(result: Mapping[str, Any], mine: Mapping[str, Any]) -> int | None:
    """What his roll's total had to reach: the DFN total for his ATK, the ATK total + 1 for his DFN, or the
    Difficulty beside it; None when the move says no such thing."""
    for r in records_holders(result):
        atk, dfn = r.get("atk"), r.get("dfn")
        if isinstance(atk, Mapping) and isinstance(dfn, Mapping):
            if atk.get("who") == mine["who"] and list(atk.get("faces", ())) == list(mine["faces"]):
                return int(dfn["total"])
            if dfn.get("who") == mine["who"] and list(dfn.get("faces", ())) == list(mine["faces"]):
                return int(atk["total"]) + 1
        roll = r.get("roll")
        if isinstance(roll, Mapping) and roll.get("who") == mine["who"] and r.get("difficulty") is not None:
            return int(r["difficulty"])
    return None


def records_holders(value: Any) -> list[Mapping[str, Any]]:
    """Every mapping of a result (where an ATK roll sits beside its DFN roll)."""
    out: list[Mapping[str, Any]] = []
    if isinstance(value, Mapping):
        out.append(value)
        for v in value.values():
            out += records_holders(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out += records_holders(v)
    return out


def _his_record(result: Mapping[str, Any], who: str, index: int) -> Mapping[str, Any] | None:
    """His index-th roll record in a result (in the order they were written)."""
    mine = [r for r in records(result) if r["who"] == who]
    return mine[index] if index < len(mine) else None


def supersede(
    state: CombatState, params: Any, options: Any, source: Source, found: Any, level: int
) -> tuple[CombatState, dict[str, Any]]:
    """Make the latest move again as the gift has it; the state after it and what came of it."""
    from runehall.systems.rune.combat.gift_moves import count_use
    from runehall.systems.rune.combat.tracker import ACTIONS
    from runehall.systems.rune.gifts.formulas import indefatigable_vp

    board = Board(state, options)
    c = board.get(params.who)
    latest, mine = his_rolls(state, c.name, found)
    count_use(board, c, found, level)  # refused when no use is left (the count goes on below)
    used = board.people[c.name].gifted.used
    before, bump = latest.before, 0
    if found.id == DESTINY:
        if params.die is None and len(mine) > 1:
            raise RulesError(N_("{who} made {n} rolls just now: say which one is rolled again"), who=c.name,
                             n=len(mine))  # fmt: skip
        pick = (params.die or 1) - 1
        if not 0 <= pick < len(mine):
            raise RulesError(N_("{who} made {n} rolls just now, not {k}"), who=c.name, n=len(mine), k=pick + 1)
        span: RollSpan | None = mine[pick]
    else:
        span, pick = None, 0
        if len(mine) > 1:
            raise RulesError(N_("{gift} ignores Impairment on one roll, and {who} made {n} just now"),
                             gift=Refusal(found.name), who=c.name, n=len(mine))  # fmt: skip
        then = next(p for p in before.combatants if p.name == c.name)
        bump = then.impairment
        if not bump:
            raise RulesError(N_("{who} had no Impairment on that roll"), who=c.name)
        people = tuple(p.model_copy(update={"invigoration": p.invigoration + bump}) if p.name == c.name else p
                       for p in before.combatants)  # fmt: skip
        before = before.model_copy(update={"combatants": people})
    inner = ACTIONS[latest.action]
    splice = Splice(draws(latest), latest.spans, span.index if span else None, source)
    after, outcome = inner.apply(before, inner.parse_params(latest.params), options, splice)
    splice.finish()
    kept = []
    for p in after.combatants:
        if p.name == c.name:
            gifted = p.gifted.model_copy(update={"used": dict(used)})
            p = p.model_copy(update={"gifted": gifted, "invigoration": max(0, p.invigoration - bump)})
        kept.append(p)
    after = after.model_copy(update={"combatants": tuple(kept)})
    old = _his_record(latest.result, c.name, pick)
    new = _his_record(outcome, c.name, pick)
    result: dict[str, Any] = {"who": c.name, "gift": found.name, "level": level, "supersedes": latest.action,
                              "params": latest.params, "outcome": outcome}  # fmt: skip
    if old is not None and new is not None:
        result["rolled"] = {"roll": str(new.get("roll", "")), "was": old["faces"], "now": new["faces"],
                            "total_was": old.get("total"), "total": new.get("total")}  # fmt: skip
    if span is None and new is not None:
        result["ignored"] = bump
        needed = _needed(outcome, new)
        vp = indefatigable_vp(level, int(new["total"]), bump, needed) if needed is not None else 0
        if vp:
            result["gift_vp"] = [{"hero": c.name, "gift": found.id, "vp": vp}]
    from runehall.systems.rune.gifts.catalog import uses_allowed

    allowed = uses_allowed(found, level)
    if allowed is not None:
        result["uses_left"] = allowed - used.get(found.id, 0)
    return after, result
