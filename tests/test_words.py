"""Every sentence a person reads has Spanish: each package's marked messages are in its Spanish catalog.

Messages are marked where they are written: `words("...")` / `_("...")` (translated at once),
`N_("...")` (a label kept in a table, translated when shown) and `words.n("one", "many", count)`. The
catalog of a system (its folder's locale/es) or the shared one (runehall/present/locale/es) must hold each.
"""

from __future__ import annotations

from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from runehall.present.words import SHARED, Words, catalog, words_for
from runehall.systems import registry

KEYWORDS = {"_": None, "N_": None, "words": None, "n": (1, 2)}


def _packages() -> list[str]:
    systems = [type(s).__module__ for s in registry.systems().values()]
    return [SHARED, *sorted(p for p in systems if p.startswith("runehall."))]


def _marked(package: str) -> set[str]:
    folder = Path(str(resources.files(package)))
    found = extract_from_dir(str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS)
    return {m[2] if isinstance(m[2], str) else m[2][0] for m in found}


@pytest.mark.parametrize("package", _packages())
def test_every_marked_message_has_spanish(package: str) -> None:
    known = {**catalog(SHARED, "es"), **catalog(package, "es")}
    missing = sorted(m for m in _marked(package) if m not in known)
    assert not missing, f"{package}: no Spanish for {missing}"


def test_the_extraction_finds_marked_messages() -> None:
    # The check above would pass on an empty extraction: make sure it sees what is marked.
    assert "{value} or less" in _marked(SHARED)
    assert "{who} rolls {notation}" in _marked("runehall.systems.dice")


def test_words_translate_fill_and_fall_back() -> None:
    es, en = words_for("es", "dice"), words_for("en", "dice")
    assert es("{who} rolls {notation}", who="Astrid", notation="2d6") == "Astrid tira 2d6"
    assert en("{who} rolls {notation}", who="Astrid", notation="2d6") == "Astrid rolls 2d6"
    assert es("{value} or more", value="7") == "7 o más"  # the shared catalog behind the system's
    assert Words("xx").lang == "en"


def test_numbers_and_percentages_follow_the_language() -> None:
    es, en = Words("es"), Words("en")
    assert en.percent(Fraction(5, 8)) == "62.5%"
    assert es.percent(Fraction(5, 8)) == "62,5\xa0%"
    assert en.percent(Fraction(1, 1)) == "100%"
    assert en.percent(Fraction(1, 10**6)) == "<0.1%"  # never a misleading 0 %
    assert en.percent(1 - Fraction(1, 10**6)) == ">99.9%"
    assert es.number(Fraction(21, 2)) == "10,5"
    assert en.join(["a", "b", "c"]) == "a, b, and c"
    assert es.join(["a", "b", "c"]) == "a, b y c"
