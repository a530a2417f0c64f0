"""The options that change a single cast, in the cast, opposed and contested mechanics' rolls and exact odds:
face_2 (reroll, merkstave), future_cap_all_sources off, future_on_failure applies, merkstave_policy ask_gm
and speed_clamped. Each has (a) a small case worked out by hand, different from the default, and (b) its
exact odds equal to brute-force enumeration of every face tape; and the combat tracker's cast agrees with
the single cast's resolver under every setting.

Brute force with face_2 reroll: a 2 may be rolled again without end, so the tapes are cut after a few
draws and the cut tapes left out. How often a die was rolled again says nothing about the face it kept
(uniform on the other seven), so the tapes that were not cut, weighed by their probability and
normalised, give the exact distribution, not an approximation.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from brute import ReplaySource, enumerate_outcomes
from runehall.chance.sources import ManualSource, Source
from runehall.systems import registry
from runehall.systems.midgard.cast import CastRules, Stones, final_speed, resolve
from runehall.systems.midgard.cast_odds import RunePool
from runehall.systems.midgard.combat import casting
from runehall.systems.midgard.combat.state import CastRecord

SYSTEM = registry.get("midgard")
F = Fraction
NON_DEFAULT: list[tuple[str, Any]] = [
    ("face_2", "reroll"),
    ("face_2", "merkstave"),
    ("future_cap_all_sources", False),
    ("future_on_failure", "applies"),
    ("merkstave_policy", "ask_gm"),
    ("speed_clamped", True),
]


def odds(name: str, options: dict[str, Any], **params: Any) -> Any:
    mechanic = SYSTEM.mechanic(name)
    return mechanic.odds(mechanic.parse_params(params), SYSTEM.options(options))


def view(name: str, view_name: str, options: dict[str, Any], **params: Any) -> dict[Any, Fraction]:
    return dict(odds(name, options, **params).views[view_name].items())


def outcomes(name: str, options: dict[str, Any], **params: Any) -> dict[Any, Fraction]:
    return dict(odds(name, options, **params).outcomes.items())


def field(name: str, attr: str, options: dict[str, Any], **params: Any) -> dict[Any, Fraction]:
    """The distribution of one field of the outcome."""
    out: dict[Any, Fraction] = {}
    for o, p in outcomes(name, options, **params).items():
        out[getattr(o, attr)] = out.get(getattr(o, attr), F(0)) + p
    return out


def roll(name: str, faces: list[int], options: dict[str, Any], **params: Any) -> Any:
    mechanic = SYSTEM.mechanic(name)
    return mechanic.roll("midgard", mechanic.parse_params(params), SYSTEM.options(options), ManualSource(faces))


# -- (a) worked by hand -----------------------------------------------------------------------------------
def test_face_2_reroll_makes_each_die_one_of_seven() -> None:
    """A kept face is uniform on 1, 3..8: Past or free with 4/7 (1/2 by default), Outcome or free 4/7."""
    reroll = {"face_2": "reroll"}
    assert view("cast", "success", {}, rune=1, difficulty=1)[True] == F(1, 2)
    assert view("cast", "success", reroll, rune=1, difficulty=1)[True] == F(4, 7)
    assert view("cast", "success", reroll, rune=2, difficulty=2)[True] == F(16, 49)
    assert view("cast", "margin", reroll, rune=1, difficulty=0) == {0: F(3, 7), 1: F(4, 7)}
    # Opposed (A wins with Past or, on a tie at 0, with Outcome: faces 3, 5-8) and contested (A must succeed).
    assert view("opposed", "winner", {}, a={"rune": 1}, b={"rune": 0})["a"] == F(5, 8)
    assert view("opposed", "winner", reroll, a={"rune": 1}, b={"rune": 0})["a"] == F(5, 7)
    sides = {
        "a": {"rune": 1, "difficulty": 1, "base_speed": 3},
        "b": {"rune": 0, "difficulty": 0, "base_speed": 5},
    }
    assert view("contested", "winner", {}, **sides)["a"] == F(1, 2)
    assert view("contested", "winner", reroll, **sides)["a"] == F(4, 7)


def test_face_2_reroll_rolls_a_two_again() -> None:
    result = roll("cast", [2, 2, 5], {"face_2": "reroll"}, rune=1, difficulty=0)
    assert [d.value for d in result.tape] == [2, 2, 5]
    assert (result.outcome.success, result.outcome.margin) == (True, 1)
    blank = roll("cast", [2], {}, rune=1, difficulty=0)
    assert (blank.outcome.success, blank.outcome.margin) == (True, 0)


def test_face_2_merkstave_doubles_the_merkstave_face() -> None:
    """Two dice against D 1: nothing can spare a token to cancel, so Merkstave left = dice showing it,
    Binomial(2, 1/4) instead of Binomial(2, 1/8); success is unchanged (Past or free is still 1/2)."""
    merk = {"face_2": "merkstave"}
    assert view("cast", "merkstave", {}, rune=2, difficulty=1) == {0: F(49, 64), 1: F(14, 64), 2: F(1, 64)}
    assert view("cast", "merkstave", merk, rune=2, difficulty=1) == {0: F(9, 16), 1: F(6, 16), 2: F(1, 16)}
    assert view("cast", "success", merk, rune=2, difficulty=1)[True] == F(3, 4)
    assert roll("cast", [2], merk, rune=1, difficulty=0).outcome.next_attack == 1
    # Opposed, A 2 dice against B none: with no Past or free die (1/4), A wins on Outcome net of Merkstave
    # > 0: 5 of the 16 pairs of {1, 2, 4, 5} by default, 3 of 16 when 2 is a Merkstave too.
    assert view("opposed", "winner", {}, a={"rune": 2}, b={"rune": 0})["a"] == F(3, 4) + F(5, 64)
    assert view("opposed", "winner", merk, a={"rune": 2}, b={"rune": 0})["a"] == F(3, 4) + F(3, 64)


def test_future_cap_all_sources_off_counts_surprise_beyond_the_cap() -> None:
    """One die, D 0, 4 surprise tokens, goal speed. Capped: Future 4, or 3 when the die is a Merkstave
    (the GM takes it off the speed). Not capped: the die's Future or free token adds a fifth (faces 4, 6-8)."""
    params = {"rune": 1, "difficulty": 0, "future_bonus": 4, "goal": "speed", "speed": 10}
    assert view("cast", "future", {}, **params) == {3: F(1, 8), 4: F(7, 8)}
    off = {"future_cap_all_sources": False}
    assert view("cast", "future", off, **params) == {3: F(1, 8), 4: F(3, 8), 5: F(1, 2)}
    assert field("cast", "speed", off, **params) == {7: F(1, 8), 6: F(3, 8), 5: F(1, 2)}
    quick = {**params, "time": "quick"}
    quick.pop("speed")
    assert field("cast", "seconds", off, **quick) == {2: F(1, 8), 1: F(7, 8)}  # never below Table 7's 1 s
    # Contested: A (8 - Future) against B (speed 4, margin 0); a tie on speed goes to the margin, then to B.
    sides = {
        "a": {"rune": 1, "difficulty": 0, "base_speed": 8, "future_bonus": 4, "goal": "speed"},
        "b": {"rune": 0, "difficulty": 0, "base_speed": 4, "goal": "margin"},
    }
    assert view("contested", "winner", {}, **sides)["a"] == F(1, 2)  # faces 5-8: margin 1 at speed 4
    assert view("contested", "winner", off, **sides)["a"] == F(5, 8)  # and face 4: speed 3


