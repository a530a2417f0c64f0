"""The danger of the notes' fights beside the runner's design (rune/encounters/notes_risk.py): an estimate over
simulated fights for the heroes at the table, every figure with its margin, the same for the same design, never
called odds, and none for a design the rules refuse."""

from __future__ import annotations

from typing import Any

from rune_encounter_fixtures import setup
from runehall.play.log import PlayLog
from runehall.present.words import words_for
from runehall.systems.rune.encounters.run_state import RunState


def _preview(lang: str = "en", **change: object) -> tuple[Any, RunState]:
    log = PlayLog.start("rune", "encounter", {}, setup())
    state = log.state()
    assert isinstance(state, RunState)
    action = log.tracker.action("notes")
    values = {**action.fresh(state, log.option_values()), **change}
    return action.preview(state, values, log.option_values(), words_for(lang, "rune")), state


def test_the_first_draft_shows_the_danger_of_its_fight_for_these_heroes() -> None:
    shown, state = _preview()
    danger = [s for s in shown.sections if s.title.startswith("Danger of the fight")]
    assert len(danger) == 1
    rows = {r.label: r.value for r in danger[0].rows}
    assert {h.name for h in state.setup.heroes} <= set(rows)
    assert all("±" in rows[h.name] and "downed" in rows[h.name] for h in state.setup.heroes)
    assert "simulated fights" in danger[0].gloss and "odds" not in str(shown).lower()
    again, _ = _preview()
    assert again == shown  # seeded: the same design shows the same figures
    spanish, _ = _preview("es")
    assert any(s.title.startswith("Peligro del combate") for s in spanish.sections)


def test_no_danger_is_shown_for_a_design_the_rules_refuse() -> None:
    refused, _ = _preview(events=[])
    assert not any(s.title.startswith("Danger") for s in refused.sections)
