"""The exact odds of an attack before it is made (combat/attack_odds.py): the mechanic's odds of the numbers the
fight rolls with, checked against a brute force over both stress d10s played through the fight itself; they move
when a gift's condition holds; the attack move says them in the player's language."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from runehall.present.board import Seat
from runehall.present.words import words_for
from runehall.systems.rune.combat.attack_odds import AttackOdds, attack_odds
from test_rune_combat import Fight, fighter, hero

GM = Seat(runs=True)
DEPTH = 4  # faces followed after a first 10 or 1; what is cut off has a chance of 2 / 10**DEPTH a die


def sequences() -> list[tuple[list[int], int, Fraction]]:
    """Every stress d10 with up to DEPTH faces after a first 10 or 1: (faces, result, chance)."""
    found: list[tuple[list[int], int, Fraction]] = [([f], f, Fraction(1, 10)) for f in range(2, 10)]
    for first in (10, 1):
        for tens in range(DEPTH):
            for last in range(1, 10):
                faces = [first, *[10] * tens, last]
                value = 10 * tens + last
                found.append((faces, 10 + value if first == 10 else -value, Fraction(1, 10 ** (tens + 2))))
    return found


def duel() -> Fight:
    fight = Fight(
        hero("Ragnar", (0, 0), init=9, atk=7, dfn=6, dam=9, gift_ranks={"like_a_wind_tossed_leaf": 2}),
        fighter("Goblin", (2, 0), atk=6, dfn=4, dam=6, hp=14, wt=7),
    )
    fight.roll_all(Ragnar=[5], Goblin=[5])
    return fight


def exact(fight: Fight, who: str = "Ragnar", target: str = "Goblin") -> AttackOdds:
    weapon = fight.who(who).ready
    found = attack_odds(fight.state, fight.log.option_values(), who, target, weapon)
    assert found is not None
    return found


def test_the_odds_equal_a_brute_force_over_both_dice_played_through_the_fight() -> None:
    """001a §6.6-§6.7: each difference of the two rolls is played once as a real attack (its faces on the tape);
    the chances of hitting, wounding, downing and the HP lost on average, summed over both dice, match the
    exact odds within what the enumeration leaves out."""
    odds = exact(duel())
    rolls = sequences()
    played: dict[int, tuple[bool, int, int]] = {}
    hit = wound = down = mean = covered = Fraction(0)
    for (xf, x, px), (yf, y, py) in product(rolls, rolls):
        if x - y not in played:
            swing = duel().do("attack", [*xf, *yf], who="Ragnar", target="Goblin", ripostes=False)["attack"]
            injury = swing.get("injury", {})
            lost = int(injury.get("hp_lost", 0)) if swing["hit"] else 0
            played[x - y] = (bool(swing["hit"]), lost, int(injury.get("wounds_added", 0)))
        p = px * py
        covered += p
        ok, lost, wounds = played[x - y]
        hit += p * ok
        mean += p * lost
        wound += p * (wounds >= 1)
        down += p * (ok and lost >= 14)
    missing = 1 - covered
    assert 0 < missing < Fraction(5, 10**DEPTH)
    for brute, want in ((hit, odds.hit), (wound, odds.wound), (down, odds.down)):
        assert brute <= want + missing and want <= brute + missing
    assert abs(mean - odds.mean_lost) < missing * 200  # the tail's HP are bounded by the band
    assert 0 < odds.down < odds.wound < odds.hit < 1


def test_the_fights_damage_is_the_mechanics_on_the_same_dice() -> None:
    """One definition: the mechanic's outcome for the rolled difference is the fight's hit and HP lost."""
    from runehall.systems.rune.mechanics import Attack

    for seed in range(1, 30):
        fight = duel()
        params = exact(fight).params
        swing = fight.do("attack", seed=seed, who="Ragnar", target="Goblin")["attack"]
        key = swing["atk"]["result"] - swing["dfn"]["result"]
        result = Attack().resolve(params, fight.log.option_values(), key)
        assert result.hit == swing["hit"]
        assert result.damage == (swing["injury"]["hp_lost"] if swing["hit"] else 0)


def test_a_gifts_condition_changes_the_odds() -> None:
    """Like a Wind-Tossed Leaf: +2 on his DFN and Soak while he ducks and weaves (001b §2.5), so the goblin's
    chances against him fall; without the condition they are as for anyone."""
    fight = duel()
    fight.do("pass", who="Ragnar")
    plain = exact(fight, "Goblin", "Ragnar")
    ducking = fight.with_flags("Ragnar", maneuver="duck_and_weave")
    weapon = fight.who("Goblin").ready
    leaf = attack_odds(ducking, fight.log.option_values(), "Goblin", "Ragnar", weapon)
    assert leaf is not None
    assert leaf.hit < plain.hit and leaf.mean_lost < plain.mean_lost
    assert leaf.params.defence is not None and plain.params.defence is not None
    assert leaf.params.defence.total == plain.params.defence.total + 1 + 2  # duck and weave, the gift
    assert leaf.params.soak == plain.params.soak + 2


def test_working_out_the_odds_leaves_the_fight_unchanged() -> None:
    fight = duel()
    before = fight.state
    exact(fight)
    assert fight.state == before  # the working board opened the slot, not the fight


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("Goblin: hit", "at least one Wound", "HP lost on average")),
     ("es", ("Goblin: acierta", "al menos una Herida", "PV perdidos de media"))],
)  # fmt: skip
def test_the_attack_move_says_the_odds_in_the_players_language(lang: str, words: tuple[str, ...]) -> None:
    fight = duel()
    odds = exact(fight)
    said = words_for(lang, "rune")
    moves = fight.log.tracker.board(fight.state, said, GM).moves
    attack = next(m for m in moves if m.action == "attack" and m.actor == "Ragnar" and "Goblin" in m.targets)
    for part in words:
        assert part in attack.hint
    assert said.percent(odds.hit) in attack.hint
    assert "Fraction" not in attack.hint and "{" not in attack.hint
