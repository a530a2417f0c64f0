"""A Midgard exchange in few clicks (combat/chain.py): the GM's run of the resolution as one logged action, an
answer it waits for carrying it on, and an enemy's cast with the round's GM cast made first -- each giving
exactly the state of the same steps made one by one on the same dice, every die on the event's tape, and told
step by step on its card in English and Spanish. (The board's side, over every played fight: test_midgard_board.)
"""

from __future__ import annotations

from typing import Any

from runehall.present.card import Card
from runehall.present.words import words_for
from runehall.systems.midgard.combat.state import CombatState
from runehall.systems.midgard.combat.tracker import ACTIONS
from test_midgard_combat import Game, villain
from test_midgard_combat_play import ASTRID

GM_FACES = {"hrok_first": [3, 3, 4], "astrid_first": [3, 3, 3]}  # the round's three GM dice (2 + one PC)
ASTRID_FACES = {"hrok_first": [6, 6, 3, 3, 2, 2, 1, 5], "astrid_first": [4, 4, 4, 4, 3, 3, 3, 6]}


def hrok_game() -> Game:
    """The browser test's fight: Astrid against Hrok, a rank 4 Shieldbearer with a sax in chainmail."""
    mail = {"body": "chainmail", "arms": "chainmail", "legs": "chainmail"}
    hrok = villain("hrok", "shieldbearer", 4, skills=["Sax"], weapons=["sax"], armour=mail)
    return Game([{"id": "astrid", "character": ASTRID}, hrok])


def declared(game: Game) -> Game:
    game.do("next_segment")
    game.do("declare", actor="hrok", action="strike", target="astrid")
    game.do("declare", actor="astrid", action="strike", target="hrok")
    return game


def cards(game: Game, lang: str) -> list[Card]:
    return [ACTIONS[e["action"]].describe(e, words_for(lang, "midgard"), "Ana") for e in game.log.events]


def same(a: CombatState, b: CombatState) -> bool:
    """The same fight, whether or not a run of the resolution is still under way."""
    return a.model_copy(update={"run_on": False}) == b.model_copy(update={"run_on": False})


def test_hrok_strikes_first_the_run_waits_for_astrid_and_her_answer_carries_it_on() -> None:
    quick = declared(hrok_game())
    cast = quick.do("cast", actor="hrok", goal="margin", round_cast=True, manual=GM_FACES["hrok_first"])
    assert [s["action"] for s in cast["before"]] == ["gm_cast"] and cast["before"][0]["dice"] == [0, 3]
    assert quick.state.gm is not None and quick.state.gm.past == 2  # the GM's spare tokens all on Past
    quick.do("cast", actor="astrid", goal="margin", manual=ASTRID_FACES["hrok_first"])
    run = quick.do("resolve_all")
    assert [s["action"] for s in run["steps"]] == ["resolve"] and run["stage"] == "resolution"
    assert quick.state.pending is not None and quick.state.pending.target == "astrid" and quick.state.run_on
    answer = quick.do("take_hit", actor="astrid")
    assert [s["action"] for s in answer["then"]] == ["resolve", "next_segment"]
    assert (quick.state.stage, quick.state.round, quick.state.segment, quick.state.run_on) == (
        "declaration",
        1,
        2,
        False,
    )

    steps = declared(hrok_game())  # the same dice, a click a step
    steps.do("gm_cast", goal="past", manual=GM_FACES["hrok_first"])
    steps.do("cast", actor="hrok", goal="margin", manual=[])
    steps.do("cast", actor="astrid", goal="margin", manual=ASTRID_FACES["hrok_first"])
    steps.do("resolve")
    between = quick.log._fold(quick.log.events[:6])  # the fold up to the run, before Astrid's answer
    assert isinstance(between, CombatState)
    assert same(between, steps.state) and between != steps.state  # the same fight, the run under way
    steps.do("take_hit", actor="astrid")
    steps.do("resolve")
    steps.do("next_segment")
    assert quick.state == steps.state

    en, es = cards(quick, "en"), cards(quick, "es")
    assert en[3].plain() == (
        "Hrok casts the runes: success, Past 6, margin 0, speed 3  "
        "The GM casts 3 dice for the enemies Past 2, Future 1, Spare tokens all on Past  "
        "Spare tokens Outcome, for margin  Stones Past 6, Future 1  [3 3 4]"
    )
    assert (en[5].action, en[5].result) == (
        "The GM resolves in speed order",
        "1 action resolved, then waits for an answer",
    )
    assert (es[5].action, es[5].result) == (
        "El DJ resuelve por orden de velocidad",
        "1 acción resuelta, y espera una respuesta",
    )
    assert [r.label for r in en[6].rows][-2:] == ["Astrid acts: Strike", "Round 1, segment 2"]
    assert [r.label for r in es[6].rows][-2:] == ["Astrid actúa: Golpe", "Asalto 1, segmento 2"]
    assert en[6].rows[-2].value.startswith("hit, 8 damage to the body, 3 wounds (3 in all)")


