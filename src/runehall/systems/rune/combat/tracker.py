"""Rune combat as a Tracker: a fight between heroes and supporting characters, run round by round from logged
actions, every die on the log's tape."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from runehall.errors import ParameterError
from runehall.present.board import BoardView, Seat
from runehall.present.lineup import Entry, Lineup, LineupSetup
from runehall.present.words import N_, Words
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat import (
    attack,
    board_view,
    brawling,
    care,
    douse,
    extras,
    extras_actions,
    gallery_actions,
    gift_moves,
    heroes,
    initiative,
    jumping,
    legendary_maw,
    moves,
    runner,
    steeds,
    tube_striker,
)
from runehall.systems.rune.combat import lineup as lists
from runehall.systems.rune.combat.build import CombatantSpec, build
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.effects import Effect
from runehall.systems.rune.combat.extras import Extra
from runehall.systems.rune.combat.geometry import grown
from runehall.systems.rune.combat.settings import fold, opt
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.combat.terrain import Zone
from runehall.systems.rune.combat.view import render, view
from runehall.systems.tracker import Tracker, TrackerAction


class CombatSetup(RulesModel):
    combatants: list[CombatantSpec] = Field(
        min_length=2,
        max_length=40,
        description="Everyone in the fight (@FILE, a JSON list), in the runner's notes order: each a name with a "
        "hero sheet or stats (weapons with INIT/ATK/DFN/DAM, soak, hp, res...), a side and a place [x, y].",
    )
    terrain: list[Zone] = Field(
        default_factory=list,
        max_length=60,
        description="Areas of the map (a JSON list): each a kind (slippery, uneven, slope, level, balance "
        "surface, calm, choppy or raging water, darkness, gloom, fog, damaging, exit) and an area [x0, y0, x1, "
        "y1], with a level's height in feet, a slope's uphill direction, a damaging place's DAM, an exit's "
        "people per round.",
    )
    extras: list[Extra] = Field(
        default_factory=list,
        max_length=10,
        description="Decoys and hostages (a JSON list): each a name, a kind (decoy or hostage), a place [x, y], and "
        "for a hostage the crafty foe holding him (captor).",
    )
    effects: list[Effect] = Field(
        default_factory=list,
        max_length=20,
        description="What the encounter's notes put on the rolls (a JSON list): each a kind (weird magic, a "
        "shaman's brazier or chant, an obscurant, a missile penalty), the roll it changes (INIT, ATK, DFN, DAM, Soak, "
        "every shot, or every roll darkness lowers), how much, whom it touches (heroes, foes or both) and, for a "
        "chant, the foe chanting.",
    )
    new_encounter: bool = Field(
        True, description="The fight opens an encounter: heroes start it whole (if the table heals them between)."
    )


def start(setup: CombatSetup, options: Any) -> CombatState:
    people = [build(spec, options, order) for order, spec in enumerate(setup.combatants, start=1)]
    people += _horses(setup.combatants, people, options)
    if setup.new_encounter and opt(options, "full_heal_between_encounters"):
        whole = {"wounds": 0, "impairment_other": 0, "invigoration": 0, "health": "active"}
        people = [c.model_copy(update={"hp": c.hp_max, **whole}) if c.hero else c for c in people]
    names = [fold(c.name) for c in people]
    if len(set(names)) != len(names):
        raise ParameterError(N_("each combatant needs a name of his own"))
    if len({c.side for c in people}) < 2:
        raise ParameterError(N_("a fight needs at least two sides"))
    places = [c.at for c in people]
    if len(set(places)) != len(places):
        raise ParameterError(N_("two combatants cannot stand on the same spot"))
    placed = extras.placed(setup.extras, people)
    effects = []
    for effect in setup.effects:
        if effect.chanter is not None:
            chanter = next((c.name for c in people if fold(c.name) == fold(effect.chanter)), None)
            if chanter is None:
                raise ParameterError(N_("the chanter {name} is not in this fight"), name=effect.chanter)
            effect = effect.model_copy(update={"chanter": chanter})
        effects.append(effect)
    return CombatState(
        combatants=tuple(people),
        terrain=tuple(setup.terrain),
        ground=grown(None, places),
        extras=placed,
        effects=tuple(effects),
    )


def _horses(specs: Sequence[CombatantSpec], people: Sequence[Combatant], options: Any) -> list[Combatant]:
    """The riders' horses fielded as combatants of their own (steeds.py), after everyone else."""
    fielded: list[Combatant] = []
    for spec, rider in zip(specs, people, strict=False):
        if spec.horse is None:
            continue
        sheet = heroes.from_sheet(spec.sheet, spec.name, options) if spec.sheet is not None else None
        horse, load = (sheet.horse, sheet.load) if sheet is not None else (None, None)
        fields = steeds.horse_fields(rider.name, rider.side, horse, spec.horse, load, spec.horse_load)
        fielded.append(build(CombatantSpec(**fields), options, len(specs) + len(fielded) + 1))
    return fielded


