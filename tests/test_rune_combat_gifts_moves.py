"""Divine Gifts used as moves and bought mid-round in a fight (spec 001b §2.1, §2.5): each use refused with one
reason and nothing changed when it is not legal, its counter kept in the fight, undo taking it back; the cards in
English and Spanish."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

CURDS, KNIT, HORSE = "curds_of_utgardaloki", "the_knitting_of_meat_and_bone", "the_eight_legged_horse"


def fight(gifts: dict[str, int], **more: Any) -> Fight:
    ragnar = hero("Ragnar", (0, 0), init=9, hp_now=20, gift_ranks=gifts, **more)
    f = Fight(ragnar, hero("Sigrid", (0, 4), init=8), fighter("Goblin", (2, 0), init=2), new_encounter=False)
    f.roll_all(Ragnar=[5], Sigrid=[5], Goblin=[5])
    return f


def cards(f: Fight, action: str) -> None:
    event = next(e for e in reversed(f.log.events) if e["action"] == action)
    for lang in ("en", "es"):
        card = combat_card(action, event, words_for(lang, "rune"))
        assert program_values(card.action + card.result) == [] and card.action


def test_curds_of_utgardaloki_spend_25_free_vp_for_4x_hp_and_undo_gives_them_back() -> None:
    f = fight({CURDS: 3}, free_vp=60)
    eaten = f.do("use_gift", who="Ragnar", gift="Curds of Utgardaloki")
    assert (eaten["hp_gained"], eaten["hp"], eaten["free_vp_left"]) == (12, 32, 35)
    assert f.who("Ragnar").gifted.spent == 25 and f.who("Ragnar").hp == 32
    f.do("use_gift", who="Ragnar", gift=CURDS)
    f.refuse("use_gift", "needs 25 free VP for his curds and has 10", who="Ragnar", gift=CURDS)
    f.log.undo()
    assert f.who("Ragnar").gifted.spent == 25 and f.who("Ragnar").hp == 32
    cards(f, "use_gift")


def test_curds_are_refused_without_a_vp_account_or_the_gift() -> None:
    f = fight({CURDS: 1})
    f.refuse("use_gift", "keeps no VP account for Ragnar", who="Ragnar", gift=CURDS)
    f.refuse("use_gift", "Sigrid does not have Curds of Utgardaloki", who="Sigrid", gift=CURDS)
    f.refuse("use_gift", "only a hero", who="Goblin", gift=CURDS)


def test_the_knitting_of_meat_and_bone_takes_the_whole_round_and_heals_x_times_the_margin() -> None:
    f = fight({KNIT: 2}, stamina=2)
    knit = f.do("use_gift", [9], who="Ragnar", gift=KNIT)
    assert knit["roll"]["total"] == 9 + 2 + 2 and knit["hp_gained"] == 2 * (13 - 9) and knit["uses_left"] == 1
    assert f.board.entries["Ragnar"].steps == ()
    f.do("pass", who="Sigrid")
    shot_mods = f.board  # the round he knits in: shots at him get +6 in the open (gift_mods.knitting)
    from runehall.systems.rune.combat.gift_mods import knitting

    assert knitting(shot_mods, f.who("Ragnar")) == [("The Knitting of Meat and Bone", 6)]
    f.next_round(Ragnar=[5], Sigrid=[5], Goblin=[5])
    assert knitting(f.board, f.who("Ragnar")) == []
    f.do("attack", [5, 5], who="Ragnar", target="Goblin")
    f.refuse("use_gift", "has not acted|no action left|turn", [9], who="Ragnar", gift=KNIT)


def test_the_eight_legged_horse_gives_another_hero_x_on_his_next_atk_only() -> None:
    f = Fight(hero("Ragnar", (0, 0), init=9), hero("Sigrid", (0, 4), init=8, gift_ranks={HORSE: 2}),
              fighter("Goblin", (2, 0), init=2))  # fmt: skip
    f.roll_all(Ragnar=[5], Sigrid=[5], Goblin=[5])
    f.refuse("use_gift", "helps another hero", who="Sigrid", gift=HORSE, target="Sigrid")
    f.refuse("use_gift", "helps another hero", who="Sigrid", gift=HORSE, target="Goblin")
    f.do("use_gift", who="Sigrid", gift=HORSE, target="Ragnar", roll="atk")  # no action: not her turn
    assert f.do("use_gift", who="Sigrid", gift=HORSE, target="Ragnar", roll="dfn")["uses_left"] == 0
    f.refuse("use_gift", "as often as it allows", who="Sigrid", gift=HORSE, target="Ragnar")
    first = f.do("attack", [5, 5], who="Ragnar", target="Goblin")["attack"]
    assert first["atk"]["modifiers"] == {"The Eight-Legged Horse": 2} and first["atk"]["total"] == 5 + 5 + 2
    assert [b.roll for b in f.who("Ragnar").gifted.boosts] == ["dfn"]  # the ATK one used up by that roll
    cards(f, "use_gift")


def test_buying_a_gift_mid_round_pays_from_free_vp_and_works_at_once() -> None:
    f = fight({}, free_vp=200)
    f.refuse("buy_gift", "no VP account", who="Sigrid", gift="Thor's Thews")
    f.refuse("buy_gift", "costs 250 VP; Ragnar has 200", who="Ragnar", gift="The Clatter of Rushing Boots")
    rich = fight({}, free_vp=400)
    rich.refuse("buy_gift", "numbers given as stats", who="Ragnar", gift="Might of Thor")  # no sheet
    bought = f.do("buy_gift", who="Ragnar", gift="Like a Wind-Tossed Leaf")
    assert (bought["cost"], bought["free_vp_left"], bought["level"]) == (125, 75, 1)
    swing = f.do("attack", [5, 5], who="Ragnar", target="Goblin", maneuver="duck_and_weave")["attack"]
    assert swing["atk"]["modifiers"] == {"Like a Wind-Tossed Leaf": 1}  # the very next roll
    thews = f.do("buy_gift", who="Ragnar", gift="thors_thews")
    assert thews["hp_max"] == 60 and f.who("Ragnar").hp == 30 and f.who("Ragnar").gifted.left == 0
    assert f.who("Ragnar").gifts == 2
    cards(f, "buy_gift")


def gifts_fight() -> Fight:
    """A fight in which a hero uses a gift and his player buys one (for the words tests: every action made)."""
    f = fight({CURDS: 1}, free_vp=100)
    f.do("use_gift", who="Ragnar", gift=CURDS)
    f.do("buy_gift", who="Ragnar", gift="Thor's Thews")
    return f


def test_the_board_offers_the_legal_gift_uses_and_the_gifts_he_can_afford() -> None:
    from test_rune_board import GM

    f = fight({CURDS: 1, "roaring_shout_of_rage": 1}, free_vp=100)  # no Presence given: the shout is not offered
    moves = [m for m in f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
    uses = {m.params["gift"]: m.title for m in moves if m.action == "use_gift"}
    assert uses == {CURDS: "Usar: Cuajada de Utgardaloki"}
    buy = next(m for m in moves if m.action == "buy_gift")
    offered = dict(buy.choices["gift"])
    assert "thors_thews" in offered and "might_of_thor" not in offered  # 75 VP yes; 300 VP no (nor a stat gift)
    assert all(program_values(words) == [] for words in offered.values())
