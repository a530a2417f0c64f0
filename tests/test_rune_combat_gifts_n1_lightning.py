"""Penetrating Lightning in a fight (spec 001b §2.5; combat/gift_lightning.py): no action, X times an encounter, a
missile weapon in hand: Dex + Thor rating against a foe's Res roll, a higher total strips one degree of its cover."""

from __future__ import annotations

from fractions import Fraction

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.gift_lightning import chance
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_options import BOW

LIGHTNING = "penetrating_lightning"
DEPTH = 3  # open-ended dice enumerated per stress roll


def _fight(x: int = 2, cover: str = "half", **more: object) -> Fight:
    ragnar = hero("Ragnar", (0, 0), init=2, weapons=[BOW], dexterity=3, gift_ranks={LIGHTNING: x}, **more)
    f = Fight(ragnar, fighter("Goblin", (20, 0), init=30), new_encounter=False)
    f.roll_all(Ragnar=[5], Goblin=[5])
    f.do("move", who="Goblin", to=[21, 0], kind="seek_cover", cover=cover)
    return f


def _text(f: Fight, lang: str) -> str:
    card = combat_card("use_gift", f.log.events[-1], words_for(lang, "rune"))
    return card.action + card.result + "".join(r.label + r.value for r in card.rows)


def test_a_higher_total_strips_one_degree_of_the_foes_cover() -> None:
    f = _fight()
    r = f.do("use_gift", [8, 2], who="Ragnar", gift="Penetrating Lightning", target="Goblin")
    mine, theirs = r["rolls"]
    assert mine["total"] == 8 + 3 + 2 and theirs["total"] == 2 + 3  # Dex 3 + Thor 2 (his two levels); Res 3
    assert r["success"] is True and (r["cover_was"], r["cover"]) == ("half", "third") and r["uses_left"] == 1
    assert f.who("Goblin").cover == "third" and f.board.next_up() is not None  # no action spent
    for lang, said in (("en", "shatters"), ("es", "destroza")):
        text = _text(f, lang)
        assert program_values(text) == [] and said in text and "Goblin" in text
    f.do("use_gift", [9, 2], who="Ragnar", gift=LIGHTNING, target="Goblin")
    assert f.who("Goblin").cover == "none"
    f.refuse("use_gift", "as often as it allows|behind no cover", [9, 2], who="Ragnar", gift=LIGHTNING, target="Goblin")
    f.log.undo()
    f.log.undo()
    assert f.who("Goblin").cover == "half" and f.who("Ragnar").gifted.used == {}


def test_a_tie_is_the_foes_and_the_cover_stays() -> None:
    f = _fight()
    r = f.do("use_gift", [3, 8], who="Ragnar", gift=LIGHTNING, target="Goblin")  # 3 + 5 = 8 against 8 + 3 = 11
    assert r["success"] is False and f.who("Goblin").cover == "half" and r["uses_left"] == 1
    g = _fight()
    tie = g.do("use_gift", [5, 7], who="Ragnar", gift=LIGHTNING, target="Goblin")  # 10 against 10
    assert tie["success"] is False and g.who("Goblin").cover == "half"
    for lang, said in (("en", "keeps his half cover"), ("es", "conserva su media cobertura")):
        text = _text(g, lang)
        assert program_values(text) == [] and said in text


def _stress() -> list[tuple[int, Fraction]]:
    """One stress roll's results to DEPTH open-ended dice, with their chances (the rest left out)."""
    opened = [(10 * n + j, Fraction(1, 10 ** (n + 1))) for n in range(DEPTH) for j in range(1, 10)]
    out = [(f, Fraction(1, 10)) for f in range(2, 10)]
    out += [(10 + e, p / 10) for e, p in opened] + [(-e, p / 10) for e, p in opened]
    return out


def test_the_chance_is_exact_against_an_enumeration_of_both_rolls() -> None:
    f = _fight()
    hero_, foe = f.who("Ragnar"), f.who("Goblin")
    found = chance(hero_, foe)
    rolls = _stress()
    left = 1 - sum(p for _, p in rolls)
    won = sum(p * q for a, p in rolls for b, q in rolls if a + 5 > b + 3)  # Dex 3 + Thor 2 against Res 3
    assert won <= found <= won + 2 * left and Fraction(1, 2) < found < 1
    r = f.do("use_gift", [8, 2], who="Ragnar", gift=LIGHTNING, target="Goblin")
    assert Fraction(*r["chance"]) == found


def test_refused_unchanged_when_not_legal() -> None:
    f = _fight(cover="half")
    f.refuse("use_gift", "name the foe", [8, 2], who="Ragnar", gift=LIGHTNING)
    f.refuse("use_gift", "not Ragnar's", [8, 2], who="Ragnar", gift=LIGHTNING, target="Ragnar")
    g = Fight(hero("Ragnar", (0, 0), init=2, weapons=[BOW], dexterity=3, gift_ranks={LIGHTNING: 1}),
              fighter("Goblin", (20, 0), init=30), new_encounter=False)  # fmt: skip
    g.roll_all(Ragnar=[5], Goblin=[5])
    g.refuse("use_gift", "behind no cover", [8, 2], who="Ragnar", gift=LIGHTNING, target="Goblin")
    h = Fight(hero("Ragnar", (0, 0), init=2, dexterity=3, gift_ranks={LIGHTNING: 1}),
              fighter("Goblin", (20, 0), init=30), new_encounter=False)  # fmt: skip
    h.roll_all(Ragnar=[5], Goblin=[5])
    h.do("move", who="Goblin", to=[21, 0], kind="seek_cover", cover="full")
    h.refuse("use_gift", "missile weapon in hand", [8, 2], who="Ragnar", gift=LIGHTNING, target="Goblin")
    i = Fight(hero("Ragnar", (0, 0), init=2, weapons=[BOW], gift_ranks={LIGHTNING: 1}),
              fighter("Goblin", (20, 0), init=30), new_encounter=False)  # fmt: skip
    i.roll_all(Ragnar=[5], Goblin=[5])
    i.do("move", who="Goblin", to=[21, 0], kind="seek_cover", cover="full")
    i.refuse("use_gift", "no Dexterity given", [8, 2], who="Ragnar", gift=LIGHTNING, target="Goblin")


def test_the_board_offers_it_at_foes_behind_cover_with_the_chance() -> None:
    from test_rune_board import GM

    for cover, offered in (("half", ("Goblin",)), ("full", ("Goblin",))):
        f = _fight(cover=cover)
        moves = [m for m in f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
        bolt = [m for m in moves if m.action == "use_gift" and m.params.get("gift") == LIGHTNING]
        assert tuple(bolt[0].targets if bolt else ()) == offered
        assert all(program_values(m.title + m.hint) == [] and "Goblin" in m.hint and "%" in m.hint for m in bolt)
    g = Fight(hero("Ragnar", (0, 0), init=2, weapons=[BOW], dexterity=3, gift_ranks={LIGHTNING: 1}),
              fighter("Goblin", (20, 0), init=30), new_encounter=False)  # fmt: skip
    g.roll_all(Ragnar=[5], Goblin=[5])
    moves = [m for m in g.log.tracker.board(g.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
    assert not [m for m in moves if m.action == "use_gift" and m.params.get("gift") == LIGHTNING]
