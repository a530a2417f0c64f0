"""Ragnarök's game tree against the test vectors of data/test_vectors.toml (spec 000 §14).

The data drives the tests: each vector kind the tree handles is read from the TOML and replayed as
actions on a play log, so the log's fold (not a hand-built state) is what is checked.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource, Source
from runehall.errors import RulesError, RunehallError
from runehall.play.log import PlayLog
from runehall.systems.data import read_data_file
from runehall.systems.ragnarok.options import RagnarokOptions
from runehall.systems.ragnarok.rules import rules
from runehall.systems.ragnarok.tree import TreeState, TreeTracker
from runehall.systems.ragnarok.tree.board import Board

RUNES = {t: [r.slug for r in rules().runes.rune if rules().trait_of(r) == t] for t in "FME"}  # token ids
LETTERS = dict(zip("ABCD", RUNES["F"], strict=False))  # the vectors' abstract runes A, B, C, D
VECTORS: list[dict[str, Any]] = read_data_file("runehall.systems.ragnarok", "test_vectors.toml")["vector"]
TRACKER = TreeTracker()


def vectors(kind: str) -> list[dict[str, Any]]:
    found = [v for v in VECTORS if v["kind"] == kind]
    assert found, kind
    return found


def cases(kind: str) -> list[Any]:
    return [pytest.param(v, c, id=f"{v['id']}-{i}") for v in vectors(kind) for i, c in enumerate(v["case"])]


def option_values(values: dict[str, Any]) -> dict[str, Any]:
    """The vector's options that are switches of RagnarokOptions (some name facts the tree fixes)."""
    return {k: v for k, v in values.items() if k in RagnarokOptions.model_fields}


def hero(essence: list[str], destiny: int = 4, void: str | None = "E", **extra: Any) -> dict[str, Any]:
    sheet: dict[str, Any] = {"name": "Ulrik", "essence": essence, "destiny": destiny, **extra}
    if void:
        sheet["void"] = {"trait": void}
    else:
        sheet["uses_void_rune"] = False
    return sheet


def composition(f: int, m: int, e: int) -> list[str]:
    return RUNES["F"][:f] + RUNES["M"][:m] + RUNES["E"][:e]


class Game:
    """A play log of one character's tree, with checks that refused actions change nothing."""

    def __init__(self, character: dict[str, Any], route: str = "gris", **options: Any) -> None:
        self.log = PlayLog.start("ragnarok", "tree", options, {"character": character, "route": route})

    def do(self, action: str, manual: list[str] | None = None, seed: int = 0, **params: Any) -> dict[str, Any]:
        source: Source = ManualSource(manual) if manual is not None else SeededSource(seed)
        result: dict[str, Any] = self.log.apply(action, params, source)["result"]
        return result

    def refuse(self, action: str, match: str, error: type[RunehallError] = RulesError, **params: Any) -> RunehallError:
        before, state = json.dumps(self.log.to_json()), self.state
        with pytest.raises(error, match=match) as caught:
            self.do(action, **params)
        assert json.dumps(self.log.to_json()) == before
        assert self.state == state
        assert not re.search(r"\b[AI]-\d+\b", str(caught.value)), "a spec id is no words for a player"
        return caught.value

    @property
    def state(self) -> TreeState:
        state = self.log.state()
        assert isinstance(state, TreeState)
        return state

    @property
    def board(self) -> Board:
        return Board(self.state)

    def pile(self, uid: str) -> str:
        return self.board.unit(uid).pile

    def position(self, uid: str) -> int:
        return self.board.tokens[uid].position

    def status(self) -> str:
        return self.board.status()

    def hand(self) -> list[str]:
        return self.board.loose("mano")

    def to_phase(self, phase: str) -> None:
        while self.state.combat is not None and self.state.combat.phase != phase:
            self.do("next_phase")


def direct(state: TreeState, action: str, source: Source | None = None, **params: Any) -> TreeState:
    """Apply an action straight to a state, without a log (for long loops)."""
    tracked = TRACKER.action(action)
    src = source if source is not None else ManualSource([])
    new, _ = tracked.apply(state, tracked.parse_params(params), state.options, src)
    src.finish()
    return new


