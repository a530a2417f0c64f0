"""Named modifiers: the seam through which Divine Gifts, magical items and runner rulings change a hero's
numbers (specs 001b, 001c). Each says what it changes, by how much and why:

    {"target": "soak", "amount": 2, "source": "Valor of Tyr"}      or the line  "soak:+2:Valor of Tyr"

Targets:
- a Characteristic (str ... com) or an Ability (great_weapon ...): the value every formula reads;
- a sheet number: hp_max, wt, soak, move, move_half, res;
- a combat score: init, atk, dfn, dam, engagement, for every row, or for one row with ":row", where the row
  is a carried weapon's id, "unarmed", or "noncombat" (INIT only): "atk:viking_axe".

Creation costs read the bought ratings, never the modified ones. Maximum HP and WT are fixed at creation,
so Characteristic modifiers reach them only when option recompute_hp_wt_after_creation is on.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import Field, field_validator

from runehall.errors import Invalid
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.limits import MAX_BONUS
from runehall.systems.rune.records import CHARACTERISTICS
from runehall.systems.rune.rules import rules

SHEET_TARGETS = ("hp_max", "wt", "soak", "move", "move_half", "res")
ROW_TARGETS = ("init", "atk", "dfn", "dam", "engagement")
FIXED_ROWS = ("unarmed", "noncombat")


class Modifier(RulesModel):
    target: str = Field(description="What it changes: a Characteristic, an Ability, a sheet number or a score.")
    amount: int = Field(ge=-MAX_BONUS, le=MAX_BONUS, description="Added to the target (negative to lower it).")
    source: str = Field(min_length=1, max_length=120, description="The Gift, item or ruling it comes from.")

    @field_validator("target")
    @classmethod
    def _target(cls, value: str) -> str:
        return canonical_target(value)

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        if not value.strip():
            raise Invalid(N_("name the Gift, item or ruling the modifier comes from"))
        return value.strip()

    @property
    def row(self) -> str | None:
        """The combat row a row-specific modifier names ("atk:viking_axe" -> "viking_axe")."""
        return self.target.partition(":")[2] or None


def canonical_target(text: str) -> str:
    """A target as an id ("Great Weapon" -> "great_weapon", "ATK:Viking Axe" -> "atk:viking_axe")."""
    raw = text.strip()
    score, colon, row = raw.partition(":")
    key = score.strip().casefold()
    if not colon and key in (*SHEET_TARGETS, *ROW_TARGETS):
        return key
    found = rules().find("characteristic", raw) or rules().find("ability", raw)
    if found and not colon:
        return found
    if colon and key in ROW_TARGETS:
        row_id = row.strip().casefold() if row.strip().casefold() in FIXED_ROWS else rules().find("weapon", row)
        if row_id is None or row_id == "fist_kick":
            raise Invalid(N_("{value!r} is not a weapon, 'unarmed' or 'noncombat'"), value=row.strip())
        if row_id == "noncombat" and key != "init":
            raise Invalid(N_("the non-combat row has only an INIT score"))
        return f"{key}:{row_id}"
    known = ", ".join((*CHARACTERISTICS, *SHEET_TARGETS, *ROW_TARGETS))
    raise Invalid(
        N_("{raw!r} is not a modifier target ({known}, an Ability, or e.g. atk:viking_axe)"), raw=raw, known=known
    )


def parse(value: object) -> object:
    """Modifier lines ("soak:+2:Valor of Tyr") read as mappings; mappings pass through for the model."""
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        return value
    out: list[object] = []
    for item in items:
        if not isinstance(item, str):
            out.append(item)
            continue
        if not item.strip():
            continue
        target, _, rest = item.partition(":")
        if target.strip().casefold() in ROW_TARGETS and rest.count(":") >= 2:
            row, _, rest = rest.partition(":")
            target = f"{target}:{row}"
        amount, colon, source = rest.partition(":")
        if not colon:
            raise Invalid(
                N_("{value!r} is not of the form target:amount:source (e.g. soak:+2:Valor of Tyr)"), value=item.strip()
            )
        out.append({"target": target, "amount": amount.strip().removeprefix("+"), "source": source})
    return out


def matching(modifiers: Iterable[Modifier], *targets: str) -> list[Modifier]:
    """The modifiers aimed at any of these targets, in sheet order."""
    return [m for m in modifiers if m.target in targets]
