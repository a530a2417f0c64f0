"""Divine Gifts set off by what happens in a fight (spec 001b §2.5; X = the hero's level; their state:
triggered_state.py).

- Dying Blow: when a blow would give the hero his fifth Wound or take him to 0 HP or below (A-16: even beyond -20),
  his player may invoke it right after that blow ("Use a gift"; the next move and the moment has passed). He fights
  on, his actions still due this round given back, until the end of the X-th round after this one: +X on every
  roll, his Impairment as the final blow found it, and on ATK rolls his Impairment from Wounds turned into a bonus
  (001b TV-03: -3 becomes +3, so ATK + 3 + X, other rolls -3 + X). No blow can stop him in that time and nothing
  can save him: when those rounds end, or the fight, he dies. The damage he deals from then on is counted (the
  legacy of 001b §2.5 is X times it, for a new hero made in his place; A-17).
- The Clenched Jaw of Vengeance: an enemy whose blow gives the hero a Wound is remembered with the HP that blow
  took; while any enemy so remembered still stands, +X Soak (once, however many: A-15); the hero's first hit on
  him afterwards adds that damage to its DAM; when the hero kills him, +20X VP."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import Health
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.gift_passive import aura_mark
from runehall.systems.rune.combat.triggered_state import DyingDue, DyingOn, Jaw

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.board_people import People

DYING = "dying_blow"
JAW = "the_clenched_jaw_of_vengeance"
LABELS = {DYING: N_("Dying Blow"), JAW: N_("The Clenched Jaw of Vengeance")}
FELLED = ("dying", "dead")
JAW_KILL_VP = 20  # x X
STAG = "like_the_leaping_stag"
STAG_VP = 20  # x X


def _set(board: People, c: Combatant, **changes: Any) -> Combatant:
    t = c.gifted.triggered.model_copy(update=changes)
    return board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t}))


def on_hurt(board: People, c: Combatant, health: Health, lost: int, added: int, by: str | None) -> Health:
    """A blow of `lost` HP (`added` Wounds) on c by `by` as the triggered gifts see it; the health he is left with."""
    hitter = board.people.get(by or "")
    if hitter is not None and hitter.hero:
        _hitting(board, hitter, c, lost)
    if lost <= 0:
        return health
    c = aura_mark(board, c, c.hp - lost, c.wounds + added)  # Aura of Phlegmatic Acceptance (gift_passive.py)
    t = c.gifted.triggered
    if t.dying is not None:  # nothing stops him now, and nothing saves him
        return "active" if health != "gone" else health
    if c.hero and c.gifted.level(DYING) and health in FELLED and c.health not in FELLED:
        entry = board.entries.get(c.name)
        due = DyingDue(wound_impairment=c.wounds, impairment=c.impairment, steps=entry.steps if entry else ())
        c = _set(board, c, dying_due=due)
    if c.hero and c.gifted.level(JAW) and added and hitter is not None and not hitter.hero:
        if not any(j.foe == hitter.name for j in t.jaws):
            _set(board, c, jaws=(*t.jaws, Jaw(foe=hitter.name, damage=lost)))
    return health


def _hitting(board: People, hero: Combatant, victim: Combatant, lost: int) -> None:
    """The hero's blow landed on `victim`: his Dying Blow counts the damage, his Clenched Jaw is repaid."""
    t = hero.gifted.triggered
    if t.dying is not None and lost > 0:
        hero = _set(board, hero, dying=t.dying.model_copy(update={"dealt": t.dying.dealt + lost}))
    jaws = tuple(j.model_copy(update={"repaid": True}) if j.foe == victim.name else j for j in t.jaws)
    if jaws != t.jaws:
        _set(board, hero, jaws=jaws)


def jaw_kills(board: People, hero: str, victim: str, was: Health, now: Health) -> list[dict[str, Any]]:
    """+20X VP when the hero's blow kills an enemy who had Wounded him (The Clenched Jaw of Vengeance)."""
    h = board.people.get(hero)
    if h is None or not h.hero or was in ("dead", "dying") or now not in ("dead", "dying", "incapacitated"):
        return []
    x = h.gifted.level(JAW)
    if not x or not any(j.foe == victim for j in h.gifted.triggered.jaws):
        return []
    return [{"hero": h.name, "gift": JAW, "vp": JAW_KILL_VP * x}]


def atk_mods(c: Combatant) -> list[tuple[str, int]]:
    """Dying Blow on his ATK rolls: his Impairment from Wounds turned into a bonus (his Impairment property already
    holds the +X and the rest)."""
    on = c.gifted.triggered.dying
    return [(LABELS[DYING], 2 * on.wound_impairment)] if on is not None and on.wound_impairment else []


