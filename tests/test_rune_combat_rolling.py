"""The terrain's table rules inside Rune's combat tracker (spec 001b §11.3, §11.12): height against cover by the
table's option, and a character rolling down a slope into someone (Dodge or Res against 6: unaffected, both
fallen in a tangle, or knocked down while the roller rolls on). Dice are given face by face (ManualSource)."""

from __future__ import annotations

from typing import Any

from runehall.present.words import Words
from runehall.systems.rune.encounters.table_rules import cover_modifier, rolling_collision
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import fighter, hero
from test_rune_combat_terrain import BOW, field, start, zone


def shot_from(height: int, **options: Any) -> int:
    people = [hero("Ragnar", (0, 0), init=20, weapons=[BOW]), fighter("Goblin", (30, 0))]
    fight = start(field(zone("level", [-1, -1, 1, 1], height=height), people=people, **options))
    fight.do("condition", who="Goblin", cover="third")
    shot = fight.do("attack", [5], who="Ragnar", target="Goblin")["attack"]
    return int(shot["atk"].get("modifiers", {}).get("third cover", 0))


def test_height_never_turns_cover_into_a_bonus_unless_the_table_says_so() -> None:
    """001b TV-40 (derived): one-third cover (-3), the shooter 20 feet above: 0, not +3 (A-64)."""
    assert shot_from(20) == cover_modifier("third", 20, 0) == 0
    off = RuneOptions(cover_elevation_never_a_bonus=False)
    assert shot_from(20, cover_elevation_never_a_bonus=False) == cover_modifier("third", 20, 0, off) == 3


def rolling(dodge_faces: list[int], **options: Any) -> tuple[Any, dict[str, Any]]:
    """Ragnar's blow sends the Goblin rolling 42 paces east down the slope, at the Orc standing 8 paces on."""
    people = [
        hero("Ragnar", (0, 0), init=20, atk=9, dam=12),
        fighter("Goblin", (2, 0), dfn=3, hp=90, soak=3),
        fighter("Orc", (10, 0), init=1, res=3),
    ]
    fight = start(field(zone("slope", [-30, -30, 30, 30], up=[-1, 0]), people=people, **options))
    hit = fight.do("attack", [8, 2, 3, 5, *dodge_faces], who="Ragnar", target="Goblin")["attack"]
    return fight, hit["footing"]["rolls_down"]


def test_someone_who_dodges_the_roller_is_unaffected_and_stops_him() -> None:
    fight, rolled = rolling([5])  # Res 3 + 5 = 8 vs 6
    (met,) = rolled["collisions"]
    assert met["total"] == 8 and met["outcome"] == rolling_collision(8) == "unaffected"
    assert rolled["to"] == [9, 0] and rolled["stopped_by"] == "someone in the way"
    assert not fight.who("Orc").fallen


def test_a_near_miss_leaves_both_fallen_in_a_tangle() -> None:
    fight, rolled = rolling([2])  # 5 vs 6: short by 1
    assert rolled["collisions"][0]["outcome"] == "entangled" and rolled["to"] == [9, 0]
    orc, goblin = fight.who("Orc"), fight.who("Goblin")
    assert orc.fallen and goblin.fallen and orc.entangled_with == "Goblin" and goblin.entangled_with == "Orc"
    fight.refuse("attack", "tangled up", [5, 5], who="Goblin", target="Ragnar")


def test_a_tangled_defender_defends_at_minus_nine() -> None:
    fight, _ = rolling([2])
    fight.next_round(Ragnar=[5], Goblin=[5], Orc=[5])
    swing = fight.do("attack", [5, 5], who="Ragnar", target="Goblin", approach=True)["attack"]
    assert swing["dfn"]["modifiers"]["entangled"] == -9


def test_a_big_miss_knocks_him_down_and_the_roller_rolls_on() -> None:
    """001b A-74: failing by more than 5, he falls and the roller goes on (or is entangled, the table's option)."""
    fight, rolled = rolling([1, 9])  # a botch: -9 + 3 = -6
    assert rolled["collisions"][0]["outcome"] == "knocked_down" and rolled["to"] == [30, 0]
    assert fight.who("Orc").fallen and fight.who("Orc").entangled_with is None
    fight, rolled = rolling([1, 9], rolling_big_miss="entangled")
    assert rolled["collisions"][0]["outcome"] == "entangled" and rolled["to"] == [9, 0]


def test_the_collision_is_told_in_words() -> None:
    fight, _ = rolling([2])
    events = fight.log.to_json()["events"]
    for lang in ("en", "es"):
        card = combat_card("attack", events[-1], Words(lang))
        assert any("Orc" in r.label for r in card.rows)
