"""Using a rune gift: what a use names, what it costs in Wyrð, and how big its effects are for the one
using it (spec 003 §5, §13.5).

A use is written `gift` or `gift:choices`, the choices joined by '+': a number (Wyrð points bought, e.g.
`hammer_of_thor:2`), words (`lucky_boon:instant+dice`, `bull_charge:wounds`) or `name=number` pairs
(`patient_reward:past=1+outcome=2`). Amounts come from the gift's formulas in gifts.toml, read with the
holder's god runes, or for an enemy with its rank in their place: half a god rune is the rank, a full one
twice the rank (so every rune counts as 2 x rank).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from runehall.errors import RulesError, option_rule
from runehall.present.words import N_
from runehall.systems.midgard import formula
from runehall.systems.midgard.gift_runes import GiftDef
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.qualities import gift_rune_total, quality_base
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import RUNE_CODES, fold, rules

LUCKY_BOON_OPTIONS = ("instant", "skill", "dice")


@dataclass(frozen=True)
class Use:
    gift: GiftDef
    words: frozenset[str] = frozenset()
    amounts: Mapping[str, int] = field(default_factory=dict)
    count: int | None = None

    @property
    def id(self) -> str:
        return self.gift.id

    def text(self) -> str:
        parts = ([str(self.count)] if self.count is not None else []) + sorted(self.words)
        parts += [f"{k}={v}" for k, v in sorted(self.amounts.items())]
        return self.gift.id + (":" + "+".join(parts) if parts else "")


def gift_def(key: str) -> GiftDef:
    found = rules().gift(key)
    if found is None:
        raise RulesError(N_("there is no gift {key!r}"), key=key)
    return found


def parse_use(text: str) -> Use:
    """A use as written; RulesError for an unknown gift or a choice that is not a word or number."""
    name, _, rest = text.partition(":")
    gift = gift_def(name.strip())
    words: set[str] = set()
    amounts: dict[str, int] = {}
    count = None
    for part in (p.strip() for p in rest.split("+") if p.strip()):
        key, eq, value = part.partition("=")
        if eq:
            if not value.strip().isdigit():
                raise RulesError(
                    N_("{gift}: {part!r} needs a whole number after '='"), gift=book_name(gift.name), part=part
                )
            amounts[fold(key)] = int(value)
        elif part.isdigit():
            count = int(part)
        else:
            words.add(fold(part))
    return Use(gift, frozenset(words), amounts, count)


def held_choice(gifts: tuple[str, ...], gift_id: str) -> tuple[bool, str | None]:
    """Whether a holder's gift list has this gift, and the choice recorded when it was bought."""
    for text in gifts:
        name, _, choice = text.partition(":")
        if name == gift_id:
            return True, choice or None
    return False, None


def use_cost(use: Use, options: MidgardOptions, legend: int | None = None) -> int:
    """Wyrð to pay: the printed cost per use, per point bought, per option taken or per unit of the target's
    legend; Strike of Thunder's by option strike_of_thunder_cost (I-14)."""
    cost = use.gift.use_cost
    if use.id == "strike_of_thunder":
        return options.strike_of_thunder_cost
    if cost.per == "use":
        return cost.wyrd
    if cost.per == "option":
        taken = use.words & set(LUCKY_BOON_OPTIONS)
        if not taken or use.words - taken:
            raise RulesError(
                N_("{gift}: name one or more of {lucky_boon_options} (e.g. :instant+dice)"),
                gift=book_name(use.gift.name),
                lucky_boon_options=", ".join(LUCKY_BOON_OPTIONS),
            )
        return cost.wyrd * len(taken)
    if cost.per == "target_legend":
        if legend is None:
            raise RulesError(
                N_("{gift} costs per point of the target's legend: name the target"), gift=book_name(use.gift.name)
            )
        return cost.wyrd * legend
    if cost.per == "long_action" and use.count is None:
        return cost.wyrd  # entering the trance pays for its first Long action
    if use.count is None or use.count < 1:
        raise RulesError(
            N_("{gift} costs {wyrd} Wyrð per {per}: say how many (:N)"),
            gift=book_name(use.gift.name),
            wyrd=cost.wyrd,
            per=cost.per.replace("_", " "),
        )
    if use.id == "hammer_of_thor" and use.count > 1 and not options.hammer_of_thor_repeatable:
        raise RulesError(
            N_("Hammer of Thor buys one point of hardness per hit ({rule})"),
            rule=option_rule("hammer_of_thor_repeatable", N_("the table's rules")),
        )
    return cost.wyrd * use.count


def gift_levels(gifts: tuple[str, ...]) -> list[int]:
    return [gift_def(text.partition(":")[0]).level for text in gifts]


def rune_totals(gifts: tuple[str, ...]) -> dict[str, int]:
    """Each gift rune's total: the sum of the levels held in it (Table 4's 'counts as')."""
    totals: dict[str, int] = {}
    for text in gifts:
        gift = gift_def(text.partition(":")[0])
        rune = rules().gift_rune_of[gift.id].id
        totals[rune] = totals.get(rune, 0) + gift_rune_total([gift.level])
    return {rune: value for rune, value in totals.items() if value}


def holder_env(
    runes: Mapping[str, int] | None,
    rank: int | None,
    ranks: Callable[[str], int],
    options: MidgardOptions,
    **values: Any,
) -> dict[str, Any]:
    """The names a gift's amount may read. An enemy without god runes counts 2 x rank in every rune, so
    half a rune is its rank and a full rune twice its rank (spec §13.5)."""
    if runes:
        codes = dict(runes)
    else:
        codes = dict.fromkeys(RUNE_CODES, 2 * (rank or 1))
    base: Callable[[int], int] = lambda total: quality_base(int(total), options)  # noqa: E731
    return {**codes, "base": base, "ranks": ranks, **values}


def amount(expression: str, env: Mapping[str, Any], options: MidgardOptions) -> int:
    """A whole amount from a gift formula ("half(F)", "ranks(Alertness)", "max(1, half(Th))")."""
    return formula.whole(str(expression), env, options.half_rounding)


def effect(gift: GiftDef, kind: str, index: int = 0) -> dict[str, Any]:
    """The gift's `index`-th effect of this kind in gifts.toml."""
    found = [e for e in gift.effect if e.get("kind") == kind]
    if len(found) <= index:
        raise RulesError(N_("{gift} has no {kind} effect"), gift=book_name(gift.name), kind=kind)
    return found[index]


def oath_penalty(failed: bool, sealing_margin: int, options: MidgardOptions) -> int:
    """Unbreakable Oath: the merkstave penalty on all the target's casts, while the vow stands, after an
    attempt to break it -- when the breaking Courage cast failed (A-65), or after any attempt under
    option unbreakable_oath_penalty_trigger."""
    if options.unbreakable_oath_penalty_trigger == "any_breaking_attempt" or failed:
        return sealing_margin
    return 0


def reduced_to_legend(legend: int, boxes: int, wounds: int, options: MidgardOptions) -> int:
    """Strands of the Soul, "reduce the target to its legend in wounds": the wounds it then has. By
    default only `legend` boxes stay empty (never fewer wounds than it had); option
    strands_reduce_to_legend wounds_dealt reads it as `legend` more wounds."""
    if options.strands_reduce_to_legend == "wounds_dealt":
        return min(boxes, wounds + legend)
    return max(wounds, boxes - legend)
