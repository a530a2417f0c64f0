"""Midgard combat rules added with the gifts: secret, simultaneous allocation in opposed and contested casts,
a mixed warband's once-a-round weapons, and Merkstave spent by hand (options merkstave_policy,
gm_merkstave_spender) or enemy Wyrð buying GM dice (enemy_wyrd_buys_dice)."""

from __future__ import annotations

import pytest

from test_midgard_combat import Game, pc, villain
from test_midgard_gift_actions import declare, resolve_all


def contest(**options: object) -> Game:
    game = Game(
        [
            pc("x", ws=1, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
            pc("y", "raiders", ws=1, runes={"H": 4}, skills={"Shields": 2}, weapons=["round_shield"]),
        ],
        **options,
    )
    declare(game, x={"action": "strike", "target": "y"}, y={"action": "block"})
    return game


def test_an_allocation_stays_secret_until_its_opponent_has_allocated() -> None:
    game = contest()
    view = game.log.tracker.view
    game.do("cast", actor="x", manual=[3, 6, 5, 2])
    x = game.do("allocate", actor="x", past=2, future=1)
    assert set(x) == {"actor", "faces", "tokens", "sealed"}
    shown = next(d for d in view(game.state)["declarations"] if d["actor"] == "x")["cast"]
    assert shown["sealed"] and "margin" not in shown and "allocation" not in shown
    assert shown["faces"] == [3, 6, 5, 2]  # the dice are not secret, only the placing
    assert "allocated in secret" in game.log.tracker.render(game.state)
    game.do("cast", actor="y", manual=[6, 4, 1, 3])
    y = game.do("allocate", actor="y", past=2, cancel=1)
    assert y["revealed"]["x"] == {"success": True, "past": 3, "margin": 1, "speed": 3, "merkstave_left": 0}
    assert not next(d for d in view(game.state)["declarations"] if d["actor"] == "x")["cast"].get("sealed")


def test_no_secret_without_an_opponent() -> None:
    game = Game([pc("x", weapons=["sax"], skills={"Sax": 1}), pc("y", "raiders")])
    declare(game, x={"action": "strike", "target": "y"})
    out = game.do("cast", actor="x", manual=[3, 3, 2], goal="margin")
    assert "sealed" not in out and out["success"]


def test_a_mixed_warband_uses_each_weapon_once_a_round() -> None:
    band = villain("band", "warband", members=[{"rank": 1, "weapon": "sax"}, {"rank": 1, "weapon": "hammer"}])
    game = Game([pc("hero", ws=2), band])
    game.do("next_segment")
    game.do("declare", actor="band", action="strike", target="hero")
    assert game.declaration("band").weapon == "sax"  # the first unused, unless the GM names one
    game.do("declare", actor="hero", action="move")
    game.do("gm_cast", goal="past", manual=[2, 2, 2])
    game.do("cast", actor="band", manual=[])
    resolve_all(game)
    game.do("next_segment")
    game.refuse("declare", "each weapon once this round first: hammer", actor="band", action="strike",
                target="hero", weapon="sax")  # fmt: skip
    game.do("declare", actor="band", action="strike", target="hero")
    assert game.declaration("band").weapon == "hammer"
    game.do("declare", actor="hero", action="move")
    game.do("cast", actor="band", manual=[])
    resolve_all(game)
    game.do("next_segment")
    assert game.state.round == 2 and game.who("band").used_weapons == ()
    game.do("declare", actor="band", action="strike", target="hero", weapon="hammer")
    same = Game([pc("hero"), villain("band", "warband", members=[{"rank": 1, "weapon": "sax"}] * 2)])
    same.do("next_segment")
    same.do("declare", actor="band", action="strike", target="hero", weapon="sax")
    assert same.who("band").used_weapons == ()


def test_the_gm_spends_a_characters_merkstave_by_hand() -> None:
    game = Game([pc("x", skills={"Sax": 1}, weapons=["sax"]), pc("y", "raiders")], merkstave_policy="ask_gm")
    declare(game, x={"action": "strike", "target": "y"})
    out = game.do("cast", actor="x", manual=[3, 5, 1], goal="margin")  # Past 1 + 1, margin 1, one Merkstave
    assert out["margin"] == 1 and "merkstave --actor x" in out["merkstave"]
    assert game.state.stage == "casting" and game.declaration("x").status == "declared"
    assert game.log.tracker.view(game.state)["waiting_for"].startswith("merkstave --actor x")
    game.refuse("merkstave", "must be 1", actor="x", margin=1, story=1)
    game.refuse("merkstave", "margin 1 and Future 0", actor="x", speed=1)
    spent = game.do("merkstave", actor="x", next_attack=1)
    assert spent["margin"] == 1 and game.who("x").exposed == 1 and game.state.stage == "resolution"
    auto = Game([pc("x", skills={"Sax": 1}, weapons=["sax"]), pc("y", "raiders")])
    declare(auto, x={"action": "strike", "target": "y"})
    assert auto.do("cast", actor="x", manual=[3, 5, 1], goal="margin")["margin"] == 0  # margin first


@pytest.mark.parametrize("spender,who", [("gm", "the GM"), ("players", "the players")])
def test_the_gm_casts_merkstave_spent_by_hand(spender: str, who: str) -> None:
    game = Game([pc("hero", defence=2), villain("sb", "shieldbearer", 2, skills=["Sax"], weapons=["sax"])],
                gm_merkstave_spender=spender)  # fmt: skip
    declare(game, sb={"action": "strike", "target": "hero"})
    game.do("gm_cast", goal="past", manual=[1, 5, 2])
    out = game.do("cast", actor="sb", manual=[])  # Past 0 + rank 2 >= 2; margin 1; Merkstave 1
    assert out["margin"] == 1 and "merkstave" in out
    done = game.do("merkstave", actor="sb", story=1)
    assert done["by"] == who and done["margin"] == 1


def test_enemy_wyrd_buys_gm_dice_only_under_its_option() -> None:
    thane = villain("jarl", "thane", 2, gift_levels=[2, 1])
    game = Game([pc("hero"), thane])
    declare(game)
    game.refuse("gm_cast", "gifts only", wyrd=2, payer="jarl", manual=[2] * 7)
    rich = Game([pc("hero"), thane], enemy_wyrd_buys_dice=True)
    declare(rich)
    rich.refuse("gm_cast", "at most 4", wyrd=5, payer="jarl", manual=[2] * 10)
    out = rich.do("gm_cast", wyrd=2, payer="jarl", goal="past", manual=[2] * 7)
    assert out["dice"] == 2 + 1 + 2 + 2 and rich.who("jarl").wyrd == 6 - 2