# -- TV-06 health ----------------------------------------------------------------------------------------
def _points_until(state: TreeState, policy: str, trait: str, status: str) -> int:
    for points in range(1, 200):
        state = direct(state, "damage", points=1, trait=trait, policy=policy)
        if Board(state).status() == status:
            return points
    raise AssertionError(f"never {status}")


@pytest.mark.parametrize(("vector", "case"), cases("health"))
def test_health(vector: dict[str, Any], case: dict[str, Any]) -> None:
    c = vector["composition"]
    sheet = hero(composition(c["F"], c["M"], c["E"]))
    start = TRACKER.start(TRACKER.parse_setup({"character": sheet, "route": case["route"]}), RagnarokOptions())
    expect = case["expect"]
    if case["check"] == "totals":
        view = TRACKER.view(start)
        assert view["hp_per_rune"] == expect["hp_per_rune"]
        assert view["health"]["total"] == expect["total_health"]
        assert _points_until(start, "spread", "F", "inconsciente") == expect["min_damage_unconscious"]
        assert _points_until(start, "concentrate", "F", "muerto") == expect["min_damage_dead"]
        return
    trait = case["damage_type"]
    assert _points_until(start, case["policy"], trait, "inconsciente") == expect["unconscious_at"]
    if "dead_at" in expect:
        assert _points_until(start, case["policy"], trait, "muerto") == expect["dead_at"]


# -- TV-07 damage sequence ---------------------------------------------------------------------------------
@pytest.mark.parametrize("vector", vectors("damage_sequence"), ids=lambda v: v["id"])
def test_damage_sequence(vector: dict[str, Any]) -> None:
    setup = vector["setup"]
    game = Game(hero([LETTERS[x] for x in setup["essence"]]), setup["route"], **option_values(vector["options"]))
    for step in vector["step"]:
        targets = [LETTERS[x] for x in step["targets"]]
        params = {"points": step["points"], "trait": step["type"], "allocate": targets}
        if step.get("reject"):
            game.refuse("damage", "where this damage stops", **params)
        else:
            result = game.do("damage", **params)
            assert result["hits"] == targets
        for letter, position in step["expect_positions"].items():
            assert game.position(LETTERS[letter]) == position, step["n"]
        for letter, pile in step.get("expect_piles", {}).items():
            assert game.pile(LETTERS[letter]) == pile, step["n"]
        assert game.status() == step["expect_status"], step["n"]
        assert game.pile("vacio") == "vacio"  # never touched by damage


# -- TV-08 recovery ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("vector", vectors("recovery"), ids=lambda v: v["id"])
def test_recovery(vector: dict[str, Any]) -> None:
    setup = vector["setup"]
    game = Game(hero([LETTERS[x] for x in setup["essence"]]), setup["route"], **option_values(vector["options"]))
    game.do("start_combat", number=setup["current_combat"])
    hp = game.board.hp
    for letter, position in setup["positions"].items():
        lethal = min(position, hp)
        if lethal:
            game.do("damage", points=lethal, trait="F", allocate=[LETTERS[letter]] * lethal)
        if position > hp:
            game.do("damage", points=position - hp, trait="E", allocate=[LETTERS[letter]] * (position - hp))
    for letter, combat in setup["consumed_in_combat"].items():
        assert game.board.tokens[LETTERS[letter]].consumed_in == combat
    assert game.status() == setup["expect_status"]
    for step in vector["step"]:
        if step["op"] == "heal":
            targets = [LETTERS[x] for x in step["targets"]]
            points = step.get("points", len(targets))
            if step.get("reject"):
                game.refuse("heal", "consuncion", points=points, allocate=targets)
            else:
                game.do("heal", points=points, allocate=targets)
        elif step["op"] == "advance_time":
            assert (game.state.combat is not None) == ("in_combat" in step)
            game.do("advance_time", hours=step["hours"])
        elif step["op"] == "end_combat":
            assert game.do("end_combat")["combat"] == step["combat"]
        for letter, position in step.get("expect_positions", {}).items():
            assert game.position(LETTERS[letter]) == position, step["n"]
        for letter, pile in step.get("expect_piles", {}).items():
            assert game.pile(LETTERS[letter]) == pile, step["n"]


