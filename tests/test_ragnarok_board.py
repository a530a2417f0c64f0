"""Ragnarök's game tree at the table: the board (tree/table_board.py) of fights played through as the tree's
tests play them.

After every move of each fight, for both languages: every move the board offers applies with its prefilled
parameters (and a plain value for what it still asks); every action it does not offer is refused whatever
it is given; a player who does not run the tree has no move and sees the bag and the hand only as the
campaign allows; no string on the board is a program value, and the Spanish board has no English in it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations
from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.errors import RunehallError
from runehall.present.board import BoardView, Move, Seat
from runehall.present.words import words_for
from runehall.storage.store import Forbidden
from runehall.systems.ragnarok.rules import TRAITS, rules
from runehall.systems.ragnarok.tree import TreeState
from runehall.systems.ragnarok.tree.board import Board
from runehall.systems.ragnarok.tree.state import PILES
from runehall.table.play import _acting_for
from runehall.table.state import TrackerRecord
from test_ragnarok_tree import TRACKER, Game, composition, hero

RUNS = Seat(runs=True)
PLAYER = Seat(controls=frozenset({"character"}))
ASKED = {"condition": "si la puerta se abre", "source": "un poder", "skill": None, "distance_m": None}
PROGRAM = [  # beside the shared check (runehall.present.check), what the tree keeps that people must not read
    re.compile(r"[{}\[\]]|'\w+'"),  # a dict, a list, a repr's quoted name
    re.compile(r"\b[ck]\d+\b"),  # a composite's or a contingency's id
    re.compile(r"\b(vacio|consuncion)\b"),  # a pile's id without its accent
    re.compile(r"\b[A-Z_]{4,}\b"),  # an effect's code (HEAL_6)
]
ENGLISH = re.compile(
    r"\b(the|of|and|rune|runes|per|health|zone|damage|draw|play|to|into|next|phase|round|combat|chain|dead|"
    r"unconscious|awaits|in|bag|taken|dealt|undo|fire|cancel|transform|climbs|back|out|suppressed)\b"
)


@dataclass
class Fight:
    name: str
    game: Game
    steps: list[tuple[str, dict[str, Any], list[str] | None]]

    def states(self) -> Iterator[tuple[str, TreeState]]:
        yield f"{self.name}: start", self.game.state
        for i, (action, params, manual) in enumerate(self.steps):
            self.game.do(action, manual=manual, **params)
            yield f"{self.name} {i}: {action}", self.game.state


def _step(action: str, manual: list[str] | None = None, **params: Any) -> tuple[str, dict[str, Any], list[str] | None]:
    return action, params, manual


def fights() -> list[Fight]:
    """The tree tests' own fights (test_ragnarok_tree.py, test_ragnarok_tree_play.py), with their options."""
    enchanted = {"name": "Piel de piedra", "type": "encantamiento_runico"}
    return [
        Fight(  # test_a_combat_round
            "combat round",
            Game(hero(composition(3, 2, 2), destiny=3, divine={"bdp": 2}), "gris"),
            [
                _step("start_combat"),
                _step("damage", points=2, trait="F", allocate=["ur", "fe"]),
                _step("wyrd", ["tyr", "bjarkan", "hagall"]),
                _step("declare_contingency", runes=["hagall"], condition="si me atacan por la espalda"),
                _step("next_phase", recover=["fe"]),
                _step("next_phase"),
                _step("play", rune="tyr", to="actividad"),
                _step("dp_spend", effect="DODGE_3", context="damage_taken"),
                _step("next_phase"),
                _step("next_phase"),
                _step("next_phase"),
                _step("end_combat"),
            ],
        ),
        Fight(  # test_void_rules (collection) with a kept chain, in the tree's default options
            "kept chain",
            Game(hero(composition(2, 1, 1), destiny=2)),
            [
                _step("start_combat"),
                _step("wyrd", ["tyr", "hagall"]),
                _step("play", rune="vacio", to="actividad", chain="golpe", metamarks=["continuidad"]),
                _step("next_phase"),
                _step("next_phase"),
                _step("next_phase", keep=["golpe"]),
                _step("next_phase"),
            ],
        ),
        Fight(  # test_contingencies_fire_or_are_cancelled
            "contingencies",
            Game(hero(composition(2, 2, 1), destiny=3)),
            [
                _step("wyrd", ["tyr", "bjarkan", "hagall"]),
                _step("declare_contingency", runes=["tyr", "vacio"], condition="si el troll despierta"),
                _step("play", rune="bjarkan", to="contingencia", condition="al caer la noche"),
                _step("trigger_contingency", contingency="k1"),
                _step("cancel_contingency", contingency="k2"),
                _step("cleanup"),
            ],
        ),
        Fight(  # test_transformations_chain_and_untransform
            "transformations",
            Game(hero(composition(4, 0, 0), destiny=4, void="M")),
            [
                _step("wyrd", ["tyr", "bjarkan", "jor", "madhr"]),
                _step("transform", runes=["tyr", "bjarkan"], to="M"),
                _step("transform", runes=["jor", "madhr"], to="M"),
                _step("transform", runes=["c1", "c2"], to="E"),
                _step("untransform", composite="c3"),
                _step("transform", runes=["c1", "vacio"], to="F"),
                _step("play", rune="c4", to="actividad"),
                _step("test", difficulty=2, required_trait="F"),
            ],
        ),
        Fight(  # test_transformations_chain_and_untransform, the strict table
            "strict transformations",
            Game(
                hero(composition(4, 0, 0), destiny=4, void="M"),
                allow_chained_transform=False,
                allow_untransform=False,
                void_can_transform=False,
            ),
            [
                _step("wyrd", ["tyr", "bjarkan", "jor", "madhr"]),
                _step("transform", runes=["tyr", "bjarkan"], to="M"),
            ],
        ),
        Fight(  # test_immortality: a killing blow with DP left, then rebirth
            "immortal",
            Game(hero(composition(2, 1, 0), destiny=2, divine={"bdp": 1, "origin": "einherjar"}), "blanca"),
            [
                _step("start_combat"),
                _step("damage", points=4, trait="F", policy="spread"),
                _step("damage", points=5, trait="F", policy="concentrate", cause="killing_blow"),
                _step("rebirth"),
            ],
        ),
        Fight(  # test_recovery: Consunción climbs back by hand when the norn moves it
            "consumption",
            Game(hero(composition(2, 1, 0), destiny=2), "blanca", consumption_auto=False, damage_policy="spread"),
            [
                _step("start_combat"),
                _step("damage", points=3, trait="F", allocate=["tyr"] * 3),
                _step("damage", points=1, trait="E", allocate=["tyr"]),
                _step("next_phase"),
                _step("end_combat"),
                _step("advance_time", hours=1),
                _step("recover_consumption", rune="tyr"),
                _step("new_saga", route="negra"),
            ],
        ),
        Fight(  # test_short_bag and test_runic_enchantment, with a mortal's death
            "short bag",
            Game(
                hero(composition(2, 1, 0), destiny=3, passive_powers=[{"name": "Piel de piedra", **enchanted}]),
                "blanca",
                short_bag="reject",
                damage_policy="random_from_bag",
            ),
            [
                _step("enchantment", power="Piel de piedra", distance_m=1.0),
                _step("damage", points=1, trait="F", policy="spread"),
                _step("damage", points=9, trait="F", policy="concentrate", cause="killing_blow"),
            ],
        ),
        Fight(  # test_a_combat_round's start with unconscious runes and a campaign that hides bag and hand
            "hidden bag",
            Game(
                hero(composition(2, 1, 1), destiny=2), "blanca", bag_visibility="owner_and_gm", drawn_runes_public=False
            ),
            [
                _step("wyrd", ["tyr", "hagall"]),
                _step("damage", points=4, trait="F", policy="spread"),
            ],
        ),
    ]


