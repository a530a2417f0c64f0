"""The errors a person can cause. Each carries one clear sentence; nothing else escapes to the user.

A refusal is made from an English template and its values (`RulesError("{skill} is at most {cap}",
skill="Combate", cap=3)`): `str(error)` is the English sentence (the API's and the logs' words), and
runehall.present.refusals says the same template in the reader's language from the catalogs. A refusal of
several problems (a form's fields) carries them as `parts`, each its own template. A value may itself be
a `Refusal` (or a RunehallError): it is said in the reader's language too, inside the sentence around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def N_(message: str) -> str:  # runehall.present.words.N_, here without importing the presentation layer
    """Mark a template for the catalogs (the shared one, runehall/present/locale); it is said when shown."""
    return message


@dataclass(frozen=True)
class Refusal:
    """One problem: an English template, the values that fill its `{places}`, and the field it is about
    (a dotted path into the request, "" for the request as a whole)."""

    template: str
    values: dict[str, Any] = field(default_factory=dict)
    where: str = ""
    what: str = "parameter"  # how the field is named in English: "parameter 'bag'", "field 'text'"

    def __str__(self) -> str:
        said = self.template.format(**self.values) if self.values else self.template
        return f"{self.what} '{self.where}': {said}" if self.where else said


@dataclass(frozen=True)
class OneOf:
    """A refusal's value listing the choices a field takes: "'a', 'b' or 'c'" in English, said with the
    reader's own "or"."""

    options: tuple[str, ...]

    def __str__(self) -> str:
        quoted = [f"'{o}'" for o in self.options]
        return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


@dataclass(frozen=True)
class Named:
    """A refusal's value naming what the person must give or do. `cli` is how the CLI and the API name it
    (a flag, an action's id, an option's name: `str()` is that text, so their sentences keep it), `said`
    the English words a person at the table reads instead ("the damage trait"), a template marked N_ in
    the catalog of the code that raises it. Both are filled from `values` where they have places; a `cli`
    with words in it ("option {option}") may be a template in the catalogs too, for the CLI's other
    languages."""

    cli: str
    said: str
    values: dict[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return self.cli.format(**self.values) if self.values else self.cli


def option_rule(option: str, said: str) -> Named:
    """A table's option as a refusal names it: "option dp_stacking" to the CLI and the API, `said` (the
    rule in the table's words, marked N_ where it is used) to a person at the table."""
    return Named(N_("option {option}"), said, {"option": option})


def typed_only(cli: str, **values: Any) -> Named:
    """A hint only someone typing commands needs (" (--payer)"): the CLI and the API keep it, a person at
    the table reads nothing in its place (the board offers what it names)."""
    return Named(cli, "", values)


def do_first(action: str, said: str) -> Named:
    """An action to take before the one refused: "start_combat first" to the CLI and the API, `said` (what
    to do, in the table's words) to a person at the table."""
    return Named(N_("{action} first"), said, {"action": action})


class RunehallError(Exception):
    """Base of every error caused by input: the CLI turns it into exit code 2, the API into a 4xx.

    `message` is an English template whose `{places}` are filled from `values`; or `parts` are several
    refusals said together, "; " between them."""

    def __init__(self, message: str = "", /, *, parts: tuple[Refusal, ...] | list[Refusal] = (), **values: Any) -> None:
        self.parts: tuple[Refusal, ...] = tuple(parts) or (Refusal(message, values),)
        super().__init__("; ".join(str(part) for part in self.parts))


class Invalid(ValueError):
    """A validator's refusal inside a rules model (pydantic reports a ValueError next to its field): an
    English template and its values, said in the reader's language like any other refusal."""

    def __init__(self, message: str, /, **values: Any) -> None:
        self.template, self.values = message, values
        super().__init__(message.format(**values) if values else message)


class NotationError(RunehallError):
    """Dice notation that does not parse or exceeds the limits; `position` is 0-based. `message` is the
    problem's template, filled from `values`; the sentence adds where in the notation it is."""

    def __init__(self, message: str, notation: str, position: int, **values: Any) -> None:
        self.notation = notation
        self.position = position
        problem = Refusal(message, values)
        where = {"problem": problem, "position": position + 1, "notation": notation}
        super().__init__(parts=[Refusal(N_("{problem} at position {position} of {notation!r}"), where)])


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
