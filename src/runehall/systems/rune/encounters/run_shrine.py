"""A shrine of the notes, played (spec 001c §9.9, A-47): once a hero has come to it (its gain given), any hero on his
feet may buy there, between fights, a level of a Divine Gift of the shrine's god at 30% off its price (fractions
dropped), or death insurance (12 VP at a shrine of one of his primary gods, else the usual 25; once a run), from his
free VP. What he buys is the run's (`RunState.shrine_buys`): the VP spent and the levels go through
run_gifts.spent_in_run and bought_in_run (the next fight builds him with them and knows less free VP; settling counts
the VP and writes the gifts to his sheet), and settling writes the insurance's snapshot to his sheet
(`insurance_changes`, as the advancement tracker's insurance takes it).

Refused, with nothing changed: a shrine no hero has come to, a fight under way, a hero dead or not in the
encounter, a gift of another god (or a Rune Power), one at its last level, too few free VP, insurance taken at a
shrine already in this run. Not yet: the Divine Awareness roll at Loki's shrine of a hero of Thor, Odin or Heimdal,
a shrine of "any other" god's gifts (it names none to buy from)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from runehall.chance.sources import Source
from runehall.errors import N_, Refusal, RulesError
from runehall.present.board import Move
from runehall.present.card import Card, Row
from runehall.present.words import Words
from runehall.systems.base import RulesModel, validate_model
from runehall.systems.rune.encounters.design import Element
from runehall.systems.rune.encounters.gains import Shrine
from runehall.systems.rune.encounters.loot_rules import gift_price_at_shrine, insurance_price
from runehall.systems.rune.encounters.run_actions import RunAction, _hero
from runehall.systems.rune.encounters.run_state import RunState
from runehall.systems.rune.encounters.shrine_state import ShrineBuy
from runehall.systems.rune.gifts.catalog import Gift, gift, gifts
from runehall.systems.rune.gifts.divine import primary_gods
from runehall.systems.rune.gifts.held import find
from runehall.systems.rune.hero import Hero
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.progress import snapshot
from runehall.systems.rune.treasure import legendary


class ShrineParams(RulesModel):
    hero: str = Field(min_length=1, max_length=60, description="The hero who buys.")
    shrine: str = Field(min_length=1, max_length=40, description="The shrine of the notes (its id).")
    gift: str | None = Field(None, min_length=1, max_length=60, description="The Divine Gift of the shrine's god.")
    insurance: bool = Field(False, description="Death insurance instead of a gift (12 VP at his primary god's).")


def shrines(state: RunState) -> list[tuple[Element, Shrine]]:
    """The shrines of the notes some hero has come to, in the notes' order."""
    found = []
    for event in state.notes.events if state.notes is not None else ():
        for element in event.elements:
            if isinstance(element.gain, Shrine) and state.given.get(element.id):
                found.append((element, element.gain))
    return found


def god(shrine: Shrine) -> str | None:
    """The catalog's name of the shrine's god ("Thor"); None for a shrine of any other god."""
    return next((g for g in sorted({x.patron for x in gifts().values() if x.patron}) if g.lower() == shrine.deity),
                None)  # fmt: skip


def _levels(sheet: Mapping[str, Any]) -> dict[str, int]:
    return {find(str(k)) or str(k): int(v) for k, v in dict(sheet.get("gifts") or {}).items()}


def _now(state: RunState, hero: str) -> dict[str, Any]:
    from runehall.systems.rune.encounters.run_gifts import sheet_now  # run_gifts reads this module's buys

    return sheet_now(state, hero, next(h.sheet for h in state.setup.heroes if h.name == hero))


def free(state: RunState, hero: str) -> int:
    """His free VP as the run has left them (what he spent in its fights and at its shrines spent)."""
    sheet = _now(state, hero)
    total = next(h.total_vp for h in state.setup.heroes if h.name == hero)
    return int(total if total is not None else sheet.get("vp_total") or 0) - int(sheet.get("vp_spent") or 0)


def price(g: Gift) -> int:
    return gift_price_at_shrine(g.cost)


def reached(state: RunState, hero: str, shrine_id: str) -> tuple[Element, Shrine]:
    """The shrine, when a hero on his feet may buy there now; else the one reason he may not."""
    if state.fight is not None:
        raise RulesError(N_("a shrine is visited between fights, not during one"))
    if state.tally.died(hero) is not None:
        raise RulesError(N_("{hero} is dead: he uses nothing"), hero=hero)
    found = next(((e, s) for e, s in shrines(state) if e.id == shrine_id), None)
    if found is None:
        raise RulesError(N_("no hero has come to a shrine {shrine!r} of the notes yet"), shrine=shrine_id)
    return found


def insurance(state: RunState, hero: str, shrine_id: str) -> tuple[Element, int]:
    """(the shrine, the price) of death insurance there, once legal: 12 VP at a shrine of one of his primary gods,
    else the usual 25; once a run."""
    element, shrine = reached(state, hero, shrine_id)
    if any(b.insurance and b.hero == hero for b in state.shrine_buys):
        raise RulesError(N_("{hero} has taken death insurance at a shrine already"), hero=hero)
    sheet = _now(state, hero)
    items = legendary.connections(validate_model(Hero, {"name": hero, **sheet}, hero).magic_items)
    primary = {g.lower() for g in primary_gods(_levels(sheet), items)}
    cost = insurance_price(shrine.deity, shrine.deity if shrine.deity in primary else "")
    if cost > free(state, hero):
        raise RulesError(N_("death insurance costs {cost} VP at the shrine and {hero} has {free} free"), cost=cost,
                         hero=hero, free=free(state, hero))  # fmt: skip
    return element, cost


