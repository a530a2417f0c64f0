"""English and Spanish (Babel catalogs), chosen per person: a cookie, else the browser's language.

The .po files are compiled in memory when first needed, so no binary catalog is kept in the repository.
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib import resources
from io import BytesIO

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LANGUAGES = {"en": "English", "es": "Español"}
DEFAULT = "en"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    if lang == DEFAULT:
        return gettext.NullTranslations()
    po = resources.files("runehall.web").joinpath("locale", lang, "LC_MESSAGES", "messages.po")
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer)


def choose(cookie: str | None, accept_language: str | None) -> str:
    if cookie in LANGUAGES:
        return cookie
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT
