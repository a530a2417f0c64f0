"""A Rune hero as people read the book's hero sheet (runehall.present.sheet): its sections in its order (the
hero and his victory points, Characteristics, the important numbers, combat scores, the four sets of
Abilities, equipment, Divine Gifts), then the creation points as a budget and the warnings the rules compute.

Labels are the book's English terms; a Spanish reader gets the Spanish beside them. Every Characteristic and
Ability is a `roll` (its bonus, the ENC decrease of a physical Characteristic, lacking the Ability or its kit
as the mechanic's own fields) and every weapon and Fist/Kick an `attack`. An attack needs a defender: the
sheet offers one like the hero himself (his DFN with that weapon, his Soak and Wound Threshold), or, for a
missile or thrown weapon, a target that does not dodge (the book's Difficulty 6). The roll panel changes them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from runehall.errors import RunehallError
from runehall.present.sheet import Emphasis, Rollable, Sheet, SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.rune import gear
from runehall.systems.rune.combat.resolve import BASE_DIFFICULTY
from runehall.systems.rune.creation import spent
from runehall.systems.rune.gifts.sheet_rows import gift_rows
from runehall.systems.rune.horse_sheet import horse_rows
from runehall.systems.rune.mechanics import AttackParams
from runehall.systems.rune.modifiers import Modifier
from runehall.systems.rune.options import RuneOptions
from runehall.systems.rune.records import UNKNOWN
from runehall.systems.rune.rules import rules
from runehall.systems.rune.scores import Score
from runehall.systems.rune.sheet import Sheet as Numbers
from runehall.systems.rune.speech.common import data_name, signed
from runehall.systems.rune.treasure import legendary
from runehall.systems.rune.treasure.carried import CarriedItem, carried_words, worn_gifts
from runehall.systems.rune.treasure.equipment import InUse, counted_words, magical

if TYPE_CHECKING:
    from runehall.systems.rune.hero import Hero

SETS = {
    "fighting": N_("Fighting Abilities"),
    "exploratory": N_("Exploratory Abilities"),
    "interaction": N_("Interaction Abilities"),
    "miscellaneous": N_("Miscellaneous Abilities"),
}
SCORES = {"init": N_("INIT"), "atk": N_("ATK"), "dfn": N_("DFN"), "dam": N_("DAM")}
SHEET_TARGETS = {
    "hp_max": N_("Hit points"),
    "wt": N_("Wound Threshold"),
    "soak": N_("Soak"),
    "move": N_("Move"),
    "move_half": N_("Half move"),
    "res": N_("Response (RES)"),
    "engagement": N_("Engagement"),
}
ENC_LEVELS = {
    "light": N_("Light"),
    "loaded": N_("Loaded"),
    "overloaded": N_("Overloaded"),
    "better_put_something_down": N_("Better Put Something Down"),
    "no_one_will_take": N_("No One Will Take This Much Encumbrance"),
}


def row(term: str, value: str, words: Words, roll: Rollable | None = None, emphasis: Emphasis = "") -> SheetRow:
    """A line labelled with the book's English term, the reader's word beside it when it differs."""
    said = words(term)
    return SheetRow(term, value, "" if said == term else said, roll, emphasis)


def named(name: str, words: Words, value: str, roll: Rollable | None = None) -> SheetRow:
    """A line labelled with a name from the rules data (its Spanish in the catalog)."""
    return row(name, value, words, roll)


def section(title: str, rows: list[SheetRow], words: Words) -> SheetSection:
    said = words(title)
    return SheetSection(title, tuple(rows), "" if said == title else said)


def number(value: int | Fraction | None, words: Words) -> str:
    return words("unknown") if value is None else words.number(value)


def hero_sheet(hero: Hero, words: Words, options: RuneOptions) -> Sheet:
    worn = worn_gifts(hero.gifts, hero.magic_items)  # a worn Helm of Power's levels count in his numbers
    s = Numbers(hero.model_copy(update={"gifts": worn}) if worn != dict(hero.gifts) else hero, options)
    sections = [
        section(N_("Hero"), _hero(hero, s, words), words),
        section(N_("Characteristics"), _characteristics(s, words), words),
        section(N_("Important numbers"), _important(s, words), words),
        section(N_("Combat scores"), _combat(hero, s, words), words),
    ]
    for set_id, title in SETS.items():
        sections.append(section(title, _abilities(s, set_id, words), words))
    sections.append(section(N_("Equipment"), _equipment(hero, s, words), words))
    if hero.horse is not None:
        sections.append(section(N_("Horse"), horse_rows(hero.horse, words, s.load), words))
    items = legendary.connections(hero.magic_items)  # his legendary items' patrons (001c §8.12)
    gifted = gift_rows(hero.gifts, words, options, items) + [_gift(m, words) for m in hero.modifiers]
    if gifted:
        sections.append(section(N_("Divine Gifts"), gifted, words))
    if hero.magic_items:
        sections.append(section(N_("Magic items"), magic_rows(hero.magic_items, words, s.magic), words))
    sections.append(section(N_("Creation points"), _creation(hero, options, words), words))
    return Sheet(s.hero.name, tuple(sections), tuple(_warnings(hero, s, words)))


def magic_rows(carried: tuple[CarriedItem, ...], words: Words, use: InUse | None = None) -> list[SheetRow]:
    """Each magic item the hero carries, in words, with what is left of it (doses, charge, failures, worn), and
    for magical equipment what it gives him now (treasure/equipment.py) or that it is not counted."""
    rows = []
    for number, c in enumerate(carried, 1):
        said, left = carried_words(c, words)
        if use is not None and magical(c.stored) is not None:
            counted = counted_words(use, number, words)
            left = words(N_("{state}; {counted}"), state=left, counted=counted) if left else counted
        value = words(N_("{item} ({state})"), item=said, state=left) if left else said
        rows.append(SheetRow(words(N_("Item {number}"), number=words.number(number)), value))
    return rows


# -- the hero -------------------------------------------------------------------------------------------------
def _hero(hero: Hero, s: Numbers, words: Words) -> list[SheetRow]:
    rows = [row(N_("Hero's name"), hero.full_name, words)]
    free = hero.vp_total - hero.vp_spent
    rows.append(
        row(
            N_("Victory points"),
            words(
                "{total} in all, {spent} spent, {free} free",
                total=words.number(hero.vp_total),
                spent=words.number(hero.vp_spent),
                free=words.number(free),
            ),
            words,
        )
    )
    if hero.vp_deficit:
        rows.append(row(N_("Victory points owed"), words.number(hero.vp_deficit), words))
    return rows


def _characteristics(s: Numbers, words: Words) -> list[SheetRow]:
    physical = rules().encumbrance.applies_to_characteristics
    rows = []
    for c in rules().characteristics.characteristic:
        value = s.characteristics[c.id]
        roll = None
        if c.id not in physical:
            roll = _roll(value, 0)
        elif s.enc_dec is not None:
            roll = _roll(value, s.enc_dec)
        rows.append(named(c.name, words, signed(value), roll))
    return rows


def _roll(bonus: int, decreases: int, lacking: bool = False, no_kit: bool = False) -> Rollable:
    """The stress roll as the sheet stands, in the `roll` mechanic's own fields, against Average (6)."""
    params: dict[str, Any] = {"bonus": bonus, "difficulty": 6}
    if decreases:
        params["decreases"] = decreases
    if lacking:
        params["lacking_ability"] = True
    if no_kit:
        params["lacking_equipment"] = True
    return Rollable("roll", params)