def test_future_on_failure_applies_keeps_a_failures_future() -> None:
    """One die against D 2 always fails. Applied, a Future die or a free token placed on Future (goal
    speed; no Merkstave to cancel) saves 20 s of a short action: 100 s with 1/2."""
    params = {"rune": 1, "difficulty": 2, "time": "short", "goal": "speed"}
    assert field("cast", "seconds", {}, **params) == {120: F(1)}
    applies = {"future_on_failure": "applies"}
    assert field("cast", "seconds", applies, **params) == {100: F(1, 2), 120: F(1, 2)}
    assert field("cast", "speed", applies, rune=1, difficulty=2, goal="speed", speed=5) == {4: F(1, 2), 5: F(1, 2)}
    assert field("cast", "seconds", applies, **params, instant=True) == {120: F(1)}  # an instant cast has no Future
    failed = roll("cast", [4], applies, **params, wound_merkstave=1)
    assert (failed.outcome.success, failed.outcome.seconds, failed.outcome.merkstave) == (False, 100, 1)
    assert "100 s" in SYSTEM.mechanic("cast").label(None, failed.outcome)  # type: ignore[arg-type]


def test_merkstave_policy_ask_gm_leaves_the_merkstave() -> None:
    """One die, D 0, one wound Merkstave. The automated GM cuts a 5's margin to 0; asked, the margin
    stays 1 and the Merkstave is reported, not spent (next_attack None)."""
    params = {"rune": 1, "difficulty": 0, "wound_merkstave": 1}
    ask = {"merkstave_policy": "ask_gm"}
    assert view("cast", "margin", {}, **params) == {0: F(1)}
    assert view("cast", "margin", ask, **params) == {0: F(7, 8), 1: F(1, 8)}
    # By default the GM's token goes on margin (5), on speed (4), or to the next attack (2, 3; two on a 1).
    assert field("cast", "next_attack", {}, **params) == {0: F(5, 8), 1: F(1, 4), 2: F(1, 8)}
    assert field("cast", "next_attack", ask, **params) == {None: F(1)}
    left = {0: F(3, 8), 1: F(1, 2), 2: F(1, 8)}
    assert view("cast", "merkstave", {}, **params) == view("cast", "merkstave", ask, **params) == left
    result = roll("cast", [5], ask, **params)
    assert SYSTEM.mechanic("cast").label(None, result.outcome) == "success, margin 1, 1 Merkstave left for the GM"
    # Opposed: A's 5 ties on Past 0 and wins on Outcome only if the GM has not taken it away.
    sides = {"a": {"rune": 1, "merkstave": 1}, "b": {"rune": 0}}
    assert view("opposed", "winner", {}, **sides)["a"] == F(1, 2)
    assert view("opposed", "winner", ask, **sides)["a"] == F(5, 8)
    won = roll("opposed", [5], ask, **sides).outcome
    assert (won.winner, won.margin, won.merkstave) == ("a", 1, 1)
    # Contested at equal base speeds: A prevails only with an unspent Future (4) or Outcome (5).
    both = {
        "a": {"rune": 1, "difficulty": 0, "base_speed": 3, "goal": "margin", "merkstave": 1},
        "b": {"rune": 0, "difficulty": 0, "base_speed": 3, "goal": "margin"},
    }
    assert view("contested", "winner", {}, **both) == {"b": F(1)}
    assert view("contested", "winner", ask, **both) == {"a": F(1, 4), "b": F(3, 4)}


