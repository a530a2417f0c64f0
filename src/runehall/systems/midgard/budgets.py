"""A Midgard sheet's creation budgets while it is typed (Character.budgets): rune points (step 2), skill
points (step 4) and gift points (step 5), "spent / budget" as the valid sheet's rows show them, counted from
the raw values the form sends, so they stay in sight while the rules still refuse the sheet (overspent: the
row becomes a warning; half filled: what is there is counted).

The counting is creation.py's, the rows character_sheet.py's; this module only reads the raw values as the
field validators would, leaving out what they would refuse outright (an unknown skill, a rank Table 3 does
not price). The skill points are left out until a birthright is chosen: it sets their budget (a Hauld's is
larger).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from runehall.present.sheet import SheetRow
from runehall.present.words import Words
from runehall.systems import raw
from runehall.systems.midgard.character_sheet import budget_rows
from runehall.systems.midgard.creation import free_ranks, points
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.rules import rules


def budgets(values: Mapping[str, Any], options: Any, words: Words) -> tuple[SheetRow, ...]:
    o = options if isinstance(options, MidgardOptions) else MidgardOptions()
    r = rules()
    birthright = _id(r.birthright, raw.field(values, "birthright"))
    gender = _id(r.gender, raw.field(values, "gender"))
    legend_skills = [found.name for found in map(r.skill, raw.names(raw.field(values, "legend_skills"))) if found]
    free = free_ranks(legend_skills, gender)
    spent = points(
        _rune_points(raw.field(values, "rune_points")),
        _ranks(raw.field(values, "skills")),
        free,
        _gift_ids(raw.field(values, "gifts")),
        birthright,
        o,
    )
    if birthright is None:
        del spent["skills"]
    return tuple(budget_rows(spent, words).values())


def _id(find: Callable[[str], Any], given: object) -> str | None:
    """The id of a birthright or gender package as typed (an id or a name), or None."""
    name = raw.text(given)
    found = find(name) if name is not None else None
    return str(found.id) if found is not None else None


def _rune_points(given: object) -> dict[str, int]:
    """Points bought in each god rune (a code or a name); negative ones buy nothing."""
    out: dict[str, int] = {}
    for key, bought in raw.table(given):
        rune = rules().god_rune(key)
        if rune is not None and bought >= 0:
            out[rune.code] = bought
    return out


def _ranks(given: object) -> dict[str, int]:
    """Skill ranks by the skill's name, those Table 3 prices (0 to its last row)."""
    r = rules()
    top = len(r.skills.rank_cost)
    out: dict[str, int] = {}
    for key, rank in raw.table(given):
        skill = r.skill(key)
        if skill is not None and 0 <= rank <= top:
            out[skill.name] = rank
    return out


def _gift_ids(given: object) -> list[str]:
    """The gifts bought ("id" or "id:choice", or a name), as gift ids."""
    r = rules()
    found = (r.gift(text.partition(":")[0].strip()) for text in raw.names(given))
    return [gift.id for gift in found if gift is not None]
