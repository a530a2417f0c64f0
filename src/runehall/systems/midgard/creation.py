"""The creation rules a Midgard sheet is checked against, one function per step (the Character's field
validators call them with the steps already validated). Each raises ValueError with one clear reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import ValidationInfo

from runehall.errors import Invalid, Refusal
from runehall.present.words import N_
from runehall.systems.midgard.gift_runes import GiftDef
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.qualities import gift_cost, skill_cost
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import BirthrightDef, LegendDef, rules


def options_of(info: ValidationInfo) -> MidgardOptions:
    given = (info.context or {}).get("options")
    return given if isinstance(given, MidgardOptions) else MidgardOptions()


def listed(value: object) -> object:
    """A comma-separated string (as a form or the command line gives it) read as a list."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


def birthright_of(birthright_id: str) -> BirthrightDef:
    found = rules().birthright(birthright_id)
    assert found is not None, birthright_id
    return found


def _legend(legend_id: str) -> LegendDef:
    found = rules().legend(legend_id)
    assert found is not None, legend_id
    return found


def _unspent(refusal: str, left: int, options: MidgardOptions) -> None:
    """`refusal` (a template with `{left}`) when points are left and this table does not allow it."""
    if left > 0 and options.unspent_creation_points == "reject":
        raise Invalid(refusal, left=left)


# -- step 1 ---------------------------------------------------------------------------------------------
def _slot_text(legend: LegendDef) -> str:
    parts = []
    for slot in legend.slot:
        choice = " or ".join(slot.options)
        parts.append(f"two of {', '.join(slot.options)}" if slot.picks == 2 else choice)
    return "; ".join(parts)


def resolve_legend_skills(
    value: tuple[str, ...], legend_id: str | None, gender_id: str | None, options: MidgardOptions
) -> tuple[str, ...]:
    """The four picks, slot by slot: each from its slot's options, all different (A-10), and never a gender
    package skill where the slot offers another option (free ranks never stack)."""
    r = rules()
    names = []
    for text in value:
        found = r.skill(text)
        if found is None:
            raise Invalid(N_("{text!r} is not one of the 38 skills"), text=text)
        names.append(found.name)
    if legend_id is None:
        return tuple(names)  # the legend itself is wrong; that error is shown on its field
    legend = _legend(legend_id)
    if len(names) != r.legends.linked_skills:
        raise Invalid(
            N_("a {legend} names {linked_skills} legend skills: {slot_text}"),
            legend=book_name(legend.name),
            linked_skills=r.legends.linked_skills,
            slot_text=_slot_text(legend),
        )
    twice = sorted(name for name, n in Counter(names).items() if n > 1)
    if twice and options.legend_skills_distinct:
        raise Invalid(N_("the four legend skills must all differ; {twice} is taken twice"), twice=", ".join(twice))
    package = r.gender(gender_id) if gender_id else None
    free = set(package.free_skills) if package else set()
    position = 0
    for slot in legend.slot:
        picked = names[position : position + slot.picks]
        position += slot.picks
        where = (  # said in the reader's language inside the refusals below
            Refusal(N_("slot {n}"), {"n": slot.slots[0]})
            if slot.picks == 1
            else Refusal(N_("slots {first}-{last}"), {"first": slot.slots[0], "last": slot.slots[-1]})
        )
        for name in picked:
            if name not in slot.options:
                raise Invalid(
                    N_("{where} of the {legend} takes {options}, not {name}"),
                    where=where,
                    legend=book_name(legend.name),
                    options=" or ".join(slot.options),
                    name=book_name(name),
                )
            if name in free and package is not None:
                others = [o for o in slot.options if o not in free and o not in picked]
                if not others:
                    raise Invalid(
                        N_(
                            "{name} is already a free rank of the {package} package and free ranks never stack, "
                            "and {where} of the {legend} offers nothing else"
                        ),
                        name=book_name(name),
                        package=book_name(package.id),
                        legend=book_name(legend.name),
                        where=where,
                    )
                raise Invalid(
                    N_(
                        "{name} is already a free rank of the {package} package and free ranks "
                        "never stack: a {package} {legend} must take {others} instead in {where}"
                    ),
                    name=book_name(name),
                    package=book_name(package.id),
                    legend=book_name(legend.name),
                    others=book_name(others[0]) if len(others) == 1 else " or ".join(others),
                    where=where,
                )
    return tuple(names)


def free_ranks(legend_skills: Iterable[str], gender_id: str | None) -> dict[str, int]:
    """Rank 1 in each legend skill and each gender-package skill; never more than +1 on one skill."""
    c = rules().character
    package = rules().gender(gender_id) if gender_id else None
    ranks = {name: c.skills_budget.max_free_ranks_per_skill for name in legend_skills}
    for name in package.free_skills if package else ():
        ranks[name] = c.skills_budget.max_free_ranks_per_skill
    return ranks