def test_stored_outcomes_keep_their_shape_under_the_defaults() -> None:
    """Only ask_gm adds the Merkstave left to an opposed or contested outcome, so rolls stored under the
    defaults read (and verify) as before."""
    sides = {"a": {"rune": 1, "merkstave": 1}, "b": {"rune": 0}}
    assert list(roll("opposed", [5], {}, **sides).to_json()["outcome"]) == ["winner", "a_past", "b_past", "margin"]
    asked = roll("opposed", [5], {"merkstave_policy": "ask_gm"}, **sides).to_json()["outcome"]
    assert asked["merkstave"] == 1
    both = {
        "a": {"rune": 1, "difficulty": 0, "base_speed": 3, "merkstave": 1},
        "b": {"rune": 0, "difficulty": 0, "base_speed": 3},
    }
    assert list(roll("contested", [5], {}, **both).to_json()["outcome"]["a"]) == ["success", "speed", "margin"]
    asked = roll("contested", [5], {"merkstave_policy": "ask_gm"}, **both).to_json()["outcome"]
    assert (asked["a"]["merkstave"], asked["b"]["merkstave"]) == (1, 0)
    cast = roll("cast", [5], {}, rune=1, difficulty=0).to_json()["outcome"]
    assert list(cast) == ["success", "margin", "future", "merkstave", "next_attack", "seconds", "speed"]


def test_speed_clamped_stops_at_zero() -> None:
    params = {"rune": 1, "difficulty": 0, "future_bonus": 4, "goal": "speed", "speed": 2}
    assert field("cast", "speed", {}, **params) == {-2: F(7, 8), -1: F(1, 8)}
    assert field("cast", "speed", {"speed_clamped": True}, **params) == {0: F(1)}


def test_cast_rules_defaults_are_the_options_defaults() -> None:
    assert CastRules.of(SYSTEM.options()) == CastRules()
    for option, value in NON_DEFAULT:
        assert getattr(CastRules.of(SYSTEM.options({option: value})), option) == value


# -- (b) brute force --------------------------------------------------------------------------------------
class _Cut(Exception):
    pass


CUT = "cut"


def brute(name: str, params: dict[str, Any], options: dict[str, Any], draws: int) -> dict[Hashable, Fraction]:
    """Every tape of the mechanic's roll with at most `draws` draws, the rest cut and normalised away."""
    mechanic = SYSTEM.mechanic(name)
    parsed, table = mechanic.parse_params(params), SYSTEM.options(options)

    def run(src: Source) -> Hashable:
        assert isinstance(src, ReplaySource)
        below = src._below

        def capped(n: int) -> int:
            if len(src.sizes) >= draws:
                src.sizes.append(1)  # one choice: the odometer never advances past the cut
                raise _Cut
            return below(n)

        src._below = capped  # type: ignore[method-assign]
        try:
            return mechanic.roll("midgard", parsed, table, src).outcome  # type: ignore[no-any-return]
        except _Cut:
            return CUT

    found = enumerate_outcomes(run)
    kept = 1 - found.pop(CUT, F(0))
    return {o: p / kept for o, p in found.items()}


