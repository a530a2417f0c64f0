"""A Midgard character as people read the book's character sheet (runehall.present.sheet), in the order of its
six steps: who the character is, the god runes with their creation points, the qualities, the skills with
their points, Wyrð, health and wounds, weapons and armour, and the rune gifts with their points; then the
warnings the rules compute (unspent points, a weapon suggested for another legend, a gift without its skill).

Labels are the book's English terms, a Spanish reader's word beside them. Every skill, the Courage cast and
every weapon is a `cast` of the god rune and skill it rolls, with the legend score that caps Wyrð, against
Average difficulty (2), which is also the Defence of a rank-1 warrior, the commonest foe. The roll panel
changes the difficulty, the Wyrð spent and the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from runehall.present.sheet import Emphasis, Rollable, Sheet, SheetRow, SheetSection
from runehall.present.words import N_, Words
from runehall.systems.midgard.creation import parse_gifts
from runehall.systems.midgard.options import MidgardOptions
from runehall.systems.midgard.rules import rules
from runehall.systems.midgard.speech.terms import named

if TYPE_CHECKING:
    from runehall.systems.midgard.character import Character

AVERAGE = 2  # Table 6's Average difficulty; a rank-1 warrior's Defence (Table 15)
GENDERS = {"male": N_("Male"), "female": N_("Female")}
BUDGETS = {"god_runes": N_("Rune points"), "skills": N_("Skill points"), "gifts": N_("Gift points")}
RANK_WORDS = (N_("First rank"), N_("Second rank"), N_("Third rank"), N_("Fourth rank"), N_("Fifth rank"))


def row(term: str, value: str, words: Words, roll: Rollable | None = None, emphasis: Emphasis = "") -> SheetRow:
    """A line labelled with the book's English term, the reader's word beside it when it differs."""
    said = words(term)
    return SheetRow(term, value, "" if said == term else said, roll, emphasis)


def section(title: str, rows: list[SheetRow], words: Words) -> SheetSection:
    said = words(title)
    return SheetSection(title, tuple(rows), "" if said == title else said)


def cast(dice: int, skill: int, legend: int, **more: Any) -> Rollable:
    """A cast as the sheet stands: the god rune's dice, the skill's tokens, the legend score capping Wyrð."""
    return Rollable("cast", {"rune": dice, "skill": skill, "legend": legend, "difficulty": AVERAGE, **more})


def character_sheet(c: Character, words: Words, options: MidgardOptions) -> Sheet:
    d = c.derived(options)
    budget = budget_rows(d["points"], words)
    sections = [
        section(N_("Character"), _who(c, d, words), words),
        section(N_("God runes"), [*_runes(d, words), budget["god_runes"]], words),
        section(N_("Qualities"), _qualities(d, words), words),
        section(N_("Skills"), [*_skills(c, d, words), budget["skills"]], words),
        section(N_("Wyrð"), _wyrd(d, words), words),
        section(N_("Health and wounds"), _wounds(d, words), words),
        section(N_("Weapons and armour"), _gear(d, words), words),
        section(N_("Rune gifts"), [*_gifts(c, d, words), budget["gifts"]], words),
    ]
    return Sheet(c.name, tuple(sections), tuple(_warnings(c, d, words)))


def budget_rows(points: Mapping[str, Mapping[str, int]], words: Words) -> dict[str, SheetRow]:
    """ "14 / 14" for each step's points, as the model counts them; an overspent one (only a sheet still being
    typed has one: budgets.py) is a warning."""
    return {
        step: row(
            BUDGETS[step],
            f"{words.number(p['spent'])} / {words.number(p['budget'])}",
            words,
            emphasis="warning" if p["spent"] > p["budget"] else "budget",
        )
        for step, p in points.items()
    }


# -- who, god runes, qualities ------------------------------------------------------------------------------
def _who(c: Character, d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    r = rules()
    birthright = r.birthright(c.birthright)
    legend = r.legend(c.legend)
    assert birthright is not None and legend is not None
    skills = words.join(named("skill", s, words) for s in d["legend_skills"])
    return [
        row(N_("Name"), c.name, words),
        row(N_("Gender"), words(GENDERS.get(c.gender, c.gender)), words),
        row(N_("Birthright"), words(birthright.name), words),
        row(N_("Legend"), words(legend.name), words),
        row(N_("Legend skills"), skills, words),
        row(N_("Legend score"), words.number(int(d["legend_score"])), words, emphasis="derived"),
    ]


def _runes(d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    return [row(g.name, words.number(int(d["god_runes"][g.code])), words) for g in rules().god_runes.rune]


def _qualities(d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    courage = d["courage"]
    dice, bonus = int(courage["dice"]), int(courage["bonus"])
    said = words("{dice} dice, {bonus} on the Cast Runes stone", dice=words.number(dice), bonus=words.number(bonus))
    roll = cast(dice, bonus, int(d["legend_score"]), simple=True, instant=True)
    return [
        row(N_("Defence"), words.number(int(d["defence"])), words, emphasis="derived"),
        row(N_("Weapon Skill"), words.number(int(d["weapon_skill"])), words, emphasis="derived"),
        row(N_("Courage"), said, words, roll),
        row(N_("Declaration score"), words.number(int(d["declaration_score"])), words, emphasis="derived"),
    ]


# -- skills -------------------------------------------------------------------------------------------------
def _skills(c: Character, d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    ranks: Mapping[str, int] = d["skills"]
    legend_score = int(d["legend_score"])
    rows = []
    for rune in rules().god_runes.rune:
        dice = int(d["god_runes"][rune.code])
        for skill in rules().skills.skill:
            if skill.rune != rune.id or (skill.legend_only and skill.legend_only != c.legend):
                continue
            rank = int(ranks.get(skill.name, 0))
            value = words(
                "rank {rank}, cast with {rune} {dice}",
                rank=words.number(rank),
                rune=named("rune", rune.code, words),
                dice=words.number(dice),
            )
            rows.append(row(skill.name, value, words, cast(dice, rank, legend_score)))
    return rows


# -- Wyrð and wounds ----------------------------------------------------------------------------------------
def _wyrd(d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    return [
        row(N_("Wyrð"), words.number(int(d["wyrd_max"])), words, emphasis="derived"),
        row(N_("Wyrð spent on one cast"), words("at most {n}", n=words.number(int(d["bonus_dice_cap"]))), words),
    ]


def _wounds(d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    rows = [row(N_("Health"), words.number(int(d["health"])), words, emphasis="derived")]
    for i, (boxes, penalty) in enumerate(zip(d["wound_boxes"], d["wound_penalties"], strict=True)):
        merkstave = words.n("{n} Merkstave on every cast", "{n} Merkstave on every cast", int(penalty))
        value = words.n("{n} box", "{n} boxes", int(boxes)) + ", " + (merkstave if penalty else words("no penalty"))
        rows.append(row(RANK_WORDS[min(i, len(RANK_WORDS) - 1)], value, words))
    rows.append(row(N_("Wound boxes in all"), words.number(int(d["wound_total"])), words, emphasis="derived"))
    return rows


# -- weapons and armour -------------------------------------------------------------------------------------
def _gear(d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    rows = []
    legend_score = int(d["legend_score"])
    for weapon_id, a in d["attacks"].items():
        weapon = rules().weapon(weapon_id)
        assert weapon is not None
        code, _, skill = str(a["cast"]).partition(" + ")
        parts = [words("{rune} {dice} + {skill} {rank}", rune=named("rune", code, words),
                       dice=words.number(int(a["dice"])), skill=named("skill", skill, words),
                       rank=words.number(int(a["ranks"])))]  # fmt: skip
        if a.get("damage") is not None:
            parts.append(words("damage {n}", n=words.number(int(a["damage"]))))
        if a.get("ap") is not None:
            parts.append(words("AP {n}", n=words.number(int(a["ap"]))))
        more: dict[str, Any] = {}
        if a.get("speed") is not None:
            parts.append(words("speed {n}", n=words.number(int(a["speed"]))))
            more["speed"] = int(a["speed"])
        if a.get("speed_two_hands") is not None:
            parts.append(words("{n} in two hands", n=words.number(int(a["speed_two_hands"]))))
        if a.get("range_ft") is not None:
            parts.append(words("range {n} ft", n=words.number(int(a["range_ft"]))))
        roll = cast(int(a["dice"]), int(a["ranks"]), legend_score, **more)
        rows.append(row(weapon.name, " · ".join(parts), words, roll))
    for key, speeds in d["defences"].items():
        if key == "dodge":
            label = words("Dodge")
            term = "Dodge"
        else:
            weapon = rules().weapon(key.removeprefix("block_"))
            assert weapon is not None
            term, label = f"Block with the {weapon.name}", words("Block with the {item}", item=words(weapon.name))
        value = words(
            "speed {declared} declared, {switched} switched",
            declared=words.number(int(speeds["declared"])),
            switched=words.number(int(speeds["switched"])),
        )
        rows.append(SheetRow(term, value, "" if label == term else label))
    for armour_id, pool in d["armour"].items():
        found = rules().armour_type(armour_id)
        assert found is not None
        where = words.join(named("location", loc, words) for loc in pool["locations"])
        value = words(
            "{where}: pool {pool}, hardness {hardness}, speed {speed}",
            where=where,
            pool=words.number(int(pool["pool"])),
            hardness=words.number(int(pool["hardness"])),
            speed=words.number(int(pool["speed"])),
        )
        rows.append(row(found.name, value, words))
    rows.append(row(N_("Armour speed penalty"), words.number(int(d["armour_speed_penalty"])), words))
    rows.append(row(N_("Unarmed speed"), words.number(int(d["unarmed_speed"])), words, emphasis="derived"))
    rows.append(row(N_("Throwing range"), words("{n} ft", n=words.number(int(d["throw_range_ft"]))), words))
    return rows


# -- rune gifts ---------------------------------------------------------------------------------------------
def _gifts(c: Character, d: Mapping[str, Any], words: Words) -> list[SheetRow]:
    r = rules()
    rows = []
    for gift_id, choice in parse_gifts(c.gifts):
        gift = r.gift(gift_id)
        assert gift is not None
        rune = r.gift_rune_of[gift_id]
        value = words("{rune}, level {level}", rune=words(rune.name), level=words.number(gift.level))
        if choice:
            value += f" ({_choice(choice, words)})"
        rows.append(row(gift.name, value, words))
    for name in d["special_gifts"]:
        rows.append(row(name, words("special gift, free with its skill"), words))
    totals = d["rune_totals"]
    if totals:
        shown = words.join(f"{named('gift_rune', k, words)} {words.number(int(v))}" for k, v in totals.items())
        rows.append(row(N_("Gift levels by rune"), shown, words, emphasis="derived"))
    return rows


def _choice(choice: str, words: Words) -> str:
    """What was chosen when the gift was bought: a god rune or a skill, in the reader's words."""
    if rules().god_rune(choice) is not None:
        return named("rune", choice, words)
    return named("skill", choice, words)


