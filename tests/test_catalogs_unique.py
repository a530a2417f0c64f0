"""Each Spanish catalog defines every message once (gettext's msgfmt refuses a catalog with a message defined
twice, and babel would silently keep only one of the two)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "runehall"
CATALOGS = sorted(SRC.rglob("locale/es/LC_MESSAGES/messages.po"))
MSGID = re.compile(r'^msgid ("(?:[^"\\]|\\.)*")\s*$', re.MULTILINE)


def test_there_are_catalogs() -> None:
    assert len(CATALOGS) >= 4  # the shared words, the web's, and each system's with words of its own


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: str(p.relative_to(SRC)))
def test_every_message_is_defined_once(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    counted = Counter(m for m in MSGID.findall(text) if m != '""')
    assert [m for m, n in counted.items() if n > 1] == []
