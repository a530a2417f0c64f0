"""Data from outside (request bodies, form fields, uploaded and command-line files), checked in one place.

Python's JSON and TOML parsers recurse once per level of nesting, and so do pydantic, `json.dumps` and
the code that walks a payload: a few thousand brackets end in a RecursionError (a 500, or a traceback
on the command line). Nothing Runehall writes nests anywhere near MAX_DEPTH levels, so deeper input is
refused before it is parsed. Lone surrogates ("\\ud800", which JSON may spell as an escape) are not
Unicode: no file or database can store them, so they are refused too, and so are NaN and Infinity (not
JSON, and PostgreSQL's JSON cannot hold them).
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from itertools import accumulate
from typing import Any

from runehall.errors import N_, Refusal, RunehallError

MAX_DEPTH = 64
# The largest number a request may give where a sequence number is expected: JavaScript's largest exact
# integer, far below SQLite's and PostgreSQL's 64-bit INTEGER (a larger one overflowed there: a 500).
MAX_SEQ = 2**53
_STRINGS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = re.compile(rb"[^\[\]{}]")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class InputError(RunehallError):
    """Input nested too deeply, or text that is not Unicode."""


def _too_deep_text(raw: bytes) -> bool:
    """Whether JSON text opens more than MAX_DEPTH brackets at once (strings skipped), without parsing it."""
    brackets = _NOT_BRACKETS.sub(b"", _STRINGS.sub(b"", raw))
    return len(brackets) > MAX_DEPTH and max(accumulate(map(_STEP.__getitem__, brackets))) > MAX_DEPTH


def problem(value: Any) -> Refusal | None:
    """What makes parsed data unacceptable (too deep, a lone surrogate, a NUL), or None. No recursion."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return Refusal(N_("text must not contain NUL characters (\\u0000)"))
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return Refusal(N_("text must be Unicode (no lone surrogates such as \\ud800)"))
        elif isinstance(item, float):
            if not math.isfinite(item):
                return Refusal(N_("numbers must be finite (NaN and Infinity are not JSON)"))
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                return Refusal(N_("data nested deeper than {depth} levels"), {"depth": MAX_DEPTH})
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return None


def check(value: Any, what: str | Refusal = "the data") -> Any:
    """The value itself, or an InputError naming what is wrong with it."""
    found = problem(value)
    if found:
        named = _field(what)
        if named:
            raise InputError(parts=[Refusal(found.template, found.values, named[2], named[1])])
        raise InputError(N_("{what}: {found}"), what=what, found=found)
    return value


_FIELD = re.compile(r"(field|parameter) '([\w.]+)'")


def _field(what: str | Refusal) -> re.Match[str] | None:
    """`what` as a form's field or a command's parameter ("field 'void'"): its refusal is about that field,
    so a form can show it beside the field, in the reader's language."""
    return _FIELD.fullmatch(what) if isinstance(what, str) else None


def _refused(about: str, alone: str, what: str | Refusal, **values: Any) -> InputError:
    """`about` ("{what}: ...") said of `what`, or `alone` ("...") beside the field `what` names."""
    named = _field(what)
    if named:
        return InputError(parts=[Refusal(alone, values, named[2], named[1])])
    return InputError(about, what=what, **values)


def loads(text: str | bytes, what: str | Refusal = "the JSON") -> Any:
    """JSON text as data, refused (InputError) if too deep or not Unicode; json.JSONDecodeError as usual."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if _too_deep_text(raw):
        raise _refused(
            N_("{what}: data nested deeper than {depth} levels"),
            N_("data nested deeper than {depth} levels"),
            what,
            depth=MAX_DEPTH,
        )
    try:
        data = json.loads(raw)
    except UnicodeDecodeError:
        raise _refused(N_("{what}: not UTF-8 text"), N_("not UTF-8 text"), what) from None
    except json.JSONDecodeError:
        raise
    except ValueError as e:  # an integer of more digits than Python converts
        raise InputError(N_("{what}: {e}"), what=what, e=e) from None
    return check(data, what)


def loads_toml(text: str, what: str | Refusal = "the TOML") -> Any:
    """TOML text as data; tomllib.TOMLDecodeError as usual. tomllib recurses too: a RecursionError is
    caught here (it unwinds cleanly from the pure-Python parser) and the result's depth checked after."""
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise _refused(
            N_("{what}: data nested deeper than {depth} levels"),
            N_("data nested deeper than {depth} levels"),
            what,
            depth=MAX_DEPTH,
        ) from None
    return check(data, what)
