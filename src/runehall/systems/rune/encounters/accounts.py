"""Victory points credited to a player's accounts (spec 001b §1.1, §6.6): the deficit filter, paying a deficit
down, loot at the end of an adventure, and VP passed from one player to another.

The accounts are experience.py's (`Advancement`: vp_total, vp_spent and vp_deficit); anything with those three
numbers and pydantic's `model_copy` will do, such as a scoreboard's `Purse` for a player whose hero sheet is not
at hand. While a deficit remains, every gain pays it first, and what it pays is never gained: it adds nothing to
the total nor to the session's standings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar

from pydantic import Field

from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.options import RuneOptions

MAX_VP = 10_000_000


class Account(Protocol):
    @property
    def vp_total(self) -> int: ...

    @property
    def vp_spent(self) -> int: ...

    @property
    def vp_deficit(self) -> int: ...

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self: ...


A = TypeVar("A", bound=Account)


class Purse(RulesModel):
    """A player's VP accounts alone (a scoreboard row)."""

    vp_total: int = Field(0, ge=0, le=MAX_VP)
    vp_spent: int = Field(0, ge=0, le=MAX_VP)
    vp_deficit: int = Field(0, ge=0, le=MAX_VP)


def free_vp(account: Account) -> int:
    return account.vp_total - account.vp_spent


@dataclass(frozen=True)
class Credit:
    """What one gain (or loss) did to an account."""

    score: int  # the gain as scored (a runner's may be negative)
    paid: int  # what went to the deficit (never gained)
    credited: int  # what the total grew by: the gain that counts for the session
    deficit_added: int  # a negative score's remainder, owed from now on


def credit(account: A, score: int) -> tuple[A, Credit]:
    """A gain through the deficit filter; a negative score (only a runner's can be) becomes a deficit."""
    if score < 0:
        owed = account.vp_deficit - score
        return account.model_copy(update={"vp_deficit": owed}), Credit(score, 0, 0, -score)
    paid = min(account.vp_deficit, score)
    credited = score - paid
    update = {"vp_deficit": account.vp_deficit - paid, "vp_total": account.vp_total + credited}
    return account.model_copy(update=update), Credit(score, paid, credited, 0)


def pay_deficit(account: A, amount: int, options: RuneOptions | None = None) -> A:
    """A player pays his deficit down with unspent VP, as much as he likes and never forced: free VP fall by the
    amount, and the total too unless the table says otherwise (A-44)."""
    opts = options or RuneOptions()
    if amount < 1:
        raise RulesError(N_("vp {vp}: a payment is at least 1 VP"), vp=amount)
    if amount > account.vp_deficit:
        raise RulesError(
            N_("a payment of {vp} VP is more than the deficit of {deficit}"), vp=amount, deficit=account.vp_deficit
        )
    if amount > free_vp(account):
        raise RulesError(N_("a payment of {vp} VP is more than the {free} free VP"), vp=amount, free=free_vp(account))
    update = {"vp_deficit": account.vp_deficit - amount}
    if opts.deficit_payment_reduces_total:
        update["vp_total"] = account.vp_total - amount
    else:  # the total stands; the payment is spent VP
        update["vp_spent"] = account.vp_spent + amount
    return account.model_copy(update=update)


def loot_vp(ounces: int, valuables: Iterable[int] = ()) -> int:
    """At the end of an adventure: 1 VP an ounce of silver given to the hero's home, and each valuable given
    its worth in ounces (001b §6.2 item 4). Credit it with `credit`, which pays any deficit first."""
    worth = [ounces, *valuables]
    if any(w < 0 for w in worth):
        raise RulesError(N_("silver and valuables are worth 0 ounces or more"))
    return sum(worth)


def transfer_vp(payer: A, payee: A, amount: int) -> tuple[A, A, Credit]:
    """VP passed from one player to another (the Eight-Legged Horse): free and total VP move (A-18); the payee's
    gain pays his deficit first."""
    if amount < 1:
        raise RulesError(N_("vp {vp}: a transfer is at least 1 VP"), vp=amount)
    if amount > free_vp(payer):
        raise RulesError(N_("a transfer of {vp} VP is more than the {free} free VP"), vp=amount, free=free_vp(payer))
    paid = payer.model_copy(update={"vp_total": payer.vp_total - amount})
    got, said = credit(payee, amount)
    return paid, got, said
