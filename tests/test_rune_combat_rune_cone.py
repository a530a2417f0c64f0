"""The Goblin Spike Club's Rune Power in a fight (spec 001b §2.6, 001b TV-12; combat/rune_cone.py): one cone of
rocks as it wakes, 10X paces long and 5X wide at its base, aimed at someone or somewhere; one ATK roll, everyone
inside (friend or foe) rolls DFN against it, a hit deals the margin + X less Soak; each one's exact chance of being
hit (cross-checked by a walk of the die's faces); refusals leaving the fight unchanged; the card in English and
Spanish; the board's move aimed at whom he names."""

from __future__ import annotations

from fractions import Fraction

from runehall.present.board import Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.board_view import board_view
from runehall.systems.rune.combat.rune_cone import hit_chance, in_cone
from runehall.systems.rune.combat.tracker import ACTIONS
from runehall.systems.rune.gifts.formulas import goblin_spike_club
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

CLUB = "rune_power_goblin_spike_club"
GM = Seat(runs=True)


def club_fight(level: int = 2, atk: int = 6) -> Fight:
    ragnar = hero("Ragnar", (0, 0), gift_ranks={CLUB: level}, weapons=[{"weapon": "goblin_spike_club", "init": 5,
                  "atk": atk, "dfn": 5, "dam": 6}])  # fmt: skip
    return Fight(ragnar, fighter("Goblin", (10, 0), dfn=4), hero("Sigrid", (15, -3), dfn=2),
                 fighter("Orc", (12, 3)), fighter("Troll", (21, 0)), new_encounter=False)  # fmt: skip


def test_tv12_the_cone_at_x_2_is_20_paces_long_10_wide_with_dam_2() -> None:
    size = goblin_spike_club(2)
    assert (size.length, size.width, size.dam) == (20, 10, 2)


def test_the_cone_by_whole_numbers_agrees_with_its_geometry_in_floating_point() -> None:
    apex, aim = (3, -2), (11, 4)  # a slanting line
    for x in range(-30, 31):
        for y in range(-30, 31):
            vx, vy, ax, ay = x - 3, y + 2, 8, 6
            t = (vx * ax + vy * ay) / 10
            off = abs(vx * ay - vy * ax) / 10
            expected = 0 < t <= 20 and off <= t * 10 / 40
            if abs(off - t / 4) > 1e-9 and abs(t - 20) > 1e-9:  # away from the edges, floating point is sure
                assert in_cone(apex, aim, (x, y), 20, 10) == expected, (x, y)
    assert in_cone((0, 0), (1, 0), (20, 5), 20, 10) and not in_cone((0, 0), (1, 0), (20, 6), 20, 10)
    assert not in_cone((0, 0), (1, 0), (0, 0), 20, 10) and not in_cone((0, 0), (1, 0), (-5, 0), 20, 10)


def walk(depth: int = 3) -> tuple[dict[int, Fraction], Fraction]:
    """One combat stress roll's results by its faces up to `depth` dice, and the chance left beyond."""
    found: dict[int, Fraction] = {}
    for first in range(2, 10):
        found[first] = found.get(first, Fraction(0)) + Fraction(1, 10)

    def open_end(sign: int, base: int, p: Fraction, left: int) -> Fraction:
        if left == 0:
            return p
        rest = Fraction(0)
        for face in range(1, 11):
            q = p / 10
            if face == 10:
                rest += open_end(sign, base + 10, q, left - 1)
            else:
                found[sign * (base + face)] = found.get(sign * (base + face), Fraction(0)) + q
        return rest

    beyond = open_end(1, 10, Fraction(1, 10), depth) + open_end(-1, 0, Fraction(1, 10), depth)
    return found, beyond


def test_the_chance_of_being_hit_matches_a_walk_of_the_faces() -> None:
    results, beyond = walk()
    for atk, dfn in ((6, 4), (6, 2), (2, 9), (9, 0)):
        brute = sum((p * q for a, p in results.items() for d, q in results.items() if a + atk >= d + dfn),
                    Fraction(0))  # fmt: skip
        assert abs(hit_chance(atk, dfn, True) - brute) <= 2 * beyond
        fixed = sum((p for a, p in results.items() if a + atk >= dfn), Fraction(0))
        assert abs(hit_chance(atk, dfn, False) - fixed) <= beyond