def test_astrid_strikes_first_hrok_takes_the_hit_and_the_next_segment_begins_in_one_click() -> None:
    quick = declared(hrok_game())
    quick.do("cast", actor="hrok", goal="margin", round_cast=True, manual=GM_FACES["astrid_first"])
    quick.do("cast", actor="astrid", goal="margin", manual=ASTRID_FACES["astrid_first"])
    run = quick.do("resolve_all")
    assert [(s["action"], s["params"]) for s in run["steps"]] == [
        ("resolve", {}),
        ("take_hit", {"actor": "hrok"}),  # his action still to come, so he might switch: the default takes it
        ("resolve", {}),
        ("next_segment", {}),
    ]
    steps = declared(hrok_game())
    steps.do("gm_cast", goal="past", manual=GM_FACES["astrid_first"])
    steps.do("cast", actor="hrok", goal="margin", manual=[])
    steps.do("cast", actor="astrid", goal="margin", manual=ASTRID_FACES["astrid_first"])
    for name, params in [(s["action"], s["params"]) for s in run["steps"]]:
        steps.do(name, **params)
    assert quick.state == steps.state and quick.state.segment == 2
    card = cards(quick, "es")[-1]
    assert card.result == "2 acciones resueltas, empieza el siguiente segmento"
    assert [r.label for r in card.rows] == [
        "Astrid actúa: Golpe",
        "Hrok encaja el golpe",
        "Hrok actúa: Golpe",
        "Asalto 1, segmento 2",
    ]


def test_a_run_is_refused_as_the_one_step_resolve_is_and_the_round_cast_is_the_enemies() -> None:
    game = declared(hrok_game())
    game.refuse("cast", "casts their own dice", actor="astrid", round_cast=True)
    game.do("cast", actor="hrok", goal="margin", round_cast=True, manual=GM_FACES["hrok_first"])
    game.refuse("resolve_all", "not done now")  # Astrid has not cast: still the casting stage
    game.do("cast", actor="astrid", goal="margin", manual=ASTRID_FACES["hrok_first"])
    game.do("resolve_all")
    game.refuse("resolve_all", "must answer the hit first")  # as the one-step resolve says it
    game.refuse("resolve", "must answer the hit first")


def played_by_steps(events: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any], list[Any]]]:
    """Each logged action as the one-step actions it ran, each with its own slice of the event's tape."""
    out: list[tuple[str, dict[str, Any], list[Any]]] = []
    for e in events:
        r, tape = e["result"], e["tape"]
        if e["action"] == "resolve_all":
            out += [(s["action"], s["params"], tape[slice(*s["dice"])]) for s in r["steps"]]
            continue
        before, then = r.get("before", []), r.get("then", [])
        out += [(s["action"], s["params"], tape[slice(*s["dice"])]) for s in before]
        start = before[-1]["dice"][1] if before else 0
        end = then[0]["dice"][0] if then else len(tape)
        out.append(
            (e["action"], e["params"] | ({"round_cast": False} if e["action"] == "cast" else {}), tape[start:end])
        )
        out += [(s["action"], s["params"], tape[slice(*s["dice"])]) for s in then]
    return out
