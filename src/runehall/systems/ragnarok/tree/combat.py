"""The combat round skeleton (spec 000 §13): phases in the order of option phase_order (A-19).

Each phase's effects happen on entering it: Maintenance recovers stunned runes (A-14) and adds DP (A-20);
Collection returns the runes of mano and actividad home, except chains kept by a Continuity or
Conservation metamark, and expires the round's contingencies (A-17, A-18).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, RulesError, do_first, option_rule
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.data import read_data_file
from runehall.systems.ragnarok.limits import MAX_COMBAT_NUMBER, MAX_HAND
from runehall.systems.ragnarok.rules import PACKAGE
from runehall.systems.ragnarok.tree.board import START_FIRST, Board, TreeAction
from runehall.systems.ragnarok.tree.state import Combat

CHOSEN = N_("by choosing them")  # how chains are kept and runes recover, at the table (--keep, --recover)


def keeping_metamarks() -> set[str]:
    """The metamarks that may keep a chain in actividad past the round (powers.toml)."""
    data = read_data_file(PACKAGE, "powers.toml")
    return {m["id"] for m in data["metamark"] if m.get("keeps_chain_in_activity")}


def _expire_contingencies(board: Board, number: int) -> list[str]:
    expired: list[str] = []
    if board.options.contingency_expiry != "collection":
        return expired
    for kid, k in list(board.contingencies.items()):
        if k.state == "armed" and k.combat == number:
            for uid in k.units:
                board.send_home(uid)
            board.contingencies[kid] = board.contingencies[kid].model_copy(update={"state": "expired"})
            expired.append(kid)
    return expired


def _maintenance(board: Board, recover: list[str]) -> dict[str, Any]:
    most = board.options.stun_recovery_per_maintenance
    stunned = [t.id for t in board.essence() if t.pile == "aturdido"]
    chosen = list(dict.fromkeys(board.resolve(n) for n in recover))
    for uid in chosen:
        if uid not in stunned:
            raise RulesError(N_("{rune} is not in aturdido"), rune=board.label(uid))
    if len(chosen) > most:
        raise RulesError(
            N_("{most} stunned rune(s) recover per Maintenance phase, not {count}"), most=most, count=len(chosen)
        )
    rest = [u for u in stunned if u not in chosen]
    chosen += rest[: most - len(chosen)]  # the owner's picks first, then the earliest in the Esencia
    for uid in chosen:
        board.set_token(uid, pile="esencia", position=0)
    gained = board.gain_dp(board.options.dp_gain_per_maintenance) if board.has_dp else 0
    return {"recovered": chosen, "dp_gained": gained}


def _collection(board: Board, keep: list[str], number: int) -> dict[str, Any]:
    marks = keeping_metamarks()
    kept = []
    for name in keep:
        chain = board.chains.get(name.strip())
        if chain is None:
            raise RulesError(N_("there is no chain {name!r} in actividad"), name=name)
        if not marks & set(chain.metamarks):
            raise RulesError(
                N_("chain {chain} carries no {marks} metamark to stay"),
                chain=chain.id,
                marks=" or ".join(sorted(marks)),
            )
        kept.append(chain.id)
    returned = board.collect(("mano", "actividad"), tuple(kept))
    return {"returned": returned, "kept": kept, "expired": _expire_contingencies(board, number)}


def enter_phase(board: Board, combat: Combat, keep: list[str], recover: list[str]) -> dict[str, Any]:
    if keep and combat.phase != "collection":
        raise RulesError(N_("chains are kept ({how}) on entering the Collection phase"), how=Named("--keep", CHOSEN))
    if recover and combat.phase != "maintenance":
        raise RulesError(
            N_("stunned runes recover ({how}) on entering the Maintenance phase"), how=Named("--recover", CHOSEN)
        )
    board.combat = combat
    if combat.phase == "maintenance":
        return _maintenance(board, recover)
    if combat.phase == "collection":
        return _collection(board, keep, combat.number)
    return {}


class StartParams(RulesModel):
    number: int | None = Field(
        None,
        ge=1,
        le=MAX_COMBAT_NUMBER,
        title=N_("Número (number)"),
        description=N_("The combat's number (default: the next one)."),
    )


class StartCombatAction(TreeAction):
    name: ClassVar[str] = "start_combat"
    title: ClassVar[str] = N_("Start a combat")
    summary: ClassVar[str] = N_(
        "A combat begins: round 1, first phase; the Divine Potency pool starts at its basic value."
    )
    Params: ClassVar[type[RulesModel]] = StartParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_alive()
        if board.combat is not None:
            raise RulesError(
                N_("combat {number} is still going on ({first})"),
                number=board.combat.number,
                first=do_first("end_combat", N_("end it first")),
            )
        number = params.number if params.number is not None else board.last_combat + 1
        if number <= board.last_combat:
            raise RulesError(N_("combat numbers grow: the last one was {last_combat}"), last_combat=board.last_combat)
        if not board.options.phase_order:
            raise RulesError(
                N_("{rule} names no phase"), rule=option_rule("phase_order", N_("the table's order of phases"))
            )
        board.last_combat = number
        board.dp = board.bdp
        combat = Combat(number=number, phase=board.options.phase_order[0])
        happened = enter_phase(board, combat, [], [])
        return {"combat": number, "round": 1, "phase": combat.phase, "dp": board.dp, **happened}


class NextPhaseParams(RulesModel):
    keep: list[str] = Field(
        max_length=MAX_HAND,
        default_factory=list,
        title=N_("Cadenas que siguen (chains kept)"),
        description=N_("Entering Recogida: chains with Continuidad or Conservación that stay."),
    )
    recover: list[str] = Field(
        default_factory=list,
        max_length=MAX_HAND,
        title=N_("Recuperar (recover)"),
        description=N_("Entering Mantenimiento: which stunned runes recover."),
    )


class NextPhaseAction(TreeAction):
    name: ClassVar[str] = "next_phase"
    title: ClassVar[str] = N_("Next phase")
    summary: ClassVar[str] = N_("Go on to the next phase of the round (Wyrd → Maintenance → Action → Collection).")
    Params: ClassVar[type[RulesModel]] = NextPhaseParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        combat = board.require_combat(N_("a phase only happens in combat ({first})"), first=START_FIRST)
        order = board.options.phase_order
        index = order.index(combat.phase) + 1 if combat.phase in order else len(order)
        round_ = combat.round + (index >= len(order))
        phase = order[index % len(order)]
        nxt = Combat(number=combat.number, round=round_, phase=phase)
        happened = enter_phase(board, nxt, params.keep, params.recover)
        return {"round": round_, "phase": phase, **happened}


class EndCombatAction(TreeAction):
    name: ClassVar[str] = "end_combat"
    title: ClassVar[str] = N_("End the combat")
    summary: ClassVar[str] = N_(
        "The combat ends: runes in play go home, Divine Potency back to its basic value, consumed runes may recover."
    )
    Params: ClassVar[type[RulesModel]] = RulesModel

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        combat = board.require_combat(N_("ending a combat only happens in combat ({first})"), first=START_FIRST)
        returned = board.collect(("mano", "actividad"))
        expired = _expire_contingencies(board, combat.number)
        released = [t.id for t in board.essence() if t.consumed_in == combat.number]
        for uid in released:
            board.set_token(uid, consumed_in=None)  # may climb back to muerte from now on
        board.combat = None
        board.dp = board.bdp
        return {"combat": combat.number, "returned": returned, "expired": expired, "released": released, "dp": board.dp}
