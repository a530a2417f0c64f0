"""The option register covers competitive play: every ambiguity the specs list for encounter design, foes,
terrain, roll structures, victory points and running the game (spec 001b §15 A-30..A-82; spec 001c §17, the
entries about §1-§5 and §11) is named by some entry of data/options.toml, and every option of RuneOptions is
described in docs/rules/rune.md."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from runehall.systems.data import read_data_file
from runehall.systems.rune.options import PACKAGE, RuneOptions

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules" / "rune.md"

# 001b §15: every entry from the budget on (A-01..A-29 are the Divine Gifts').
SPEC_001B = [f"001b A-{n}" for n in range(30, 83)]
# 001c §17: the entries whose rule lives in §1-§5 (pricing, roll structures, Multiple rolls) or §11 (running the
# game), including those the sample adventure raises about those rules.
SPEC_001C = [
    f"001c A-{n:02d}"
    for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 49, 50, 51, 60, 61, 63, 64, 65, 71, 72, 77, 81)
]
KINDS = {"assumption", "contradiction", "ocr", "book_check", "campaign", "engine"}


def entries() -> list[dict[str, Any]]:
    # Read the file itself (not options.register(), which is cached and keyed by id) so duplicates show.
    found: list[dict[str, Any]] = read_data_file(PACKAGE, "options.toml")["option"]
    return found


def test_every_competitive_ambiguity_has_an_entry() -> None:
    named = {a for e in entries() for a in e["assumptions"]}
    missing = [a for a in SPEC_001B + SPEC_001C if a not in named]
    assert not missing, missing


def test_the_ids_are_written_as_the_specs_number_them() -> None:
    """'001b A-31', never 'A-31' alone (001a's own are A1..A73, without the hyphen): a typo would hide a gap."""
    for entry in entries():
        for ref in entry["assumptions"]:
            assert re.fullmatch(r"A\d{1,2}|001[bc] (A|TV)-\d{2,3}", ref), (entry["id"], ref)


def test_the_entries_are_well_formed() -> None:
    ids = [e["id"] for e in entries()]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    for entry in entries():
        assert entry["kind"] in KINDS, entry["id"]
        assert isinstance(entry["configurable"], bool) and entry["question"], entry["id"]
        choices = entry.get("choices")
        if choices is not None:  # a settled reading lists the value it adopts among its choices
            assert entry["default"] in choices, entry["id"]


def test_a_settled_reading_is_no_switch() -> None:
    """The documentation entries added for these parts have no field: the code has no switch for them."""
    for entry in entries():
        refs = entry["assumptions"]
        if any(str(a).startswith("001") for a in refs) and not entry["configurable"]:
            assert entry["id"] not in RuneOptions.model_fields, entry["id"]


def test_every_option_is_in_the_rules_doc() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [name for name in RuneOptions.model_fields if f"`{name}`" not in text]
    assert not missing, missing


def test_every_competitive_option_has_a_row_in_the_doc() -> None:
    """Each entry of the register about 001b or 001c is a row of the doc's table of options for these parts."""
    text = DOC.read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `([a-z0-9_]+)` \|", text, flags=re.MULTILINE))
    for entry in entries():
        of_these_parts = str(entry["ref"]).startswith("001")
        if of_these_parts or any(str(a).startswith("001") for a in entry["assumptions"]):
            assert entry["id"] in rows, entry["id"]
