"""Divine Gifts that take a roll back right after it (spec 001b §2.5): Destiny Reversed rolls one stress roll of
the hero's latest move again and the move is made anew from the state before it (a new event superseding the
stored one, which is never edited); Indefatigable Determination ignores his Impairment on that roll, +5X VP when
that made the success (001b TV-04). Refusals leave the log unchanged; undo takes the superseding event back."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.gifts.formulas import indefatigable_vp
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

DESTINY, INDEF = "destiny_reversed", "indefatigable_determination"


def fight(gifts: dict[str, int], **more: Any) -> Fight:
    ragnar = hero("Ragnar", (0, 0), init=9, atk=5, gift_ranks=gifts, **more)
    f = Fight(ragnar, fighter("Goblin", (2, 0), init=2, dfn=5), new_encounter=False)
    f.roll_all(Ragnar=[5], Goblin=[5])
    return f


def cards(f: Fight) -> None:
    event = next(e for e in reversed(f.log.events) if e["action"] == "use_gift")
    for lang in ("en", "es"):
        card = combat_card("use_gift", event, words_for(lang, "rune"))
        assert program_values(card.action + card.result + "".join(r.label + r.value for r in card.rows)) == []
        assert card.action and card.result


def test_destiny_reversed_rolls_his_atk_again_and_the_new_roll_replaces_the_old() -> None:
    f = fight({DESTINY: 2})
    missed = f.do("attack", [2, 8], who="Ragnar", target="Goblin")["attack"]
    assert missed["hit"] is False and f.who("Goblin").hp == 50
    stored = [dict(e) for e in f.log.events]
    again = f.do("use_gift", [9], who="Ragnar", gift="Destiny Reversed")  # his ATK die anew; her DFN die kept
    assert again["rolled"]["was"] == [2] and again["rolled"]["now"] == [9] and again["uses_left"] == 1
    hit = again["outcome"]["attack"]
    assert hit["hit"] is True and hit["atk"]["total"] == 9 + 5 and hit["dfn"]["faces"] == [8]  # her die is kept
    assert f.who("Goblin").hp < 50 and f.log.events[: len(stored)] == stored  # the stored event is not edited
    assert f.log.events[-1]["tape"] == [[10, 9]]  # only the new die is this event's
    f.log.undo()
    assert f.who("Goblin").hp == 50 and f.who("Ragnar").gifted.used == {}
    f.do("use_gift", [9], who="Ragnar", gift=DESTINY)
    cards(f)


def test_destiny_reversed_twice_on_the_same_roll_counts_two_uses_and_then_is_refused() -> None:
    f = fight({DESTINY: 2})
    f.do("attack", [2, 8], who="Ragnar", target="Goblin")
    f.do("use_gift", [3], who="Ragnar", gift=DESTINY)  # still a miss: no damage roll
    left = f.do("use_gift", [4], who="Ragnar", gift=DESTINY)
    assert left["uses_left"] == 0 and left["rolled"]["was"] == [3] and left["rolled"]["now"] == [4]
    f.refuse("use_gift", "as often as it allows", [7], who="Ragnar", gift=DESTINY)


def test_destiny_reversed_only_right_after_a_roll_of_his() -> None:
    f = fight({DESTINY: 1})
    f.refuse("use_gift", "he has made none just now", [5], who="Ragnar", gift=DESTINY)
    f.do("attack", [2, 8], who="Ragnar", target="Goblin")
    f.do("pass", who="Goblin")  # another move: the moment has passed
    f.refuse("use_gift", "he has made none just now", [5], who="Ragnar", gift=DESTINY)
    f.refuse("use_gift", "only a hero", [5], who="Goblin", gift=DESTINY)


def test_destiny_reversed_on_his_dfn_in_a_foes_attack() -> None:
    f = fight({DESTINY: 1})
    f.do("pass", who="Ragnar")
    blow = f.do("attack", [9, 2], who="Goblin", target="Ragnar")["attack"]
    assert blow["hit"] is True
    saved = f.do("use_gift", [10, 6], who="Ragnar", gift=DESTINY)  # a 10 is open-ended: both dice are his
    assert saved["rolled"]["roll"] == "DFN" and saved["outcome"]["attack"]["hit"] is False
    assert saved["rolled"]["now"] == [10, 6] and f.who("Ragnar").hp == 50


def test_indefatigable_determination_ignores_impairment_and_pays_5x_when_it_made_the_difference() -> None:
    f = fight({INDEF: 2}, wounds=2)
    f.refuse("use_gift", "he has made none just now", [], who="Ragnar", gift=INDEF)
    missed = f.do("attack", [4, 6], who="Ragnar", target="Goblin")["attack"]  # 4 + 5 - 2 = 7 < 6 + 5
    assert missed["hit"] is False and missed["atk"]["impairment"] == -2
    again = f.do("use_gift", [], who="Ragnar", gift=INDEF)  # the same dice
    atk = again["outcome"]["attack"]["atk"]
    assert "impairment" not in atk and atk["total"] == 4 + 5 and again["ignored"] == 2
    assert again["outcome"]["attack"]["hit"] is False and "gift_vp" not in again  # 9 < 11: it made no difference
    assert f.who("Ragnar").impairment == 2  # his Impairment is back for the next roll
    g = fight({INDEF: 2}, wounds=2)
    g.do("attack", [6, 6], who="Ragnar", target="Goblin")  # 6 + 5 - 2 = 9 < 11
    won = g.do("use_gift", [], who="Ragnar", gift=INDEF)  # 11 >= 11: a hit
    assert won["outcome"]["attack"]["hit"] is True
    assert won["gift_vp"] == [{"hero": "Ragnar", "gift": INDEF, "vp": indefatigable_vp(2, 11, 2, 11)}]
    assert won["gift_vp"][0]["vp"] == 5 * 2
    cards(g)


def test_indefatigable_determination_is_refused_without_impairment() -> None:
    f = fight({INDEF: 1})
    f.do("attack", [2, 8], who="Ragnar", target="Goblin")
    f.refuse("use_gift", "had no Impairment on that roll", [], who="Ragnar", gift=INDEF)


def reversed_fight() -> Fight:
    """A fight in which a roll is rolled again and another's Impairment ignored (for the words tests)."""
    f = fight({DESTINY: 1, INDEF: 1}, wounds=2)
    f.do("attack", [6, 6], who="Ragnar", target="Goblin")
    f.do("use_gift", [3], who="Ragnar", gift=DESTINY)
    f.do("use_gift", [], who="Ragnar", gift=INDEF)
    g = fight({"buffeting_gale": 1})
    g.do("attack", [9, 2], who="Ragnar", target="Goblin")
    g.do("use_gift", [2], who="Ragnar", gift="Buffeting Gale")
    return f