CAST_CASES = [
    {"rune": 2, "skill": 1, "difficulty": 2, "wound_merkstave": 1, "future_bonus": 3, "time": "short", "goal": "speed"},
    {"rune": 3, "difficulty": 2, "merkstave": 1, "outcome_bonus": 1, "speed": 3, "goal": "margin"},
    {"rune": 2, "skill": 2, "difficulty": 3, "future_bonus": 2, "simple": True, "goal": "speed", "speed": 1},
    {"rune": 1, "difficulty": 3, "future_bonus": 4, "goal": "speed", "time": "quick", "speed": 2},
]
TWO_SIDED = [
    ("opposed", {"a": {"rune": 2, "skill": 1, "merkstave": 1}, "b": {"rune": 1, "skill": 1}}),
    (
        "contested",
        {
            "a": {"rune": 1, "skill": 1, "difficulty": 2, "base_speed": 4, "future_bonus": 3},
            "b": {"rune": 2, "difficulty": 1, "base_speed": 3, "goal": "margin", "merkstave": 1},
        },
    ),
]


@pytest.mark.parametrize("option,value", NON_DEFAULT)
@pytest.mark.parametrize("params", CAST_CASES)
def test_cast_odds_equal_every_tape(option: str, value: Any, params: dict[str, Any]) -> None:
    options = {option: value}
    assert outcomes("cast", options, **params) == brute("cast", params, options, params["rune"] + 2)


@pytest.mark.parametrize("option,value", NON_DEFAULT)
@pytest.mark.parametrize("name,params", TWO_SIDED)
def test_two_sided_odds_equal_every_tape(option: str, value: Any, name: str, params: dict[str, Any]) -> None:
    options = {option: value}
    draws = params["a"]["rune"] + params["b"]["rune"] + 2
    assert outcomes(name, options, **params) == brute(name, params, options, draws)


def test_every_option_together_equals_every_tape() -> None:
    options = {option: value for option, value in NON_DEFAULT if option != "face_2"} | {"face_2": "reroll"}
    for params in CAST_CASES:
        assert outcomes("cast", options, **params) == brute("cast", params, options, params["rune"] + 2)


# -- the combat tracker's cast is the same rule ------------------------------------------------------------
SETTINGS = [
    dict(zip(("face_2", "future_cap_all_sources", "future_on_failure", "merkstave_policy"), combo, strict=True))
    for combo in product(
        ("blank", "reroll", "merkstave"), (True, False), ("ignored", "applies"), ("margin_speed_next_attack", "ask_gm")
    )
]


@pytest.mark.parametrize("options", SETTINGS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_combat_settles_a_cast_as_the_cast_module_resolves_it(options: dict[str, Any]) -> None:
    """Rule SFG through combat's sort/place/settle and the single cast's resolver, on every roll of up to
    two dice, with surprise, wounds and skill, under each combination of the options."""
    table = SYSTEM.options({**options, "speed_clamped": True})
    rules = CastRules.of(table)
    pool = RunePool(0, rules.face_2)
    kept = [f for f in range(1, 9) if not (f == 2 and rules.face_2 == "reroll")]
    rolls = [(), *((f,) for f in kept), *product(kept, repeat=2)]
    for faces in rolls:
        counts = pool.key(faces)
        for skill, merk, surprise, difficulty, goal in product((0, 1), (0, 1), (0, 4), (1, 2), ("margin", "speed")):
            tokens = casting.sort(faces, table, free=skill, merkstave=merk, future=surprise)
            record = CastRecord(by="own", tokens=tokens, difficulty=difficulty, base_speed=3)
            mine = casting.place(record, None, goal, table)  # type: ignore[arg-type]
            stones = Stones(skill=skill, merkstave=merk, future=surprise)
            theirs = resolve(counts, stones, difficulty, goal, rules=rules)  # type: ignore[arg-type]
            assert (mine.success, mine.margin, mine.future, mine.merkstave, mine.next_attack) == tuple(theirs)
            assert mine.gm_spend == (rules.by_hand and theirs.merkstave > 0)
            assert mine.speed == final_speed(3, theirs.future, True)
