"""What gifts and lasting effects allow at declaration: a gift used as the action, The Thorn Bush Defence
named with a declared Defence, Storm of Blades' ban on declared defences, Way of Peace ending when its
holder attacks, sharing an Evaluate Battlefield, showing joy (Wunjo), and a mixed warband's weapons."""

from __future__ import annotations

from typing import Any

from runehall.errors import Named, RulesError
from runehall.present.words import N_
from runehall.systems.midgard.combat import asks, gear, gift_moves, gifts
from runehall.systems.midgard.combat.combatant import Combatant, alive_members
from runehall.systems.midgard.combat.effects import Effect, after_attack, has
from runehall.systems.midgard.combat.fight import Fight
from runehall.systems.midgard.combat.gift_effects import fee_at_cast, pay
from runehall.systems.midgard.combat.settings import midgard_options, opt
from runehall.systems.midgard.combat.state import ATTACKS, BASIC, Declaration
from runehall.systems.midgard.gift_use import parse_use, use_cost
from runehall.systems.midgard.records import book_name
from runehall.systems.midgard.rules import rules


def check_gift(fight: Fight, c: Combatant, p: Any) -> dict[str, Any]:
    """A gift declared as the action: held, usable now, with the targets it needs and the Wyrð to pay."""
    if p.gift is None:
        raise RulesError(N_("a gift action needs {what}"), what=asks.GIFT)
    use = parse_use(p.gift)
    if not gifts.holds(c, use.gift, fight.options):
        raise RulesError(N_("{who} does not have the gift {gift}"), who=c.name, gift=book_name(use.gift.name))
    a = gift_moves.action_of(use.id)
    if a.trance and not has(c.effects, "trance"):
        raise RulesError(N_("{gift} needs a Seidr trance first"), gift=book_name(use.gift.name))
    harm = use.id == "rune_of_power" and "harm" in use.words
    out: dict[str, Any] = {"gift": use.text(), "time": "short" if a.time == gift_moves.SHORT else None}
    if a.difficulty == "gm" and not harm and p.difficulty is None and opt(fight.options, "gm_mode") == "ask":
        raise RulesError(
            N_("the GM sets the difficulty of {gift}: give {what}"), gift=book_name(use.gift.name), what=asks.DIFFICULTY
        )
    if (a.target or harm) and p.target is None and use.id != "request":
        raise RulesError(N_("{gift} needs {what}"), gift=book_name(use.gift.name), what=asks.TARGET)
    if p.target is not None:
        target = fight.who(p.target)
        if target.out:
            raise RulesError(N_("{target} is out of the fight"), target=target.name)
        out["target"] = target.id
    if a.second_target:
        if len(p.extra_targets) != 1:
            raise RulesError(
                N_("{gift} weaves two targets: {what}"),
                gift=book_name(use.gift.name),
                what=Named(N_("--target and one --extra-targets"), N_("name them both")),
            )
        out["extra_targets"] = (fight.who(p.extra_targets[0]).id,)
    elif p.extra_targets:
        raise RulesError(N_("{gift} takes one target"), gift=book_name(use.gift.name))
    d = Declaration(actor=c.id, action="gift", gift=use.text(), target=out.get("target"))
    fee = fee_at_cast(d, fight.options)
    if use.id in ("thick_hide", "way_of_peace", "fist_of_thunder", "seidr_trance", "the_look_of_dread"):
        fee = use_cost(use, midgard_options(fight.options))
    if fee and (c.wyrd is None or c.wyrd < fee):
        raise RulesError(
            N_("{gift} costs {fee} Wyrð; {who} has {wyrd}"),
            gift=book_name(use.gift.name),
            fee=fee,
            who=c.name,
            wyrd=c.wyrd or 0,
        )
    if p.skill is not None:
        from runehall.systems.midgard.combat.combatant import skill_name

        out["skill"] = skill_name(p.skill)
    return out


def check_limits(fight: Fight, c: Combatant, action: str) -> str:
    """Storm of Blades forbids declared defences this round (a pin must still be escaped); attacking ends
    stances such as Way of Peace and Wild Strike's lowered Defence."""
    note = ""
    defence = BASIC[action] == "defence" and not (action == "escape_pin" and c.pin is not None)
    if defence and has(c.effects, "no_declared_defence"):
        raise RulesError(
            N_("{who} used Storm of Blades: no declared defences this round (switching is allowed)"), who=c.name
        )
    if action in ATTACKS and any(e.ends == "attack" for e in c.effects):
        if has(c.effects, "block_dodge_skill", gift="way_of_peace"):
            note = "leaves the Way of Peace"
        fight.set(c.id, effects=after_attack(c.effects))
    if action == "share_evaluation" and not has(c.effects, "evaluation"):
        raise RulesError(N_("{who} has no successful Evaluate Battlefield to share"), who=c.name)
    if action == "rejoice" and not c.rune_totals.get("wunjo"):
        raise RulesError(N_("{who} holds no Wunjo gift: showing joy regains nothing"), who=c.name)
    return note


