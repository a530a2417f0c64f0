"""A mutable working copy of a TreeState, used inside one action and frozen back at the end.

Actions check everything before they return, and a refused move raises, so the state they were given
never changes. The working copy keeps the piles' bookkeeping in one place: moving a composite moves its
sources, sending a unit home dissolves composites, and units leaving a pile leave its chains and
contingencies.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any

from runehall.chance.sources import Source
from runehall.errors import ParameterError, RulesError, do_first, option_rule
from runehall.present.card import Card
from runehall.present.words import N_, Words
from runehall.systems.ragnarok.rules import Trait, fold, rules
from runehall.systems.ragnarok.tree.state import (
    PLAY_PILES,
    VOID_ID,
    Chain,
    Combat,
    Composite,
    Contingency,
    PileId,
    RuneToken,
    Status,
    TreeState,
    hp_of,
    track_pile,
)
from runehall.systems.tracker import TrackerAction

Unit = RuneToken | Composite
VOID_NAMES = {"vacio", "void", "ginungagap", "runa del vacio", "void rune"}
EPSILON = 1e-9
# What to do before what only happens in combat (require_combat's refusals).
START_FIRST = do_first("start_combat", N_("start a combat first"))


class Board:
    def __init__(self, state: TreeState) -> None:
        self.character = state.character
        self.options = state.options
        self.route = state.route
        self.tokens = {t.id: t for t in state.tokens}
        self.composites = {c.id: c for c in state.composites}
        self.contingencies = {c.id: c for c in state.contingencies}
        self.chains = {c.id: c for c in state.chains}
        self.combat = state.combat
        self.last_combat = state.last_combat
        self.dp = state.dp
        self.hours = state.hours
        self.consumption_clock = state.consumption_clock
        self.fate = state.fate
        self.suppressed = state.suppressed
        self.counter = state.counter

    def freeze(self) -> TreeState:
        return TreeState(
            character=self.character,
            options=self.options,
            route=self.route,
            tokens=tuple(self.tokens.values()),
            composites=tuple(self.composites.values()),
            contingencies=tuple(self.contingencies.values()),
            chains=tuple(c for c in self.chains.values() if c.units),
            combat=self.combat,
            last_combat=self.last_combat,
            dp=self.dp,
            hours=self.hours,
            consumption_clock=self.consumption_clock,
            fate=self.fate,
            suppressed=self.suppressed,
            counter=self.counter,
        )

    # -- the character ----------------------------------------------------------------------------------
    @property
    def hp(self) -> int:
        return hp_of(self.route)

    @property
    def has_dp(self) -> bool:
        """Divine Potency applies: the sheet has it and the campaign uses the rule."""
        return self.character.divine is not None and self.options.divine_potency_enabled

    @property
    def bdp(self) -> int:
        return self.character.divine.bdp if self.character.divine is not None and self.has_dp else 0

    def essence(self) -> list[RuneToken]:
        return [t for t in self.tokens.values() if not t.is_void]

    def void(self) -> RuneToken | None:
        return self.tokens.get(VOID_ID)

    def status(self) -> Status:
        """§4.3: only Essence runes count; a rune in play is healthy (Q-26)."""
        positions = [t.position for t in self.essence()]
        hp = self.hp
        if self.options.consumption_counts_as_dead:  # consuncion lies below muerte
            dead = all(p >= hp for p in positions)
        else:
            dead = all(p == hp for p in positions)
        if dead:
            return "muerto"
        return "inconsciente" if all(p >= 2 for p in positions) else "activo"

    # -- units: loose runes and composites --------------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        found: Unit | None = self.tokens.get(uid) or self.composites.get(uid)
        if found is None:
            raise RulesError(N_("there is no rune or composite {uid!r} on this tree"), uid=uid)
        return found

    def resolve(self, name: str) -> str:
        """The id of a unit named by id, rune id, book name or printed name (accents and case ignored)."""
        text = name.strip()
        key = fold(text)
        for uid in (*self.tokens, *self.composites):
            if fold(uid) == key:
                return uid
        if key in VOID_NAMES:
            if VOID_ID not in self.tokens:
                raise RulesError(N_("{character} has no Void rune"), character=self.character.name)
            return VOID_ID
        try:
            rune_id = rules().rune(text).id
        except ParameterError:
            raise ParameterError(N_("{text!r} is neither a rune nor a composite id"), text=text) from None
        matches = [t.id for t in self.essence() if t.rune == rune_id]
        if not matches:
            raise RulesError(
                N_("{text} is not one of {character}'s Essence runes"), text=text, character=self.character.name
            )
        if len(matches) > 1:
            raise ParameterError(
                N_("{text} is ambiguous: name one of {matches}"), text=text, matches=", ".join(matches)
            )
        return matches[0]

    def trait_of(self, uid: str) -> Trait | None:
        return self.unit(uid).trait

    def loose(self, pile: str) -> list[str]:
        """The units that can be moved on their own in a pile: runes not transformed, and top composites."""
        units = [t.id for t in self.tokens.values() if t.pile == pile and t.part_of is None]
        return units + [c.id for c in self.composites.values() if c.pile == pile and c.part_of is None]

    def bag(self) -> list[RuneToken]:
        return [t for t in self.tokens.values() if t.pile == "esencia"]

    def label(self, uid: str) -> str:
        """A unit as people read it: rune name, or a composite with its sources."""
        if uid == VOID_ID:
            return "Vacío"
        if uid in self.tokens:
            return rules().rune(self.tokens[uid].rune or uid).name
        c = self.composites[uid]
        return f"{c.id}[{c.trait}]({' + '.join(self.label(s) for s in c.sources)})"

    def new_id(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    # -- moving ----------------------------------------------------------------------------------------
    def set_token(self, uid: str, **changes: Any) -> None:
        self.tokens[uid] = self.tokens[uid].model_copy(update=changes)

    def move(self, uid: str, pile: PileId) -> None:
        """Move a unit between piles at position 0; a composite carries its sources along."""
        if uid in self.tokens:
            self.set_token(uid, pile=pile)
            return
        c = self.composites[uid]
        self.composites[uid] = c.model_copy(update={"pile": pile})
        for s in c.sources:
            self.move(s, pile)

    def _replace_in_groups(self, uid: str, by: tuple[str, ...]) -> None:
        for cid, chain in self.chains.items():
            if uid in chain.units:
                units = tuple(u for x in chain.units for u in ((*by,) if x == uid else (x,)))
                self.chains[cid] = chain.model_copy(update={"units": units})
        for kid, k in self.contingencies.items():
            if uid in k.units:
                units = tuple(u for x in k.units for u in ((*by,) if x == uid else (x,)))
                self.contingencies[kid] = k.model_copy(update={"units": units})

    def dissolve(self, cid: str) -> tuple[str, str]:
        """Undo a composite: its two sources become loose units where it was."""
        c = self.composites.pop(cid)
        for s in c.sources:
            if s in self.tokens:
                self.set_token(s, part_of=None)
            else:
                self.composites[s] = self.composites[s].model_copy(update={"part_of": None})
        self._replace_in_groups(cid, c.sources)
        return c.sources

    def detach(self, uid: str) -> None:
        """Make a rune loose and alone: break the composites holding it, take it out of chains and contingencies."""
        parent = self.tokens[uid].part_of
        while parent is not None:
            top = parent
            while (above := self.composites[top].part_of) is not None:
                top = above
            self.dissolve(top)
            parent = self.tokens[uid].part_of
        self._replace_in_groups(uid, ())

    def send_home(self, uid: str) -> list[str]:
        """Return a unit to where it rests: the Void rune to vacio, Essence runes to the bag (A-05, A-18)."""
        if uid in self.composites:
            return [r for s in self.dissolve(uid) for r in self.send_home(s)]
        self._replace_in_groups(uid, ())
        self.set_token(uid, pile="vacio" if uid == VOID_ID else "esencia")
        return [uid]

    def collect(self, piles: tuple[str, ...], keep: tuple[str, ...] = ()) -> list[str]:
        """Send home every loose unit in these piles except those of the kept chains; the runes returned."""
        kept = {u for cid in keep for u in self.chains[cid].units}
        returned: list[str] = []
        for pile in piles:
            for uid in self.loose(pile):
                if uid not in kept:
                    returned += self.send_home(uid)
        if "actividad" in piles:
            for cid in [c for c in self.chains if c not in keep]:
                del self.chains[cid]
        return returned

    def damage_step(self, uid: str) -> None:
        """One damage point on one rune: down one position; a rune in play leaves play first (A-12)."""
        t = self.tokens[uid]
        if t.pile in PLAY_PILES:
            self.detach(uid)
        position = t.position + 1
        pile = track_pile(position, self.hp)
        consumed = self.combat.number if pile == "consuncion" and self.combat is not None else None
        self.set_token(uid, position=position, pile=pile, consumed_in=consumed)

    def heal_step(self, uid: str) -> None:
        position = self.tokens[uid].position - 1
        pile = track_pile(position, self.hp) if position else "esencia"
        self.set_token(uid, position=position, pile=pile, consumed_in=None)

    # -- rules every action shares ----------------------------------------------------------------------
    def require_alive(self) -> None:
        if self.fate == "permanently_dead":
            raise RulesError(N_("{character} is dead for good"), character=self.character.name)
        if self.fate == "awaiting_rebirth":
            raise RulesError(
                N_("{character} is dead and awaits rebirth (action rebirth)"), character=self.character.name
            )

    def require_active(self, refusal: str) -> None:
        """Only a conscious character draws, plays and tests (I-15); `refusal` says what cannot be done, with
        `{character}` and `{status}` places."""
        self.require_alive()
        status = self.status()
        if status != "activo":
            raise RulesError(refusal, character=self.character.name, status=status)

    def require_combat(self, refusal: str, **values: Any) -> Combat:
        """The running combat; else `refusal`, the template that says what only happens in combat."""
        if self.combat is None:
            raise RulesError(refusal, **values)
        return self.combat

    def locked(self, t: RuneToken) -> bool:
        """A rune that entered consuncion in the running combat cannot leave it before the combat ends (A-16)."""
        return self.combat is not None and t.consumed_in == self.combat.number

    def recoverable(self) -> list[RuneToken]:
        return [t for t in self.essence() if t.pile == "consuncion" and not self.locked(t)]

    def pay_dp(self, cost: int, refusal: str, **values: Any) -> None:
        """Spend Divine Potency markers (I-25); `refusal` is the template said when the pool is short, with
        `{cost}` and `{dp}` filled here and its other places from `values`."""
        if self.character.divine is None:
            raise RulesError(N_("{character} has no Divine Potency"), character=self.character.name)
        if not self.options.divine_potency_enabled:
            raise RulesError(
                N_("Divine Potency is not used in this campaign ({rule})"),
                rule=option_rule("divine_potency_enabled", N_("the campaign's rules")),
            )
        if cost > self.dp:
            raise RulesError(refusal, cost=cost, dp=self.dp, **values)
        self.dp -= cost

    def gain_dp(self, amount: int) -> int:
        cap = self.options.dp_cap
        before = self.dp
        self.dp = self.dp + amount if cap is None else min(cap, self.dp + amount)
        return self.dp - before

    def new_contingency(self, units: tuple[str, ...], condition: str) -> Contingency:
        k = Contingency(
            id=self.new_id("k"),
            units=units,
            condition=condition,
            combat=self.combat.number if self.combat else None,
            round=self.combat.round if self.combat else None,
        )
        self.contingencies[k.id] = k
        for uid in units:
            self.move(uid, "contingencia")
        return k

    def join_chain(self, chain_id: str, uid: str, metamarks: Iterable[str]) -> Chain:
        chain = self.chains.get(chain_id) or Chain(id=chain_id, units=())
        marks = tuple(dict.fromkeys((*chain.metamarks, *metamarks)))
        chain = chain.model_copy(update={"units": (*chain.units, uid), "metamarks": marks})
        self.chains[chain_id] = chain
        return chain


class TreeAction(TrackerAction[TreeState]):
    """An action on a working copy: `run` changes the board or raises, and the board is frozen after."""

    def apply(self, state: TreeState, params: Any, options: Any, source: Source) -> tuple[TreeState, dict[str, Any]]:
        board = Board(state)
        result = self.run(board, params, source)
        return board.freeze(), result

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        from runehall.systems.ragnarok.speech import choice_label

        return choice_label(self, field, value, words)

    def describe(self, event: Mapping[str, Any], words: Words, who: str) -> Card:
        """The logged action as a card, from its stored params, tape and result (tree/cards.py)."""
        from runehall.systems.ragnarok.speech import said
        from runehall.systems.ragnarok.tree.cards import describers

        return said(describers()[self.name], self.title)(event, words, who)

    @abstractmethod
    def run(self, board: Board, params: Any, source: Source) -> dict[str, Any]:
        """Change the board and say what happened; RulesError if the move is illegal."""
