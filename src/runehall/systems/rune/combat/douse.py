"""A hero douses a goblin shaman's smoke brazier (spec 001b §9, the goblin shaman): with at least a bucket of water
or sand at hand, once he has got to it, he spends a full action and its weird magic ends (a brazier's magic
outlasts the shaman: only this puts it out). Getting there past the goblins is played as moves; the bucket is the
player's word, confirmed in the move."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.effects import Effect, label


class DouseParams(RulesModel):
    who: str = Field(description="The hero who douses it.")
    brazier: str | None = Field(None, max_length=60, description="Which brazier (its name; default: the one left).")
    bucket: bool = Field(False, description="He has at least a bucket of water or sand at hand.")


def burning(board: Board) -> list[Effect]:
    """The braziers still alight (one entry per brazier, however many rolls its magic touches)."""
    found: dict[str, Effect] = {}
    for effect in board.effects:
        if effect.kind == "shaman_brazier" and not effect.out:
            found.setdefault(label(effect), effect)
    return list(found.values())


class DouseAction(CombatAction):
    name: ClassVar[str] = "douse_brazier"
    title: ClassVar[str] = N_("Douse a brazier")
    summary: ClassVar[str] = "A full action with a bucket of water or sand: a shaman's smoke brazier goes out."
    Params: ClassVar[type[RulesModel]] = DouseParams
    actor_param: ClassVar[str | None] = "who"

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c = board.get(params.who)
        board.begin(c)
        if not c.hero:
            raise RulesError(N_("only a hero douses a shaman's brazier"))
        alight = burning(board)
        if not alight:
            raise RulesError(N_("no shaman's brazier burns in this fight"))
        names = [label(e) for e in alight]
        if params.brazier is None and len(names) > 1:
            raise RulesError(N_("say which brazier: {names}"), names=", ".join(names))
        which = params.brazier if params.brazier is not None else names[0]
        if which not in names:
            raise RulesError(N_("no burning brazier is called {name!r}"), name=which)
        if not params.bucket:
            raise RulesError(N_("{who} needs at least a bucket of water or sand to douse it"), who=c.name)
        board.effects = tuple(
            e.model_copy(update={"out": True}) if e.kind == "shaman_brazier" and label(e) == which else e
            for e in board.effects
        )
        result: dict[str, Any] = {"who": c.name, "brazier": which}
        net = board.spend("full")
        if net:
            result["net"] = net
        return result