def _important(s: Numbers, words: Words) -> list[SheetRow]:
    enc = s.enc
    load = number(s.load, words)
    level = words("unknown") if enc is None else words(ENC_LEVELS.get(enc[0].id, enc[0].name))
    move = s.move()
    return [
        row(N_("Encumbrance (ENC)"), words("{level} (Load {load})", level=level, load=load), words),
        row(N_("ENC decrease"), number(s.enc_dec, words), words, emphasis="derived"),
        row(
            N_("Move"),
            words(
                "{full} paces, half move {half}",
                full=words.number(move["full"]),
                half=words.number(move["half"]),
            ),
            words,
            emphasis="derived",
        ),
        row(N_("Soak"), number(s.soak().value, words), words, emphasis="derived"),
        row(N_("Response (RES)"), number(s.res().value, words), words, emphasis="derived"),
        row(N_("Hit points"), number(s.hp_max().value, words), words, emphasis="derived"),
        row(N_("Wound Threshold"), number(s.wt().value, words), words, emphasis="derived"),
    ]


# -- combat scores --------------------------------------------------------------------------------------------
def _combat(hero: Hero, s: Numbers, words: Words) -> list[SheetRow]:
    rows = []
    for row_id in (*hero.weapons, "unarmed"):
        scores = s.row(row_id)
        shown = " · ".join(f"{words(SCORES[k])} {number(scores[k].value, words)}" for k in SCORES if k in scores)
        name = "Fist/Kick" if row_id == "unarmed" else s.weapon(row_id).name
        rows.append(named(name, words, shown, _attack(s, row_id, scores)))
    init = s.row("noncombat")["init"].value
    rows.append(row(N_("Non-combat action"), f"{words(SCORES['init'])} {number(init, words)}", words))
    return rows


