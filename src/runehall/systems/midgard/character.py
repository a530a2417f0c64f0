"""A Midgard character built by the book's six steps: birthright, legend and gender package; god runes
bought with 14 points; skills at the Table 3 costs over the free legend and gender ranks; rune gifts
bought with 12 points up to the legend score; weapons and armour.

Each field's validator checks its own step against the steps before it (the table's options reach them
as context["options"]), so every error is shown next to the field that breaks the rule. derived() gives
what the sheet shows: qualities, wound track, legend score, Wyrð, armour pools, speeds and warnings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import Field, PrivateAttr, ValidationInfo, field_validator, model_validator

from runehall.errors import Invalid
from runehall.present.fields import Choices
from runehall.present.sheet import Sheet, SheetRow
from runehall.present.words import N_, Words
from runehall.systems.base import CharacterModel
from runehall.systems.midgard import gear, sheet_form
from runehall.systems.midgard.creation import (
    birthright_of,
    free_ranks,
    legend_rank,
    listed,
    options_of,
    parse_gifts,
    resolve_legend_skills,
    resolve_rune_points,
    resolve_skills,
    spend_gifts,
    start_values,
)
from runehall.systems.midgard.creation import points as creation_points
from runehall.systems.midgard.limits import MAX_GIFTS, MAX_LOCATIONS, MAX_NAMED, MAX_WEAPONS, Rank, RunePoints
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.qualities import (
    bonus_dice_cap,
    courage,
    derived_value,
    gift_rune_total,
    quality,
    runes_env,
    wound_track,
)
from runehall.systems.midgard.rules import rules

STEP_WORDS = {"god_runes": "god rune", "skills": "skill", "gifts": "gift"}


def _choices(records: Callable[[], list[str]]) -> Callable[[dict[str, Any]], None]:
    """Offer the data's ids as choices in the JSON schema (and so in forms) without loading data on import."""

    def add(schema: dict[str, Any]) -> None:
        schema["enum"] = records()

    return add


