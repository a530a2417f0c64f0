"""A refusal in the reader's language: the error's own template looked up in the catalogs and filled.

Errors are raised with an English template and its values (runehall.errors); the same template is the
catalog's msgid, so `say(error, words)` reads "Combate está limitado a 3" where the API says
"Combate is at most 3". A problem about one field names it as the form labels it (`labels`: the dotted
path's last part -> the label a person sees), else by the field's own name. What a refusal asks a person
to give or do (a runehall.errors.Named value: a flag, an action, an option) is said in the table's words,
except to someone typing commands (the CLI's `typed`), who is told what to type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.errors import Named, OneOf, Refusal, RunehallError
from runehall.present.words import N_, Words

FIELD_REASON = N_("{field}: {reason}")


def say(error: RunehallError, words: Words, labels: Mapping[str, str] | None = None, typed: bool = False) -> str:
    """Every problem of `error` in `words`' language, "; " between them. `typed`: for someone typing
    commands (the CLI), who is told the flags and actions to type rather than the table's words for them."""
    return "; ".join(say_part(part, words, labels, typed) for part in error.parts)


def say_part(part: Refusal, words: Words, labels: Mapping[str, str] | None = None, typed: bool = False) -> str:
    reason = _reason(part, words, typed)
    if not part.where:
        return reason
    name = part.where.split(".")[-1] if not part.where.split(".")[-1].isdigit() else part.where
    shown = (labels or {}).get(name) or (labels or {}).get(part.where.split(".")[0]) or name.replace("_", " ")
    return words(FIELD_REASON, field=shown, reason=reason)


def by_field(error: RunehallError, words: Words) -> dict[str, str]:
    """The problems about fields, by the first part of the field's path (the form control they belong
    beside), each in `words`' language; problems about the whole request under ""."""
    found: dict[str, list[str]] = {}
    for part in error.parts:
        top = part.where.split(".")[0] if part.where else ""
        reason = _reason(part, words)
        found.setdefault(top, []).append(reason)
    return {top: "; ".join(reasons) for top, reasons in found.items()}


def _reason(part: Refusal, words: Words, typed: bool = False) -> str:
    """The part's own sentence, without its field: values that are refusals themselves said in turn."""
    if not part.values:
        return words(part.template)
    values = {name: _value(value, words, typed) for name, value in part.values.items()}
    return words(part.template, **values)


def _value(value: Any, words: Words, typed: bool = False) -> Any:
    if isinstance(value, OneOf):  # each choice as the catalog says it, where it does ('experiencia')
        return words.join((f"'{words(o)}'" for o in value.options), alternatives=True)
    if isinstance(value, Named):  # what to give or do, in the table's words rather than a flag or an id
        values = {k: _value(v, words, typed) for k, v in value.values.items()}
        said = value.cli if typed else value.said
        return words(said, **values) if said else ""  # "" is the catalog's header, not a message
    if isinstance(value, Refusal):
        return say_part(value, words, typed=typed)
    if isinstance(value, RunehallError):
        return say(value, words, typed=typed)
    return value