def insurance_changes(state: RunState, hero: str) -> dict[str, Any]:
    """What settling writes to his sheet for insurance taken at a shrine: the snapshot, as the advancement
    tracker's insurance takes it (his gifts bought in the run with him)."""
    if not any(b.insurance and b.hero == hero for b in state.shrine_buys):
        return {}
    sheet = _now(state, hero)
    taken = snapshot(validate_model(Hero, {"name": hero, **sheet}, hero), dict(sheet.get("advances") or {}))
    return {"death_insurance": taken.model_dump(mode="json")}


def checked(state: RunState, hero: str, shrine_id: str, text: str, options: Any) -> tuple[Element, Gift, int]:
    """(the shrine, the gift, the level he reaches) once the purchase is legal; else its one reason."""
    element, shrine = reached(state, hero, shrine_id)
    gift_id = find(text)
    if gift_id is None:
        raise RulesError(N_("{name!r} is not a Divine Gift or Rune Power of Rune"), name=text)
    g = gift(gift_id)
    if god(shrine) is None or g.patron != god(shrine):
        raise RulesError(N_("{gift} is not a gift of the shrine's god"), gift=Refusal(g.name))
    opts = options if isinstance(options, RuneOptions) else RuneOptions()
    from runehall.systems.rune.gifts.buying import most  # here: buying imports the advancement record

    now = _levels(_now(state, hero)).get(g.id, 0)
    if now >= most(g, opts):
        raise RulesError(N_("{gift}: the hero already holds its last level ({level})"), gift=Refusal(g.name), level=now)
    if price(g) > free(state, hero):
        raise RulesError(N_("{gift} costs {cost} VP at the shrine and {hero} has {free} free"), gift=Refusal(g.name),
                         cost=price(g), hero=hero, free=free(state, hero))  # fmt: skip
    return element, g, now + 1


class ShrineBuyAction(RunAction):
    name: ClassVar[str] = "shrine_buy"
    title: ClassVar[str] = N_("Buy a gift at a shrine")
    summary: ClassVar[str] = "A level of a gift of the shrine's god bought at 30% off, from his free VP."
    Params: ClassVar[type[RulesModel]] = ShrineParams

    def apply(self, state: RunState, params: Any, options: Any, source: Source) -> tuple[RunState, dict[str, Any]]:
        self.check(state)
        hero = _hero(state, params.hero)
        if params.insurance:
            element, cost = insurance(state, hero, params.shrine)
            taken = ShrineBuy(hero=hero, shrine=element.id, vp=cost, insurance=True)
            said = {"hero": hero, "shrine": element.id, "name": element.name, "insurance": True, "vp": cost}
            return state.model_copy(update={"shrine_buys": (*state.shrine_buys, taken)}), said
        if params.gift is None:
            raise RulesError(N_("name the gift to buy at the shrine, or death insurance"))
        element, g, level = checked(state, hero, params.shrine, params.gift, options)
        buy = ShrineBuy(hero=hero, shrine=element.id, gift=g.id, vp=price(g))
        said = {"hero": hero, "shrine": element.id, "name": element.name, "gift": g.id, "level": level,
                "vp": buy.vp, "full": g.cost}  # fmt: skip
        return state.model_copy(update={"shrine_buys": (*state.shrine_buys, buy)}), said


def shrine_moves(state: RunState, words: Words, options: Any) -> list[Move]:
    """A button for each level a hero on his feet can buy now at a shrine the heroes have come to."""
    moves: list[Move] = []
    if state.fight is not None:
        return moves
    for element, shrine in shrines(state):
        for h in state.setup.heroes:
            try:
                _, cost = insurance(state, h.name, element.id)
                title = words(N_("{hero} takes death insurance at {shrine}"), hero=h.name, shrine=element.name)
                params = {"hero": h.name, "shrine": element.id, "insurance": True}
                moves.append(Move("shrine_buy", title, params=params, hint=words(N_("{vp} VP"), vp=words.number(cost))))
            except RulesError:
                pass
            for g in gifts().values():
                if g.patron is None or g.patron != god(shrine):
                    continue
                try:
                    _, _, level = checked(state, h.name, element.id, g.id, options)
                except RulesError:
                    continue
                title = words(N_("{hero} buys {gift} level {level} at {shrine}"), hero=h.name, gift=words(g.name),
                              level=words.number(level), shrine=element.name)  # fmt: skip
                hint = words(N_("{vp} VP instead of {full}"), vp=words.number(price(g)), full=words.number(g.cost))
                params = {"hero": h.name, "shrine": element.id, "gift": g.id}
                moves.append(Move("shrine_buy", title, params=params, hint=hint))
    return moves


def card(r: Mapping[str, Any], words: Words, who: str) -> Card:
    if r.get("insurance"):
        move = words(N_("{hero} takes death insurance at {shrine}"), hero=r["hero"], shrine=r["name"])
        return Card(words(N_("{who}: {move}"), who=who, move=move), words(N_("{vp} VP"), vp=words.number(r["vp"])),
                    "success")  # fmt: skip
    move = words(N_("{hero} buys {gift} level {level} at {shrine}"), hero=r["hero"], gift=words(gift(r["gift"]).name),
                 level=words.number(r["level"]), shrine=r["name"])  # fmt: skip
    rows = (Row(words(N_("Price")), words(N_("{vp} VP instead of {full}"), vp=words.number(r["vp"]),
                                          full=words.number(r["full"]))),)  # fmt: skip
    return Card(words(N_("{who}: {move}"), who=who, move=move), words(N_("{vp} VP"), vp=words.number(r["vp"])),
                "success", rows)  # fmt: skip
