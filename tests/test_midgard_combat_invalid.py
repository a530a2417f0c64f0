"""Every illegal declaration, cast, allocation and answer in Midgard combat is refused with RulesError (or
ParameterError for a bad setup or parameter), and the play log stays exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.errors import ParameterError
from runehall.play.log import PlayLog
from runehall.present.refusals import say
from runehall.present.words import words_for
from test_midgard_combat import Game, pc, villain


def two(**options: Any) -> Game:
    return Game(
        [
            pc("a", ws=3, runes={"T": 4, "H": 4}, skills={"Sax": 2, "Shields": 1}, weapons=["sax", "round_shield"]),
            pc(
                "b",
                "raiders",
                ws=2,
                defence=3,
                runes={"T": 4},
                skills={"Axes": 2},
                weapons=["large_axe", "dagger"],
                wyrd=6,
                legend_score=2,
            ),
        ],
        **options,
    )


def declared(game: Game, **plans: dict[str, Any]) -> Game:
    game.do("next_segment")
    game.declare_all(**plans)
    return game


def test_setups_that_cannot_fight() -> None:
    with pytest.raises(ParameterError, match="two sides"):
        PlayLog.start("midgard", "combat", {}, {"combatants": [pc("a"), pc("b")]})
    with pytest.raises(ParameterError, match="its own id"):
        PlayLog.start("midgard", "combat", {}, {"combatants": [pc("a"), pc("a", "raiders")]})
    with pytest.raises(ParameterError, match="exactly one of"):
        PlayLog.start("midgard", "combat", {}, {"combatants": [{"id": "x"}, pc("a", "raiders")]})
    with pytest.raises(ParameterError, match="1 to 4 warriors"):
        PlayLog.start("midgard", "combat", {}, {"combatants": [pc("a"), villain("w", "warband", members=[])]})
    with pytest.raises(ParameterError, match="rank"):
        PlayLog.start("midgard", "combat", {}, {"combatants": [pc("a"), villain("s", "shieldbearer", 5)]})
    with pytest.raises(ParameterError, match="cannot be worn on the head"):
        PlayLog.start("midgard", "combat", {}, {"combatants": [pc("a", armour={"head": "thick_cloth"}), pc("b", "x")]})
    with pytest.raises(ParameterError, match="unknown weapon"):
        PlayLog.start("midgard", "combat", {}, {"combatants": [pc("a", weapons=["lightsaber"]), pc("b", "x")]})
    with pytest.raises(ParameterError, match="character"):
        PlayLog.start(
            "midgard", "combat", {}, {"combatants": [{"id": "a", "character": {"name": "Nobody"}}, pc("b", "x")]}
        )


def test_declarations_out_of_turn_or_against_the_rules() -> None:
    game = two()
    setup = game.refuse("declare", "setup stage", action="move")
    assert say(setup, words_for("es", "midgard")) == "eso no se hace ahora: el segmento está en la etapa de preparación"
    game.refuse("cast", "declaration stage|setup stage", actor="a", manual=[])
    game.do("next_segment")
    assert game.state.order == ("b", "a")
    game.refuse("next_segment", "declaration stage")
    game.refuse("declare", "b declares next", actor="a", action="move")
    strike = game.refuse("declare", "Strike needs a --target", action="strike")  # the action by its name
    assert say(strike, words_for("es", "midgard")) == "Golpe necesita un objetivo"  # at the table, no flag
    assert say(strike, words_for("es", "midgard"), typed=True) == "Golpe necesita un --target"  # the CLI's
    game.refuse("declare", "cannot be attacked", action="strike", target="b")
    game.refuse("declare", "no combatant", action="strike", target="zed")
    game.refuse("declare", "takes no target", action="dodge", target="a")
    game.refuse("declare", "only a heavy melee weapon", action="strike", target="a", weapon="dagger", two_hands=True)
    game.refuse("declare", "other hand free", action="strike", target="a", two_hands=True)
    game.refuse("declare", "carries no", action="strike", target="a", weapon="bow")
    game.refuse("declare", "not a throwing weapon", action="strike", target="a", weapon="large_axe", thrown=True)
    game.refuse("declare", "out of reach", action="strike", target="a", weapon="dagger", thrown=True, range_ft=40)
    game.refuse("declare", "out of reach", action="strike", target="a", range_ft=10)
    game.refuse("declare", "is not pinned", action="escape_pin")
    game.refuse("declare", "is not prone", action="stand_up")
    game.refuse("declare", "no short action", action="continue")
    game.refuse("declare", "needs a --skill", action="skill")
    game.refuse("declare", "--time short", action="short_action", skill="Craft")
    game.refuse("declare", "only Knock Back", action="strike", target="a", extra_targets=["a"])
    game.refuse("declare", "belongs to Knock Back", action="strike", target="a", prone=True)
    game.refuse("declare", "no dropped", action="move", item="dagger")
    game.refuse("declare", "natural weapons", action="strike", target="a", weapon="claws")
    game.do("declare", action="strike", target="a")
    game.refuse("declare", "already declared", actor="b", action="move")
    game.refuse("declare", "dual wielding", action="strike", target="b", dual=True)  # a sax and a shield
    game.refuse("declare", "holds nothing|holds no", action="disarm", target="b", item="bow")


def test_no_action_left_in_a_later_segment() -> None:
    game = declared(two(), b={"action": "move"}, a={"action": "move"})
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(b={"action": "move"}, a={"action": "move"})
    game.finish_segment()
    game.do("next_segment")
    assert game.state.order == ("a",)  # b has WS 2: no action in segment 3
    game.refuse("declare", "has no action in segment 3", actor="b", action="move")


def test_casts_and_wyrd_that_are_refused() -> None:
    game = declared(two(), b={"action": "strike", "target": "a"}, a={"action": "block"})
    game.refuse("cast", "no combatant", actor="zed", manual=[])
    game.refuse("cast", "at most 4 Wyrð", actor="b", wyrd=5, manual=[2] * 9)
    game.refuse("cast", "not tracked", actor="a", wyrd=1, manual=[2] * 5)
    game.refuse("cast", "manual results", error=Exception, actor="b", manual=[2, 2])
    game.do("cast", actor="b", wyrd=4, manual=[2] * 8)
    assert game.who("b").wyrd == 2
    game.refuse("cast", "already cast", actor="b", manual=[])
    game.refuse("resolve", "casting stage")


@pytest.mark.parametrize(
    "allocation,match",
    [
        ({"past": 1}, "must all be placed"),
        ({"past": 5}, "must all be placed"),
        ({"future": 2}, "room for 1"),
        ({"past": 1, "cancel": 1}, "only 0 Merkstave"),
        ({}, "say where the free tokens go"),
        ({"past": 2, "goal": "margin"}, "not both"),
        ({"past": -1, "outcome": 3}, "at least"),
    ],
)
def test_illegal_allocations_change_nothing(allocation: dict[str, Any], match: str) -> None:
    game = declared(two(), b={"action": "strike", "target": "a"}, a={"action": "block"})
    game.do("cast", actor="a", manual=[4, 4, 4, 6])  # 1 free + Shields 1 = 2; Future 3; no Merkstave
    error: type[Exception] = ParameterError if "equal" in match else Exception
    game.refuse("allocate", match, error=error, actor="a", **allocation)
    game.do("allocate", actor="a", past=1, future=1)
    game.refuse("allocate", "no cast waiting", actor="a", past=2)


def test_answers_to_a_hit_that_are_refused() -> None:
    game = declared(
        two(), b={"action": "strike", "target": "a"}, a={"action": "strike", "target": "b", "weapon": "sax"}
    )
    game.refuse("take_hit", "resolution stage|casting stage")
    game.do("cast", actor="b", manual=[3, 3, 4, 2], goal="speed")  # Past 2 + Axes 2: speed 5 - 2 = 3
    game.do("cast", actor="a", manual=[2, 2, 2, 2], goal="margin")
    game.refuse("take_hit", "no hit is waiting")
    game.refuse("switch", "no hit to switch", defence="dodge", manual=[])
    game.refuse("check", "no check is waiting", manual=[])
    game.do("resolve")
    assert game.state.pending is not None
    game.refuse("resolve", "must answer the hit")
    game.refuse("switch", "answers a pin", defence="escape_pin", manual=[])
    game.refuse("take_hit", "unknown location", error=ParameterError, location="tail")
    game.refuse("allocate", "no cast waiting", actor="a", past=1)
    game.do("switch", defence="block", manual=[2, 2, 2, 2])
    game.refuse("take_hit", "first allocate")
    game.refuse("switch", "no hit to switch", defence="dodge", manual=[])


def test_an_unarmed_block_stops_no_weapon() -> None:
    game = Game(
        [
            pc("a", ws=3, weapons=["sax"]),
            pc("b", "raiders", ws=2, runes={"T": 4}, skills={"Axes": 2}, weapons=["large_axe"]),
        ]
    )
    declared(game, b={"action": "strike", "target": "a"}, a={"action": "move"})
    game.do("cast", actor="b", manual=[3, 3, 5, 2], goal="margin")
    game.do("resolve")
    game.refuse("switch", "bare hands", defence="block", weapon="unarmed", manual=[])


def test_enemy_casts_that_are_refused() -> None:
    game = Game(
        [pc("a", ws=1), villain("t", "thane", 2, weapons=["sax"]), villain("s", "shieldbearer", 1, skills=["Axes"])]
    )
    game.refuse("gm_cast", "setup stage", manual=[])
    game.do("next_segment")
    first = game.state.order[0]
    if first == "s":
        game.refuse("declare", "no Luck on its skill list", action="luck")
    plans = {
        "a": {"action": "move"},
        "t": {"action": "strike", "target": "a"},
        "s": {"action": "strike", "target": "a"},
    }
    game.declare_all(**plans)
    game.refuse("cast", "gm_cast", actor="t", manual=[])
    game.do("gm_cast", manual=[2, 2, 2, 2, 2])  # 2 + 1 PC + 2 for the Thane
    game.refuse("gm_cast", "one cast per round", manual=[])
    game.refuse("cast", "allocate --actor gm", actor="t", manual=[])
    game.refuse("allocate", "by goal", actor="gm", goal="margin")
    game.do("allocate", actor="gm", goal="succeed")
    game.refuse("allocate", "no cast waiting", actor="gm", past=0)
    game.refuse("cast", "never for dice", actor="t", wyrd=1, manual=[])


def test_a_finished_fight_takes_no_more_actions() -> None:
    game = Game([pc("a", ws=1, runes={"T": 8}, skills={"Sax": 4}, weapons=["sax"]), pc("b", "raiders", ws=1, health=1)])
    declared(game, a={"action": "strike", "target": "b"}, b={"action": "move"})
    game.do("cast", actor="a", manual=[5] * 8, goal="margin")
    game.finish_segment(location="body")
    assert game.state.stage == "over"
    for action, params in (("next_segment", {}), ("declare", {"action": "move"}), ("resolve", {})):
        game.refuse(action, "the fight is over", **params)


def test_skill_actions_name_a_real_rune_and_warbands_cannot_be_pinned() -> None:
    game = Game([pc("a", ws=2, skills={"Wrestling": 1}), villain("w", "warband", members=[{"rank": 1}, {"rank": 1}])])
    game.do("next_segment")
    game.do("declare", action="move")  # the warband declares first
    game.refuse("declare", "cannot be pinned", action="pin", target="w")
    game.refuse("declare", "unknown god rune", error=ParameterError, action="skill", skill="Craft", rune="Loki")
    game.refuse("declare", "belongs to a skill", action="dodge", rune="F")
    game.do("declare", action="skill", skill="Craft", rune="Freyja", difficulty=1)
    assert game.declaration("a").rune == "F"
    assert game.do("cast", actor="a", manual=[3, 2, 2])["success"] is True  # F 3 dice; no free token to place