# -- TV-09 the Void rune -------------------------------------------------------------------------------------
def _in_combat_with_void_in_actividad(case: dict[str, Any]) -> Game:
    game = Game(hero(composition(2, 1, 1), destiny=2))
    game.do("start_combat")
    game.do("wyrd", manual=["tyr", "hagall"])
    game.do("play", rune="vacio", to="actividad", chain="golpe", metamarks=case.get("chain_metamarks", []))
    return game


@pytest.mark.parametrize(("vector", "case"), cases("void_rules"))
def test_void_rules(vector: dict[str, Any], case: dict[str, Any]) -> None:
    game = Game(hero(composition(2, 1, 1), destiny=2))
    action = case["action"]
    if action == "allocate_damage":
        game.refuse("damage", "Void rune never takes damage", points=1, trait="E", allocate=["vacio"])
    elif action == "move" and case["expect"] == "reject":
        game.refuse("play", "Void rune can never be placed", rune="vacio", to=case["to"])
        game.do("wyrd", manual=["tyr", "fe"])
        game.refuse("play", "Void rune can never be placed", rune="vacio", to=case["to"])
    elif action == "sacrifice":
        game.refuse("sacrifice", "never be used in a Sacrifice", rune="vacio")
    elif action == "count_for_status":
        game = Game(hero(composition(2, 1, 1), destiny=2), "blanca")
        game.do("wyrd", manual=["tyr", "fe"])
        # The bag's runes to muerte first; the runes in hand only as a last resort.
        game.do("damage", points=11, trait="F", policy="spread")
        assert (game.pile("tyr"), game.pile("fe"), game.pile("vacio")) == ("muerte", "herido", "mano")
        assert game.status() == "inconsciente"
        game.do("damage", points=1, trait="F", policy="concentrate")
        assert game.status() == "muerto" and game.pile("vacio") == "mano"
    elif action == "move":
        if case["from"] == "mano":
            game.do("wyrd", manual=["tyr", "fe"])
        extra = {"condition": "si la puerta se abre"} if case["to"] == "contingencia" else {}
        game.do("play", rune="vacio", to=case["to"], from_pile=case["from"], **extra)
        assert game.pile("vacio") == case["to"]
    elif action == "end_skill_test":
        game.do("wyrd", manual=["tyr", "fe"])
        assert game.pile("vacio") == "mano"
        game.do("test", difficulty=2, required_trait="F")
        assert game.pile("vacio") == case["expect_pile"]
    else:
        assert action == "collection"
        game = _in_combat_with_void_in_actividad(case)
        game.do("next_phase")
        game.do("next_phase")
        game.do("next_phase", keep=["golpe"] if case["keep_chain"] else [])
        assert game.state.combat is not None and game.state.combat.phase == "collection"
        assert game.pile("vacio") == case["expect_pile"]
        assert game.hand() == []
        if case.get("then") == "next_wyrd":
            game.do("next_phase")
            result = game.do("wyrd", manual=["bjarkan", "fe"])
            assert result["void_joined"] is case["then_expect_void_in_hand"]
            assert "vacio" not in game.hand()


# -- TV-10 the Void does not raise Destiny --------------------------------------------------------------------
@pytest.mark.parametrize(("vector", "case"), cases("wyrd_hand"))
def test_wyrd_hand(vector: dict[str, Any], case: dict[str, Any]) -> None:
    sheet = hero(composition(3, 2, 2), destiny=case["destiny"], void="M" if case["uses_void_rune"] else None)
    sheet["kind"] = case["character"]
    game = Game(sheet)
    result = game.do("wyrd", seed=7)
    expect = case["expect"]
    assert len(result["drawn"]) == expect["random_runes"]
    assert len(game.hand()) == expect["hand_size"]
    assert ("vacio" in game.hand()) is expect["void_in_hand"]
    assert game.state.character.destiny == expect["destiny_after"]


