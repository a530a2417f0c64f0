"""The exact odds of a trap's damage (spec 001c §6.1-§6.4; the mechanic `trap_damage`): the total of open-ended
damage dice in closed form, checked against counting every die's faces (explosions cut at a depth whose missing
probability bounds the difference), and the avoiding roll paired with the damage."""

from __future__ import annotations

from fractions import Fraction

import pytest

from runehall.chance.seeded import SeededSource
from runehall.systems.rune.encounters.trap_odds import DiceTotal, series, total_at_least, total_exactly
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.stress import AtLeast, AtMost, at_least, exactly
from runehall.systems.rune.trap_mechanics import TrapDamage, TrapDamageParams

TENTH = Fraction(1, 10)


def one_die(depth: int) -> tuple[dict[int, Fraction], Fraction]:
    """A stress die counted face by face, its open-ended rolls cut after `depth` dice: (weights, mass cut)."""
    out = {f: TENTH for f in range(2, 10)}
    for tens in range(depth):  # the open-ended value: `tens` 10s, then a face 1-9
        for j in range(1, 10):
            p = TENTH * TENTH ** (tens + 1)
            value = 10 * tens + j
            out[10 + value] = out.get(10 + value, Fraction(0)) + p
            out[-value] = out.get(-value, Fraction(0)) + p
    return out, 2 * TENTH * TENTH**depth


def counted(n: int, depth: int) -> tuple[dict[int, Fraction], Fraction]:
    die, _ = one_die(depth)
    dist = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for s, p in dist.items():
            for v, q in die.items():
                nxt[s + v] = nxt.get(s + v, Fraction(0)) + p * q
        dist = nxt
    return dist, 1 - sum(dist.values())  # every way a cut die could have gone is missing


def test_one_die_is_the_stress_die() -> None:
    for s in range(-35, 45):
        assert total_exactly(1, s) == exactly(s)
        assert total_at_least(1, s) == at_least(s)


@pytest.mark.parametrize("n", [2, 3])
def test_the_total_against_counting_every_die(n: int) -> None:
    brute, missing = counted(n, depth=3)
    assert 0 < missing < Fraction(1, 10**3)
    for s in range(-25, 10 * n + 25):
        exact = total_exactly(n, s)
        assert brute.get(s, Fraction(0)) <= exact <= brute.get(s, Fraction(0)) + missing, s
        above = sum((p for v, p in brute.items() if v >= s), Fraction(0))
        assert above <= total_at_least(n, s) <= above + missing, s


@pytest.mark.parametrize("n", [1, 2, 4, 8])
def test_the_band_and_its_tails_sum_to_one(n: int) -> None:
    low, high = -12, 6 * n + 12
    band = sum((total_exactly(n, s) for s in range(low, high + 1)), Fraction(0))
    assert band == total_at_least(n, low) - total_at_least(n, high + 1)
    dist = DiceTotal(n, low, high).dist()
    assert sum((p for _, p in dist.items()), Fraction(0)) == 1


def test_the_series_is_summed_exactly() -> None:
    x = Fraction(1, 100)
    by_hand = sum((Fraction(k * k + 3) * x**k for k in range(2, 60)), Fraction(0))
    assert abs(series(lambda k: Fraction(k * k + 3), 2, x, 2) - by_hand) < Fraction(1, 10**100)


def test_flat_damage_odds_against_the_roll_alone() -> None:
    """P(HP lost = h) for a flat Dam rating, summed independently from the stress die's exact faces."""
    params = TrapDamageParams(bonus=3, difficulty=8, dam=12, soak=6)
    chance = TrapDamage().chance(params, RuneOptions())
    resolve = TrapDamage().resolver(params, RuneOptions())
    dist = chance.dist()
    assert sum((p for _, p in dist.items()), Fraction(0)) == 1
    target = 8 - 3
    avoided = sum((p for k, p in dist.items() if resolve(k).avoided), Fraction(0))
    assert avoided == at_least(target)
    for hp in range(0, 30):
        want = sum((exactly(r) for r in range(target - 80, target) if max(0, max(0, 12 + target - r) - 6) == hp),
                   Fraction(0))  # fmt: skip
        got = sum((p for k, p in dist.items() if not resolve(k).avoided and resolve(k)[3:] == (hp, 0)),
                  Fraction(0))  # fmt: skip
        assert got == want, hp


def test_dice_damage_pairs_each_failure_with_the_dice() -> None:
    params = TrapDamageParams(bonus=1, difficulty=7, dice=2, soak=4, armour_prot=2, armour_ignoring=True)
    chance = TrapDamage().chance(params, RuneOptions())
    resolve = TrapDamage().resolver(params, RuneOptions())
    dist = chance.dist()
    assert sum((p for _, p in dist.items()), Fraction(0)) == 1
    failing_three = sum((p for (r, s), p in dist.items() if r == 3 and s is not None), Fraction(0))
    assert failing_three == exactly(3)  # the dice's outcomes share the roll's probability out
    got = resolve((3, 10))  # failed by 3, dice total 10: raw 13, Soak 4 less Prot 2
    assert (got.raw, got.hp_lost, got.beyond) == (13, 11, 0)
    assert resolve((3, AtLeast(43))).beyond == 1  # the dice's high tail: this damage or more
    low = resolve((3, AtMost(-31)))
    assert (low.raw, low.beyond) == (0, 0)  # -31 + 3 is below 0: exactly nothing
    assert resolve((AtMost(-55), None)) == (False, 61, 0, 0, 1)  # the roll's tail alone: 0 or more
    source = SeededSource(7)
    for _ in range(200):
        key = chance.key(chance.sample(source))
        assert (key[1] is None) == (key[0] >= 6)  # dice are rolled exactly when the roll fails


def test_001c_tv48_tv49_the_zone_moves_the_target() -> None:  # 001c TV-48, TV-49 through the mechanic
    danger = TrapDamageParams(difficulty=8, dam=10, zone="danger", zone_paces=80, distance=30)  # -5: needs 13
    safety = TrapDamageParams(difficulty=8, dam=10, zone="safety", zone_paces=70, distance=10)  # +6: needs 2
    for params, target in ((danger, 13), (safety, 2)):
        resolve = TrapDamage().resolver(params, RuneOptions())
        avoided = sum((p for k, p in TrapDamage().chance(params, RuneOptions()).dist().items() if resolve(k).avoided),
                      Fraction(0))  # fmt: skip
        assert avoided == at_least(target)
