"""The Tireless Joy-Shout in a fight (spec 001b §2.5, A-23; combat/gift_joy.py): hurt, begun the round disengaged,
he leaps at a foe another hero engages, strikes at +3 ATK, springs a half move away, and that foe will not choose
him for its next attack while he keeps away."""

from __future__ import annotations

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.gift_joy import joy_odds
from runehall.systems.rune.encounters.feed import Fact, facts
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

JOY = "the_tireless_joy_shout"
MOVES = {"move_half": 10, "move_full": 20}


def _fight(hp: int = 18, wounds: int = 0, ragnar_at: tuple[int, int] = (0, 0), x: int = 2) -> Fight:
    ragnar = hero("Ragnar", ragnar_at, init=9, hp=50, hp_now=hp, wounds=wounds, gift_ranks={JOY: x}, **MOVES)
    thurid = hero("Thurid", (8, 0), init=8)
    goblin = fighter("Goblin", (10, 0), init=2, atk=5, dfn=4, **MOVES)
    f = Fight(ragnar, thurid, goblin, new_encounter=False)
    f.roll_all(Ragnar=[5], Thurid=[4], Goblin=[2])
    return f


def _text(f: Fight, lang: str) -> str:
    card = combat_card("use_gift", f.log.events[-1], words_for(lang, "rune"))
    return card.action + card.result + "".join(r.label + r.value for r in card.rows)


def test_he_leaps_strikes_at_plus_3_and_springs_away() -> None:
    f = _fight()
    before, state = f.who("Goblin").hp, f.state
    r = f.do("use_gift", [8, 2], who="Ragnar", gift="The Tireless Joy-Shout", target="Goblin")
    blow = r["attack"]
    assert r["leapt"]["to"] == [7, 0] and blow["atk"]["modifiers"] == {"The Tireless Joy-Shout": 3}
    outnumbered = sum(blow["dfn"].get("modifiers", {}).values())  # two heroes on the Goblin now
    assert blow["atk"]["total"] == 8 + 5 + 3 and blow["dfn"]["total"] == 2 + 4 + outnumbered and blow["hit"] is True
    lost = blow["injury"]["hp_lost"]
    assert lost > 0 and f.who("Goblin").hp == before - lost
    assert Fact("damage", "Ragnar", "Goblin", lost) in facts(state, f.state, r)  # his damage VP in a run
    assert r["sprang"]["to"] == [-3, 0] and f.who("Ragnar").at == (-3, 0)  # the farthest a half move takes him
    assert f.who("Ragnar").gifted.watch.shunned == ("Goblin",) and not f.board.entries["Ragnar"].steps
    assert f.who("Ragnar").gifted.boosts == ()  # the +3 went with the roll
    for lang, said in (("en", "He springs away"), ("es", "Se aparta de un salto")):
        text = _text(f, lang)
        assert program_values(text) == [] and said in text and "Goblin" in text
    f.log.undo()
    assert f.who("Ragnar").at == (0, 0) and f.who("Goblin").hp == before and f.who("Ragnar").gifted.watch.shunned == ()


def test_the_foe_he_sprang_from_does_not_choose_him_for_its_next_attack() -> None:
    f = _fight()
    f.do("use_gift", [8, 2], who="Ragnar", gift=JOY, target="Goblin", toward=[3, 0])  # 7 paces from the Goblin
    f.do("pass", who="Thurid")
    f.refuse("attack", "sprang away", [9, 2], who="Goblin", target="Ragnar", move_to=[6, 0])
    from test_rune_board import GM

    board = f.log.tracker.board(f.state, words_for("en", "rune"), GM)
    offered = {t for m in board.moves if m.actor == "Goblin" and m.action == "attack" for t in m.targets}
    assert "Ragnar" not in offered and "Thurid" in offered  # the Goblin's buttons leave him out
    f.do("attack", [9, 2], who="Goblin", target="Thurid")  # its next attack: on someone else
    assert f.who("Ragnar").gifted.watch.shunned == ()
    f.next_round(Ragnar=[5], Thurid=[4], Goblin=[2])
    f.do("pass", who="Ragnar")
    f.do("pass", who="Thurid")
    r = f.do("attack", [9, 2], who="Goblin", target="Ragnar", move_to=[6, 0])
    assert r["attack"]["target"] == "Ragnar"