# -- TV-11 transformation validity ----------------------------------------------------------------------------
@pytest.mark.parametrize(("vector", "case"), cases("transformation_validity"))
def test_transformation_validity(vector: dict[str, Any], case: dict[str, Any]) -> None:
    game = Game(hero(composition(2, 2, 1), destiny=5))
    game.do("wyrd", manual=["tyr", "bjarkan", "hagall", "naudhr", "fe"])
    pool = {t: [u for u in game.hand() if game.board.trait_of(u) == t and u != "vacio"] for t in "FME"}
    sources = [pool[t].pop(0) for t in case["sources"]]
    for uid, pile in zip(sources, case["source_piles"], strict=True):
        if pile != "mano":
            game.do("play", rune=uid, to=pile)
    if case["expect"] == "allow":
        result = game.do("transform", runes=sources, to=case["target"])
        assert game.board.composites[result["composite"]].trait == case["result_trait"]
        assert game.pile(result["composite"]) == "mano"
    else:
        rules = "exactly 2 runes|two different runes|share a trait|another trait|only runes in mano|part of composite"
        game.refuse("transform", rules, runes=sources, to=case["target"])


# -- TV-01..TV-04 skill tests on the tree ---------------------------------------------------------------------
def _drawn_runes(draw: list[str]) -> list[str]:
    taken = {t: iter(RUNES[t]) for t in "FME"}
    return [next(taken[t]) for t in draw]


@pytest.mark.parametrize(("vector", "case"), cases("skill_test"))
def test_skill_test_on_the_tree(vector: dict[str, Any], case: dict[str, Any]) -> None:
    drawn = _drawn_runes(case["draw"])
    divine = {"divine": {"bdp": case["dp_auto"]}} if case["dp_auto"] else {}
    sheet = hero(drawn, destiny=case["destiny"], void=case["void_trait"] or None, **divine)
    game = Game(sheet, void_can_transform=case["void_can_transform"])
    game.do("wyrd", manual=drawn)
    for t in case["transformations"]:
        hand = game.hand()
        picked = []
        for trait in t["sources"]:
            uid = (
                "vacio"
                if trait == "void"
                else next(u for u in hand if u not in picked and u != "vacio" and game.board.trait_of(u) == trait)
            )
            picked.append(uid)
        game.do("transform", runes=picked, to=t["target"])
    expect = case["expect"]
    if "hand_size" in expect:
        assert len(game.hand()) == expect["hand_size"]
    result = game.do(
        "test",
        difficulty=case["base_difficulty"],
        inherent_modifier=case["inherent_modifier"],
        skill_level=case["skill_level"],
        required_trait=case["required"],
        transform="optimal" if case["plan"] == "optimal" else "as_is",
    )
    assert (result["K"], result["R"], result["tier"]) == (expect["k"], expect["r"], expect["tier"])
    assert result["extra_successes"] == expect["extra_successes"]
    assert game.state.character.destiny == expect.get("destiny_after", case["destiny"])
    assert game.hand() == [] and len(game.board.bag()) == len(drawn)  # everything went home


# -- TV-13 Divine Potency in tests ----------------------------------------------------------------------------
@pytest.mark.parametrize(("vector", "case"), cases("divine_successes"))
def test_divine_successes(vector: dict[str, Any], case: dict[str, Any]) -> None:
    divine = {"divine": {"bdp": case["bdp"], "origin": case["actor"]}} if case["actor"] != "mortal" else {}
    sheet = hero(RUNES["F"][:2], destiny=2, void=None, **divine)
    game = Game(sheet, **option_values(case.get("options", {})))
    game.do("wyrd", seed=1)
    params = {"difficulty": case["base_difficulty"], "required_trait": case.get("required", "F")}
    expect = case["expect"]
    if expect.get("allowed") is False:
        game.refuse("test", r"epic feat", **params)
        return
    result = game.do("test", skill_level=case.get("skill_level", 0), **params)
    if "r" in expect:
        assert (result["P"], result["R"], result["tier"]) == (expect["p"], expect["r"], expect["tier"])
        assert game.state.dp == case["bdp"]  # nothing spent


