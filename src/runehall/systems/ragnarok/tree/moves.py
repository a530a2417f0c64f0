"""Drawing and playing runes: the wyrd, transformation, playing to actividad, contingencies (spec 000 §5, §6)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import BeforeValidator, Field

from runehall.chance.draws import Token, draw_from
from runehall.chance.sources import Source
from runehall.errors import Named, ParameterError, RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.ragnarok.limits import MAX_BAG, MAX_HAND, MAX_NAMES
from runehall.systems.ragnarok.rules import Trait, parse_trait, rules
from runehall.systems.ragnarok.tree.board import Board, TreeAction
from runehall.systems.ragnarok.tree.state import TRACK_PILES, VOID_ID, Composite, PileId, parse_pile

TraitParam = Annotated[Trait, BeforeValidator(parse_trait)]
PileParam = Annotated[PileId, BeforeValidator(parse_pile)]
# Buying one Divine Potency effect several times at once is the table's choice (option dp_stacking).
STACKING = option_rule("dp_stacking", N_("the table's rule on buying an effect several times"))


class WyrdParams(RulesModel):
    extra: int = Field(
        0,
        ge=0,
        le=MAX_BAG,
        title=N_("Runas extra (extra runes)"),
        description=N_("Extra runes bought with Divine Potency (10 each, in the Wyrd phase only)."),
    )


class WyrdAction(TreeAction):
    name: ClassVar[str] = "wyrd"
    title: ClassVar[str] = N_("Draw runes (wyrd)")
    summary: ClassVar[str] = N_("Draw Destino runes from the bag into Mano; the Void rune joins them from its pile.")
    Params: ClassVar[type[RulesModel]] = WyrdParams
    random: ClassVar[bool] = True

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_active(N_("{character} is {status} and cannot consult the runes"))
        bought = board.combat.extra_runes if board.combat else 0
        paid = 0
        if params.extra:
            if board.combat is None or board.combat.phase != "wyrd":
                raise RulesError(N_("extra runes are bought with Divine Potency only in a combat's Wyrd phase"))
            if params.extra > 1 and not board.options.dp_stacking:
                raise RulesError(N_("one purchase of each DP effect at a time ({rule})"), rule=STACKING)
            paid = rules().spend("EXTRA_RUNE").cost * params.extra
            board.pay_dp(paid, N_("{n} extra rune(s) cost {cost} DP but the pool holds {dp}"), n=params.extra)
        if board.combat is not None:
            board.combat = board.combat.model_copy(update={"extra_runes": 0})
        wanted = board.character.destiny + params.extra + bought
        bag = board.bag()
        count = wanted
        if wanted > len(bag):
            if board.options.short_bag == "reject":
                raise RulesError(
                    N_("the bag holds {count} runes, fewer than the {wanted} to draw ({rule})"),
                    rule=option_rule("short_bag", N_("the table's rule on a bag that runs short")),
                    count=len(bag),
                    wanted=wanted,
                )
            count = len(bag)  # a short bag is drawn whole
        drawn = draw_from([Token(t.id, t.trait or "") for t in bag], count, source, "bag")
        for token in drawn:
            board.move(token.label, "mano")
        void = board.void()
        void_joined = void is not None and void.pile == "vacio"  # only from its own pile
        if void_joined:
            board.move(VOID_ID, "mano")
        return {
            "drawn": [t.label for t in drawn],
            "void_joined": void_joined,
            "asked": wanted,
            "dp_spent": paid,
        }


class TransformParams(RulesModel):
    runes: list[str] = Field(
        max_length=MAX_HAND,
        title=N_("Runas (runes)"),
        description=N_("The two runes (or composites) in Mano to combine, by name."),
    )
    to: TraitParam = Field(
        title=N_("Nuevo rasgo (new trait)"),
        description=N_("The trait of the new rune: F, M or E, not the one the two share."),
    )


class TransformAction(TreeAction):
    name: ClassVar[str] = "transform"
    title: ClassVar[str] = N_("Transform two runes")
    summary: ClassVar[str] = N_("Turn two runes of one trait in Mano into one composite rune of another trait.")
    Params: ClassVar[type[RulesModel]] = TransformParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_active(N_("{character} is {status} and cannot transform runes"))
        if len(params.runes) != 2:
            raise RulesError(N_("a transformation takes exactly 2 runes, not {count}"), count=len(params.runes))
        first, second = (board.resolve(n) for n in params.runes)
        if first == second:
            raise RulesError(N_("a transformation takes two different runes"))
        traits = []
        for uid in (first, second):
            unit = board.unit(uid)
            if unit.pile != "mano":
                raise RulesError(
                    N_("{rune} is in {pile}: only runes in mano are transformed"), rune=board.label(uid), pile=unit.pile
                )
            if unit.part_of is not None:
                raise RulesError(
                    N_("{rune} is already part of composite {part_of}"), rune=board.label(uid), part_of=unit.part_of
                )
            if uid == VOID_ID and not board.options.void_can_transform:
                raise RulesError(
                    N_("the Void rune may not be transformed ({rule})"),
                    rule=option_rule("void_can_transform", N_("the table's rule on the Void rune")),
                )
            if isinstance(unit, Composite) and not board.options.allow_chained_transform:
                raise RulesError(
                    N_("a composite may not be transformed again ({rule})"),
                    rule=option_rule("allow_chained_transform", N_("the table's rule on composites")),
                )
            if unit.trait is None:
                raise RulesError(N_("a Void rune without a trait cannot be transformed"))
            traits.append(unit.trait)
        if traits[0] != traits[1]:
            raise RulesError(
                N_("the two runes must share a trait, not {first} and {second}"), first=traits[0], second=traits[1]
            )
        if params.to == traits[0]:
            raise RulesError(N_("the new rune must be of another trait than {trait}"), trait=traits[0])
        composite = Composite(id=board.new_id("c"), sources=(first, second), trait=params.to)
        board.composites[composite.id] = composite
        for uid in (first, second):
            if uid in board.tokens:
                board.set_token(uid, part_of=composite.id)
            else:
                board.composites[uid] = board.composites[uid].model_copy(update={"part_of": composite.id})
        return {"composite": composite.id, "trait": params.to, "sources": [first, second]}


class UntransformParams(RulesModel):
    composite: str = Field(
        title=N_("Compuesta (composite)"), description=N_("The composite to split back into its two runes (c1, c2...).")
    )


class UntransformAction(TreeAction):
    name: ClassVar[str] = "untransform"
    title: ClassVar[str] = N_("Undo a transformation")
    summary: ClassVar[str] = N_("Split a composite still in Mano back into its two runes.")
    Params: ClassVar[type[RulesModel]] = UntransformParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if not board.options.allow_untransform:
            raise RulesError(
                N_("transformations cannot be undone ({rule})"),
                rule=option_rule("allow_untransform", N_("the table's rule on undoing them")),
            )
        cid = params.composite.strip().lower()
        composite = board.composites.get(cid)
        if composite is None:
            raise RulesError(N_("there is no composite {composite!r} on this tree"), composite=params.composite)
        if composite.pile != "mano" or composite.part_of is not None:
            raise RulesError(
                N_("{composite} has been used (it is in {pile}) and can no longer be undone"),
                composite=cid,
                pile=composite.pile,
            )
        return {"composite": cid, "sources": list(board.dissolve(cid))}


class PlayParams(RulesModel):
    rune: str = Field(title=N_("Runa (rune)"), description=N_("The rune or composite to move, by name."))
    to: PileParam = Field(
        title=N_("Hacia (to)"), description=N_("Where to: Actividad, or Contingencia (with a condition).")
    )
    from_pile: PileParam | None = Field(
        None, title=N_("Desde (from)"), description=N_("Where it should be now; refused if it is elsewhere.")
    )
    chain: str | None = Field(
        None, title=N_("Cadena (chain)"), description=N_("In Actividad: the rune chain it joins (a name you choose).")
    )
    metamarks: list[str] = Field(
        default_factory=list,
        max_length=MAX_NAMES,
        title=N_("Metamarcas (metamarks)"),
        description=N_("Metamarks the chain carries (Continuidad...)."),
    )
    condition: str | None = Field(
        None, title=N_("Condición (condition)"), description=N_("To Contingencia: the condition that sets it off.")
    )


class PlayAction(TreeAction):
    name: ClassVar[str] = "play"
    title: ClassVar[str] = N_("Play a rune")
    summary: ClassVar[str] = N_(
        "Move a rune from Mano to Actividad or Contingencia, or the Void rune from its pile to Actividad."
    )
    Params: ClassVar[type[RulesModel]] = PlayParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        uid = board.resolve(params.rune)
        unit = board.unit(uid)
        here, to = unit.pile, params.to
        if params.from_pile is not None and params.from_pile != here:
            if params.from_pile == "vacio" and uid != VOID_ID:
                raise RulesError(N_("only the Void rune moves vacio → actividad"))
            raise RulesError(
                N_("{rune} is in {here}, not in {from_pile}"),
                rune=board.label(uid),
                here=here,
                from_pile=params.from_pile,
            )
        if to in TRACK_PILES:
            if uid == VOID_ID:
                raise RulesError(N_("the Void rune can never be placed in {to}"), to=to)
            raise RulesError(N_("runes reach {to} only through damage, never by playing them"), to=to)
        if unit.part_of is not None:
            raise RulesError(
                N_("{rune} is part of composite {part_of}: play the composite"),
                rune=board.label(uid),
                part_of=unit.part_of,
            )
        if here == "contingencia" and to == "actividad":
            raise RulesError(
                N_("a contingency's runes reach actividad when it fires ({how})"),
                how=Named("trigger_contingency", N_("fire the contingency")),
            )
        legal = (here == "mano" and to in ("actividad", "contingencia")) or (
            here == "vacio" and to == "actividad" and uid == VOID_ID
        )
        if not legal:
            raise RulesError(
                N_("{here} → {to} is not a legal move for {rune}"), here=here, to=to, rune=board.label(uid)
            )
        board.require_active(N_("{character} is {status} and cannot play runes"))
        if to == "contingencia":
            if not params.condition:
                raise ParameterError(
                    N_("a rune goes to contingencia with {what}"),
                    what=Named(N_("the --condition that fires it"), N_("the condition that fires it")),
                )
            if params.chain or params.metamarks:
                raise ParameterError(N_("chains and metamarks belong to actividad"))
            k = board.new_contingency((uid,), params.condition)
            return {"rune": uid, "from": here, "to": to, "contingency": k.id}
        if params.condition:
            raise ParameterError(
                N_("{what} belongs to a move to contingencia"), what=Named("--condition", N_("a condition"))
            )
        if params.metamarks and not params.chain:
            raise ParameterError(
                N_("metamarks are carried by a chain: give {what}"), what=Named("--chain", N_("the chain"))
            )
        board.move(uid, "actividad")
        result: dict[str, Any] = {"rune": uid, "from": here, "to": to}
        if params.chain:
            marks = [m.strip().lower() for m in params.metamarks if m.strip()]
            chain = board.join_chain(params.chain.strip(), uid, marks)
            result |= {"chain": chain.id, "metamarks": list(chain.metamarks)}
        return result


class DeclareParams(RulesModel):
    runes: list[str] = Field(
        min_length=1,
        max_length=MAX_HAND,
        title=N_("Runas (runes)"),
        description=N_("The runes in Mano the action uses."),
    )
    condition: str = Field(
        min_length=1, title=N_("Condición (condition)"), description=N_("The condition that sets the action off.")
    )


class DeclareAction(TreeAction):
    name: ClassVar[str] = "declare_contingency"
    title: ClassVar[str] = N_("Declare a contingency")
    summary: ClassVar[str] = N_("Put runes of Mano in Contingencia with the condition that sets them off.")
    Params: ClassVar[type[RulesModel]] = DeclareParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_active(N_("{character} is {status} and cannot declare a contingency"))
        units = tuple(dict.fromkeys(board.resolve(n) for n in params.runes))
        for uid in units:
            unit = board.unit(uid)
            if unit.pile != "mano" or unit.part_of is not None:
                raise RulesError(
                    N_("{rune} is not a loose rune in mano: {pile} → contingencia"),
                    rune=board.label(uid),
                    pile=unit.pile,
                )
        k = board.new_contingency(units, params.condition)
        return {"contingency": k.id, "runes": list(units), "condition": k.condition}


class ContingencyParams(RulesModel):
    contingency: str = Field(title=N_("Contingencia (contingency)"), description=N_("Which contingency (k1, k2...)."))


def _armed(board: Board, kid: str) -> str:
    key = kid.strip().lower()
    k = board.contingencies.get(key)
    if k is None:
        raise RulesError(N_("there is no contingency {contingency!r}"), contingency=kid)
    if k.state != "armed":
        if k.state == "fired":
            raise RulesError(N_("contingency {key} has already fired"), key=key)
        raise RulesError(N_("contingency {key} has already expired"), key=key)
    return key


class TriggerAction(TreeAction):
    name: ClassVar[str] = "trigger_contingency"
    title: ClassVar[str] = N_("Fire a contingency")
    summary: ClassVar[str] = N_("The norn rules the condition met: the contingency's runes move to Actividad.")
    Params: ClassVar[type[RulesModel]] = ContingencyParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_alive()
        kid = _armed(board, params.contingency)
        k = board.contingencies[kid]
        for uid in k.units:
            board.move(uid, "actividad")
        board.contingencies[kid] = k.model_copy(update={"state": "fired"})
        return {"contingency": kid, "to_actividad": list(k.units)}


class CancelAction(TreeAction):
    name: ClassVar[str] = "cancel_contingency"
    title: ClassVar[str] = N_("Cancel a contingency")
    summary: ClassVar[str] = N_("Cancel an armed contingency: its runes go home.")
    Params: ClassVar[type[RulesModel]] = ContingencyParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        kid = _armed(board, params.contingency)
        returned = [r for uid in board.contingencies[kid].units for r in board.send_home(uid)]
        board.contingencies[kid] = board.contingencies[kid].model_copy(update={"state": "expired"})
        return {"contingency": kid, "returned": returned}


class SacrificeParams(RulesModel):
    rune: str = Field(title=N_("Runa (rune)"), description=N_("The rune offered."))


class SacrificeAction(TreeAction):
    name: ClassVar[str] = "sacrifice"
    title: ClassVar[str] = N_("Sacrifice")
    summary: ClassVar[str] = N_(
        "Sacrifice: the excerpt names this rule but never gives it, so the norn moves the runes by hand."
    )
    Params: ClassVar[type[RulesModel]] = SacrificeParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.resolve(params.rune) == VOID_ID:
            raise RulesError(N_("the Void rune can never be used in a Sacrifice"))
        raise RulesError(N_("the Sacrifice rule is not in the excerpt; the norn moves the runes by hand"))


class CleanupAction(TreeAction):
    name: ClassVar[str] = "cleanup"
    title: ClassVar[str] = N_("Gather the runes")
    summary: ClassVar[str] = N_(
        "Out of combat: runes in Mano and Actividad go back to the bag, the Void rune to its pile."
    )
    Params: ClassVar[type[RulesModel]] = RulesModel

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        if board.combat is not None:
            raise RulesError(
                N_("in combat the runes are collected in the Collection phase ({how})"),
                how=Named("next_phase", N_("move on to the next phase")),
            )
        return {"returned": board.collect(("mano", "actividad"))}
