"""Midgard's mechanics: a cast, an opposed cast and a contested cast, each giving its roll and exact odds.

The random part is a pool of d8 counted into the six categories of Table 8: a multinomial distribution
over count vectors. Everything else is cast.py applied to the counts, with the player's allocation by Rule
SFG and the GM's Merkstave by policy A-20. The options that change a cast (CastRules: face_2,
future_cap_all_sources, future_on_failure, merkstave_policy, speed_clamped) reach the roll and the odds
through the same pool and resolver, as they reach the combat tracker.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import Field, model_validator

from runehall.chance.chance import Both, Chance, Mapped
from runehall.errors import Invalid
from runehall.present.card import Card
from runehall.present.odds import Headline
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import Mechanic, Odds, RulesModel
from runehall.systems.midgard.cast import (
    EXHAUSTION_MERKSTAVE,
    FUTURE_CAP,
    CastOutcome,
    CastRules,
    Goal,
    Stones,
    gm_spends,
    speed,
    time_taken,
)
from runehall.systems.midgard.cast_odds import CastRoll, RunePool
from runehall.systems.midgard.limits import MAX_DICE
from runehall.systems.midgard.speech import rolls

Counts = tuple[int, ...]


class Caster(RulesModel):
    """One character's side of a cast: the dice, the skill and what is already on the stones."""

    rune: int = Field(ge=0, le=MAX_DICE, title="God rune", description="The god rune's value: d8 rolled.")
    wyrd: int = Field(0, ge=0, le=MAX_DICE, title="Wyrð spent", description="Wyrð spent on bonus dice.")
    dice_bonus: int = Field(0, ge=0, le=MAX_DICE, description="Bonus dice from gifts.")
    legend: int | None = Field(None, ge=0, le=10, description="Legend score: Wyrð spent is at most 2 + legend.")
    skill: int = Field(0, ge=0, le=20, description="Skill ranks plus skill bonuses: free Cast Runes tokens.")
    wound_merkstave: int = Field(0, ge=0, le=4, description="Merkstave from the wound rank (0-4).")
    merkstave: int = Field(0, ge=0, le=20, description="Other Merkstave penalties (environment, gifts...).")
    past_bonus: int = Field(0, ge=0, le=20, description="Tokens already on Past (carry-over).")
    outcome_bonus: int = Field(0, ge=0, le=20, description="Tokens already on Outcome (berserk levels).")
    future_bonus: int = Field(0, ge=0, le=20, description="Tokens already on Future (surprise).")
    exhausted: bool = Field(False, description="At 0 Wyrð: no dice, and Merkstave at least 4.")

    @model_validator(mode="after")
    def _cap(self) -> Caster:
        if self.legend is not None and self.wyrd > 2 + self.legend:
            raise Invalid(N_("at most {most} Wyrð may be spent on one cast (2 + legend score)"), most=2 + self.legend)
        if self.exhausted and self.wyrd:
            raise Invalid(N_("an exhausted character has no Wyrð to spend"))
        if self.dice > MAX_DICE:
            raise Invalid(N_("at most {max_dice} dice in one cast"), max_dice=MAX_DICE)
        return self

    @property
    def dice(self) -> int:
        return 0 if self.exhausted else self.rune + self.wyrd + self.dice_bonus

    def stones(self) -> Stones:
        wounds = max(self.wound_merkstave, EXHAUSTION_MERKSTAVE) if self.exhausted else self.wound_merkstave
        return Stones(
            skill=self.skill,
            past=self.past_bonus,
            outcome=self.outcome_bonus,
            future=self.future_bonus,
            merkstave=wounds + self.merkstave,
        )

    def pool(self, face_2: str = "blank") -> RunePool:
        return RunePool(self.dice, face_2)


class CastParams(Caster):
    difficulty: int = Field(
        ge=0, le=30, title="Difficulty", description="1 Easy, 2 Average, 3 Tricky, 4 Difficult, 6 Legendary."
    )
    goal: Goal = Field("margin", description="Spare tokens: margin (Outcome), speed (Future), or succeed only.")
    simple: bool = Field(False, description="Only success counts (Outcome does nothing).")
    instant: bool = Field(False, description="Takes no time (Future does nothing).")
    time: Literal["quick", "short", "medium", "long", "day", "week"] | None = Field(
        None, description="Action time (Table 7), for how long it takes."
    )
    speed: int | None = Field(None, ge=0, le=30, description="Base action speed, in combat.")


