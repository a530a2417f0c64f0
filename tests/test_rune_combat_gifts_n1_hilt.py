"""The Loyal Hilt in a fight (spec 001b §2.5; combat/gift_hilt.py): he throws the melee weapon in his hand at a
foe up to 3 + 3X paces off as a melee attack; it flies back unless he botches, then it lies 3X paces toward the
foe."""

from __future__ import annotations

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.gift_hilt import hilt_odds, landing, reach
from runehall.systems.rune.encounters.feed import Fact, facts
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_options import BOW

HILT = "the_loyal_hilt"


def _fight(x: int = 1, goblin_at: tuple[int, int] = (6, 0), gift: bool = True, at: tuple[int, int] = (0, 0)) -> Fight:
    ragnar = hero("Ragnar", at, init=9, gift_ranks={HILT: x} if gift else {})
    f = Fight(ragnar, fighter("Goblin", goblin_at, init=2, dfn=4), new_encounter=False)
    f.roll_all(Ragnar=[5], Goblin=[2])
    return f


def _text(f: Fight, lang: str) -> str:
    card = combat_card("use_gift", f.log.events[-1], words_for(lang, "rune"))
    return card.action + card.result + "".join(r.label + r.value for r in card.rows)


def test_a_throw_that_hits_deals_its_damage_and_flies_back() -> None:
    f = _fight()
    state = f.state
    r = f.do("use_gift", [8, 2], who="Ragnar", gift="The Loyal Hilt", target="Goblin")
    blow = r["attack"]
    assert blow["atk"]["total"] == 8 + 5 and blow["dfn"]["total"] == 2 + 4 and blow["hit"] is True
    assert f.who("Goblin").hp == 50 - blow["injury"]["hp_lost"] and blow["injury"]["hp_lost"] > 0
    assert Fact("damage", "Ragnar", "Goblin", blow["injury"]["hp_lost"]) in facts(state, f.state, r)  # a run's VP
    assert r["returned"] and f.who("Ragnar").ready == "club" and not f.board.entries["Ragnar"].steps
    assert "riposte" not in str(blow) and f.who("Ragnar").at == (0, 0)  # six paces off: no riposte reaches him
    for lang in ("en", "es"):
        text = _text(f, lang)
        assert program_values(text) == [] and "Goblin" in text and "6" in text
    f.log.undo()
    assert f.who("Goblin").hp == 50


def test_a_botch_leaves_the_weapon_on_the_ground_3x_paces_toward_the_foe() -> None:
    f = _fight(x=2, goblin_at=(9, 0))
    r = f.do("use_gift", [1, 3, 2], who="Ragnar", gift=HILT, target="Goblin")
    assert r["attack"]["hit"] is False and r["lies_at"] == [6, 0] and "returned" not in r
    assert f.who("Ragnar").ready == "unarmed" and "club" in f.who("Ragnar").dropped
    for lang, said in (("en", "lies on the ground at (6, 0)"), ("es", "queda en el suelo en (6, 0)")):
        text = _text(f, lang)
        assert program_values(text) == [] and said in text
    assert landing((0, 0), (3, 4), 1) == (2, 2) and landing((0, 0), (0, 0), 1) == (0, 0)  # 3 paces along 5


def test_refused_unchanged_beyond_its_reach_or_without_a_melee_weapon() -> None:
    assert (reach(1), reach(3)) == (6, 12)
    f = _fight(goblin_at=(7, 0))
    f.refuse("use_gift", "his throw reaches 6", [8, 2], who="Ragnar", gift=HILT, target="Goblin")
    f.refuse("use_gift", "name the foe", [8, 2], who="Ragnar", gift=HILT)
    f.refuse("use_gift", "not at Ragnar", [8, 2], who="Ragnar", gift=HILT, target="Ragnar")
    g = Fight(hero("Ragnar", (0, 0), init=9, gift_ranks={HILT: 1}, weapons=[BOW]), fighter("Goblin", (6, 0), init=2),
              new_encounter=False)  # fmt: skip
    g.roll_all(Ragnar=[5], Goblin=[2])
    g.refuse("use_gift", "melee weapon in hand", [8, 2], who="Ragnar", gift=HILT, target="Goblin")


def test_the_odds_are_those_of_the_same_blow_struck_from_close() -> None:
    f = _fight()
    found = hilt_odds(f.state, f.log.option_values(), "Ragnar", "Goblin")
    near = _fight(gift=False, at=(3, 0))  # within 3 paces: a plain attack with the same numbers
    same = attack_odds(near.state, near.log.option_values(), "Ragnar", "Goblin", "club")
    assert found is not None and same is not None
    assert (found.hit, found.wound, found.down, found.mean_lost) == (same.hit, same.wound, same.down, same.mean_lost)
    assert hilt_odds(_fight(goblin_at=(7, 0)).state, f.log.option_values(), "Ragnar", "Goblin") is None


def test_the_board_offers_the_throw_only_at_foes_in_reach_with_the_odds() -> None:
    from test_rune_board import GM

    for goblin_at, offered in (((6, 0), ("Goblin",)), ((7, 0), ())):
        f = _fight(goblin_at=goblin_at)
        moves = [m for m in f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
        throw = [m for m in moves if m.action == "use_gift" and m.params.get("gift") == HILT]
        assert tuple(throw[0].targets if throw else ()) == offered
        assert all(program_values(m.title + m.hint) == [] and "Goblin" in m.hint for m in throw)
