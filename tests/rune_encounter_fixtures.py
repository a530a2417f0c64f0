"""A four-hero Rune table for the encounter tests: hero sheets, legal and refused notes."""

from __future__ import annotations

import copy
from typing import Any

from test_rune_combat import RAGNAR_SHEET, THURID_SHEET

HEROES = ("Ragnar", "Thurid", "Bjorn", "Sigrid")


def heroes() -> list[dict[str, Any]]:
    sheets = (RAGNAR_SHEET, THURID_SHEET, RAGNAR_SHEET, THURID_SHEET)
    return [{"name": name, "sheet": copy.deepcopy(sheet)} for name, sheet in zip(HEROES, sheets, strict=True)]


def setup(runner: str = "Thurid", proxy: str = "Bjorn") -> dict[str, Any]:
    return {"title": "The goblin warren", "heroes": heroes(), "runner": runner, "proxy": proxy}


def notes(difficulty: int = 5, threat: str = "superior") -> dict[str, Any]:
    """Two Superior Dark Vikings for four heroes (Mix 2 + 2 = 4) and a door to force at `difficulty`."""
    door = {
        "id": "door", "name": "Force the iron door", "ability": "brawling", "characteristic": "str",
        "difficulty": difficulty, "purpose": "trap",
    }  # fmt: skip
    vikings = [{"id": f"v{i}", "name": f"Dark Viking {i}", "type": "dark_viking", "threat": threat} for i in (1, 2)]
    event = {"id": "hall", "summary": "A smoky hall of Loki's men", "rolls": [door], "combat": {"foes": vikings}}
    return {"title": "The goblin warren", "heroes": 4, "events": [event]}
