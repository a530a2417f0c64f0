"""Rune's mechanics: a roll against a Difficulty, a contest of two or of three or more, and one attack's damage,
with exact odds.

Results far out in the explosion tails are grouped as "at least" / "at most" outcomes whose exact
probability comes from the closed forms in stress.py: every table of odds sums to exactly 1.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal, NamedTuple, cast

from pydantic import Field, StringConstraints, model_validator

from runehall.chance.chance import Chance
from runehall.errors import Invalid, Named, ParameterError, Refusal, RulesError, option_rule, typed_only
from runehall.present.card import Card
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words, words_for
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.rune.contests import ContestOfMany, Entrant, Rule, Tie
from runehall.systems.rune.gear import played_weapon
from runehall.systems.rune.rules import rules
from runehall.systems.rune.speech import rolls as said
from runehall.systems.rune.stress import BandedStress, StressDifference, beyond

PACKAGE = "runehall.systems.rune"
BAND = 60  # results within this many of the target are shown one by one; beyond, as one tail each
LACKING_ABILITY = 3
LACKING_EQUIPMENT = 2


class Modifiers(RulesModel):
    """What is added to one side's roll (spec 001a §2.3-§2.4)."""

    bonus: int = Field(0, ge=-30, le=60, description="Characteristic + Ability (+ Gift), or a combat score.")
    increases: int = Field(0, ge=0, le=30, description="Increases granted by the situation.")
    decreases: int = Field(0, ge=0, le=30, description="Decreases from the situation or encumbrance.")
    impairment: int = Field(0, ge=0, le=10, description="Impairment: -1 a point on every roll.")
    invigoration: int = Field(0, ge=0, le=10, description="Invigoration: cancels Impairment one for one.")
    lacking_ability: bool = Field(False, description="Using an Ability one lacks: -3.")
    lacking_equipment: bool = Field(False, description="Without the Ability's equipment: -2.")

    @property
    def total(self) -> int:
        impaired = max(0, self.impairment - self.invigoration)
        lacking = LACKING_ABILITY * self.lacking_ability + LACKING_EQUIPMENT * self.lacking_equipment
        return self.bonus + self.increases - self.decreases - impaired - lacking


def botch_band(target: int) -> tuple[int, int]:
    """The band of single results for a roll that may botch: around the target, and always reaching 0, so
    that a tail of the odds never mixes botches (results below 0) with ordinary results. Whether a roll
    botches is its first face, however far the target is."""
    return min(target - BAND, 0), max(target + BAND, 0)


# -- a roll against a Difficulty ---------------------------------------------------------------------------
class RollParams(Modifiers):
    difficulty: int = Field(6, ge=0, le=60, description="3 Very Easy, 6 Average, 9 Tough, 12 Very Tough, 15+.")
    quality: bool = Field(False, description="A quality roll (a healer treating someone else): no botch.")
    secret: bool = Field(False, description="The runner rolls it in secret (Awareness...), if the table hides them.")


class RollResult(NamedTuple):
    success: bool
    botch: bool
    margin: int
    beyond: int  # -1: this margin or less; 1: this margin or more; 0: exactly