def test_buffeting_gale_right_after_a_melee_hit_fells_a_foe_failing_res_vs_9_plus_x_for_20x_vp() -> None:
    from runehall.systems.rune.gifts.formulas import buffeting_gale_vp

    f = fight({"buffeting_gale": 2})
    f.refuse("use_gift", "follows a melee blow of Ragnar's that hit", [5], who="Ragnar", gift="Buffeting Gale")
    f.do("attack", [2, 8], who="Ragnar", target="Goblin")  # a miss
    f.refuse("use_gift", "follows a melee blow of Ragnar's that hit", [5], who="Ragnar", gift="Buffeting Gale")
    g = fight({"buffeting_gale": 2})
    g.do("attack", [9, 2], who="Ragnar", target="Goblin")
    stood = g.do("use_gift", [8], who="Ragnar", gift="Buffeting Gale")  # 8 + 3 = 11 against 11: he stays up
    assert stood["difficulty"] == 9 + 2 and stood["success"] is False and not g.who("Goblin").fallen
    assert "gift_vp" not in stood
    g.refuse("use_gift", "follows a melee blow", [2], who="Ragnar", gift="Buffeting Gale")  # once a blow
    h = fight({"buffeting_gale": 2})
    h.do("attack", [9, 2], who="Ragnar", target="Goblin")
    felled = h.do("use_gift", [7], who="Ragnar", gift="Buffeting Gale")  # 7 + 3 = 10 < 11: down
    assert felled["success"] is True and h.who("Goblin").fallen
    assert (
        felled["gift_vp"]
        == [{"hero": "Ragnar", "gift": "buffeting_gale", "vp": buffeting_gale_vp(2, 0)}]
        == [{"hero": "Ragnar", "gift": "buffeting_gale", "vp": 40}]
    )
    cards(h)
    card = combat_card("use_gift", h.log.events[-1], words_for("es", "rune"))
    assert card.result == "Goblin cae al suelo" and any(r.value == "40" for r in card.rows)
    h.log.undo()
    assert not h.who("Goblin").fallen
    cards(g)


def test_the_board_offers_taking_a_roll_back_only_right_after_a_roll_of_his() -> None:
    from test_rune_board import GM

    f = fight({DESTINY: 1, "buffeting_gale": 1})

    def offered() -> set[str]:
        moves = f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves
        return {m.params["gift"] for m in moves if m.action == "use_gift" and m.actor == "Ragnar"}

    assert offered() == set()
    f.do("attack", [9, 2], who="Ragnar", target="Goblin")
    assert offered() == {DESTINY, "buffeting_gale"}
    f.do("use_gift", [2], who="Ragnar", gift=DESTINY)  # 2 + 5 against 2 + 5: still a hit
    assert offered() == {"buffeting_gale"}  # his one use of Destiny Reversed is spent
    f.do("use_gift", [9], who="Ragnar", gift="Buffeting Gale")
    assert offered() == set()  # once a blow
