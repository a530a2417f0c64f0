"""Rune combat as a tracker: building combatants (hero sheets and stats), the round's frame (initiative, extra
actions, waiting, passing, the end of the round and of the fight), replay and undo. The helpers here are used
by the other test_rune_combat_* files."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runehall.chance.jsonable import jsonable
from runehall.chance.seeded import SeededSource
from runehall.chance.sources import ManualSource, Source
from runehall.errors import ParameterError, RulesError, RunehallError, VerificationError
from runehall.play.log import PlayLog
from runehall.systems import registry
from runehall.systems.data import read_data_file
from runehall.systems.rune.combat import Combatant, CombatState
from runehall.systems.rune.combat.board import Board

RAGNAR_SHEET: dict[str, Any] = {
    "characteristics": {"str": 2, "sta": 3, "dex": 3, "qik": 2, "int": -1, "per": -1, "pre": -1, "com": -1},
    "abilities": {
        "great_weapon": 3, "dodge": 1, "bows": 1, "sprint": 1,
        "balance": 1, "bravery": 1, "climb": 1, "jump": 1, "swim": 1,
    },
    "cp_on_hp": 3,
    "weapons": ["viking_axe", "war_maul", "short_bow"],
    "armor": "heavy_leather",
}  # fmt: skip
THURID_SHEET: dict[str, Any] = {
    "characteristics": {"str": 2, "sta": 2, "dex": 2, "qik": 3, "pre": -1, "com": -1},
    "abilities": {"single_weapon": 3, "dodge": 2, "healer": 2, "brawling": 1, "sprint": 1},
    "cp_on_hp": 6,
    "weapons": ["hand_axe", "dagger"],
    "shield": "round_shield",
    "armor": "quilted_fur",
}


def vectors() -> dict[str, dict[str, Any]]:
    return {v["id"]: v for v in read_data_file("runehall.systems.rune", "test_vectors.toml")["vector"]}


def fighter(
    name: str, at: tuple[int, int], *, atk: int = 5, dfn: int = 5, dam: int = 6, init: int = 5, **more: Any
) -> dict[str, Any]:
    """A combatant given as stats, with one melee weapon unless `weapons` is given."""
    spec: dict[str, Any] = {"name": name, "at": list(at), "soak": 3, "hp": 50, "res": 3}
    spec["weapons"] = [{"weapon": "club", "init": init, "atk": atk, "dfn": dfn, "dam": dam}]
    spec.update(more)
    return spec


def hero(name: str, at: tuple[int, int], **more: Any) -> dict[str, Any]:
    base = {"hero": True, "wt": 15, "init_noncombat": 3, "dodge": 3, "healer": 3, "per": 0, "strength": 2}
    return fighter(name, at, **{**base, **more})


class Fight:
    """A fight driven through its play log, as the CLI and the table service drive it."""

    def __init__(
        self,
        *people: dict[str, Any],
        options: dict[str, Any] | None = None,
        new_encounter: bool = True,
        terrain: list[dict[str, Any]] | None = None,
    ) -> None:
        setup: dict[str, Any] = {"combatants": list(people), "new_encounter": new_encounter}
        if terrain:
            setup["terrain"] = terrain
        self.log = PlayLog.start("rune", "combat", options or {}, setup)

    @property
    def state(self) -> CombatState:
        state = self.log.state()
        assert isinstance(state, CombatState)
        return state

    @property
    def board(self) -> Board:
        return Board(self.state, self.log.option_values())

    def who(self, name: str) -> Combatant:
        return self.board.get(name)

    def source(self, faces: list[int] | None, seed: int | None) -> Source:
        return ManualSource(faces) if faces is not None else SeededSource(seed if seed is not None else 1)

    def do(self, action: str, faces: list[int] | None = None, seed: int | None = None, **params: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.log.apply(action, params, self.source(faces, seed))["result"]
        assert jsonable(result) == result  # exact JSON, as the CLI and the table print it (no floats)
        assert jsonable(self.log.tracker.view(self.state)) is not None
        return result

    def refuse(self, action: str, match: str, faces: list[int] | None = None, **params: Any) -> None:
        """The action is refused with a RulesError and the log does not change at all."""
        before = json.dumps(self.log.to_json(), sort_keys=True)
        with pytest.raises(RulesError, match=match):
            self.log.apply(action, params, self.source(faces, None))
        assert json.dumps(self.log.to_json(), sort_keys=True) == before

    def act_on(
        self, state: CombatState, action: str, faces: list[int], **params: Any
    ) -> tuple[CombatState, dict[str, Any]]:
        """Apply an action to a given state (actions are pure functions of it), for states set up by hand."""
        act = self.log.tracker.action(action)
        new, result = act.apply(state, act.parse_params(params), self.log.option_values(), ManualSource(faces))
        assert isinstance(new, CombatState)
        return new, result

    def with_flags(self, name: str, **flags: Any) -> CombatState:
        """The current state with someone's round flags changed (as earlier actions would have left them)."""
        board = self.board
        board.flag(board.get(name).name, **flags)
        return board.freeze()

    def next_round(self, **faces: list[int]) -> dict[str, Any]:
        """Everyone still due passes, the round ends, and the next one's initiative is rolled."""
        while (up := self.board.next_up()) is not None:
            self.do("pass", who=up[0])
        self.do("end_round")
        return self.roll_all(**faces)

    def roll_all(self, **faces: list[int]) -> dict[str, Any]:
        """Everyone's initiative, with the faces given per name (in the notes' order)."""
        last: dict[str, Any] = {}
        for name, rolled in faces.items():
            last = self.do("initiative", rolled, who=name)
        return last


