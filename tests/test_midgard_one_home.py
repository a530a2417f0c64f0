"""Combat reads the character rules from their one home: names through rules() (with the book's other
names), quality bases, formulas and wound tracks through qualities.py, so options reach combat too."""

from __future__ import annotations

import pytest

from runehall.errors import ParameterError
from runehall.systems import registry
from runehall.systems.midgard import qualities
from runehall.systems.midgard.combat import gear
from runehall.systems.midgard.combat.build import CombatantSpec, build
from runehall.systems.midgard.combat.combatant import (
    Combatant,
    rune_code,
    skill_name,
    skill_rune,
    wound_penalty,
    wound_rank,
)
from runehall.systems.midgard.rules import rules
from test_midgard_combat import pc, villain

SYSTEM = registry.get("midgard")


def person(spec: dict[str, object], **options: object) -> Combatant:
    return build(CombatantSpec.model_validate(spec), SYSTEM.options(options))


def test_combat_names_are_the_rules_names_with_the_books_aliases() -> None:
    assert skill_name("Trade") == "Diplomacy" and skill_name("awareness") == "Alertness"
    assert skill_name("Seidr") == "Seid" and skill_rune("Blacksmithing") == "Th"
    assert rune_code("Odin") == "A" and rune_code("heimdall") == "H"
    with pytest.raises(ParameterError, match="unknown skill"):
        skill_name("Juggling")
    assert gear.weapon("Large Axe") is rules().melee("large_axe")
    assert gear.armour_type("Hardened Leather") is rules().armour_type("hardened_leather")
    trader = person(pc("t", skills={"Trade": 2}))
    assert trader.skills == {"Diplomacy": 2}


@pytest.mark.parametrize("kind,health,boxes", [("character", 5, 41), ("thane", 6, 30), ("shieldbearer", 5, 15)])
def test_combat_wound_tracks_come_from_qualities(kind: str, health: int, boxes: int) -> None:
    assert qualities.class_wound_track(health, kind).total == boxes
    assert qualities.class_wound_track(health, "warband").total == 0
    spec = pc("x", health=health) if kind == "character" else villain("x", kind, health - 3)
    c = person(spec)
    track = qualities.class_wound_track(health, kind)
    assert (c.wound_boxes, c.wound_penalties) == (track.boxes, track.penalties)


def test_wound_rank_and_penalty_agree_with_the_track() -> None:
    c = person(pc("x", health=5))
    track = qualities.wound_track(5)
    for wounds in range(track.total + 2):
        hurt = c.model_copy(update={"wounds": wounds})
        expected = qualities.wound_penalty(track, wounds)
        assert wound_penalty(hurt) == (track.penalties[-1] if expected == qualities.TAKEN_OUT else expected)
        assert wound_rank(hurt) == qualities.wound_rank(track, wounds)


def test_options_reach_combatants_built_from_stats() -> None:
    """wound_box_rounding, quality_base_below_4 and half_rounding now apply in combat as on the sheet."""
    down = person(pc("x", health=5), wound_box_rounding="down")
    assert down.wound_boxes == (15, 10, 7, 5, 2)
    thane = person(villain("t", "thane", 3, health=5), wound_box_rounding="down")
    assert thane.wound_boxes == (10, 7, 5, 2)
    weak = {"F": 1, "Th": 1, "A": 1, "H": 1, "T": 1}
    assert person(pc("w", runes=weak)).defence == 2
    assert person(pc("w", runes=weak), quality_base_below_4=0).defence == 1
    assert person(pc("c", runes={"Th": 5, "A": 3})).courage_bonus == 2