class CastResult(NamedTuple):
    success: bool
    margin: int
    future: int
    merkstave: int
    next_attack: int | None  # None: the GM spends the Merkstave left by hand (option merkstave_policy ask_gm)
    seconds: int | None
    speed: int | None


class Cast(Mechanic[CastParams, CastOutcome, CastResult]):
    name: ClassVar[str] = "cast"
    title: ClassVar[str] = N_("Cast (d8 runes)")
    summary: ClassVar[str] = N_(
        "Roll god rune + Wyrð d8; Past ≥ difficulty succeeds, Outcome is the margin, Future the speed."
    )
    Params: ClassVar[type[RulesModel]] = CastParams
    manual_help: ClassVar[str] = "the d8 faces rolled, e.g. 6,3,1"

    def chance(self, params: CastParams, options: RulesModel) -> Chance[Any, CastOutcome]:
        # The key is the cast's outcome (the rule applied to the counts), whose odds cast_odds sums fast.
        stones, difficulty = params.stones(), params.difficulty + _strict(options)
        rules = CastRules.of(options)
        return CastRoll(params.dice, stones, difficulty, params.goal, params.simple, params.instant, rules)

    def resolve(self, params: CastParams, options: RulesModel, key: CastOutcome) -> CastResult:
        return self.resolver(params, options)(key)

    def resolver(self, params: CastParams, options: RulesModel) -> Callable[[CastOutcome], CastResult]:
        time, base_speed = params.time, params.speed
        rules = CastRules.of(options)

        def result(o: CastOutcome) -> CastResult:
            seconds = time_taken(o, time) if time else None
            final_speed = speed(o, base_speed, rules.speed_clamped) if base_speed is not None else None
            next_attack = None if rules.by_hand else o.next_attack
            return CastResult(o.success, o.margin, o.future, o.merkstave, next_attack, seconds, final_speed)

        return result

    def views(self) -> dict[str, Callable[[CastResult], Hashable]]:
        return {
            "success": lambda r: r.success,
            "margin": lambda r: r.margin if r.success else None,
            "future": lambda r: r.future if r.success else None,
            "merkstave": lambda r: r.merkstave,
        }

    def view_orders(self) -> dict[str, Sequence[Any]]:
        futures = range(FUTURE_CAP + 21)  # beyond the cap: fixed tokens under future_cap_all_sources off
        # Best first: the odds chart's "at least" columns read from here.
        return {"success": [True, False], "margin": [*range(39, -1, -1), None], "future": [*reversed(futures), None]}

    chart_view: ClassVar[str | None] = "margin"

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return rolls.cast_label(view, value, words)

    def headline(self, odds: Odds[CastResult], words: Words) -> tuple[Headline, ...]:
        return rolls.cast_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return rolls.describe_cast(stored, words, who)


# -- two sides -----------------------------------------------------------------------------------------
class Side(NamedTuple):
    """What decides an opposed cast for one side: the Past it can reach, and its tokens."""

    max_past: int
    past: int
    outcome: int
    merkstave: int
    free: int


def _side(caster: Caster) -> Callable[[Counts], Side]:
    stones = caster.stones()

    def summary(counts: Counts) -> Side:
        m, _, p, _, o, c = counts
        free = c + stones.skill
        past = p + stones.past
        return Side(past + free, past, o + stones.outcome, m + stones.merkstave, free)

    return summary


