"""Divine Gifts used as moves in a fight (spec 001b §2.1, §2.5): "Use a gift" and "Buy a gift".

A gift is used by its holder, a hero, when it is legal: he holds it, a use is left in its counter (the catalog's
scope: this fight, or the encounter or session as far as the run knows them), and its own condition holds; it
costs an action only where the catalog says so. Its dice come from the move's source, stored with it. Buying a
gift level is paid from the free VP the fight knows for the hero (his sheet's, not this encounter's provisional
gains) and works at once: a stat gift's numbers from his next roll (gift_rebuild.py). The gifts each use plays
live in gift_uses.py."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.base import RulesModel
from runehall.systems.rune.combat.board import Board, CombatAction
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gift_rebuild import rework
from runehall.systems.rune.combat.gift_uses import PLAYS
from runehall.systems.rune.combat.gifted import MAX_LEVEL, catalog_gift
from runehall.systems.rune.combat.rune_powers import PLAYS as RUNE_PLAYS
from runehall.systems.rune.combat.settings import fold
from runehall.systems.rune.combat.state import CombatState
from runehall.systems.rune.limits import MapPoint


def find_gift(text: str) -> Any:
    """A gift by its id or its English name."""
    from runehall.systems.rune.gifts.catalog import gifts

    key = fold(text).replace(" ", "_").replace("-", "_").replace("'", "")
    for g in gifts().values():
        if key in (g.id, fold(g.name).replace(" ", "_").replace("-", "_").replace("'", "")):
            return g
    return catalog_gift(text)  # refused, naming it


class UseGiftParams(RulesModel):
    who: str = Field(description="The hero who uses his gift.")
    gift: str = Field(min_length=1, max_length=80, description="The gift (its name).")
    target: str | None = Field(
        None,
        max_length=60,
        description="The other hero it helps (The Eight-Legged Horse); whom a power aims at; the foe the trumpet "
        "commands.",
    )
    victim: str | None = Field(
        None,
        max_length=60,
        description="The Trumpet's Commanding Blast: the foe's ally it strikes (default: the nearest it can strike).",
    )
    roll: Literal["atk", "dfn"] = Field("atk", description="The Eight-Legged Horse: his next ATK or his next DFN.")
    weapon: str | None = Field(None, max_length=60, description="Mjolnir Awakes: the weapon he takes in hand.")
    die: int | None = Field(
        None, ge=1, le=20, description="Destiny Reversed: which of his rolls in the move just made (1: his first)."
    )
    feature: int | None = Field(
        None, ge=1, le=100, description="Scourging of Fell Spirits: the weird magic (its number among the effects)."
    )
    scores: list[Literal["init", "atk", "dfn", "soak"]] = Field(
        default_factory=list, max_length=4, description="The Raven Plucks an Eye: the foe's scores he takes (default: "
        "those that gain him most).",
    )
    toward: MapPoint | None = Field(
        None,
        description="The Mace's Rune Power: the place [x, y] he flings them towards (default: away from him); the "
        "Goblin Spike Club's: the place its cone points at.",
    )
    also: list[Annotated[str, Field(max_length=60)]] = Field(
        default_factory=list, max_length=2, description="The Dwarven Work Sword's lightning: up to two more foes it "
        "seeks besides the one he aims it at.",
    )  # fmt: skip


def holder(board: Board, params: Any, over_too: bool = False) -> tuple[Combatant, Any, int]:
    """The hero, the gift and his level in it; refused unless he holds it and the fight is on (or, `over_too`,
    has just ended: a roll that ended it may be taken back)."""
    if board.phase == "over" and not over_too:
        raise RulesError(N_("the fight is over ({ended})"), ended=board.why_over())
    c = board.get(params.who)
    found = find_gift(params.gift)
    if not c.hero:
        raise RulesError(N_("only a hero has Divine Gifts"))
    level = c.gifted.level(found.id)
    if not level:
        raise RulesError(N_("{who} does not have {gift}"), who=c.name, gift=Refusal(found.name))
    return c, found, level


def count_use(board: Board, c: Combatant, found: Any, level: int) -> int | None:
    """One use more of a counted gift (refused when none is left); how many are left after it."""
    from runehall.systems.rune.gifts.catalog import uses_allowed

    allowed = uses_allowed(found, level)
    if allowed is None:
        return None
    used = c.gifted.used.get(found.id, 0)
    if used >= allowed:
        raise RulesError(
            N_("{who} has used {gift} as often as it allows ({uses} per {scope})"),
            who=c.name,
            gift=Refusal(found.name),
            uses=allowed,
            scope=Refusal(SCOPES[found.scope]),
        )
    board.update(c.name, gifted=c.gifted.model_copy(update={"used": {**c.gifted.used, found.id: used + 1}}))
    return allowed - used - 1


SCOPES = {
    "fight": N_("fight"),
    "combat": N_("fight"),
    "event": N_("event"),
    "encounter": N_("encounter"),
    "session": N_("session"),
    "none": N_("use"),
}


class UseGiftAction(CombatAction):
    name: ClassVar[str] = "use_gift"
    title: ClassVar[str] = N_("Use a gift")
    summary: ClassVar[str] = "A hero uses one of his Divine Gifts, when it is legal; its dice are stored with it."
    Params: ClassVar[type[RulesModel]] = UseGiftParams
    actor_param: ClassVar[str | None] = "who"
    random: ClassVar[bool] = True

    def spends_players_own(self, params: Any) -> bool:
        return spends_vp(self.name, params)  # his player's alone (issue 15)

    def apply(
        self, state: CombatState, params: Any, options: Any, source: Source
    ) -> tuple[CombatState, dict[str, Any]]:
        """A gift that takes back a roll just made supersedes that move (gift_reverse.py); the rest are plays."""
        from runehall.systems.rune.combat.gift_reverse import supersede
        from runehall.systems.rune.combat.supersede import SUPERSEDING

        found = find_gift(params.gift)
        if found.id not in SUPERSEDING:
            return super().apply(state, params, options, source)
        _, found, level = holder(Board(state, options), params, over_too=True)
        return supersede(state, params, options, source, found, level)

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        c, found, level = holder(board, params)
        play = PLAYS.get(found.id) or RUNE_PLAYS.get(found.id)  # the Rune Powers: rune_powers.py
        if play is None:
            raise RulesError(N_("{gift} is not yet played as a move in a fight"), gift=Refusal(found.name))
        result: dict[str, Any] = {"who": c.name, "gift": found.name, "level": level}
        result.update(play(board, c, level, params, source))  # checks first, then changes the board
        left = count_use(board, board.people[c.name], found, level)
        if left is not None:
            result["uses_left"] = left
        return result


class BuyGiftParams(RulesModel):
    who: str = Field(description="The hero whose player buys.")
    gift: str = Field(min_length=1, max_length=80, description="The gift (its name).")
    levels: int = Field(1, ge=1, le=MAX_LEVEL, description="How many levels.")


class BuyGiftAction(CombatAction):
    name: ClassVar[str] = "buy_gift"
    title: ClassVar[str] = N_("Buy a gift")
    summary: ClassVar[str] = "A hero's player buys a gift level with his free VP, even mid-round; it works at once."
    Params: ClassVar[type[RulesModel]] = BuyGiftParams
    actor_param: ClassVar[str | None] = "who"

    def spends_players_own(self, params: Any) -> bool:
        return True  # the hero's VP: his player's alone to spend (issue 15)

    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        from runehall.systems.rune.gifts.catalog import check_level

        if board.phase == "over":
            raise RulesError(N_("the fight is over ({ended})"), ended=board.why_over())
        c = board.get(params.who)
        found = find_gift(params.gift)
        if not c.hero:
            raise RulesError(N_("only a hero has Divine Gifts"))
        g = c.gifted
        if g.left is None:
            raise RulesError(
                N_("this fight keeps no VP account for {who}: buy gifts on his sheet between fights"), who=c.name
            )
        cost = found.cost * params.levels
        if cost > g.left:
            raise RulesError(
                N_("{gift} costs {cost} VP; {who} has {free} free VP to spend"),
                gift=Refusal(found.name),
                cost=cost,
                who=c.name,
                free=g.left,
            )
        level = g.level(found.id) + params.levels
        check_level(found, level, board.options if hasattr(board.options, "clatter_levels") else None)
        levels = {**g.levels, found.id: level}
        changes, moved = rework(c, found, levels, board.options)  # a stat gift: his numbers again (gift_rebuild.py)
        bought = {**g.bought, found.id: g.bought.get(found.id, 0) + params.levels}
        now = {"levels": levels, "bought": bought, "spent": g.spent + cost, **changes.pop("gifted", {})}
        changes.update(gifted=g.model_copy(update=now), gifts=c.gifts + (0 if g.level(found.id) else 1))
        if c.gift_levels is not None:
            changes["gift_levels"] = c.gift_levels + params.levels
        result: dict[str, Any] = {"who": c.name, "gift": found.name, "level": level, "cost": cost}
        if "hp_max" in changes:  # his maximum HP grows, and his HP with it
            result["hp_max"] = changes["hp_max"]
        if moved:
            result["numbers"] = moved
        board.update(c.name, **changes)
        result["free_vp_left"] = g.left - cost
        return result


def spends_vp(name: str, params: Any) -> bool:
    """Whether the move spends the hero's VP (which a proxy may never do for the runner's hero, 001b §2.1)."""
    if name == "buy_gift":
        return True
    return name == "use_gift" and find_gift(str(params.gift)).id == "curds_of_utgardaloki"
