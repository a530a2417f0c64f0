"""Horses (spec 001c §10.4, A-48): bought for 150 VP at an outdoor adventure's start with the plotter's permission,
the profile, the upgrades at 25 VP each up to their caps, the Load of 20 and what each point beyond costs, and the
mounted rider's bonuses. Every refusal is one clear error and leaves the hero's VP as they were."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.systems.rune.horses import Horse, buy_horse, carrying, horse_rules, mounted, profile, upgrade_horse


def test_a_horse_for_150_vp() -> None:
    horse, left = buy_horse(200, outdoor=True, plotter_permits=True, at_start=True)
    assert left == 50 and horse == Horse()
    p = profile(horse)
    assert (p.init, p.atk, p.dfn, p.dam, p.soak, p.prot, p.hp, p.wt, p.res, p.move, p.might) == (
        6, 7, 1, 8, 0, 0, 48, 9, 1, 200, 10,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("vp", "outdoor", "permits", "start", "said"),
    [
        (500, False, True, True, "outdoor"),
        (500, True, False, True, "permission"),
        (500, True, True, False, "start"),
        (149, True, True, True, "149"),
    ],
)
def test_a_horse_refused(vp: int, outdoor: bool, permits: bool, start: bool, said: str) -> None:
    with pytest.raises(RulesError) as refused:
        buy_horse(vp, outdoor=outdoor, plotter_permits=permits, at_start=start)
    assert said in str(refused.value)


UPGRADES = [("hp", "hp", 10, 3), ("dfn", "dfn", 1, 3), ("move", "move", 10, 5), ("res", "res", 1, 6)]


@pytest.mark.parametrize(("upgrade", "stat", "step", "most"), UPGRADES)
def test_upgrades_up_to_their_caps(upgrade: str, stat: str, step: int, most: int) -> None:
    horse, vp = Horse(), 25 * most + 10
    base = getattr(profile(horse), stat)
    for n in range(1, most + 1):
        horse, vp = upgrade_horse(horse, upgrade, vp)
        assert getattr(profile(horse), stat) == base + n * step
    assert vp == 10
    with pytest.raises(RulesError, match=str(most)):
        upgrade_horse(horse, upgrade, 1000)
    with pytest.raises(RulesError, match="25"):
        upgrade_horse(Horse(), upgrade, 24)


def test_an_unknown_upgrade_is_refused() -> None:
    with pytest.raises(RulesError, match="HP, DFN, Move or Res"):
        upgrade_horse(Horse(), "wings", 100)


@pytest.mark.parametrize("load", [0, 19, 20, 21, 25, 40, 60])
def test_load_20_and_the_cost_of_each_point_beyond(load: int) -> None:
    # brute force: count the points beyond 20 one at a time
    over = sum(1 for point in range(1, load + 1) if point > horse_rules().load)
    assert carrying(Horse(), load) == (over, max(0, 200 - 10 * over))
    fast = Horse(upgrades={"move": 5})
    assert carrying(fast, load)[1] == max(0, 250 - 10 * over)


def test_a_negative_load_is_refused() -> None:
    with pytest.raises(RulesError):
        carrying(Horse(), -1)


def test_mounted_against_a_pedestrian() -> None:
    assert mounted(True, False, ride=4) == (3, 3, 4)
    assert mounted(True, True, ride=4) == (0, 0, 4)  # both mounted: no bonus, Ride still adds to Initiative
    assert mounted(False, False, ride=4) == (0, 0, 0)