def test_refused_unchanged_unless_hurt_disengaged_and_the_foe_engaged_by_another_hero() -> None:
    f = _fight(hp=21)
    f.refuse("use_gift", "Wounded or at 20 HP or less", [8, 2], who="Ragnar", gift=JOY, target="Goblin")
    g = _fight(hp=40, wounds=1)  # a Wound is hurt enough
    g.do("use_gift", [8, 2], who="Ragnar", gift=JOY, target="Goblin")
    h = _fight(ragnar_at=(10, 3))  # within 3 paces of the Goblin as the round began
    h.refuse("use_gift", "did not begin this round disengaged", [8, 2], who="Ragnar", gift=JOY, target="Goblin")
    i = _fight()
    i.refuse("use_gift", "name the foe", [8, 2], who="Ragnar", gift=JOY)
    i.refuse("use_gift", "not Thurid", [8, 2], who="Ragnar", gift=JOY, target="Thurid")
    i.refuse("use_gift", "more than 3 paces", [8, 2], who="Ragnar", gift=JOY, target="Goblin", toward=[12, 0])
    j = _fight(ragnar_at=(-10, 0))  # 17 paces: a half move of 10 does not bring the Goblin into reach
    j.refuse("use_gift", "no spot a half move reaches", [8, 2], who="Ragnar", gift=JOY, target="Goblin")


def test_nobody_else_engaging_the_foe_refuses_it() -> None:
    ragnar = hero("Ragnar", (0, 0), init=9, hp=50, hp_now=10, gift_ranks={JOY: 1}, **MOVES)
    f = Fight(ragnar, hero("Thurid", (20, 20), init=8), fighter("Goblin", (10, 0), init=2), new_encounter=False)
    f.roll_all(Ragnar=[5], Thurid=[4], Goblin=[2])
    f.refuse("use_gift", "no other hero is Engaged with Goblin", [8, 2], who="Ragnar", gift=JOY, target="Goblin")


def _plain(atk: int) -> Fight:
    """Ragnar without the gift, standing where the leap ends, his ATK as given."""
    plain = hero("Ragnar", (7, 0), init=9, hp=50, hp_now=18, atk=atk, **MOVES)
    g = Fight(plain, hero("Thurid", (8, 0), init=8), fighter("Goblin", (10, 0), init=2, atk=5, dfn=4, **MOVES),
              new_encounter=False)  # fmt: skip
    g.roll_all(Ragnar=[5], Thurid=[4], Goblin=[2])
    return g


def test_the_odds_are_those_of_the_same_strike_with_3_more_atk_from_the_leap_spot() -> None:
    f = _fight()
    found = joy_odds(f.state, f.log.option_values(), "Ragnar", "Goblin")
    assert found is not None
    odds = []
    for atk in (8, 5):
        g = _plain(atk)
        odds.append(attack_odds(g.state, g.log.option_values(), "Ragnar", "Goblin", "club"))
    same, lower = odds
    assert same is not None and (found.hit, found.wound, found.down, found.mean_lost) == (
        same.hit, same.wound, same.down, same.mean_lost)  # fmt: skip
    assert lower is not None and found.hit > lower.hit  # the +3 counts
    assert joy_odds(_fight(hp=30).state, f.log.option_values(), "Ragnar", "Goblin") is None  # refused: no odds


def test_the_board_offers_it_only_when_legal_with_the_odds() -> None:
    from test_rune_board import GM

    for hp, offered in ((18, ("Goblin",)), (30, ())):
        f = _fight(hp=hp)
        moves = [m for m in f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
        joy = [m for m in moves if m.action == "use_gift" and m.params.get("gift") == JOY]
        assert tuple(joy[0].targets if joy else ()) == offered
        assert all(program_values(m.title + m.hint) == [] and "Goblin" in m.hint for m in joy)