# -- TV-14 spending Divine Potency ----------------------------------------------------------------------------
@pytest.mark.parametrize(("vector", "case"), cases("dp_spend"))
def test_dp_spend(vector: dict[str, Any], case: dict[str, Any]) -> None:
    sheet = hero(composition(3, 2, 2), destiny=3, divine={"bdp": case["pool"]})
    game = Game(sheet, dp_gain_per_maintenance=0)  # the pool stays at the vector's figure
    game.do("start_combat")
    game.to_phase(case.get("phase", "wyrd"))
    params = {k: case[k] for k in ("count", "context", "damage_type", "target") if k in case}
    if "damage_type" in params:
        params["damage_trait"] = params.pop("damage_type")
    if case["expect"] == "reject":
        reason = {"insufficient_dp": "pool holds", "wrong_phase": "phase", "wrong_context": "context|when"}
        game.refuse("dp_spend", reason.get(case["reason"], "damage, not"), effect=case["effect"], **params)
        return
    result = game.do("dp_spend", effect=case["effect"], **params)
    assert game.state.dp == result["dp"] == case["expect_pool"]
    if "expect_modifier" in case:
        assert result["modifier"] == case["expect_modifier"]
    if case.get("expect_draw") == "destiny + 1":
        assert len(game.do("wyrd", seed=3)["drawn"]) == sheet["destiny"] + 1


# -- TV-15 immortality -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("vector", "case"), cases("immortality"))
def test_immortality(vector: dict[str, Any], case: dict[str, Any]) -> None:
    divine = {} if case["origin"] == "mortal" else {"divine": {"bdp": case["dp"], "origin": case["origin"]}}
    game = Game(hero(composition(2, 1, 0), destiny=2, **divine), "blanca", **option_values(case.get("options", {})))
    expect = case["expect"]
    if "cause" in case:
        result = game.do("resolve_death", cause=case["cause"])
    else:
        damage = game.do("damage", points=9, trait="F", policy="concentrate", cause="killing_blow")
        assert game.pile(LETTERS["A"]) == case["all_runes_in"] and damage["status"] == expect["status"]
        result = damage["death"]
    assert result["rule"] == expect["fate"]
    assert result.get("place") == expect.get("place")
    reborn = expect["fate"] == "rebirth"
    assert game.state.fate == ("awaiting_rebirth" if reborn else "permanently_dead")
    if reborn:
        game.do("rebirth")
        assert game.state.fate == "alive" and game.state.dp == case["dp"]
    else:
        game.refuse("rebirth", "not awaiting rebirth")


# -- TV-21 short bag ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("vector", vectors("short_bag"), ids=lambda v: v["id"])
def test_short_bag(vector: dict[str, Any]) -> None:
    sheet = hero(composition(3, 1, 1)[: vector["essence"]], destiny=vector["destiny"])
    game = Game(sheet, **option_values(vector["options"]))
    game.do("damage", points=vector["runes_off_bag"], trait="F", policy="spread")
    assert len(game.board.bag()) == vector["bag_size"]
    result = game.do("wyrd", seed=5)
    expect = vector["expect"]
    assert len(result["drawn"]) == expect["drawn"] and result["void_joined"] is expect["void_in_hand"]
    assert len(game.hand()) == expect["hand_size"]
    strict = Game(sheet, short_bag="reject")
    strict.do("damage", points=vector["runes_off_bag"], trait="F", policy="spread")
    strict.refuse("wyrd", "option short_bag")


# -- TV-22 Runic Enchantment ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("vector", "case"), cases("runic_enchantment"))
def test_runic_enchantment(vector: dict[str, Any], case: dict[str, Any]) -> None:
    power = {"name": "Piel de piedra", "type": "encantamiento_runico"}
    sheet = hero(composition(1, 1, 1), passive_powers=[power, {"name": "Ojo avizor"}])
    game = Game(sheet, re_suppress_m=case["re_suppress_m"], re_reactivate_m=case["re_reactivate_m"])
    if case["prior_state"] == "suppressed":
        game.do("enchantment", power=power["name"], distance_m=1.0)
    assert (power["name"] in game.state.suppressed) is (case["prior_state"] == "suppressed")
    result = game.do("enchantment", power=power["name"], distance_m=case["distance_m"])
    assert result["state"] == case["expect"]["state"]
    assert (power["name"] in game.state.suppressed) is (case["expect"]["state"] == "suppressed")
    game.refuse("enchantment", "not a Runic Enchantment", power="Ojo avizor", distance_m=1.0)
