"""A priced line and a pricing report (spec 001b §5.1, 001c §18.2).

Every element of an encounter is priced as separate lines, never netted inside the element (the bundling
rule): a line is one rule applied to one element ("Difficulty 8: +20"), with its signed encounter points
(positive: the designer spends them; negative: he earns them). The line says which rule gave it as an English
template with its values (`rule`, `values`), said in the reader's language when shown, and the book page the
rule is on. A line a cap suppressed (a fourth earning terrain feature) is kept with `counted=False` and
counts for nothing, so the designer sees why it earns nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from runehall.errors import Refusal
from runehall.present.words import Words


@dataclass(frozen=True)
class CostLine:
    where: str  # the id of the element it prices (a roll, a foe, a terrain feature, an event)
    rule: str  # an English template naming the rule: "Difficulty {difficulty}"
    ep: int  # signed: + spends, - earns
    values: Mapping[str, Any] = field(default_factory=dict)
    page: int | None = None  # the book's page of the rule
    counted: bool = True  # False: shown, but a cap or a choice leaves it out of the sums
    book: int | None = None  # what the book prints, where it prints something else (an error it made)

    def said(self, words: Words) -> str:
        """The rule in the reader's language; values that are game words are said in it too."""
        return words(self.rule, **{k: _said(v, words) for k, v in self.values.items()})


def _said(value: Any, words: Words) -> Any:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return words.number(value) if isinstance(value, int) else value
    if isinstance(value, str):
        return words(value)
    return value


@dataclass(frozen=True)
class Report:
    """An encounter priced: its lines, what the rules refuse (each with where it is) and what they warn of,
    and the budget: S (spent), E (earned), L (the encounter point limit). Legal when nothing is refused."""

    lines: tuple[CostLine, ...]
    errors: tuple[Refusal, ...]
    warnings: tuple[Refusal, ...]
    limit: int

    @property
    def spent(self) -> int:
        return sum(line.ep for line in self.lines if line.counted and line.ep > 0)

    @property
    def earned(self) -> int:
        return -sum(line.ep for line in self.lines if line.counted and line.ep < 0)

    @property
    def balance(self) -> int:
        """Spent minus earned: zero or less is affordable (the book's sample adventure shows -1, -2, -7)."""
        return self.spent - self.earned

    @property
    def legal(self) -> bool:
        return not self.errors

    def lines_for(self, where: str) -> tuple[CostLine, ...]:
        return tuple(line for line in self.lines if line.where == where)


def totals(lines: Iterable[CostLine]) -> tuple[int, int]:
    """(spent, earned) of some lines: the sums of their counted positive and negative amounts."""
    kept = [line.ep for line in lines if line.counted]
    return sum(e for e in kept if e > 0), -sum(e for e in kept if e < 0)