def _opposed_play(me: Side, rival_max: int, by_hand: bool) -> tuple[int, int, int]:
    """Past, Outcome and Merkstave left with the dice in view (spec §15.2): win outright with the fewest
    tokens when possible, the rest cancelling Merkstave then on Outcome; otherwise everything on Past.
    The automated GM then takes the Merkstave off the Outcome (policy A-20: an opposed cast has no
    Future); under option merkstave_policy ask_gm the Outcome stays whole and the Merkstave is left."""
    if me.max_past > rival_max:
        on_past = max(0, rival_max + 1 - me.past)
        rest = me.free - on_past
        cancel = min(rest, me.merkstave)
        past, outcome, left = me.past + on_past, me.outcome + rest - cancel, me.merkstave - cancel
    else:
        past, outcome, left = me.max_past, me.outcome, me.merkstave
    if by_hand:
        return past, outcome, left
    return past, gm_spends(left, outcome, 0)[0], 0


def _strict(options: RulesModel) -> int:
    """Option success_comparison gt: Past must exceed the difficulty, i.e. reach one more (A-03)."""
    return 1 if getattr(options, "success_comparison", "ge") == "gt" else 0


class OpposedParams(RulesModel):
    a: Caster = Field(description="The acting side (JSON or @file): rune, wyrd, skill, merkstave...")
    b: Caster = Field(description="The resisting side, the same fields.")
    resisting: Literal["a", "b"] = Field("b", description="Who wins a complete tie.")


class OpposedResult(NamedTuple):
    winner: Literal["a", "b", "recast"]
    a_past: int
    b_past: int
    margin: int  # the winner's Outcome, net of their Merkstave


class OpposedLeft(NamedTuple):
    """An opposed cast under option merkstave_policy ask_gm: the winner's whole Outcome, and the Merkstave
    the winner has left for the GM to spend by hand. (A type of its own, so that the stored outcome of a
    cast under the default keeps its shape and old fair rolls still verify.)"""

    winner: Literal["a", "b", "recast"]
    a_past: int
    b_past: int
    margin: int
    merkstave: int


class Opposed(Mechanic[OpposedParams, tuple[Side, Side], OpposedResult | OpposedLeft]):
    name: ClassVar[str] = "opposed"
    title: ClassVar[str] = N_("Opposed cast")
    summary: ClassVar[str] = N_(
        "Both sides cast in secret; the higher Past wins, then Outcome, then the resisting side."
    )
    Params: ClassVar[type[RulesModel]] = OpposedParams
    manual_help: ClassVar[str] = "side A's d8 faces, then side B's"

    def chance(self, params: OpposedParams, options: RulesModel) -> Chance[Any, tuple[Side, Side]]:
        face_2 = CastRules.of(options).face_2
        a, b = params.a, params.b
        return Both(Mapped(a.pool(face_2), _side(a)), Mapped(b.pool(face_2), _side(b)))

    def resolve(
        self, params: OpposedParams, options: RulesModel, key: tuple[Side, Side]
    ) -> OpposedResult | OpposedLeft:
        return self.resolver(params, options)(key)

    def resolver(
        self, params: OpposedParams, options: RulesModel
    ) -> Callable[[tuple[Side, Side]], OpposedResult | OpposedLeft]:
        by_hand = CastRules.of(options).by_hand
        tie = getattr(options, "opposed_tie", "outcome_then_status_quo")
        resisting = params.resisting

        def result(key: tuple[Side, Side]) -> OpposedResult | OpposedLeft:
            a, b = key
            a_past, a_out, a_left = _opposed_play(a, b.max_past, by_hand)
            b_past, b_out, b_left = _opposed_play(b, a.max_past, by_hand)
            if a_past != b_past:
                winner: Literal["a", "b", "recast"] = "a" if a_past > b_past else "b"
            elif tie == "recast":
                winner = "recast"  # option opposed_tie: a tie on Past is cast again
            elif a_out != b_out and tie == "outcome_then_status_quo":
                winner = "a" if a_out > b_out else "b"
            else:
                winner = resisting
            margin = a_out if winner == "a" else b_out if winner == "b" else 0
            if by_hand:
                left = a_left if winner == "a" else b_left if winner == "b" else 0
                return OpposedLeft(winner, a_past, b_past, margin, left)
            return OpposedResult(winner, a_past, b_past, margin)

        return result

    def views(self) -> dict[str, Callable[[OpposedResult | OpposedLeft], Hashable]]:
        return {"winner": lambda r: r.winner, "margin": lambda r: r.margin}

    chart_view: ClassVar[str | None] = "winner"

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return rolls.opposed_label(view, value, words)

    def headline(self, odds: Odds[OpposedResult | OpposedLeft], words: Words) -> tuple[Headline, ...]:
        return rolls.opposed_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return rolls.describe_opposed(stored, words, who)


