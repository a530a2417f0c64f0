"""Triggered and VP gifts a fight plays on its own (spec 001b §2.5; combat/gift_passive.py): Buffeting Gale's 20X VP
for each later round the felled foe stays down (001b TV-13b), Aura of Phlegmatic Acceptance's mark when a blow takes
the hero below 20 HP (A-05) or to 4 Wounds."""

from __future__ import annotations

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.gifts.formulas import aura_low, aura_vp, buffeting_gale_vp
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

GALE, AURA = "buffeting_gale", "aura_of_phlegmatic_acceptance"


def galed(x: int) -> Fight:
    """Ragnar's blow hits the Goblin and his gale fells him (6 + 3 = 9 < 9 + X)."""
    ragnar = hero("Ragnar", (0, 0), init=9, atk=5, gift_ranks={GALE: x})
    f = Fight(ragnar, fighter("Goblin", (2, 0), init=2, dfn=5), new_encounter=False)
    f.roll_all(Ragnar=[5], Goblin=[5])
    f.do("attack", [9, 2], who="Ragnar", target="Goblin")
    assert f.do("use_gift", [6], who="Ragnar", gift="Buffeting Gale")["success"] is True
    return f


def _round_vp(result: dict[str, object]) -> list[object]:
    return list(result.get("gift_vp") or [])  # type: ignore[call-overload]


def _end(f: Fight) -> dict[str, object]:
    while (up := f.board.next_up()) is not None:
        f.do("pass", who=up[0])
    return f.do("end_round")


def test_buffeting_gale_earns_20x_for_each_later_round_the_foe_stays_down_001b_tv_13b() -> None:
    f = galed(1)
    first = _end(f)  # the knock-down's own round earned its 20X with the gale: nothing more now
    assert _round_vp(first) == []
    f.roll_all(Ragnar=[5], Goblin=[2])
    second = _end(f)
    assert _round_vp(second) == [{"hero": "Ragnar", "gift": GALE, "vp": 20, "foe": "Goblin"}]
    f.roll_all(Ragnar=[5], Goblin=[2])
    third = _end(f)
    earned = 20 + sum(int(b["vp"]) for r in (first, second, third) for b in _round_vp(r))  # type: ignore[index]
    assert earned == buffeting_gale_vp(1, 2) == 60  # 001b TV-13b: down two further rounds at X = 1
    for lang in ("en", "es"):
        card = combat_card("end_round", f.log.events[-1], words_for(lang, "rune"))
        text = card.action + card.result + "".join(r.label + r.value for r in card.rows)
        assert program_values(text) == [] and "20" in text
    f.log.undo()
    assert f.state.round == 3 and f.who("Ragnar").gifted.triggered.gales  # undo: the round is open again


def test_buffeting_gale_stops_counting_once_the_foe_is_up_and_counts_x_times() -> None:
    f = galed(3)
    _end(f)
    f.roll_all(Ragnar=[2], Goblin=[9])
    f.do("pass", who="Ragnar")
    stood = f.do("stand_up", [9], who="Goblin")
    assert stood["stands"] is True
    assert _round_vp(_end(f)) == []
    assert f.who("Ragnar").gifted.triggered.gales == ()  # forgotten: a later fall is not the gale's
    g = galed(3)
    _end(g)
    g.roll_all(Ragnar=[5], Goblin=[2])
    assert _round_vp(_end(g)) == [{"hero": "Ragnar", "gift": GALE, "vp": 60, "foe": "Goblin"}]


def test_aura_marks_a_hero_brought_below_20_hp_or_to_4_wounds_a_05() -> None:
    assert aura_low(19, 0) and not aura_low(20, 3) and aura_low(40, 4)  # 20 itself is not below 20
    assert aura_vp(2, True, False) == 40 and aura_vp(2, True, True) == 0 and aura_vp(2, False, False) == 0
    for hp_lost, low in ((30, False), (31, True)):  # 50 HP: 20 left is not low, 19 is
        ragnar = hero("Ragnar", (0, 0), init=9, wt=99, gift_ranks={AURA: 1})
        f = Fight(ragnar, fighter("Goblin", (2, 0), init=2), new_encounter=False)
        f.do("damage", who="Ragnar", raw=hp_lost, soak=False)
        assert f.who("Ragnar").gifted.triggered.low is low
    wounded = hero("Ragnar", (0, 0), init=9, wt=15, wounds=3, gift_ranks={AURA: 1})
    g = Fight(wounded, fighter("Goblin", (2, 0), init=2), new_encounter=False)
    g.do("damage", who="Ragnar", raw=15, soak=False)  # the fourth Wound, 35 HP left
    assert g.who("Ragnar").hp == 35 and g.who("Ragnar").gifted.triggered.low is True
    plain = Fight(hero("Thurid", (0, 0), init=9), fighter("Goblin", (2, 0), init=2), new_encounter=False)
    plain.do("damage", who="Thurid", raw=45, soak=False)
    assert plain.who("Thurid").gifted.triggered.low is False  # without the gift nothing is marked
