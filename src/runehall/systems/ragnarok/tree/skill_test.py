"""A skill test resolved on the runes in mano (spec 000 §7.3): R = D - L - P - K, then the cleanup (A-05)."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import ParameterError, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.ragnarok.limits import MAX_DIFFICULTY, MAX_LEVEL, MAX_NAMES
from runehall.systems.ragnarok.mechanics import INHERENT, NEGATIVE_INHERENT
from runehall.systems.ragnarok.resolution import TIER_CODE, resolve_test
from runehall.systems.ragnarok.rules import Trait, rules
from runehall.systems.ragnarok.tree.board import Board, TreeAction
from runehall.systems.ragnarok.tree.moves import TraitParam
from runehall.systems.ragnarok.tree.state import VOID_ID, Composite

MAX_BASE_DIFFICULTY = 5


class SkillTestParams(RulesModel):
    difficulty: int = Field(
        ge=0,
        le=MAX_DIFFICULTY,
        title=N_("Dificultad (difficulty)"),
        description=N_("Base difficulty: 0 Automática to 5 Improbable (above: epic feats)."),
    )
    required_trait: TraitParam = Field(
        title=N_("Rasgo requerido (required trait)"), description=N_("The trait the norn asks for (F, M or E).")
    )
    skill: str | None = Field(
        None, title=N_("Habilidad (skill)"), description=N_("The skill used (its level comes from the sheet).")
    )
    applicable: list[str] = Field(
        default_factory=list,
        max_length=MAX_NAMES,
        title=N_("Habilidades válidas (allowed skills)"),
        description=N_("The skills the norn allows for this test."),
    )
    skill_level: int | None = Field(
        None,
        ge=0,
        le=MAX_LEVEL,
        title=N_("Nivel de habilidad (skill level)"),
        description=N_("L, instead of the sheet's."),
    )
    inherent_modifier: int | None = Field(
        None,
        ge=-MAX_LEVEL,
        le=MAX_LEVEL,
        title=N_("Modificador inherente (inherent modifier)"),
        description=N_("The skill's inherent modifier (default: from the rules)."),
    )
    transform: Literal["optimal", "as_is"] = Field(
        "optimal",
        title=N_("Transformación (transformation)"),
        description=N_("Count the best transformations of Mano, or Mano as it is."),
    )


def matching(board: Board, required: Trait, optimal: bool) -> int:
    """K: units in mano of the required trait, plus one per pair of another trait that may still transform.

    Pairs of a non-required trait each give one more match, and chaining never does better (spec §6.4).
    """
    units = board.loose("mano")
    k = sum(1 for u in units if board.trait_of(u) == required)
    if not optimal:
        return k
    spare: Counter[Trait] = Counter()
    for uid in units:
        trait = board.trait_of(uid)
        if trait is None or trait == required:
            continue
        if uid == VOID_ID and not board.options.void_can_transform:
            continue
        if isinstance(board.unit(uid), Composite) and not board.options.allow_chained_transform:
            continue
        spare[trait] += 1
    return k + sum(n // 2 for n in spare.values())


def divine_successes(board: Board) -> int:
    """P: BDP outside combat (A-23), the pool or BDP in combat (A-24); never spent."""
    if not board.has_dp:
        return 0
    if board.combat is None or board.options.dp_in_combat_tests == "bdp":
        return board.bdp
    return board.dp


class SkillTestAction(TreeAction):
    name: ClassVar[str] = "test"
    title: ClassVar[str] = N_("Skill test")
    summary: ClassVar[str] = N_("Resolve a skill test on the runes in Mano, then send them (and the Void rune) home.")
    Params: ClassVar[type[RulesModel]] = SkillTestParams

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        board.require_active(N_("{character} is {status} and cannot attempt a skill test"))  # I-15
        options = board.options
        applicable = [s.strip() for s in params.applicable if s.strip()]
        if params.skill and applicable and params.skill not in applicable:
            raise RulesError(
                N_("the norn allows {applicable} for this test, not {skill}"),
                applicable=", ".join(applicable),
                skill=params.skill,
            )
        used = [params.skill] if params.skill else applicable
        sheet = board.character
        level = params.skill_level
        if level is None:
            level = sheet.skill_level(used, options.skill_combination)
        modifier = params.inherent_modifier
        if modifier is None:
            modifier = 0
            if used:
                best = max(used, key=lambda s: sheet.skills.get(s, 0))  # the highest level is the one used
                known = rules().skill(best)
                if known is None:
                    raise ParameterError(N_("unknown skill {best!r}: give {what}"), best=best, what=INHERENT)
                modifier = known.inherent_modifier
        if modifier < 0 and not options.allow_negative_inherent:
            raise ParameterError(N_("inherent modifiers are 0 or more ({rule})"), rule=NEGATIVE_INHERENT)
        p = divine_successes(board)
        if params.difficulty > MAX_BASE_DIFFICULTY and p == 0 and options.epic_requires_dp:
            raise RulesError(N_("a base difficulty above 5 is an epic feat, only for those with Divine Potency"))
        d = params.difficulty + modifier
        k = matching(board, params.required_trait, params.transform == "optimal")
        outcome = resolve_test(d, level, p, k)
        tier = rules().tier(TIER_CODE[outcome.tier])
        hand = [board.label(u) for u in board.loose("mano")]
        board.collect(("mano",))
        void = board.void()
        if board.combat is None and void is not None and void.pile == "actividad" and void.part_of is None:
            board.send_home(VOID_ID)  # the Void rune returns once a test ends (in combat: Collection)
        result: dict[str, Any] = {
            "D": d,
            "L": level,
            "P": p,
            "K": k,
            "R": outcome.remaining,
            "tier": outcome.tier,
            "tier_name": f"{tier.name} ({tier.name_en})",
            "extra_successes": outcome.extra_successes,
            "hand": hand,
        }
        if level > options.skill_level_warn_above:
            result["warning"] = f"skill level {level} is above the usual 1 to 4"
        return result