def _attack(s: Numbers, row_id: str, scores: dict[str, Score]) -> Rollable | None:
    """`attack` with this weapon's ATK and DAM; the defender is the hero's equal (see the module's note)."""
    atk, dam, dfn = scores["atk"].value, scores["dam"].value, scores["dfn"].value
    soak, wt = s.soak().value, s.wt().value
    if atk is None or dam is None or soak is None or wt is None:
        return None
    params: dict[str, Any] = {"attack": {"bonus": atk}, "dam": max(0, dam), "soak": max(0, soak)}
    params["wound_threshold"] = max(1, wt)
    form = None if row_id == "unarmed" else gear.attack_form(s.weapon(row_id))
    if form in ("missile", "thrown"):
        params["difficulty"] = BASE_DIFFICULTY
    elif dfn is None:
        return None
    else:
        params["defence"] = {"bonus": dfn}
    return Rollable("attack", _named_weapon(params, s, row_id))


def _named_weapon(params: dict[str, Any], s: Numbers, row_id: str) -> dict[str, Any]:
    """The weapon and Str instead of a bare DAM when they give the same DAM at this table (the card then says
    which weapon struck); a DAM a Gift or the hero's own filled-in values change stays a number."""
    weapon = s.weapon("fist_kick" if row_id == "unarmed" else row_id)
    named = {k: v for k, v in params.items() if k != "dam"}
    named |= {"weapon": weapon.name, "strength": s.characteristics["str"]}
    try:
        same = AttackParams.model_validate(named).damage_rating(s.options) == params["dam"]
    except (ValueError, RunehallError):
        return params
    return named if same else params


# -- Abilities ------------------------------------------------------------------------------------------------
def _abilities(s: Numbers, set_id: str, words: Words) -> list[SheetRow]:
    rows = []
    physical = rules().encumbrance.applies_to_characteristics
    for a in rules().abilities.ability:
        if a.set != set_id:
            continue
        rating = s.rating(a.id)
        if not a.usable_untrained and rating <= 0:
            rows.append(named(a.name, words, words("{rating} (not rolled at 0)", rating=words.number(rating))))
            continue
        char = s.governing(a.id)[0]
        score = s.check(a.id, char)
        char_name = data_name("characteristic", char, words)
        rated = words.number(rating)
        if score.value is None:
            rows.append(named(a.name, words, words("{rating} (roll unknown: the Load is unknown)", rating=rated)))
            continue
        no_kit = a.has_kit and (rating <= 0 or a.id in s.hero.kits_left_behind)
        decreases = int(s.enc_dec or 0) if char in physical else 0
        roll = _roll(s.characteristics[char] + rating, decreases, rating <= 0, no_kit)
        value = words(
            "{rating} (rolls {bonus} with {characteristic})",
            rating=rated,
            bonus=signed(score.value),
            characteristic=char_name,
        )
        rows.append(named(a.name, words, value, roll))
    return rows


# -- equipment and gifts --------------------------------------------------------------------------------------
def _equipment(hero: Hero, s: Numbers, words: Words) -> list[SheetRow]:
    rows = []
    loads = dict(s.load_parts())
    for weapon_id in hero.weapons:
        w = s.weapon(weapon_id)
        value = words("Load {load}", load=number(loads.get(w.name), words))
        if gear.takes_ammunition(w):
            dozens = hero.ammunition.get(weapon_id, rules().missiles.ammunition.included_dozens)
            value += ", " + words.n("{n} dozen shots", "{n} dozen shots", dozens)
        rows.append(named(w.name, words, value))
    if s.armor is not None:
        prot = s.armor.prot if isinstance(s.armor.prot, int) else None
        load = words.number(Fraction(str(s.armor.load)))
        value = words("Prot {prot}, Load {load}", prot=number(prot, words), load=load)
        rows.append(named(s.armor.name, words, value))
    if s.shield is not None:
        rows.append(named(s.shield.name, words, words("Load {load}", load=words.number(Fraction(str(s.shield.load))))))
    for ability_id in s.kits():
        name = rules().ability(ability_id).name
        load = words.number(gear.kit_load(ability_id, s.options))
        label = words("{ability} kit", ability=data_name("ability", ability_id, words))
        rows.append(SheetRow(f"{name} kit", words("Load {load}", load=load), "" if words.lang == "en" else label))
    for item, weight in hero.other_items.items():
        rows.append(SheetRow(item, words("Load {load}", load=words.number(Fraction(str(weight))))))
    if hero.silver_oz:
        rows.append(row(N_("Ounces of silver"), words.number(hero.silver_oz), words))
    rows.append(row(N_("Total Load"), number(s.load, words), words, emphasis="derived"))
    return rows