def legend_rank(legend_skills: Iterable[str], ranks: Mapping[str, int]) -> int:
    """The lowest rank among the legend-linked skills; the legend score is one more."""
    return min((ranks.get(name, 0) for name in legend_skills), default=0)


# -- step 2 ---------------------------------------------------------------------------------------------
def start_values(birthright_id: str | None) -> dict[str, int]:
    """Every god rune starts at 2; the birthright god's at 4."""
    r = rules()
    c = r.god_runes.creation
    bonus = birthright_of(birthright_id).rune_bonus if birthright_id else ""
    return {g.code: c.birthright_start_value if g.id == bonus else c.start_value for g in r.god_runes.rune}


def resolve_rune_points(value: Mapping[str, int], birthright_id: str | None, options: MidgardOptions) -> dict[str, int]:
    r = rules()
    c = r.god_runes.creation
    starts = start_values(birthright_id)
    points: dict[str, int] = {}
    for key, bought in value.items():
        rune = r.god_rune(key)
        if rune is None:
            raise Invalid(N_("{key!r} is not a god rune (F, Th, A, H, T)"), key=key)
        if rune.code in points:
            raise Invalid(N_("{rune} is listed twice"), rune=book_name(rune.name))
        if bought < 0:
            raise Invalid(N_("{rune}: points bought cannot be negative"), rune=book_name(rune.name))
        if bought > c.max_raise_above_start:
            start = starts[rune.code]
            raise Invalid(
                N_(
                    "{rune} {start} + {bought} = {total}: a god rune rises at most "
                    "{max_raise_above_start} above its start of {start}"
                ),
                rune=book_name(rune.name),
                start=start,
                bought=bought,
                total=start + bought,
                max_raise_above_start=c.max_raise_above_start,
            )
        points[rune.code] = bought
    total = sum(points.values())
    if total > c.points:
        raise Invalid(N_("{total} points spent on god runes; there are {points}"), total=total, points=c.points)
    _unspent(N_("{left} god rune points left unspent, which this table does not allow"), c.points - total, options)
    return {g.code: points.get(g.code, 0) for g in r.god_runes.rune}


# -- step 4 ---------------------------------------------------------------------------------------------
def skill_budget(birthright_id: str | None, options: MidgardOptions) -> int:
    """13 points, plus the birthright's extra (a Hauld's 3 by default, or 2: option, A-08)."""
    points = rules().character.skills_budget.points
    if not birthright_id:
        return points
    birthright = birthright_of(birthright_id)
    if birthright.option:
        return points + int(getattr(options, birthright.option))
    return points + birthright.extra_skill_points


def resolve_skills(value: Mapping[str, int], data: Mapping[str, Any], options: MidgardOptions) -> dict[str, int]:
    r = rules()
    ranks: dict[str, int] = {}
    for key, rank in value.items():
        skill = r.skill(key)
        if skill is None:
            raise Invalid(N_("{key!r} is not one of the 38 skills"), key=key)
        if skill.name in ranks:
            raise Invalid(N_("{skill} is listed twice"), skill=book_name(skill.name))
        # Table 3 prices ranks up to its last row; a higher in-play maximum (option) is not for creation.
        top = min(options.skill_rank_max, r.skills.ranks.max)
        if not r.skills.ranks.min <= rank <= top:
            raise Invalid(
                N_("{skill} {rank}: skill ranks run from {low} to {top}"),
                skill=book_name(skill.name),
                rank=rank,
                low=r.skills.ranks.min,
                top=top,
            )
        if skill.legend_only and rank > 0 and data.get("legend", skill.legend_only) != skill.legend_only:
            raise Invalid(
                N_("only a {name} may have ranks in {skill}"),
                name=book_name(_legend(skill.legend_only).name),
                skill=book_name(skill.name),
            )
        ranks[skill.name] = rank
    if "legend_skills" not in data or "gender" not in data or "birthright" not in data:
        return ranks  # an earlier step is wrong; the costs cannot be known yet
    free = free_ranks(data["legend_skills"], data["gender"])
    for name, rank in ranks.items():
        if rank < free.get(name, 0):
            raise Invalid(
                N_("{name} has a free rank {free} (legend or gender skill) and cannot be lower"),
                name=name,
                free=free[name],
            )
    spent = skill_points(ranks, free)
    budget = skill_budget(data["birthright"], options)
    if spent > budget:
        who = birthright_of(data["birthright"]).name
        raise Invalid(
            N_("these ranks cost {spent} skill points; a {who} has {budget}"),
            spent=spent,
            who=book_name(who),
            budget=budget,
        )
    _unspent(N_("{left} skill points left unspent, which this table does not allow"), budget - spent, options)
    return ranks


# -- step 5 ---------------------------------------------------------------------------------------------
def parse_gifts(gifts: Iterable[str]) -> list[tuple[str, str | None]]:
    """Stored gifts ("id" or "id:choice") as (gift id, choice)."""
    out: list[tuple[str, str | None]] = []
    for text in gifts:
        gift, _, choice = text.partition(":")
        out.append((gift, choice or None))
    return out


