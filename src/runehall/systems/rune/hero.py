"""A Rune hero, built by the book's steps: a name (and an optional cognomen), the eight Characteristics and
Abilities bought with 60 creation points (net of refunds), extra hit points, then weapons, armour and shield.

Each field's validator checks its own step against the steps before it (the table's options reach them as
context["options"]), so every error is shown next to the field that breaks the rule; creation.py holds the
rules. derived() gives every number of the hero sheet (sheet.py): HP, Wound Threshold, Load, ENC and its
decrease, Move, Soak, RES and, per weapon and unarmed, INIT, ATK, DFN, DAM and Engagement, plus the
non-combat INIT. A number that needs a value the OCR lost is None, with a note saying what to fill in.

Seams for later issues: `modifiers` carries named changes to any Characteristic, Ability or score (Gifts,
magical items); `Sheet(hero, options, extra)` takes more of them; `combat_row()` and `dam_at()` give combat
the scores with or without the shield in hand and at a range.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any

from pydantic import Field, PrivateAttr, ValidationError, ValidationInfo, field_validator, model_validator

from runehall.errors import Invalid, Refusal, RulesError
from runehall.present.fields import Choices
from runehall.present.sheet import Sheet as PaperSheet
from runehall.present.sheet import SheetRow
from runehall.present.words import N_, Words
from runehall.systems.base import CharacterModel
from runehall.systems.rune import creation, modifiers, overrides, sheet_form
from runehall.systems.rune.armoury import ArmorDef, ShieldDef
from runehall.systems.rune.encounters.hauls import Haul
from runehall.systems.rune.gifts import held
from runehall.systems.rune.gifts.session_uses import SessionUses
from runehall.systems.rune.horses import Horse
from runehall.systems.rune.limits import (
    MAX_CP,
    MAX_DOZENS,
    MAX_GIFT_LEVEL,
    MAX_GIFTS,
    MAX_LOAD,
    MAX_NAMED,
    MAX_OVERRIDES,
    MAX_RATING,
    MAX_SILVER_OZ,
    MAX_VP,
    MAX_WEAPONS,
)
from runehall.systems.rune.modifiers import Modifier
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.progress import Insurance, check_advances
from runehall.systems.rune.rules import rules
from runehall.systems.rune.scores import Score, movement
from runehall.systems.rune.sheet import Sheet
from runehall.systems.rune.treasure import won_gear
from runehall.systems.rune.treasure.carried import MAX_MAGIC, CarriedItem


def _choices(rows: Callable[[], Iterable[ArmorDef | ShieldDef]]) -> Callable[[dict[str, Any]], None]:
    """Offer the data's ids as choices in the JSON schema (and so in forms) without loading data on import."""

    def add(schema: dict[str, Any]) -> None:
        schema["enum"] = [row.id for row in rows()]

    return add