class Character(CharacterModel):
    gender: str = Field(
        description="Gender skill package: male (Farming, Sailing) or female (Medicine, Animal Lore); either may "
        "be chosen.",
        json_schema_extra=_choices(lambda: [p.id for p in rules().character.gender_package]),
    )
    birthright: str = Field(
        description="Descendant of Freyja, Thor, Odin, Heimdall or Tyr (that god rune starts at 4), Hauld "
        "(extra skill points) or Loysing (an extra wound box in every rank).",
        json_schema_extra=_choices(lambda: [b.id for b in rules().character.birthright]),
    )
    legend: str = Field(
        description="The legend (character template): its four linked skills set the legend score.",
        json_schema_extra=_choices(lambda: [legend.id for legend in rules().legends.legend]),
    )
    legend_skills: tuple[str, ...] = Field(
        max_length=MAX_NAMED,
        description="The four legend-linked skills, slot by slot (a 'two from' slot takes two different ones).",
    )
    rune_points: dict[str, RunePoints] = Field(
        default_factory=dict,
        max_length=MAX_LOCATIONS,
        description="Creation points bought in each god rune (F, Th, A, H, T): 14 in all, at most 4 in one rune.",
    )
    skills: dict[str, Rank] = Field(
        default_factory=dict,
        max_length=MAX_NAMED,
        description="Skill ranks 0-4. Legend and gender skills start at 1 free; 13 points (Hauld 16) buy the rest "
        "at 1, 2, 4, 8 points a rank.",
    )
    gifts: tuple[str, ...] = Field(
        default=(),
        max_length=MAX_GIFTS,
        description="Rune gifts bought with 12 points (1, 2 or 4 by level), each at most the legend score; "
        "a choice made when buying follows a colon (The Branch That Grows: Thor).",
    )
    weapons: tuple[str, ...] = Field(
        default=(), max_length=MAX_WEAPONS, description="Weapons, shields and missiles carried (ids or names)."
    )
    armour: dict[str, str] = Field(
        max_length=MAX_LOCATIONS,
        default_factory=dict,
        description="Armour worn, by location (head, body, arms, legs): one type each.",
    )
    _options: MidgardOptions = PrivateAttr(default_factory=MidgardOptions)

    # -- step 1: birthright, legend, gender --------------------------------------------------------------
    @field_validator("name")
    @classmethod
    def _named(cls, value: str) -> str:
        if not value.strip():
            raise Invalid(N_("a character needs a name"))
        return value.strip()

    @field_validator("gender")
    @classmethod
    def _gender(cls, value: str) -> str:
        found = rules().gender(value)
        if found is None:
            raise Invalid(
                N_("{value!r} is not a gender package ({ids})"),
                value=value,
                ids=_ids(p.id for p in rules().character.gender_package),
            )
        return found.id

    @field_validator("birthright")
    @classmethod
    def _birthright(cls, value: str) -> str:
        found = rules().birthright(value)
        if found is None:
            raise Invalid(
                N_("{value!r} is not a birthright ({ids})"),
                value=value,
                ids=_ids(b.id for b in rules().character.birthright),
            )
        return found.id

    @field_validator("legend")
    @classmethod
    def _legend(cls, value: str) -> str:
        found = rules().legend(value)
        if found is None:
            raise Invalid(
                N_("{value!r} is not a legend ({ids})"),
                value=value,
                ids=_ids(legend.id for legend in rules().legends.legend),
            )
        return found.id

    @field_validator("legend_skills", mode="before")
    @classmethod
    def _legend_skill_names(cls, value: object) -> object:
        return listed(value)

    @field_validator("legend_skills")
    @classmethod
    def _legend_slots(cls, value: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        return resolve_legend_skills(value, info.data.get("legend"), info.data.get("gender"), options_of(info))

    # -- step 2: god runes -------------------------------------------------------------------------------
    @field_validator("rune_points")
    @classmethod
    def _rune_points(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        return resolve_rune_points(value, info.data.get("birthright"), options_of(info))

    # -- step 4: skills ----------------------------------------------------------------------------------
    @field_validator("skills")
    @classmethod
    def _skills(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        return resolve_skills(value, info.data, options_of(info))

    # -- step 5: gifts -----------------------------------------------------------------------------------
    @field_validator("gifts", mode="before")
    @classmethod
    def _gift_names(cls, value: object) -> object:
        return listed(value)

    @field_validator("gifts")
    @classmethod
    def _gifts(cls, value: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        return spend_gifts(value, info.data, options_of(info))

    # -- step 6: gear ------------------------------------------------------------------------------------
    @field_validator("weapons", mode="before")
    @classmethod
    def _weapon_names(cls, value: object) -> object:
        return listed(value)

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        ids = []
        for name in value:
            found = rules().weapon(name)
            if found is None:
                raise Invalid(N_("{name!r} is not a weapon, shield or missile of Tables 10-11"), name=name)
            ids.append(found.id)
        return tuple(ids)

    @field_validator("armour", mode="before")
    @classmethod
    def _armour(cls, value: object, info: ValidationInfo) -> object:
        if not isinstance(value, dict):
            return value  # the type check reports it
        return gear.worn_armour(value, options_of(info))

    @model_validator(mode="after")
    def _keep_options(self, info: ValidationInfo) -> Character:
        # derived() uses the options the sheet was validated with (Hauld points, roundings, Wyrð reading).
        self._options = options_of(info)
        return self

    # -- derived values ----------------------------------------------------------------------------------
    @classmethod
    def choices(cls, field: str, options: Any = None) -> Choices | None:
        return sheet_form.choices(field, options)  # the form's pickers (sheet_form.py)

    @classmethod
    def choice_label(cls, field: str, value: str, words: Words) -> str | None:
        return sheet_form.choice_label(field, value, words)

    @classmethod
    def budgets(cls, values: Mapping[str, Any], options: Any, words: Words) -> tuple[SheetRow, ...]:
        """The creation budgets while the sheet is typed (budgets.py)."""
        from runehall.systems.midgard.budgets import budgets

        return budgets(values, options, words)

    def sheet(self, words: Words, options: Any = None) -> Sheet:
        """The character sheet as people read it (character_sheet.py), under the table's options."""
        from runehall.systems.midgard.character_sheet import character_sheet

        return character_sheet(self, words, options if isinstance(options, MidgardOptions) else self._options)

    def god_runes(self) -> dict[str, int]:
        starts = start_values(self.birthright)
        return {code: start + self.rune_points.get(code, 0) for code, start in starts.items()}

    def ranks(self) -> dict[str, int]:
        """Every skill with a rank: the sheet's ranks over the free legend and gender ranks."""
        free = free_ranks(self.legend_skills, self.gender)
        merged = {**free, **self.skills}
        return {name: rank for name, rank in merged.items() if rank > 0}

    def rune_totals(self) -> dict[str, int]:
        r = rules()
        levels: dict[str, list[int]] = {}
        for gift_id, _ in parse_gifts(self.gifts):
            levels.setdefault(r.gift_rune_of[gift_id].id, []).append(_level(gift_id))
        return {rune: gift_rune_total(found) for rune, found in levels.items() if gift_rune_total(found)}

    def derived(self, options: MidgardOptions | None = None) -> dict[str, Any]:
        o = options or self._options
        r = rules()
        runes, ranks, totals = self.god_runes(), self.ranks(), self.rune_totals()
        rank = legend_rank(self.legend_skills, ranks)
        primary = max(totals, key=lambda k: totals[k], default=None)
        env = runes_env(
            runes,
            o,
            ranks=lambda skill: ranks.get(_skill_name(skill), 0),
            legend_rank=rank,
            legend_score=rank + 1,
            max_rune_gift_total=totals.get(primary, 0) if primary else 0,
        )
        env["Defence"] = quality("defence", env, o)
        env["WS"] = quality("weapon_skill", env, o)
        env["Health"] = quality("health", env, o)
        wyrd = quality("wyrd_max", env, o)
        track = wound_track(
            env["Health"], birthright_of(self.birthright).extra_wound_boxes_per_rank, o.wound_box_rounding
        )
        pools = gear.armour_pools(self.armour)
        armour_penalty = gear.armour_speed_penalty(pools, ranks.get("Might", 0))
        unarmed = derived_value("unarmed_speed", env, o)
        free = free_ranks(self.legend_skills, self.gender)
        gift_ids = [g for g, _ in parse_gifts(self.gifts)]
        points = creation_points(self.rune_points, ranks, free, gift_ids, self.birthright, o)
        budgets = {step: (p["spent"], p["budget"]) for step, p in points.items()}
        return {
            "god_runes": runes,
            "defence": env["Defence"],
            "weapon_skill": env["WS"],
            "courage": courage(runes["Th"], runes["A"])._asdict(),
            "health": env["Health"],
            "legend_skills": list(self.legend_skills),
            "legend_rank": rank,
            "legend_score": rank + 1,
            "skills": ranks,
            "gifts": [_gift_name(g) + (f" ({choice})" if choice else "") for g, choice in parse_gifts(self.gifts)],
            "special_gifts": self._special_gifts(ranks, o),
            "rune_totals": totals,
            "primary_gift_rune": primary,
            "max_rune_gift_total": env["max_rune_gift_total"],
            "wyrd_max": wyrd,
            "wyrd": wyrd,
            "bonus_dice_cap": bonus_dice_cap(rank, o),
            "regain_wyrd": {g.id: g.regain_trigger for g in r.gifts.gift_rune if g.id in totals},
            "wound_boxes": list(track.boxes),
            "wound_penalties": list(track.penalties),
            "wound_total": track.total,
            "declaration_score": quality("declaration_score", env, o),
            "armour": pools,
            "armour_speed_penalty": armour_penalty,
            "attacks": gear.attacks(self.weapons, runes, ranks, armour_penalty, o),
            "defences": gear.defences(self.weapons, armour_penalty, unarmed, o),
            "unarmed_speed": unarmed + armour_penalty,
            "throw_range_ft": derived_value("throw_range_ft", env, o),
            "points": points,
            "warnings": self._warnings(budgets, ranks, o),
        }

    def _special_gifts(self, ranks: dict[str, int], o: MidgardOptions) -> list[str]:
        bought = {g for g, _ in parse_gifts(self.gifts)}
        return [
            g.name
            for rune in rules().gifts.gift_rune
            for g in rune.gift
            if g.special and (ranks.get(g.skill, 0) > 0 if o.special_gifts_free_with_skill else g.id in bought)
        ]

    def _warnings(self, budgets: dict[str, tuple[int, int]], ranks: dict[str, int], o: MidgardOptions) -> list[str]:
        r = rules()
        out = [
            f"{budget - spent} of {budget} {STEP_WORDS[step]} points unspent (they are lost)"
            for step, (spent, budget) in budgets.items()
            if spent < budget
        ]
        for weapon_id in dict.fromkeys(self.weapons):
            weapon = r.weapon(weapon_id)
            hint = getattr(weapon, "legend_hint", "")
            if weapon is not None and hint and hint != self.legend:
                out.append(f"the {weapon.name} is suggested for a {_name_of_legend(hint)}; the GM decides")
        for gift_id, _ in parse_gifts(self.gifts):
            gift = r.gift(gift_id)
            assert gift is not None
            for need in gift.requires:
                skill = need.removeprefix("ranks in ")
                if skill != need and ranks.get(skill, 0) == 0:
                    out.append(f"{gift.name} needs ranks in {skill}, which this character lacks")
        return out


def _ids(ids: Any) -> str:
    return ", ".join(ids)


def _level(gift_id: str) -> int:
    gift = rules().gift(gift_id)
    assert gift is not None
    return gift.level


def _gift_name(gift_id: str) -> str:
    gift = rules().gift(gift_id)
    assert gift is not None
    return gift.name


def _skill_name(name: str) -> str:
    found = rules().skill(name)
    return found.name if found else name


def _name_of_legend(legend_id: str) -> str:
    found = rules().legend(legend_id)
    return found.name if found else legend_id
