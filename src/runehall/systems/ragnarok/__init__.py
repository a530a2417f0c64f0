"""Ragnarök: La furia de las nornir — the Sistema Rúnico (runes, wyrd draws, the game tree)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from runehall.systems.base import CharacterModel, GameSystem, Mechanic, RulesModel, SystemMeta
from runehall.systems.ragnarok.character import Character
from runehall.systems.ragnarok.mechanics import OpposedTest, SkillTest, Wyrd
from runehall.systems.ragnarok.options import RagnarokOptions
from runehall.systems.ragnarok.speech import choice_label
from runehall.systems.ragnarok.tree import TreeTracker
from runehall.systems.tracker import Tracker


class Ragnarok(GameSystem):
    meta: ClassVar[SystemMeta] = SystemMeta(
        id="ragnarok",
        name="Ragnarök: La furia de las nornir",
        language="es",
        source="Sistema Rúnico de Juego, core rules excerpt",
        summary="Runes drawn from a bag by Destino; tests count runes of the required trait.",
        gm_title="norn",
        player_title="héroe",
    )
    Options: ClassVar[type[RulesModel]] = RagnarokOptions
    Character: ClassVar[type[CharacterModel] | None] = Character

    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        return {"test": SkillTest(), "opposed": OpposedTest(), "wyrd": Wyrd()}

    def trackers(self) -> Mapping[str, Tracker[Any]]:
        return {"tree": TreeTracker()}

    choice_label = choice_label  # the options' glyphs, traits and routes (speech.choice_label)


SYSTEM = Ragnarok()
