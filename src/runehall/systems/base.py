"""The game-system contract. The CLI, the table service and the web table know systems only through it.

A system provides:
- `meta`: id, name, the book's language and source, what its game master is called;
- `Options`: a frozen pydantic model, one field per interpretation of unclear book text, with defaults;
- `Character`: a pydantic model of a character sheet, validated by the rules, with `derived()` values;
- `mechanics()`: named Mechanics, each a Chance (the random part) plus `resolve` (the rules applied to
  what was drawn), so the roll and the exact odds come from one definition;
- rules data in data files beside its code, validated when loaded (see runehall.systems.data);
- `docs/rules/<id>.md` in our own words.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from runehall.chance.chance import Chance
from runehall.chance.dist import Dist
from runehall.chance.sources import Source
from runehall.errors import Invalid, OneOf, ParameterError, Refusal, UnknownNameError
from runehall.present.card import Card, Chip
from runehall.present.fields import Choices
from runehall.present.odds import Headline
from runehall.present.sheet import Sheet, SheetRow
from runehall.present.words import ENGLISH, N_, Words
from runehall.rolling import RollResult

if TYPE_CHECKING:
    from runehall.systems.tracker import Tracker


MAX_TEXT = 1000
"""The longest text any rules model takes (a name, an id, a condition, a line of overrides). Ids and names are
a few dozen characters and the rules data's longest text is under 400; a longer value is a mistake or an
attack, refused before anything reads it. Fields that need less say so themselves."""

MAX_SHEET_FIELDS = 64
"""Fields of a character sheet given inside a tracker's setup (validated by the system's Character model,
whose own fields are capped): more keys than any sheet has are refused before the model reads them."""


class RulesModel(BaseModel):
    """Base of parameter, option and data models: immutable, unknown fields are an error, and no text is
    longer than MAX_TEXT (every count-like field carries its own cap, see tests/test_params_limits.py)."""

    model_config = ConfigDict(frozen=True, extra="forbid", str_max_length=MAX_TEXT)


class NoOptions(RulesModel):
    """For systems (or tests) whose book leaves nothing open."""


class NoParams(RulesModel):
    pass


class CharacterModel(RulesModel):
    """A character sheet. Field validators enforce the rules; derived() computes what the sheet shows."""

    name: str

    def derived(self) -> dict[str, Any]:
        return {}

    def sheet(self, words: Words, options: Any = None) -> Sheet:
        """The sheet as people read it, in the book's sections and the reader's words (runehall.present.sheet),
        with a roll on each rollable line. The default lists the name alone: systems lay out their own."""
        return Sheet(self.name, ())

    @classmethod
    def choice_label(cls, field: str, value: str, words: Words) -> str | None:
        """How one choice of a select on the sheet reads (a trait's id as its name); None: the value itself."""
        return None

    @classmethod
    def budgets(cls, values: Mapping[str, Any], options: Any, words: Words) -> tuple[SheetRow, ...]:
        """The creation budgets of a sheet being typed, as "spent / budget" rows ("Rune points 15 / 14"),
        computed from the raw values so they show while the sheet is still refused (over budget, half
        filled). Never raises: what cannot be counted yet is left out. Default: none."""
        return ()

    @classmethod
    def choices(cls, field: str, options: Any = None) -> Choices | None:
        """What a list or a table of names on the sheet may hold (`field` is its dotted path: "skills",
        "void.skill"), for the form's pickers, in the book's order; None: typed freely."""
        return None


ParamsT = TypeVar("ParamsT", bound=RulesModel)
KeyT = TypeVar("KeyT", bound=Hashable)
OutcomeT = TypeVar("OutcomeT", bound=Hashable)


_REASONS = {  # pydantic's error types as templates the catalogs translate (its own words are English only)
    "less_than_equal": (N_("over its cap: at most {le}"), ("le",)),
    "less_than": (N_("over its cap: less than {lt}"), ("lt",)),
    "greater_than_equal": (N_("at least {ge}"), ("ge",)),
    "greater_than": (N_("more than {gt}"), ("gt",)),
    "too_long": (N_("over its cap: at most {max_length} entries"), ("max_length",)),
    "too_short": (N_("at least {min_length} entries"), ("min_length",)),
    "string_too_long": (N_("over its cap: at most {max_length} characters"), ("max_length",)),
    "string_too_short": (N_("at least {min_length} characters"), ("min_length",)),
    "missing": (N_("Field required"), ()),
    "extra_forbidden": (N_("not a field of this form"), ()),
    "int_parsing": (N_("must be a whole number"), ()),
    "int_type": (N_("must be a whole number"), ()),
    "int_from_float": (N_("must be a whole number"), ()),
    "float_parsing": (N_("must be a number"), ()),
    "float_type": (N_("must be a number"), ()),
    "bool_parsing": (N_("must be yes or no"), ()),
    "bool_type": (N_("must be yes or no"), ()),
    "string_type": (N_("must be text"), ()),
    "dict_type": (N_("must be a list of names with values"), ()),
    "list_type": (N_("must be a list"), ()),
    "model_type": (N_("must be a group of fields"), ()),
    "model_attributes_type": (N_("must be a group of fields"), ()),
    "literal_error": (N_("must be one of {expected}"), ("expected",)),
    "enum": (N_("must be one of {expected}"), ("expected",)),
    "string_pattern_mismatch": (N_("must not be blank"), ()),
}
MAX_REASONS = 20  # a refusal names at most this many problems (a long list would make the answer the attack)
MAX_ENTRIES = 1000
"""Entries of any one list or mapping in the values a rules model is given, counted before the model reads
them: every field has its own, much lower cap (a bag holds 72 runes), but pydantic checks a list's length
only after validating its items, so 80,000 items cost 0.6 s of CPU and a 3.6 MB refusal."""


def refusals(error: ValidationError, what: str = "parameter") -> list[Refusal]:
    """Each bad field and why (the first MAX_REASONS), as templates the reader's language can say."""
    found = error.errors(include_url=False)
    parts = [_refusal(e, what) for e in found[:MAX_REASONS]]
    if len(found) > MAX_REASONS:
        parts.append(Refusal(N_("and {n} more"), {"n": len(found) - MAX_REASONS}))
    return parts


def _refusal(e: Any, what: str) -> Refusal:
    where = ".".join(str(p) for p in e["loc"])
    context = e.get("ctx", {})
    cause = context.get("error")
    if isinstance(cause, Invalid):  # a validator's own refusal, with its template
        return Refusal(cause.template, cause.values, where, what)
    if e["type"] == "string_too_short" and context.get("min_length") == 1:
        return Refusal(N_("must not be empty"), {}, where, what)
    if e["type"] in ("literal_error", "enum") and "expected" in context:
        options = tuple(re.findall(r"'([^']*)'", str(context["expected"]))) or (str(context["expected"]),)
        return Refusal(N_("must be one of {expected}"), {"expected": OneOf(options)}, where, what)
    if e["type"] in _REASONS:
        template, keys = _REASONS[e["type"]]
        return Refusal(template, {k: context[k] for k in keys if k in context}, where, what)
    return Refusal(str(e["msg"]).removeprefix("Value error, "), {}, where, what)


def humanize(error: ValidationError, what: str = "parameter") -> str:
    """One line naming each bad field and why, in English (the API's words)."""
    return "; ".join(str(part) for part in refusals(error, what))


def _oversized(values: Any) -> str | None:
    """The place of the first list or mapping with more than MAX_ENTRIES entries, if any."""
    pending: list[tuple[str, Any]] = [("", values)]
    while pending:
        where, item = pending.pop()
        if isinstance(item, dict | list):
            if len(item) > MAX_ENTRIES:
                return where or "the values"
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            pending.extend((f"{where}.{k}" if where else str(k), v) for k, v in pairs)
    return None


@lru_cache(maxsize=256)
def dumped(model: RulesModel) -> dict[str, Any]:
    """JSON of a frozen model, cached: a table's options are dumped into every roll it makes."""
    return model.model_dump(mode="json")


@lru_cache(maxsize=64)
def _default_options(model: type[RulesModel]) -> RulesModel:
    return validate_model(model, {}, "option")


@lru_cache(maxsize=4096)
def _parse_cached(model: type[RulesModel], values: frozenset[tuple[str, Any]]) -> RulesModel:
    """The same hashable input always gives the same frozen model, so validation runs once per input."""
    return validate_model(model, dict(values), "parameter")


def validate_model(
    model: type[ParamsT], values: Mapping[str, Any], what: str, context: dict[str, Any] | None = None
) -> ParamsT:
    oversized = _oversized(dict(values))
    if oversized is not None:
        cap = Refusal("over its cap: at most {max_length} entries", {"max_length": MAX_ENTRIES}, oversized, what)
        raise ParameterError(parts=[cap])
    try:
        return model.model_validate(dict(values), context=context)
    except ValidationError as e:
        raise ParameterError(parts=refusals(e, what)) from None


@dataclass(frozen=True)
class Odds(Generic[OutcomeT]):
    """The exact odds of a mechanic: the distribution of its outcome and of each named view of it."""

    outcomes: Dist[OutcomeT]
    views: dict[str, Dist[Any]] = field(default_factory=dict)
    orders: dict[str, Sequence[Any]] = field(default_factory=dict)
    label: Callable[[str | None, Any, Words], str | None] | None = None
    words: Words = ENGLISH
    """The system's own English words (its catalog, then the shared one): the API's JSON labels."""

    def _labeller(self, view: str | None, words: Words) -> Callable[[Any], str | None] | None:
        label = self.label  # the API's JSON carries English labels; pages ask in the reader's language
        return None if label is None else (lambda outcome: label(view, outcome, words))

    def to_json(self, words: Words | None = None) -> dict[str, Any]:
        said = words or self.words
        data = self.outcomes.to_json(label=self._labeller(None, said))
        data["views"] = {
            name: d.to_json(self.orders.get(name), self._labeller(name, said))["outcomes"]
            for name, d in self.views.items()
        }
        return data


class Mechanic(ABC, Generic[ParamsT, KeyT, OutcomeT]):
    """A named roll, draw or cast of a system."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    Params: ClassVar[type[RulesModel]]
    manual_help: ClassVar[str] = "the faces rolled, in order"

    @abstractmethod
    def chance(self, params: ParamsT, options: RulesModel) -> Chance[Any, KeyT]:
        """The random experiment for these parameters."""

    @abstractmethod
    def resolve(self, params: ParamsT, options: RulesModel, key: KeyT) -> OutcomeT:
        """The rules applied to what was drawn: a hashable outcome."""

    def resolver(self, params: ParamsT, options: RulesModel) -> Callable[[KeyT], OutcomeT]:
        """resolve() with the parameters bound. A mechanic may prepare work once per parameter set here
        (odds apply it to every possible key); it must give exactly what resolve() gives."""
        return lambda key: self.resolve(params, options, key)

    def views(self) -> dict[str, Callable[[OutcomeT], Hashable]]:
        """Named projections of the outcome whose odds are also shown (e.g. the tier of a test)."""
        return {}

    chart_view: ClassVar[str | None] = None
    """The view the odds chart shows (a test's tier, an attack's wounds); None charts the outcomes."""

    def label(self, view: str | None, value: Any, words: Words = ENGLISH) -> str | None:
        """How an outcome (view None) or a view's value reads to a person, in the game's own terms and the
        reader's language; None leaves it as its plain value (a number)."""
        return None

    def view_titles(self, words: Words) -> dict[str, str]:
        """Each view's title in the reader's language ("Tier", "Extra successes"), for the odds' tables.
        The default reads the view's name as words (a title: its first letter capital); a system overrides it
        to say its own terms."""
        titles = {view: words(view.replace("_", " ")) for view in self.views()}
        return {view: title[:1].upper() + title[1:] for view, title in titles.items()}

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        """How one choice of a parameter's select reads (an id as its name), in the reader's language;
        None shows the value itself. The form still sends the value."""
        return None

    def headline(self, odds: Odds[OutcomeT], words: Words) -> tuple[Headline, ...]:
        """The chances that decide whether to roll ("Success 60 %", "botch 10 %"), most important first."""
        return ()

    def describe(self, stored: Mapping[str, Any], words: Words, who: str) -> Card:
        """A stored roll as a card in the reader's language, from the stored data only (runehall.present);
        `who` is the name of the person who rolled.

        The default is for mechanics not yet described in words: their text and every draw as a chip."""
        chips = tuple(Chip(str(d[2] if len(d) > 2 else d[1]), sides=int(d[0])) for d in stored["tape"])
        if type(self).render is not Mechanic.render:  # the system's own text (the default render asks us)
            result = self.render(stored)
        else:
            result = _outcome_words(self, stored.get("outcome"), words)
        return Card(action=f"{who}: {words(self.title)}", result=result, chips=chips)

    def view_orders(self) -> dict[str, Sequence[Any]]:
        """Display order of a view's outcomes where the natural order is wrong (e.g. tiers, best first)."""
        return {}

    def render(self, stored: Mapping[str, Any]) -> str:
        """Text of a stored roll, from the stored data only: by default its English card in one line
        (the system's own words), so no stored value is printed as a program value."""
        words = system_words(type(self).__module__, "en")
        who = str(stored.get("requested_by") or words("Someone"))
        return self.describe(stored, words, who).plain()

    # -- derived from the definition above; systems do not override these --------------------------
    def parse_params(self, values: Mapping[str, Any]) -> ParamsT:
        try:
            key = frozenset(values.items())
        except TypeError:  # list values and the like: validate every time
            return validate_model(self.Params, values, "parameter")  # type: ignore[return-value]
        return _parse_cached(self.Params, key)  # type: ignore[return-value]

    def secret(self, params: ParamsT) -> bool:
        """Whether the rules have this roll made out of the players' sight (a runner's secret Awareness
        roll). A table then only takes it GM-only or blind; the CLI has no one to hide it from."""
        return False

    def odds(self, params: ParamsT, options: RulesModel) -> Odds[OutcomeT]:
        chance = self.chance(params, options)
        outcomes = chance.dist().map(self.resolver(params, options))
        views = {name: outcomes.map(f) for name, f in self.views().items()}
        return Odds(outcomes, views, self.view_orders(), self.label, system_words(type(self).__module__, "en"))

    def roll(
        self,
        system: str,
        params: ParamsT,
        options: RulesModel,
        source: Source,
        requested_by: str | None = None,
    ) -> RollResult:
        chance = self.chance(params, options)
        detail = chance.sample(source)
        source.finish()
        outcome = self.resolver(params, options)(chance.key(detail))
        return RollResult(
            system=system,
            mechanic=self.name,
            params=dict(dumped(params)),
            options=dict(dumped(options)),
            source=source.describe(),
            requested_by=requested_by,
            tape=tuple(source.tape),
            detail=detail,
            outcome=outcome,
        )


def _outcome_words(mechanic: Mechanic[Any, Any, Any], outcome: Any, words: Words) -> str:
    """A stored outcome in words when the mechanic says nothing more: its label, a number, else nothing."""
    try:
        said = mechanic.label(None, outcome, words)
    except (TypeError, KeyError, ValueError, AttributeError):  # labels are for live outcomes, not stored JSON
        said = None
    if said is not None:
        return said
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        return words.number(outcome)
    return ""


def system_words(module: str, lang: str) -> Words:
    """The words of the system a class belongs to (by its module), or the shared words alone."""
    from runehall.present.words import words_for
    from runehall.systems import registry

    best = ""
    found: str | None = None
    for system_id, system in registry.systems().items():
        package = type(system).__module__
        if (module == package or module.startswith(package + ".")) and len(package) > len(best):
            best, found = package, system_id
    return words_for(lang, found)


@dataclass(frozen=True)
class SystemMeta:
    id: str
    name: str
    language: str  # the book's language, as a BCP 47 tag
    source: str  # the book or post it implements
    summary: str
    gm_title: str = "game master"
    player_title: str = "player"


class GameSystem(ABC):
    meta: ClassVar[SystemMeta]
    Options: ClassVar[type[RulesModel]] = NoOptions
    Character: ClassVar[type[CharacterModel] | None] = None

    @abstractmethod
    def mechanics(self) -> Mapping[str, Mechanic[Any, Any, Any]]:
        """The system's named mechanics."""

    def trackers(self) -> Mapping[str, Tracker[Any]]:
        """State kept at the table (a game tree, a combat round), driven by logged actions."""
        return {}

    def summary(self, trackers: Sequence[tuple[str, Any]], words: Words, options: Any = None) -> tuple[Any, ...]:
        """What the table's trackers add up to, as sections of labelled rows (runehall.present.sheet.SheetSection)
        drawn above them on the table page: a Rune session's scoreboard across its encounters. `trackers`: each
        tracker this viewer may see, as (its name, its state), in the order they were put into play. None by
        default."""
        return ()

    def choice_label(self, field: str, value: str, words: Words) -> str | None:
        """How one choice of an option's select reads on the table's options form; None: the value in words."""
        return None

    @property
    def id(self) -> str:
        return self.meta.id

    def tracker(self, name: str) -> Tracker[Any]:
        found = self.trackers().get(name)
        if found is None:
            known = ", ".join(sorted(self.trackers())) or "none"
            raise UnknownNameError(
                N_("{id} has no tracker {name!r} (it has: {known})"), id=self.id, name=name, known=known
            )
        return found

    def mechanic(self, name: str) -> Mechanic[Any, Any, Any]:
        found = self.mechanics().get(name)
        if found is None:
            known = ", ".join(sorted(self.mechanics()))
            raise UnknownNameError(
                N_("{id} has no mechanic {name!r} (it has: {known})"), id=self.id, name=name, known=known
            )
        return found

    def options(self, values: Mapping[str, Any] | None = None) -> RulesModel:
        if not values:
            return _default_options(self.Options)
        return validate_model(self.Options, values, "option")

    def character(self, values: Mapping[str, Any], options: RulesModel | None = None) -> CharacterModel:
        """A validated sheet; the table's options reach the validators as context["options"]."""
        if self.Character is None:
            raise UnknownNameError(N_("{id} has no character sheets"), id=self.id)
        return validate_model(self.Character, values, "field", {"options": options or self.options()})
