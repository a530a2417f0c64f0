"""Scourging of Fell Spirits in a fight (spec 001b §2.5, A-22; combat/gift_scourge.py): an action, Presence + X
against 6 (16 for the encounter's designer, his proxy rolling); made, X comes off a weird magic's penalty to the
heroes or bonus to the foes for the rest of the fight, even past nothing; each feature once a fight per hero."""

from __future__ import annotations

from typing import Any

import pytest

from runehall.play.log import PlayLog
from runehall.present.words import words_for
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.gift_scourge import scourgeable
from test_rune_board import GM
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_gifts_n3 import cards

SCOURGING = "scourging_of_fell_spirits"
EFFECTS = [
    {"kind": "weird_magic", "name": "Wailing stones", "roll": "atk", "delta": -2, "who": "heroes"},
    {"kind": "shaman_brazier", "roll": "dfn", "delta": 2, "who": "foes"},
    {"kind": "weird_magic", "roll": "dam", "delta": 1, "who": "heroes"},  # helps the heroes: not for the gift
    {"kind": "obscurant", "roll": "senses", "delta": -1},  # not weird magic
]


class Haunted(Fight):
    def __init__(self, *people: dict[str, Any]) -> None:
        self.log = PlayLog.start("rune", "combat", {}, {"combatants": list(people), "new_encounter": False,
                                                       "effects": EFFECTS})  # fmt: skip


def haunted(x: int = 3, presence: int = 1, **more: Any) -> Haunted:
    ragnar = hero("Ragnar", (0, 0), init=20, gift_ranks={SCOURGING: x}, presence=presence, **more)
    f = Haunted(ragnar, hero("Thurid", (2, 2), init=9), fighter("Goblin", (2, 0), init=1))
    f.roll_all(Ragnar=[5], Thurid=[5], Goblin=[5])
    return f


def test_made_the_penalty_shrinks_past_nothing_for_the_fight_and_the_odds_read_it() -> None:
    f = haunted()
    assert scourgeable(f.board, f.who("Ragnar")) == [1, 2]
    failed, _ = f.act_on(f.state, "use_gift", [1, 5], who="Ragnar", gift=SCOURGING, feature=1)
    out = f.do("use_gift", [2], who="Ragnar", gift=SCOURGING, feature=1)  # 2 + Pre 1 + X 3 = 6 against 6: made
    assert (out["rolls"][0]["total"], out["difficulty"], out["success"]) == (6, 6, True)
    assert out["scourged"] == {"feature": "Wailing stones", "roll": "atk", "was": -2, "now": 1}
    assert f.state.effects[0].delta == 1 and failed.effects[0].delta == -2 and "uses_left" not in out
    before = attack_odds(failed, f.log.option_values(), "Thurid", "Goblin", "club")  # Thurid is up next
    after = attack_odds(f.state, f.log.option_values(), "Thurid", "Goblin", "club")
    assert before is not None and after is not None and after.hit > before.hit  # -2 became +1 on every hero's ATK
    said = cards(f, "use_gift")
    assert "Wailing stones" in said[0] and "+1" in said[0] and "Azote de los espíritus malignos" in said[1]
    f.refuse("use_gift", "has tried the gift on this weird magic", [9], who="Ragnar", gift=SCOURGING, feature=1)
    f.log.undo()
    assert f.state.effects[0].delta == -2 and f.who("Ragnar").gifted.triggered.scourged == ()


def test_a_foes_bonus_turns_into_a_penalty_and_a_failure_changes_nothing_but_is_his_try() -> None:
    f = haunted(x=3)
    failed = f.do("use_gift", [1, 5], who="Ragnar", gift=SCOURGING, feature=2)  # a 1 on the stress die: well short
    assert not failed["success"] and f.state.effects[1].delta == 2
    assert "2" not in [str(i) for i in scourgeable(f.board, f.who("Ragnar"))]
    said = cards(f, "use_gift")
    assert "holds" in said[0]
    f.refuse("use_gift", "has tried the gift on this weird magic", [9], who="Ragnar", gift=SCOURGING, feature=2)
    for die in range(2, 10):  # made exactly when the die + Pre + X reaches 6
        g = haunted(x=2, presence=0)
        state, out = g.act_on(g.state, "use_gift", [die], who="Ragnar", gift=SCOURGING, feature=2)
        assert out["success"] is (die + 2 >= 6)
        assert state.effects[1].delta == (0 if die + 2 >= 6 else 2)


def test_the_designer_rolls_against_16_and_the_wrong_features_are_refused() -> None:
    f = haunted(x=3, designer=True)
    out = f.do("use_gift", [9], who="Ragnar", gift=SCOURGING, feature=1)
    assert (out["difficulty"], out["success"]) == (16, False)
    g = haunted()
    for feature, why in ((3, "no weird magic"), (4, "no weird magic"), (9, "no weird magic")):
        g.refuse("use_gift", why, [9], who="Ragnar", gift=SCOURGING, feature=feature)
    g.refuse("use_gift", "name the weird magic", [9], who="Ragnar", gift=SCOURGING)
    with pytest.raises(Exception, match="feature"):
        g.do("use_gift", [9], who="Ragnar", gift=SCOURGING, feature=0)


def test_the_board_offers_the_features_left_by_their_words() -> None:
    f = haunted()
    view = f.log.tracker.board(f.state, words_for("es", "rune"), GM)
    moves = [m for m in view.moves if m.action == "use_gift" and m.params.get("gift") == SCOURGING]
    assert len(moves) == 1 and moves[0].ask == ("feature",)
    assert [v for v, _ in moves[0].choices["feature"]] == ["1", "2"]
    assert "Wailing stones" in moves[0].choices["feature"][0][1]
    state, _ = f.act_on(f.state, "use_gift", [1, 5], who="Ragnar", gift=SCOURGING, feature=1)  # failed: tried
    assert scourgeable(Board(state, f.log.option_values()), state.combatants[0]) == [2]
    f.next_round(Ragnar=[5], Thurid=[5], Goblin=[5])
    f.do("use_gift", [9], who="Ragnar", gift=SCOURGING, feature=1)
    f.next_round(Ragnar=[5], Thurid=[5], Goblin=[5])
    f.do("use_gift", [9], who="Ragnar", gift=SCOURGING, feature=2)
    f.next_round(Ragnar=[5], Thurid=[5], Goblin=[5])
    view = f.log.tracker.board(f.state, words_for("en", "rune"), GM)  # none left to try: no button
    assert not [m for m in view.moves if m.action == "use_gift" and m.params.get("gift") == SCOURGING]
