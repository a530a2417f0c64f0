"""Midgard gifts used on a cast in combat: dice and skill bonuses before the roll, tokens after it, moves
after the distribution, and gifts armed with an attack that fire (and are paid) only when it hits or is
blocked. Every god rune is 3 unless given: 3 dice, Defence 2, WS 1."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.systems.midgard.combat.combatant import defence
from test_midgard_combat import Game, pc


def duel(g: dict[str, Any], foe: dict[str, Any] | None = None, **options: Any) -> Game:
    gifted = pc("g", **{"wyrd": 12, **g})
    return Game([gifted, pc("foe", "raiders", **(foe or {}))], **options)


def started(game: Game, g: dict[str, Any], foe: dict[str, Any] | None = None) -> Game:
    game.do("next_segment")
    game.declare_all(g=g, foe=foe or {"action": "move"})
    return game


@pytest.mark.parametrize(
    "gift,stats,plan,dice,free",
    [
        ("eloquence_of_odin", {"runes": {"A": 4}}, {"action": "skill", "skill": "Command"}, 3 + 2, 0),
        ("living_encyclopedia", {"runes": {"H": 5}}, {"action": "skill", "skill": "Legends"}, 3 + 3, 0),
        ("common_sense", {"runes": {"F": 6}}, {"action": "skill", "skill": "Law"}, 3 + 3, 0),
        ("general_knowledge", {}, {"action": "skill", "skill": "Navigation"}, 3, 1),
        ("duplicitous_dealer", {"skills": {"Diplomacy": 2}}, {"action": "skill", "skill": "Deception"}, 3 + 2, 0),
        ("reader_of_men", {"skills": {"Alertness": 3}}, {"action": "skill", "skill": "Empathy"}, 3 + 3, 0),
        ("might_of_the_aurox", {"runes": {"F": 5}}, {"action": "skill", "skill": "Might"}, 3, 3),
        ("battle_lust", {"runes": {"F": 4}, "skills": {"Berserker": 1}}, {"action": "stoke_fury"}, 3, 1 + 2),
        ("mighty_grapple", {"runes": {"Th": 6}}, {"action": "pin", "target": "foe"}, 6, 3),
    ],
)
def test_gifts_before_the_roll(gift: str, stats: dict[str, Any], plan: dict[str, Any], dice: int, free: int) -> None:
    if plan["action"] == "skill":
        plan = {**plan, "difficulty": 1}
    game = started(duel({"gifts": [gift], **stats}), plan)
    out = game.do("cast", actor="g", manual=[2] * dice, gifts=[gift], goal="succeed")
    assert len(out["faces"]) == dice and out["tokens"]["free"] == free
    level = {"general_knowledge": 1, "might_of_the_aurox": 1, "common_sense": 1, "battle_lust": 3}.get(gift, 2)
    assert game.who("g").wyrd == 12 - level


def test_gifts_before_the_roll_are_refused_where_they_do_not_fit() -> None:
    game = started(
        duel({"gifts": ["eloquence_of_odin", "general_knowledge", "ambush"], "skills": {"Law": 1}}),
        {"action": "skill", "skill": "Law", "difficulty": 1},
    )
    game.refuse("cast", "fitting cast", actor="g", manual=[2] * 5, gifts=["eloquence_of_odin"])
    game.refuse("cast", "knowledge skill you lack", actor="g", manual=[2] * 4, gifts=["general_knowledge"])
    game.refuse("cast", "does not have", actor="g", manual=[2] * 3, gifts=["common_sense"])
    game.refuse("cast", "there is no gift", actor="g", manual=[2] * 3, gifts=["sorcery"])
    game.refuse("cast", "each gift once", actor="g", manual=[2] * 3, gifts=["ambush", "ambush"])
    poor = started(
        duel({"gifts": ["eloquence_of_odin"], "wyrd": 1}), {"action": "skill", "skill": "Command", "difficulty": 1}
    )
    poor.refuse("cast", "has 1 Wyrð", actor="g", manual=[2] * 5, gifts=["eloquence_of_odin"])
    capped = started(
        duel({"gifts": ["eloquence_of_odin"], "legend_score": 1}),
        {"action": "skill", "skill": "Command", "difficulty": 1},
    )
    capped.do("cast", actor="g", manual=[2] * 8, wyrd=3, gifts=["eloquence_of_odin"], goal="succeed")
    counted = started(
        duel({"gifts": ["eloquence_of_odin"], "legend_score": 1}, wyrd_cap_counts_gift_costs=True),
        {"action": "skill", "skill": "Command", "difficulty": 1},
    )
    counted.refuse("cast", "at most 3 Wyrð", actor="g", manual=[2] * 8, wyrd=3, gifts=["eloquence_of_odin"])


def test_strike_of_thunder_and_its_cost_option() -> None:
    for cost in (1, 2):
        game = started(
            duel(
                {"gifts": ["strike_of_thunder"], "runes": {"Th": 5}, "weapons": ["sax"], "skills": {"Sax": 1}},
                strike_of_thunder_cost=cost,
            ),
            {"action": "strike", "target": "foe"},
        )
        out = game.do("cast", actor="g", manual=[2, 2, 2])
        assert out["tokens"]["outcome"] == 0
        out = game.do("allocate", actor="g", gifts=["strike_of_thunder"], goal="margin")
        assert game.declaration("g").cast.tokens.outcome == 3 and game.who("g").wyrd == 12 - cost  # type: ignore[union-attr]
        game.refuse("allocate", "no cast waiting", actor="g", gifts=["strike_of_thunder"], goal="margin")
    axe = started(
        duel({"gifts": ["strike_of_thunder"], "weapons": ["large_axe"]}), {"action": "strike", "target": "foe"}
    )
    axe.refuse("cast", "Sax skill", actor="g", manual=[2, 2, 2], gifts=["strike_of_thunder"])


@pytest.mark.parametrize(
    "gift,stats,plan,faces,tokens",
    [
        (
            "scribe_the_perfect_rune",
            {"runes": {"A": 5}},
            {"action": "skill", "skill": "Writing", "difficulty": 1},
            [2, 2, 2],
            {"outcome": 3},
        ),
        (
            "instant_recall",
            {"runes": {"H": 4}},
            {"action": "skill", "skill": "Law", "difficulty": 1},
            [4, 4, 4, 2],
            {"future": 4},
        ),  # 3 + half(4) = 5, capped at 4 (A-07)
        (
            "master_of_the_wind",
            {"weapons": ["bow"], "skills": {"Archery": 1}},
            {"action": "strike", "target": "foe"},
            [2, 2, 2],
            {"outcome": 2},
        ),
        ("master_of_the_wind", {}, {"action": "skill", "skill": "Sailing", "difficulty": 1}, [2, 2, 2], {"future": 2}),
        ("body_of_water", {}, {"action": "dodge"}, [2, 2, 2], {"future": 1}),
        (
            "wild_strike",
            {"weapons": ["sax"]},
            {"action": "strike", "target": "foe"},
            [2, 2, 2],
            {"future": 1, "outcome": 1},
        ),
        (
            "at_one_with_the_shadows",
            {},
            {"action": "skill", "skill": "Stealth", "difficulty": 1},
            [1, 1, 2],
            {"merkstave": 0, "past": 2},
        ),
    ],
)
def test_gifts_after_the_roll(
    gift: str, stats: dict[str, Any], plan: dict[str, Any], faces: list[int], tokens: dict[str, int]
) -> None:
    game = started(duel({"gifts": [gift], **stats}), plan)
    out = game.do("cast", actor="g", manual=faces, gifts=[gift])
    assert {k: out["tokens"][k] for k in tokens} == tokens


@pytest.mark.parametrize("capped,future", [(True, 4), (False, 5)])
def test_gift_future_beyond_the_cap_counts_when_the_cap_is_off(capped: bool, future: int) -> None:
    """Instant Recall's half(H 4) = 2 Future tokens on three natural 4s: the stone keeps four (A-07), or,
    under future_cap_all_sources off, the three natural ones and both of the gift's beyond the cap."""
    game = started(
        duel({"gifts": ["instant_recall"], "runes": {"H": 4}}, future_cap_all_sources=capped),
        {"action": "skill", "skill": "Law", "difficulty": 1},
    )
    game.do("cast", actor="g", manual=[4, 4, 4, 3], gifts=["instant_recall"], goal="speed")
    assert game.declaration("g").cast.future == future  # type: ignore[union-attr]


