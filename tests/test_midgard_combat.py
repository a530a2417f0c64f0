"""Midgard combat: the combat, damage and enemy vectors of spec 003 §16.5-16.7 (from test_vectors.toml),
through the pure rules functions and through the combat tracker's play log."""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource, Source
from runehall.errors import RulesError, RunehallError
from runehall.play.log import PlayLog
from runehall.systems import registry
from runehall.systems.midgard.combat import damage, gear, moves
from runehall.systems.midgard.combat.allocate import gm_dice, gm_dice_outside_combat
from runehall.systems.midgard.combat.build import CombatantSpec, build
from runehall.systems.midgard.combat.combatant import (
    Armour,
    Combatant,
    Member,
    actions,
    declaration_score,
    defence,
    size_bonus,
    skill_ranks,
    wound_penalty,
)
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.flow import acting, declaration_order
from runehall.systems.midgard.combat.state import CombatState, Declaration

SYSTEM = registry.get("midgard")
OPTIONS = SYSTEM.options()
VECTORS = {
    v["id"]: v
    for v in tomllib.loads(
        resources.files("runehall.systems.midgard").joinpath("data", "test_vectors.toml").read_text("utf-8")
    )["vector"]
}
RUNES = {"F": 3, "Th": 3, "A": 3, "H": 3, "T": 3}


