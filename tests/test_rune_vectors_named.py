"""Every test vector of Rune's competitive play is named by a test (issues 14 and 15): 001b §14.1-§14.7 and 001c
§16.1 to §16.5, "001b TV-NN" / "001c TV-NN" (both specs number from TV-01, so the spec prefix is
part of the name). The ids are kept here (ISSUE_VECTORS), so the check runs wherever the tests do; where the specs
are beside the project (../shared/specs, or RUNEHALL_SPECS), the ids are read from the spec text too and must
agree."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# The specs live beside the project (../shared/specs); RUNEHALL_SPECS points elsewhere.
SPECS = Path(os.environ.get("RUNEHALL_SPECS", TESTS.parent.parent / "shared" / "specs"))
# spec prefix, file, headings of the sections whose vectors must be named (up to the next heading of that level)
SECTIONS = {
    "001b": ("001b-rune-gifts-encounters.md", ("14.1", "14.2", "14.3", "14.4", "14.5", "14.6", "14.7")),
    "001c": ("001c-rune-traps-treasure-play.md", ("16.1", "16.2", "16.3", "16.4", "16.5")),
}
# a vector is defined where a list item or a table row starts with its id: "* **TV-14 (book) ..." / "| TV-01 |"
DEFINED = re.compile(r"^(?:\*\s+\*\*|\|\s*)TV-(\d+[a-z]?)\b", re.MULTILINE)


def section(text: str, number: str) -> str:
    """The body of the section headed "### <number> ..." up to the next heading of the same or a higher level."""
    start = re.search(rf"^### {re.escape(number)}\s.*$", text, re.MULTILINE)
    assert start, f"no section {number}"
    end = re.compile(r"^#{1,3} ", re.MULTILINE).search(text, start.end())
    return text[start.end() : end.start() if end else len(text)]


ISSUE_VECTORS = {
    "001b": [f"001b TV-{n:02d}" for n in range(1, 13)]  # TV-13 is in parts a-f only
    + [f"001b TV-13{s}" for s in "abcdef"]
    + [f"001b TV-{n}" for n in range(14, 69)],
    "001c": [f"001c TV-{n:02d}" for n in range(1, 10)] + [f"001c TV-{n}" for n in range(10, 108)],
}


def vector_ids(spec: str) -> list[str]:
    """The vectors of the issue's sections: read from the spec where it is at hand, else the list kept here."""
    name, numbers = SECTIONS[spec]
    path = SPECS / name
    if not path.is_file():
        return ISSUE_VECTORS[spec]
    text = path.read_text(encoding="utf-8")
    return [f"{spec} TV-{n}" for number in numbers for n in DEFINED.findall(section(text, number))]


def named_in_tests() -> set[str]:
    found: set[str] = set()
    for path in TESTS.glob("test_rune_*.py"):
        if path.name != Path(__file__).name:
            found.update(re.findall(r"\b(001[bc] TV-\d+[a-z]?)\b", path.read_text(encoding="utf-8")))
    return found


def test_the_sections_hold_the_vectors_the_issue_counts() -> None:
    # a guard on the parser: the spec's ranges as the issue names them (001b TV-14..TV-68, 001c TV-01..TV-107);
    # if the spec grows, the parsed list grows with it and this floor still holds
    b, c = vector_ids("001b"), vector_ids("001c")
    assert {f"001b TV-{n}" for n in range(14, 69)} <= set(b)
    assert {f"001c TV-{n:02d}" for n in range(1, 10)} | {f"001c TV-{n}" for n in range(10, 108)} <= set(c)
    assert len(b) == len(set(b)) and len(c) == len(set(c))
    # §14.1 (Divine Gifts): TV-01..TV-12, then TV-13 in parts a-f (no TV-13 of its own)
    assert {f"001b TV-{n:02d}" for n in range(1, 13)} | {f"001b TV-13{s}" for s in "abcdef"} <= set(b)
    assert "001b TV-13" not in b


@pytest.mark.parametrize("spec", sorted(SECTIONS))
def test_every_vector_is_named_by_a_test(spec: str) -> None:
    missing = [vector for vector in vector_ids(spec) if vector not in named_in_tests()]
    assert not missing, f"no tests/test_rune_*.py names {missing}"
