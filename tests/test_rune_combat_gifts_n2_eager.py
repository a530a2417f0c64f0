"""The Eager Arrow in a fight (spec 001b §2.5, 001b TV-13c; combat/gift_eager.py): no action, once a round,
Presence + X against a tenth of the paces to the farthest arrow he shot in the fight; made: the arrows back in
his quiver, X armour-ignoring damage to each foe still fighting that one is lodged in, and +X on a later shot at
that foe with the arrow torn out of him."""

from __future__ import annotations

from typing import Any

from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.combat.gift_eager import EAGER
from runehall.systems.rune.encounters.feed import Fact, facts
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_gifts_n2 import cards


def bow(atk: int = 2) -> dict[str, Any]:
    return {"weapon": "short_bow", "init": 20, "atk": atk, "dam": 6, "dam_rating": 6, "ammo": 5}


def eager_fight(x: int = 2, presence: int = 1, atk: int = 2, gift: bool = True) -> Fight:
    """Ragnar (Pre 1) with a bow; the Goblin (Soak 0) 30 paces off, the Orc 47 (001b TV-13c's farthest arrow)."""
    gifts = {"gift_ranks": {EAGER: x}} if gift else {}
    r = hero("Ragnar", (0, 0), init=9, weapons=[bow(atk)], presence=presence, **gifts)
    f = Fight(r, fighter("Goblin", (30, 0), init=2, soak=0), fighter("Orc", (47, 0), init=1), new_encounter=False)
    f.roll_all(Ragnar=[2], Goblin=[2], Orc=[2])
    return f


def shot_twice(f: Fight) -> None:
    """A hit on the Goblin (9 + 2 vs 6: lodged), next round a miss at the Orc (2 + 2 vs 6: it lies 47 paces off)."""
    f.do("attack", [9], who="Ragnar", target="Goblin")
    f.next_round(Ragnar=[2], Goblin=[2], Orc=[2])
    f.do("attack", [2], who="Ragnar", target="Orc")


def test_001b_tv_13c_the_arrows_come_back_and_tear_out_of_the_foe_they_hurt() -> None:
    f = eager_fight()
    f.refuse("use_gift", "no arrow or bolt", [5], who="Ragnar", gift=EAGER)
    shot_twice(f)
    assert f.who("Ragnar").weapons[0].ammo == 3
    before, goblin, entries = f.state, f.who("Goblin").hp, f.board.entries
    out = f.do("use_gift", [2], who="Ragnar", gift=EAGER)  # 2 + Pre 1 + X 2 = 5 against 47 paces / 10 = 4
    assert (out["farthest"], out["difficulty"], out["success"], out["arrows"]) == (47, 4, True, 2)
    assert f.who("Ragnar").weapons[0].ammo == 5  # both back in the quiver
    [rip] = out["rips"]  # only the Goblin held one: the Orc's arrow missed
    assert rip["target"] == "Goblin" and f.who("Goblin").hp == goblin - 2
    assert Fact("damage", "Ragnar", "Goblin", 2) in facts(before, f.state, f.log.events[-1]["result"])
    said = cards(f, "use_gift")
    assert "2 arrows back" in said[0] and "La flecha ansiosa" in said[1]
    assert f.board.entries == entries  # no action spent
    f.refuse("use_gift", "this round already", [5], who="Ragnar", gift=EAGER)
    f.log.undo()
    assert f.who("Goblin").hp == goblin and f.who("Ragnar").weapons[0].ammo == 3


def test_the_torn_arrow_gives_x_on_the_next_shot_at_its_foe_and_its_odds() -> None:
    f = eager_fight()
    shot_twice(f)
    f.do("use_gift", [2], who="Ragnar", gift=EAGER)
    f.next_round(Ragnar=[2], Goblin=[2], Orc=[2])
    torn = attack_odds(f.state, f.log.option_values(), "Ragnar", "Goblin", "short_bow")
    g = eager_fight(atk=4, gift=False)  # the same shot with 2 more ATK
    plain = attack_odds(g.state, g.log.option_values(), "Ragnar", "Goblin", "short_bow")
    assert torn is not None and plain is not None and torn.hit == plain.hit
    orc = attack_odds(f.state, f.log.option_values(), "Ragnar", "Orc", "short_bow")  # no arrow of the Orc's
    base = attack_odds(g.state, g.log.option_values(), "Ragnar", "Orc", "short_bow")
    assert orc is not None and base is not None and orc.hit < base.hit
    shot = f.do("attack", [5], who="Ragnar", target="Goblin")["attack"]
    assert shot["atk"]["modifiers"].get("The Eager Arrow") == 2, shot["atk"]
    assert f.who("Ragnar").gifted.triggered.torn == ()  # that arrow's bonus is spent


def test_the_roll_follows_the_difficulty_for_every_die() -> None:
    f = eager_fight(x=1, presence=0)
    shot_twice(f)
    for die in range(2, 10):
        _, out = f.act_on(f.state, "use_gift", [die], who="Ragnar", gift=EAGER)
        assert out["success"] is (die + 1 >= 4), die
        assert ("rips" in out) is out["success"]


def test_the_board_offers_it_only_with_an_arrow_out_and_not_twice_a_round() -> None:
    from runehall.present.words import words_for
    from test_rune_board import GM

    def offered(f: Fight) -> int:
        moves = f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves
        return sum(1 for m in moves if m.action == "use_gift" and m.params.get("gift") == EAGER)

    f = eager_fight()
    assert offered(f) == 0  # nothing shot yet
    f.do("attack", [9], who="Ragnar", target="Goblin")
    assert offered(f) == 1
    f.do("use_gift", [9], who="Ragnar", gift=EAGER)
    assert offered(f) == 0  # tried this round
