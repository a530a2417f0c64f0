"""The numbers the risk estimate plays a fight with: one `Fighter` per combatant, read from a combatant, a hero
sheet, or a foe the notes describe (a FoeSpec built with the Foe Maker from the heroes' Roll of Valor).

Each fighter fights in melee with one weapon: the one in hand when it is a melee weapon, else his best known
melee weapon (ATK + DAM), else his fists. A bow-armed foe fights with its type's melee attack form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from runehall.errors import ParameterError
from runehall.present.words import N_
from runehall.systems.rune.combat.arithmetic import situation_modifier
from runehall.systems.rune.combat.build import CombatantSpec, build
from runehall.systems.rune.combat.combatant import Combatant, Weapon
from runehall.systems.rune.encounters.design import FoeSpec
from runehall.systems.rune.foes import FoeStats, Tally, foe_spec, foe_stats, hero_tally, might, roll_of_valor

MELEE = ("melee", "brawling")
HeroLike = Combatant | Mapping[str, Any]
FoeLike = Combatant | FoeSpec | FoeStats | Mapping[str, Any]


@dataclass(frozen=True)
class Fighter:
    name: str
    hero: bool
    init: int
    atk: int
    dfn: int
    dam: int
    soak: int
    hp_max: int
    hp: int
    wt: int
    wounds: int
    impairment_other: int  # at most 2 counts
    invigoration: int
    gifts: int
    might: int
    healer: int | None  # his Healer roll bonus; None: he cannot revive anyone
    revive_extra: int  # what his being inhuman or undead adds to the Difficulty of reviving him
    total_vp: int = 0  # a hero's total VP before the encounter (the runner's almost-down award adds a tenth)


def fighting_weapon(c: Combatant) -> Weapon:
    """The melee weapon he fights with in the estimate."""
    if c.in_hand.kind in MELEE and c.ready not in c.dropped:
        return c.in_hand
    known = [
        w
        for w in c.weapons
        if w.kind in MELEE and w.id not in c.dropped and None not in (w.init, w.atk, w.dam) and w.id != "unarmed"
    ]
    if known:
        return max(known, key=lambda w: (int(w.atk or 0) + int(w.dam or 0), -c.weapons.index(w)))
    return c.unarmed


def fighter(c: Combatant, total_vp: int = 0, options: Any = None) -> Fighter:
    w = fighting_weapon(c)
    guard = c.unarmed if w.dfn_na else w
    melee = Tally(w.need("init", c.name), w.need("atk", c.name), guard.need("dfn", c.name), w.need("dam", c.name),
                  c.soak, c.hp_max, c.res or 0)  # fmt: skip
    healer = c.healer if c.hero else None  # foes revive no one in the estimate
    extra = (situation_modifier("inhuman_patient") if c.inhuman else 0) + (
        situation_modifier("undead_patient") if c.undead else 0
    )
    return Fighter(
        name=c.name,
        hero=c.hero,
        init=melee.init,
        atk=melee.atk,
        dfn=melee.dfn,
        dam=melee.dam,
        soak=c.soak,
        hp_max=c.hp_max,
        hp=c.hp,
        wt=c.wt,
        wounds=c.wounds,
        impairment_other=min(2, c.impairment_other),
        invigoration=c.invigoration,
        gifts=c.gifts,
        might=might(melee),
        healer=healer,
        revive_extra=extra,
        total_vp=total_vp,
    )


def hero_combatants(heroes: Sequence[HeroLike], options: Any) -> list[Combatant]:
    out: list[Combatant] = []
    for i, h in enumerate(heroes):
        if isinstance(h, Combatant):
            out.append(h)
            continue
        name = str(h.get("name") or f"Hero {i + 1}")
        spec = CombatantSpec(name=name, sheet=dict(h), hero=True)
        out.append(build(spec, options, i))
    return out


def foe_combatants(
    foes: Sequence[FoeLike], heroes: Sequence[Combatant], options: Any, tally: Tally | None = None
) -> list[tuple[Combatant, int]]:
    """Each foe as a combatant with its Might; a FoeSpec is built with the Foe Maker from `tally` (default: the
    heroes' Roll of Valor)."""
    out: list[tuple[Combatant, int]] = []
    for i, f in enumerate(foes, start=len(heroes)):
        if isinstance(f, Combatant):
            out.append((f, fighter(f).might))
            continue
        if isinstance(f, FoeSpec):
            if tally is None:
                tally = roll_of_valor([hero_tally(h) for h in heroes])
            base = tally
            if f.adjust is not None:  # the notes' own Adjust in place of the type's: tally + row + Adjust alike
                extra = {str(k): v for k, v in f.adjust.items()}
                base = Tally(*(v + extra.get(s, 0) for s, v in zip(Tally._fields, tally, strict=True)))
            stats = foe_stats(f.type, f.threat, base, adjust=f.use_adjust and f.adjust is None, heroes=len(heroes))
            data = foe_spec(stats.foe_type, stats.category, stats, f.name or f.id)  # (a name the risk never shows)
            out.append((build(CombatantSpec.model_validate(data), options, i), stats.might))
            continue
        if isinstance(f, FoeStats):
            data = foe_spec(f.foe_type, f.category, f, f"{f.foe_type} {i - len(heroes) + 1}")
            out.append((build(CombatantSpec.model_validate(data), options, i), f.might))
            continue
        if isinstance(f, Mapping):
            c = build(CombatantSpec.model_validate(dict(f)), options, i)
            out.append((c, fighter(c).might))
            continue
        raise ParameterError(N_("a foe is given as a combatant, a foe of the notes or its statistics"))
    return out