def test_the_cone_hits_everyone_inside_friend_or_foe_with_one_atk_roll() -> None:
    fight = club_fight()
    rolled = fight.do("use_gift", [9, 3, 5, 4], who="Ragnar", gift=CLUB, target="Goblin")  # ATK 9, then nearest first
    cone = rolled["cone"]
    names = [one["who"] for one in cone["caught"]]
    assert names == ["Goblin", "Orc", "Sigrid"]  # the Troll at 21 paces is beyond the 20
    assert cone["atk"]["total"] == 9 + 6 and cone["dam"] == 2
    goblin, orc, sigrid = cone["caught"]
    assert goblin["dfn"]["total"] == 3 + 4 and goblin["hit"] and goblin["tm"] == 15 - 7
    assert goblin["raw"] == 8 + 2 and goblin["soak"] == 3 and fight.who("Goblin").hp == 50 - (10 - 3)
    assert orc["dfn"]["total"] == 5 + 5 and orc["hit"] and fight.who("Orc").hp == 50 - (5 + 2 - 3)
    assert sigrid["dfn"]["total"] == 4 + 2 and sigrid["hit"] and fight.who("Sigrid").hp == 50 - (9 + 2 - 3)
    for one, dfn in ((goblin, 4), (orc, 5), (sigrid, 2)):
        assert Fraction(*one["hit_chance"]) == hit_chance(6, dfn, True)
    assert fight.who("Troll").hp == 50
    assert rolled["recharge"] == {"amount": 24, "unit": "hours"}
    fight.refuse("use_gift", "sleeps for 24 hours", [9, 5], who="Ragnar", gift=CLUB, target="Goblin")
    event = fight.log.events[-1]
    for lang in ("en", "es"):
        card = combat_card("use_gift", event, words_for(lang, "rune"))
        assert program_values(card.action + card.result) == [] and card.action
    text = str(combat_card("use_gift", event, words_for("en", "rune")))
    assert "the cone of rocks hits 3 of 3" in text and "chance of being hit" in text


def test_a_miss_and_a_place_named_and_a_cone_with_no_one_in_it() -> None:
    fight = club_fight(level=1, atk=0)  # 10 paces long, 5 wide: the Goblin at (10, 0) only
    cone = fight.do("use_gift", [2, 9], who="Ragnar", gift=CLUB, toward=[1, 0])["cone"]
    assert [one["who"] for one in cone["caught"]] == ["Goblin"]
    assert not cone["caught"][0]["hit"] and fight.who("Goblin").hp == 50
    assert "the rocks miss him" in str(combat_card("use_gift", fight.log.events[-1], words_for("en", "rune")))
    empty = club_fight(level=1)
    assert empty.do("use_gift", [5], who="Ragnar", gift=CLUB, toward=[0, 40])["cone"]["caught"] == []


def test_the_cone_needs_the_club_and_a_direction_and_is_offered_at_each_one_on_the_field() -> None:
    fight = club_fight()
    before = fight.state
    fight.refuse("use_gift", "needs a direction", [5], who="Ragnar", gift=CLUB)
    fight.refuse("use_gift", "away from where Ragnar stands", [5], who="Ragnar", gift=CLUB, toward=[0, 0])
    assert fight.state == before
    view = board_view(fight.state, words_for("en", "rune"), GM, ACTIONS, fight.log.option_values())
    moves = [m for m in view.moves if m.action == "use_gift"]
    assert [m.title for m in moves] == ["Wake the rune: Rune Power: Goblin Spike Club"]
    assert sorted(moves[0].targets or ()) == ["Goblin", "Orc", "Sigrid", "Troll"]
    bare = Fight(hero("Ragnar", (0, 0), gift_ranks={CLUB: 1}), fighter("Goblin", (2, 0)))
    bare.refuse("use_gift", "bears no Goblin Spike Club", who="Ragnar", gift=CLUB, target="Goblin")
    assert bare.who("Ragnar").gifted.runes == {}
