"""Nurturing of Yggdrasil at a haven of an encounter run (spec 001b §2.5, A-20; encounters/run_haven.py, the numbers
in gifts/healing.py): a treatment giving another hero 12 HP or more earns the healer 20X VP in the tally."""

from __future__ import annotations

from typing import Any

import pytest

import test_rune_encounter_haven as haven_tests
from runehall.chance.sources import ManualSource
from runehall.present.words import words_for
from test_rune_encounter_haven import hurt, state, table, treat


def test_twelve_hp_or_more_given_back_pays_20x_to_the_healer(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = haven_tests.setup

    def healer_gifted() -> dict[str, Any]:  # Ragnar, the healer of the haven tests, holds the gift
        given = plain()
        given["heroes"][0]["sheet"]["gifts"] = {"Nurturing of Yggdrasil": 2}
        return given

    monkeypatch.setattr(haven_tests, "setup", healer_gifted)
    seen = set()
    for faces in ([10, 9], [10, 5], [9], [5], [2]):
        log = table()
        hurt(log, "Thurid", 20)
        log.apply("give_gain", {"gain": "hut", "hero": "Ragnar"}, ManualSource([]))
        out = treat(log, faces, mode="hp")
        paid = [(e.amount, e.hero) for e in state(log).tally.events if e.kind == "gift_bonus"]
        earned = out["success"] and out["hp_gained"] >= 12
        seen.add(earned)
        if earned:
            assert out["gift_vp"] == [{"hero": "Ragnar", "gift": "nurturing_of_yggdrasil", "vp": 40}]
            assert paid == [(40, "Ragnar")]
            card = log.tracker.action("haven_heal").describe(log.events[-1], words_for("es", "rune"), "Ana")
            assert any("El sustento de Yggdrasil" in r.value for r in card.rows)
        else:
            assert "gift_vp" not in out and paid == []
        log.undo()
        assert [e for e in state(log).tally.events if e.kind == "gift_bonus"] == []
    assert seen == {True, False}  # both cases were met
