"""The errors a person can cause. Each carries one clear sentence; nothing else escapes to the user."""

from __future__ import annotations


class RunehallError(Exception):
    """Base of every error caused by input: the CLI turns it into exit code 2, the API into a 4xx."""


class NotationError(RunehallError):
    """Dice notation that does not parse or exceeds the limits; `position` is 0-based."""

    def __init__(self, message: str, notation: str, position: int) -> None:
        self.notation = notation
        self.position = position
        super().__init__(f"{message} at position {position + 1} of {notation!r}")


class ManualResultError(RunehallError):
    """Physically rolled faces, cards or runes that cannot be what was asked for."""


class ParameterError(RunehallError):
    """A mechanic or option parameter that is missing, of the wrong type or out of range."""


class RulesError(RunehallError):
    """A move or action the rules do not allow in the current state."""


class RulesDataError(RunehallError):
    """A system's rules data file does not match its schema."""


class UnknownNameError(RunehallError):
    """An unknown system, mechanic or option."""


class TooComplexError(RunehallError):
    """A request whose exact answer would take more memory or time than the limits allow."""


class VerificationError(RunehallError):
    """A log that is malformed (not one that merely fails verification)."""