def test_wild_strike_lowers_defence_until_the_next_attack() -> None:
    game = started(duel({"gifts": ["wild_strike"], "weapons": ["sax"], "ws": 2}), {"action": "strike", "target": "foe"})
    game.do("cast", actor="g", manual=[2, 2, 2], gifts=["wild_strike"], goal="margin")
    assert defence(game.who("g")) == 2 - 1
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    assert defence(game.who("g")) == 2


def test_merkstave_channelling_needs_berserk() -> None:
    game = started(
        duel({"gifts": ["merkstave_channelling"], "weapons": ["sax"]}), {"action": "strike", "target": "foe"}
    )
    game.refuse("cast", "while berserk", actor="g", manual=[1, 1, 3], gifts=["merkstave_channelling"])
    g = game.who("g")
    assert g.berserk is None
    rage = Game(
        [
            pc(
                "g",
                wyrd=4,
                ws=2,
                gifts=["merkstave_channelling"],
                weapons=["sax"],
                skills={"Berserker": 3},
                runes={"A": 5},
            ),
            pc("foe", "raiders", ws=2),
        ]
    )
    rage.do("next_segment")
    rage.declare_all(g={"action": "stoke_fury"}, foe={"action": "move"})
    rage.do("cast", actor="g", manual=[3, 3, 5, 2, 2], goal="margin")  # D 4: Past 2 + 2, margin 1 + 1
    rage.finish_segment()
    rage.do("next_segment")
    rage.declare_all(g={"action": "strike", "target": "foe"}, foe={"action": "move"})
    out = rage.do("cast", actor="g", manual=[1, 1, 3], gifts=["merkstave_channelling"])
    assert (out["tokens"]["merkstave"], out["tokens"]["outcome"]) == (0, 2 + 2)