def read_gift(text: str) -> tuple[GiftDef, str | None]:
    """A gift as written on a sheet ("id" or "id:rune chosen when bought"); ValueError if it is not one."""
    return _gift(text)


def _gift(text: str) -> tuple[GiftDef, str | None]:
    r = rules()
    name, _, choice_text = text.partition(":")
    gift = r.gift(name.strip())
    if gift is None:
        raise Invalid(N_("{name!r} is not a rune gift"), name=name.strip())
    options = gift.purchase_choice.rune if gift.purchase_choice else ()
    if not choice_text.strip():
        if options:
            raise Invalid(
                N_("{gift} needs its choice, made when bought: {id}:{options}"),
                gift=book_name(gift.name),
                id=gift.id,
                options=" or ".join(options),
            )
        return gift, None
    chosen = r.god_rune(choice_text.strip())
    if not options:
        raise Invalid(N_("{gift} has no choice to make when bought"), gift=book_name(gift.name))
    if chosen is None or chosen.id not in options:
        raise Invalid(
            N_("{gift} is bought with {options}, not {choice_text!r}"),
            gift=book_name(gift.name),
            options=" or ".join(options),
            choice_text=choice_text.strip(),
        )
    return gift, chosen.id


def spend_gifts(value: tuple[str, ...], data: Mapping[str, Any], options: MidgardOptions) -> tuple[str, ...]:
    r = rules()
    bought = [_gift(text) for text in value]
    ids = [g.id for g, _ in bought]
    for gift, _ in bought:
        if gift.special and options.special_gifts_free_with_skill:
            raise Invalid(
                N_("{gift} is not bought: anyone with ranks in {skill} has it"),
                gift=book_name(gift.name),
                skill=book_name(gift.skill),
            )
    twice = sorted(g.name for g, _ in bought if ids.count(g.id) > 1)
    if twice and options.gift_buy_once:
        raise Invalid(N_("each gift is bought once; twice: {twice}"), twice=", ".join(dict.fromkeys(twice)))
    if options.gift_requires_lower_levels:
        for gift, _ in bought:
            rune = r.gift_rune_of[gift.id]
            missing = [g.name for g in rune.gift if 0 < g.level < gift.level and g.id not in ids]
            if missing:
                raise Invalid(
                    N_("{gift} needs the lower gifts of {rune} first: {missing}"),
                    gift=book_name(gift.name),
                    rune=book_name(rune.name),
                    missing=", ".join(missing),
                )
    if "legend_skills" in data and "skills" in data and "gender" in data:
        ranks = {**free_ranks(data["legend_skills"], data["gender"]), **data["skills"]}
        score = legend_rank(data["legend_skills"], ranks) + 1
        for gift, _ in bought:
            if gift.level > score:
                raise Invalid(
                    N_(
                        "{gift} is a level-{level} gift, above the legend score "
                        "{score} (the lowest legend skill's rank + 1)"
                    ),
                    gift=book_name(gift.name),
                    level=gift.level,
                    score=score,
                )
    spent = sum(gift_cost(gift.level) for gift, _ in bought)
    budget = r.character.gifts_budget.points
    if spent > budget:
        raise Invalid(N_("these gifts cost {spent} points; there are {budget}"), spent=spent, budget=budget)
    _unspent(N_("{left} gift points left unspent, which this table does not allow"), budget - spent, options)
    return tuple(f"{g.id}:{choice}" if choice else g.id for g, choice in bought)


# -- the points each step spends ----------------------------------------------------------------------------
def skill_points(ranks: Mapping[str, int], free: Mapping[str, int]) -> int:
    """Table 3's price of these ranks, each raised from its free rank (legend or gender skill) or from 0."""
    return sum(skill_cost(free.get(name, 0), rank) for name, rank in ranks.items())


def gift_points(gift_ids: Iterable[str]) -> int:
    """Table 4's price of these gifts (a special gift, level 0, is not bought); an unknown id costs nothing."""
    found = (rules().gift(gift_id) for gift_id in gift_ids)
    return sum(gift_cost(gift.level) for gift in found if gift is not None)


def points(
    rune_points: Mapping[str, int],
    ranks: Mapping[str, int],
    free: Mapping[str, int],
    gift_ids: Iterable[str],
    birthright_id: str | None,
    options: MidgardOptions,
) -> dict[str, dict[str, int]]:
    """Each step's creation points, spent and budgeted (steps 2, 4 and 5), as the sheet shows them."""
    r = rules()
    return {
        "god_runes": {"spent": sum(rune_points.values()), "budget": r.god_runes.creation.points},
        "skills": {"spent": skill_points(ranks, free), "budget": skill_budget(birthright_id, options)},
        "gifts": {"spent": gift_points(gift_ids), "budget": r.character.gifts_budget.points},
    }
