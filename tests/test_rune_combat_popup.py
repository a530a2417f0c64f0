"""Pop-up fire from full cover (spec 001b §11.3, A-63) in Rune's combat tracker: a missile shot from full cover
draws one opportunistic shot, after the action, from a missile-armed enemy picked at random (the runner's d10 on
the event's tape), treating the shooter as behind half cover; a headlong foe taking it loses its next action, a
crafty one does not. Dice are given face by face (ManualSource) unless a seed is named."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from runehall.chance.dice import StressDie
from runehall.play.log import PlayLog
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.missile import reach
from runehall.systems.rune.combat.popup import candidates
from runehall.systems.rune.speech.fights import combat_card
from runehall.systems.rune.stress import at_least, beats
from test_rune_combat import Fight, fighter, hero

BOW = {"weapon": "short_bow", "init": 1, "atk": 4, "dam": 6}
CLUB = {"weapon": "club", "init": 1, "atk": 3, "dfn": 3, "dam": 5}
SHOT_ATK = BOW["atk"]


def scene(howler_init: int = 1, **options: Any) -> Fight:
    """Ragnar with a bow behind full cover; a headlong and a crafty bowman 20 paces off, a clubman who has no
    missile; Ragnar acts first unless the Howler's INIT says otherwise."""
    fight = Fight(
        hero("Ragnar", (0, 0), weapons=[{**BOW, "init": 9, "atk": 5}, {**CLUB, "init": 9}]),
        fighter("Howler", (20, 0), weapons=[{**BOW, "init": howler_init}, CLUB], behaviour="headlong"),
        fighter("Smirker", (20, 8), weapons=[BOW, CLUB], behaviour="crafty"),
        fighter("Brute", (20, 16), weapons=[CLUB], behaviour="headlong"),
        options=options,
    )
    fight.do("condition", who="Ragnar", cover="full")
    fight.roll_all(Ragnar=[5], Howler=[5], Smirker=[5], Brute=[5])
    return fight


def faces_of(first: int) -> list[int]:
    """One stress roll settled by its first face (a botch or a triumph rolls one more die)."""
    return [first, 5] if first in (1, 10) else [first]


def shoot(fight: Fight, pick: int, shot: list[int], **more: Any) -> dict[str, Any]:
    """Ragnar's shot at the Howler (a 5), the d10 that picks who shoots back, that shot's faces."""
    result = fight.do("attack", [5, pick, *shot], who="Ragnar", target="Howler", weapon="short_bow", **more)
    fire = result["pop_up_fire"]
    assert isinstance(fire, dict)
    return fire


def test_only_missile_armed_enemies_who_reach_him_may_shoot_back() -> None:
    fight = scene()
    board = fight.board
    found = [o.name for o, _, _ in candidates(board, board.get("Ragnar"))]
    assert found == ["Howler", "Smirker"]  # the Brute has no missile
    assert all(reach(board, board.get(n), board.get("Ragnar"), board.get(n).weapon("short_bow")) for n in found)


def test_the_d10_picks_the_shooter_and_the_shot_treats_him_as_behind_half_cover() -> None:
    fight = scene()
    fire = shoot(fight, 3, [9])  # odd: the first of two candidates
    assert fire["candidates"] == ["Howler", "Smirker"] and fire["shooter"] == "Howler" and fire["picked_with"] == 3
    shot = fire["shot"]
    assert shot["kind"] == "pop-up fire" and shot["attacker"] == "Howler" and shot["target"] == "Ragnar"
    assert shot["atk"]["modifiers"] == {"half cover": -6}  # not full cover's -12
    assert shot["atk"]["total"] == 9 + SHOT_ATK - 6 and shot["hit"] is (9 + SHOT_ATK - 6 >= 6)
    assert fight.who("Ragnar").cover == "full"  # he ducks back behind it
    fire = scene().do("attack", [5, 4, 9], who="Ragnar", target="Howler", weapon="short_bow")["pop_up_fire"]
    assert fire["shooter"] == "Smirker"  # even: the second


def test_a_shot_from_anything_less_than_full_cover_draws_nothing() -> None:
    fight = scene()
    fight.do("condition", who="Ragnar", cover="half")
    result = fight.do("attack", [5], who="Ragnar", target="Howler", weapon="short_bow")
    assert "pop_up_fire" not in result
    fight.refuse("pass", "no action left", who="Ragnar")


def test_a_melee_blow_from_full_cover_is_no_pop_up() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=9), fighter("Goblin", (2, 0), weapons=[CLUB, BOW]))
    fight.do("condition", who="Ragnar", cover="full")
    fight.roll_all(Ragnar=[5], Goblin=[5])
    assert "pop_up_fire" not in fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    fight.refuse("attack", "only someone shooting from full cover", [5, 5], who="Goblin", target="Ragnar",
                 weapon="club", pop_up_dodge=True)  # fmt: skip


def test_the_headlong_shooter_loses_his_next_action_this_round() -> None:
    fight = scene()
    fire = shoot(fight, 1, [2])
    assert fire["loses_action"] == {"who": "Howler", "when": "this_round"}
    assert fight.board.entries["Howler"].steps == ()
    assert fight.board.next_up() == ("Smirker", 6)


def test_the_crafty_shooter_keeps_his_next_action() -> None:
    fight = scene()
    fire = shoot(fight, 2, [2])
    assert fire["shooter"] == "Smirker" and "loses_action" not in fire
    assert fight.board.entries["Smirker"].steps == (6,)


