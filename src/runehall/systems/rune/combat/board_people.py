"""Who is who in a fight's working copy (board.py's Board takes these from here), and injury with its
consequences: Wounds and health from a blow, a revive window that opens, a restraint that ends, the schedule
dropping someone who can no longer act, the dying nobody can revive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from runehall.errors import Refusal, RulesError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import health_of, wounds_from
from runehall.systems.rune.combat.combatant import Combatant
from runehall.systems.rune.combat.geometry import ENGAGED, within
from runehall.systems.rune.combat.settings import fold, opt
from runehall.systems.rune.combat.state import Entry, Phase, Window
from runehall.systems.rune.speech.common import HEALTH

if TYPE_CHECKING:
    from runehall.systems.rune.combat.board import Board

PHASES = {  # the round's phases as a refusal names them ("in the action phase")
    "initiative": N_("initiative"),
    "tiebreak": N_("roll-off"),
    "acting": N_("action"),
    "over": N_("end"),
}


class People:
    """The fight's people and their injuries, on the state Board holds (its __init__ sets these)."""

    options: Any
    people: dict[str, Combatant]
    round: int
    phase: Phase
    entries: dict[str, Entry]
    windows: dict[str, Window]
    ended: str | None
    during: set[str]

    def opt(self, name: str) -> Any:
        return opt(self.options, name)

    # -- who is who -----------------------------------------------------------------------------------
    def get(self, name: str) -> Combatant:
        key = fold(name)
        for c in self.people.values():
            if fold(c.name) == key:
                return c
        raise RulesError(
            N_("there is no combatant {name!r} in this fight (there are: {known})"),
            name=name,
            known=", ".join(self.people),
        )

    def update(self, name: str, **changes: Any) -> Combatant:
        c = self.people[name].model_copy(update=changes)
        self.people[name] = c
        return c

    def flag(self, name: str, **changes: Any) -> None:
        self.update(name, this_round=self.people[name].this_round.model_copy(update=changes))

    def enemies(self, c: Combatant) -> list[Combatant]:
        return [o for o in self.people.values() if o.side != c.side]

    def allies(self, c: Combatant) -> list[Combatant]:
        return [o for o in self.people.values() if o.side == c.side and o.name != c.name]

    def engaged(self, c: Combatant) -> list[Combatant]:
        """Active enemies within 3 paces."""
        return [o for o in self.enemies(c) if o.active and within(o.at, c.at, ENGAGED)]

    def require_phase(self, phase: Phase, doing: str) -> None:
        if self.phase == "over":
            raise RulesError(
                N_("the fight is over ({ended}): {doing} is no longer possible"),
                ended=self.why_over(),
                doing=Refusal(doing),
            )
        if self.phase != phase:
            raise RulesError(
                N_("{doing} happens in the {phase} phase; this is the {now} phase"),
                doing=Refusal(doing),
                phase=Refusal(PHASES[phase]),
                now=Refusal(PHASES[self.phase]),
            )

    def why_over(self) -> Refusal | str:
        """Why the fight ended, for a refusal: said in the reader's words as the log says it."""
        from runehall.systems.rune.speech.fights import ended_said  # the words need the rules, not the board

        return ended_said(self.ended or "")

    def require_able(self, c: Combatant, refusal: str) -> None:
        """`refusal`: the whole sentence, a template with {who} and {state} (his health)."""
        if not c.active:
            raise RulesError(refusal, who=c.name, state=Refusal(HEALTH[c.health]))

    # -- injury ---------------------------------------------------------------------------------------
    def hurt(self, name: str, lost: int, by: str | None = None) -> dict[str, Any]:
        """Apply one blow's post-Soak HP loss: Wounds by multiples of WT, and the health that follows (the
        gallery's rules where they change it; `by`: who dealt the blow)."""
        from runehall.systems.rune.combat.gallery import fall_of  # the gallery reads the board
        from runehall.systems.rune.combat.gift_agony import agony_mark
        from runehall.systems.rune.combat.gift_cup import cup_note  # The Ever-Flowing Cup
        from runehall.systems.rune.combat.gift_raven import raven_hurt
        from runehall.systems.rune.combat.gift_triggered import jaw_kills, on_hurt  # triggered gifts

        c = self.people[name]
        if lost <= 0:
            on_hurt(self, c, c.health, 0, 0, by)
            return {"who": c.name, "hp_lost": 0}
        added = wounds_from(lost, c.wt)
        hp, wounds = c.hp - lost, c.wounds + added
        board = cast("Board", self)  # (People is a Board's base: its own methods are a Board's)
        health, changes, said = fall_of(board, c, hp, wounds, lost, health_of(hp, wounds, c.health, blow=True), by)
        if health == "dying" and not c.hero and not self.opt("foes_use_injury_rules"):
            health = "dead"
        health = on_hurt(self, c, health, lost, added, by)
        raven_hurt(self, by, c, lost, health)  # The Raven Plucks an Eye (gift_raven.py)
        said = {**said, "gift_vp": jaw_kills(self, by or "", name, c.health, health)} if by else said
        if not said.get("gift_vp"):
            said.pop("gift_vp", None)
        self.update(name, hp=hp, wounds=wounds, health=health, heal_blocked=False, **changes)
        agony_mark(self, name)  # Agony Postponed: the most points ignored (gift_agony.py)
        if health != c.health:
            self.left_the_fight(name)
        if health == "dying" and name not in self.windows:
            self.open_window(name)
            said = {**said, **cup_note(self, name)}  # The Ever-Flowing Cup (gift_cup.py)
        if health == "dead":
            self.windows.pop(name, None)
        record = {"who": c.name, "hp_lost": lost, "wounds_added": added, "hp": hp, "wounds": wounds, "health": health}
        return record | said

    def left_the_fight(self, name: str) -> None:
        """Someone who can no longer act: his actions this round go, and restraints he is part of end."""
        c = self.people[name]
        if c.active:
            return
        entry = self.entries.get(name)
        if entry is not None:
            self.entries[name] = entry.model_copy(update={"steps": (), "waiting": False})
        for patient, window in list(self.windows.items()):
            if name in window.healers:  # he can no longer revive anyone
                self.windows[patient] = window.model_copy(
                    update={"healers": tuple(h for h in window.healers if h != name)}
                )
        if c.restraining is not None:
            self.release(name)
        if c.restraint is not None and c.restraint.by is not None:
            self.release(c.restraint.by)

    def release(self, holder: str) -> str | None:
        """The holder lets go of whoever he holds or pins; the victim's name."""
        victim = self.people[holder].restraining
        self.update(holder, restraining=None)
        if victim is not None:
            self.update(victim, restraint=None)
        return victim

    def open_window(self, patient: str) -> None:
        c = self.people[patient]
        healers = tuple(o.name for o in self.allies(c) if o.active and not o.held)
        self.windows[patient] = Window(patient=patient, round=self.round, healers=healers)
        self.during.add(patient)

    def close_windows(self) -> list[str]:
        """Dying characters nobody can still revive die; their names."""
        from runehall.systems.rune.combat.gift_cup import cup_holds  # The Ever-Flowing Cup

        died = [p for p, w in self.windows.items() if not w.healers and not cup_holds(self, p, w)]
        for patient in died:
            self.die(patient)
        return died

    def die(self, patient: str) -> None:
        self.windows.pop(patient, None)
        self.update(patient, health="dead")
