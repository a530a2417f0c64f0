"""The Rune fight's board (combat/board_view.py): cards, the initiative order, what the fight waits for, the
battle map, and the moves a seat may make now. A fight with the book's Ragnar and Thurid is played through
by the board's own moves alone; after each step every offered move is accepted by its action (with a valid
value for what it still asks), the actions not offered are refused, a player's seat sees only his own
combatant's moves, no string carries a program value, and the map matches the terrain and the tokens."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from runehall.chance.seeded import SeededSource
from runehall.errors import RunehallError
from runehall.present.board import BoardView, Move, Seat
from runehall.present.check import program_values
from runehall.present.words import words_for
from runehall.systems.rune.combat import CombatState
from runehall.systems.rune.combat.board_order import order_entries, turns
from runehall.systems.rune.combat.geometry import dist2
from test_rune_combat import RAGNAR_SHEET, THURID_SHEET, Fight, fighter, hero

GM = Seat(runs=True)
TERRAIN: list[dict[str, Any]] = [
    {"kind": "slippery", "name": "Grimsmire", "area": [3, -2, 6, 1]},
    {"kind": "slope", "area": [-6, -6, -1, 6], "up": [-1, 0]},
    {"kind": "level", "area": [10, 8, 12, 10], "height": 10},
    {"kind": "damaging", "area": [0, 8, 2, 10], "dam": 5},
    {"kind": "exit", "area": [-10, -1, -9, 1], "per_round": 2},
]


def skirmish(options: dict[str, Any] | None = None) -> Fight:
    return Fight(
        {"name": "Ragnar", "sheet": RAGNAR_SHEET, "at": [0, 0]},
        {"name": "Thurid", "sheet": THURID_SHEET, "at": [0, 2]},
        fighter("Goblin", (2, 0), atk=4, dfn=3, dam=7),
        fighter("Troll", (9, 4), atk=6, dfn=4, dam=10, hp=40),
        terrain=TERRAIN,
        options=options,
    )


def board(fight: Fight, seat: Seat = GM, lang: str = "en") -> BoardView:
    tracker = fight.log.tracker
    return tracker.board(fight.state, words_for(lang, "rune"), seat, fight.log.option_values())  # type: ignore[call-arg]


# -- trying moves by hand -------------------------------------------------------------------------------
def accepted(fight: Fight, action: str, params: dict[str, Any], state: CombatState | None = None) -> bool:
    """Whether the action accepts these params on `state` (default: the fight's now); nothing changes."""
    act = fight.log.tracker.action(action)
    try:
        act.apply(state or fight.state, act.parse_params(params), fight.log.option_values(), SeededSource(5))
    except RunehallError:
        return False
    return True


def near(state: CombatState, who: str, reach: int = 3) -> Iterator[list[int]]:
    """Spots within `reach` paces of `who`, nearest first: values to try for a destination."""
    c = next(p for p in state.combatants if p.name == who)
    found = [
        (dx * dx + dy * dy, [c.at[0] + dx, c.at[1] + dy])
        for dx in range(-reach, reach + 1)
        for dy in range(-reach, reach + 1)
        if 0 < dx * dx + dy * dy <= reach * reach
    ]
    yield from (spot for _, spot in sorted(found))


ANSWERS: dict[str, Any] = {"what": "climbs onto the cart", "raw": 4, "difficulty": 6, "invigoration": 1}


def filled(state: CombatState, move: Move, target: str | None) -> Iterator[dict[str, Any]]:
    """The move's params, its target and values for what it asks: each way of filling in `to` in turn."""
    params = dict(move.params)
    if move.target is not None and move.target != "to":
        assert target is not None
        params[move.target] = target
    for name in move.ask:
        if name in params:
            continue
        if name in ANSWERS:
            params[name] = ANSWERS[name]
    if move.action == "condition":  # asks what changes: one change is enough
        params = {"who": target, "fallen": True}
    if move.target == "to":  # a place on the map
        assert move.actor is not None
        for spot in near(state, move.actor):
            yield {**params, "to": spot}
    else:
        yield params


def assert_every_move_applies(fight: Fight, view: BoardView) -> None:
    state = fight.state
    for move in view.moves:
        assert move.action in fight.log.tracker.actions()
        if move.target is not None and move.target != "to":
            assert move.targets, move
        for target in move.targets or (None,):
            ok = any(accepted(fight, move.action, p, state) for p in filled(state, move, target))
            assert ok, (move, target)


def attempts(state: CombatState, who: str | None, fields: set[str]) -> Iterator[dict[str, Any]]:
    """Many ways of asking for an action (for `who`, at everyone, to spots near him), each with only the
    parameters the action takes: none may pass when the board does not offer it."""
    names = [c.name for c in state.combatants]
    tries: list[dict[str, Any]] = [{}]
    for name in names:
        for key in ("target", "patient", "opponent", "who"):
            tries.append({key: name, "kind": "hold", "raw": 3, "fallen": True})
            tries.append({key: name, "kind": "pin", "mode": "hp"})
    if who is not None:
        me = next(c for c in state.combatants if c.name == who)
        tries += [{"to": spot, "over": "barrier", "kind": k} for spot in near(state, who, 2) for k in ("half", "flee")]
        tries += [{"weapon": w, "plan": w} for w in (*me.carried(), "unarmed", "noncombat")]
        tries += [{"what": "shouts", "cost": "half"}, {"what": "shouts", "cost": "full"}, {"sleep_hours": 8}]
    base: dict[str, Any] = {} if who is None else {"who": who}
    for t in tries:
        yield {**{k: v for k, v in t.items() if k in fields}, **base}


def assert_the_rest_is_refused(fight: Fight, view: BoardView, seat: Seat) -> None:
    tracker = fight.log.tracker
    state = fight.state
    offered = {(m.action, m.actor) for m in view.moves}
    for m in view.moves:  # the runner's move for someone, picked by a click (an Engagement roll vs an object)
        if m.actor is None and m.target is not None and m.target == tracker.action(m.action).actor_param:
            offered |= {(m.action, t) for t in m.targets}
    mine = [c.name for c in state.combatants if seat.runs or c.name in seat.controls]
    for name, action in tracker.actions().items():
        fields = set(action.Params.model_fields)
        if action.actor_param is None:
            if seat.runs and (name, None) not in offered:
                assert not any(accepted(fight, name, p, state) for p in attempts(state, None, fields)), name
            continue
        for who in mine:
            if (name, who) not in offered:
                passed = [p for p in attempts(state, who, fields) if accepted(fight, name, p, state)]
                if name == "engagement":  # a player's card offers it against an enemy within 3 paces alone:
                    passed = [p for p in passed if p.get("opponent") and engaged(state, who, p["opponent"])]
                assert not passed, (name, who, passed[:1])


def engaged(state: CombatState, a: str, b: str) -> bool:
    """Whether a and b stand within 3 paces (what else an Engagement roll is against, an object or a race for a
    spot, is the runner's call: his board offers it for anyone)."""
    at = {c.name: c.at for c in state.combatants}
    return dist2(at[a], at[b]) <= 9


# -- what every string may hold ---------------------------------------------------------------------------
# "<0.1%" / ">99.9%" are the shared percent words for a chance that is not exactly 0 or 1; any other < or > is not
PROGRAM = re.compile(r"[a-z]+_[a-z]+|\bTrue\b|\bFalse\b|\bNone\b|[{}\[\]=]|[<>](?!\d)|--|\bnoncombat\b|\bunarmed\b")
ENGLISH = re.compile(r"\b(the|is|acts|step|Round|Still|Nobody|paces|Heroes|Foes|hands|In hand|uphill)\b")


def strings(view: BoardView) -> Iterator[str]:
    yield from (view.title, view.phase, view.order_title, *view.notes)
    for c in view.combatants:
        yield from (c.name, c.side)
        for g in c.gauges:
            yield from (g.label, g.shown)
        for b in c.badges:
            yield from (b.label, b.title)
        for s in c.stats:
            yield from (s.label, s.value)
    for m in view.moves:
        yield from (m.title, m.hint)
    if view.map is not None:
        yield view.map.unit
        yield from (a.label for a in view.map.areas)


def assert_plain_words(view: BoardView, lang: str) -> None:
    for text in strings(view):
        assert not PROGRAM.search(text) and not program_values(text), text
        if lang == "es":
            assert not ENGLISH.search(text), text


def assert_map_matches(fight: Fight, view: BoardView) -> None:
    state = fight.state
    assert view.map is not None
    m = view.map
    assert m.unit in ("paces", "pasos")
    assert len(m.areas) == len(state.terrain)
    for zone, area in zip(state.terrain, m.areas, strict=True):
        x0, y0, x1, y1 = zone.area
        assert area.kind == zone.kind
        assert set(area.points) == {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}
        if zone.name:
            assert area.label.startswith(zone.name + ": ")  # the name, then what ground it is
    left, bottom = m.origin
    for c, card in zip(state.combatants, view.combatants, strict=True):
        assert card.key == c.name and card.at == (c.at[0], c.at[1])
        assert left <= c.at[0] <= left + m.width and bottom <= c.at[1] <= bottom + m.height
    for area in m.areas:
        for x, y in area.points:
            assert left <= x <= left + m.width and bottom <= y <= bottom + m.height


def check(fight: Fight) -> BoardView:
    """Everything a board must be, for the game master and for each hero's player, in both languages."""
    gm = board(fight)
    assert_every_move_applies(fight, gm)
    assert_the_rest_is_refused(fight, gm, GM)
    assert_map_matches(fight, gm)
    for lang in ("en", "es"):
        assert_plain_words(board(fight, GM, lang), lang)
    for name in ("Thurid", "Goblin"):
        seat = Seat(controls=frozenset({name}))
        mine = board(fight, seat)
        assert all(m.actor == name for m in mine.moves)
        assert {(m.action, m.actor) for m in mine.moves} == {(m.action, m.actor) for m in gm.moves if m.actor == name}
        assert_the_rest_is_refused(fight, mine, seat)
    return gm


# -- playing by the board ---------------------------------------------------------------------------------
def toward(fight: Fight, move: Move) -> dict[str, Any]:
    """A move's params with a destination: the accepted spot nearest the closest enemy."""
    state = fight.state
    me = next(c for c in state.combatants if c.name == move.actor)
    foes = [c for c in state.combatants if c.side != me.side and c.active]
    goal = min(foes, key=lambda f: dist2(f.at, me.at)).at
    spots = sorted(near(state, me.name, me.move_half), key=lambda s: dist2((s[0], s[1]), goal))
    for spot in spots:
        params = {**move.params, "to": spot}
        if accepted(fight, "move", params, state):
            return params
    raise AssertionError("no spot accepted for an offered move")


def step(fight: Fight, view: BoardView, seed: int) -> str:
    """Take one move the board offers, as a table would: attack when someone can, close in, else go on."""
    by_action = {m.action: m for m in view.moves}
    for m in sorted(view.moves, key=lambda m: bool(m.params.get("approach"))):  # a blow from where he stands first
        if m.action == "attack":
            fight.do("attack", seed=seed, **{**m.params, "target": m.targets[0]})
            return "close in and attack" if m.params.get("approach") else "attack"
    for name in ("initiative", "tiebreak"):
        if name in by_action:
            fight.do(name, seed=seed, **by_action[name].params)
            return name
    mover = by_action["move"].actor if "move" in by_action else None
    side = next((c.side for c in fight.state.combatants if c.name == mover), None)
    foes_up = any(c.side != side and c.active for c in fight.state.combatants)
    if mover is not None and foes_up and by_action["move"].params.get("kind") != "withdraw":
        fight.do("move", seed=seed, **toward(fight, by_action["move"]))
        return "move"
    for name in ("pass", "end_round"):
        if name in by_action:
            fight.do(name, seed=seed, **by_action[name].params)
            return name
    raise AssertionError(f"the board offers nothing to go on with: {[m.action for m in view.moves]}")


@pytest.mark.parametrize("dice", [0, 500])
def test_a_fight_played_by_the_boards_moves_alone(dice: int) -> None:
    fight = skirmish()
    taken: list[str] = []
    for n in range(40):
        view = check(fight)
        if fight.state.phase == "over":
            break
        taken.append(step(fight, view, seed=dice + n + 1))
    assert {"initiative", "attack", "end_round"} <= set(taken), taken
    assert {"move", "close in and attack"} & set(taken), taken  # the foes are far at first: someone closes in
    assert any(c.hp < c.hp_max for c in fight.state.combatants)


# -- the cards, the order and the notes -------------------------------------------------------------------
def test_cards_show_hit_points_weapon_in_hand_and_whose_turn_it_is() -> None:
    fight = skirmish()
    view = board(fight)
    assert view.order_title == "Initiative" and view.phase == "Round 1 · initiative rolls"
    assert view.notes == ("Still to roll initiative: Ragnar, Thurid, Goblin, and Troll",)
    ragnar = view.combatants[0]
    assert (ragnar.side, ragnar.side_key) == ("Heroes", "heroes")
    assert [(g.value, g.maximum) for g in ragnar.gauges] == [(77, 77)]
    assert {s.label: s.value for s in ragnar.stats} == {
        "In hand": "Viking Axe", "ATK": "9", "DFN": "9", "DAM": "12", "Soak": "6",
    }  # fmt: skip
    assert "engaged" in [b.label for b in ragnar.badges]  # the goblin stands 2 paces off
    assert not any(c.active for c in view.combatants)
    assert [m.action for m in view.moves if m.actor == "Ragnar"] == ["initiative"]

    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    view = board(fight)
    assert view.order[0] == "Thurid" and set(view.order) == {"Ragnar", "Thurid", "Goblin", "Troll"}
    assert [c.key for c in view.combatants if c.active] == ["Thurid"]
    assert view.notes[0].startswith("Thurid acts at step")
    es = board(fight, GM, "es")
    ragnar_es = es.combatants[0]
    assert {s.label for s in ragnar_es.stats} >= {"ATK (ATQ)", "DFN (DEF)", "DAM (DAÑ)", "Soak (Absorción)"}
    assert es.phase == "Asalto 1 · acciones" and es.order_title == "Iniciativa"
    assert es.notes[0].startswith("Thurid actúa en el paso")


def test_an_attack_is_two_clicks_with_the_weapon_in_hand() -> None:
    fight = skirmish()
    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    attack = next(m for m in board(fight, Seat(controls=frozenset({"Thurid"}))).moves if m.action == "attack")
    assert attack.ask == () and attack.target == "target" and attack.actor == "Thurid"
    assert attack.params == {"who": "Thurid", "weapon": "hand_axe"}
    assert attack.targets == ("Goblin",)  # the troll is 9 paces off: out of a hand axe's reach
    move = next(m for m in board(fight).moves if m.action == "move")
    assert move.target == "to" and move.targets == () and move.ask == ("kind",) and move.params["kind"] == "half"
    assert move.hint == "Choose the spot on the map"
    thurid = fight.who("Thurid")
    assert [(r.radius, r.label) for r in attack.rings] == [(3, "Reach: 3 paces")]  # engaging distance
    assert [r.radius for r in move.rings] == [thurid.move_half, thurid.move_full]


def test_a_foe_out_of_reach_is_closed_in_on_and_struck_in_two_clicks() -> None:
    fight = skirmish()
    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    closing = next(m for m in board(fight, Seat(controls=frozenset({"Thurid"}))).moves if m.params.get("approach"))
    assert closing.title == "Close in and attack" and closing.targets == ("Troll",) and closing.ask == ()
    thurid = fight.who("Thurid")
    assert [r.radius for r in closing.rings] == [thurid.move_half]
    before = fight.who("Troll").at
    result = fight.do("attack", seed=3, **{**closing.params, "target": "Troll"})
    moved = fight.who("Thurid").at
    assert dist2(moved, before) <= 9 and dist2(moved, thurid.at) <= thurid.move_half**2
    assert result["moved"]["to"] == list(moved)
    es = (
        next(m for m in board(fight, GM, "es").moves if m.params.get("approach"))
        if any(m.params.get("approach") for m in board(fight, GM, "es").moves)
        else None
    )
    assert es is None or es.title == "Acercarse y atacar"


def test_a_missile_attack_shows_its_standard_range_while_armed() -> None:
    from runehall.systems.rune.combat.board_view import reach_rings
    from runehall.systems.rune.combat.settings import missile_range

    fight = skirmish()
    ragnar = fight.who("Ragnar")
    bow = next(w for w in ragnar.weapons if w.id == "short_bow")
    paces = int(missile_range(bow.kind)["paces_per_dam"]) * (bow.dam_rating or 0)
    assert paces > 3
    assert [(r.radius, r.label) for r in reach_rings(ragnar, "short_bow", words_for("en", "rune"))] == [
        (paces, f"Range: {paces} paces")
    ]
    assert reach_rings(ragnar, "short_bow", words_for("es", "rune"))[0].label == f"Distancia: {paces} pasos"
    assert reach_rings(ragnar, "viking_axe", words_for("en", "rune"))[0].radius == 3


def test_wounds_health_and_the_dying_show_as_badges_and_notes() -> None:
    fight = skirmish()
    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    fight.do("damage", who="Ragnar", raw=60)
    ragnar = board(fight).combatants[0]
    labels = [b.label for b in ragnar.badges]
    assert any(label.endswith("Wounds") or label.endswith("Wound") for label in labels)
    assert any(label.startswith("Impairment") for label in labels)
    fight.do("damage", who="Ragnar", raw=30, soak=False)  # from 23 HP to -7: dying, not dead
    view = board(fight)
    ragnar = view.combatants[0]
    assert "dying" in [b.label for b in ragnar.badges] and ragnar.out
    assert any(n.startswith("Ragnar is dying") for n in view.notes)
    es = board(fight, GM, "es")
    assert "moribundo" in [b.label for b in es.combatants[0].badges]
    revive = [m for m in view.moves if m.action == "revive"]
    assert all(m.targets == ("Ragnar",) for m in revive)
    assert_every_move_applies(fight, view)
    assert_the_rest_is_refused(fight, view, GM)


def test_the_map_draws_the_terrain_in_words_and_the_tokens_where_they_stand() -> None:
    fight = skirmish()
    for lang in ("en", "es"):
        view = board(fight, GM, lang)
        assert_map_matches(fight, view)
        assert_plain_words(view, lang)
    labels = [a.label for a in board(fight).map.areas]  # type: ignore[union-attr]
    assert labels == [
        "Grimsmire: slippery ground", "slope, uphill ←", "raised level, 10 feet", "damaging place, DAM 5",
        "way out, 2 heroes a round",
    ]  # fmt: skip
    es = [a.label for a in board(fight, GM, "es").map.areas]  # type: ignore[union-attr]
    assert es[0] == "Grimsmire: suelo resbaladizo"  # a named area still says what ground it is
    assert es[1] == "pendiente, cuesta arriba ←" and es[3] == "lugar que hiere, DAM (DAÑ) 5"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_player_seat_sees_only_its_combatants_moves(lang: str) -> None:
    fight = skirmish()
    seat = Seat(controls=frozenset({"Ragnar"}))
    view = board(fight, seat, lang)
    assert [(m.action, m.actor) for m in view.moves] == [("initiative", "Ragnar")]
    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    view = board(fight, seat, lang)
    assert view.moves and all(m.actor == "Ragnar" for m in view.moves)
    assert "attack" not in {m.action for m in view.moves}  # it is Thurid's step
    assert_the_rest_is_refused(fight, view, seat)
    assert board(fight, Seat(), lang).moves == ()  # a watcher moves nothing


def test_the_fight_over_offers_rest_and_says_why() -> None:
    fight = skirmish()
    fight.do("end_combat", why="the goblins surrender")
    view = board(fight)
    assert view.notes == ("The fight is over: the goblins surrender",)
    assert {m.action for m in view.moves} == {"rest"}
    assert_every_move_applies(fight, view)
    assert_the_rest_is_refused(fight, view, GM)


def test_nobody_treats_a_patient_who_has_lost_nothing() -> None:
    fight = skirmish()
    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    assert not [m for m in board(fight).moves if m.action == "heal"]  # nobody is hurt yet
    fight.refuse("heal", "lost no Hit Points", who="Thurid", patient="Ragnar")
    fight.do("damage", who="Ragnar", raw=10)  # 4 HP past his Soak: no Wound
    heal = next(m for m in board(fight, Seat(controls=frozenset({"Thurid"}))).moves if m.action == "heal")
    assert heal.targets == ("Ragnar",) and heal.target == "patient" and heal.ask == ()
    fight.do("heal", seed=3, **{**heal.params, "patient": "Ragnar"})


def offered(view: BoardView, action: str, actor: str | None) -> Move:
    found = [m for m in view.moves if m.action == action and m.actor == actor]
    assert found, (action, actor, [(m.action, m.actor) for m in view.moves])
    return found[0]


def test_waiting_cutting_in_grappling_and_standing_up_by_the_board() -> None:
    fight = skirmish()
    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    view = check(fight)
    assert "cut_in" not in {m.action for m in view.moves}
    fight.do("wait", **offered(view, "wait", "Thurid").params)
    view = check(fight)
    assert [c.key for c in view.combatants if c.active] == ["Ragnar"]
    assert "waiting to cut in" in [b.label for b in view.combatants[1].badges]
    assert "Thurid waits for someone else to act" in view.notes
    fight.do("pass", **offered(view, "pass", "Ragnar").params)
    view = check(fight)
    assert "Thurid waits and may cut in" in view.notes
    fight.do("cut_in", **offered(view, "cut_in", "Thurid").params)
    view = check(fight)
    grapple = offered(view, "restrain", "Thurid")
    assert grapple.targets == ("Goblin",) and grapple.params["kind"] == "hold"
    fight.do("restrain", seed=1, **{**grapple.params, "target": "Goblin"})
    assert fight.who("Goblin").restraint is not None  # the hold took (seed 1)
    view = check(fight)
    assert "held fast" in [b.label for b in view.combatants[2].badges]
    assert any(b.label == "holding Goblin" for b in view.combatants[1].badges)
    goblin = {m.action for m in view.moves if m.actor == "Goblin"}
    assert "break_free" in goblin and not goblin & {"attack", "move", "restrain"}  # held: break free or pass
    assert "maintain" not in {m.action for m in view.moves if m.actor == "Thurid"}  # not his step now
    fight.do("condition", who="Troll", fallen=True)
    view = check(fight)
    assert "fallen" in [b.label for b in view.combatants[3].badges]
    while (up := fight.board.next_up()) is not None and up[0] != "Troll":
        fight.do("pass", who=up[0])
        view = check(fight)
    assert up is not None and up[0] == "Troll"
    assert offered(view, "stand_up", "Troll").ask == ()
    assert "move" not in {m.action for m in view.moves if m.actor == "Troll"}  # down: he stands up first


def test_the_moves_follow_the_tables_options() -> None:
    fixed, free = skirmish(), skirmish({"init_plan_fixed": False})
    for fight in (fixed, free):
        fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    assert "replan" not in {m.action for m in board(fixed).moves}  # the plan is fixed once rolled (default)
    replan = offered(board(free), "replan", "Ragnar")
    assert replan.ask == ("plan",) and replan.params["plan"] != "viking_axe"
    free.do("replan", **replan.params)
    assert_every_move_applies(free, board(free))
    assert_the_rest_is_refused(free, board(free), GM)


def test_a_bow_in_hand_shows_its_missiles() -> None:
    fight = skirmish()
    fight.roll_all(Ragnar=[5], Thurid=[7], Goblin=[3], Troll=[2])
    fight.do("pass", who="Thurid")
    change = offered(board(fight), "change_weapon", "Ragnar")
    fight.do("change_weapon", **{**change.params, "weapon": "short_bow"})
    stats = {s.label: s.value for s in board(fight).combatants[0].stats}
    assert (
        stats["In hand"] == "Short Bow"
        and stats["Missiles left"] == "12"
        and stats["DFN"] == str(fight.who("Ragnar").unarmed.dfn)
    )  # a bow gives no DFN: his bare hands do
    es = {s.label: s.value for s in board(fight, GM, "es").combatants[0].stats}
    assert es["Proyectiles restantes"] == "12"


# -- the round's order, the map's frame, the Engagement roll (issue 13's browser test) -----------------------
def test_the_order_is_the_rounds_every_action_with_the_one_taken_now() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20), fighter("Grak", (10, 0), init=7), fighter("Ulf", (10, 5), init=5))
    fight.roll_all(Ragnar=[5], Grak=[5], Ulf=[5])  # 25 (and 5 with it), 12, 10
    en, es = words_for("en", "rune"), words_for("es", "rune")
    assert order_entries(fight.board, en) == (
        ("Ragnar", "25 Ragnar", True), ("Grak", "12 Grak", False), ("Ulf", "10 Ulf", False),
        ("Ragnar", "5 Ragnar", False),
    )  # fmt: skip
    drawn = board(fight)
    assert drawn.order == ("Ragnar", "Grak", "Ulf", "Ragnar")  # an entry per action: Ragnar acts twice
    assert drawn.order_labels == ("25 Ragnar", "12 Grak", "10 Ulf", "5 Ragnar") and drawn.order_now == 0
    fight.do("pass", who="Ragnar")
    fight.do("wait", who="Grak")
    assert [(t.key, t.step, t.done, t.now) for t in turns(fight.board)] == [
        ("Ragnar", 25, True, False), ("Ulf", 10, False, True), ("Ragnar", 5, False, False),
        ("Grak", None, False, False),
    ]  # fmt: skip
    drawn = board(fight)
    assert drawn.order == ("Ragnar", "Ulf", "Ragnar", "Grak")  # who has acted keeps his place
    assert drawn.order_labels[-1] == "Grak (waiting)" and drawn.order_now == 1
    assert [label for _, label, _ in order_entries(fight.board, es)][-1] == "Grak (esperando)"
    fight.do("pass", who="Ulf")
    fight.do("cut_in", who="Grak")  # at 9, just after Ulf's 10
    assert [(t.key, t.step, t.now) for t in turns(fight.board)][-2:] == [("Grak", 9, True), ("Ragnar", 5, False)]


