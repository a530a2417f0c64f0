"""What a fight's moves mean for the victory-point tally (rune/encounters/feed.py, spec 001b §6.2-§6.5): read
from each move's stored result and the states around it, checked against the fight's own numbers."""

from __future__ import annotations

from runehall.systems.rune.combat import CombatState
from runehall.systems.rune.encounters.feed import Fact, facts
from test_rune_combat import Fight, fighter, hero


def _move(fight: Fight, action: str, faces: list[int], **params: object) -> tuple[CombatState, CombatState, dict]:
    before = fight.state
    result = fight.do(action, faces, **params)
    return before, fight.state, result


def test_damage_dealt_is_capped_at_the_foes_hp_left_and_a_kill_is_credited() -> None:  # 001b TV-55
    fight = Fight(hero("Ragnar", (0, 0), init=9, atk=9, dam=12), fighter("Goblin", (2, 0), atk=3, dfn=3, hp=10))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    before, after, result = _move(fight, "attack", [9, 2], who="Ragnar", target="Goblin")
    injury = result["attack"]["injury"]
    assert injury["hp_lost"] > 10  # more than the goblin had
    found = facts(before, after, result)
    assert Fact("damage", "Ragnar", "Goblin", 10) in found  # overkill earns nothing
    assert Fact("kill", "Ragnar", "Goblin") in found


def test_damage_taken_and_almost_down_and_death_of_a_hero() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=1, dfn=1, hp=22), fighter("Troll", (2, 0), init=9, atk=12, dam=20))
    fight.roll_all(Ragnar=[2], Troll=[9])
    before, after, result = _move(fight, "attack", [9, 2], who="Troll", target="Ragnar")
    lost = result["attack"]["injury"]["hp_lost"]
    assert lost > 0
    found = facts(before, after, result)
    assert Fact("hurt", "Ragnar", "Troll", lost) in found
    assert not any(f.kind == "damage" for f in found)  # a foe's blow earns no hero anything
    ragnar = {c.name: c for c in after.combatants}["Ragnar"]
    low = ragnar.hp <= 20 or ragnar.wounds == 4
    assert (Fact("almost_down", "Ragnar") in found) == (low and ragnar.health != "dead")  # a dead hero pays nothing
    assert (Fact("died", "Ragnar", "Troll") in found) == (ragnar.health == "dead")


def test_a_miss_gives_no_facts() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=9, atk=0), fighter("Goblin", (2, 0), dfn=9))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    before, after, result = _move(fight, "attack", [2, 9], who="Ragnar", target="Goblin")
    assert not result["attack"]["hit"]
    assert facts(before, after, result) == ()


def test_hero_against_hero_is_noted() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=9, atk=9, dam=12),
        hero("Thurid", (2, 0), init=1, dfn=1, side="rivals"),
        fighter("Goblin", (9, 9)),
    )
    fight.roll_all(Ragnar=[5], Thurid=[2], Goblin=[3])
    before, after, result = _move(fight, "attack", [9, 2], who="Ragnar", target="Thurid")
    lost = result["attack"]["injury"]["hp_lost"]
    found = facts(before, after, result)
    assert Fact("pvp", "Ragnar", "Thurid", lost) in found and Fact("hurt", "Thurid", "Ragnar", lost) in found


def test_a_dropped_dishonored_is_no_kill_and_the_head_destroyed_names_both_heroes() -> None:  # 001b TV-50
    from test_rune_combat_gallery import undead

    fight = Fight(
        hero("Ragnar", (0, 0), init=20, atk=7, dam=1), hero("Thurid", (2, 2), init=15), undead("Draugr", (2, 0))
    )
    fight.roll_all(Ragnar=[5], Thurid=[5], Draugr=[5])
    before, after, result = _move(fight, "attack", [5, 5], who="Ragnar", target="Draugr")
    dropped = facts(before, after, result)
    assert not any(f.kind == "kill" for f in dropped)  # down, not dead: it may rise again
    assert any(f.kind == "damage" and f.hero == "Ragnar" for f in dropped)
    before, after, result = _move(fight, "destroy_head", [], who="Thurid", target="Draugr")
    assert facts(before, after, result) == (Fact("kill", "Thurid", "Draugr", dropped_by="Ragnar"),)


def test_a_botch_striking_an_ally_is_a_mishap_not_a_blow_on_a_hero() -> None:
    """Fog of War (a botch beside an ally, its reroll a hit): the ally takes the damage, but nobody struck him on
    purpose, so no hero is charged for it (001b §6.5: only deliberate harm costs VP) and the runner's hero's
    botch is not refused as "turned on another hero"."""
    fight = Fight(
        hero("Ragnar", (0, 0), init=9), hero("Thurid", (1, 0), init=1), fighter("Goblin", (2, 0), dfn=3, side="foes")
    )
    fight.roll_all(Ragnar=[9], Thurid=[2], Goblin=[5])
    before, after, result = _move(fight, "attack", [1, 3, 5, 9], who="Ragnar", target="Goblin")  # botch, reroll 9
    fog = result["attack"]["fog_of_war"]
    assert fog["ally"] == "Thurid" and fog["injury"]["hp_lost"] > 0
    found = facts(before, after, result)
    assert Fact("hurt", "Thurid", None, fog["injury"]["hp_lost"]) in found  # damage taken all the same
    assert not any(f.kind == "pvp" for f in found)
