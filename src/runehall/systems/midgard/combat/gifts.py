"""Rune gifts on a cast in combat (spec 003 §5): which gifts a combatant holds, what a use costs, and
what it does before the roll (dice, skill bonus, difficulty, skill), to the sorted tokens (stone tokens,
moving or turning Merkstave), after the distribution (Patient Reward, carry-overs), or later, when the
attack hits or is blocked ("armed" uses, paid only then).

A gift named on the wrong action, for a cast it does not fit, or without the Wyrð to pay is refused with
a RulesError before any die is drawn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from runehall.errors import Named, RulesError, typed_only
from runehall.present.words import N_
from runehall.systems.midgard.cast import future_tokens
from runehall.systems.midgard.combat import asks
from runehall.systems.midgard.combat.combatant import Combatant, skill_name, skill_ranks, skill_rune
from runehall.systems.midgard.combat.effects import Effect
from runehall.systems.midgard.combat.settings import midgard_options
from runehall.systems.midgard.combat.state import Tokens
from runehall.systems.midgard.gift_runes import GiftDef
from runehall.systems.midgard.gift_use import Use, amount, effect, held_choice, holder_env, parse_use, use_cost
from runehall.systems.midgard.records import book_name

BEFORE = "before_roll"
AFTER = "after_roll"
SETTLE = "after_distribution"
ARMED = ("on_hit", "on_blocked")
ELSEWHERE = {  # where a gift not used on a cast is used instead (a template with {gift})
    "own_action": N_("{gift} is not used here: declare it as an action{how}"),
    "round_start": N_("{gift} is not used here: use it at the start of a round{how}"),
    "reaction": N_("{gift} is not used here: use it when it is called for{how}"),
    "on_declare_defence": N_("{gift} is not used here: name it when declaring the Defence{how}"),
    "on_block": N_("{gift} is not used here: use it after a successful shield block{how}"),
    "on_failed_cast": N_("{gift} is not used here: use it after the failed cast{how}"),
    "on_regain": N_("{gift} is not used here: take it when regaining Wyrð{how}"),
}
# The same places as the CLI types them; at the table the board offers the gift where it is used.
TYPED_ELSEWHERE = {
    "own_action": typed_only(" (declare --action gift --gift ...)"),
    "round_start": asks.USE_GIFT,
    "reaction": asks.USE_GIFT,
    "on_declare_defence": typed_only(" (declare --gifts ...)"),
    "on_block": asks.USE_GIFT,
    "on_failed_cast": asks.USE_GIFT,
    "on_regain": typed_only(" (regain_wyrd --heal ...)"),
}


@dataclass(frozen=True)
class Cast:
    """What a gift needs to know of the cast it is used on."""

    action: str
    skill: str | None
    attack: bool = False
    ranged: bool = False
    courage: bool = False
    switched: bool = False
    prone: bool = False
    extra_targets: int = 0
    time: str | None = None
    first_segment: bool = False
    evil_target: bool = False
    shafted: bool = False


@dataclass
class Boost:
    """Everything the gifts used on one cast add up to."""

    uses: list[Use] = field(default_factory=list)
    cost: int = 0
    dice: int = 0
    free: int = 0
    difficulty: int = 0
    merkstave: int = 0
    rune: str | None = None
    skill: str | None = None
    carry: str | None = None
    no_future: bool = False
    after: list[Use] = field(default_factory=list)
    settle: list[Use] = field(default_factory=list)
    armed: list[Use] = field(default_factory=list)
    words: list[str] = field(default_factory=list)


def holds(c: Combatant, gift: GiftDef, options: Any) -> bool:
    """A special gift belongs to anyone with ranks in its skill (A-15); the others must be on the sheet."""
    if gift.special and midgard_options(options).special_gifts_free_with_skill:
        return skill_ranks(c, gift.skill) > 0
    return held_choice(c.gifts, gift.id)[0]


def uses_of(c: Combatant, texts: list[str] | tuple[str, ...], options: Any) -> list[Use]:
    uses = [parse_use(t) for t in texts]
    for use in uses:
        if not holds(c, use.gift, options):
            raise RulesError(N_("{who} does not have the gift {gift}"), who=c.name, gift=book_name(use.gift.name))
    ids = [u.id for u in uses]
    if len(set(ids)) != len(ids):
        raise RulesError(N_("each gift once per cast"))
    return uses


def size(c: Combatant, expression: str, options: Any, **values: Any) -> int:
    """A gift amount for this holder: god runes, or 2 x rank for an enemy (half a rune = its rank)."""
    o = midgard_options(options)
    env = holder_env(c.runes or None, c.rank, lambda s: skill_ranks(c, s), o, **values)
    return amount(expression, env, o)


def _knowledge(skill: str | None, options: Any) -> bool:
    return skill is not None and skill in midgard_options(options).knowledge_skills


def _need(ok: bool, use: Use, refusal: str, **values: Any) -> None:
    """`refusal` (a template with `{gift}`) when the gift does not fit this cast."""
    if not ok:
        raise RulesError(refusal, gift=book_name(use.gift.name), **values)


def plan(c: Combatant, cast: Cast, texts: list[str] | tuple[str, ...], options: Any) -> Boost:
    """Check every gift named for this cast and add up what it does before the roll; after-roll,
    after-distribution and on-hit uses are checked now and kept for later. The Wyrð cost is totalled
    (armed uses are paid only if they fire)."""
    boost = Boost(uses=uses_of(c, texts, options))
    for use in boost.uses:
        timing = use.gift.timing
        if timing in ELSEWHERE:
            raise RulesError(ELSEWHERE[timing], gift=book_name(use.gift.name), how=TYPED_ELSEWHERE[timing])
        _BEFORE.get(use.id, _no_before)(c, cast, use, boost, options)
        if timing == AFTER:
            _check_after(c, cast, use, options)
            boost.after.append(use)
        elif timing == SETTLE:
            _check_settle(cast, use)
            boost.settle.append(use)
        elif timing in ARMED:
            _check_armed(c, cast, use)
            boost.armed.append(use)
            continue
        boost.cost += use_cost(use, midgard_options(options))
    return boost


def armed_cost(boost: Boost, options: Any) -> int:
    return sum(use_cost(u, midgard_options(options)) for u in boost.armed)


# -- before the roll -----------------------------------------------------------------------------------
def _no_before(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    if use.gift.timing == BEFORE:
        raise RulesError(
            N_("{gift} is not used on a cast in combat: {how}"),
            gift=book_name(use.gift.name),
            how=Named("use_gift", N_("use it as a gift")),
        )


def _dice(skill: str | None, formula: str, test: Any = None) -> Any:
    def apply(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
        ok = test(cast, options) if test else cast.skill == skill
        if skill:
            _need(ok, use, N_("{gift} is used on a {skill} cast"), skill=book_name(skill))
        _need(ok, use, N_("{gift} is used on a fitting cast"))
        boost.dice += size(c, formula, options)

    return apply


def _free(skill: str, formula: str) -> Any:
    def apply(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
        _need(cast.skill == skill, use, N_("{gift} is used on a {skill} cast"), skill=book_name(skill))
        boost.free += size(c, formula, options)

    return apply


def _lucky_boon(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    _need(cast.action == "luck", use, N_("{gift} is used on a Luck cast"))
    if "instant" in use.words and cast.time != "instant":
        raise RulesError(
            N_("a declared Luck cast already takes the action: an instant one is {how}"),
            how=Named("use_gift lucky_boon:instant", N_("Lucky Boon, used at once")),
        )
    if "dice" in use.words:
        boost.dice += size(c, "half(F)", options)
    if "skill" in use.words:
        boost.carry = "skill"


def _bull_charge(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    _need(cast.action == "knock_back", use, N_("{gift} is used with a Knock Back"))
    if len(use.words) != 1 or not use.words <= {"wounds", "ignore"}:
        raise RulesError(
            N_("Bull Charge: choose one, {which}"),
            which=Named(
                N_("bull_charge:wounds or bull_charge:ignore"), N_("wounding as well, or ignoring the extra difficulty")
            ),
        )
    if "ignore" in use.words:
        boost.difficulty -= (2 if cast.prone else 0) + cast.extra_targets
    boost.words.append(f"bull_charge:{next(iter(use.words))}")


def _general_knowledge(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    _need(
        _knowledge(cast.skill, options) and skill_ranks(c, cast.skill or "") == 0,
        use,
        N_("{gift} is used for a knowledge skill you lack"),
    )
    boost.free += 1


def _ambush(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    _need(
        c.hidden and cast.first_segment,
        use,
        N_("{gift} is used on the first-segment action of a fight begun in hiding"),
    )
    boost.dice += size(c, str(effect(use.gift, "dice_bonus")["amount"]), options)


def _true_diligence(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    _need(cast.action == "luck", use, N_("{gift} is used on a cast whose margin carries over (Luck)"))
    boost.carry, boost.no_future = "past_and_outcome", True


def _adaptive(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    _need(
        cast.attack and len(use.words) == 1,
        use,
        N_("{gift} is used on an attack, naming the imitated weapon's skill (:spears)"),
    )
    skill = skill_name(next(iter(use.words)))
    boost.skill, boost.rune = skill, ("F" if skill == "Athletics" else skill_rune(skill))
    boost.merkstave += int(effect(use.gift, "weapon_mimic")["merkstave_penalty"])


def _shield_splitter(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
    _need(
        cast.action == "target_weapon", use, N_("{gift} is used on a Target Weapon attack to damage a weapon or shield")
    )
    boost.words.append(f"shield_splitter:{skill_ranks(c, 'Axes')}")


def _refuse_here(refusal: str, how: Named) -> Any:
    def apply(c: Combatant, cast: Cast, use: Use, boost: Boost, options: Any) -> None:
        raise RulesError(refusal, gift=book_name(use.gift.name), how=how)

    return apply


_BEFORE = {
    "lucky_boon": _lucky_boon,
    "might_of_the_aurox": _free("Might", "half(F)"),
    "bull_charge": _bull_charge,
    "eloquence_of_odin": _dice(None, "half(A)", lambda cast, o: cast.skill in midgard_options(o).verbal_skills),
    "general_knowledge": _general_knowledge,
    "living_encyclopedia": _dice(None, "half(H)", lambda cast, o: _knowledge(cast.skill, o)),
    "duplicitous_dealer": _dice("Deception", "ranks(Diplomacy)"),
    "battle_lust": _free("Berserker", "half(F)"),
    "ambush": _ambush,
    "true_diligence": _true_diligence,
    "mighty_grapple": _free("Wrestling", "half(Th)"),
    "adaptive_fighting": _adaptive,
    "reader_of_men": _dice("Empathy", "ranks(Alertness)"),
    "common_sense": _dice(None, "half(F)", lambda cast, o: _knowledge(cast.skill, o)),
    "shield_splitter": _shield_splitter,
    "tactical_awareness": _refuse_here(
        N_("{gift}: an instant Tactics cast is {how}"),
        Named("use_gift tactical_awareness", N_("the gift used on its own")),
    ),
    "enduring_might": _refuse_here(
        N_("{gift}: use it before the cast{how}"), typed_only(", with use_gift enduring_might:N")
    ),
}


# -- after the roll: tokens on the stones --------------------------------------------------------------------
def _check_after(c: Combatant, cast: Cast, use: Use, options: Any) -> None:
    g = use.id
    if g == "strike_of_thunder":
        _need(cast.attack and cast.skill == "Sax", use, N_("{gift} is used on an attack with the Sax skill"))
    elif g == "scribe_the_perfect_rune":
        _need(
            cast.action in ("skill", "short_action", "gift"),
            use,
            N_("{gift} is used on a cast that writes or carves runes"),
        )
    elif g == "instant_recall":
        _need(_knowledge(cast.skill, options), use, N_("{gift} is used on a knowledge cast"))
    elif g == "merkstave_channelling":
        _need(cast.attack and c.berserk is not None, use, N_("{gift} is used on an attack while berserk"))
    elif g == "wild_strike":
        _need(cast.attack, use, N_("{gift} is used on an attack"))
    elif g == "master_of_the_wind":
        _need(
            (cast.attack and cast.ranged) or cast.skill == "Sailing",
            use,
            N_("{gift} is used on a ranged attack or a Sailing cast"),
        )
    elif g == "body_of_water":
        _need(cast.action == "dodge", use, N_("{gift} is used on a Dodge"))
    elif g == "purging_flame":
        _need(cast.attack and cast.evil_target, use, N_("{gift} is used attacking a creature of supernatural evil"))
    elif g == "at_one_with_the_shadows":
        _need(cast.skill == "Stealth", use, N_("{gift} is used on a Stealth cast"))
    elif g in ("the_courage_of_ignorance", "virtuous_courage"):
        _need(cast.courage, use, N_("{gift} is used on a Courage cast"))


def after_roll(
    c: Combatant, cast: Cast, uses: list[Use], tokens: Tokens, options: Any
) -> tuple[Tokens, int, list[Effect]]:
    """The sorted tokens with the after-roll gifts applied (the Future cap per option
    future_cap_all_sources), the wounds Purge the Soul costs, and lasting effects (Wild Strike's -1)."""
    o = midgard_options(options)
    t = tokens.model_copy()
    wounds = 0
    lasting: list[Effect] = []
    for use in uses:
        g = use.id
        add = {"past": 0, "future": 0, "outcome": 0}
        if g in ("strike_of_thunder", "scribe_the_perfect_rune", "instant_recall", "purging_flame", "wild_strike"):
            for e in use.gift.effect:
                if e.get("kind") == "stone_tokens":
                    add[str(e["stone"])] += size(c, str(e["amount"]), options)
        if g == "wild_strike":
            lasting.append(Effect(kind="defence", gift=g, value=-1, ends="attack"))
        if g == "master_of_the_wind":
            add["outcome" if cast.attack else "future"] += 2
        elif g == "body_of_water":
            add["future"] += 1
        elif g == "merkstave_channelling":
            add["outcome"] += t.merkstave
            t = t.model_copy(update={"merkstave": 0})
        elif g in ("at_one_with_the_shadows", "the_courage_of_ignorance", "virtuous_courage"):
            moved = _moved(use, t.merkstave, o)
            t = t.model_copy(update={"merkstave": t.merkstave - sum(moved.values())})
            for stone, n in moved.items():
                add[stone] += n
        elif g == "purge_the_soul":
            n = use.count if use.count is not None else t.merkstave
            if not 0 < n <= t.merkstave:
                raise RulesError(
                    N_("Purge the Soul removes 1 to {merkstave} Merkstave token(s), not {n}"),
                    merkstave=t.merkstave,
                    n=n,
                )
            rate = o.purge_the_soul_rate
            wounds += -(-n // rate)
            t = t.model_copy(update={"merkstave": t.merkstave - n})
        future, beyond = future_tokens(t.future, add["future"], o.future_cap_all_sources)
        t = t.model_copy(
            update={
                "past": t.past + add["past"],
                "outcome": t.outcome + add["outcome"],
                "future": future,
                "extra_future": t.extra_future + beyond,
            }
        )
    return t, wounds, lasting


def _moved(use: Use, merkstave: int, options: Any) -> dict[str, int]:
    """Merkstave tokens moved to other stones: all of them to Past (Virtuous Courage; The Courage of
    Ignorance under option courage_of_ignorance_amount = all), else as many as named."""
    o = midgard_options(options)
    if use.id == "virtuous_courage" or (
        use.id == "the_courage_of_ignorance" and o.courage_of_ignorance_amount == "all"
    ):
        if use.count is not None or use.amounts:
            raise RulesError(N_("{gift} moves every Merkstave token to Past"), gift=book_name(use.gift.name))
        return {"past": merkstave}
    if use.id == "the_courage_of_ignorance":
        n = merkstave if use.count is None else use.count
        moved = {"past": n}
    else:
        moved = {k: v for k, v in use.amounts.items() if k in ("past", "future", "outcome")} or {"past": merkstave}
        if set(use.amounts) - {"past", "future", "outcome"}:
            raise RulesError(N_("At One with the Shadows moves Merkstave to past=, future= or outcome="))
    if sum(moved.values()) > merkstave:
        raise RulesError(N_("only {merkstave} Merkstave token(s) to move"), merkstave=merkstave)
    return moved


# -- after the distribution, and later --------------------------------------------------------------------
def _check_settle(cast: Cast, use: Use) -> None:
    if use.id == "patient_reward":
        _need(cast.time in ("medium", "long", "day", "week"), use, N_("{gift} is used on a Medium or longer action"))
        if set(use.amounts) - {"past", "outcome"} or use.words or use.count is not None:
            raise RulesError(
                N_("Patient Reward moves Future tokens: {how}"),
                how=Named("patient_reward:past=N+outcome=M", N_("to the Past and the Outcome")),
            )
    elif use.id == "flow_of_combat":
        _need(cast.action == "dodge", use, N_("{gift} is used on a Dodge"))
    else:
        raise RulesError(N_("{gift} is for long journeys, outside combat"), gift=book_name(use.gift.name))


def _check_armed(c: Combatant, cast: Cast, use: Use) -> None:
    if use.id == "breakthrough_defences":
        _need(cast.attack, use, N_("{gift} is used when an attack of yours is blocked: name it with the attack"))
    elif use.id == "the_branch_that_grows":
        _need(cast.attack and cast.shafted, use, N_("{gift} is used on a shot arrow or thrown spear"))
    else:
        _need(cast.attack, use, N_("{gift} is used when your attack hits: name it with the attack"))
