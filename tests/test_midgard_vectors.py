"""Spec 003 §16: every test vector of test_vectors.toml has a test, and the two not covered elsewhere in
full -- Table 17 (P-T17) and Stoke Fury at wound rank 3 (C-11, in combat) -- are checked here."""

from __future__ import annotations

import glob
import re
from fractions import Fraction

from test_midgard_cast import VECTORS, odds, view
from test_midgard_combat import Game, pc


def test_every_vector_has_a_test() -> None:
    text = "".join(open(p, encoding="utf-8").read() for p in glob.glob("tests/test_midgard*.py"))
    words = text.replace("_", " ")
    compact = {m.lower() for m in re.findall(r"\b[A-Za-z]{1,2}\d{1,2}\b", words)}
    missing = [
        v for v in VECTORS if f'"{v}"' not in text and v.replace("-", "").lower() not in compact and v not in text
    ]
    assert not missing, f"vectors without a test: {missing}"


def test_p_t17_binomial_tails() -> None:
    """Pr(Bin(n, 1/2) >= k) is the success chance of n dice with no skill against difficulty k."""
    case = VECTORS["P-T17"]["case"][0]
    ns, ks = case["input"]["n"], case["input"]["k"]
    for n, row in zip(ns, case["expect"], strict=True):
        got = [view(odds("cast", rune=n, difficulty=k), "success").get(True, Fraction(0)) * 2**n for k in ks]
        assert got == row, n


def test_c11_stoke_fury_at_wound_rank_3_in_combat() -> None:
    c = VECTORS["C-11"]["case"][0]
    e = c["expect"]
    game = Game(
        [
            pc("b", ws=2, health=5, runes={"A": c["input"]["rune"], "T": 3}, skills={"Berserker": 2, "Sax": 1},
               weapons=["sax"], courage_dice=2, courage_bonus=1),
            pc("foe", "raiders", ws=2, runes={"T": 6}, skills={"Sax": 3}, weapons=["sax"]),
        ]
    )  # fmt: skip
    game.do("next_segment")
    game.declare_all(b={"action": "move"}, foe={"action": "move"})
    game.do("hazard", actor="b", wounds=15 + 10 + 1)  # Health 5: into rank 3, +2 Merkstave
    game.finish_segment()
    assert game.log.tracker.view(game.state)["combatants"][0]["penalty"] == c["input"]["wound_penalty"]
    game.do("next_segment")
    game.declare_all(b={"action": "stoke_fury"}, foe={"action": "move"})
    fury = game.do("cast", actor="b", manual=c["input"]["faces"])
    assert fury["tokens"]["merkstave"] == c["sorting"]["M0"]  # no wound Merkstave on this cast
    a = c["allocation"]
    fury = game.do("allocate", actor="b", past=a["p"], future=a["f"], outcome=a["o"], cancel=a["k"])
    assert game.declaration("b").cast.difficulty == c["input"]["difficulty"]  # type: ignore[union-attr]
    assert (fury["success"], fury["margin"]) == (e["success"], e["margin"])
    game.finish_segment()
    assert game.who("b").berserk == e["berserk_level"]
    game.do("next_segment")
    assert game.state.round == 2 and game.who("b").berserk is None  # it lasts the round
    game.declare_all(b={"action": "stoke_fury"}, foe={"action": "move"})
    game.do("cast", actor="b", manual=c["input"]["faces"])
    game.do("allocate", actor="b", past=2, cancel=1)
    game.finish_segment()
    game.do("next_segment")
    game.declare_all(b={"action": "move"}, foe={"action": "strike", "target": "b"})
    game.do("cast", actor="foe", manual=[3, 3, 3, 2, 2, 2], goal="margin")  # a hit on the arms
    game.do("resolve")
    game.do("take_hit", location="arms")
    check = game.do("check", manual=[2, 2], drop="sax")
    assert game.who("b").berserk == e["berserk_level"]
    assert check["tokens"]["free"] == 1 + e["courage_bonus_plus"]  # the berserk level adds to the Courage bonus
    strike = Game([pc("b", ws=2, runes={"A": 4}, skills={"Berserker": 2}, weapons=["sax"]), pc("foe", "raiders", ws=2)])
    strike.do("next_segment")
    strike.declare_all(b={"action": "stoke_fury"}, foe={"action": "move"})
    strike.do("cast", actor="b", manual=[5, 5, 6, 3], goal="margin")  # D 4: Past 1 + 3 ... margin 2
    strike.finish_segment()
    strike.do("next_segment")
    strike.declare_all(b={"action": "strike", "target": "foe"}, foe={"action": "move"})
    assert strike.do("cast", actor="b", manual=[2, 2, 2])["tokens"]["outcome"] == e["attack_outcome_bonus"]
