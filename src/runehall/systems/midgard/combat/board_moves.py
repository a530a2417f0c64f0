"""The moves legal now in a Midgard fight, for a seat (board.py draws the rest): each tried on a copy of the
state before it is offered, prefilled as the book suggests, so one exchange is a few clicks. The book terms
the board and its moves share live here too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from runehall.chance.seeded import SeededSource
from runehall.errors import RunehallError
from runehall.present.board import Move
from runehall.present.words import N_, Words
from runehall.systems.midgard.combat import casting
from runehall.systems.midgard.combat.allocate import GM
from runehall.systems.midgard.combat.combatant import (
    skill_ranks,
)
from runehall.systems.midgard.combat.moves import base_weapon, defence_difficulty
from runehall.systems.midgard.combat.state import ATTACKS, Allocation, CastRecord, CombatState
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.speech.terms import named
from runehall.systems.tracker import TrackerAction

CHECKS = {
    "arms": N_("Courage, for a wounded arm"),
    "legs": N_("Athletics, for a wounded leg"),
    "interrupt": N_("Courage, to keep at it"),
    "dread": N_("Courage, against fear"),
    "confound": N_("Alertness, against Confound"),
}


def term(words: Words, english: str) -> str:
    """A book term (the book is in English), the reader's word beside it when the languages differ."""
    said = words(english)
    return english if said == english else f"{english} ({said})"


def data_term(words: Words, kind: str, key: str) -> str:
    """A name from the book's data (an action, a weapon), the reader's word beside it."""
    english = named(kind, key, Words("en", words.packages))
    said = named(kind, key, words)
    return english if english == said else f"{english} ({said})"


def action_term(words: Words, action: str) -> str:
    return data_term(words, "action", action)


