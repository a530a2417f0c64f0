"""Divine Potency in combat (spec 000 §11.4) and Runic Enchantment suppression (§9, A-27)."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Named, ParameterError, Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.data import read_data_file
from runehall.systems.ragnarok.limits import MAX_DISTANCE_M, MAX_DP, MAX_POINTS, MAX_PURCHASES
from runehall.systems.ragnarok.rules import PACKAGE, Trait, rules
from runehall.systems.ragnarok.tree.board import START_FIRST, Board, TreeAction
from runehall.systems.ragnarok.tree.damage import apply_healing
from runehall.systems.ragnarok.tree.moves import STACKING, TraitParam

Context = Literal["damage_taken", "damage_dealt"]


@cache
def _spend_extras() -> dict[str, dict[str, Any]]:
    """What rules.py does not read of the spend table: targets and the context of each target."""
    return {s["code"]: s for s in read_data_file(PACKAGE, "divine_potency.toml")["spend"]}


def _damage_traits(names: tuple[str, ...]) -> set[Trait]:
    codes = {t.id: t.code for t in rules().traits.trait}
    return {codes[n] for n in names}


class SpendParams(RulesModel):
    effect: str = Field(
        title=N_("Efecto (effect)"),
        description=N_("The effect bought, by its code (for example HEAL_6 or EXTRA_RUNE)."),
    )
    count: int = Field(
        1, ge=1, le=MAX_PURCHASES, title=N_("Veces (count)"), description=N_("How many times it is bought.")
    )
    context: Context | None = Field(
        None,
        title=N_("Contexto (context)"),
        description=N_("For damage effects: whether the damage is taken or dealt."),
    )
    damage_trait: TraitParam | None = Field(
        None, title=N_("Rasgo del daño (damage trait)"), description=N_("For damage dealt: the trait of that damage.")
    )
    target: str | None = Field(
        None,
        title=N_("Objetivo (target)"),
        description=N_("For +6 to Parry or Physical damage: which one (else from the context)."),
    )
    allocate: list[str] = Field(
        default_factory=list,
        max_length=MAX_POINTS,
        title=N_("Reparto (allocation)"),
        description=N_("For Healing +6: the runes healed, one per point."),
    )


DAMAGE_TRAIT = Named("--damage-trait", N_("the trait of the damage"))
_CONTEXTS = {"damage_taken": N_("damage taken"), "damage_dealt": N_("damage dealt")}


def _context(code: str) -> Refusal | str:
    """A damage context as a person reads it, in the reader's language once said."""
    return Refusal(_CONTEXTS[code]) if code in _CONTEXTS else code.replace("_", " ")


def _check_context(spend_code: str, contexts: tuple[str, ...], params: Any) -> str | None:
    """The modifier's target after checking the damage context (I-26, I-27)."""
    extra = _spend_extras()[spend_code]
    if params.context is None:
        raise RulesError(
            N_("{effect} is bought on damage: give {what}"),
            effect=spend_code,
            what=Named("--context " + " or ".join(contexts), N_("the damage it is bought on")),
        )
    if params.context not in contexts:
        raise RulesError(
            N_("{effect} is bought when {when}, not {context}"),
            effect=spend_code,
            when=_context(contexts[0]) if len(contexts) == 1 else " or ".join(contexts),
            context=_context(params.context),
        )
    by_target: dict[str, str] = extra.get("context_by_target", {})
    target = params.target or next((t for t, c in by_target.items() if c == params.context), None)
    if target is None:
        target = extra["targets"][0] if len(extra["targets"]) == 1 else None
    if target is not None and target not in extra["targets"]:
        raise ParameterError(
            N_("{effect} applies to {extra}, not {target}"),
            effect=spend_code,
            extra=", ".join(extra["targets"]),
            target=target,
        )
    if target in by_target and by_target[target] != params.context:
        raise RulesError(N_("{target} is raised when {context}"), target=target, context=_context(by_target[target]))
    if params.context == "damage_dealt" and extra.get("damage_types"):
        allowed = _damage_traits(tuple(extra["damage_types"]))
        if params.damage_trait is None:
            raise ParameterError(N_("{effect} on damage dealt: give {what}"), effect=spend_code, what=DAMAGE_TRAIT)
        if params.damage_trait not in allowed:
            raise RulesError(
                N_("{effect} adds to {allowed} damage, not {damage_trait}"),
                effect=spend_code,
                allowed="/".join(sorted(allowed)),
                damage_trait=params.damage_trait,
            )
        if target is None:
            trait_id = next(t.id for t in rules().traits.trait if t.code == params.damage_trait)
            target = f"dano_{trait_id}"
    return target