def _target(target: str, words: Words) -> str:
    score, _, row_id = target.partition(":")
    if score in SCORES:
        said = words(SCORES[score])
        if row_id in ("unarmed", "noncombat"):
            where = words("Fist/Kick") if row_id == "unarmed" else words("Non-combat action")
            return words("{score} with {weapon}", score=said, weapon=where)
        if row_id:
            return words("{score} with {weapon}", score=said, weapon=data_name("weapon", row_id, words))
        return said
    if score in SHEET_TARGETS:
        return words(SHEET_TARGETS[score])
    if rules().find("characteristic", score):
        return data_name("characteristic", score, words)
    return data_name("ability", score, words)


def _gift(m: Modifier, words: Words) -> SheetRow:
    return SheetRow(m.source, f"{_target(m.target, words)} {signed(m.amount)}")


# -- creation points and warnings -----------------------------------------------------------------------------
def _creation(hero: Hero, options: RuneOptions, words: Words) -> list[SheetRow]:
    points = spent(hero.model_dump(), hero.cp_on_hp, options)
    return [
        row(N_("Characteristics"), words.number(points["characteristics"]), words),
        row(N_("Abilities"), words.number(points["abilities"]), words),
        row(N_("Hit points"), words.number(points["hit_points"]), words),
        budget_row(points, words),
    ]


def budget_row(points: dict[str, int], words: Words) -> SheetRow:
    """ "60 / 60": the creation points spent of the budget; overspent (only a sheet still being typed is:
    budgets.py), a warning."""
    return row(
        N_("Creation points"),
        f"{words.number(points['spent'])} / {words.number(points['budget'])}",
        words,
        emphasis="warning" if points["spent"] > points["budget"] else "budget",
    )


def _warnings(hero: Hero, s: Numbers, words: Words) -> list[str]:
    out = []
    points = spent(hero.model_dump(), hero.cp_on_hp, s.options)
    left = points["budget"] - points["spent"]
    if left > 0:
        out.append(
            words.n("{n} creation point unspent: it is lost", "{n} creation points unspent: they are lost", left)
        )
    if s.options.beginner_advice_warnings:
        advice = rules().characteristics.advice
        for c in rules().characteristics.characteristic:
            low = advice.physical_min_recommended if c.physical else advice.other_min_recommended
            if hero.characteristics[c.id] < low:
                out.append(
                    words(
                        "{characteristic} {value}: the book advises beginners {low} or more",
                        characteristic=data_name("characteristic", c.id, words),
                        value=signed(hero.characteristics[c.id]),
                        low=signed(low),
                    )
                )
    for ability_id in hero.kits_left_behind:
        name = data_name("ability", ability_id, words)
        out.append(words("{ability} kit left behind: its rolls take -2", ability=name))
    items = [s.weapon(w) for w in hero.weapons] + ([s.armor] if s.armor is not None else [])
    for item in items:
        if item.availability == UNKNOWN:
            said = words(item.name)
            out.append(words("the {item}'s availability was lost from the book: the runner decides", item=said))
    for weapon_id in sorted({e.partition(".")[0] for e in hero.weapon_overrides} - set(hero.weapons)):
        said = data_name("weapon", weapon_id, words)
        out.append(words("values filled in for the {item}, which the hero does not carry", item=said))
    lost = _lost(hero, s)
    if lost:
        out.append(
            words(
                "the book's tables lost values of the {items}: the numbers they make are unknown until the table "
                "fills them in",
                items=words.join(words(name) for name in lost),
            )
        )
    return out


def _lost(hero: Hero, s: Numbers) -> list[str]:
    """The weapons and armour whose lost values leave a number of this sheet unknown."""
    names: dict[str, None] = {}
    if s.load is None:
        names.update({s.weapon(w).name: None for w in hero.weapons if s.weapon(w).load_value is None})
    for row_id in (*hero.weapons, "unarmed", "noncombat"):
        for score in s.row(row_id).values():
            for t in score.terms:
                if score.value is None and t.lost:
                    kind, item = t.lost[0], t.lost[1]
                    names[rules().armor_row(item).name if kind == "armor" else rules().weapon(item).name] = None
    return list(names)
