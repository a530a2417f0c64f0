"""The service's refusals in the reader's language, where the web shows them.

The service and the forms speak one English sentence (the API's and the CLI's words). The web page says it
in the page's language: a whole sentence found in the catalog, else a form's "field 'x': reason" parts,
each with its field named as the form labels it and its reason translated. What the catalog lacks stays
as the service said it.
"""

from __future__ import annotations

import re

from runehall.web.i18n import translations

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


def in_language(message: str, lang: str, labels: dict[str, str] | None = None) -> str:
    """`message` (one sentence, or a form's parts joined by "; ") said in `lang` as far as the catalog can.
    `labels` names a form's fields where they differ from FIELD_WORDS (Create table's `name`...)."""
    said = translations(lang).gettext
    message = FOR_PEOPLE.get(message, message)
    whole = said(message)
    if whole != message or not message:
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
