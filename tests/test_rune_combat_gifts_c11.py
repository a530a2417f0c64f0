"""Comeuppance Postponed on a flight (spec 001b §2.5; combat/gift_flight.py): +3 DFN while fleeing, as if carefully
retreating; a foe on his escape route takes his free attack only by beating him at Engagement, his Loki rating added
to his roll (a tie is his). Shots are left as they are; a hero without an Engagement roll is refused unchanged."""

from __future__ import annotations

import json
from typing import Any

from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.speech.fights import combat_card
from test_rune_combat import Fight, fighter, hero

COMEUPPANCE, CRAVEN = "comeuppance_postponed", "craven_departure"
LABEL = "Comeuppance Postponed"


def flight(gifts: dict[str, int] | None, **more: Any) -> Fight:
    """Ragnar (Sprint 1, Engagement 2) Engaged with a goblin (Res 3: his Engagement roll), a wolf on his way west."""
    ragnar = hero("Ragnar", (0, 0), init=-10, sprint=1, engagement=2, gift_ranks=gifts or {}, **more)
    fight = Fight(ragnar, fighter("Goblin", (2, 0), init=10), fighter("Wolf", (-30, 2), init=0))
    fight.roll_all(Ragnar=[5], Goblin=[5], Wolf=[5])
    while (up := fight.board.next_up()) is not None and up[0] != "Ragnar":
        fight.do("pass", who=up[0])
    return fight


def cards(f: Fight) -> list[str]:
    event = next(e for e in reversed(f.log.events) if e["action"] == "move")
    said = []
    for lang in ("en", "es"):
        card = combat_card("move", event, words_for(lang, "rune"))
        text = card.action + card.result + "".join(r.label + r.value for r in card.rows)
        assert program_values(text) == []
        said.append(text)
    return said


def test_foes_on_his_route_strike_only_by_beating_him_at_engagement() -> None:
    f = flight({COMEUPPANCE: 1})
    # Goblin 9 + 3 = 12 beats Ragnar 2 + 2 + Loki 1 = 5: his free attack (5 vs 5); Wolf 2 + 3 = 5 < 9 + 2 + 1 = 12
    result = f.do("move", [9, 2, 2, 9, 5, 5], who="Ragnar", to=[-40, 0], kind="flee")
    contests = {c["foe"]: c for c in result["comeuppance"]}
    assert (contests["Goblin"]["strikes"], contests["Wolf"]["strikes"]) == (True, False)
    assert contests["Goblin"]["hero_roll"]["total"] == 2 + 2 + 1 and contests["Wolf"]["foe_roll"]["total"] == 2 + 3
    assert contests["Goblin"]["hero_roll"]["modifiers"] == {LABEL: 1}
    strikes = result["free_attacks"]
    assert [s["attacker"] for s in strikes] == ["Goblin"]
    assert strikes[0]["dfn"]["modifiers"][LABEL] == 3  # the careful retreat's DFN
    assert strikes[0]["dfn"]["total"] == 5 + 5 + 3 and not strikes[0]["hit"]
    en, es = cards(f)
    assert "Goblin beats him" in en and "Wolf does not beat him" in en
    assert "Castigo aplazado" in es and "Wolf no le gana" in es


def test_a_tie_is_his_and_every_loki_level_counts() -> None:
    f = flight({COMEUPPANCE: 1, CRAVEN: 2})  # Loki rating 3
    result = f.do("move", [6, 4, 6, 4], who="Ragnar", to=[-40, 0], kind="flee")  # 6 + 3 = 9 against 4 + 2 + 3 = 9
    assert [c["strikes"] for c in result["comeuppance"]] == [False, False] and result["free_attacks"] == []
    assert f.who("Ragnar").at == (-40, 0) and f.who("Ragnar").hp == 50
    f.log.undo()
    assert f.who("Ragnar").at == (0, 0)


def test_without_the_gift_they_strike_with_no_roll_and_no_dfn_bonus() -> None:
    f = flight(None)
    result = f.do("move", [5, 5, 5, 5], who="Ragnar", to=[-40, 0], kind="flee")
    assert "comeuppance" not in result and [s["attacker"] for s in result["free_attacks"]] == ["Goblin", "Wolf"]
    assert all(LABEL not in (s["dfn"].get("modifiers") or {}) for s in result["free_attacks"])


def test_a_foe_who_forgoes_his_attack_rolls_nothing_and_other_moves_get_no_bonus() -> None:
    f = flight({COMEUPPANCE: 1})
    result = f.do("move", [2, 9], who="Ragnar", to=[-40, 0], kind="flee", strikes={"Wolf": "none"})
    assert [c["foe"] for c in result["comeuppance"]] == ["Goblin"] and result["free_attacks"] == []
    g = Fight(hero("Ragnar", (0, 0), init=9, engagement=2, gift_ranks={COMEUPPANCE: 1}), fighter("Goblin", (2, 0)))
    g.roll_all(Ragnar=[5], Goblin=[5])
    g.do("pass", who="Ragnar")
    blow = g.do("attack", [5, 5], who="Goblin", target="Ragnar")["attack"]
    assert LABEL not in (blow["dfn"].get("modifiers") or {})  # he is not fleeing


def test_a_fleer_without_an_engagement_roll_is_refused_unchanged() -> None:
    ragnar = hero("Ragnar", (0, 0), init=-10, sprint=1, gift_ranks={COMEUPPANCE: 1})
    f = Fight(ragnar, fighter("Goblin", (2, 0), init=10))
    f.roll_all(Ragnar=[5], Goblin=[5])
    f.do("pass", who="Goblin")
    before = json.dumps(f.log.to_json(), sort_keys=True)
    f.refuse("move", "Engagement", [5] * 6, who="Ragnar", to=[-40, 0], kind="flee")
    assert json.dumps(f.log.to_json(), sort_keys=True) == before