def case(vector_id: str, index: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = VECTORS[vector_id]["case"][index]
    return found


# -- building combatants and games ----------------------------------------------------------------------
def pc(cid: str, side: str = "players", **stats: Any) -> dict[str, Any]:
    """An explicit-stats combatant; weapons, armour and surprise go beside the stats."""
    outer = {k: stats.pop(k) for k in ("weapons", "armour", "surprise", "name") if k in stats}
    runes = {**RUNES, **stats.pop("runes", {})}
    return {"id": cid, "side": side, "stats": {"runes": runes, **stats}, **outer}


def villain(cid: str, kind: str, rank: int | None = None, **more: Any) -> dict[str, Any]:
    outer = {k: more.pop(k) for k in ("weapons", "armour", "surprise") if k in more}
    enemy = {"class": kind, **({"rank": rank} if rank else {}), **more}
    return {"id": cid, "enemy": enemy, **outer}


def person(spec: dict[str, Any]) -> Combatant:
    return build(CombatantSpec.model_validate(spec), OPTIONS)


class Game:
    """A play log of one fight, with checks that refused actions change nothing."""

    def __init__(self, combatants: list[dict[str, Any]], **options: Any) -> None:
        self.log = PlayLog.start("midgard", "combat", options, {"combatants": combatants})

    def do(self, name: str, /, manual: list[int] | None = None, seed: int = 0, **params: Any) -> dict[str, Any]:
        source: Source = ManualSource(manual) if manual is not None else SeededSource(seed)
        result: dict[str, Any] = self.log.apply(name, params, source)["result"]
        return result

    def refuse(self, name: str, match: str, /, error: type[RunehallError] = RulesError, **params: Any) -> RunehallError:
        before, state = json.dumps(self.log.to_json()), self.state
        with pytest.raises(error, match=match) as caught:
            self.do(name, **params)
        assert json.dumps(self.log.to_json()) == before
        assert self.state == state
        return caught.value

    @property
    def state(self) -> CombatState:
        state = self.log.state()
        assert isinstance(state, CombatState)
        return state

    def who(self, cid: str) -> Combatant:
        return next(c for c in self.state.combatants if c.id == cid)

    def declaration(self, cid: str) -> Declaration:
        return next(d for d in self.state.declarations if d.actor == cid and d.status != "switched")

    def finish_segment(self, location: str | None = None) -> dict[str, dict[str, Any]]:
        """Resolve everything left, taking every hit; what each actor's action did."""
        done: dict[str, dict[str, Any]] = {}
        while self.state.stage == "resolution":
            pending = self.state.pending
            if pending is not None:
                done[pending.attacker] = self.do("take_hit", location=location)
            elif self.state.checks:
                self.do("check", seed=1)
            else:
                out = self.do("resolve", location=location)
                done.setdefault(out["actor"], out)
        return done

    def declare_all(self, **plans: dict[str, Any]) -> None:
        """Declare in the order the state asks for."""
        for cid in self.state.order:
            self.do("declare", actor=cid, **plans[cid])


def fight_of(*people: Combatant, round_: int = 1, segment: int = 1) -> Fight:
    state = CombatState(combatants=people, round=round_, segment=segment)
    return Fight(state, OPTIONS)


# -- §16.5 combat vectors -----------------------------------------------------------------------------
def k1_people() -> list[Combatant]:
    return [
        person(pc("pc_a", ws=4, skills={"Alertness": 2})),
        person(pc("pc_b", ws=3)),
        person(villain("thane", "thane", 3, ws=3, skills=["Alertness"])),
        person(villain("sb", "shieldbearer", 2)),
        person(villain("band", "warband", members=[{"rank": 1}, {"rank": 1}])),
    ]


def test_k1_declaration_order_and_scores() -> None:
    c = case("K-1")
    people = k1_people()
    fight = fight_of(*people)
    assert declaration_order(fight, people, SeededSource(0)) == c["expect"]["order"]
    scores = {p.id: declaration_score(p, False) for p in people if p.id in c["expect"]["scores"]}
    assert scores == c["expect"]["scores"]


def test_k2_who_acts_in_which_segment() -> None:
    c = case("K-2")
    people = k1_people()
    assert {p.id: actions(p) for p in people} == c["ws"]
    fight = fight_of(*people)
    acting_by_segment = {
        str(s): declaration_order(fight, acting(fight, s), SeededSource(0))
        for s in range(1, c["expect"]["segments"] + 1)
    }
    assert acting_by_segment == c["expect"]["acting"]
    assert acting(fight, c["expect"]["segments"] + 1) == []


def test_k3_surprise_raises_the_score_and_adds_future_once() -> None:
    c = case("K-3")
    pc_b = person(pc("pc_b", ws=3, surprise=c["surprise"]))
    assert declaration_score(pc_b, True) == c["expect"]["round_1_segment_1"]["declaration_score"]
    assert declaration_score(pc_b, False) == c["expect"]["later"]["declaration_score"]
    game = Game([pc("pc_b", ws=3, surprise=2, weapons=["sax"]), pc("foe", "raiders", ws=1, weapons=["sax"])])
    game.do("next_segment")
    game.declare_all(pc_b={"action": "strike", "target": "foe"}, foe={"action": "move"})
    cast = game.do("cast", actor="pc_b", manual=[2, 2, 2])
    assert cast["tokens"]["future"] == c["expect"]["round_1_segment_1"]["future_tokens_added"]


def k4_game(**options: Any) -> Game:
    c = case("K-4")
    x, y = c["attacker"], c["defender"]
    return Game(
        [
            pc("x", ws=x["ws"], runes={"T": x["T"]}, skills={"Sax": x["skill"]}, weapons=[x["weapon"]]),
            pc(
                "y",
                "raiders",
                ws=4,
                defence=x["defender_defence"],
                runes={"H": y["H"], "T": 2},
                skills={"Shields": y["skill"]},
                weapons=[y["weapon"], "sax"],
            ),
        ],
        **options,
    )


@pytest.mark.parametrize("reading", ["attacker_damages_blocking_item", "blocker_damages_attacking_weapon"])
def test_k4_a_declared_shield_block_wins_on_speed(reading: str) -> None:
    c = case("K-4")
    game = k4_game(block_item_damage=reading)
    game.do("next_segment")
    assert game.state.order == ("x", "y")
    game.do("declare", action="strike", target="y")
    game.do("declare", action="block", weapon="round_shield")
    x = game.do("cast", actor="x", manual=c["attacker"]["faces"])
    assert x["tokens"] == {"past": 1, "future": 0, "outcome": 1, "merkstave": 0, "free": 3}
    a = c["attacker_allocation"]
    x = game.do("allocate", actor="x", past=a["p"], future=a["f"], outcome=a["o"], cancel=a["k"])
    assert "success" not in x and "y" in x["sealed"]  # contested: secret until the block is placed too
    assert game.log.tracker.view(game.state)["declarations"][0]["cast"]["sealed"]
    game.do("cast", actor="y", manual=c["defender"]["faces"])
    a = c["defender_allocation"]
    y = game.do("allocate", actor="y", past=a["p"], future=a["f"], outcome=a["o"], cancel=a["k"])
    assert (y["past"], y["speed"], y["margin"]) == (3, c["defender_expect"]["speed"], 0)
    assert {k: y["revealed"]["x"][k] for k in ("success", "speed", "margin")} == c["attacker_expect"]
    assert game.declaration("y").cast.difficulty is None  # type: ignore[union-attr]
    assert moves.defence_difficulty(game.who("x"), game.declaration("x")) == c["defender_difficulty"]
    resolved = game.do("resolve")
    assert resolved["stopped_by"] == "block" and c["expect"]["blocked"]
    assert "takes no damage" in resolved["item_damage"]
    assert game.who("y").wounds == 0 and game.state.stage == "segment_end"


def test_k5_switching_to_a_block_after_being_hit() -> None:
    c = case("K-5")
    game = k4_game()
    game.do("next_segment")
    game.do("declare", action="strike", target="y")
    game.do("declare", action="strike", target="x", weapon="sax")
    game.do("cast", actor="x", manual=[3, 6, 5, 2])
    game.do("allocate", actor="x", past=2, future=1)
    game.do("cast", actor="y", manual=[2, 2], goal="margin")  # a miss, at speed 4: still to come
    hit = game.do("resolve")
    assert hit["answer"] == "take_hit or switch" and game.state.pending is not None
    switched = game.do("switch", defence="block", manual=c["defender"]["faces"])
    assert "allocate" in switched
    a = c["allocation"]
    out = game.do("allocate", actor="y", past=a["p"], future=a["f"], outcome=a["o"], cancel=a["k"])
    assert (out["defended"], out["speed"]) == (c["expect"]["hit_cancelled"], c["expect"]["speed"])
    assert game.declaration("x").status == "resolved"
    assert [d.status for d in game.state.declarations if d.actor == "y"] == ["switched"]  # own attack lost
    assert game.state.stage == "segment_end" and game.who("y").wounds == 0


def test_k5_the_spare_token_on_future_is_faster_still() -> None:
    game = k4_game()
    game.do("next_segment")
    game.do("declare", action="strike", target="y")
    game.do("declare", action="strike", target="x", weapon="sax")
    game.do("cast", actor="x", manual=[3, 6, 5, 2])
    game.do("allocate", actor="x", past=2, future=1)
    game.do("cast", actor="y", manual=[2, 2], goal="margin")
    game.do("resolve")
    game.do("switch", defence="block", manual=[4, 4, 3, 6])
    assert game.do("allocate", actor="y", past=2, future=1)["speed"] == 1


def short_game(**options: Any) -> Game:
    return Game(
        [
            pc("smith", ws=2, defence=3, runes={"Th": 3}, skills={"Craft": 1}, weapons=["sax"]),
            pc("foe", "raiders", ws=2, runes={"T": 4}, skills={"Sax": 2}, weapons=["sax"]),
        ],
        **options,
    )


@pytest.mark.parametrize("segment,rounds", [(1, [1, 2, 3, 4]), (2, [2, 3, 4, 5])])
def test_k6_a_short_action_lasts_four_rounds(segment: int, rounds: list[int]) -> None:
    c = case("K-6")
    game = short_game()
    game.do("next_segment")
    if segment == 2:
        game.declare_all(smith={"action": "move"}, foe={"action": "move"})
        game.do("resolve")
        game.do("resolve")
        game.do("next_segment")
    game.declare_all(
        smith={"action": "short_action", "skill": "Craft", "difficulty": 1, "time": "short"}, foe={"action": "move"}
    )
    game.do("cast", actor="smith", manual=[3, 4, 4], goal="succeed")
    out = game.do("resolve")
    assert (out["seconds"], out["rounds"]) == (c["expect"]["time_s"], c["expect"]["rounds"])
    short = game.who("smith").short
    assert short is not None and [short.first_round, short.last_round] == [rounds[0], rounds[-1]]


@pytest.mark.parametrize("divisor,difficulty", [(2, 3), (1, 5)])
def test_k7_wounds_interrupt_a_short_action(divisor: int, difficulty: int) -> None:
    c = case("K-7")
    game = short_game(interrupt_divisor=divisor)
    game.do("next_segment")
    game.declare_all(
        smith={"action": "short_action", "skill": "Craft", "difficulty": 1, "time": "short"}, foe={"action": "move"}
    )
    game.do("cast", actor="smith", manual=[3, 4, 4], goal="succeed")
    game.do("resolve")
    game.do("resolve")
    game.do("next_segment")
    game.declare_all(smith={"action": "continue"}, foe={"action": "strike", "target": "smith"})
    game.do("cast", actor="foe", manual=[3, 5, 2, 2], goal="margin")  # Past 1 + 2 free >= Defence 3, margin 1
    hit = game.do("resolve")
    assert hit["answer"] == "take_hit or switch"
    taken = game.do("take_hit", location="body")
    assert taken["wounds"] == c["input"]["wounds"]
    check = game.state.checks[0]
    assert (check.kind, check.difficulty) == ("interrupt", difficulty if divisor == 1 else c["expect"]["difficulty"])
    failed = game.do("check", manual=[2, 2, 2])
    assert failed["interrupted"] and game.who("smith").short is None


def test_k8_k9_k10_attack_difficulties() -> None:
    foe = person(pc("foe", defence=4, weapons=["long_sword", "round_shield", "sax", "dagger"]))
    axe = person(pc("axe", weapons=["large_axe", "bearded_axe", "dagger", "sax"]))

    def difficulty(action: str, weapon: str, **fields: Any) -> int:
        d = Declaration(actor="axe", action=action, target="foe", weapon=weapon, **fields)  # type: ignore[arg-type]
        profile, _ = moves.weapon_in_use(axe, d, OPTIONS)
        return moves.attack_difficulty(axe, foe, d, profile, OPTIONS, 1)

    k8 = case("K-8")["expect"]
    assert difficulty("knock_back", "large_axe") == k8["difficulty"]
    assert difficulty("knock_back", "large_axe", prone=True) == k8["difficulty_prone"]
    assert difficulty("knock_back", "large_axe", extra_targets=("a", "b")) == k8["difficulty_two_extra_targets"]
    assert difficulty("target_weapon", "bearded_axe", item="sax") == case("K-9")["expect"]["difficulty"]
    assert difficulty("disarm", "dagger", item="long_sword") == case("K-10", 0)["expect"]["difficulty"]
    assert difficulty("disarm", "sax", item="round_shield") == case("K-10", 1)["expect"]["difficulty"]
    book = SYSTEM.options({"disarm_shield_total": "book_total_4"})
    d = Declaration(actor="axe", action="disarm", target="foe", weapon="sax", item="round_shield")
    profile, _ = moves.weapon_in_use(axe, d, book)
    assert moves.attack_difficulty(axe, foe, d, profile, book, 1) == case("K-10", 1)["expect_alt"]["difficulty"]
    unstacked = SYSTEM.options({"target_weapon_modifiers_stack": False})
    d = Declaration(actor="axe", action="target_weapon", target="foe", weapon="bearded_axe", item="sax")
    profile, _ = moves.weapon_in_use(axe, d, unstacked)
    assert moves.attack_difficulty(axe, foe, d, profile, unstacked, 1) == 4 + 2 - 2


def test_k8_k9_k10_k11_effects_in_play() -> None:
    """Push distance, an item broken by Target Weapon, a disarm's distance and a pin's wounds."""
    k9 = case("K-9")["expect"]
    assert damage.item_damage(2, 6, k9["vs_sax"]["hardness"]) == k9["vs_sax"]["damage"]
    assert damage.item_damage(2, 6, k9["vs_dagger"]["hardness"]) == k9["vs_dagger"]["damage"]
    k11 = case("K-11")
    assert damage.pin_hit(k11["input"]["margin"] + 1, k11["input"]["target_ranks"], "body") == k11["expect"]["wounds"]
    game = Game(
        [
            pc("a", ws=2, runes={"T": 6, "Th": 6}, skills={"Axes": 3, "Wrestling": 2}, weapons=["bearded_axe"]),
            pc("b", "raiders", ws=1, defence=4, skills={"Athletics": 2}, weapons=["dagger"]),
        ]
    )
    game.do("next_segment")
    game.declare_all(a={"action": "target_weapon", "target": "b", "item": "dagger"}, b={"action": "move"})
    out = game.do("cast", actor="a", manual=[5, 5, 2, 2, 2, 2], goal="margin")
    assert out["past"] == 3 and out["margin"] == 2
    game.do("resolve")
    out = game.do("take_hit")
    assert out["item_damage"] == 1 and game.who("b").items[0].broken
    game.do("resolve")
    game.do("next_segment")
    assert game.state.order == ("a",)
    game.do("declare", action="knock_back", target="b")
    game.do("cast", actor="a", manual=[5, 5, 2, 2, 2, 2], goal="margin")  # D 4 - 1 (heavy) = 3
    game.do("resolve")
    assert game.do("next_segment")["round"] == 2
    game.declare_all(a={"action": "pin", "target": "b"}, b={"action": "move"})
    out = game.do("cast", actor="a", manual=[3, 3, 5, 5, 5, 2], goal="margin")  # Th 6 + Wrestling 2
    assert out["margin"] == 3
    game.do("resolve")
    out = game.do("take_hit", location="body")
    assert (out["wounds"], out["pinned"]) == (k11["expect"]["wounds"], True)
    pin = game.who("b").pin
    assert pin is not None and pin.by == "a" and pin.since_round == 2


def test_k8_push_distance() -> None:
    game = Game(
        [
            pc("a", ws=1, runes={"T": 6}, skills={"Axes": 3}, weapons=["large_axe"]),
            pc("b", "raiders", ws=1, defence=4),
            pc("c", "raiders", ws=1, defence=4),
        ]
    )
    game.do("next_segment")
    order = game.state.order
    plans = {"a": {"action": "knock_back", "target": "b", "extra_targets": ["c"], "prone": True}}
    for cid in order:
        game.do("declare", actor=cid, **plans.get(cid, {"action": "move"}))
    out = game.do("cast", actor="a", manual=[3, 3, 3, 5, 5, 2], goal="margin")  # D 4 - 1 + 2 + 1 = 6
    assert out["past"] >= 6 and out["margin"] == 0  # a simple cast: Outcome does nothing
    pushed = game.finish_segment()["a"]
    assert pushed["feet"] == 5 and pushed["pushed"] == ["b", "c"]
    assert game.who("b").prone and game.who("c").prone and defence(game.who("b")) == 2


def enemy_game() -> Game:
    return Game(
        [
            pc("p1", defence=5, ws=1),
            pc("p2", ws=1),
            pc("p3", ws=1),
            villain("thane", "thane", 3, skills=["Axes"], weapons=["large_axe"]),
            villain("sb", "shieldbearer", 2, skills=["Axes"], weapons=["large_axe"]),
            villain("band", "warband", members=[{"rank": 1, "weapon": "sax"}] * 3),
        ]
    )


def test_k12_to_k15_the_gm_cast_read_by_each_enemy() -> None:
    game = enemy_game()
    game.do("next_segment")
    plans = {cid: {"action": "move"} for cid in ("p1", "p2", "p3")}
    plans |= {cid: {"action": "strike", "target": "p1"} for cid in ("thane", "sb", "band")}
    game.declare_all(**plans)
    game.refuse("cast", "gm_cast", actor="thane", manual=[])
    k12 = case("K-12")
    gm = game.do("gm_cast", goal="past", manual=k12["input"]["faces"])
    assert gm["dice"] == k12["expect"]["dice"] == gm_dice(3, 1)
    assert gm["past"] == k12["expect"]["past"] and (gm["future"], gm["outcome"], gm["merkstave"]) == (1, 1, 1)
    k13 = case("K-13")
    thane = game.do("cast", actor="thane", manual=[])
    assert thane["tokens"] == {"past": 3, "future": 1, "outcome": 1, "merkstave": 1, "free": 3}
    a = k13["thane_allocation"]
    thane = game.do("allocate", actor="thane", past=a["p"], future=a["f"], outcome=a["o"], cancel=a["k"])
    assert {k: thane[k] for k in ("success", "margin", "speed")} == {
        k: k13["expect"][k] for k in ("success", "margin", "speed")
    }
    sb = game.do("cast", actor="sb", manual=[])
    assert (sb["success"], sb["past"], sb["margin"], sb["speed"]) == (True, case("K-14")["expect"]["past"], 0, 5 - 1)
    k15 = case("K-15")["expect"]
    band = game.do("cast", actor="band", manual=[])
    assert (band["past"], band["success"]) == (k15["past"], True)
    state = game.state
    assert state.stage == "resolution"
    b = next(c for c in state.combatants if c.id == "band")
    assert (size_bonus([1, 1, 1]), actions(b), defence(b)) == (k15["size_bonus"], k15["ws"], k15["defence"])
    results = {}
    while game.state.stage == "resolution":
        pending = game.state.pending
        if pending is not None:
            results[pending.attacker] = game.do("take_hit", location="body")
        else:
            game.do("resolve")
    assert results["thane"]["damage"] == k13["expect"]["damage"]
    assert results["sb"]["damage"] == 6  # the weapon's damage alone
    assert game.who("p1").wounds == 7 + 6 + 4


def test_k16_gm_dice_outside_combat() -> None:
    for n in (0, 1):
        c = case("K-16", n)
        assert gm_dice_outside_combat(c["input"]["pcs"], c["input"]["for_class"] == "thane") == c["expect"]["dice"]


# -- §16.6 damage vectors ----------------------------------------------------------------------------------
@pytest.mark.parametrize("vector_id", ["D-1", "D-2", "D-3", "D-4", "D-5", "D-6", "D-7"])
def test_damage_procedure(vector_id: str) -> None:
    c = case(vector_id)
    i = c["input"]
    armour = None
    if i["armour"] != "none":
        armour = Armour(type=i["armour"], locations=(i["location"],), pool=i["pool"], hardness=i["hardness"])
    h = damage.hit(i["damage"], i["ap"], i["location"], armour, OPTIONS)
    assert h.wounds == c["expect"]["wounds"]
    if "pool_after" in c["expect"]:
        assert h.pool_after == c["expect"]["pool_after"]


def test_d3_a_leg_wound_calls_for_athletics_or_prone() -> None:
    c = case("D-3")
    fight = fight_of(person(pc("x")), person(pc("y", "raiders")))
    damage.wound(fight, "x", c["expect"]["wounds"], "legs", (0, 0), 4)
    check = fight.checks[0]
    assert (check.kind, check.difficulty) == ("legs", c["expect"]["penetration_test"]["difficulty"])


@pytest.mark.parametrize("vector_id", ["D-8", "D-9"])
def test_warband_blows(vector_id: str) -> None:
    c = case(vector_id)
    members = tuple(
        Member(rank=m["rank"], hardness=0 if m["armour"] == "none" else gear.armour_type(m["armour"]).hardness)
        for m in c["input"]["warband"]
    )
    slain, wasted = damage.band_blow(members, c["input"]["damage"], OPTIONS)
    assert (len(slain), wasted) == (c["expect"]["slain"], c["expect"]["wasted"])
    thresholds = [t for t, _ in damage.thresholds(members, OPTIONS)]
    assert thresholds == c["expect"].get("thresholds", [c["expect"].get("threshold")] * len(members))


def test_d10_warband_size_bonus() -> None:
    c = case("D-10")
    assert [size_bonus(ranks) for ranks in c["input"]] == c["expect"]


def test_d11_armour_pools_and_speed() -> None:
    pools, penalty = case("D-11", 0), case("D-11", 1)
    for given, expect in zip(pools["input"], pools["expect"], strict=True):
        suit = dict.fromkeys(given["locations"], given["type"])
        assert (gear.pool(given["type"], tuple(given["locations"])), gear.speed_penalty(suit, 0)) == (
            expect["pool"],
            expect["speed"],
        )
    assert gear.speed_penalty(penalty["input"]["suit"], penalty["input"]["might"]) == penalty["expect"]


def test_d13_d14_enemy_wyrd_and_shieldbearer_armour() -> None:
    d13 = case("D-13")
    thane = person(villain("t", "thane", d13["input"]["rank"], gift_levels=d13["input"]["gift_levels"]))
    assert thane.wyrd == d13["expect"]["wyrd"]
    d14 = case("D-14")
    spec = villain("s", "shieldbearer", d14["input"]["rank"], armour={"body": d14["input"]["armour"]})
    sb = person(spec)
    assert (sb.armour[0].pool, sb.armour[0].hardness, sum(sb.wound_boxes)) == (
        d14["expect"]["armour_pool"],
        d14["expect"]["hardness"],
        d14["expect"]["wound_boxes"],
    )
    flat = build(CombatantSpec.model_validate(spec), SYSTEM.options({"shieldbearer_armour_pool": "ten_flat"}))
    assert flat.armour[0].pool == d14["expect_alt"]["armour_pool"]


def test_wound_penalties_follow_the_track() -> None:
    c = VECTORS["T-Q8"]["case"][0]
    hero = person(pc("x", health=5))
    got = []
    for w in c["input"]["wounds"] if isinstance(c["input"], dict) else c["input"]:
        got.append("taken_out" if w >= sum(hero.wound_boxes) else wound_penalty(hero.model_copy(update={"wounds": w})))
    assert got == c["expect"]


# -- §16.7 book examples ----------------------------------------------------------------------------------
def test_e1_declared_round_shield_block_is_speed_0() -> None:
    y = person(pc("y", weapons=["round_shield"]))
    d = Declaration(actor="y", action="block")
    assert moves.base_speed(y, d, OPTIONS) == case("E-1")["expect"]["speed"]
    assert moves.base_speed(y, d, OPTIONS, switched=True) == 4


def test_e2_throwing_an_axe() -> None:
    e = case("E-2")["expect"]
    thrower = person(pc("t", runes={"Th": 6}, skills={"Athletics": 1}, weapons=["throwing_axe"]))
    d = Declaration(actor="t", action="strike", target="x", weapon="throwing_axe", thrown=True)
    profile, _ = moves.weapon_in_use(thrower, d, OPTIONS)
    assert (profile.rune, moves.attack_skill(thrower, d, profile)[1]) == (e["cast"]["rune"], e["cast"]["skill"])
    assert (profile.damage, profile.speed, profile.ap, profile.range_ft) == (e["damage"], e["speed"], e["ap"], 15)


def test_e4_thane_skills() -> None:
    for n in (0, 1):
        c = case("E-4", n)
        t = person(villain("t", "thane", c["input"]["rank"], skills=c["input"]["listed"]))
        assert skill_ranks(t, "Axes") == c["expect"]["Axes"] and skill_ranks(t, "Command") == c["expect"]["Command"]
        assert skill_ranks(t, "Swords") == c["expect"]["other"]


def test_e5_natural_weapons() -> None:
    e = case("E-5")["expect"]
    natural, claws = gear.natural("natural", 2), gear.natural("claws", 2)
    assert (natural.speed, natural.damage, natural.ap) == (e["speed"], e["natural"]["damage"], e["natural"]["ap"])
    assert (claws.damage, claws.ap) == (e["claws"]["damage"], e["claws"]["ap"])


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_e6_dual_wielding(n: int) -> None:
    c = case("E-6", n)
    fighter = person(pc("d", weapons=c["input"]["weapons"]))
    d = Declaration(actor="d", action="strike", target="x", weapon=c["input"]["weapons"][0], dual=True)
    profile, _ = moves.weapon_in_use(fighter, d, OPTIONS)
    e = c["expect"]
    assert (profile.speed, profile.damage, profile.defence_bonus) == (
        e["speed"],
        e["damage"],
        e["target_defence_bonus"],
    )
    if "ap" in e:
        assert (profile.ap, profile.size) == (e["ap"], e["class_used"])


def test_e7_two_hands_and_e8_the_thick_club() -> None:
    axe = person(pc("a", weapons=["double_headed_axe"]))
    d = Declaration(actor="a", action="strike", target="x", weapon="double_headed_axe", two_hands=True)
    assert moves.weapon_in_use(axe, d, OPTIONS)[0].speed == case("E-7")["expect"]["speed"]
    e8 = case("E-8")
    club = person(pc("c", weapons=[{"id": "club_improvised", "structure": e8["input"]["structure"]}]))
    assert club.items[0].structure == 2
    assert damage.item_damage(e8["input"]["margin"], 4, e8["input"]["hardness"]) == e8["expect"]["item_damage"]


def test_e9_knock_back_into_bystanders() -> None:
    e = case("E-9")
    attacker = person(pc("a", weapons=["sax"]))
    target = person(pc("b", defence=e["input"]["defence"]))
    d = Declaration(actor="a", action="knock_back", target="b", extra_targets=("c", "d"))
    profile, _ = moves.weapon_in_use(attacker, d, OPTIONS)
    assert moves.attack_difficulty(attacker, target, d, profile, OPTIONS, 1) == e["expect"]["difficulty"]


def test_e10_evaluate_battlefield_gives_a_die() -> None:
    game = Game(
        [
            pc("a", ws=2, runes={"T": 3}, skills={"Tactics": 1, "Sax": 1}, weapons=["sax"]),
            pc("b", "raiders", ws=2),
        ]
    )
    game.do("next_segment")
    game.declare_all(a={"action": "evaluate_battlefield", "difficulty": 1}, b={"action": "move"})
    game.do("cast", actor="a", manual=[3, 2, 2], goal="succeed")
    game.do("resolve")
    game.do("resolve")
    assert game.who("a").dice_bonus == case("E-10")["expect"]["next_attack_or_defence_dice_bonus"]
    game.do("next_segment")
    game.declare_all(a={"action": "strike", "target": "b"}, b={"action": "move"})
    out = game.do("cast", actor="a", manual=[2, 2, 2, 2], goal="margin")  # T 3 + 1 die
    assert len(out["faces"]) == 4 and game.who("a").dice_bonus == 0


def test_e16_warbands_declare_lowest_rank_first() -> None:
    people = [
        person(pc("pc_a")),
        person(villain("thane", "thane", 2)),
        person(villain("band_r3", "warband", members=[{"rank": 3}])),
        person(villain("band_r1", "warband", members=[{"rank": 1}])),
    ]
    order = declaration_order(fight_of(*people), people, SeededSource(0))
    assert order[:2] == case("E-16")["expect"]["order_prefix"]


def test_automatic_allocation_matches_the_cast_module() -> None:
    """Rule SFG through the combat path gives what cast.resolve gives, on every small count vector."""
    from itertools import product

    from runehall.systems.midgard.cast import Stones, resolve
    from runehall.systems.midgard.combat import casting
    from runehall.systems.midgard.combat.state import CastRecord

    for counts in product(range(3), repeat=6):
        for skill, merk, difficulty, goal in product((0, 2), (0, 1), (1, 3), ("margin", "speed")):
            faces = tuple(f for f, n in zip((1, 2, 3, 4, 5, 6), counts, strict=True) for _ in range(n))
            tokens = casting.sort(faces, OPTIONS, free=skill, merkstave=merk)
            record = CastRecord(by="own", tokens=tokens, difficulty=difficulty, base_speed=5)
            mine = casting.place(record, None, goal, OPTIONS)  # type: ignore[arg-type]
            theirs = resolve(counts, Stones(skill=skill, merkstave=merk), difficulty, goal)  # type: ignore[arg-type]
            assert (mine.success, mine.margin, mine.future, mine.merkstave, mine.next_attack) == tuple(theirs)
            assert mine.speed == 5 - theirs.future


def test_the_cast_rejects_a_weapon_it_does_not_carry() -> None:
    with pytest.raises(RulesError, match="carries no"):
        moves.weapon_in_use(person(pc("a")), Declaration(actor="a", action="strike", weapon="bow"), OPTIONS)


@pytest.mark.parametrize("choice,declared,switched", [("declared_3_switched_5", 3, 5), ("unarmed_speed", 2, 2)])
def test_the_dodge_speed_option(choice: str, declared: int, switched: int) -> None:
    options = SYSTEM.options({"dodge_speed": choice})
    dodger = person(pc("d", runes={"F": 4}))  # unarmed: 4 - half(4) = 2
    d = Declaration(actor="d", action="dodge")
    assert (moves.base_speed(dodger, d, options), moves.base_speed(dodger, d, options, switched=True)) == (
        declared,
        switched,
    )