class Hero(CharacterModel):
    cognomen: str = Field(
        "", max_length=80, description="Optional nickname: 'the Whelp', 'Thorkelsson', 'Killer-'.", title=N_("Cognomen")
    )
    characteristics: dict[str, Annotated[int, Field(ge=-MAX_RATING, le=MAX_RATING)]] = Field(
        default_factory=dict,
        max_length=MAX_NAMED,
        validate_default=True,
        description="Str, Sta, Dex, Qik, Int, Per, Pre, Com from -3 to +3 (unlisted: 0); below 0 refunds points.",
        title=N_("Characteristics"),
    )
    abilities: dict[str, Annotated[int, Field(ge=-MAX_RATING, le=MAX_RATING)]] = Field(
        default_factory=dict,
        max_length=MAX_NAMED,
        description="Ability ratings 0-3 (unlisted: 0): 2 creation points a level for a primary one, 1 for a "
        "secondary one.",
        title=N_("Abilities"),
    )
    advances: dict[str, Annotated[int, Field(ge=-MAX_RATING, le=MAX_RATING)]] = Field(
        default_factory=dict,
        max_length=MAX_NAMED,
        description="Ability points bought with victory points since creation (experience, training): added to "
        "the ratings above, and not held to creation's limits.",
        title=N_("Advances"),
    )
    kits_left_behind: tuple[str, ...] = Field(
        default=(),
        max_length=MAX_NAMED,
        description="Rated Abilities whose kit the hero does not carry (its Load is saved; rolls -2).",
        title=N_("Kits left behind"),
    )
    cp_on_hp: int = Field(
        0,
        ge=0,
        le=MAX_CP,
        validate_default=True,
        description="Whole creation points spent on hit points (Sta + 4 HP each).",
        title=N_("Creation points on hit points"),
    )
    weapon_overrides: tuple[str, ...] = Field(
        default=(),
        max_length=MAX_OVERRIDES,
        description="Values of lost weapon rows this hero's table has not filled in, e.g. 'whip.dam=3'.",
        title=N_("Lost weapon values"),
    )
    armor_overrides: tuple[str, ...] = Field(
        default=(),
        max_length=MAX_OVERRIDES,
        description="Lost Leather Scale values the table has not filled in: armour, dot, value, = and number.",
        title=N_("Lost armor values"),
    )
    weapons: tuple[str, ...] = Field(
        default=(),
        max_length=MAX_WEAPONS,
        description="Up to 3 common weapons (ids or names); fist and kick are always there.",
        title=N_("Weapons"),
    )
    ammunition: dict[str, Annotated[int, Field(le=MAX_DOZENS)]] = Field(
        default_factory=dict,
        max_length=MAX_WEAPONS,
        description="Dozens of ammunition per missile weapon (default 1, included in its Load; 0 = none).",
        title=N_("Ammunition"),
    )
    armor: str | None = Field(
        None,
        description="One common armor, or none.",
        json_schema_extra=_choices(lambda: rules().armor.armor),
        title=N_("Armor"),
    )
    shield: str | None = Field(
        None,
        description="One common shield, or none.",
        json_schema_extra=_choices(lambda: rules().armor.shield),
        title=N_("Shield"),
    )
    other_items: dict[str, Annotated[float, Field(le=MAX_LOAD)]] = Field(
        default_factory=dict,
        max_length=MAX_NAMED,
        description="Other items and loot: name -> Load.",
        title=N_("Other items"),
    )
    silver_oz: int = Field(
        0,
        ge=0,
        le=MAX_SILVER_OZ,
        description="Ounces of silver carried (32 weigh 1 Load).",
        title=N_("Silver (ounces)"),
    )
    horse: Horse | None = Field(
        None,
        description="His horse, bought for VP at an outdoor adventure's start, with the upgrades bought for it.",
        title=N_("Horse"),
        json_schema_extra={"readOnly": True},  # bought in the advancement tracker, never typed
    )
    modifiers: tuple[Modifier, ...] = Field(
        default=(),
        max_length=MAX_NAMED,
        description="Named changes from Gifts and items: 'target:amount:source', e.g. 'soak:+2:Valor of Tyr'.",
        title=N_("Modifiers"),
    )
    gifts: dict[str, Annotated[int, Field(ge=1, le=MAX_GIFT_LEVEL)]] = Field(
        default_factory=dict,
        max_length=MAX_GIFTS,
        description="Divine Gifts and Rune Powers the hero holds, each with its level (bought with VP, or granted).",
        title=N_("Divine Gifts"),
    )
    magic_items: tuple[CarriedItem, ...] = Field(
        default=(),
        max_length=MAX_MAGIC,
        description="Magic items won, each with its state: doses left, charged, failures marked, worn.",
        title=N_("Magic items"),
        json_schema_extra={"readOnly": True},  # won at the encounter tracker, never typed
    )
    haul: Haul | None = Field(
        None,
        description="What he carries from the adventure's encounters until it goes home at the adventure's end.",
        title=N_("Haul"),
        json_schema_extra={"readOnly": True},  # kept by the encounter tracker, never typed
    )
    session_uses: SessionUses | None = Field(
        None,
        description="How often he has used each session-counted gift in the table's session, and which session.",
        title=N_("Gifts used this session"),
        json_schema_extra={"readOnly": True},  # written when an encounter run is settled, never typed
    )
    vp_total: int = Field(
        0, ge=0, le=MAX_VP, description="Victory points ever earned (the score).", title=N_("Victory points earned")
    )
    vp_spent: int = Field(
        0, ge=0, le=MAX_VP, description="Victory points spent on improvements.", title=N_("Victory points spent")
    )
    vp_deficit: int = Field(
        0,
        ge=0,
        le=MAX_VP,
        description="Victory points a runner still owes (every later gain pays it first).",
        title=N_("Victory points owed"),
    )
    death_insurance: Insurance | None = Field(
        None,
        title=N_("Death insurance"),
        description="The latest death-insurance snapshot, if bought.",
        json_schema_extra={"readOnly": True},  # made by the rules when bought, never typed
    )
    _options: RuneOptions = PrivateAttr(default_factory=RuneOptions)

    # -- step 1: name --------------------------------------------------------------------------------
    @field_validator("name")
    @classmethod
    def _named(cls, value: str) -> str:
        if not value.strip():
            raise Invalid(N_("a hero needs a name"))
        if len(value) > 80:
            raise Invalid(N_("a name of 80 characters at most"))
        return value.strip()

    @field_validator("cognomen")
    @classmethod
    def _cognomen(cls, value: str) -> str:
        return value.strip()

    # -- step 2: Characteristics ---------------------------------------------------------------------
    @field_validator("characteristics", mode="before")
    @classmethod
    def _characteristic_names(cls, value: object) -> object:
        return creation.ids("characteristic", value)

    @field_validator("characteristics")
    @classmethod
    def _characteristics(cls, value: dict[str, int]) -> dict[str, int]:
        return creation.check_characteristics(value)

    # -- step 3: Abilities and extra hit points ------------------------------------------------------
    @field_validator("abilities", mode="before")
    @classmethod
    def _ability_names(cls, value: object) -> object:
        return creation.ids("ability", value)

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        return creation.check_abilities(value, info.data, creation.options_of(info))

    @field_validator("advances", mode="before")
    @classmethod
    def _advance_names(cls, value: object) -> object:
        return creation.ids("ability", value)

    @field_validator("advances")
    @classmethod
    def _advances(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        return check_advances(value, info.data, creation.options_of(info))

    @field_validator("vp_spent")
    @classmethod
    def _spent(cls, value: int, info: ValidationInfo) -> int:
        earned = info.data.get("vp_total")
        if earned is not None and value > earned:
            raise Invalid(N_("{value} VP spent is more than the {earned} ever earned"), value=value, earned=earned)
        return value

    @field_validator("kits_left_behind", mode="before")
    @classmethod
    def _kit_names(cls, value: object) -> object:
        return creation.ids("ability", value)

    @field_validator("kits_left_behind")
    @classmethod
    def _kits(cls, value: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        return creation.check_kits(list(value), info.data)

    @field_validator("cp_on_hp", mode="before")
    @classmethod
    def _whole_points(cls, value: object) -> object:
        if isinstance(value, float) and not value.is_integer():
            raise Invalid(N_("hit points are bought with whole creation points, not {value}"), value=value)
        return value

    @field_validator("cp_on_hp")
    @classmethod
    def _budget(cls, value: int, info: ValidationInfo) -> int:
        return creation.check_cp_on_hp(value, info.data, creation.options_of(info))

    # -- step 4: equipment ---------------------------------------------------------------------------
    @field_validator("weapon_overrides", mode="before")
    @classmethod
    def _weapon_entries(cls, value: object, info: ValidationInfo) -> tuple[str, ...]:
        return creation.check_own_entries("weapon", overrides.parse("weapon", value), creation.options_of(info))

    @field_validator("armor_overrides", mode="before")
    @classmethod
    def _armor_entries(cls, value: object, info: ValidationInfo) -> tuple[str, ...]:
        return creation.check_own_entries("armor", overrides.parse("armor", value), creation.options_of(info))

    @field_validator("weapons", mode="before")
    @classmethod
    def _weapon_names(cls, value: object) -> object:
        return creation.ids("weapon", value)

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, value: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        return creation.check_weapons(list(value), info.data, creation.options_of(info))

    @field_validator("ammunition", mode="before")
    @classmethod
    def _ammunition_names(cls, value: object) -> object:
        return creation.ids("weapon", value)

    @field_validator("ammunition")
    @classmethod
    def _ammunition(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        for weapon_id, dozens in value.items():
            if not 0 <= dozens <= 100:
                raise Invalid(
                    N_("{weapon}: 0 to 100 dozen pieces of ammunition"), weapon=Refusal(rules().weapon(weapon_id).name)
                )
        return creation.check_ammunition(value, info.data, creation.options_of(info))

    @field_validator("armor", mode="before")
    @classmethod
    def _armor_name(cls, value: object) -> object:
        return creation.single("armor", value)

    @field_validator("armor")
    @classmethod
    def _armor(cls, value: str | None, info: ValidationInfo) -> str | None:
        return creation.check_armor(value, info.data, creation.options_of(info))

    @field_validator("shield", mode="before")
    @classmethod
    def _shield_name(cls, value: object) -> object:
        return creation.single("shield", value)

    @field_validator("shield")
    @classmethod
    def _shield(cls, value: str | None, info: ValidationInfo) -> str | None:
        return creation.check_shield(value, creation.options_of(info))

    @field_validator("other_items")
    @classmethod
    def _items(cls, value: dict[str, float]) -> dict[str, float]:
        for name, load in value.items():
            if not name.strip() or not 0 <= load <= 1000:
                raise Invalid(N_("{name!r}: give each item a name and a Load from 0 to 1000"), name=name)
        return value

    @field_validator("modifiers", mode="before")
    @classmethod
    def _modifier_lines(cls, value: object) -> object:
        return modifiers.parse(value)

    @field_validator("modifiers")
    @classmethod
    def _modifiers(cls, value: tuple[Modifier, ...], info: ValidationInfo) -> tuple[Modifier, ...]:
        carried = info.data.get("weapons")
        for m in value:
            if carried is not None and m.row not in (None, *modifiers.FIXED_ROWS, *carried):
                raise Invalid(
                    N_("{target}: the hero carries no {weapon}"),
                    target=m.target,
                    weapon=Refusal(rules().weapon(str(m.row)).name),
                )
        return value

    @field_validator("gifts", mode="before")
    @classmethod
    def _gift_names(cls, value: object) -> object:
        return held.ids(value)

    @field_validator("gifts")
    @classmethod
    def _gifts(cls, value: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        return held.check(value, creation.options_of(info))

    @model_validator(mode="after")
    def _won_gear(self, info: ValidationInfo) -> Hero:
        """A rare weapon, armour or shield stands on the sheet only when he won it (treasure/won_gear.py)."""
        found = won_gear.refusal(self.weapons, self.armor, self.shield, self.magic_items, creation.options_of(info),
                                 self.weapon_overrides, self.armor_overrides)  # fmt: skip
        if found is not None:
            field, why = found
            value = getattr(self, field)
            raise ValidationError.from_exception_data(
                "Hero", [{"type": "value_error", "loc": (field,), "input": value, "ctx": {"error": why}}]
            )
        return self

    @model_validator(mode="after")
    def _keep_options(self, info: ValidationInfo) -> Hero:
        # derived() uses the options the sheet was validated with (Sprint's cost, gear readings, RES...).
        self._options = creation.options_of(info)
        if not self._options.top_encumbrance_legal:
            enc = Sheet(self, self._options).enc
            if enc is not None and enc[0].id == rules().encumbrance.levels[-1]:
                raise Invalid(
                    N_("a Load of {load} is {level}, which this table does not allow"),
                    load=enc[1],
                    level=Refusal(enc[0].name),
                )
        return self

    # -- derived values ------------------------------------------------------------------------------
    @property
    def table_options(self) -> RuneOptions:
        """The options the sheet was validated with."""
        return self._options

    def numbers(self, options: RuneOptions | None = None) -> Sheet:
        """Every derived number with its arithmetic, under these options (the sheet's own by default)."""
        return Sheet(self, options or self._options)

    @classmethod
    def choices(cls, field: str, options: Any = None) -> Choices | None:
        return sheet_form.choices(field, options)  # the form's pickers (sheet_form.py)

    @classmethod
    def choice_label(cls, field: str, value: str, words: Words) -> str | None:
        return sheet_form.choice_label(field, value, words)

    @classmethod
    def budgets(cls, values: Mapping[str, Any], options: Any, words: Words) -> tuple[SheetRow, ...]:
        """The creation points while the sheet is typed (budgets.py)."""
        from runehall.systems.rune.budgets import budgets

        return budgets(values, options, words)

    def sheet(self, words: Words, options: Any = None) -> PaperSheet:
        """The hero sheet as people read it (hero_sheet.py), under the table's options."""
        from runehall.systems.rune.hero_sheet import hero_sheet

        return hero_sheet(self, words, options if isinstance(options, RuneOptions) else self._options)

    @property
    def full_name(self) -> str:
        """The name with its cognomen, before it for a prefix-only one ('Killer-Sven')."""
        prefix = any(self.cognomen.startswith(p) for p in rules().names.prefix_only_cognomens)
        return f"{self.cognomen}{self.name}" if prefix else f"{self.name} {self.cognomen}".strip()

    def combat_row(
        self, row: str, shield_in_hand: bool | None = None, options: RuneOptions | None = None
    ) -> dict[str, Score]:
        """INIT, ATK, DFN, DAM and Engagement of one attack form: a carried weapon's id, "unarmed", or
        "noncombat" (INIT only). The shield counts where it can (None), or is said to be in hand or not;
        in hand with a weapon that cannot take one is refused (RulesError)."""
        found = rules().find("weapon", row)
        key = row if row in modifiers.FIXED_ROWS else (found or row)
        return self.numbers(options).row("unarmed" if key == "fist_kick" else key, shield_in_hand)

    def dam_at(self, weapon: str, distance: int, options: RuneOptions | None = None) -> Score:
        """The DAM score of a missile or thrown weapon at a distance in paces (the beyond-range penalty,
        A16); nearer than the weapon's minimum distance is refused (A17)."""
        weapon_id = rules().find("weapon", weapon) or weapon
        return self.numbers(options).row(weapon_id, distance=distance)["dam"]

    def check_bonus(
        self,
        ability: str,
        characteristic: str | None = None,
        kit_matters: bool = True,
        options: RuneOptions | None = None,
    ) -> Score:
        """The bonus of an Ability roll (Characteristic + ab(X), -2 without the kit, - ENC decrease for the
        physical Characteristics); Runes at rating 0 is refused (RulesError)."""
        ability_id = rules().find("ability", ability)
        char_id = rules().find("characteristic", characteristic) if characteristic else None
        if ability_id is None or (characteristic and char_id is None):
            raise RulesError(
                N_("no Ability {ability!r} or Characteristic {characteristic!r} in Rune"),
                ability=ability,
                characteristic=characteristic,
            )
        return self.numbers(options).check(ability_id, char_id, kit_matters)

    def derived(self, options: RuneOptions | None = None) -> dict[str, Any]:
        s = self.numbers(options)
        rows = {w: s.row(w) for w in (*self.weapons, "unarmed", "noncombat")}
        label = {"unarmed": "unarmed", "noncombat": "non-combat"} | {w: s.weapon(w).name for w in self.weapons}
        scores = [(f"{name.upper()} {label[w]}", sc) for w, r in rows.items() for name, sc in r.items()]
        hp, wt, soak, res = s.hp_max(), s.wt(), s.soak(), s.res()
        scores += [("HP", hp), ("WT", wt), ("Soak", soak), ("RES", res)]
        move = s.move()
        combat: dict[str, dict[str, Any]] = {}
        for w, r in rows.items():
            combat[w] = {name: sc.value for name, sc in r.items()}
            if w in self.weapons:
                combat[w]["ability"] = s.weapon(w).ability
                paces = s.standard_range(w)
                if paces is not None:
                    combat[w]["range"] = paces
        enc = s.enc
        points = creation.spent(self.model_dump(), self.cp_on_hp, s.options)
        return {
            "full_name": self.full_name,
            "characteristics": s.characteristics,
            "abilities": s.abilities(),
            "creation_points": {**points, "left": points["budget"] - points["spent"]},
            "hp_max": hp.value,
            "hp_base": hp.terms[0].value,
            "hp_extra": hp.terms[1].value,
            "hp_per_cp": s.hp_per_cp(),
            "wt": wt.value,
            "load": None if s.load is None else float(s.load),
            "enc": None if enc is None else enc[0].id,
            "enc_dec": s.enc_dec,
            "move": move["full"],
            "move_half": move["half"],
            "soak": soak.value,
            "res": res.value,
            "res_components": s.res_components(),
            "combat": combat,
            "movement": {
                t.ability: movement(t.id, s.rating(t.ability))
                for t in rules().movement.table
                if t.id != "sprint" and s.rating(t.ability) > 0
            },
            "unknown": s.unknown(scores),
            "warnings": s.warnings(),
        }