def frame(fight: Fight) -> tuple[float, float, float, float]:
    m = board(fight).map
    assert m is not None
    return m.origin[0], m.origin[1], m.width, m.height


def test_the_maps_frame_holds_still_as_people_move_and_grows_for_one_who_walks_out() -> None:
    fight = Fight(hero("Ragnar", (0, 0), init=20, balance=2), fighter("Grak", (10, 0), init=7), terrain=[TERRAIN[0]])
    fight.roll_all(Ragnar=[5], Grak=[5])
    before = frame(fight)
    assert before == (-3, -5, 16, 9)  # Ragnar, Grak and the mud, 3 paces of room round them
    fight.do("move", [9, 2, 8], who="Ragnar", to=[7, 0], kind="full")  # over the mud; Grak strikes as he nears
    assert fight.who("Ragnar").at == (7, 0) and frame(fight) == before  # the terrain does not jump
    fight.do("move", who="Grak", to=[10, 8], kind="half")  # out of the frame: it grows
    grown = frame(fight)
    assert grown == (-3, -5, 16, 16)
    fight.do("pass", who="Grak")
    fight.do("pass", who="Ragnar")
    fight.do("end_round")
    fight.roll_all(Ragnar=[5], Grak=[5])
    fight.do("pass", who="Ragnar")
    fight.do("move", who="Grak", to=[10, 2], kind="half")  # back in: it keeps its size
    assert frame(fight) == grown


def test_an_engagement_roll_is_offered_against_a_near_enemy_and_against_an_object_by_the_runner() -> None:
    bonus = {"engagement": 4}  # Str + weapon Ability, given as a stat
    fight = Fight(hero("Ragnar", (0, 0), **bonus), fighter("Grak", (10, 0), **bonus), fighter("Ulf", (2, 0), **bonus))
    fight.roll_all(Ragnar=[5], Grak=[5], Ulf=[5])
    view = board(fight)
    assert offered(view, "engagement", "Ragnar").targets == ("Ulf",)  # Ulf stands 2 paces off; Grak 10
    assert "engagement" not in {m.action for m in view.moves if m.actor == "Grak"}  # nobody near him
    runner = offered(view, "engagement", None)
    assert runner.title == "Engagement roll against an object" and runner.target == "who"
    assert runner.ask == ("difficulty",) and runner.params == {"difficulty": 6}
    assert set(runner.targets) == {"Ragnar", "Grak", "Ulf"}
    assert offered(board(fight, GM, "es"), "engagement", None).title == "Tirada de enfrentamiento contra un objeto"
    assert "engagement" not in {m.action for m in board(fight, Seat(controls=frozenset({"Grak"}))).moves}
    check(fight)
