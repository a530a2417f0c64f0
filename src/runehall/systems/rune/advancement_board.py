"""Rune advancement at the table as people see it (runehall.present.board): where the saga stands, the hero's
victory points and death insurance, his Abilities, those noted this encounter with their price, what he
bought, his Divine Gifts with his Divine Connection (his legendary items' patrons counted), the gift levels he
bought, his legendary items with their levels, and his horse. "Buy a gift" offers the gifts he can afford now,
each with its price; "Buy levels of a legendary item" the items whose next level he can pay for; "Buy a horse"
shows while he may buy one and can pay for it, "Upgrade the horse" offers the upgrades below their caps he can
pay for. Labels are the book's terms with the reader's word beside them, as on his sheet (hero_sheet.py); the
moves are the tracker's actions as Tracker.board offers them, each titled in words."""

from __future__ import annotations

from dataclasses import replace

from runehall.present.board import BoardView, Move
from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.rune import experience, horse_buying, legendary_buying
from runehall.systems.rune.experience import Advancement
from runehall.systems.rune.gifts import buying
from runehall.systems.rune.gifts.catalog import gift
from runehall.systems.rune.gifts.sheet_rows import gift_rows
from runehall.systems.rune.hero_sheet import named, row, section
from runehall.systems.rune.horse_sheet import horse_rows
from runehall.systems.rune.horses import UPGRADE_WORDS
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.rules import rules
from runehall.systems.rune.speech.advancing import HOW, REASONS
from runehall.systems.rune.speech.item_buying import item_offer, legendary_rows
from runehall.systems.rune.treasure import legendary


def board(drawn: BoardView, record: Advancement, words: Words, options: RuneOptions) -> BoardView:
    """`drawn` (the default board: its moves) with the record in words."""
    phase = words(
        "Encounter {n} · {phase}",
        n=words.number(record.encounter),
        phase=words(experience.PHASE_WORDS[record.phase]),
    )
    sections = [
        section(N_("Victory points"), _accounts(record, words), words),
        section(N_("Abilities"), _abilities(record, words), words),
    ]
    if record.eligible:
        sections.append(section(N_("Noted this encounter"), _noted(record, words, options), words))
    if record.bought:
        sections.append(section(N_("Raised since creation"), _bought(record, words), words))
    items = legendary.connections(record.hero.magic_items)
    if record.hero.gifts or items:
        sections.append(section(N_("Divine Gifts"), gift_rows(record.hero.gifts, words, options, items), words))
    owned = legendary_rows(record.hero.magic_items, words)
    if owned:
        sections.append(section(N_("Legendary items"), owned, words))
    if record.gifts_bought:
        sections.append(section(N_("Gifts bought"), _gifts_bought(record, words), words))
    if record.hero.horse is not None:
        sections.append(section(N_("Horse"), horse_rows(record.hero.horse, words, record.hero.numbers().load), words))
    moves = tuple(_move(m, record, words, options) for m in drawn.moves)
    return replace(
        drawn,
        title=record.hero.name,
        phase=phase,
        sections=tuple(sections),
        moves=tuple(m for m in moves if m is not None),
    )


def _move(move: Move, record: Advancement, words: Words, options: RuneOptions) -> Move | None:
    if move.action == "buy_gift":
        return _gift_move(move, record, words, options)
    if move.action == "buy_item":
        offered = [(str(n), item_offer(c, words)) for n, c in legendary_buying.buyable(record)]
        return replace(move, choices={"item": tuple(offered)}) if offered else None
    if move.action == "buy_horse":
        return move if horse_buying.can_buy(record) else None
    if move.action == "upgrade_horse":
        offered = [
            (u.id, words("{upgrade} for {vp}", upgrade=words(UPGRADE_WORDS[u.id]), vp=_vp(u.cost, words)))
            for u in horse_buying.upgradable(record)
        ]
        return replace(move, choices={"upgrade": tuple(offered)}) if offered else None
    return move


def _gift_move(move: Move, record: Advancement, words: Words, options: RuneOptions) -> Move | None:
    """"Buy a gift" with a choice of the gifts he can afford now, each with its price (none: no move)."""
    levels = record.hero.gifts
    offered = []
    for g in buying.buyable(record, options):
        said = words(
            "{gift}: level {level} for {vp}", gift=words(g.name), level=words.number(levels.get(g.id, 0) + 1),
            vp=_vp(g.cost, words),
        )  # fmt: skip
        offered.append((g.id, said))
    return replace(move, choices={"gift": tuple(offered)}) if offered else None


def _vp(n: int, words: Words) -> str:
    return words("{n} VP", n=words.number(n))


def _ability(ability: str) -> str:
    return rules().ability(ability).name


def _accounts(record: Advancement, words: Words) -> list[SheetRow]:
    rows = [
        row(N_("Victory points earned"), words.number(record.vp_total), words),
        row(N_("Victory points spent"), words.number(record.vp_spent), words),
        row(N_("Free VP"), words.number(record.vp_free), words),
        row(N_("Death insurance"), words("bought") if record.insured is not None else words("not bought"), words),
    ]
    if record.fallen:
        rows.append(row(N_("Fallen heroes"), words.join(record.fallen), words))
    return rows


def _abilities(record: Advancement, words: Words) -> list[SheetRow]:
    """The Abilities he has points in, in the book's order."""
    ratings = record.ratings()
    return [named(a.name, words, words.number(ratings[a.id])) for a in rules().abilities.ability if a.id in ratings]


def _noted(record: Advancement, words: Words, options: RuneOptions) -> list[SheetRow]:
    """Each Ability noted this encounter: why, and its price by experience (once per encounter)."""
    rows = []
    ratings = record.ratings()
    for ability, reason in record.eligible.items():
        if ability in record.raised:
            price = words("already raised this encounter")
        else:
            price = _vp(experience.xp_price(ratings, ability, options), words)
        rows.append(named(_ability(ability), words, f"{words(REASONS[reason])} · {price}"))
    return rows


def _gifts_bought(record: Advancement, words: Words) -> list[SheetRow]:
    rows = []
    for b in record.gifts_bought:
        said = words(
            "{before} → {after} for {vp}",
            before=words.number(b.from_level),
            after=words.number(b.to_level),
            vp=_vp(b.vp, words),
        )
        rows.append(named(gift(b.gift).name, words, said))
    return rows


def _bought(record: Advancement, words: Words) -> list[SheetRow]:
    rows = []
    for b in record.bought:
        said = words(
            "{before} → {after} for {vp}",
            before=words.number(b.from_rating),
            after=words.number(b.to_rating),
            vp=_vp(b.vp, words),
        )
        rows.append(named(_ability(b.ability), words, f"{said} · {words(HOW[b.how])}"))
    return rows