def played() -> list[Any]:
    return [pytest.param(fight, id=fight.name) for fight in fights()]


# -- what a move needs and what the board may show ----------------------------------------------------------
def _apply(state: TreeState, action: str, params: dict[str, Any]) -> TreeState:
    tracked = TRACKER.action(action)
    new, _ = tracked.apply(state, tracked.parse_params(params), state.options, SeededSource(3))
    return new


def filled(move: Move) -> dict[str, Any]:
    """The move's parameters, with a plain value for each it still asks that nothing prefilled."""
    params = dict(move.params)
    for name in move.ask:
        if name not in params and ASKED.get(name) is not None:
            params[name] = ASKED[name]
    return params


def candidates(state: TreeState) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every way to try each action on this state: each unit, pile, trait, contingency, effect..."""
    board = Board(state)
    units = [*board.tokens, *board.composites]
    chains = list(board.chains)
    yield "wyrd", {}
    yield "wyrd", {"extra": 1}
    for first, second in permutations(units, 2):
        for to in TRAITS:
            yield "transform", {"runes": [first, second], "to": to}
    for cid in board.composites:
        yield "untransform", {"composite": cid}
    for uid in units:
        for to in ("actividad", "contingencia"):
            yield "play", {"rune": uid, "to": to, **({"condition": "ya"} if to == "contingencia" else {})}
        yield "declare_contingency", {"runes": [uid], "condition": "ya"}
        yield "sacrifice", {"rune": uid}
        yield "heal", {"points": 1, "allocate": [uid]}
        yield "recover_consumption", {"rune": uid}
    for kid in board.contingencies:
        yield "trigger_contingency", {"contingency": kid}
        yield "cancel_contingency", {"contingency": kid}
    for trait in TRAITS:
        yield "test", {"difficulty": 3, "required_trait": trait}
        yield "damage", {"points": 1, "trait": trait, "policy": "spread"}
    yield "heal", {"points": 1}
    yield "cleanup", {}
    yield "advance_time", {"hours": 1}
    for route in ("blanca", "gris", "negra"):
        yield "new_saga", {"route": route}
    yield "start_combat", {}
    yield "next_phase", {}
    yield "next_phase", {"keep": chains}
    yield "end_combat", {}
    for spend in rules().divine.spend:
        for context in (None, "damage_taken", "damage_dealt"):
            for trait in (None, *TRAITS):
                yield "dp_spend", {"effect": spend.code, "context": context, "damage_trait": trait}
    yield "dp_gain", {"amount": 1}
    for cause in ("natural_disaster", "killing_blow"):
        yield "resolve_death", {"cause": cause}
    yield "rebirth", {}
    for power in [*board.character.passive_powers, *(p for p in board.character.active_powers)]:
        name = power if isinstance(power, str) else power.name
        yield "enchantment", {"power": name, "distance_m": 1.0}


def strings(view: BoardView) -> list[str]:
    """Every string of a board people read."""
    found = [view.title, view.phase, view.order_title, *view.notes]
    for card in view.combatants:
        found += [card.name, card.side]
        found += [text for g in card.gauges for text in (g.label, g.shown)]
        found += [text for b in card.badges for text in (b.label, b.title)]
        found += [text for s in card.stats for text in (s.label, s.value)]
    found += [text for m in view.moves for text in (m.title, m.hint)]
    for section in view.sections:
        found += [section.title, section.gloss]
        found += [text for row in section.rows for text in (row.label, row.value, row.gloss)]
    return [s for s in found if s]


def users_text(state: TreeState) -> set[str]:
    """What people typed into the tree (names, conditions, chains): shown as typed, not judged here."""
    typed = {state.character.name, *(k.condition for k in state.contingencies), *(c.id for c in state.chains)}
    typed |= {p.name for p in state.character.passive_powers}
    return typed


def _without(text: str, typed: set[str]) -> str:
    for t in sorted(typed, key=len, reverse=True):
        text = text.replace(t, "")
    return text


# -- the tests -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fight", played())
def test_every_offered_move_applies_and_nothing_else_does(fight: Fight) -> None:
    for when, state in fight.states():
        offered = TRACKER.board(state, words_for("en", "ragnarok"), RUNS).moves
        assert offered, when
        for move in offered:
            assert move.action in TRACKER.actions(), when
            fields = TRACKER.action(move.action).Params.model_fields
            assert set(move.params) <= set(fields) and set(move.ask) <= set(fields), (when, move)
            try:
                _apply(state, move.action, filled(move))
            except RunehallError as e:
                raise AssertionError(f"{when}: offered {move.title!r} is refused: {e}") from None
        names = {m.action for m in offered}
        for action, params in candidates(state):
            if action in names:
                continue
            with pytest.raises(RunehallError):
                _apply(state, action, params)
                raise AssertionError(f"{when}: {action} {params} is accepted but not offered")


@pytest.mark.parametrize("fight", played())
def test_both_languages_offer_the_same_moves_in_their_own_words(fight: Fight) -> None:
    for when, state in fight.states():
        en = TRACKER.board(state, words_for("en", "ragnarok"), RUNS)
        es = TRACKER.board(state, words_for("es", "ragnarok"), RUNS)
        assert [(m.action, dict(m.params), m.ask) for m in en.moves] == [
            (m.action, dict(m.params), m.ask) for m in es.moves
        ]
        for a, b in zip(en.moves, es.moves, strict=True):
            assert a.title != b.title, (when, a.title)
        typed = users_text(state)
        for text in strings(es):
            found = ENGLISH.search(_without(text, typed))
            assert found is None, (when, text)


@pytest.mark.parametrize("fight", played())
def test_no_program_value_is_shown(fight: Fight) -> None:
    for when, state in fight.states():
        typed = users_text(state)
        for lang in ("en", "es"):
            for seat in (RUNS, PLAYER):
                for text in strings(TRACKER.board(state, words_for(lang, "ragnarok"), seat)):
                    bare = _without(text, typed)
                    for pattern in PROGRAM:
                        assert not pattern.search(bare), (when, lang, text)


@pytest.mark.parametrize("fight", played())
def test_a_player_who_does_not_run_the_tree_has_no_move(fight: Fight) -> None:
    record = TrackerRecord("t1", "tree", "owner", "table", {}, controllers={"character": "p2"})

    class Viewer:
        id = "p2"

    for when, state in fight.states():
        seen = TRACKER.board(state, words_for("en", "ragnarok"), PLAYER)
        assert seen.moves == (), when
        assert TRACKER.board(state, words_for("en", "ragnarok"), RUNS).moves
        for action, params in list(candidates(state))[:40]:
            with pytest.raises(Forbidden):  # the table refuses them: no tree action names a combatant
                _acting_for(Viewer(), record, TRACKER.action(action), params)  # type: ignore[arg-type]


def _glyphs(state: TreeState, pile: str) -> set[str]:
    board = Board(state)
    return {rules().rune(t.rune).glyph for t in board.tokens.values() if t.pile == pile and t.rune is not None}


def test_the_bag_and_the_hand_are_shown_as_the_campaign_allows() -> None:
    fight = next(f for f in fights() if f.name == "hidden bag")
    states = [state for _, state in fight.states()]
    drawn = states[1]
    assert _glyphs(drawn, "mano") and _glyphs(drawn, "esencia")
    for lang in ("en", "es"):
        words = words_for(lang, "ragnarok")
        player = " ".join(strings(TRACKER.board(drawn, words, PLAYER)))
        owner = " ".join(strings(TRACKER.board(drawn, words, RUNS)))
        for glyph in _glyphs(drawn, "mano") | _glyphs(drawn, "esencia"):
            assert glyph not in player and glyph in owner
        assert "Hagall" in owner and "Hagall" not in player
    public = Game(hero(composition(2, 1, 1), destiny=2), bag_visibility="public", drawn_runes_public=True)
    public.do("wyrd", manual=["tyr", "hagall"])
    seen = " ".join(strings(TRACKER.board(public.state, words_for("en", "ragnarok"), PLAYER)))
    for glyph in _glyphs(public.state, "mano") | _glyphs(public.state, "esencia"):
        assert glyph in seen


def test_the_board_reads_the_tree_in_the_books_terms() -> None:
    game = Game(hero(composition(3, 2, 2), destiny=3, divine={"bdp": 2}), "gris")
    game.do("start_combat")
    game.do("damage", points=2, trait="E", allocate=["fe", "fe"])
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall"])
    en = TRACKER.board(game.state, words_for("en", "ragnarok"), RUNS)
    es = TRACKER.board(game.state, words_for("es", "ragnarok"), RUNS)
    assert en.phase == "Combat 1, round 1: Fase de Wyrd (Wyrd phase)"
    assert es.phase == "Combate 1, asalto 1: Fase de Wyrd"
    card = en.combatants[0]
    assert card.name == "Ulrik" and card.active and not card.out
    health = card.gauges[0]
    assert (health.value, health.maximum) == (7 * 5 - 2, 7 * 5)
    wounded = next(g for g in card.gauges if g.label == "Herido (Wounded)")
    assert (wounded.value, wounded.maximum, wounded.boxes) == (1, 7, True)
    assert {s.label: s.value for s in card.stats}["Potencia Divina (Divine Potency)"] == "2"
    titles = [(s.title, s.gloss) for s in en.sections]
    assert ("Mano", "Hand") in titles and ("Herido", "Wounded") in titles
    assert [s.title for s in es.sections if s.title == "Mano"] and all(not s.gloss for s in es.sections)
    hand = next(s for s in es.sections if s.title == "Mano")
    assert [r.label for r in hand.rows][:3] == ["ᛏ Týr", "ᛒ Bjarkan", "ᚺ Hagall"]
    hurt = next(s for s in es.sections if s.title == "Herido")
    assert hurt.rows[0].value == "Espiritual, zona 1"
    draw = [m for m in es.moves if m.action == "wyrd"]
    assert [m.title for m in draw] == ["Sacar 3 runas (wyrd)"]
    heal = next(m for m in en.moves if m.action == "heal")
    assert heal.params == {"points": 1, "allocate": ["fe"]}  # the usual: the most hurt rune
    assert not any(m.action in ("cleanup", "start_combat", "new_saga", "rebirth") for m in en.moves)


def test_a_move_asks_little() -> None:
    game = Game(hero(composition(3, 2, 2), destiny=3))
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall"])
    moves = TRACKER.board(game.state, words_for("en", "ragnarok"), RUNS).moves
    assert all(len(m.ask) <= 3 for m in moves)
    play = [m for m in moves if m.action == "play"]
    assert {m.params["rune"] for m in play} == {"tyr", "bjarkan", "hagall", "vacio"} and all(not m.ask for m in play)
    transform = [m for m in moves if m.action == "transform"]
    assert {(tuple(m.params["runes"]), m.params["to"]) for m in transform} == {(("tyr", "bjarkan"), "M"),
                                                                                (("tyr", "bjarkan"), "E")}  # fmt: skip
    assert all(pile in PILES for m in play for pile in [m.params["to"]])
