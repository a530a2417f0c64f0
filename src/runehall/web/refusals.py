"""The service's refusals in the reader's language, where the web shows them.

A refusal is an error raised with English templates (runehall.errors): the page says each of its parts
through runehall.present.refusals, in the table's system's words (its catalog, then the shared one, then
the web's), each field named as the form labels it. The API keeps the English sentence (`str(error)`).

A plain English sentence (a form's "field 'x': reason" parts, made before templates) is still said as far
as the catalogs can: a whole sentence found in the web's catalog, else each part with its field labelled
and its reason translated. What no catalog holds stays as the service said it.
"""

from __future__ import annotations

import re

from runehall.errors import Refusal, RunehallError
from runehall.present.refusals import by_field, say_part
from runehall.present.words import Words, words_for
from runehall.web.i18n import translations

WEB = "runehall.web"

# The request models' field names, as the web's forms label them (gettext ids already in the catalog).
FIELD_WORDS = {
    "text": "Message",
    "name": "Your name",
    "gm_name": "Your name",
    "invite_code": "Invite code",
    "password": "Table password",
    "visibility": "Who sees it",
}
# Reasons carrying a number or a list: the pattern, and the gettext id it is said with.
REASON_PATTERNS = [
    (re.compile(r"Input should be a valid integer.*"), "must be a whole number"),
    (re.compile(r"Input should be a valid number.*"), "must be a number"),
    (re.compile(r"Input should be greater than or equal to (?P<n>-?\d+)"), "at least %(n)s"),
    (re.compile(r"Input should be less than or equal to (?P<n>-?\d+)"), "at most %(n)s"),
    (re.compile(r"over its cap: at most (?P<n>-?\d+)"), "at most %(n)s"),
    (re.compile(r"Field required"), "is required"),
    (re.compile(r"at most (?P<n>\d+) characters"), "at most %(n)s characters"),
    (re.compile(r"at least (?P<n>\d+) characters"), "at least %(n)s characters"),
    (re.compile(r"Input should be (?P<what>.+)"), "must be one of %(what)s"),
    (
        re.compile(r"too many failed joins from your address: at most (?P<n>\d+) a minute"),
        "too many failed joins from your address: at most %(n)s a minute",
    ),
]
# Service sentences that speak of the API's machinery, said for someone at a page (the API keeps its own).
FOR_PEOPLE = {
    "unknown or revoked access token": "you have not joined this table in this browser, or your access was revoked",
    "this token belongs to another table": "you have not joined this table in this browser, or your access was revoked",
}
PART = re.compile(r"(?:field|parameter) '(?P<field>[\w.]+)': (?P<reason>.+)")


def in_language(
    message: str | RunehallError, lang: str, labels: dict[str, str] | None = None, system_id: str | None = None
) -> str:
    """`message` (a refusal, or one English sentence or a form's parts joined by "; ") said in `lang`.
    `labels` names a form's fields where they differ from FIELD_WORDS (Create table's `name`...), as
    English gettext ids or already in the reader's words; `system_id` is the table's system, whose words
    its rules' refusals are said in."""
    if isinstance(message, RunehallError):
        return _refusal(message, lang, labels, system_id)
    if not message:  # gettext("") is the catalog's header, not a refusal
        return ""
    said = translations(lang).gettext
    message = FOR_PEOPLE.get(message, message)
    whole = said(message)
    if whole != message:
        return whole
    words = {**FIELD_WORDS, **(labels or {})}
    return "; ".join(_part(part, lang, words) for part in message.split("; "))


def _part(part: str, lang: str, words: dict[str, str]) -> str:
    said = translations(lang).gettext
    found = PART.fullmatch(part)
    if not found:
        return _reason(part, lang)
    field = found["field"].split(".")[-1]
    label = said(words[field]) if field in words else field
    return said("%(field)s: %(reason)s") % {"field": label, "reason": _reason(found["reason"], lang)}


def _reason(reason: str, lang: str) -> str:
    said = translations(lang).gettext
    if said(reason) != reason:
        return said(reason)
    for pattern, words in REASON_PATTERNS:
        found = pattern.fullmatch(reason)
        if found:
            values = found.groupdict()
            if "what" in values:  # pydantic's "'public', 'gm', 'blind' or 'private'": the "or" in the language
                values["what"] = values["what"].replace(" or ", said(" or "))
            return said(words) % values
    return reason


def words_of(lang: str, system_id: str | None = None) -> Words:
    """The words a refusal is said in: the system's catalog, the shared one, then the web's."""
    try:
        base = words_for(lang, system_id)
    except RunehallError:  # an unknown system: the shared words still say its refusal
        base = words_for(lang)
    return Words(lang, (*base.packages, WEB))


def _refusal(error: RunehallError, lang: str, labels: dict[str, str] | None, system_id: str | None) -> str:
    english = str(error)
    if english in FOR_PEOPLE:
        return translations(lang).gettext(FOR_PEOPLE[english])
    words = words_of(lang, system_id)
    said = translations(lang).gettext
    named = {name: said(label) for name, label in {**FIELD_WORDS, **(labels or {})}.items()}
    shown = []
    for part in error.parts:
        if words.knows(part.template):  # a template (the catalogs hold every one)
            shown.append(say_part(part, words, named))
        else:  # a sentence made before templates (or one no catalog holds): said as far as the catalog can
            shown.append(in_language(str(part), lang, labels))
    return "; ".join(shown)


def by_field_in_language(error: RunehallError, lang: str, system_id: str | None = None) -> dict[str, str]:
    """The problems of `error` by the form control they belong beside (the first part of each field's
    path; "" for the request as a whole), each in `lang`. A part made before templates, "field 'x':
    reason" in English, is placed beside `x` with its reason said as far as the catalogs can."""
    words = words_of(lang, system_id)
    found: dict[str, list[str]] = {}
    for part in error.parts:
        top = part.where.split(".")[0] if part.where else ""
        if words.knows(part.template):
            reason = by_field(RunehallError(parts=[part]), words)[top]
        else:
            english = PART.fullmatch(str(part))
            top = english["field"].split(".")[0] if english else top
            reason = _reason(english["reason"] if english else str(part), lang)
        found.setdefault(top, []).append(reason)
    return {top: "; ".join(reasons) for top, reasons in found.items()}


def beside_fields(
    error: RunehallError, lang: str, system_id: str | None, labels: dict[str, str]
) -> tuple[dict[str, str], str]:
    """A form's refusal as it is shown: each problem beside the field it is about (`labels`: the form's
    field names -> their labels in the reader's words), in the page's language; and what belongs to no
    field of the form, said whole (its field named by its label where it has one)."""
    found = by_field_in_language(error, lang, system_id)
    placed = {name: said for name, said in found.items() if name in labels}
    words = words_of(lang, system_id)
    rest = [part for part in error.parts if (part.where.split(".")[0] if part.where else "") not in placed]
    shown = [
        say_part(part, words, labels) if words.knows(part.template) else in_language(str(part), lang, labels)
        for part in rest
        if words.knows(part.template) or _top_of_english(part) not in placed
    ]
    return placed, "; ".join(shown)


def _top_of_english(part: Refusal) -> str:
    english = PART.fullmatch(str(part))
    return english["field"].split(".")[0] if english else ""