class CombatTracker(Tracker[CombatState]):
    name: ClassVar[str] = "combat"
    title: ClassVar[str] = N_("Combat: initiative, actions, attacks, injury and revival, round by round")
    Setup: ClassVar[type[RulesModel]] = CombatSetup

    def start(self, setup: Any, options: Any) -> CombatState:
        return start(setup, options)

    def actions(self) -> Mapping[str, TrackerAction[CombatState]]:
        return ACTIONS

    def view(self, state: CombatState) -> dict[str, Any]:
        return view(state)

    def board(self, state: CombatState, words: Words, seat: Seat, options: Any = None) -> BoardView:
        """Cards, the initiative order, the legal moves for this seat and the battle map (board_view.py);
        `options`, the table's rule options, when the caller has them (the moves offered follow them)."""
        return board_view.board_view(state, words, seat, ACTIONS, options)

    def render(self, state: CombatState) -> str:
        return render(state)

    # A fight set up from lists: heroes ticked in, foes from the Foe Reference Table, terrain as rows (lineup.py).
    def lineup(self, words: Words, options: Any = None) -> Lineup:
        return lists.lineup(words)

    def foe_numbers(
        self, kind: str, given: Mapping[str, Any], sheets: Sequence[Mapping[str, Any]], options: Any = None
    ) -> dict[str, Any]:
        return lists.foe_numbers(kind, given, sheets, options)

    def lineup_setup(self, entries: Sequence[Entry], extras: Mapping[str, Any], options: Any = None) -> LineupSetup:
        return lists.lineup_setup(entries, extras, options)

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        return lists.choice_label(field, value, words)


ACTIONS: dict[str, TrackerAction[CombatState]] = {
    a.name: a
    for a in (
        initiative.InitiativeAction(),
        initiative.TiebreakAction(),
        initiative.ReplanAction(),
        attack.AttackAction(),
        moves.MoveAction(),
        moves.ChangeWeaponAction(),
        moves.StandUpAction(),
        moves.EngagementAction(),
        jumping.JumpAction(),
        brawling.RestrainAction(),
        brawling.MaintainAction(),
        brawling.ReleaseAction(),
        brawling.BreakFreeAction(),
        care.HealAction(),
        care.ReviveAction(),
        care.RestAction(),
        gallery_actions.DestroyHeadAction(),
        extras_actions.DownDecoyAction(),
        extras_actions.FreeHostageAction(),
        extras_actions.MoveExtraAction(),
        tube_striker.TubeStrikeAction(),
        douse.DouseAction(),
        legendary_maw.MawAction(),
        gift_moves.UseGiftAction(),
        gift_moves.BuyGiftAction(),
        runner.OtherAction(),
        initiative.WaitAction(),
        initiative.CutInAction(),
        initiative.PassAction(),
        initiative.EndRoundAction(),
        runner.DamageAction(),
        runner.ConditionAction(),
        runner.LeaveAction(),
        initiative.EndCombatAction(),
    )
}
