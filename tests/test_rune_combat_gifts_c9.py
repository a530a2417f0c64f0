"""Boon of Angrboda in a fight (spec 001b §2.5; combat/gift_targeting.py): a foe neither human nor craftwerk that
chooses the hero as its target rolls Res against his Disguise + X first; failing, it takes him for a comrade, makes
no attack on him (its action still its own) and may not choose him again that round. Refusals leave the log
unchanged; undo takes the roll back."""

from __future__ import annotations

from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

BOON = "boon_of_angrboda"


def cards(f: Fight, action: str = "attack") -> list[str]:
    event = next(e for e in reversed(f.log.events) if e["action"] == action)
    said = []
    for lang in ("en", "es"):
        card = combat_card(action, event, words_for(lang, "rune"))
        text = card.action + card.result + "".join(r.label + r.value for r in card.rows)
        assert program_values(text) == [] and card.action
        said.append(text)
    return said


def boon_fight(x: int = 2, disguise: int = 5, thurid: bool = True, **foe: Any) -> Fight:
    """Ragnar holds the Boon (Disguise 5); a rock goblin (Res 3) acts first; Thurid stands by."""
    people = [hero("Ragnar", (0, 0), init=2, gift_ranks={BOON: x}, disguise=disguise)]
    if thurid:
        people.append(hero("Thurid", (2, 2), init=1))
    people.append(fighter("Goblin", (2, 0), init=9, **({"foe_type": "rock_goblin"} | foe)))
    f = Fight(*people)
    f.roll_all(Ragnar=[2], **({"Thurid": [2]} if thurid else {}), Goblin=[9])
    return f


def test_a_failed_res_roll_takes_him_for_a_comrade_and_the_foe_chooses_another() -> None:
    f = boon_fight(x=2, disguise=5)
    before = f.who("Ragnar").hp
    out = f.do("attack", [2], who="Goblin", target="Ragnar")  # Res 3 + 2 = 5 against 5 + 2 = 7
    boon = out["angrboda"]
    assert (boon["difficulty"], boon["rolls"][0]["total"], boon["success"]) == (7, 5, False)
    assert "attack" not in out and f.who("Ragnar").hp == before
    said = cards(f)
    assert "7" in said[0] and said[0] != said[1]
    f.refuse("attack", "comrades this round", [9, 9, 2], who="Goblin", target="Ragnar")
    hit = f.do("attack", [9, 2], who="Goblin", target="Thurid")  # the same action, spent on another target
    assert "angrboda" not in hit and hit["attack"]["target"] == "Thurid"


def test_a_made_res_roll_lets_the_attack_go_ahead_on_the_same_dice() -> None:
    f = boon_fight(x=2, disguise=5)
    out = f.do("attack", [4, 9, 2], who="Goblin", target="Ragnar")  # Res 3 + 4 = 7: made (a tie is made)
    assert out["angrboda"]["success"] is True and out["attack"]["hit"]
    assert out["attack"]["atk"]["faces"] == [9]  # the attack's dice follow the Res roll's
    cards(f)


def test_the_difficulty_is_disguise_plus_the_level() -> None:
    for x, disguise in ((1, 0), (3, 2), (4, 6)):
        f = boon_fight(x=x, disguise=disguise)
        for die in range(2, 10):
            state = f.state
            _, out = f.act_on(state, "attack", [die, 5, 5], who="Goblin", target="Ragnar")
            assert out["angrboda"]["difficulty"] == disguise + x
            assert out["angrboda"]["success"] is (die + 3 >= disguise + x)


def test_no_roll_for_humans_craftwerks_and_unmarked_foes_given_as_stats() -> None:
    for foe in ({"foe_type": "dark_viking"}, {"foe_type": None}):
        f = boon_fight(**foe)
        out = f.do("attack", [9, 2], who="Goblin", target="Ragnar")
        assert "angrboda" not in out and out["attack"]["hit"]
    f = boon_fight(foe_type=None, inhuman=True)  # a foe given as stats, marked inhuman: it rolls
    assert f.do("attack", [2], who="Goblin", target="Ragnar")["angrboda"]["success"] is False


def test_no_roll_when_he_has_attacked_it_or_it_has_no_other_target() -> None:
    f = boon_fight(thurid=False)
    out = f.do("attack", [9, 2], who="Goblin", target="Ragnar")
    assert out["angrboda"] == {"hero": "Ragnar", "automatic": "alone"} and out["attack"]["hit"]
    cards(f)
    ragnar = hero("Ragnar", (0, 0), init=9, gift_ranks={BOON: 1}, disguise=9)
    f = Fight(ragnar, hero("Thurid", (2, 2), init=1), fighter("Goblin", (2, 0), init=5, foe_type="rock_goblin"))
    f.roll_all(Ragnar=[9], Thurid=[2], Goblin=[5])
    f.do("attack", [5, 5], who="Ragnar", target="Goblin")
    assert f.who("Ragnar").gifted.watch.attacked == ("Goblin",)
    out = f.do("attack", [9, 2], who="Goblin", target="Ragnar")
    assert out["angrboda"]["automatic"] == "attacked" and out["attack"]["hit"]
    cards(f)


def test_the_next_round_it_chooses_again_and_undo_takes_the_roll_back() -> None:
    f = boon_fight()
    f.do("attack", [2], who="Goblin", target="Ragnar")
    assert len(f.who("Ragnar").gifted.watch.fooled) == 1
    f.log.undo()
    assert f.who("Ragnar").gifted.watch.fooled == ()
    f.do("attack", [2], who="Goblin", target="Ragnar")
    f.do("attack", [9, 2], who="Goblin", target="Thurid")
    f.next_round(Ragnar=[2], Thurid=[2], Goblin=[9])
    out = f.do("attack", [9, 9, 2], who="Goblin", target="Ragnar")  # a new round: a new choice, a new roll
    assert out["angrboda"]["success"] is True and out["attack"]["hit"]


def test_the_disguise_rating_comes_from_his_sheet() -> None:
    from test_rune_combat import RAGNAR_SHEET

    for rating in (0, 2):
        abilities = dict(RAGNAR_SHEET["abilities"])
        if rating:  # creation points moved from Climb, Swim and Bravery to Disguise
            abilities = {k: v for k, v in abilities.items() if k not in ("climb", "swim", "bravery")}
            abilities["disguise"] = rating
        sheet = {**RAGNAR_SHEET, "abilities": abilities, "gifts": {BOON: 1}}
        f = Fight({"name": "Ragnar", "sheet": sheet, "at": [0, 0]}, hero("Thurid", (2, 2)),
                  fighter("Goblin", (2, 0), init=9, foe_type="rock_goblin"))  # fmt: skip
        assert f.who("Ragnar").gifted.disguise == rating
        f.roll_all(Ragnar=[2], Thurid=[2], Goblin=[9])
        out = f.do("attack", [2, 9, 2], who="Goblin", target="Ragnar")
        assert out["angrboda"]["difficulty"] == rating + 1 and out["angrboda"]["disguise"] == rating


def test_the_board_no_longer_offers_him_as_its_target_that_round() -> None:
    from test_rune_board import GM

    def targets(f: Fight) -> set[str]:
        moves = f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves
        return {t for m in moves if m.action == "attack" and m.actor == "Goblin" for t in m.targets}

    f = boon_fight()
    assert {"Ragnar", "Thurid"} <= targets(f)
    f.do("attack", [2], who="Goblin", target="Ragnar")
    assert "Ragnar" not in targets(f) and "Thurid" in targets(f)
