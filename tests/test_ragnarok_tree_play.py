"""Playing the game tree: the log's fold and undo, a combat round, contingencies, the view, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import Cli
from runehall.chance.seeded import SeededSource
from runehall.errors import RulesError
from runehall.play.log import PlayLog
from runehall.systems import registry
from runehall.systems.ragnarok.tree import TreeState
from test_ragnarok_tree import Game, composition, hero


def test_the_system_offers_the_tree() -> None:
    tracker = registry.get("ragnarok").tracker("tree")
    assert tracker.name == "tree"
    assert {"wyrd", "transform", "play", "test", "cleanup", "damage", "heal", "dp_spend"} <= set(tracker.actions())


def test_a_random_wyrd_replays_identically_from_the_log() -> None:
    game = Game(hero(composition(4, 2, 1), destiny=3))
    result = game.do("wyrd", seed=2024)
    event = game.log.events[-1]
    assert [label for _, _, label in event["tape"]] == result["drawn"]
    again = PlayLog.from_json(json.loads(json.dumps(game.log.to_json())))
    assert again.state() == game.state
    assert sorted(again.state().model_dump()["tokens"], key=str) == sorted(game.state.model_dump()["tokens"], key=str)  # type: ignore[attr-defined]
    hand = game.hand()
    assert len(hand) == 4 and "vacio" in hand


def test_random_damage_replays_and_undo_revokes() -> None:
    game = Game(hero(composition(4, 2, 1)), "negra")
    game.do("damage", points=6, trait="M", policy="random_from_bag", seed=11)
    hurt = {uid: game.position(uid) for uid in game.board.tokens if uid != "vacio"}
    assert sum(hurt.values()) == 6
    assert PlayLog.from_json(game.log.to_json()).state() == game.state
    game.log.undo()
    assert all(t.position == 0 for t in game.state.tokens)
    assert "(revoked)" not in json.dumps(game.log.events) and game.log.revoked() == {1}


def test_undo_is_refused_when_a_later_move_needs_the_draw() -> None:
    game = Game(hero(composition(2, 2, 1), destiny=2))
    game.do("wyrd", manual=["tyr", "fe"])
    game.do("play", rune="tyr", to="actividad")
    with pytest.raises(RulesError, match="depends on it"):
        game.log.undo(1)
    game.log.undo()
    game.log.undo()
    assert game.hand() == [] and game.pile("vacio") == "vacio"


def test_a_combat_round() -> None:
    game = Game(hero(composition(3, 2, 2), destiny=3, divine={"bdp": 2}), "gris")
    started = game.do("start_combat")
    assert (started["combat"], started["phase"], started["dp"]) == (1, "wyrd", 2)
    game.do("damage", points=2, trait="F", allocate=["ur", "fe"])
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall"])
    game.do("declare_contingency", runes=["hagall"], condition="si me atacan por la espalda")
    maintenance = game.do("next_phase", recover=["fe"])
    assert maintenance["recovered"] == ["fe"] and maintenance["dp_gained"] == 1
    assert game.pile("fe") == "esencia" and game.pile("ur") == "aturdido"  # one rune per phase
    assert game.do("next_phase")["phase"] == "action"
    game.do("play", rune="tyr", to="actividad")
    collection = game.do("next_phase")
    assert sorted(collection["returned"]) == ["bjarkan", "tyr", "vacio"]
    assert collection["expired"] == ["k1"] and game.pile("hagall") == "esencia"
    assert game.hand() == [] and game.pile("vacio") == "vacio"
    nxt = game.do("next_phase")
    assert (nxt["round"], nxt["phase"]) == (2, "wyrd")
    assert game.do("next_phase")["recovered"] == ["ur"]
    ended = game.do("end_combat")
    assert ended["dp"] == 2 and game.state.combat is None
    game.refuse("next_phase", "only happens in combat")
    game.refuse("start_combat", "combat numbers grow", number=1)


def test_contingencies_fire_or_are_cancelled() -> None:
    game = Game(hero(composition(2, 2, 1), destiny=3))
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall"])
    game.do("declare_contingency", runes=["tyr", "vacio"], condition="si el troll despierta")
    game.do("play", rune="bjarkan", to="contingencia", condition="al caer la noche")
    fired = game.do("trigger_contingency", contingency="k1")
    assert fired["to_actividad"] == ["tyr", "vacio"] and game.pile("vacio") == "actividad"
    game.refuse("trigger_contingency", "already fired", contingency="k1")
    assert game.do("cancel_contingency", contingency="k2")["returned"] == ["bjarkan"]
    assert game.pile("bjarkan") == "esencia"
    game.do("cleanup")  # out of combat, a contingency lasts until cancelled; cleanup leaves it alone
    assert game.pile("vacio") == "vacio" and game.pile("tyr") == "esencia"


def test_transformations_chain_and_untransform() -> None:
    game = Game(hero(composition(4, 0, 0), destiny=4, void="M"))
    game.do("wyrd", manual=["tyr", "bjarkan", "jor", "madhr"])
    game.do("transform", runes=["tyr", "bjarkan"], to="M")
    game.do("transform", runes=["jor", "madhr"], to="M")
    game.do("transform", runes=["c1", "c2"], to="E")  # chained
    assert game.do("untransform", composite="c3")["sources"] == ["c1", "c2"]
    game.do("transform", runes=["c1", "vacio"], to="F")  # the Void rune may transform
    game.do("play", rune="c4", to="actividad")
    game.refuse("untransform", "can no longer be undone", composite="c4")
    strict = Game(hero(composition(4, 0, 0), destiny=4, void="M"), allow_chained_transform=False)
    strict.do("wyrd", manual=["tyr", "bjarkan", "jor", "madhr"])
    strict.do("transform", runes=["tyr", "bjarkan"], to="M")
    strict.refuse("transform", "allow_chained_transform", runes=["c1", "vacio"], to="F")
    strict.refuse("untransform", "no composite", composite="c9")


def test_a_test_counts_composites_and_the_optimal_plan() -> None:
    game = Game(hero(composition(2, 2, 0), destiny=4, void="E"))
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall", "naudhr"])
    test = game.log.tracker.action("test")
    params = test.parse_params({"difficulty": 3, "required_trait": "F", "transform": "as_is"})
    _, plain = test.apply(game.state, params, game.state.options, SeededSource(0))
    assert plain["K"] == 2 and game.hand() == ["tyr", "bjarkan", "hagall", "naudhr", "vacio"]  # nothing changed
    game.do("transform", runes=["hagall", "naudhr"], to="F")
    result = game.do("test", difficulty=3, required_trait="F", transform="as_is")
    assert (result["K"], result["tier"]) == (3, "exito")
    assert game.board.composites == {} and len(game.board.bag()) == 4


def test_in_play_runes_take_damage_last_and_leave_their_composite() -> None:
    game = Game(hero(composition(3, 0, 0), destiny=2, void=None), "blanca")
    game.do("wyrd", manual=["tyr", "bjarkan"])
    game.do("transform", runes=["tyr", "bjarkan"], to="E")
    game.refuse("damage", "only when no other rune can", points=1, trait="F", allocate=["tyr"])
    result = game.do("damage", points=4, trait="F", allocate=["jor", "jor", "jor", "tyr"])
    assert result["hits"][-1] == "tyr" and result["now"] == {"jor": "muerte 3", "tyr": "aturdido 1"}
    assert game.board.composites == {} and game.pile("bjarkan") == "mano"
    lost = game.do("damage", points=9, trait="F", policy="concentrate")
    assert lost["lost"] == 4 and lost["status"] == "muerto"


def test_nonlethal_damage_and_the_option() -> None:
    game = Game(hero(composition(2, 0, 0), destiny=1))
    result = game.do("damage", points=3, trait="F", nonlethal=True, policy="spread")
    assert result["lost"] == 1 and {game.pile("tyr"), game.pile("bjarkan")} == {"aturdido"}
    Game(hero(composition(2, 0, 0)), nonlethal_damage_flag=False).refuse(
        "damage", "nonlethal_damage_flag", points=1, trait="F", nonlethal=True
    )


def test_dp_heal_and_extra_runes() -> None:
    game = Game(hero(composition(3, 2, 2), destiny=2, divine={"bdp": 21}), "negra")
    game.do("start_combat")
    game.do("damage", points=7, trait="F", allocate=["tyr"] * 7)
    healed = game.do("dp_spend", effect="HEAL_6", allocate=["tyr"] * 6)
    assert healed["healing"]["unused"] == 0 and game.position("tyr") == 1 and game.state.dp == 20
    drawn = game.do("wyrd", extra=2, seed=4)
    assert len(drawn["drawn"]) == 4 and drawn["dp_spent"] == 20 and game.state.dp == 0
    game.do("dp_gain", amount=3, source="Furia de Odín")
    assert game.state.dp == 3


def test_view_and_render_show_every_pile() -> None:
    game = Game(hero(["Týr", "Hagall", "Fé"], destiny=1), "gris")
    game.do("damage", points=2, trait="F", allocate=["fe", "fe"])
    view = game.log.tracker.view(game.state)
    piles = {p["id"]: p for p in view["piles"]}
    assert list(piles) == [
        "actividad",
        "contingencia",
        "mano",
        "vacio",
        "esencia",
        "aturdido",
        "herido",
        "muerte",
        "consuncion",
    ]
    assert piles["herido"]["runes"] == [
        {"id": "fe", "name": "Fé", "glyph": "ᚠ", "trait": "E", "position": 2, "zone": 1}
    ]
    assert view["health"] == {"total": 15, "damage": 2} and view["status"] == "activo"
    text = game.log.tracker.render(game.state)
    assert "Herido / Wounded" in text and "ᚠ Fé E [1]" in text and "Vacío / Void" in text
    assert "2 in the bag: ᛏ Týr F, ᚺ Hagall M" in text


def test_play_a_session_from_the_cli(cli: Cli, tmp_path: Path) -> None:
    sheet = tmp_path / "hero.toml"
    sheet.write_text(
        'name = "Ulrik"\nessence = ["Týr", "Bjarkan", "Hagall"]\ndestiny = 2\n[void]\ntrait = "E"\n', encoding="utf-8"
    )
    game = str(tmp_path / "game.json")

    def do(*words: str, code: int = 0) -> str:
        return cli("play", "do", game, *words, code=code)

    assert "Ulrik" in cli("play", "new", game, "ragnarok", "tree", "--character", f"@{sheet}", "--route", "blanca")
    out = do("wyrd", "--manual", "tyr,hagall")
    assert "Mano / Hand" in out and "ᛏ Týr F" in out
    assert "→ Actividad (Activity)" in do("play", "--rune", "Týr", "--to", "actividad")
    do("cleanup")
    assert "En la bolsa (in the bag): 3 runes" in cli("play", "show", game)  # the board's Wyrd section
    do("damage", "--points", "6", "--trait", "F", "--policy", "spread")
    assert json.loads(cli("play", "show", game, "--json"))["status"] == "inconsciente"
    before = Path(game).read_bytes()
    do("wyrd", "--manual", "tyr", code=2)
    do("play", "--rune", "tyr", "--to", "actividad", code=2)
    do("damage", "--points", "1", "--trait", "F", "--allocate", "vacio", code=2)
    do("damage", "--points", "-1", "--trait", "F", code=2)
    do("heal", "--points", "1", "--allocate", "tyr,tyr", code=2)
    do("fly", code=2)
    assert Path(game).read_bytes() == before
    assert "muerto (Dead)" in do("damage", "--points", "3", "--trait", "F", "--allocate", "tyr,bjarkan,hagall")
    assert "inconsciente" in cli("play", "undo", game)
    assert "damage" in cli("play", "log", game)
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Ulrik"\nessence = ["Týr", "Vacío"]\ndestiny = 1\n', encoding="utf-8")
    cli("play", "new", str(tmp_path / "bad.json"), "ragnarok", "tree", "--character", f"@{bad}", code=2)
    assert not (tmp_path / "bad.json").exists()
    listing = cli("play", "actions", "ragnarok", "tree")
    assert "[damage]: " in listing and "[points] (required): " in listing
    assert "To start it" in listing and "[character] (required)" in listing and "[route]" in listing


def test_states_are_frozen() -> None:
    state = Game(hero(composition(1, 0, 0), destiny=1)).state
    assert isinstance(state, TreeState)
    with pytest.raises(ValueError, match="frozen"):
        state.dp = 3  # type: ignore[misc]
