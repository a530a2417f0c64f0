"""The states of a Multiple roll at the table (spec 001c §5.1-§5.6) and the Rule of Escalating Buffness (§5.4), as
small immutable values: `after(success)` gives the next state, `outcome` is True (the heroes made it), False (they
failed) or None (still going). No dice here: the caller rolls and says how each roll went.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from runehall.errors import RulesError
from runehall.present.words import N_

BUFFNESS_FREE_ROLLS = 6  # the seventh qualifying roll gives +1 (book p. 136)


def _going(outcome: bool | None) -> None:
    if outcome is not None:
        raise RulesError(N_("this roll is over already"))


@dataclass(frozen=True)
class Buffness:
    """The count of qualifying rolls so far. A roll qualifies when it is in the notes, is not Freestanding, uses
    no Combat Ability and at least one hero attempts it; one count per listed roll attempted and one per extra
    attempt (001c A-07). The bonus already applies to the roll that raises it, and to every roll of a non-Combat
    Ability, qualifying or not (001c TV-09)."""

    counted: int = 0

    @property
    def bonus(self) -> int:
        return max(0, self.counted - BUFFNESS_FREE_ROLLS)

    @staticmethod
    def qualifies(*, combat_ability: bool, in_notes: bool, freestanding: bool, attempted: bool = True) -> bool:
        return in_notes and not freestanding and not combat_ability and attempted

    def after(self, qualifies: bool) -> Buffness:
        return replace(self, counted=self.counted + 1) if qualifies else self

    def roll(self, *, combat_ability: bool, in_notes: bool, freestanding: bool) -> tuple[int, Buffness]:
        """(the bonus this roll gets, the state after it) for one roll the heroes make."""
        after = self.after(self.qualifies(combat_ability=combat_ability, in_notes=in_notes, freestanding=freestanding))
        return (0 if combat_ability else after.bonus), after


@dataclass(frozen=True)
class Countdown:
    """X successes between the heroes within Y rounds (001c A-81: every hero may try once per action each round)."""

    needed: int
    rounds: int
    successes: int = 0
    round: int = 1

    @property
    def outcome(self) -> bool | None:
        if self.successes >= self.needed:
            return True
        return False if self.round > self.rounds else None

    def after(self, success: bool) -> Countdown:
        _going(self.outcome)
        return replace(self, successes=self.successes + success)

    def end_round(self) -> Countdown:
        _going(self.outcome)
        return replace(self, round=self.round + 1)


@dataclass(frozen=True)
class Scoreboard:
    """A hero against one adversary, an opposed roll each round; the first to `target` wins."""

    target: int
    hero: int = 0
    adversary: int = 0

    @property
    def outcome(self) -> bool | None:
        if self.hero >= self.target:
            return True
        return False if self.adversary >= self.target else None

    def after(self, success: bool) -> Scoreboard:
        _going(self.outcome)
        return replace(self, hero=self.hero + 1) if success else replace(self, adversary=self.adversary + 1)

    def exchange(self, hero_total: int, adversary_total: int) -> Scoreboard:
        """One round's opposed rolls: the hero scores on a tie (001c A-10)."""
        return self.after(hero_total >= adversary_total)


@dataclass(frozen=True)
class Endurance:
    """A set number of rolls, every one a success (one hero's, or one hero's for the group when Singular)."""

    rolls: int
    made: int = 0
    failed: bool = False

    @property
    def outcome(self) -> bool | None:
        if self.failed:
            return False
        return True if self.made >= self.rolls else None

    def after(self, success: bool) -> Endurance:
        _going(self.outcome)
        return replace(self, made=self.made + 1, failed=not success)


@dataclass(frozen=True)
class PanicButton:
    """One hero succeeds every round until another roll ends it; one failure of his and it is lost."""

    rolls: int = 0
    failed: bool = False
    ended: bool = False

    @property
    def outcome(self) -> bool | None:
        if self.failed:
            return False
        return True if self.ended else None

    def after(self, success: bool) -> PanicButton:
        """The holding hero's roll this round."""
        _going(self.outcome)
        return replace(self, rolls=self.rolls + 1, failed=not success)

    def ending_roll(self, success: bool) -> PanicButton:
        """Another hero's attempt at the roll that ends it."""
        _going(self.outcome)
        return replace(self, ended=success)


@dataclass(frozen=True)
class ActionSink:
    """S successes between the heroes in a fight, each attempt an action; unlimited attempts. With the trap
    variant, the ill effect strikes if the fight ends first."""

    needed: int
    trap_at_end: bool = False
    successes: int = 0
    attempts: int = 0
    fight_over: bool = False

    @property
    def outcome(self) -> bool | None:
        if self.successes >= self.needed:
            return True
        return False if self.fight_over else None

    @property
    def trap_strikes(self) -> bool:
        return self.trap_at_end and self.outcome is False

    def after(self, success: bool) -> ActionSink:
        _going(self.outcome)
        return replace(self, successes=self.successes + success, attempts=self.attempts + 1)

    def end_of_fight(self) -> ActionSink:
        return self if self.outcome is not None else replace(self, fight_over=True)
