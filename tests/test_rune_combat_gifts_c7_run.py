"""Aura of Phlegmatic Acceptance at the end of an encounter run (spec 001b §2.5, A-05; encounters/run_aura.py):
+20X VP as the hero's gift VP when the encounter took him below 20 HP or to 4 Wounds, nothing otherwise; and
Buffeting Gale's later rounds down into the tally."""

from __future__ import annotations

from runehall.play.log import PlayLog
from runehall.present.words import words_for
from runehall.systems.rune.encounters.run_cards import card as run_card
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.gifts.formulas import aura_vp
from test_rune_combat_gifts_run import _do, _run

AURA = "Aura of Phlegmatic Acceptance"


def _state(log: PlayLog) -> RunState:
    state = log.state()
    assert isinstance(state, RunState)
    return state


def _settled(hp_left: int, x: int = 2) -> tuple[PlayLog, list[tuple[str, int, str | None]]]:
    log = _run({AURA: x})
    ragnar = next(c for c in _state(log).fights[-1].fight.combatants if c.name == "Ragnar")
    _do(log, "damage", [], who="Ragnar", raw=ragnar.hp - hp_left, soak=False)
    _do(log, "end_combat", [])
    before = len(_state(log).tally.events)
    _do(log, "settle", [])
    return log, [(e.kind, e.amount, e.hero) for e in _state(log).tally.events[before:]]


def test_aura_pays_20x_at_the_encounters_end_when_he_fell_below_20_hp() -> None:
    log, added = _settled(19, x=2)
    assert added == [("gift_bonus", aura_vp(2, True, False), "Ragnar")] == [("gift_bonus", 40, "Ragnar")]
    result = _state(log).settlement or {}
    assert result.get("gift_vp") == [{"hero": "Ragnar", "gift": "aura_of_phlegmatic_acceptance", "vp": 40}]
    for lang, said in (("en", "Ragnar: 40 VP (Aura of Phlegmatic Acceptance)"), ("es", "Ragnar: 40 PV")):
        card = run_card("settle", log.events[-1], words_for(lang, "rune"), "Runner")
        assert card is not None and any(said in r.value for r in card.rows)


def test_aura_pays_nothing_at_20_hp_a_05_and_undo_takes_the_award_back() -> None:
    log, added = _settled(20)
    assert added == []
    log.undo()
    assert _state(log).settlement is None