def duel(**more: Any) -> Fight:
    return Fight(hero("Ragnar", (0, 0), init=9, atk=9, dfn=9, dam=12, **more), fighter("Goblin", (2, 0), atk=3, dfn=3))


# -- the system offers the tracker ---------------------------------------------------------------------
def test_rune_offers_a_combat_tracker_with_its_actions() -> None:
    tracker = registry.get("rune").tracker("combat")
    assert tracker.name == "combat"
    expected = {"initiative", "tiebreak", "attack", "move", "wait", "pass", "end_round", "heal", "revive", "restrain"}
    assert expected <= set(tracker.actions())


# -- combatants ---------------------------------------------------------------------------------------
def test_a_hero_sheet_is_read_through_the_hero_model() -> None:
    fight = Fight({"name": "Ragnar", "sheet": RAGNAR_SHEET, "at": [0, 0]}, fighter("Goblin", (2, 0)))
    ragnar = fight.who("Ragnar")
    axe = ragnar.weapon("viking_axe")
    assert ragnar.hero and ragnar.side == "heroes"
    assert (axe.init, axe.atk, axe.dfn, axe.dam, axe.edge) == (9, 9, 9, 12, "axe")  # the book's Ragnar
    assert (ragnar.hp_max, ragnar.wt, ragnar.soak, ragnar.res) == (77, 18, 6, 5)
    assert (ragnar.move_half, ragnar.move_full) == (10, 20)
    bow = ragnar.weapon("short_bow")
    assert bow.kind == "missile" and bow.dfn_na and bow.dam_rating == 6 and bow.ammo == 12
    assert (
        ragnar.dodge == 3 and ragnar.balance == 4 and ragnar.healer == -2
    )  # Dex 3, lacking Healer (-3) and its kit (-2)


def test_a_sheet_that_breaks_creation_rules_is_refused() -> None:
    bad = {**RAGNAR_SHEET, "cp_on_hp": 40}
    with pytest.raises(ParameterError, match="Ragnar"):
        Fight({"name": "Ragnar", "sheet": bad}, fighter("Goblin", (2, 0)))


def test_stats_give_foes_their_wound_threshold_from_hp() -> None:
    fight = Fight(
        hero("A", (0, 0)), fighter("Small", (2, 0), hp=15), fighter("Big", (4, 0), hp=70), fighter("Mid", (6, 0))
    )
    assert [fight.who(n).wt for n in ("Small", "Big", "Mid")] == [12, 18, 15]
    assert fight.who("Mid").side == "foes" and not fight.who("Mid").hero