# -- moves ---------------------------------------------------------------------------------------------------
class Moves:
    """The moves legal now, each tried on the state before it is offered."""

    def __init__(
        self, state: CombatState, words: Words, acts: Mapping[str, TrackerAction[CombatState]], options: Any
    ) -> None:
        self.state, self.words, self.acts = state, words, acts
        self.options = options if options is not None else MidgardOptions()
        self.names = {c.id: c.name for c in state.combatants}
        self.people = {c.id: c for c in state.combatants}
        self.found: list[Move] = []

    def accepts(self, action: str, params: Mapping[str, Any]) -> bool:
        act = self.acts[action]
        try:
            act.apply(self.state, act.parse_params(dict(params)), self.options, SeededSource(0))
        except RunehallError:
            return False
        return True

    def offer(self, action: str, title: str, params: dict[str, Any], actor: str | None, **more: Any) -> None:
        """Offer the move when the action accepts it (with each target in turn, keeping those it accepts).
        With `named_when_one`, a lone target is named on the button rather than chosen by a click on its card
        (a click that chooses nothing)."""
        target = more.get("target")
        named_when_one = more.pop("named_when_one", False)
        if target is not None:
            fits = tuple(t for t in more.pop("targets") if self.accepts(action, params | {target: t}))
            if not fits:
                return
            if named_when_one and len(fits) == 1:
                del more["target"]
                more.pop("hint", None)
                params = params | {target: fits[0]}
                title = self.words("{action} at {target}", action=title, target=self.names.get(fits[0], fits[0]))
            else:
                more["targets"] = fits
        elif not self.accepts(action, params):
            return
        self.found.append(Move(action, title, params, actor=actor, **more))

    # -- stages ------------------------------------------------------------------------------------------
    def declaring(self, cid: str) -> None:
        c, words = self.people[cid], self.words
        base = {"actor": cid}
        foes = tuple(o.id for o in self.state.combatants if o.side != c.side and not o.out)
        try:
            _, item = base_weapon(c, None)
        except RunehallError:
            item = None
        armed = {"weapon": item.id} if item is not None else {}
        weapon = data_term(words, "item", item.weapon) if item is not None else ""
        for action in ("strike", "smash", "pin"):
            title = action_term(words, action)
            params = base | {"action": action}
            if weapon and action != "pin":  # a pin is wrestling, whatever is in hand
                title = words("{action} with {weapon}", action=title, weapon=weapon)
                params |= armed
            self.offer(
                "declare",
                title,
                params,
                cid,
                target="target",
                targets=foes,
                hint=words("Click the foe"),
                named_when_one=True,
            )
        for action in ("block", "dodge", "escape_pin", "stand_up", "continue", "stoke_fury"):
            if action == "stoke_fury" and (not c.runes or skill_ranks(c, "Berserker") == 0):
                continue
            self.offer("declare", action_term(words, action), base | {"action": action}, cid)

    def by_hand(self, title: str) -> str:
        return self.words("{move}, tokens placed by hand", move=title)

    def gm_cast(self) -> None:
        """The GM's one cast for the round, read by every enemy: one click puts its tokens all on Past; the
        other move leaves them to be placed once the dice are seen, whenever that is."""
        s = self.state
        if any(m.action in ("gm_cast", "allocate") and m.actor is None for m in self.found):
            return  # offered already (the casting stage asks for it first)
        if s.gm is None:
            title = self.words("The GM's cast for the round")
            self.offer("gm_cast", title, {"goal": "past"}, None)
            self.offer("gm_cast", self.by_hand(title), {}, None, quiet=True)
        elif s.gm.allocation is None:
            t = s.gm.tokens
            self.offer(
                "allocate",
                self.words("Place the GM's tokens"),
                {"actor": GM, "past": t.free, "future": 0, "outcome": 0, "cancel": 0},
                None,
                ask=("past", "future", "outcome", "cancel"),
            )

    def casting(self) -> None:
        words, s = self.words, self.state
        enemies = {c.id for c in s.combatants if c.is_enemy}
        todo = [d for d in s.declarations if d.status != "ready" and d.cast is None]
        if s.gm is None:  # the round's cast made by the first enemy's cast, its tokens all on Past (one click)
            for d in todo:
                if d.actor in enemies:
                    title = words("Cast for {who}", who=self.names[d.actor])
                    params = {"actor": d.actor, "goal": "margin", "round_cast": True}
                    self.offer("cast", title, params, d.actor, hint=words("The GM's cast for the round first"))
        if any(d.actor in enemies for d in todo) or (s.gm is not None and s.gm.allocation is None):
            self.gm_cast()
        for d in todo:  # one click casts and places by the book's rule; the other leaves the placing to a person
            c = self.people[d.actor]
            if c.is_enemy:
                title = words("Cast for {who}", who=c.name)
                if s.gm is not None:
                    self.offer("cast", title, {"actor": c.id, "goal": "margin"}, c.id)
                self.offer("cast", self.by_hand(title), {"actor": c.id}, c.id, quiet=True)
            else:
                if self.aim(c.id) is not None:  # an opposed cast (Escape Pin) has no Past to aim at: by hand
                    self.offer("cast", words("Cast and place as suggested"), {"actor": c.id, "goal": "margin"}, c.id)
                ask = ("wyrd",) if c.wyrd else ()
                self.offer("cast", words("Cast the runes"), {"actor": c.id, "wyrd": 0}, c.id, ask=ask)
        for d in s.declarations:
            if d.cast is not None and d.cast.allocation is None and d.status != "switched":
                self.allocate(d.actor, d.cast)
        self.spend()

    def aim(self, cid: str) -> int | None:
        """A defence's difficulty: the hardest attack on the defender this segment (each attacker sets its
        own: WS + attack skill - 2); None for an opposed cast."""
        s = self.state
        attacks = [d for d in s.declarations if d.action in ATTACKS and d.target == cid and d.status != "switched"]
        if s.pending is not None and (s.pending.defender or s.pending.target) == cid:
            attacks = [s.declarations[s.pending.index]]
            if s.pending.defence_action == "escape_pin":
                return None
        mine = next((d for d in s.declarations if d.actor == cid and d.status != "switched"), None)
        if s.pending is None and mine is not None and mine.action == "escape_pin":
            return None
        return max((defence_difficulty(self.people[d.actor], d) for d in attacks), default=0)

    def split(self, a: Allocation) -> str:
        """An allocation as people say it, the stones left empty left out: "Past 2, Outcome 1"."""
        words = self.words
        parts = [
            words(message, n=words.number(n))
            for message, n in (
                (N_("Past {n}"), a.past),
                (N_("Future {n}"), a.future),
                (N_("Outcome {n}"), a.outcome),
                (N_("{n} Merkstave cancelled"), a.cancel),
            )
            if n
        ]
        return ", ".join(parts) if parts else words("no free tokens")

    def allocate(self, cid: str, rec: CastRecord) -> None:
        """Place tokens: the book's suggestion (the least Past that succeeds, then Merkstave, then margin)
        prefilled; the split is what the person may change."""
        difficulty = rec.difficulty if rec.difficulty is not None else self.aim(cid)
        if difficulty is None:  # opposed (Escape Pin): the Past to beat is secret, so every token on Past
            a = Allocation(past=rec.tokens.free)
        else:
            try:
                a = casting.automatic(rec.tokens, difficulty, "margin", rec)
            except RunehallError:
                return
        params = {"actor": cid, "past": a.past, "future": a.future, "outcome": a.outcome, "cancel": a.cancel}
        hint = self.words("Suggested: {split}", split=self.split(a))
        self.offer(
            "allocate", self.words("Place tokens"), params, cid, ask=("past", "future", "outcome", "cancel"), hint=hint
        )

    def spend(self) -> None:
        """Leftover Merkstave a person spends (merkstave_policy ask_gm): all on the next attack at the caster,
        prefilled."""
        s = self.state
        records = [(d.actor, d.cast) for d in s.declarations if d.cast is not None and d.status != "switched"]
        if s.pending is not None and s.pending.defence is not None:
            records.append((s.pending.defender or s.pending.target, s.pending.defence))
        for cid, rec in records:
            if rec.gm_spend and not rec.sealed and rec.allocation is not None:
                self.offer(
                    "merkstave",
                    self.words("Spend the Merkstave"),
                    {"actor": cid, "next_attack": rec.merkstave},
                    cid,
                    ask=("margin", "speed", "next_attack", "story"),
                )
        for c in s.combatants:
            if c.owed_merkstave:
                self.offer(
                    "merkstave",
                    self.words("Spend the Merkstave"),
                    {"actor": c.id, "next_attack": c.owed_merkstave},
                    c.id,
                    ask=("next_attack", "story"),
                )

    def pacts(self) -> None:
        """A combatant bound by a pact may try to break it, as often as they wish (a Courage cast)."""
        for c in self.state.combatants:
            for p in c.pacts:
                title = self.words("Try to break the pact with {who}", who=self.names.get(p.by, p.by))
                self.offer("break_pact", title, {"actor": c.id, "by": p.by}, c.id)

    def resolving(self) -> None:
        s, words = self.state, self.words
        p = s.pending
        if p is not None:
            who = p.defender or p.target
            if p.defence is not None and p.defence.allocation is None:
                self.allocate(who, p.defence)
            self.spend()
            self.offer("take_hit", words("Take the hit"), {"actor": p.target}, p.target)
            if p.defence is None:
                for defence_ in ("block", "dodge", "escape_pin"):
                    title = words("Switch to {defence}", defence=action_term(words, defence_))
                    self.offer("switch", title, {"actor": p.target, "defence": defence_}, p.target)
            return
        if s.checks:
            k = s.checks[0]
            c = self.people[k.who]
            held = c.held()
            if k.kind == "arms" and len(held) > 1:
                self.offer(
                    "check", term(words, N_("Courage")), {"actor": c.id, "drop": held[0].id}, c.id, ask=("drop",)
                )
            else:
                self.offer("check", words(CHECKS[k.kind]), {"actor": c.id}, c.id)
            return
        self.spend()
        if s.queue:
            d = s.declarations[s.queue[0]]
            hint = words(
                "Every action in speed order until a player must answer (the enemies take their hits); "
                "then the next segment begins"
            )
            self.offer("resolve_all", words("Resolve"), {}, None, hint=hint)
            title = words(
                "Resolve {who}'s {action}", who=self.names.get(d.actor, d.actor), action=action_term(words, d.action)
            )
            self.offer("resolve", title, {}, None, quiet=True)
