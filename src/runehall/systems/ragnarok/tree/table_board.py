"""The game tree at the table (runehall.present.board): the character's card, the nine piles in the book's
terms, the wyrd as it stands, and the moves legal now, each prefilled so it takes few clicks.

Book terms come first (Mano, Consunción, Fase de Wyrd) with the reader's word beside them on an English
page, as on the sheet. Composites and contingencies are named by what they hold (a Mental composite of Týr
and Fehu, the contingency "if the door opens"), never by the ids the tree keeps for them.

What a seat sees: the tree's owner and the game master (`Seat.runs`) see every pile and every move. The
tree's actions name no combatant, so a player who does not own the tree has no move on it; such a seat sees
the bag's runes only when the campaign makes bags public (option bag_visibility) and the runes drawn into
Mano only when drawn runes are public (option drawn_runes_public), else how many there are.

A move is offered exactly when its action accepts it now (tests/test_ragnarok_board.py applies every offered
move and tries every action not offered): the checks below follow the actions' own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from runehall.present.board import Badge, BoardView, CombatantCard, Gauge, Move, Seat, Stat, Tone
from runehall.present.sheet import SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.ragnarok.rules import TRAITS, rules
from runehall.systems.ragnarok.sheet import KINDS, PREFILLED_DIFFICULTY, book, strongest_trait
from runehall.systems.ragnarok.speech import (
    metamark_name,
    own,
    phase_name,
    pile_name,
    route_name,
    status_name,
    term,
    unit_name,
)
from runehall.systems.ragnarok.tree.board import Board
from runehall.systems.ragnarok.tree.combat import keeping_metamarks
from runehall.systems.ragnarok.tree.damage import _due, _eligible
from runehall.systems.ragnarok.tree.state import PILES, TRACK_PILES, VOID_ID, Composite, TreeState, zone_of
from runehall.systems.ragnarok.tree.view import _glyph

CARD_KEY = "character"  # the tree's one card; no action takes it (the tree names no combatant)
STATUS_TONES: dict[str, Tone] = {"activo": "good", "inconsciente": "warning", "muerto": "bad"}
TRACK_TONES: dict[str, Tone] = {"aturdido": "warning", "herido": "warning", "muerte": "bad", "consuncion": "bad"}
CAUSES = ("killing_blow", "natural_disaster")
SPLIT_EFFECTS = {  # an effect bought on either side of a blow, named by what it raises on that side
    ("PARRY_OR_PHYS_DMG_6", "damage_taken"): N_("+6 to Parry"),
    ("PARRY_OR_PHYS_DMG_6", "damage_dealt"): N_("+6 to Physical damage"),
}


def label(words: Words, msgid: str) -> str:
    """A book term in one string: "Destino" for a Spanish reader, "Destino (Destiny)" for an English one."""
    spanish, gloss = book(words, msgid)
    return f"{spanish} ({gloss})" if gloss else spanish


def trait_term(words: Words, code: str) -> str:
    found = next(t for t in rules().traits.trait if t.code == code)
    return term(words, found.name_en)


def unit(words: Words, board: Board, uid: str, glyph: bool = True) -> str:
    """A rune by its glyph and name, the Void rune, or a composite by its trait and what it is made of."""
    if uid in board.composites:
        c = board.composites[uid]
        sources = words.join(unit_name(words, r) for r in _runes_of(board, uid))
        return words("{trait} composite of {sources}", trait=trait_term(words, c.trait), sources=sources)
    name = unit_name(words, uid)
    return f"{_glyph(board, board.tokens[uid])} {name}" if glyph else name


def _runes_of(board: Board, uid: str) -> list[str]:
    """The runes a composite is made of, however deep its transformations go."""
    if uid not in board.composites:
        return [uid]
    return [r for source in board.composites[uid].sources for r in _runes_of(board, source)]


def _units(words: Words, board: Board, uids: Iterable[str]) -> str:
    return words.join(unit(words, board, u) for u in uids)


MoveMaker = Callable[..., Move]


def _condition(text: str) -> str:
    return f"“{text.strip()}”"


# -- what the board shows ---------------------------------------------------------------------------------
def build(state: TreeState, words: Words, seat: Seat) -> BoardView:
    words = own(words)
    board = Board(state)
    title = words("{tree} of {name}", tree=label(words, N_("Árbol de juego (game tree)")), name=state.character.name)
    moves = tuple(_moves(board, words)) if seat.runs else ()
    return BoardView(
        title=title,
        phase=_phase(board, words),
        combatants=(_card(board, words),),
        notes=_notes(board, words),
        moves=moves,
        sections=_sections(board, words, seat),
    )


def _phase(board: Board, words: Words) -> str:
    if board.combat is None:
        return words("Out of combat")
    c = board.combat
    return words(
        "Combat {number}, round {round}: {phase}",
        number=words.number(c.number),
        round=words.number(c.round),
        phase=phase_name(words, c.phase),
    )


def _card(board: Board, words: Words) -> CombatantCard:
    essence = board.essence()
    runes = len(essence)
    total = runes * board.hp
    damage = sum(t.position for t in essence)
    status = board.status()
    gauges = [Gauge(label(words, N_("Salud (health)")), total - damage, total, tone=STATUS_TONES[status])]
    gauges.append(Gauge(pile_name(words, "esencia"), len(board.bag()), runes, boxes=True, tone="good"))
    for pile in TRACK_PILES:
        count = sum(1 for t in essence if t.pile == pile)
        gauges.append(Gauge(pile_name(words, pile), count, runes, boxes=True, tone=TRACK_TONES[pile] if count else ""))
    badges = [Badge(status_name(words, status), STATUS_TONES[status])]
    if board.fate == "awaiting_rebirth":
        badges.append(Badge(words("awaiting rebirth"), "accent"))
    elif board.fate == "permanently_dead":
        badges.append(Badge(words("dead for good"), "bad"))
    for power in board.suppressed:
        badges.append(Badge(words("{power} suppressed", power=power), "muted"))
    stats = [Stat(label(words, N_("Destino (Destiny)")), words.number(board.character.destiny))]
    if board.has_dp:
        stats.append(Stat(label(words, N_("Potencia Divina (Divine Potency)")), words.number(board.dp)))
        stats.append(Stat(label(words, N_("PDB (BDP)")), words.number(board.bdp)))
    return CombatantCard(
        key=CARD_KEY,
        name=board.character.name,
        side=label(words, KINDS[board.character.kind]),
        side_key="heroes" if board.character.kind == "heroe" else "dwellers",
        gauges=tuple(gauges),
        badges=tuple(badges),
        stats=tuple(stats),
        active=board.combat is not None and status == "activo" and board.fate == "alive",
        out=board.fate != "alive" or status == "muerto",
    )


def _notes(board: Board, words: Words) -> tuple[str, ...]:
    name = board.character.name
    notes = []
    if board.fate == "permanently_dead":
        notes.append(words("{name} is dead for good.", name=name))
    elif board.fate == "awaiting_rebirth":
        notes.append(words("{name} is dead and awaits rebirth.", name=name))
    elif board.status() == "muerto":
        notes.append(words("{name} is dead: the norn rules what the death means.", name=name))
    elif board.status() == "inconsciente":
        notes.append(words("{name} is unconscious: no drawing, playing or tests until a rune heals.", name=name))
    if board.combat is not None and board.combat.extra_runes:
        n = board.combat.extra_runes
        notes.append(
            words.n("{n} extra rune bought for the next wyrd.", "{n} extra runes bought for the next wyrd.", n)
        )
    if board.recoverable() and not board.options.consumption_auto and _due(board):
        notes.append(words("A rune may climb back from Consunción to Muerte."))
    return tuple(notes)


def _sections(board: Board, words: Words, seat: Seat) -> tuple[SheetSection, ...]:
    sections = [_wyrd_section(board, words)]
    shows_bag = seat.runs or board.options.bag_visibility == "public"
    shows_hand = seat.runs or board.options.drawn_runes_public
    for pile in PILES:
        loose = board.loose(pile)
        if (pile == "esencia" and not shows_bag) or (pile == "mano" and not shows_hand):
            rows = [SheetRow(label(words, N_("Runas (runes)")), words.number(len(loose)))]
        elif pile == "contingencia":
            rows = [
                SheetRow(_condition(k.condition), _units(words, board, k.units))
                for k in board.contingencies.values()
                if k.state == "armed"
            ]
        elif pile == "actividad":
            rows = _activity_rows(board, words)
        else:
            rows = [_unit_row(board, words, uid) for uid in loose]
        if not rows and pile not in ("mano", "esencia"):
            continue
        title, gloss = book(words, next(p.name_en for p in rules().wounds.pile if p.id == pile))
        sections.append(SheetSection(title, tuple(rows) or (SheetRow(words("no runes"), ""),), gloss))
    return tuple(sections)


def _wyrd_section(board: Board, words: Words) -> SheetSection:
    destiny = board.character.destiny
    rows = [_row(words, N_("Destino (Destiny)"), words.n("{n} rune per wyrd", "{n} runes per wyrd", destiny))]
    bought = board.combat.extra_runes if board.combat is not None else 0
    if bought:
        rows.append(_row(words, N_("Runas extra (extra runes)"), words.number(bought)))
    rows.append(_row(words, N_("En la bolsa (in the bag)"), words.n("{n} rune", "{n} runes", len(board.bag()))))
    void = board.void()
    if void is not None:
        rows.append(_row(words, N_("Runa del Vacío (Void rune)"), pile_name(words, void.pile)))
    route = words("{route}: {n} health per rune", route=route_name(words, board.route), n=words.number(board.hp))
    rows.append(_row(words, N_("Ruta (route)"), route))
    if board.hours:
        rows.append(
            _row(
                words,
                N_("Horas (hours)"),
                words("{n} h", n=words.number(Fraction(board.hours).limit_denominator(1000))),
            )
        )
    title, gloss = book(words, N_("Wyrd"))
    return SheetSection(title, tuple(rows), gloss)


def _row(words: Words, msgid: str, value: str) -> SheetRow:
    text, gloss = book(words, msgid)
    return SheetRow(text, value, gloss)


def _unit_row(board: Board, words: Words, uid: str) -> SheetRow:
    trait = board.trait_of(uid)
    value = trait_term(words, trait) if trait is not None else words("no trait")
    if uid in board.tokens:
        t = board.tokens[uid]
        zone = zone_of(t.position, board.hp)
        if t.pile == "herido" and zone is not None:
            value = words("{trait}, zone {n}", trait=value, n=words.number(zone))
        if board.locked(t):
            value = words("{trait}, until this combat ends", trait=value)
    return SheetRow(unit(words, board, uid), value)


def _activity_rows(board: Board, words: Words) -> list[SheetRow]:
    chained = {u for c in board.chains.values() for u in c.units}
    rows = [_unit_row(board, words, uid) for uid in board.loose("actividad") if uid not in chained]
    for chain in board.chains.values():
        value = _units(words, board, chain.units)
        if chain.metamarks:
            marks = words.join(metamark_name(words, m) for m in chain.metamarks)
            value = words("{runes}; metamarks: {marks}", runes=value, marks=marks)
        rows.append(SheetRow(words("chain {name}", name=chain.id), value))
    return rows


# -- the moves legal now -----------------------------------------------------------------------------------
def _moves(board: Board, words: Words) -> list[Move]:
    from runehall.systems.ragnarok.tree.tracker import ACTIONS

    runes = (("allocate", tuple((t.id, unit(words, board, t.id)) for t in board.essence())),)

    def move(action: str, title: str, params: dict[str, Any] | None = None, ask: tuple[str, ...] = ()) -> Move:
        chosen = {name: options for name, options in runes if name in ask}  # a rune by its name, not its id
        return Move(action, title, params or {}, ask, hint=words(ACTIONS[action].summary), choices=chosen)

    alive = board.fate == "alive"
    active = alive and board.status() == "activo"
    combat = board.combat
    hand = board.loose("mano")
    moves: list[Move] = []
    if active:
        moves += _draw(board, words, move)
        moves += _transforms(board, words, move, hand)
    if board.options.allow_untransform:
        for cid in hand:
            if cid in board.composites:
                title = words("Undo the {composite}", composite=unit(words, board, cid))
                moves.append(move("untransform", title, {"composite": cid}))
    if active:
        in_combat = ("chain", "metamarks") if combat is not None else ()
        for uid in hand:
            title = words("Play {rune} to {pile}", rune=unit(words, board, uid), pile=pile_name(words, "actividad"))
            moves.append(move("play", title, {"rune": uid, "to": "actividad"}, in_combat))
        void = board.void()
        if void is not None and void.pile == "vacio":
            title = words("Play {rune} to {pile}", rune=unit(words, board, VOID_ID), pile=pile_name(words, "actividad"))
            moves.append(move("play", title, {"rune": VOID_ID, "to": "actividad", "from_pile": "vacio"}, in_combat))
        if hand:
            title = words("Declare a contingency")
            moves.append(move("declare_contingency", title, {"runes": hand[:1]}, ("runes", "condition")))
    for kid, k in board.contingencies.items():
        if k.state != "armed":
            continue
        if alive:
            title = words("Fire the contingency {condition}", condition=_condition(k.condition))
            moves.append(move("trigger_contingency", title, {"contingency": kid}))
        title = words("Cancel the contingency {condition}", condition=_condition(k.condition))
        moves.append(move("cancel_contingency", title, {"contingency": kid}))
    if active:
        trait = strongest_trait(board.character)
        params = {"difficulty": PREFILLED_DIFFICULTY, "required_trait": trait}
        moves.append(move("test", words("Skill test"), params, ("difficulty", "required_trait", "skill")))
    if combat is None:
        moves.append(move("cleanup", words("Gather the runes")))
    if alive:
        moves.append(_damage(board, words, move))
        if board.status() != "muerto":
            plan = _healing(board, 1)
            moves.append(move("heal", words("Heal"), {"points": 1, "allocate": plan}, ("points", "allocate")))
    moves.append(move("advance_time", words("Let time pass"), {"hours": 1}, ("hours",)))
    if not board.options.consumption_auto and _due(board):
        for t in board.recoverable():
            title = words("{rune} climbs back from {source} to {target}", rune=unit(words, board, t.id),
                          source=pile_name(words, "consuncion"), target=pile_name(words, "muerte"))  # fmt: skip
            moves.append(move("recover_consumption", title, {"rune": t.id}))
    if combat is None and not any(t.pile == "herido" for t in board.essence()):
        moves.append(move("new_saga", words("New saga"), {"route": board.route}, ("route",)))
    if combat is None:
        if alive and board.options.phase_order:
            moves.append(move("start_combat", words("Start a combat")))
    else:
        moves.append(_next_phase(board, words, move))
        moves.append(move("end_combat", words("End the combat")))
        if board.has_dp:
            if alive:
                moves += _spends(board, words, move)
            params = {"amount": 1}
            moves.append(move("dp_gain", words("Gain Divine Potency"), params, ("amount", "source")))
    if alive:
        moves.append(
            move("resolve_death", words("{name} dies", name=board.character.name), {"cause": CAUSES[0]}, ("cause",))
        )
    if board.fate == "awaiting_rebirth":
        moves.append(move("rebirth", words("Rebirth")))
    for power in board.character.passive_powers:
        if power.type == "encantamiento_runico":
            title = words("Runic Enchantment: {power}", power=power.name)
            moves.append(move("enchantment", title, {"power": power.name, "distance_m": None}, ("distance_m",)))
    return moves


def _draw(board: Board, words: Words, move: MoveMaker) -> list[Move]:
    bought = board.combat.extra_runes if board.combat is not None else 0
    wanted = board.character.destiny + bought
    bag = len(board.bag())
    if wanted > bag and board.options.short_bag == "reject":
        return []
    n = min(wanted, bag)
    title = (
        words.n("Draw {n} rune (wyrd)", "Draw {n} runes (wyrd)", n)
        if n
        else words("Draw runes (wyrd): the bag is empty")
    )
    return [move("wyrd", title, {"extra": 0})]


def _transformable(board: Board, uid: str) -> bool:
    u = board.unit(uid)
    if u.trait is None or u.part_of is not None:
        return False
    if uid == VOID_ID and not board.options.void_can_transform:
        return False
    return not (isinstance(u, Composite) and not board.options.allow_chained_transform)


def _transforms(board: Board, words: Words, move: MoveMaker, hand: list[str]) -> list[Move]:
    moves = []
    for source in TRAITS:
        able = [u for u in hand if board.trait_of(u) == source and _transformable(board, u)]
        if len(able) < 2:
            continue
        pair = able[:2]
        ask = ("runes",) if len(able) > 2 else ()
        for target in TRAITS:
            if target == source:
                continue
            title = words(
                "Transform {first} and {second} into {trait}",
                first=unit(words, board, pair[0]),
                second=unit(words, board, pair[1]),
                trait=trait_term(words, target),
            )
            moves.append(move("transform", title, {"runes": pair, "to": target}, ask))
    return moves


def _damage(board: Board, words: Words, move: MoveMaker) -> Move:
    params: dict[str, Any] = {"points": 1, "trait": "F"}
    ask: tuple[str, ...] = ("points", "trait")
    if board.options.damage_policy == "owner_choice":
        hp = board.hp
        eligible = _eligible(board, hp)
        # The usual allocation: the point on a healthy rune first, so the character stays standing longest.
        params["allocate"] = [min(eligible, key=lambda t: t.position).id] if eligible else []
        ask = (*ask, "allocate")
    return move("damage", words("Take damage"), params, ask)


def _healing(board: Board, points: int) -> list[str]:
    """The usual healing: the most hurt rune that healing reaches, one point at a time."""
    positions = {t.id: t.position for t in board.essence() if t.pile != "consuncion" and t.position > 0}
    plan = []
    for _ in range(points):
        if not positions:
            break
        uid = max(positions, key=lambda u: positions[u])
        plan.append(uid)
        positions[uid] -= 1
        if positions[uid] == 0:
            del positions[uid]
    return plan


def _next_phase(board: Board, words: Words, move: MoveMaker) -> Move:
    combat = board.combat
    assert combat is not None
    order = board.options.phase_order
    index = order.index(combat.phase) + 1 if combat.phase in order else len(order)
    phase = order[index % len(order)]
    params: dict[str, Any] = {}
    ask: tuple[str, ...] = ()
    if phase == "collection":
        marks = keeping_metamarks()
        kept = [c.id for c in board.chains.values() if marks & set(c.metamarks)]
        if kept:
            params["keep"] = kept
            ask = ("keep",)
    if phase == "maintenance":
        stunned = [t.id for t in board.essence() if t.pile == "aturdido"]
        if len(stunned) > board.options.stun_recovery_per_maintenance:
            params["recover"] = stunned[: board.options.stun_recovery_per_maintenance]
            ask = ("recover",)
    if index >= len(order):
        title = words("Next round: {phase}", phase=phase_name(words, phase))
    else:
        title = words("Next phase: {phase}", phase=phase_name(words, phase))
    return move("next_phase", title, params, ask)


def _spends(board: Board, words: Words, move: MoveMaker) -> list[Move]:
    combat = board.combat
    assert combat is not None
    moves = []
    for spend in rules().divine.spend:
        if spend.cost > board.dp:
            continue
        effect = term(words, spend.effect_en)
        dp = words("{n} DP", n=words.number(spend.cost))
        if spend.contexts:
            for context in spend.contexts:
                params: dict[str, Any] = {"effect": spend.code, "context": context}
                if context == "damage_dealt":
                    params["damage_trait"] = next(
                        t.code for t in rules().traits.trait if t.id == spend.damage_types[0]
                    ) if spend.damage_types else None  # fmt: skip
                    when = words("on damage dealt")
                else:
                    when = words("on damage taken")
                named = SPLIT_EFFECTS.get((spend.code, context))
                shown = words(named) if named is not None else effect
                title = words("{effect} ({cost}), {when}", effect=shown, cost=dp, when=when)
                ask = ("damage_trait",) if len(spend.damage_types) > 1 else ()
                moves.append(move("dp_spend", title, params, ask))
            continue
        if "any" not in spend.phases and combat.phase not in spend.phases:
            continue
        if spend.code == "HEAL_6":
            if board.status() == "muerto":
                continue
            plan = _healing(board, spend.bonus or 0)
            title = words("{effect} ({cost})", effect=effect, cost=dp)
            moves.append(move("dp_spend", title, {"effect": spend.code, "allocate": plan}, ("allocate",)))
            continue
        moves.append(move("dp_spend", words("{effect} ({cost})", effect=effect, cost=dp), {"effect": spend.code}))
    return moves


__all__ = ["build", "label", "trait_term", "unit"]
