"""The words people read, in their language: one catalog for the shared vocabulary, one per game system.

Sentences are made when they are shown, from stored data, never stored as text: a log reads in each
reader's language. English is the source text in code (`_("{who} rolls", who=...)` with `_` a `Words`);
Spanish comes from the `locale/es/LC_MESSAGES/messages.po` catalog beside the code that uses it (a system's
own folder for its game words, `runehall/present/` for the shared ones). tests/test_words.py extracts every
marked message and fails on any without Spanish, so nothing English reaches a Spanish page.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

LANGUAGES = ("en", "es")
DEFAULT = "en"
SHARED = "runehall.present"  # the package whose catalog holds the shared vocabulary


def N_(message: str) -> str:  # the gettext convention for "mark now, translate when shown"
    """Mark text for the catalog where it is defined (a label in a table); it is translated when shown."""
    return message


@cache
def catalog(package: str, lang: str) -> dict[str, str | tuple[str, ...]]:
    """A package's translations into `lang` (msgid -> text, or the plural forms); empty for English."""
    if lang == DEFAULT:
        return {}
    try:
        po = resources.files(package).joinpath("locale", lang, "LC_MESSAGES", "messages.po")
    except TypeError:  # a system in a single module (not a package) has no catalog beside it
        return {}
    if not po.is_file():
        return {}
    with po.open("rb") as f:
        messages = read_po(f, locale=lang)
    found: dict[str, str | tuple[str, ...]] = {}
    for m in messages:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, tuple | list) and isinstance(m.string, tuple | list):
            if all(m.string):
                found[str(m.id[0])] = tuple(str(form) for form in m.string)
        elif isinstance(m.id, str) and isinstance(m.string, str) and m.string:
            found[m.id] = m.string
    return found


class Words:
    """Translate and format for one language, looking in the given packages' catalogs in order."""

    def __init__(self, lang: str, packages: tuple[str, ...] = (SHARED,)) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self.packages = packages
        self.locale = Locale.parse(self.lang)

    def _find(self, message: str) -> str | tuple[str, ...] | None:
        for package in self.packages:
            found = catalog(package, self.lang).get(message)
            if found is not None:
                return found
        return None

    def knows(self, message: str) -> bool:
        """Whether a catalog holds `message` (English is the source text: it knows what the catalogs hold)."""
        return any(message in catalog(package, "es") for package in self.packages)

    def __call__(self, message: str, **values: Any) -> str:
        """`message` in this language, with `{name}` places filled from `values`."""
        found = self._find(message)
        text = found if isinstance(found, str) else message
        return text.format(**values) if values else text

    def n(self, singular: str, plural: str, count: int, **values: Any) -> str:
        """The form for `count` (English and Spanish both use the singular for 1 alone); `{n}` is the count."""
        found = self._find(singular)
        forms = found if isinstance(found, tuple) else (singular, plural)
        return forms[0 if count == 1 else 1].format(n=self.number(count), **values)

    def number(self, value: int | Fraction) -> str:
        """A number to two decimals at most, in the language's digits ("10.5" / "10,5")."""
        return _number(value, str(self.locale))

    def percent(self, p: Fraction) -> str:
        """A probability as people read it, to 0.1 %: "62.5%" / "62,5 %"; never a 0 or 100 that is not exact."""
        if 0 < p < Fraction(1, 1000):
            return "<" + self._percent(Decimal("0.001"))
        if Fraction(999, 1000) < p < 1:
            return ">" + self._percent(Decimal("0.999"))
        value = (Decimal(p.numerator) / Decimal(p.denominator)).quantize(Decimal("0.001"))
        return self._percent(value)

    def _percent(self, value: Decimal) -> str:
        # The language's own pattern (Spanish puts a space before %), with as many decimals as the value has.
        return format_percent(value.normalize(), locale=self.locale, decimal_quantization=False)

    def join(self, items: Iterable[str], alternatives: bool = False) -> str:
        """"a, b, and c" / "a, b y c" ("a, b, or c" / "a, b o c" for alternatives)."""
        listed = list(items)
        return format_list(listed, style="or" if alternatives else "standard", locale=self.locale) if listed else ""


@cache
def words_for(lang: str, system_id: str | None = None) -> Words:
    """The words of a system (its own catalog first, then the shared one), or the shared ones alone."""
    if system_id is None:
        return Words(lang)
    from runehall.systems import registry

    package = type(registry.get(system_id)).__module__
    return Words(lang, (package, SHARED))


ENGLISH = Words(DEFAULT)
"""The shared words in English: the API's JSON labels and the default where no reader is known."""


@lru_cache(maxsize=4096)
def _number(value: int | Fraction, locale: str) -> str:
    """Words.number's formatting, kept: a log page says the same small numbers hundreds of times."""
    exact = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) else Decimal(value)
    return format_decimal(exact, "#,##0.##", locale=locale)