class ContestSide(Caster):
    difficulty: int = Field(ge=0, le=30, description="This side's own difficulty (an attack: the target's Defence).")
    base_speed: int = Field(ge=0, le=30, description="The action's base speed (lower acts first).")
    goal: Goal = Field("speed", description="Spare tokens to speed (Future) or margin (Outcome).")


class ContestedParams(RulesModel):
    a: ContestSide = Field(description="The attacker, or the side acting (JSON or @file).")
    b: ContestSide = Field(description="The defender, or the status quo.")


class Contest(NamedTuple):
    success: bool
    speed: int
    margin: int


class ContestLeft(NamedTuple):
    """One side of a contested cast under option merkstave_policy ask_gm: its whole speed and margin, and
    the Merkstave it has left for the GM to spend by hand (a type of its own, as OpposedLeft)."""

    success: bool
    speed: int
    margin: int
    merkstave: int


ContestKey = Contest | ContestLeft


class ContestedResult(NamedTuple):
    winner: Literal["a", "b", "neither", "both"]
    a: ContestKey
    b: ContestKey


def _contest(side: ContestSide, strict: int, rules: CastRules) -> Chance[Any, ContestKey]:
    """One side's cast (CastRoll: its roll and exact odds under the options), keyed by what decides."""
    roll = CastRoll(side.dice, side.stones(), side.difficulty + strict, side.goal, False, False, rules)
    base, clamped, by_hand = side.base_speed, rules.speed_clamped, rules.by_hand

    def contest(o: CastOutcome) -> ContestKey:
        if by_hand:
            return ContestLeft(o.success, speed(o, base, clamped), o.margin, o.merkstave)
        return Contest(o.success, speed(o, base, clamped), o.margin)

    return Mapped(roll, contest)


class Contested(Mechanic[ContestedParams, tuple[ContestKey, ContestKey], ContestedResult]):
    name: ClassVar[str] = "contested"
    title: ClassVar[str] = N_("Contested cast")
    summary: ClassVar[str] = N_(  # ties as A-22 reads them: the larger margin, then the defender
        "Each side against its own difficulty; of those who succeed the faster wins, then the larger margin."
    )
    Params: ClassVar[type[RulesModel]] = ContestedParams
    manual_help: ClassVar[str] = "side A's d8 faces, then side B's"

    def chance(self, params: ContestedParams, options: RulesModel) -> Chance[Any, tuple[ContestKey, ContestKey]]:
        strict, rules = _strict(options), CastRules.of(options)
        return Both(_contest(params.a, strict, rules), _contest(params.b, strict, rules))

    def resolve(
        self, params: ContestedParams, options: RulesModel, key: tuple[ContestKey, ContestKey]
    ) -> ContestedResult:
        a, b = key
        if not a.success and not b.success:
            return ContestedResult("neither", a, b)
        if a.success != b.success:
            return ContestedResult("a" if a.success else "b", a, b)
        if a.speed != b.speed:
            return ContestedResult("a" if a.speed < b.speed else "b", a, b)
        if a.margin != b.margin:
            return ContestedResult("a" if a.margin > b.margin else "b", a, b)
        if getattr(options, "contested_tie", "defender") == "simultaneous":
            return ContestedResult("both", a, b)  # option contested_tie: both happen at once
        return ContestedResult("b", a, b)  # equal margins: the defender

    def views(self) -> dict[str, Callable[[ContestedResult], Hashable]]:
        return {"winner": lambda r: r.winner}

    chart_view: ClassVar[str | None] = "winner"

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        return rolls.contested_label(view, value, words)

    def headline(self, odds: Odds[ContestedResult], words: Words) -> tuple[Headline, ...]:
        return rolls.contested_headline(odds, words)

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        return rolls.describe_contested(stored, words, who)