@pytest.mark.parametrize(
    ("rule", "pick", "loser"),
    [
        ("headlong_foe_only", 2, None),  # the crafty Smirker shoots: nobody loses anything
        ("shooter_always", 2, "Smirker"),  # whoever shoots, whatever his icon
        ("pop_up", 1, "Ragnar"),  # the one who rose from cover, the headlong Howler keeping his
    ],
)
def test_who_loses_an_action_follows_the_tables_reading(rule: str, pick: int, loser: str | None) -> None:
    """Option pop_up_fire_lost_action (001b A-63): the default, or the other readings a table may choose."""
    fight = scene(pop_up_fire_lost_action=rule)
    fire = shoot(fight, pick, [2])
    assert fire.get("loses_action", {}).get("who") == loser
    kept = {n: fight.board.entries[n].steps for n in ("Howler", "Smirker")}
    assert kept == {n: () if n == loser else (6,) for n in ("Howler", "Smirker")}
    if loser == "Ragnar":
        assert fight.board.entries["Ragnar"].steps == () and fight.who("Ragnar").loses_action


def test_a_headlong_shooter_who_has_acted_loses_his_first_action_next_round() -> None:
    fight = scene(howler_init=12)  # one action, at 17, before Ragnar's 14
    fight.do("pass", who="Howler")
    fire = shoot(fight, 1, [2])
    assert fire["loses_action"] == {"who": "Howler", "when": "next_round"} and fight.who("Howler").loses_action
    while (up := fight.board.next_up()) is not None:
        fight.do("pass", who=up[0])
    fight.do("end_round")
    rolled = fight.do("initiative", [5], who="Howler")
    assert rolled["lost_action"] == [17] and rolled["steps"] == []  # his one action is gone
    assert not fight.who("Howler").loses_action


def test_the_pop_up_fire_is_undone_with_the_shot() -> None:
    fight = scene()
    before = fight.state
    shoot(fight, 1, [10, 9])  # a triumph: 19 + 4 - 6 hits
    assert fight.who("Ragnar").hp < before.combatants[0].hp
    fight.log.undo()
    assert fight.state == before


@pytest.mark.parametrize("dodge", [False, True])
def test_the_shots_chance_is_exact(dodge: bool) -> None:
    """The chance the card shows is the rule's: at_least of the Difficulty less the shooter's fixed part, or his
    total against the dodger's (two stress rolls)."""
    fight = scene()
    shot = [5, 7] if dodge else [5]
    fire = shoot(fight, 1, shot, pop_up_dodge=dodge)
    fixed = SHOT_ATK - 6
    dodge_bonus = fight.who("Ragnar").dodge or 0
    expected = beats(dodge_bonus - fixed) if dodge else at_least(6 - fixed)
    assert Fraction(fire["hit_chance"]) == expected


def test_the_shots_chance_equals_brute_force_over_the_dice() -> None:
    """Every first face of the shooter's stress die, played through the tracker: the share of hits is the chance
    the event records (a botch or a triumph settles it against a Difficulty of 8 whatever follows)."""
    hits, chances = 0, set()
    for first in range(1, 11):
        for then in (2, 9):  # the die after a botch or a triumph makes no difference here
            fire = shoot(scene(), 1, [first, then] if first in (1, 10) else [first])
            chances.add(fire["hit_chance"])
            if then == 2:
                hits += fire["shot"]["hit"]
            if first not in (1, 10):
                break
    assert chances == {str(Fraction(hits, 10))} and Fraction(hits, 10) == Fraction(3, 10)


def test_beats_matches_brute_force_over_both_dice() -> None:
    """The dodged shot's chance against a truncated enumeration of the two stress dice (the rest is < 1e-9)."""
    dist = StressDie(depth=5).dist()
    items = list(dist.items()) if hasattr(dist, "items") else list(dist.probabilities().items())
    for c in (-4, 0, 3, 9):
        brute = sum((px * py for x, px in items for y, py in items if x >= y + c), Fraction(0))
        assert abs(brute - beats(c)) < Fraction(1, 10**6)


def test_the_random_choice_is_reproducible_from_the_stored_roll() -> None:
    for seed in range(1, 9):
        fight = scene()
        result = fight.do("attack", seed=seed, who="Ragnar", target="Howler", weapon="short_bow")
        fire = result["pop_up_fire"]
        event = fight.log.to_json()["events"][-1]
        faces = [int(d[1]) for d in event["tape"]]
        assert fire["picked_with"] in faces  # the pick's face is on the tape
        assert fire["candidates"][(fire["picked_with"] - 1) % 2] == fire["shooter"]
        again = PlayLog.from_json(fight.log.to_json())
        assert again.state() == fight.state  # replayed from the stored dice, the same shooter and shot


def test_pop_up_fire_is_told_in_both_languages() -> None:
    fight = scene()
    shoot(fight, 1, [2])
    event = fight.log.to_json()["events"][-1]
    told = {}
    for lang in ("en", "es"):
        card = combat_card("attack", event, words_for(lang, "rune"))
        text = " ".join(f"{r.label} {r.value}" for r in card.rows)
        assert "Howler" in text and all(not program_values(f"{r.label} {r.value}") for r in card.rows)
        told[lang] = text
    assert "Pop-up fire" in told["en"] and "Pop-up fire" not in told["es"]
    fight = scene(howler_init=12)
    fight.do("pass", who="Howler")
    shoot(fight, 1, [2])
    while (up := fight.board.next_up()) is not None:
        fight.do("pass", who=up[0])
    fight.do("end_round")
    fight.do("initiative", [5], who="Howler")
    event = fight.log.to_json()["events"][-1]
    for lang in ("en", "es"):
        rows = combat_card("initiative", event, words_for(lang, "rune")).rows
        assert any("17" in r.value for r in rows[1:]) and all(not program_values(r.value) for r in rows)
