"""Divine Gifts set off by what happens in a fight (spec 001b §2.5; combat/gift_triggered.py): Dying Blow invoked
right after the blow that would kill the hero (001b TV-03), The Clenched Jaw of Vengeance after an enemy Wounds
him. Refusals leave the log unchanged; undo takes a use back."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.gifts.formulas import dying_blow
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

DYING, JAW = "dying_blow", "the_clenched_jaw_of_vengeance"


def cards(f: Fight, action: str = "use_gift") -> None:
    event = next(e for e in reversed(f.log.events) if e["action"] == action)
    for lang in ("en", "es"):
        card = combat_card(action, event, words_for(lang, "rune"))
        assert program_values(card.action + card.result + "".join(r.label + r.value for r in card.rows)) == []
        assert card.action and card.result


def felled(x: int = 2, **more: Any) -> Fight:
    """Ragnar (3 Wounds, 10 HP) takes a blow that takes him below 0 HP; Thurid stands by."""
    ragnar = hero("Ragnar", (0, 0), init=2, atk=5, hp=10, wounds=3, gift_ranks={DYING: x}, **more)
    f = Fight(ragnar, hero("Thurid", (0, 3), init=1), fighter("Goblin", (2, 0), init=9, dam=6), new_encounter=False)
    f.roll_all(Ragnar=[2], Thurid=[2], Goblin=[9])
    blow = f.do("attack", [9, 2], who="Goblin", target="Ragnar")["attack"]
    assert blow["hit"] and blow["injury"]["health"] == "dying"
    return f


def test_dying_blow_keeps_him_fighting_x_rounds_with_impairment_turned_to_atk_bonus_001b_tv_03() -> None:
    f = felled(2)
    used = f.do("use_gift", [], who="Ragnar", gift="Dying Blow")
    rule = dying_blow(2, 3)  # 001b TV-03: -3 from Wounds becomes +3 on ATK; +X on every roll
    assert (rule.atk, rule.other) == (3 + 2, -3 + 2)
    assert (used["atk_bonus"], used["other_bonus"], used["until_round"]) == (rule.atk, rule.other, 1 + 2)
    ragnar = f.who("Ragnar")
    assert ragnar.health == "active" and ragnar.hp < 0 and ragnar.impairment == -rule.other
    cards(f)
    f.do("pass", who="Thurid")
    atk = f.do("attack", [4, 9], who="Ragnar", target="Goblin")["attack"]["atk"]  # his action of this round is back
    assert atk["total"] == 4 + 5 + rule.atk  # the die, his ATK score, and the gift
    f.next_round(Ragnar=[2], Thurid=[2], Goblin=[9])
    again = f.do("attack", [9, 2], who="Goblin", target="Ragnar")["attack"]
    assert again["hit"] and f.who("Ragnar").health == "active"  # no blow stops him now
    f.next_round(Ragnar=[2], Thurid=[2], Goblin=[9])
    assert f.who("Ragnar").health == "active"  # round 3 is his last
    while (up := f.board.next_up()) is not None:
        f.do("pass", who=up[0])
    ended = f.do("end_round")
    assert [d["who"] for d in ended["dying_blow_ended"]] == ["Ragnar"] and f.who("Ragnar").health == "dead"
    dealt = ended["dying_blow_ended"][0]["dealt"]
    assert dealt > 0 and ended["dying_blow_ended"][0]["legacy_vp"] == 2 * dealt
    cards(f, "end_round")


def test_dying_blow_is_offered_right_after_the_blow_and_then_never() -> None:
    from test_rune_board import GM

    def offered(f: Fight) -> bool:
        moves = f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves
        return any(m.action == "use_gift" and m.params.get("gift") == DYING for m in moves)

    ragnar = hero("Ragnar", (0, 0), init=2, hp=10, wounds=3, gift_ranks={DYING: 1})
    f = Fight(ragnar, hero("Thurid", (0, 3), init=1), fighter("Goblin", (2, 0), init=9, dam=6), new_encounter=False)
    f.roll_all(Ragnar=[2], Thurid=[2], Goblin=[9])
    assert not offered(f)
    f.refuse("use_gift", "right after the blow", [], who="Ragnar", gift=DYING)
    f.do("attack", [9, 2], who="Goblin", target="Ragnar")
    assert offered(f)
    f.do("pass", who="Thurid")  # another move: the moment has passed
    assert not offered(f)
    f.refuse("use_gift", "right after the blow", [], who="Ragnar", gift=DYING)
    assert f.who("Ragnar").health == "dead"  # Thurid passed instead of reviving him


def test_dying_blow_undone_leaves_him_dying_and_the_fight_ending_kills_him() -> None:
    f = felled(1)
    f.do("use_gift", [], who="Ragnar", gift=DYING)
    f.log.undo()
    assert f.who("Ragnar").health == "dying" and f.who("Ragnar").gifted.triggered.dying is None
    f.do("use_gift", [], who="Ragnar", gift=DYING)
    ended = f.do("end_combat")
    assert ended["dying_blow_ended"][0]["who"] == "Ragnar" and f.who("Ragnar").health == "dead"
    cards(f, "end_combat")


def test_dying_blow_card_in_spanish() -> None:
    f = felled(2)
    f.do("use_gift", [], who="Ragnar", gift=DYING)
    card = combat_card("use_gift", f.log.events[-1], words_for("es", "rune"))
    assert card.action == "Ragnar usa Golpe postrero" or "Golpe postrero" in card.action
    assert card.result == "sigue luchando hasta el final de la ronda 3, y luego muere"
    assert [r.value for r in card.rows] == ["+5", "\u22121"]


def test_clenched_jaw_soak_damage_back_and_20x_vp_for_the_kill() -> None:
    ragnar = hero("Ragnar", (0, 0), init=2, atk=5, dam=12, gift_ranks={JAW: 2})
    f = Fight(ragnar, fighter("Goblin", (2, 0), init=9, dam=12, hp=40), fighter("Orc", (0, 2), init=1),
              new_encounter=False)  # fmt: skip
    f.roll_all(Ragnar=[2], Goblin=[9], Orc=[2])
    wounding = f.do("attack", [9, 2], who="Goblin", target="Ragnar")["attack"]
    assert wounding["injury"]["wounds_added"] == 1 and "soak_modifiers" not in wounding
    taken = wounding["injury"]["hp_lost"]
    back = f.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]  # his first hit on him since
    assert back["dam_modifiers"] == {"The Clenched Jaw of Vengeance": taken} and back["dam"] == 12 + taken
    assert "gift_vp" not in back["injury"] and f.who("Goblin").active
    other = f.do("attack", [9, 2], who="Orc", target="Ragnar")["attack"]
    assert other["soak_modifiers"] == {"The Clenched Jaw of Vengeance": 2}  # +X Soak while the Goblin stands
    assert other["injury"]["wounds_added"] == 0  # the Orc Wounds him not: he is not remembered
    f.next_round(Ragnar=[2], Goblin=[9], Orc=[2])
    struck = f.do("attack", [9, 2], who="Goblin", target="Ragnar")["attack"]
    assert struck["soak_modifiers"] == {"The Clenched Jaw of Vengeance": 2}  # once, not per blow or per foe
    killing = f.do("attack", [9, 2], who="Ragnar", target="Goblin")["attack"]
    assert "dam_modifiers" not in killing  # only the first hit back carries the Wounding blow's damage
    assert killing["injury"]["health"] in ("dying", "dead")  # a foe fights to the death: down is dead
    assert killing["injury"]["gift_vp"] == [{"hero": "Ragnar", "gift": JAW, "vp": 20 * 2}]
    cards(f, "attack")
    orc = f.do("attack", [9, 2], who="Orc", target="Ragnar")["attack"]
    assert "soak_modifiers" not in orc  # the Goblin is dead: no more Soak
    f.log.undo()
    f.log.undo()
    assert f.who("Goblin").active and f.who("Ragnar").gifted.triggered.jaws[0].foe == "Goblin"


def test_like_the_leaping_stag_20x_vp_for_a_dodged_shot_that_misses() -> None:
    from test_rune_combat_options import BOW

    stag = "like_the_leaping_stag"

    def shot(faces: list[int], dodge: bool) -> dict[str, Any]:
        archer = fighter("Archer", (20, 0), init=9, weapons=[BOW])
        f = Fight(hero("Ragnar", (0, 0), init=1, gift_ranks={stag: 3}), archer, new_encounter=False)
        f.roll_all(Ragnar=[2], Archer=[9])
        result: dict[str, Any] = f.do("attack", faces, who="Archer", target="Ragnar", dodge=dodge)["attack"]
        if "gift_vp" in result:
            cards(f, "attack")
            card = combat_card("attack", f.log.events[-1], words_for("es", "rune"))
            assert any(r.value == "Ragnar: 60 PV (Como el ciervo que salta)" for r in card.rows)
        return result

    missed = shot([2, 9], dodge=True)
    assert missed["hit"] is False and missed["gift_vp"] == [{"hero": "Ragnar", "gift": stag, "vp": 20 * 3}]
    hit = shot([9, 2], dodge=True)
    assert hit["hit"] is True and "gift_vp" not in hit  # dodged, but the shot hit
    undodged = shot([1, 5], dodge=False)
    assert undodged["hit"] is False and "gift_vp" not in undodged  # a miss he did not dodge