class SpendAction(TreeAction):
    name: ClassVar[str] = "dp_spend"
    title: ClassVar[str] = N_("Spend Divine Potency")
    summary: ClassVar[str] = N_(
        "Spend Divine Potency on a combat effect, in its phase or when damage is taken or dealt."
    )
    Params: ClassVar[type[RulesModel]] = SpendParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        spend = rules().spend(params.effect)
        combat = board.require_combat(N_("spending Divine Potency only happens in combat ({first})"), first=START_FIRST)
        board.require_alive()
        if params.count > 1 and not board.options.dp_stacking:
            raise RulesError(N_("one purchase of each DP effect at a time ({rule})"), rule=STACKING)
        target: str | None = None
        if spend.contexts:
            target = _check_context(spend.code, spend.contexts, params)
        else:
            if params.context is not None:
                raise RulesError(N_("{spend} is not bought on damage"), spend=spend.code)
            if "any" not in spend.phases and combat.phase not in spend.phases:
                raise RulesError(
                    N_("{spend} is bought in the {phases} phase, not {phase}"),
                    spend=spend.code,
                    phases=" or ".join(spend.phases),
                    phase=combat.phase,
                )
        if params.allocate and spend.code != "HEAL_6":
            raise ParameterError(
                N_("{what} goes with HEAL_6"), what=Named("--allocate", N_("a choice of the runes healed"))
            )
        cost = spend.cost * params.count
        board.pay_dp(
            cost, N_("{n} × {effect} costs {cost} DP but the pool holds {dp}"), n=params.count, effect=spend.code
        )
        bonus = (spend.bonus or 0) * params.count
        result: dict[str, Any] = {"effect": spend.code, "count": params.count, "cost": cost, "dp": board.dp}
        if target is not None:
            result["modifier"] = {target: bonus}
        if spend.code == "HEAL_6":
            result["healing"] = apply_healing(board, bonus, params.allocate)  # 6 healing points each
        elif spend.code == "EXTRA_RUNE":
            board.combat = combat.model_copy(update={"extra_runes": combat.extra_runes + params.count})
            result["extra_runes"] = board.combat.extra_runes
        return result


class GainParams(RulesModel):
    amount: int = Field(
        ge=1, le=MAX_DP, title=N_("Cantidad (amount)"), description=N_("Divine Potency markers gained.")
    )
    source: str = Field("", title=N_("Origen (source)"), description=N_("What grants them (a power's name)."))


class GainAction(TreeAction):
    name: ClassVar[str] = "dp_gain"
    title: ClassVar[str] = N_("Gain Divine Potency")
    summary: ClassVar[str] = N_(
        "Gain Divine Potency markers in combat, e.g. from a power (up to the campaign's cap, if any)."
    )
    Params: ClassVar[type[RulesModel]] = GainParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_combat(N_("gaining Divine Potency markers only happens in combat ({first})"), first=START_FIRST)
        if not board.has_dp:
            raise RulesError(N_("{character} has no Divine Potency"), character=board.character.name)
        gained = board.gain_dp(params.amount)
        return {"gained": gained, "dp": board.dp, "source": params.source}


class EnchantmentParams(RulesModel):
    power: str = Field(
        title=N_("Poder (power)"), description=N_("The Runic Enchantment (a passive power on the sheet).")
    )
    distance_m: float | None = Field(
        None,
        ge=0,
        le=MAX_DISTANCE_M,
        title=N_("Distancia (distance)"),
        description=N_("Metres to the nearest identical one (empty: none)."),
    )


class EnchantmentAction(TreeAction):
    name: ClassVar[str] = "enchantment"
    title: ClassVar[str] = N_("Runic Enchantment")
    summary: ClassVar[str] = N_("Update a Runic Enchantment from the distance to an identical one.")
    Params: ClassVar[type[RulesModel]] = EnchantmentParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        power = next((p for p in board.character.passive_powers if p.name == params.power), None)
        if power is None or power.type != "encantamiento_runico":
            raise RulesError(
                N_("{power!r} is not a Runic Enchantment of {character}"),
                power=params.power,
                character=board.character.name,
            )
        was = "suppressed" if power.name in board.suppressed else "active"
        d = params.distance_m
        now = was
        if was == "active" and d is not None and d <= board.options.re_suppress_m:
            now = "suppressed"
        elif was == "suppressed" and (d is None or d > board.options.re_reactivate_m):
            now = "active"
        others = tuple(s for s in board.suppressed if s != power.name)
        board.suppressed = (*others, power.name) if now == "suppressed" else others
        return {"power": power.name, "was": was, "state": now, "distance_m": d}
