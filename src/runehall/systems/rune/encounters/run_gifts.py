"""Divine Gifts across the fights of an encounter run (spec 001b §2.1, §2.5): what a hero spends and buys in one fight
is his from then on.

- The VP he spent in the run's fights (gifts bought, curds eaten) are spent on his accounts: the next fight knows
  that much less free VP, and the settlement counts them in what he has spent (run_settle.accounts).
- The levels he bought are on his sheet: the next fight builds him with them (his numbers, a stat gift's too), and
  settling writes them to his sheet at the table (tracker.sheet_changes).
- A gift counted per encounter or per session keeps its count from one fight to the next; one counted per fight,
  combat or event starts again (each fight of the notes is an event of its own). A session-counted gift keeps it
  from one run to the next of the same session too: settling writes it to his sheet (`session_changes`), the next
  run's first fight reads it back (`from_sheets`) unless the session number has changed.
- A Rune Power whose recharge is longer than rounds stays asleep in the run's later fights (`carry_runes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from runehall.systems.rune.gifts.catalog import gifts
from runehall.systems.rune.gifts.held import find
from runehall.systems.rune.gifts.session_uses import carried_uses, session_counted, sheet_uses

if TYPE_CHECKING:
    from runehall.systems.rune.combat.state import CombatState
    from runehall.systems.rune.encounters.run_state import RunState

CARRIED_SCOPES = ("encounter", "session")  # a usage counter that outlives one fight of the run


def _heroes(fight: CombatState) -> dict[str, Any]:
    return {c.name: c for c in fight.combatants if c.hero}


def spent_in_run(state: RunState) -> dict[str, int]:
    """VP each hero spent in the run's fights and at its shrines so far."""
    found: dict[str, int] = {}
    for buy in state.shrine_buys:  # run_shrine.py
        found[buy.hero] = found.get(buy.hero, 0) + buy.vp
    for fought in state.fights:
        for name, c in _heroes(fought.fight).items():
            found[name] = found.get(name, 0) + int(c.gifted.spent)
    return found


def bought_in_run(state: RunState) -> dict[str, dict[str, int]]:
    """Levels each hero bought in the run's fights and at its shrines so far: gift id -> levels."""
    found: dict[str, dict[str, int]] = {}
    for buy in state.shrine_buys:  # run_shrine.py
        if buy.gift is not None:
            mine = found.setdefault(buy.hero, {})
            mine[buy.gift] = mine.get(buy.gift, 0) + 1
    for fought in state.fights:
        for name, c in _heroes(fought.fight).items():
            mine = found.setdefault(name, {})
            for gift_id, levels in c.gifted.bought.items():
                mine[gift_id] = mine.get(gift_id, 0) + int(levels)
    return {name: levels for name, levels in found.items() if levels}


def sheet_gifts(sheet: Mapping[str, Any], bought: Mapping[str, int]) -> dict[str, int]:
    """The sheet's gifts (by id; a book name read as its id) with the levels bought added."""
    held: dict[str, int] = {}
    for name, level in dict(sheet.get("gifts") or {}).items():
        gift_id = find(str(name)) or str(name)  # an unknown name is left for the sheet's own check to refuse
        held[gift_id] = held.get(gift_id, 0) + int(level)
    for gift_id, levels in bought.items():
        held[gift_id] = held.get(gift_id, 0) + int(levels)
    return held


def sheet_now(state: RunState, hero: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """A hero's sheet as the run has left it: the gifts he bought in its fights added, the VP spent there spent."""
    out = dict(sheet)
    spent = spent_in_run(state).get(hero, 0)
    bought = bought_in_run(state).get(hero, {})
    if bought:
        out["gifts"] = sheet_gifts(sheet, bought)
    if spent:
        out["vp_spent"] = int(sheet.get("vp_spent") or 0) + spent
    return out


def carry_counters(state: RunState, fight: CombatState) -> CombatState:
    """The new fight's heroes with the counts of their encounter- and session-counted gifts from the last fight
    (the run's first fight: the session-counted ones his sheet carries from the session's earlier runs)."""
    if not state.fights:
        return from_sheets(state, fight)
    before = _heroes(state.fights[-1].fight)
    catalog = gifts()
    people = []
    for c in fight.combatants:
        last = before.get(c.name) if c.hero else None
        if last is not None:
            kept = {g: n for g, n in last.gifted.used.items() if g in catalog and catalog[g].scope in CARRIED_SCOPES}
            if kept:
                c = c.model_copy(update={"gifted": c.gifted.model_copy(update={"used": {**c.gifted.used, **kept}})})
            asleep = carry_runes(last.gifted.runes)
            if asleep:
                c = c.model_copy(update={"gifted": c.gifted.model_copy(update={"runes": asleep})})
        people.append(c)
    return fight.model_copy(update={"combatants": tuple(people)})


def carry_runes(runes: Mapping[str, Any]) -> dict[str, Any]:
    """The Rune Powers woken in the last fight whose recharge is longer than rounds: asleep for the rest of the run
    (the run keeps no clock); one recharged in rounds is awake-able again in the next fight."""
    return {p: r.model_copy(update={"earlier": True}) for p, r in runes.items() if r.ready is None or r.earlier}


def gift_changes(state: RunState, hero: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """What settling writes to a hero's sheet at the table for his gifts: his gifts with those bought in the run,
    and the uses of his session-counted gifts in the session so far."""
    bought = bought_in_run(state).get(hero, {})
    found: dict[str, Any] = {"gifts": sheet_gifts(sheet, bought)} if bought else {}
    return found | session_changes(state, hero, sheet)


def from_sheets(state: RunState, fight: CombatState) -> CombatState:
    """The run's first fight: each hero's session-counted gifts used as often as his sheet says, when it counted
    them in this run's session (session_uses.py)."""
    sheets = {h.name: h.sheet for h in state.setup.heroes}
    people = []
    for c in fight.combatants:
        kept = carried_uses(sheets.get(c.name) or {}, state.setup.session) if c.hero else {}
        if kept:
            c = c.model_copy(update={"gifted": c.gifted.model_copy(update={"used": {**c.gifted.used, **kept}})})
        people.append(c)
    return fight.model_copy(update={"combatants": tuple(people)})


def session_changes(state: RunState, hero: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The session-counted gift uses settling writes to his sheet: his counters as the run's last fight left them
    (which began from his sheet's); nothing when the run had no fight."""
    last = _heroes(state.fights[-1].fight).get(hero) if state.fights else None
    outside = state.gift_uses.get(hero, {})  # those used outside the fights (roll_gifts.py)
    if last is None and not outside:
        return {}
    counted = last.gifted.used if last is not None else carried_uses(sheet, state.setup.session)
    used = session_counted({g: counted.get(g, 0) + outside.get(g, 0) for g in {*counted, *outside}})
    if not used and not carried_uses(sheet, state.setup.session):
        return {} if not sheet.get("session_uses") else {"session_uses": None}  # a past session's: gone
    return {"session_uses": sheet_uses(state.setup.session, used)}
