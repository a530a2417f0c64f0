"""Damage, healing and recovery on the track (spec 000 §4.2-§4.4, §12), and the route between sagas (A-33)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import ParameterError, RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.ragnarok.limits import MAX_HOURS, MAX_POINTS
from runehall.systems.ragnarok.tree.board import EPSILON, Board, TreeAction
from runehall.systems.ragnarok.tree.death import Cause, resolve_death
from runehall.systems.ragnarok.tree.moves import TraitParam
from runehall.systems.ragnarok.tree.state import PLAY_PILES, VOID_ID, Route, RuneToken, hp_of

Policy = Literal["owner_choice", "concentrate", "spread", "random_from_bag"]


class DamageParams(RulesModel):
    points: int = Field(
        ge=0,
        le=MAX_POINTS,
        title=N_("Puntos (points)"),
        description=N_("Damage points: each moves one Essence rune one position down."),
    )
    trait: TraitParam = Field(
        title=N_("Rasgo del daño (damage trait)"),
        description=N_("F and M damage stops at Muerte, E goes on to Consunción."),
    )
    allocate: list[str] = Field(
        default_factory=list,
        max_length=MAX_POINTS,
        title=N_("Reparto (allocation)"),
        description=N_("The rune taking each point, in order."),
    )
    policy: Policy | None = Field(
        None,
        title=N_("Quién elige (who picks)"),
        description=N_("Who picks the runes (default: the owner when runes are named, else the campaign's option)."),
    )
    nonlethal: bool = Field(
        False, title=N_("No letal (non-lethal)"), description=N_("Non-lethal damage, stopping at Aturdido.")
    )
    cause: Cause | None = Field(
        None,
        title=N_("Causa (cause)"),
        description=N_("If this kills: a natural disaster or a killing blow (for immortals)."),
    )


def _eligible(board: Board, stop: int) -> list[RuneToken]:
    """Runes that can take the next point: in the bag or on the track; in play only as a last resort (A-12)."""
    able = [t for t in board.essence() if t.position < stop]
    resting = [t for t in able if t.pile not in PLAY_PILES]
    if board.options.in_play_runes_last_resort:
        return resting or able
    return able


def _refusal(board: Board, uid: str, stop: int, eligible: list[RuneToken]) -> RulesError:
    if uid == VOID_ID:  # I-19
        return RulesError(N_("the Void rune never takes damage"))
    if uid in board.composites:
        return RulesError(N_("{composite} is a composite: damage goes to Essence runes"), composite=uid)
    t = board.tokens[uid]
    if t.pile == "consuncion":  # I-21
        return RulesError(N_("{rune} is in consuncion and takes no more damage"), rune=board.label(uid))
    if t.position >= stop:  # I-21
        return RulesError(N_("{rune} is in {pile}, where this damage stops"), rune=board.label(uid), pile=t.pile)
    others = ", ".join(board.label(e.id) for e in eligible)
    return RulesError(
        N_("{rune} is in play: it takes damage only when no other rune can (eligible: {others})"),
        rune=board.label(uid),
        others=others,
    )


def _now(board: Board, hits: list[str]) -> dict[str, str]:
    """Where each rune hit ended, with its position: {"tyr": "herido 2"}."""
    return {uid: f"{board.tokens[uid].pile} {board.tokens[uid].position}" for uid in dict.fromkeys(hits)}


def _pick(board: Board, policy: str, eligible: list[RuneToken], source: Source) -> str:
    if policy == "concentrate":  # keep pushing the most damaged rune that can still move
        return max(eligible, key=lambda t: t.position).id
    if policy == "spread":  # a new healthy rune first
        return min(eligible, key=lambda t: t.position).id
    in_bag = [t for t in eligible if t.pile == "esencia"] or eligible  # drawn blind from the bag while it has runes
    return in_bag[source.choose([t.id for t in in_bag], "damage")].id


def apply_damage(board: Board, params: DamageParams, source: Source) -> dict[str, Any]:
    board.require_alive()
    if params.nonlethal and not board.options.nonlethal_damage_flag:
        raise RulesError(
            N_("non-lethal damage is not in use ({rule})"),
            rule=option_rule("nonlethal_damage_flag", N_("the table's rules")),
        )
    policy = params.policy or ("owner_choice" if params.allocate else board.options.damage_policy)
    if params.allocate and policy != "owner_choice":
        raise ParameterError(N_("the runes a point hits are named only when the campaign lets the owner choose them"))
    hp = board.hp
    stop = 1 if params.nonlethal else hp + 1 if params.trait == "E" else hp
    before = board.status()
    hits: list[str] = []
    lost = 0
    for i in range(params.points):
        eligible = _eligible(board, stop)
        if not eligible:
            lost = params.points - i  # no rune left to take them
            break
        if policy == "owner_choice":
            if i >= len(params.allocate):
                names = ", ".join(board.label(t.id) for t in eligible)
                raise RulesError(
                    N_("{left} more point(s) to place: name the runes they hit (eligible: {names})"),
                    left=params.points - i,
                    names=names,
                )
            uid = board.resolve(params.allocate[i])
            if uid not in {t.id for t in eligible}:
                raise _refusal(board, uid, stop, eligible)
        else:
            uid = _pick(board, policy, eligible, source)
        board.damage_step(uid)
        hits.append(uid)
    if len(params.allocate) > len(hits):
        raise RulesError(
            N_("only {count} point(s) land, but {named} runes were named"),
            count=len(hits),
            named=len(params.allocate),
        )
    after = board.status()
    result: dict[str, Any] = {"hits": hits, "now": _now(board, hits), "lost": lost, "status": after}
    if after == "muerto" and before != "muerto" and params.cause is not None:
        result["death"] = resolve_death(board, params.cause)
    return result


class DamageAction(TreeAction):
    name: ClassVar[str] = "damage"
    title: ClassVar[str] = N_("Take damage")
    summary: ClassVar[str] = N_("Take damage of a trait; each point moves one Essence rune one position down.")
    Params: ClassVar[type[RulesModel]] = DamageParams
    random: ClassVar[bool] = True  # only with the random_from_bag policy

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        return apply_damage(board, params, source)


class HealParams(RulesModel):
    points: int = Field(
        ge=0,
        le=MAX_POINTS,
        title=N_("Puntos (points)"),
        description=N_("Healing points: each moves one rune one position up."),
    )
    allocate: list[str] = Field(
        default_factory=list,
        max_length=MAX_POINTS,
        title=N_("Reparto (allocation)"),
        description=N_("The rune each point heals, in order."),
    )


def apply_healing(board: Board, points: int, allocate: list[str]) -> dict[str, Any]:
    """A-15: one point, one step up; consuncion is immune and the dead are not revived (I-23)."""
    board.require_alive()
    if board.status() == "muerto":
        raise RulesError(N_("{character} is dead: healing does not revive"), character=board.character.name)
    if len(allocate) > points:
        raise RulesError(N_("{count} runes named for {points} healing point(s)"), count=len(allocate), points=points)
    hits = []
    for name in allocate:
        uid = board.resolve(name)
        if uid == VOID_ID or uid in board.composites:
            raise RulesError(N_("{rune} is not on the damage track"), rune=board.label(uid))
        t = board.tokens[uid]
        if t.pile == "consuncion":
            raise RulesError(N_("{rune} is in consuncion, which healing cannot reach"), rune=board.label(uid))
        if t.position == 0:
            raise RulesError(N_("{rune} is not hurt"), rune=board.label(uid))
        board.heal_step(uid)
        hits.append(uid)
    return {"healed": hits, "now": _now(board, hits), "unused": points - len(hits), "status": board.status()}


class HealAction(TreeAction):
    name: ClassVar[str] = "heal"
    title: ClassVar[str] = N_("Heal")
    summary: ClassVar[str] = N_("Heal: each point moves a named rune one position up; at 0 it returns to the bag.")
    Params: ClassVar[type[RulesModel]] = HealParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        return apply_healing(board, params.points, params.allocate)


class TimeParams(RulesModel):
    hours: float = Field(gt=0, le=MAX_HOURS, title=N_("Horas (hours)"), description=N_("Game hours that pass."))


def _due(board: Board) -> bool:
    interval = board.options.consumption_interval
    return interval <= 0 or board.consumption_clock + EPSILON >= interval


def _recover(board: Board, t: RuneToken) -> dict[str, Any]:
    board.set_token(t.id, position=board.hp, pile="muerte", consumed_in=None)
    board.consumption_clock = max(0.0, board.consumption_clock - board.options.consumption_interval)
    return {"rune": t.id, "from": "consuncion", "to": "muerte"}


class AdvanceTimeAction(TreeAction):
    name: ClassVar[str] = "advance_time"
    title: ClassVar[str] = N_("Let time pass")
    summary: ClassVar[str] = N_("Let game hours pass: one rune per interval climbs from Consunción to Muerte.")
    Params: ClassVar[type[RulesModel]] = TimeParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.hours += params.hours
        recovered: list[dict[str, Any]] = []
        if board.recoverable():
            # The clock runs only while some rune may climb: hours in which none could are not banked.
            board.consumption_clock += params.hours
            while board.options.consumption_auto and board.recoverable() and _due(board):
                recovered.append(_recover(board, board.recoverable()[0]))
        if not board.recoverable():
            board.consumption_clock = 0.0
        return {"hours": board.hours, "recovered": recovered, "recovery_due": bool(board.recoverable()) and _due(board)}


class RecoverParams(RulesModel):
    rune: str = Field(title=N_("Runa (rune)"), description=N_("The rune in Consunción that climbs back to Muerte."))


class RecoverAction(TreeAction):
    name: ClassVar[str] = "recover_consumption"
    title: ClassVar[str] = N_("Recover from Consunción")
    summary: ClassVar[str] = N_(
        "When Consunción does not recover by itself: the norn moves one due rune from Consunción to Muerte."
    )
    Params: ClassVar[type[RulesModel]] = RecoverParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        uid = board.resolve(params.rune)
        t = board.tokens.get(uid)
        if t is None or t.pile != "consuncion":
            raise RulesError(N_("{rune} is not in consuncion"), rune=board.label(uid))
        if board.locked(t):
            raise RulesError(N_("{rune} entered consuncion in this combat: not before it ends"), rune=board.label(uid))
        if board.options.consumption_auto:
            raise RulesError(
                N_("consuncion recovers by itself as time passes ({rule})"),
                rule=option_rule("consumption_auto", N_("the table's rules")),
            )
        if not _due(board):
            interval = board.options.consumption_interval
            raise RulesError(
                N_("one rune per {interval} h: {consumption_clock} h have passed"),
                interval=interval,
                consumption_clock=board.consumption_clock,
            )
        return _recover(board, t)


class SagaParams(RulesModel):
    route: Route = Field(
        title=N_("Ruta (route)"), description=N_("The wound route of the new saga: blanca, gris or negra.")
    )


class NewSagaAction(TreeAction):
    name: ClassVar[str] = "new_saga"
    title: ClassVar[str] = N_("New saga")
    summary: ClassVar[str] = N_("Between sagas (never in the middle of one), the norn may change the wound route.")
    Params: ClassVar[type[RulesModel]] = SagaParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.combat is not None:
            raise RulesError(N_("the wound route cannot change in the middle of a combat"))
        wounded = [board.label(t.id) for t in board.essence() if t.pile == "herido"]
        if wounded:
            raise RulesError(N_("the route changes only with no rune in herido: {wounded}"), wounded=", ".join(wounded))
        old, new = board.hp, hp_of(params.route)
        for t in board.essence():
            if t.position >= old:  # muerte and consuncion keep their pile on the new track
                board.set_token(t.id, position=t.position - old + new)
        before, board.route = board.route, params.route
        return {"route": params.route, "was": before, "hp_per_rune": new}
