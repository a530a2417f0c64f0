"""The game tree as a Tracker: one character's runes on the nine piles, changed only by logged actions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from runehall.present.board import BoardView, Seat
from runehall.present.words import N_, Words
from runehall.systems.base import MAX_SHEET_FIELDS, RulesModel, validate_model
from runehall.systems.ragnarok.character import Character
from runehall.systems.ragnarok.options import RagnarokOptions
from runehall.systems.ragnarok.rules import rules
from runehall.systems.ragnarok.speech import choice_label
from runehall.systems.ragnarok.tree import combat, damage, death, divine, moves, skill_test, table_board
from runehall.systems.ragnarok.tree.state import VOID_ID, Route, RuneToken, TreeState
from runehall.systems.ragnarok.tree.view import render, view
from runehall.systems.tracker import Tracker, TrackerAction


class TreeSetup(RulesModel):
    character: dict[str, Any] = Field(
        max_length=MAX_SHEET_FIELDS,
        title=N_("Personaje (character)"),
        description=N_("The character sheet: name, Esencia, Destino, Void rune..."),
        json_schema_extra={"x-table": "characters"},  # the web offers the table's characters by name
    )
    route: Route | None = Field(
        None,
        title=N_("Ruta (route)"),
        description=N_("How wounds take runes from the tree; left as it is, the table's option says."),
    )


def start_tree(character: Character, route: str, options: RagnarokOptions) -> TreeState:
    """Every Essence rune healthy in the bag, the Void rune in its own pile."""
    seen: Counter[str] = Counter()
    tokens = []
    for rune_id in character.essence:
        rune = rules().rune(rune_id)
        seen[rune.slug] += 1
        # The token is named by the book's name without accents (spec §2.2 ids: tyr, hagall, fe), which is
        # what a player types for a manual draw; a dweller's repeated rune gets a number (tyr.2).
        uid = rune.slug if seen[rune.slug] == 1 else f"{rune.slug}.{seen[rune.slug]}"
        tokens.append(RuneToken(id=uid, rune=rune.id, trait=rules().trait_of(rune), pile="esencia"))
    if character.has_void(options):
        void_trait = character.void.trait if character.void is not None else None
        tokens.append(RuneToken(id=VOID_ID, rune=None, trait=void_trait, pile="vacio"))
    bdp = character.divine.bdp if character.divine is not None and options.divine_potency_enabled else 0
    return TreeState(character=character, options=options, route=route, tokens=tuple(tokens), dp=bdp)


class TreeTracker(Tracker[TreeState]):
    name: ClassVar[str] = "tree"
    title: ClassVar[str] = N_("Árbol de juego (game tree)")
    Setup: ClassVar[type[RulesModel]] = TreeSetup
    played_whole: ClassVar[bool] = True  # the character's player draws, rests and takes damage on it
    choice_label = choice_label  # the route by the book's word (speech.choice_label)

    def combatants(self, state: TreeState) -> dict[str, str]:
        """The one character on the tree, for the game master to hand to a player."""
        return {table_board.CARD_KEY: state.character.name}

    def start(self, setup: Any, options: Any) -> TreeState:
        assert isinstance(options, RagnarokOptions)
        character = validate_model(Character, setup.character, "character", {"options": options})
        return start_tree(character, setup.route or options.wound_route, options)

    def actions(self) -> Mapping[str, TrackerAction[TreeState]]:
        return ACTIONS

    def view(self, state: TreeState) -> dict[str, Any]:
        return view(state)

    def render(self, state: TreeState) -> str:
        return render(state)

    def board(self, state: TreeState, words: Words, seat: Seat) -> BoardView:
        """The tree at the table: the character's card, the piles, the wyrd and the moves legal now
        (tree/table_board.py)."""
        return table_board.build(state, words, seat)


ACTIONS: dict[str, TrackerAction[TreeState]] = {
    a.name: a
    for a in (
        moves.WyrdAction(),
        moves.TransformAction(),
        moves.UntransformAction(),
        moves.PlayAction(),
        moves.DeclareAction(),
        moves.TriggerAction(),
        moves.CancelAction(),
        skill_test.SkillTestAction(),
        moves.CleanupAction(),
        moves.SacrificeAction(),
        damage.DamageAction(),
        damage.HealAction(),
        damage.AdvanceTimeAction(),
        damage.RecoverAction(),
        damage.NewSagaAction(),
        combat.StartCombatAction(),
        combat.NextPhaseAction(),
        combat.EndCombatAction(),
        divine.SpendAction(),
        divine.GainAction(),
        death.ResolveDeathAction(),
        death.RebirthAction(),
        divine.EnchantmentAction(),
    )
}