def blow_mods(board: Board, a: Combatant, d: Combatant) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(DAM, Soak) of a blow: the Clenched Jaw's Wounding damage on the hero's first hit back, its +X Soak on him
    while an enemy who Wounded him stands."""
    dam: list[tuple[str, int]] = []
    soak: list[tuple[str, int]] = []
    for j in a.gifted.triggered.jaws if a.gifted.level(JAW) else ():
        if j.foe == d.name and not j.repaid:
            dam.append((LABELS[JAW], j.damage))
    x = d.gifted.level(JAW)
    if x and any(_stands(board, j.foe) for j in d.gifted.triggered.jaws):
        soak.append((LABELS[JAW], x))
    return dam, soak


def _stands(board: Board, name: str) -> bool:
    c = board.people.get(name)
    return c is not None and c.health not in ("dead", "gone") and not (not c.hero and c.health in FELLED)


def dying_impairment(c: Combatant) -> int | None:
    """His Impairment while Dying Blow holds him up (it may be below 0: a bonus); None otherwise."""
    on = c.gifted.triggered.dying
    return None if on is None else on.impairment - on.level


# -- Dying Blow invoked, and its end ---------------------------------------------------------------------------
def dying_blow(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    from runehall.systems.rune.gifts.formulas import dying_blow as rule

    due = c.gifted.triggered.dying_due
    if due is None or c.gifted.triggered.dying is not None:
        raise RulesError(
            N_("{gift} is invoked right after the blow that would give {who} his fifth Wound or take him to 0 HP "
               "or below"), gift=Refusal(LABELS[DYING]), who=c.name)  # fmt: skip
    last = board.round + x
    on = DyingOn(level=x, wound_impairment=due.wound_impairment, impairment=due.impairment, last_round=last)
    board.windows.pop(c.name, None)
    c = board.update(c.name, health="active")
    _set(board, c, dying_due=None, dying=on)
    entry = board.entries.get(c.name)
    if entry is not None and due.steps:
        board.entries[c.name] = entry.model_copy(update={"steps": due.steps})
    said = rule(x, due.wound_impairment)
    other = due.impairment - due.wound_impairment  # Impairment not from Wounds weighs on every roll still
    return {"triggered": DYING, "rounds": x, "until_round": last, "atk_bonus": said.atk - other,
            "other_bonus": said.other - other}  # fmt: skip


def dying_blows_end(board: Board, everyone: bool) -> list[dict[str, Any]]:
    """Those whose Dying Blow ends now die: at a round's end, those whose last round it was; `everyone` when the
    fight ends. Each with the damage dealt since invoking and the legacy VP (X times it, 001b §2.5, A-17)."""
    died = []
    for c in list(board.people.values()):
        on = c.gifted.triggered.dying
        if on is None or not (everyone or on.last_round <= board.round):
            continue
        board.update(c.name, health="dead")
        _set(board, board.people[c.name], dying=None)
        board.left_the_fight(c.name)
        died.append({"who": c.name, "dealt": on.dealt, "legacy_vp": on.level * on.dealt})
    return died


def moment_passed(before: Any, after: Any) -> Any:
    """A Dying Blow not invoked right after its blow: the next move and the moment has passed."""
    was = {c.name: c.gifted.triggered.dying_due for c in before.combatants}
    people = []
    for c in after.combatants:
        due = c.gifted.triggered.dying_due
        if due is not None and was.get(c.name) == due:
            t = c.gifted.triggered.model_copy(update={"dying_due": None})
            c = c.model_copy(update={"gifted": c.gifted.model_copy(update={"triggered": t})})
        people.append(c)
    return after.model_copy(update={"combatants": tuple(people)})


def disarmed(c: Combatant) -> bool:
    """Disarmed (Banish His Blade): he holds no weapon and a weapon of his lies on the ground."""
    from runehall.systems.rune.combat.combatant import UNARMED

    return c.ready == UNARMED and any(w.id in c.dropped for w in c.weapons)


def stag(d: Combatant, dodged: bool, hit: bool) -> list[dict[str, Any]]:
    """Like the Leaping Stag: +20X VP to a hero holding it who dodged a shot that missed."""
    x = d.gifted.level(STAG) if d.hero else 0
    return [{"hero": d.name, "gift": STAG, "vp": STAG_VP * x}] if x and dodged and not hit else []