class Roll(Mechanic[RollParams, int, RollResult]):
    name: ClassVar[str] = "roll"
    title: ClassVar[str] = N_("Stress roll against a Difficulty")
    summary: ClassVar[str] = N_("d10 + bonus ≥ Difficulty; a 10 rolls on and adds, a first 1 is a botch.")
    chart_view: ClassVar[str | None] = "result"
    Params: ClassVar[type[RulesModel]] = RollParams
    manual_help: ClassVar[str] = N_("the d10 faces in order (after a 10 or a first 1, the extra dice too)")

    def secret(self, params: RollParams) -> bool:
        return params.secret

    def chance(self, params: RollParams, options: RulesModel) -> Chance[Any, int]:
        if params.secret and not getattr(options, "hidden_rolls", True):
            raise RulesError(
                N_("this table rolls every check in the open ({rule})"),
                rule=option_rule("hidden_rolls", N_("the table's rules")),
            )
        low, high = botch_band(params.difficulty - params.total)
        return BandedStress(low, high, botch=not params.quality)

    def resolve(self, params: RollParams, options: RulesModel, key: int) -> RollResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: RollParams, options: RulesModel) -> Callable[[int], RollResult]:
        target = params.difficulty - params.total

        def result(key: int) -> RollResult:
            margin = key - target
            return RollResult(margin >= 0, key < 0 and not params.quality, margin, beyond(key))

        return result

    def views(self) -> dict[str, Callable[[RollResult], Hashable]]:
        return {"success": lambda r: r.success, "botch": lambda r: r.botch, "result": said.roll_tier}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"success": [True, False], "botch": [True, False], "result": list(said.TIERS)}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return said.roll_label(view, value, words)

    def headline(self, odds: Odds[RollResult], words: Words) -> tuple[Headline, ...]:
        return said.roll_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said.roll_card(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        o = stored["outcome"]
        faces = [draw[1] for draw in stored["tape"]]
        botch = " — botch" if o["botch"] else ""
        secret = "the runner's secret " if stored.get("params", {}).get("secret") else ""
        return f"{secret}stress roll {faces}: margin {o['margin']}, {'success' if o['success'] else 'failure'}{botch}"


# -- a contest ---------------------------------------------------------------------------------------------
class ContestParams(RulesModel):
    a: Modifiers = Field(description="Side A's modifiers (JSON or @file): bonus, impairment...")
    b: Modifiers = Field(description="Side B's modifiers.")
    a_hero: bool = Field(True, description="Side A is a hero (heroes win ties against supporting characters).")
    b_hero: bool = Field(False, description="Side B is a hero.")


class ContestResult(NamedTuple):
    winner: Literal["a", "b"]
    degree: int  # how far the winner's total beat the loser's
    beyond: int


class Contest(Mechanic[ContestParams, int, ContestResult]):
    name: ClassVar[str] = "contest"
    title: ClassVar[str] = N_("Contest (opposed rolls)")
    summary: ClassVar[str] = N_("One roll each, the higher total wins; a hero beats a supporting character on a tie.")
    chart_view: ClassVar[str | None] = "winner"
    Params: ClassVar[type[RulesModel]] = ContestParams
    manual_help: ClassVar[str] = N_("A's d10 faces, then B's (again for each reroll of a tie)")

    def chance(self, params: ContestParams, options: RulesModel) -> Chance[Any, int]:
        tie = params.b.total - params.a.total  # the raw difference X - Y that gives equal totals
        reroll = tie if params.a_hero == params.b_hero else None  # equals reroll among themselves
        return StressDifference(tie - BAND, tie + BAND, reroll_on=reroll)

    def resolve(self, params: ContestParams, options: RulesModel, key: int) -> ContestResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: ContestParams, options: RulesModel) -> Callable[[int], ContestResult]:
        tie = params.b.total - params.a.total

        def result(key: int) -> ContestResult:
            lead = key - tie  # A's total minus B's
            tail = beyond(key)
            if lead > 0 or (lead == 0 and params.a_hero):
                return ContestResult("a", lead, tail)
            return ContestResult("b", -lead, -tail)

        return result

    def views(self) -> dict[str, Callable[[ContestResult], Hashable]]:
        return {"winner": lambda r: r.winner}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return said.contest_label(view, value, words)

    def headline(self, odds: Odds[ContestResult], words: Words) -> tuple[Headline, ...]:
        return said.contest_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said.contest_card(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        return said.plain(said.contest_card(stored, words_for("en", "rune"), ""), "contest")


# -- a contest of three or more ----------------------------------------------------------------------------
MIN_SIDES, MAX_SIDES = 3, 8
SideName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


class ContestSide(Modifiers):
    """One side of a contest of three or more: a name, hero or not, and the modifiers of a contest's side."""

    name: SideName = Field(description="Who rolls (each side a different name).")
    hero: bool = Field(False, description="A hero (takes a tie from supporting characters), or not.")

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: Any) -> Any:
        """NAME:BONUS or NAME:BONUS:hero (the form the CLI's comma list and the web's list field give)."""
        if not isinstance(value, str):
            return value
        parts = [p.strip() for p in value.split(":")]
        if len(parts) not in (2, 3) or parts[2:] not in ([], ["hero"], ["supporting"]):
            raise Invalid(N_("{value!r}: write NAME:BONUS or NAME:BONUS:hero"), value=value)
        try:
            bonus = int(parts[1])
        except ValueError:
            raise Invalid(N_("{value!r}: the bonus must be a whole number"), value=value) from None
        return {"name": parts[0], "bonus": bonus, "hero": parts[2:] == ["hero"]}


