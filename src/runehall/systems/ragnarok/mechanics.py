"""Ragnarök's mechanics: the wyrd, the skill test and the opposed test, each giving its roll and exact odds.

The random part of every one is the wyrd: Destino runes drawn from the bag without replacement, whose
odds by trait are multivariate hypergeometric. The rest is resolution.py applied to the trait counts.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from runehall.chance.chance import Both, Chance
from runehall.chance.draws import BagDraw
from runehall.errors import Named, ParameterError, option_rule
from runehall.present.card import Card
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.ragnarok import roll_cards
from runehall.systems.ragnarok.bag import Bag, bag_tokens
from runehall.systems.ragnarok.limits import MAX_DESTINY, MAX_LEVEL
from runehall.systems.ragnarok.limits import MAX_DIFFICULTY as MAX_EPIC
from runehall.systems.ragnarok.options import RagnarokOptions
from runehall.systems.ragnarok.resolution import (
    TIER_CODE,
    OpposedOutcome,
    TestOutcome,
    matching_runes,
    opposed,
    tier_of,
)
from runehall.systems.ragnarok.rules import TRAITS, Trait, parse_trait, rules
from runehall.systems.ragnarok.speech import choice_label, said

Counts = tuple[int, ...]
MAX_DIFFICULTY = 5
INHERENT = Named("--inherent-modifier", N_("its inherent modifier"))
NEGATIVE_INHERENT = option_rule("allow_negative_inherent", N_("the table's rule on negative modifiers"))


def _trait_or_none(value: object) -> object:
    return None if value in (None, "", "none", "ninguno") else parse_trait(value)


class SideParams(RulesModel):
    """What one character brings to a test."""

    bag: Bag = Field(
        title=N_("Bolsa (bag)"),
        description=N_("The runes in the bag: counts per trait such as 4F,2M,1E, or the runes by name."),
    )
    destiny: int = Field(
        ge=0, le=MAX_DESTINY, title=N_("Destino (Destiny)"), description=N_("Destino: how many runes are drawn.")
    )
    void_trait: Trait | None = Field(
        None,
        title=N_("Runa del Vacío (Void rune trait)"),
        description=N_("The Void rune's trait (F, M or E); leave it empty without one."),
    )
    skill_level: int = Field(
        0,
        ge=0,
        le=MAX_LEVEL,
        title=N_("Nivel de habilidad (skill level)"),
        description=N_("L: the level of the skill used (0 without it)."),
    )
    divine_potency: int = Field(
        0,
        ge=0,
        le=MAX_LEVEL,
        title=N_("Potencia Divina (Divine Potency)"),
        description=N_("P: automatic successes of Divine Potency."),
    )
    transform: Literal["optimal", "none"] = Field(
        "optimal",
        title=N_("Transformación (transformation)"),
        description=N_("Transform the runes in the best way, or not at all."),
    )

    @field_validator("void_trait", mode="before")
    @classmethod
    def _void(cls, value: object) -> object:
        return _trait_or_none(value)


class SkillTestParams(SideParams):
    difficulty: int = Field(
        ge=0,
        le=MAX_EPIC,
        title=N_("Dificultad (difficulty)"),
        description=N_("Base difficulty: 0 Automática to 5 Improbable (above: epic feats)."),
    )
    inherent_modifier: int = Field(
        0,
        ge=-MAX_LEVEL,
        le=MAX_LEVEL,
        title=N_("Modificador inherente (inherent modifier)"),
        description=N_("The skill's inherent modifier (opening locks: +1)."),
    )
    required_trait: Trait = Field(
        title=N_("Rasgo requerido (required trait)"), description=N_("The trait the norn asks for (F, M or E).")
    )
    skill: str | None = Field(
        None, title=N_("Habilidad (skill)"), description=N_("A skill from the rules; it brings its inherent modifier.")
    )

    @field_validator("required_trait", mode="before")
    @classmethod
    def _trait(cls, value: object) -> object:
        return parse_trait(value)

    @model_validator(mode="before")
    @classmethod
    def _skill_modifier(cls, values: object) -> object:
        """A known skill given without a modifier brings its own: written into the parameters, so the stored
        roll holds the D it was resolved with and resolves the same when it is read again (verify)."""
        if isinstance(values, dict) and values.get("skill") and values.get("inherent_modifier") is None:
            known = rules().skill(str(values["skill"]))
            if known is not None:
                return {**values, "inherent_modifier": known.inherent_modifier}
        return values


def _no_wyrd(difficulty: int, options: RagnarokOptions) -> bool:
    """An Automatic test (D <= 0) succeeds without a wyrd unless option draw_on_automatic asks for one."""
    return difficulty <= 0 and not options.draw_on_automatic


def _draw_count(side: SideParams, options: RagnarokOptions, automatic: bool) -> int:
    if automatic and not options.draw_on_automatic:
        return 0
    if side.destiny > len(side.bag):
        if options.short_bag == "reject":
            raise ParameterError(
                N_("the bag holds {count} runes, fewer than Destino {destiny}"),
                count=len(side.bag),
                destiny=side.destiny,
            )
        return len(side.bag)  # a short bag is drawn whole
    return side.destiny


def _side_draw(side: SideParams, options: RagnarokOptions, automatic: bool = False) -> BagDraw:
    return BagDraw(bag_tokens(side.bag), _draw_count(side, options, automatic), TRAITS, what="bag")


def difficulty_of(params: SkillTestParams, options: RagnarokOptions) -> int:
    """D: base difficulty plus the inherent modifier, refusing what the options forbid (A-07, A-34)."""
    modifier = params.inherent_modifier
    if params.skill is not None and "inherent_modifier" not in params.model_fields_set:
        known = rules().skill(params.skill)
        if known is None:
            raise ParameterError(N_("unknown skill {skill!r}; give {what} instead"), skill=params.skill, what=INHERENT)
        modifier = known.inherent_modifier
    if modifier < 0 and not options.allow_negative_inherent:
        raise ParameterError(N_("inherent modifiers are 0 or more ({rule})"), rule=NEGATIVE_INHERENT)
    if params.difficulty > MAX_DIFFICULTY and params.divine_potency == 0 and options.epic_requires_dp:
        raise ParameterError(N_("a base difficulty above 5 is an epic feat: only with Divine Potency"))
    return params.difficulty + modifier


def side_matching(side: SideParams, options: RagnarokOptions, required: Trait, drawn: Counts) -> int:
    return matching_runes(drawn, side.void_trait, required, side.transform == "optimal", options.void_can_transform)


class SkillTest(Mechanic[SkillTestParams, Counts, TestOutcome]):
    name: ClassVar[str] = "test"
    title: ClassVar[str] = N_("Prueba de habilidad (skill test)")
    summary: ClassVar[str] = N_("Draw Destino runes plus the Void rune; R = D − L − P − K gives the tier.")
    Params: ClassVar[type[RulesModel]] = SkillTestParams
    choice_label = choice_label  # traits by name (speech.choice_label)
    manual_help: ClassVar[str] = N_("the runes drawn from the bag, by name (or F/M/E for a bag given by counts)")

    def chance(self, params: SkillTestParams, options: RulesModel) -> Chance[Any, Counts]:
        assert isinstance(options, RagnarokOptions)
        return _side_draw(params, options, automatic=difficulty_of(params, options) <= 0)

    def resolve(self, params: SkillTestParams, options: RulesModel, key: Counts) -> TestOutcome:
        return self.resolver(params, options)(key)

    def resolver(self, params: SkillTestParams, options: RulesModel) -> Callable[[Counts], TestOutcome]:
        assert isinstance(options, RagnarokOptions)
        # R = D - L - P - K: everything but K is fixed by the parameters, so subtract it once.
        difficulty = difficulty_of(params, options)
        before_runes = difficulty - params.skill_level - params.divine_potency
        # An Automatic test without a wyrd has no Hand: no rune is drawn and the Void rune does not join
        # it either, so K is 0 (rules doc §10.4).
        void = None if _no_wyrd(difficulty, options) else params.void_trait
        required = params.required_trait
        optimal, void_free = params.transform == "optimal", options.void_can_transform

        def resolve(key: Counts) -> TestOutcome:
            return tier_of(before_runes - matching_runes(key, void, required, optimal, void_free))

        return resolve

    def views(self) -> dict[str, Callable[[TestOutcome], Hashable]]:
        return {"tier": lambda o: o.tier, "extra_successes": lambda o: o.extra_successes}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"tier": list(TIER_CODE)}

    chart_view: ClassVar[str | None] = "tier"

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return roll_cards.test_label(view, value, words)

    def headline(self, odds: Odds[TestOutcome], words: Words) -> tuple[Headline, ...]:
        return roll_cards.test_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said(roll_cards.describe_test, self.title)(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        tier = rules().tier(
            {"exito": "SUCCESS", "exito_parcial": "PARTIAL", "exito_minimo": "MINIMAL"}.get(o["tier"], "FAILURE")
        )
        void = stored["params"].get("void_trait")
        hand = ", ".join(_rune_text(t["label"]) for t in stored["detail"]) or "no draw"
        extra = f", {o['extra_successes']} extra" if o["extra_successes"] else ""
        void_text = f" + Vacío ({void})" if void else ""
        return f"wyrd: {hand}{void_text} → R = {o['remaining']}: {tier.name} ({tier.name_en}){extra}"


def _rune_text(label: str) -> str:
    if label in TRAITS:
        return label
    rune = rules().rune(label)
    return f"{rune.glyph} {rune.name}"


class OpposedParams(RulesModel):
    a: SideParams = Field(
        title=N_("Bando A (side A)"), description=N_("Side A: bag, Destino, Void rune trait, skill level...")
    )
    b: SideParams = Field(title=N_("Bando B (side B)"), description=N_("Side B, the same fields."))
    required_trait: Trait = Field(
        title=N_("Rasgo requerido (required trait)"),
        description=N_("The trait both sides need (a side may be given its own)."),
    )
    a_trait: Trait | None = Field(
        None,
        title=N_("Rasgo del bando A (side A's trait)"),
        description=N_("Side A's own trait, if not the common one."),
    )
    b_trait: Trait | None = Field(
        None,
        title=N_("Rasgo del bando B (side B's trait)"),
        description=N_("Side B's own trait, if not the common one."),
    )

    @field_validator("required_trait", "a_trait", "b_trait", mode="before")
    @classmethod
    def _trait(cls, value: object) -> object:
        return _trait_or_none(value)


class OpposedTest(Mechanic[OpposedParams, tuple[Counts, Counts], OpposedOutcome]):
    name: ClassVar[str] = "opposed"
    title: ClassVar[str] = N_("Prueba opuesta (opposed test)")
    summary: ClassVar[str] = N_("Both sides draw; more successes (L + P + K) wins; on a tie the norn decides.")
    Params: ClassVar[type[RulesModel]] = OpposedParams
    choice_label = choice_label  # traits by name (speech.choice_label)
    manual_help: ClassVar[str] = N_("side A's runes, then side B's")

    def chance(self, params: OpposedParams, options: RulesModel) -> Chance[Any, tuple[Counts, Counts]]:
        assert isinstance(options, RagnarokOptions)
        return Both(_side_draw(params.a, options), _side_draw(params.b, options))

    def resolve(self, params: OpposedParams, options: RulesModel, key: tuple[Counts, Counts]) -> OpposedOutcome:
        assert isinstance(options, RagnarokOptions)
        sa = params.a.skill_level + params.a.divine_potency
        sb = params.b.skill_level + params.b.divine_potency
        sa += side_matching(params.a, options, params.a_trait or params.required_trait, key[0])
        sb += side_matching(params.b, options, params.b_trait or params.required_trait, key[1])
        winner = opposed([sa, sb])
        return OpposedOutcome("tie" if winner is None else "ab"[winner], sa, sb)  # type: ignore[arg-type]

    def views(self) -> dict[str, Callable[[OpposedOutcome], Hashable]]:
        return {"result": lambda o: o.result}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"result": ["a", "tie", "b"]}

    chart_view: ClassVar[str | None] = "result"

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return roll_cards.opposed_label(view, value, words)

    def headline(self, odds: Odds[OpposedOutcome], words: Words) -> tuple[Headline, ...]:
        return roll_cards.opposed_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said(roll_cards.describe_opposed, self.title)(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        a, b = stored["detail"]
        hand_a = ", ".join(_rune_text(t["label"]) for t in a) or "no draw"
        hand_b = ", ".join(_rune_text(t["label"]) for t in b) or "no draw"
        verdict = {"a": "A wins", "b": "B wins", "tie": "tie (the norn decides)"}[o["result"]]
        return f"A: {hand_a} ({o['a_successes']} successes) / B: {hand_b} ({o['b_successes']}) → {verdict}"


class WyrdParams(RulesModel):
    bag: Bag = Field(
        title=N_("Bolsa (bag)"),
        description=N_("The runes in the bag: counts per trait such as 4F,2M,1E, or the runes by name."),
    )
    destiny: int = Field(
        ge=0, le=MAX_DESTINY, title=N_("Destino (Destiny)"), description=N_("Destino: how many runes are drawn.")
    )


class Wyrd(Mechanic[WyrdParams, Counts, Counts]):
    name: ClassVar[str] = "wyrd"
    title: ClassVar[str] = N_("Wyrd (reveal your destiny)")
    summary: ClassVar[str] = N_("Draw Destino runes from the bag; the odds are of how many of each trait.")
    Params: ClassVar[type[RulesModel]] = WyrdParams
    manual_help: ClassVar[str] = N_("the runes drawn, by name (or F/M/E)")

    def chance(self, params: WyrdParams, options: RulesModel) -> Chance[Any, Counts]:
        assert isinstance(options, RagnarokOptions)
        side = SideParams(bag=params.bag, destiny=params.destiny)
        return _side_draw(side, options)

    def resolve(self, params: WyrdParams, options: RulesModel, key: Counts) -> Counts:
        return key

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return roll_cards.wyrd_label(view, value, words)

    def headline(self, odds: Odds[Counts], words: Words) -> tuple[Headline, ...]:
        return roll_cards.wyrd_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said(roll_cards.describe_wyrd, self.title)(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        f, m, e = stored["outcome"]
        hand = ", ".join(_rune_text(t["label"]) for t in stored["detail"]) or "nothing"
        return f"wyrd: {hand} ({f} F, {m} M, {e} E)"