# -- warnings -----------------------------------------------------------------------------------------------
def _warnings(c: Character, d: Mapping[str, Any], words: Words) -> list[str]:
    r = rules()
    out = []
    for step, p in d["points"].items():
        left = int(p["budget"]) - int(p["spent"])
        if left > 0:
            out.append(_unspent(step, left, words))
    for weapon_id in dict.fromkeys(c.weapons):
        weapon = r.weapon(weapon_id)
        hint = getattr(weapon, "legend_hint", "")
        legend = r.legend(hint) if hint else None
        if weapon is not None and legend is not None and hint != c.legend:
            out.append(
                words(
                    "the {weapon} is suggested for a {legend}: the GM decides",
                    weapon=words(weapon.name),
                    legend=words(legend.name),
                )
            )
    for gift_id, _ in parse_gifts(c.gifts):
        gift = r.gift(gift_id)
        assert gift is not None
        for need in gift.requires:
            skill = need.removeprefix("ranks in ")
            if skill != need and d["skills"].get(skill, 0) == 0:
                out.append(
                    words(
                        "{gift} needs ranks in {skill}, which this character lacks",
                        gift=words(gift.name),
                        skill=named("skill", skill, words),
                    )
                )
    return out


def _unspent(step: str, left: int, words: Words) -> str:
    if step == "god_runes":
        return words.n("{n} rune point unspent: it is lost", "{n} rune points unspent: they are lost", left)
    if step == "skills":
        return words.n("{n} skill point unspent: it is lost", "{n} skill points unspent: they are lost", left)
    return words.n("{n} gift point unspent: it is lost", "{n} gift points unspent: they are lost", left)
