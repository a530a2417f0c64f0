"""A Rune fight's combatant cards (board_view.py draws them): hit points, what he holds and his numbers,
and a badge for each condition worth a glance (down, wounded, engaged, in cover, held, waiting to cut in...).
"""

from __future__ import annotations

from runehall.present.board import Badge, CombatantCard, Gauge, Stat, Tone
from runehall.present.words import N_, Words
from runehall.systems.rune.combat import gallery_view
from runehall.systems.rune.combat.board import Board
from runehall.systems.rune.combat.board_map import term
from runehall.systems.rune.combat.combatant import UNARMED, Combatant
from runehall.systems.rune.combat.names import said
from runehall.systems.rune.speech.common import health as health_words

SIDE_WORDS = {"heroes": N_("Heroes"), "foes": N_("Foes")}
COVER_WORDS = {"third": N_("third cover"), "half": N_("half cover"), "full": N_("full cover")}
MANEUVER_WORDS = {"hold_ground": N_("hold ground"), "duck_and_weave": N_("duck and weave")}
RESTRAINT_WORDS = {"hold": N_("held fast"), "pin": N_("pinned down"), "net": N_("caught in a net")}


# -- cards -----------------------------------------------------------------------------------------------
def _stat(message: str, value: int | None, words: Words) -> Stat:
    return Stat(term(message, words), words.number(value) if value is not None else words("unknown"))


def _badges(board: Board, c: Combatant, words: Words) -> list[Badge]:
    badges: list[Badge] = []
    if c.health != "active":
        badges.append(Badge(health_words(c.health, words), "bad" if c.health != "gone" else "muted"))
    if c.wounds:
        badges.append(Badge(words.n("{n} Wound", "{n} Wounds", c.wounds), "bad"))
    if c.impairment:
        badges.append(
            Badge(f"{term(N_('Impairment'), words)} −{words.number(c.impairment)}", "warning", words("to every roll"))
        )
    flags = c.this_round
    marks: tuple[tuple[bool, str, Tone, str], ...] = (
        (c.active and bool(board.engaged(c)), N_("engaged"), "accent", N_("an enemy stands within 3 paces")),
        (c.grabbed, N_("grabbed"), "warning", N_("caught in a grabber trap")),
        (c.fallen, N_("fallen"), "warning", N_("down: he must stand up before he moves")),
        (c.mounted, N_("mounted"), "", ""),
        (c.obscured, N_("obscured"), "", N_("as one-third cover")),
        (flags.withdrawing, N_("withdrawing"), "", ""),
        (flags.fleeing or flags.reckless, N_("fleeing"), "warning", ""),
        (c.severed, N_("arm lost"), "bad", ""),
    )
    badges += [Badge(words(label), tone, words(title) if title else "") for shown, label, tone, title in marks if shown]
    if c.cover != "none":
        badges.append(Badge(words(COVER_WORDS[c.cover])))
    if flags.maneuver:
        badges.append(Badge(words(MANEUVER_WORDS[flags.maneuver]), "accent"))
    if c.restraint is not None:
        by = board.people[c.restraint.by].name if c.restraint.by in board.people else ""
        label = words(RESTRAINT_WORDS[c.restraint.kind])
        badges.append(Badge(label, "warning", words("by {who}", who=by) if by else ""))
    if c.restraining is not None:
        badges.append(Badge(words("holding {who}", who=c.restraining), "accent"))
    entry = board.entries.get(c.name)
    if entry is not None and entry.waiting:
        badges.append(Badge(words("waiting to cut in"), "accent"))
    if c.name in board.windows:
        badges.append(Badge(words("can still be revived"), "warning"))
    return badges + gallery_view.badges(board, c, words)


def card(board: Board, c: Combatant, now: str | None, words: Words) -> CombatantCard:
    hp_tone: Tone = "good" if c.hp * 2 > c.hp_max else ("warning" if c.hp > 0 else "bad")
    gauges = (Gauge(term(N_("Hit Points"), words), c.hp, c.hp_max, tone=hp_tone),)
    w = c.in_hand
    dfn = c.dfn_weapon()
    stats = (
        Stat(words("In hand"), weapon_name(c, c.ready, words)),
        _stat(N_("ATK"), w.atk, words),
        _stat(N_("DFN"), None if dfn.dfn_na else dfn.dfn, words),
        _stat(N_("DAM"), w.dam, words),
        _stat(N_("Soak"), c.soak, words),
        *((Stat(words("Missiles left"), words.number(w.ammo)),) if w.ammo is not None else ()),
    )
    side = words(SIDE_WORDS[c.side]) if c.side in SIDE_WORDS else c.side
    return CombatantCard(
        key=c.name,
        name=said(c.name, words),
        side=side,
        side_key=c.side,
        gauges=gauges,
        badges=tuple(_badges(board, c, words)),
        stats=stats,
        active=c.name == now,
        out=c.out,
        at=(float(c.at[0]), float(c.at[1])),
    )


def weapon_name(c: Combatant, weapon_id: str, words: Words) -> str:
    from runehall.systems.rune.speech.common import data_name

    if weapon_id == UNARMED:
        return words("bare hands")
    found = next((w for w in c.weapons if w.id == weapon_id), None)
    return data_name("weapon", found.name if found else weapon_id, words)