def thorn_bush(fight: Fight, c: Combatant, action: str, texts: list[str]) -> None:
    """The Thorn Bush Defence, paid when a Defence is declared (not switched to) with a Sax-skill weapon
    in hand; option thorn_bush_declaration may limit it to the round's first segment."""
    if not texts:
        return
    uses = gifts.uses_of(c, texts, fight.options)
    if [u.id for u in uses] != ["thorn_bush_defence"]:
        raise RulesError(N_("only The Thorn Bush Defence is named with a declaration; other gifts go with the cast"))
    use = uses[0]
    if action not in ("block", "dodge", "escape_pin"):
        raise RulesError(N_("The Thorn Bush Defence is declared with a Defence action"))
    if opt(fight.options, "thorn_bush_declaration") == "first_segment_only" and fight.segment != 1:
        raise RulesError(N_("The Thorn Bush Defence is declared with a Defence in the round's first segment"))
    blades = [i for i in c.held() if "Sax" in gear.weapon_or_bow(i.weapon).skills]
    if not blades:
        raise RulesError(N_("The Thorn Bush Defence needs a Sax-skill weapon in hand"))
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    thorn = Effect(kind="thorn_bush", gift=use.id, item=blades[0].id, ends="segment")
    fight.set(c.id, effects=(*fight.people[c.id].effects, thorn))


def carved_skill(words: frozenset[str]) -> str | None:
    """The skill named with a sword-carved rune_of_power:penalty+SKILL; RulesError unless exactly one."""
    if "penalty" not in words:
        return None
    named = [found.name for w in words - {"penalty"} if (found := rules().skill(w)) is not None]
    if len(named) != 1 or len(words) != 2:
        raise RulesError(N_("rune_of_power:penalty names one skill of the target's (e.g. rune_of_power:penalty+sax)"))
    return named[0]


def sword_rune(fight: Fight, c: Combatant, d: Declaration, texts: list[str]) -> Declaration:
    """Rune of Power carved onto the target as part of one sword attack (Swords skill only): the attack is
    5 slower, and if it hits the rune deals its direct damage (full Odin, through armour) -- or, carved as
    :penalty+SKILL, puts half Odin in merkstave on the target's casts with that skill for the scene."""
    if not texts:
        return d
    use = gifts.uses_of(c, texts, fight.options)[0]
    if d.action not in ATTACKS or d.skill != "Swords":
        raise RulesError(N_("a Rune of Power is carved as part of an attack only with the Swords skill"))
    carved_skill(use.words)
    if use.words != {"harm"} and "penalty" not in use.words:
        raise RulesError(
            N_(
                "a Rune of Power carved with a sword is rune_of_power:harm (direct damage) or "
                "rune_of_power:penalty+SKILL (a penalty on one of the target's skills)"
            )
        )
    pay(fight, c, use_cost(use, midgard_options(fight.options)))
    return d.model_copy(update={"gifts": (*d.gifts, use.text())})


def warband_weapon(c: Combatant, given: str | None) -> str | None:
    """A warband with mixed weapons uses each once a round before any again, in the GM's order (§13.7)."""
    if c.kind != "warband":
        return given
    kinds = list(dict.fromkeys(m.weapon for m in alive_members(c)))
    if len(kinds) < 2:
        return given
    used = [w for w in c.used_weapons if w in kinds]
    fresh = [k for k in kinds if k not in used] or kinds
    if given is None:
        return fresh[0]
    item = c.item(given)
    kind = item.weapon if item is not None else given
    if kind not in fresh:
        raise RulesError(
            N_("{who} must use each weapon once this round first: {fresh}"), who=c.name, fresh=", ".join(fresh)
        )
    return given


def used_weapon(c: Combatant, weapon_id: str | None) -> tuple[str, ...]:
    if c.kind != "warband" or weapon_id is None:
        return c.used_weapons
    item = c.item(weapon_id)
    kind = item.weapon if item is not None else weapon_id
    kinds = list(dict.fromkeys(m.weapon for m in alive_members(c)))
    if len(kinds) < 2:
        return c.used_weapons
    used = [w for w in c.used_weapons if w in kinds]
    if set(used) >= set(kinds):
        used = []  # every weapon has had its turn: a new cycle
    return (*used, kind)