class ContestManyParams(RulesModel):
    sides: tuple[ContestSide, ...] = Field(
        min_length=MIN_SIDES,
        max_length=MAX_SIDES,
        description=(
            f"{MIN_SIDES} to {MAX_SIDES} sides, comma-separated, each NAME:BONUS or NAME:BONUS:hero; or a JSON list "
            "of objects with name, hero and a contest side's modifiers (bonus, impairment...)."
        ),
    )

    @model_validator(mode="after")
    def _named_once(self) -> ContestManyParams:
        names = [s.name for s in self.sides]
        if len(set(names)) != len(names):
            raise Invalid(N_("each side needs its own name"))
        return self


class ContestManyResult(NamedTuple):
    winner: str
    tie: Tie  # how the first roll ended: no tie at the top, a hero took the tie, or the tied rolled again


TIE_TEXT: dict[str, str] = {
    "none": "no tie at the top",
    "hero_wins": "a hero takes a tie with supporting characters",
    "reroll": "tied at the top: rolled again",
}


class ContestMany(Mechanic[ContestManyParams, tuple[str, Tie], ContestManyResult]):
    name: ClassVar[str] = "contest_many"
    title: ClassVar[str] = N_("Contest of three or more")
    summary: ClassVar[str] = N_(
        "Everyone rolls, the highest total wins; a tie at the top goes to a lone hero or is rolled again by the tied."
    )
    chart_view: ClassVar[str | None] = "winner"
    Params: ClassVar[type[RulesModel]] = ContestManyParams
    manual_help: ClassVar[str] = N_(
        "each side's d10 faces in order (a 10 or first 1 with its extra dice), then rerolls"
    )

    def chance(self, params: ContestManyParams, options: RulesModel) -> Chance[Any, tuple[str, Tie]]:
        rule = cast(Rule, getattr(options, "multi_contest_ties", "two_party_rules"))
        return ContestOfMany(tuple(Entrant(s.name, s.total, s.hero) for s in params.sides), rule)

    def resolve(self, params: ContestManyParams, options: RulesModel, key: tuple[str, Tie]) -> ContestManyResult:
        return ContestManyResult(*key)

    def views(self) -> dict[str, Callable[[ContestManyResult], Hashable]]:
        return {"winner": lambda r: r.winner, "tie": lambda r: r.tie}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"tie": list(TIE_TEXT)}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return said.many_label(view, value, words)

    def headline(self, odds: Odds[ContestManyResult], words: Words) -> tuple[Headline, ...]:
        return said.many_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said.many_card(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        rounds, outcome = stored["detail"], stored["outcome"]

        def side(s: Mapping[str, Any]) -> str:
            margin = s["margin"]
            return f"{s['side']} {s['total']} (roll {s['roll']}, {'+' if margin > 0 else ''}{margin})"

        shown = [", ".join(side(s) for s in rounds[0])]
        shown += [f"again {', '.join(side(s) for s in r)}" for r in rounds[1:]]
        winner = outcome["winner"]
        last = next(s for s in rounds[-1] if s["side"] == winner)
        if outcome["tie"] == "hero_wins":
            end = f"{winner} wins the tie at {last['total']}, the only hero in it"
        else:
            end = f"{winner} wins by {last['margin']}"
        return f"contest of {len(rounds[0])}: {'; '.join(shown)} — {end}"


# -- one attack --------------------------------------------------------------------------------------------
class AttackParams(RulesModel):
    attack: Modifiers = Field(description="The attacker's ATK total and modifiers (JSON or @file).")
    defence: Modifiers | None = Field(None, description="The defender's DFN, rolled (melee, or a dodged missile).")
    difficulty: int | None = Field(None, ge=0, le=60, description="Instead of a defence roll: a missile's Difficulty.")
    dam: int | None = Field(None, ge=0, le=60, description="The weapon's DAM (Str included where it counts).")
    weapon: str | None = Field(None, description="A weapon from the rules data, for its DAM (plus Strength).")
    strength: int = Field(0, ge=-3, le=10, description="The attacker's Str, added to a melee or thrown weapon's DAM.")
    soak: int = Field(0, ge=0, le=60, description="The defender's Soak (Sta + armour).")
    wound_threshold: int = Field(ge=1, le=60, description="The defender's Wound Threshold.")

    @model_validator(mode="after")
    def _one_defence(self) -> AttackParams:
        if (self.defence is None) == (self.difficulty is None):
            raise Invalid(
                N_("give either a defence roll{defence} or a Difficulty{difficulty}"),
                defence=typed_only(" (--defence)"),
                difficulty=typed_only(" (--difficulty)"),
            )
        if (self.dam is None) == (self.weapon is None):
            raise Invalid(
                N_("give either {dam} or {weapon}"),
                dam=Named("--dam", N_("a DAM")),
                weapon=Named("--weapon", N_("a weapon")),
            )
        return self

    def damage_rating(self, options: RulesModel) -> int:
        """--dam, or the weapon's DAM as this table plays it (options short_bow_dam, weapon_overrides)."""
        if self.dam is not None:
            return self.dam
        weapon = played_weapon(str(rules().find("weapon", str(self.weapon)) or self.weapon), options)
        if weapon is None:
            raise ParameterError(N_("unknown weapon {weapon!r}"), weapon=self.weapon)
        if not isinstance(weapon.dam, int):
            raise ParameterError(
                N_("the DAM of the {weapon} is {dam} (the book's table lost it): give {what}"),
                weapon=Refusal(weapon.name),
                dam=weapon.dam,
                what=Named(
                    N_("--dam, or fill it in with option weapon_overrides (e.g. {id}.dam=...)"),
                    N_("its DAM, or fill it in among the table's options"),
                    {"id": weapon.id},
                ),
            )
        adds_strength = weapon.kind in ("melee", "thrown", "brawling")
        return weapon.dam + (self.strength if adds_strength else 0)


class AttackResult(NamedTuple):
    hit: bool
    damage: int
    wounds: int
    beyond: int


class Attack(Mechanic[AttackParams, int, AttackResult]):
    name: ClassVar[str] = "attack"
    title: ClassVar[str] = N_("One attack's damage")
    summary: ClassVar[str] = N_(
        "Margin = ATK roll - DFN roll (or Difficulty); damage = margin + DAM - Soak; wounds per WT."
    )
    chart_view: ClassVar[str | None] = "wounds"
    Params: ClassVar[type[RulesModel]] = AttackParams
    manual_help: ClassVar[str] = N_("the attacker's d10 faces, then the defender's")

    def _target(self, params: AttackParams) -> int:
        defence = params.defence.total if params.defence is not None else params.difficulty
        return int(defence or 0) - params.attack.total

    def chance(self, params: AttackParams, options: RulesModel) -> Chance[Any, int]:
        target = self._target(params)
        params.damage_rating(options)  # an unknown DAM is refused before anything is rolled
        if params.defence is None:
            return BandedStress(target - BAND, target + BAND)
        return StressDifference(target - BAND, target + BAND)

    def resolve(self, params: AttackParams, options: RulesModel, key: int) -> AttackResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: AttackParams, options: RulesModel) -> Callable[[int], AttackResult]:
        target, dam = self._target(params), params.damage_rating(options)
        threshold = params.wound_threshold

        def result(key: int) -> AttackResult:
            margin = key - target  # a tie hits
            if margin < 0:
                return AttackResult(False, 0, 0, 0)
            damage = max(0, margin + dam - params.soak)
            return AttackResult(True, damage, damage // threshold, beyond(key))

        return result

    def views(self) -> dict[str, Callable[[AttackResult], Hashable]]:
        return {"hit": lambda r: r.hit, "wounds": lambda r: (r.wounds, r.beyond == 1)}

    def view_orders(self) -> dict[str, Sequence[Any]]:
        return {"hit": [True, False], "wounds": said.WOUND_ORDER}

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return said.attack_label(view, value, words)

    def headline(self, odds: Odds[AttackResult], words: Words) -> tuple[Headline, ...]:
        return said.attack_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return said.attack_card(stored, words, who)

    def render(self, stored: Mapping[str, Any]) -> str:
        return said.plain(said.attack_card(stored, words_for("en", "rune"), ""), "attack")
