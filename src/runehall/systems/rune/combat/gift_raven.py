"""The Raven Plucks an Eye in a fight (spec 001b §2.5; X = the hero's level; its state: Triggered.ravaged,
raven_due, raven).

- Each foe a blow of his takes 1 HP or more from is remembered (`ravaged`); when such a foe falls dead or dying
  (the fight's `hurt`, whoever struck last), the raven is due for him: the fight keeps that foe's INIT, ATK, DFN
  and Soak scores and Res as they were (`raven_due`; a later such fall replaces it).
- "Use a gift" while it is due, no action: his Odin Divine Connection rating + a stress die against the dead foe's
  Res + a stress die (a hero wins a tie against a supporting character). Made: for X rounds, this one counted, he
  may use up to min(X, 4) of those scores in place of his own (`scores`, chosen among init, atk, dfn, soak;
  default: those that gain him most); each shows on his rolls under the gift's name as the gain over his own score
  (never a loss: he uses his own where it is better), and the attack odds read them. A new roll replaces the old
  substitution, made or not only when made. Levels past 4 only lengthen it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runehall.chance.sources import Source
from runehall.errors import RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.settings import stress
from runehall.systems.rune.combat.triggered_state import Plucked, Ravened

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board
    from runehall.systems.rune.combat.board_people import People

RAVEN = "the_raven_plucks_an_eye"
NAME = N_("The Raven Plucks an Eye")
SCORES = ("init", "atk", "dfn", "soak")
MOST_SCORES = 4


def _scores(c: Combatant) -> dict[str, int]:
    """A foe's INIT, ATK, DFN and Soak scores as he stands (his weapon in hand; a score the weapon lacks is left
    out)."""
    w, d = c.in_hand, c.dfn_weapon()
    found = {"init": w.init, "atk": w.atk, "dfn": None if d.dfn_na else d.dfn, "soak": c.soak}
    return {k: int(v) for k, v in found.items() if v is not None}


def raven_hurt(board: People, by: str | None, victim: Combatant, lost: int, now: str) -> None:
    """A blow of `by` took `lost` HP from `victim`, leaving him `now`: remember it, and make the raven due for
    every hero holding the gift who had hurt that foe when he falls."""
    hitter = board.people.get(by or "")
    if hitter is not None and hitter.hero and hitter.gifted.level(RAVEN) and lost > 0 and not victim.hero:
        t = hitter.gifted.triggered
        if victim.name not in t.ravaged:
            mark = t.model_copy(update={"ravaged": (*t.ravaged, victim.name)})
            board.update(hitter.name, gifted=hitter.gifted.model_copy(update={"triggered": mark}))
    if victim.hero or now not in ("dead", "dying") or victim.health in ("dead", "dying"):
        return
    for h in list(board.people.values()):
        t = h.gifted.triggered
        if h.hero and h.gifted.level(RAVEN) and victim.name in t.ravaged:
            due = t.model_copy(update={"raven_due": Plucked(foe=victim.name, res=victim.bonus("res"),
                                                             scores=_scores(victim))})  # fmt: skip
            board.update(h.name, gifted=h.gifted.model_copy(update={"triggered": due}))


def _own(c: Combatant, roll: str) -> int:
    w = c.in_hand if roll in ("init", "atk") else c.dfn_weapon()
    value = {"init": w.init, "atk": w.atk, "dfn": None if w.dfn_na else w.dfn, "soak": c.soak}[roll]
    return int(value or 0)


def raven_mods(board: Board, c: Combatant, roll: str, own: int | None = None) -> list[tuple[str, int]]:
    """What the substitution gains him on this roll (INIT, ATK, DFN or Soak) while it holds: the foe's score less
    his own (`own`, else his weapon's), never below 0."""
    on = c.gifted.triggered.raven
    if on is None or board.round > on.until_round or roll not in on.scores:
        return []
    gain = on.scores[roll] - (_own(c, roll) if own is None else own)
    return [(NAME, gain)] if gain > 0 else []


def pluck(board: Board, c: Combatant, x: int, params: Any, source: Source) -> dict[str, Any]:
    """'Use The Raven Plucks an Eye' while it is due: no action."""
    from runehall.systems.rune.gifts.divine import connections

    board.require_able(c, N_("{who} is {state} and cannot use a gift"))
    t = c.gifted.triggered
    due = t.raven_due
    if due is None:
        raise RulesError(N_("The Raven Plucks an Eye waits for a foe {who} has hurt to die"), who=c.name)
    most = min(x, MOST_SCORES)
    chosen = list(dict.fromkeys(params.scores)) or sorted(
        (k for k in SCORES if k in due.scores), key=lambda k: -(due.scores[k] - _own(c, k)))[:most]  # fmt: skip
    if len(chosen) > most or any(k not in due.scores for k in chosen):
        raise RulesError(N_("{who} may take {n} of the foe's INIT, ATK, DFN and Soak scores it had"), who=c.name,
                         n=most)  # fmt: skip
    odin = connections(c.gifted.levels).get("Odin", 0)
    mine, my_faces = stress(source)
    theirs, their_faces = stress(source)
    my_total, their_total = mine + odin, theirs + due.res
    success = my_total >= their_total  # a tie is the hero's against a supporting character
    rolls = [{"who": c.name, "faces": list(my_faces), "result": mine, "score": odin, "total": my_total},
             {"who": due.foe, "faces": list(their_faces), "result": theirs, "score": due.res, "total": their_total}]
    changes: dict[str, Any] = {"raven_due": None}
    out: dict[str, Any] = {"against": due.foe, "rolls": rolls, "success": success, "raven": True}
    if success:
        scores = {k: due.scores[k] for k in chosen}
        changes["raven"] = Ravened(foe=due.foe, scores=scores, until_round=board.round + x - 1)
        out.update(scores=scores, until_round=board.round + x - 1)
    board.update(c.name, gifted=c.gifted.model_copy(update={"triggered": t.model_copy(update=changes)}))
    return out