@pytest.mark.parametrize(
    ("people", "match"),
    [
        ([hero("A", (0, 0)), hero("a", (1, 0))], "name of his own"),
        ([hero("A", (0, 0)), hero("B", (1, 0))], "two sides"),
        ([hero("A", (0, 0)), fighter("B", (0, 0))], "same spot"),
        ([{"name": "A", "hero": True, "soak": 3, "hp": 40}, fighter("B", (1, 0))], "Wound Threshold"),
        ([{"name": "A"}, fighter("B", (1, 0))], "soak"),
        ([hero("A", (0, 0), shield="pavise"), fighter("B", (1, 0))], "unknown shield"),
        ([hero("A", (0, 0), ready="spear"), fighter("B", (1, 0))], "no weapon"),
    ],
)
def test_a_setup_that_cannot_fight_is_refused(people: list[dict[str, Any]], match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        Fight(*people)


def test_a_weapon_the_book_lost_needs_its_numbers_from_the_combatant() -> None:
    lost = {"weapon": "viking_broadsword", "init": 6}
    fight = Fight(hero("Ragnar", (0, 0), weapons=[lost]), fighter("Goblin", (2, 0)))
    sword = fight.who("Ragnar").weapon("viking_broadsword")
    assert sword.lost == ("init", "atk", "dfn", "dam") and sword.atk is None and sword.edge == "sword"
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.refuse(
        "attack",
        "Viking Broadsword has no known ATK .*lost it.*give it as 'atk'",
        [5, 5],
        who="Ragnar",
        target="Goblin",
    )
    given = {**lost, "atk": 7, "dfn": 6, "dam": 9}
    fight = Fight(hero("Ragnar", (0, 0), weapons=[given]), fighter("Goblin", (2, 0)))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    result = fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    assert result["attack"]["atk"]["total"] == 12 and result["attack"]["hit"]


# -- the round's frame ----------------------------------------------------------------------------------
def test_everyone_rolls_then_the_highest_step_acts_first() -> None:
    fight = Fight(
        hero("Ragnar", (0, 0), init=9), hero("Thurid", (0, 2), init=7, gifts=1), fighter("Troll", (2, 0), init=5)
    )
    first = fight.do("initiative", [7], who="Ragnar")
    assert first["total"] == 16 and first["still_to_roll"] == ["Thurid", "Troll"]
    fight.refuse("attack", "initiative phase", [5, 5], who="Ragnar", target="Troll")
    fight.refuse("initiative", "already rolled", [5], who="Ragnar")
    fight.do("initiative", [9], who="Thurid")
    last = fight.do("initiative", [10, 10, 4], who="Troll")
    assert last["total"] == 29 and last["steps"] == [29, 9]  # a triumph: an extra action 20 steps later
    assert last["order"] == ["Troll 29", "Thurid 16", "Ragnar 16", "Troll 9"]  # Thurid's Gift breaks the tie
    assert fight.state.phase == "acting"
    fight.refuse("attack", "it is Troll's turn", [5, 5], who="Ragnar", target="Troll")


def test_heroes_tied_with_as_many_gifts_roll_off() -> None:
    fight = Fight(hero("X", (0, 0), init=9), hero("Y", (0, 2), init=9), fighter("Troll", (2, 0)))
    fight.roll_all(X=[5], Y=[5], Troll=[5])
    assert fight.state.phase == "tiebreak"
    fight.refuse("attack", "roll-off phase", [5, 5], who="X", target="Troll")
    result = fight.do("tiebreak", [4, 4, 3, 8])  # 4-4 ties again, then Y wins 8 to 3
    assert [r["roll"] for r in result["roll_offs"]] == [4, 4, 3, 8]
    assert result["order"][:2] == ["Y 14", "X 14"]


def test_waiting_and_cutting_in_moves_the_next_action() -> None:
    """TV-INIT-3: total 32, wait, the goblin acts at 25, cut in at 24: the second action comes at 4."""
    fight = Fight(hero("Ragnar", (0, 0), init=27), fighter("Goblin", (2, 0), init=20))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.refuse("wait", "Ragnar's turn", who="Goblin")
    fight.do("wait", who="Ragnar")
    fight.refuse("attack", "once someone else has finished", [5, 5], who="Ragnar", target="Goblin")
    fight.do("attack", [5, 5], who="Goblin", target="Ragnar")
    fight.refuse("cut_in", "can cut in at step 5 to 25 now, not 26", who="Ragnar", at_step=26)
    fight.refuse("cut_in", "not waiting", who="Goblin")
    assert fight.do("cut_in", who="Ragnar") == {"who": "Ragnar", "step": 24, "later_steps": [4]}
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    assert fight.board.entries["Ragnar"].steps == (4,)
    fight.refuse("pass", "it is Goblin's turn at step 5", who="Ragnar")
    fight.do("pass", who="Goblin")
    fight.do("pass", who="Ragnar")
    assert fight.do("end_round")["next_round"] == 2


def test_cutting_in_at_20_or_lower_loses_the_second_action() -> None:
    """TV-INIT-4: the goblin acts at 18, Ragnar at 17: no second action."""
    fight = Fight(hero("Ragnar", (0, 0), init=27), fighter("Goblin", (2, 0), init=13))
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("wait", who="Ragnar")
    fight.do("attack", [5, 5], who="Goblin", target="Ragnar")
    fight.do("pass", who="Ragnar")
    assert fight.state.last_step == 17 and fight.board.entries["Ragnar"].steps == ()


def test_the_round_ends_only_when_every_action_is_taken() -> None:
    fight = duel()
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.refuse(
        "end_round",
        "Ragnar still has an action",
    )
    fight.do("move", who="Ragnar", to=[0, -1], kind="half")
    fight.refuse("end_round", "middle of an action")
    fight.refuse("attack", "Ragnar is in the middle of an action", [5, 5], who="Goblin", target="Ragnar")
    fight.do("pass", who="Ragnar")
    fight.do("pass", who="Goblin")
    result = fight.do("end_round")
    assert result["next_round"] == 2 and fight.state.phase == "initiative" and fight.state.entries == ()


def test_the_fight_ends_when_one_side_has_nobody_able() -> None:
    fight = Fight(hero("Ragnar", (0, 0), atk=9, dam=12), fighter("Goblin", (2, 0), hp=20, dfn=3))
    fight.roll_all(Ragnar=[9], Goblin=[2])
    hit = fight.do("attack", [10, 10, 10, 9, 2], who="Ragnar", target="Goblin")["attack"]
    assert hit["tm"] == 43 and hit["injury"]["hp"] == -32  # 48 - 5; 43 + 12 - 3 = 52 lost
    assert hit["injury"]["health"] == "dead"  # below -20 HP: no revival
    result = fight.do("end_round")
    assert result["ended"] == "heroes hold the field" and fight.state.phase == "over"
    fight.refuse("initiative", "the fight is over", [5], who="Ragnar")
    fight.refuse("end_combat", "already over")


def test_the_runner_may_end_the_fight_at_once() -> None:
    fight = duel()
    assert fight.do("end_combat", why="the goblin surrenders")["ended"] == "the goblin surrenders"
    fight.refuse("damage", "the fight is over", who="Goblin", raw=5)


# -- the log ------------------------------------------------------------------------------------------
def test_a_random_attack_replays_identically_from_the_log() -> None:
    fight = duel()
    fight.do("initiative", seed=3, who="Ragnar", modifier=30)
    fight.do("initiative", seed=4, who="Goblin")
    result = fight.do("attack", seed=2024, who="Ragnar", target="Goblin")
    event = fight.log.events[-1]
    faces = [d[1] for d in event["tape"]]
    assert faces[: len(result["attack"]["atk"]["faces"])] == result["attack"]["atk"]["faces"]
    again = PlayLog.from_json(json.loads(json.dumps(fight.log.to_json())))
    assert again.state() == fight.state
    assert again.state().model_dump() == fight.state.model_dump()


def test_a_log_whose_draws_were_edited_does_not_load() -> None:
    fight = duel()
    fight.roll_all(Ragnar=[5], Goblin=[5])
    fight.do("attack", [5, 5], who="Ragnar", target="Goblin")
    data = fight.log.to_json()
    data["events"][-1]["tape"] = data["events"][-1]["tape"][:1]
    with pytest.raises(RunehallError):
        PlayLog.from_json(data)
    data["format"] = "nonsense"
    with pytest.raises(VerificationError):
        PlayLog.from_json(data)


def test_undo_takes_an_attack_back_and_refuses_what_a_later_event_needs() -> None:
    fight = duel()
    fight.roll_all(Ragnar=[5], Goblin=[5])
    before = fight.state
    fight.do("attack", [8, 2], who="Ragnar", target="Goblin")
    assert fight.who("Goblin").hp < 50
    fight.log.undo()
    assert fight.state == before and fight.log.revoked() == {3}
    fight.do("attack", [8, 2], who="Ragnar", target="Goblin")
    fight.do("attack", [5, 5], who="Goblin", target="Ragnar")
    with pytest.raises(RulesError, match="depends on it"):
        fight.log.undo(1)
