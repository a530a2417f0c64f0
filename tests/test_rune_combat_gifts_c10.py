"""Swiftness of Sleipnir in a fight (spec 001b §2.5; combat/gift_sleipnir.py): 5X paces more on a half move and
10X on a full move; +10X VP to the first hero of the fight to attack a foe in melee when more than 50 paces lay
between him and the nearest foe at the fight's first initiative."""

from __future__ import annotations

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.gift_sleipnir import paces_up
from runehall.systems.rune.gifts.formulas import sleipnir_vp, swiftness_of_sleipnir
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

SLEIPNIR = "swiftness_of_sleipnir"
LEGS = {"move_half": 25, "move_full": 50}


def _fight(x: int, goblin_at: tuple[int, int], *more: dict[str, object]) -> Fight:
    gifts = {"gift_ranks": {SLEIPNIR: x}} if x else {}
    ragnar = hero("Ragnar", (0, 0), init=9, atk=5, **LEGS, **gifts)
    f = Fight(ragnar, *more, fighter("Goblin", goblin_at, init=2, dfn=5), new_encounter=False)
    return f


def test_sleipnir_adds_5x_paces_to_a_half_move_and_10x_to_a_full_move() -> None:
    assert swiftness_of_sleipnir(3) == type(swiftness_of_sleipnir(3))(half=15, full=30)
    for x in (0, 1, 3):
        f = _fight(x, (200, 0))
        f.roll_all(Ragnar=[5], Goblin=[2])
        half, full = 25 + 5 * x, 50 + 10 * x
        assert (f.who("Ragnar").half_move, f.who("Ragnar").full_move) == (half, full)
        f.refuse("move", "at most", who="Ragnar", to=[half + 1, 0], kind="half")
        f.refuse("move", "at most", who="Ragnar", to=[full + 1, 0], kind="full")
        f.refuse("move", "at most", who="Ragnar", to=[2 * full + 1, 0], kind="flee")
        assert f.do("move", who="Ragnar", to=[half, 0], kind="half")["paces"] == str(half)
    mounted = _fight(2, (200, 0)).who("Ragnar").model_copy(update={"mounted": True})
    assert (mounted.half_move, mounted.full_move) == (25, 50)  # a rider goes at his horse's pace


def _strike_first(x: int, paces: int) -> tuple[Fight, dict[str, object]]:
    f = _fight(x, (paces, 0))
    f.roll_all(Ragnar=[5], Goblin=[2])
    f.do("move", who="Ragnar", to=[paces - 2, 0], kind="full")
    f.do("pass", who="Goblin")
    f.next_round(Ragnar=[5], Goblin=[2])
    return f, f.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]


def test_sleipnir_pays_10x_to_the_first_hero_to_strike_a_foe_from_more_than_50_paces() -> None:
    assert paces_up(2500) == 50 and paces_up(2501) == 51 and paces_up(0) == 0
    f, swing = _strike_first(2, 51)
    assert f.who("Ragnar").gifted.triggered.start_paces == 51
    expected = sleipnir_vp(2, True, 51)
    assert expected == 20 and swing["gift_vp"] == [{"hero": "Ragnar", "gift": SLEIPNIR, "vp": expected, "paces": 51}]
    for lang, said in (("en", "Ragnar: 20 VP (Swiftness of Sleipnir)"), ("es", "Rapidez de Sleipnir")):
        card = combat_card("attack", f.log.events[-1], words_for(lang, "rune"))
        text = card.action + card.result + "".join(r.label + r.value for r in card.rows)
        assert program_values(text) == [] and said in text
    f.log.undo()
    assert f.who("Ragnar").gifted.triggered.first_melee is False  # undo: nobody has struck yet
    assert f.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]["gift_vp"][0]["vp"] == 20
    f.next_round(Ragnar=[5], Goblin=[2])
    again = f.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
    assert "gift_vp" not in again  # once: he is no longer the first


def test_sleipnir_pays_nothing_at_50_paces_or_when_another_hero_struck_first() -> None:
    _, swing = _strike_first(2, 50)
    assert "gift_vp" not in swing  # 50 paces is not more than 50
    thurid = hero("Thurid", (60, 1), init=3, atk=5)
    f = _fight(1, (61, 0), thurid)
    f.roll_all(Ragnar=[5], Thurid=[5], Goblin=[2])
    f.do("move", who="Ragnar", to=[59, 0], kind="full")
    first = f.do("attack", [9, 2], who="Thurid", target="Goblin")["attack"]
    assert "gift_vp" not in first and f.who("Thurid").gifted.triggered.first_melee is True
    f.do("pass", who="Goblin")
    f.next_round(Ragnar=[5], Thurid=[3], Goblin=[2])
    assert "gift_vp" not in f.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
