"""The Trumpet's Commanding Blast in a fight (spec 001b §2.5; combat/gift_trumpet.py): an action, X times a fight;
d10 + X against the commanded foe's Res roll (a tie is the hero's); won, the foe at once strikes one of its own
allies, free, and the damage and the kill score for the hero (encounters/feed.py)."""

from __future__ import annotations

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.encounters.feed import Fact, facts
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

TRUMPET = "the_trumpets_commanding_blast"


def _fight(x: int, second_at: tuple[int, int] = (4, 0)) -> Fight:
    ragnar = hero("Ragnar", (0, 0), init=9, gift_ranks={TRUMPET: x})
    f = Fight(ragnar, fighter("Goblin", (2, 0), init=2, atk=5), fighter("Grub", second_at, init=2, dfn=5, hp=30),
              new_encounter=False)  # fmt: skip
    f.roll_all(Ragnar=[5], Goblin=[2], Grub=[2])
    return f


def test_the_blast_won_makes_the_foe_strike_its_ally_and_the_damage_scores_for_the_hero() -> None:
    f = _fight(2)
    before = f.state
    goblin_steps = f.board.entries["Goblin"].steps
    r = f.do("use_gift", [9, 2, 8, 2], who="Ragnar", gift="The Trumpet's Commanding Blast", target="Goblin")
    assert r["rolls"][0]["total"] == 9 + 2 and r["rolls"][1]["total"] == 2 + 3 and r["success"] is True
    blow = r["commanded"]
    assert (blow["attacker"], blow["target"], blow["credited_to"]) == ("Goblin", "Grub", "Ragnar")
    assert blow["hit"] is True and blow["atk"]["total"] == 8 + 5 and blow["dfn"]["total"] == 2 + 5
    lost = blow["injury"]["hp_lost"]
    assert lost > 0 and f.who("Grub").hp == 30 - lost and r["uses_left"] == 1
    assert not f.board.entries["Ragnar"].steps and f.board.entries["Goblin"].steps == goblin_steps  # free for it
    assert Fact("damage", "Ragnar", "Grub", lost) in facts(before, f.state, r)  # scored as if he dealt it
    for lang, said in (("en", "commanded by the trumpet"), ("es", "a la orden de la trompa")):
        card = combat_card("use_gift", f.log.events[-1], words_for(lang, "rune"))
        text = card.action + card.result + "".join(r.label + r.value for r in card.rows)
        assert program_values(text) == [] and said in text and "Ragnar" in text
    f.log.undo()
    assert f.who("Grub").hp == 30 and f.who("Ragnar").gifted.used == {}


def test_a_kill_by_the_commanded_blow_is_the_heros_death_blow() -> None:
    f = _fight(1)
    board = f.board
    board.update("Grub", hp=1)
    state = board.freeze()
    after, r = f.act_on(state, "use_gift", [9, 2, 9, 2], who="Ragnar", gift=TRUMPET, target="Goblin")
    assert r["commanded"]["injury"]["health"] in ("dying", "dead", "incapacitated")
    assert any(x.kind == "kill" and x.hero == "Ragnar" and x.other == "Grub" for x in facts(state, after, r))


def test_the_blast_lost_does_nothing_but_spend_his_action_and_a_use() -> None:
    f = _fight(1)
    r = f.do("use_gift", [1, 9], who="Ragnar", gift=TRUMPET, target="Goblin")
    assert r["success"] is False and "commanded" not in r and f.who("Grub").hp == 30 and r["uses_left"] == 0
    for lang in ("en", "es"):
        card = combat_card("use_gift", f.log.events[-1], words_for(lang, "rune"))
        assert program_values(card.action + card.result + "".join(x.label + x.value for x in card.rows)) == []
    f.next_round(Ragnar=[5], Goblin=[2], Grub=[2])
    f.refuse("use_gift", "as often as it allows", [9, 2, 8, 2], who="Ragnar", gift=TRUMPET, target="Goblin")


def test_the_blast_is_refused_unchanged_without_a_foe_with_an_ally_in_reach() -> None:
    f = _fight(2, second_at=(20, 0))  # Grub beyond the Goblin's club
    f.refuse("use_gift", "no ally", [9, 2, 8, 2], who="Ragnar", gift=TRUMPET, target="Goblin")
    f.refuse("use_gift", "name the foe", [9, 2], who="Ragnar", gift=TRUMPET)
    g = _fight(2)
    g.refuse("use_gift", "not one of", [9, 2], who="Ragnar", gift=TRUMPET, target="Goblin", victim="Ragnar")
    g.refuse("use_gift", "commands a foe", [9, 2], who="Ragnar", gift=TRUMPET, target="Ragnar")


def test_the_board_offers_the_blast_only_at_a_foe_with_an_ally_in_reach() -> None:
    from test_rune_board import GM

    for second_at, offered in (((4, 0), ("Goblin", "Grub")), ((20, 0), ())):
        f = _fight(1, second_at)
        moves = [m for m in f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
        blast = [m for m in moves if m.action == "use_gift" and m.params.get("gift") == TRUMPET]
        assert tuple(blast[0].targets if blast else ()) == offered
        assert all(program_values(m.title) == [] for m in blast)
