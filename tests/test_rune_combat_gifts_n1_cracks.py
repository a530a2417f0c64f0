"""Through the Cracks in a fight (spec 001b §2.5; combat/gift_cracks.py): X uses a fight - his cover counts as full
cover, a flight nobody strikes at (his treasure dropped), or a squeeze through an exit past its limit."""

from __future__ import annotations

import pytest

from runehall.errors import RulesError
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat.attack_odds import attack_odds
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero
from test_rune_combat_options import BOW
from test_rune_combat_terrain import zone

CRACKS = "through_the_cracks"


def _text(f: Fight, action: str, lang: str) -> str:
    card = combat_card(action, f.log.events[-1], words_for(lang, "rune"))
    return card.action + card.result + "".join(r.label + r.value for r in card.rows)


def _shot_at(x: int = 1, cover: str = "half", gift: bool = True) -> Fight:
    ragnar = hero("Ragnar", (0, 0), init=30, gift_ranks={CRACKS: x} if gift else {})
    f = Fight(ragnar, fighter("Archer", (30, 0), init=2, weapons=[BOW]), new_encounter=False)
    f.roll_all(Ragnar=[5], Archer=[2])
    f.do("move", who="Ragnar", to=[1, 0], kind="seek_cover", cover=cover)
    return f


def test_behind_cover_it_counts_as_full_cover_for_the_shot_and_its_odds() -> None:
    f = _shot_at()
    half = attack_odds(f.state, f.log.option_values(), "Archer", "Ragnar", "short_bow")
    r = f.do("use_gift", who="Ragnar", gift="Through the Cracks")
    assert (r["cover_was"], r["cover"], r["uses_left"]) == ("half", "full", 0) and f.who("Ragnar").cover == "full"
    for lang, said in (("en", "half cover counts as full cover"), ("es", "cuenta como cobertura total")):
        text = _text(f, "use_gift", lang)
        assert program_values(text) == [] and said in text
    full = attack_odds(f.state, f.log.option_values(), "Archer", "Ragnar", "short_bow")
    g = _shot_at(cover="full", gift=False)  # the same hero found full cover himself: the same exact odds
    same = attack_odds(g.state, g.log.option_values(), "Archer", "Ragnar", "short_bow")
    assert half is not None and full is not None and same is not None
    assert full.hit == same.hit and full.mean_lost == same.mean_lost and full.hit < half.hit
    shot = f.do("attack", [9], who="Archer", target="Ragnar")["attack"]
    assert shot["atk"]["modifiers"].get("full cover") == -12
    f.log.undo()
    f.log.undo()
    assert f.who("Ragnar").cover == "half" and f.who("Ragnar").gifted.used == {}


def test_refused_unchanged_without_cover_already_full_or_no_use_left() -> None:
    ragnar = hero("Ragnar", (0, 0), init=9, gift_ranks={CRACKS: 1})
    f = Fight(ragnar, fighter("Archer", (30, 0), init=2, weapons=[BOW]), new_encounter=False)
    f.roll_all(Ragnar=[5], Archer=[2])
    f.refuse("use_gift", "behind no cover", who="Ragnar", gift=CRACKS)
    g = _shot_at(cover="full")
    g.refuse("use_gift", "already behind full cover", who="Ragnar", gift=CRACKS)
    h = _shot_at(cover="third")
    h.do("use_gift", who="Ragnar", gift=CRACKS)
    board = h.board
    board.update("Ragnar", cover="half")  # other cover taken later in the fight (as a later move would)
    with pytest.raises(RulesError, match="as often as it allows"):
        h.act_on(board.freeze(), "use_gift", [], who="Ragnar", gift=CRACKS)


def _engaged(x: int = 1) -> Fight:
    ragnar = hero("Ragnar", (0, 0), init=9, gift_ranks={CRACKS: x}, sprint=1)
    f = Fight(ragnar, fighter("Goblin", (2, 0), init=2), new_encounter=False)
    f.roll_all(Ragnar=[5], Goblin=[2])
    return f


def test_a_flight_through_the_cracks_draws_no_free_attack_and_drops_his_treasure() -> None:
    plain = _engaged()
    drawn = plain.do("move", [9, 2], who="Ragnar", to=[-30, 0], kind="flee")
    assert drawn.get("free_attacks")  # the Goblin strikes the plain fleer
    f = _engaged()
    r = f.do("move", [], who="Ragnar", to=[-30, 0], kind="flee", cracks=True)
    assert "free_attacks" not in r and r["cracks"] == {"uses_left": 0, "treasure_dropped": True}
    assert f.who("Ragnar").hp == f.who("Ragnar").hp_max and f.who("Ragnar").at == (-30, 0)
    for lang, said in (("en", "drops the treasure he carries"), ("es", "suelta el tesoro que lleva")):
        text = _text(f, "move", lang)
        assert program_values(text) == [] and said in text
    f.log.undo()
    assert f.who("Ragnar").at == (0, 0) and f.who("Ragnar").gifted.used == {}


def test_a_flight_through_the_cracks_is_refused_unchanged_when_not_legal() -> None:
    f = _engaged()
    f.refuse("move", "must be a flight", who="Ragnar", to=[-10, 0], kind="full", cracks=True)
    f.refuse("move", "nobody strikes at him", who="Ragnar", to=[-30, 0], kind="flee", cracks=True,
             strikes={"Goblin": "normal"})  # fmt: skip
    plain = Fight(hero("Ragnar", (0, 0), init=9), fighter("Goblin", (2, 0), init=2), new_encounter=False)
    plain.roll_all(Ragnar=[5], Goblin=[2])
    plain.refuse("move", "no use of Through the Cracks left", who="Ragnar", to=[-30, 0], kind="flee", cracks=True)


def test_he_squeezes_through_an_exit_whose_heroes_have_gone() -> None:
    people = [
        hero("Thurid", (0, 4), init=10, sprint=1),
        hero("Ragnar", (0, 0), init=5, sprint=1, gift_ranks={CRACKS: 2}),
        fighter("Goblin", (50, 50)),
    ]
    f = Fight(*people, terrain=[zone("exit", [-45, -10, -35, 10], name="the tunnel")])
    f.roll_all(Thurid=[5], Ragnar=[5], Goblin=[5])
    f.do("move", who="Thurid", to=[-40, 4], kind="flee")
    r = f.do("move", who="Ragnar", to=[-40, 0], kind="flee")
    assert r["escaped"]["cracks"] == {"uses_left": 1} and f.who("Ragnar").health == "gone"
    for lang, said in (("en", "squeezes through the tunnel"), ("es", "se escurre por the tunnel")):
        text = _text(f, "move", lang)
        assert program_values(text) == [] and said in text


def test_the_board_offers_its_uses_only_when_legal() -> None:
    from test_rune_board import GM

    for cover, offered in (("half", True), ("full", False)):
        f = _shot_at(cover=cover)
        moves = [m for m in f.log.tracker.board(f.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
        use = [m for m in moves if m.action == "use_gift" and m.params.get("gift") == CRACKS]
        assert bool(use) is offered and all(program_values(m.title) == [] for m in use)
    g = _engaged()
    moves = [m for m in g.log.tracker.board(g.state, words_for("es", "rune"), GM).moves if m.actor == "Ragnar"]
    flee = [m for m in moves if m.action == "move" and m.params.get("cracks")]
    assert len(flee) == 1 and program_values(flee[0].title) == []