def test_purging_flame_needs_an_evil_target() -> None:
    evil = Game(
        [
            pc("g", wyrd=4, gifts=["purging_flame"], skills={"Seid": 2}, weapons=["sax"]),
            {**pc("foe", "raiders"), "evil": True},
        ]
    )
    started(evil, {"action": "strike", "target": "foe"})
    assert evil.do("cast", actor="g", manual=[2, 2, 2], gifts=["purging_flame"])["tokens"]["outcome"] == 2
    plain = started(duel({"gifts": ["purging_flame"], "weapons": ["sax"]}), {"action": "strike", "target": "foe"})
    plain.refuse("cast", "supernatural evil", actor="g", manual=[2, 2, 2], gifts=["purging_flame"])


@pytest.mark.parametrize("rate,wounds", [(1, 2), (2, 1)])
def test_purge_the_soul_trades_wounds_for_merkstave(rate: int, wounds: int) -> None:
    game = started(
        duel({"gifts": ["purge_the_soul"], "skills": {"Craft": 1}}, purge_the_soul_rate=rate),
        {"action": "skill", "skill": "Craft", "difficulty": 1},
    )
    game.do("cast", actor="g", manual=[1, 1, 3])
    game.refuse("allocate", "1 to 2 Merkstave", actor="g", gifts=["purge_the_soul:3"], goal="succeed")
    game.do("allocate", actor="g", gifts=["purge_the_soul:2"], goal="succeed")
    assert game.declaration("g").cast.tokens.merkstave == 0 and game.who("g").wounds == wounds  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "reading,gift,success",
    [
        ("any", "the_courage_of_ignorance:1", False),
        ("all", "the_courage_of_ignorance", True),
        ("any", "virtuous_courage", True),
    ],
)
def test_courage_gifts_move_merkstave_to_past(reading: str, gift: str, success: bool) -> None:
    game = Game(
        [
            pc(
                "g",
                wyrd=6,
                weapons=["sax"],
                gifts=["the_courage_of_ignorance", "virtuous_courage"],
                courage_dice=3,
                courage_bonus=1,
            ),
            pc("foe", "raiders", runes={"T": 6}, skills={"Sax": 3}, weapons=["sax"]),
        ],
        courage_of_ignorance_amount=reading,
    )
    started(game, {"action": "move"}, {"action": "strike", "target": "g"})
    game.do("cast", actor="foe", manual=[3, 3, 2, 2, 2, 2])
    game.do("allocate", actor="foe", past=3)  # margin 0: 4 damage, 4 wounds through the arms
    game.do("resolve")
    game.do("take_hit", location="arms")
    assert game.state.checks[0].difficulty == 4
    if reading == "all":
        game.refuse("check", "every Merkstave token", manual=[1, 1, 3], gifts=["the_courage_of_ignorance:1"])
    out = game.do("check", manual=[1, 1, 3], gifts=[gift])  # Past 1 + bonus 1, Merkstave 2
    assert out["success"] is success


def test_patient_reward_moves_future_on_a_long_action() -> None:
    plan = {"action": "short_action", "skill": "Craft", "difficulty": 3, "time": "medium"}
    game = started(duel({"gifts": ["patient_reward"]}), plan)
    game.refuse("cast", "past=N", actor="g", manual=[4, 4, 3], gifts=["patient_reward:5"])
    out = game.do("cast", actor="g", manual=[4, 4, 3], gifts=["patient_reward:past=2"], goal="succeed")
    assert out["success"] and out["past"] == 3  # Past 1 + two Future tokens moved
    short = started(duel({"gifts": ["patient_reward"]}), {**plan, "time": "short"})
    short.refuse("cast", "Medium or longer", actor="g", manual=[4, 4, 3], gifts=["patient_reward"])
