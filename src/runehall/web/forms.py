"""Form controls from pydantic models: every web form is built from the system's contract.

A number is a stepper, a yes/no a checkbox, a choice a select; a group of fields (one side of an opposed
test, the Void rune) is a fieldset of its own controls; a list is rows with add and remove (or, when the
system names what it may hold, a picker of those choices); a table of names with scores (skills, rune
points) is rows of a name and a number, or one labelled number per name when the system says every name is
on the sheet. Labels, hints and choices are in the reader's words (runehall.present.fields); what is sent
comes back through `collect` (runehall.web.formdata), validated by the same model as the API's and the CLI's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from runehall.errors import ParameterError, Refusal
from runehall.present import fields as said
from runehall.present.fields import Choices, ChoicesOf
from runehall.present.words import ENGLISH, N_, Words
from runehall.systems.base import refusals
from runehall.web.formdata import blank, rows, tree, whole

M = TypeVar("M", bound=BaseModel)
BOOK_ENGLISH = Words("en", ())  # a title as the model (in the book's English) gives it
SCALARS = ("number", "checkbox", "select", "text")


@dataclass
class Field:
    name: str  # the control's name: its dotted place in the model ("void.trait", "skills.0.key")
    label: str
    kind: str  # number | checkbox | select | text | list | group | scores | table | rows | picks | items | hidden
    required: bool
    default: Any = None
    description: str = ""
    choices: list[str] = field(default_factory=list)
    value: Any = None
    error: str = ""
    choice_text: dict[str, str] = field(default_factory=dict)  # how each choice reads; its value is sent
    children: list[Field] = field(default_factory=list)  # a group's fields
    rows: list[Field] = field(default_factory=list)  # a list's or table's rows (each a group or a scalar)
    template: Field | None = None  # the row the Add button copies (its index is `token`)
    token: str = ""
    limit: int | None = None  # at most this many rows (the model's cap)
    minimum: int | float | None = None
    maximum: int | float | None = None
    suggestions: list[str] = field(default_factory=list)  # names offered while typing (any other may be typed)
    whole_numbers: bool = True  # a number input steps by 1; else any number (metres: 7.5)
    group: str = ""  # a row's heading in a table grouped the book's way (Midgard's skills by god rune)
    gloss: str = ""  # the reader's word beside the book's term (a sheet in English read in Spanish)
    when: dict[str, list[str]] = field(default_factory=dict)  # shown only while a sibling holds one of these
    off: bool = False  # ... and it does not now (drawn hidden; static/editor.js shows it when the sibling changes)
    groups: dict[str, str] = field(default_factory=dict)  # a select's choices under headings (foes by family)

    def choice_shown(self, value: str) -> str:
        return self.choice_text.get(value) or value or "—"

    @property
    def shown(self) -> str:
        value = self.default if self.value is None else self.value
        if value is None:
            return ""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, dict):
            return json.dumps(value, ensure_ascii=False)
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value)
        return str(value)

    @property
    def picked(self) -> set[str]:
        """A picker's chosen ids."""
        value = self.default if self.value is None else self.value
        if isinstance(value, str):
            return {part.strip() for part in value.split(",") if part.strip()}
        if isinstance(value, dict):
            return {k for k, v in value.items() if v in ("on", "true", True)}
        return {str(v) for v in value or ()}


@dataclass
class _Context:
    defs: dict[str, Any]
    words: Words
    choice_label: said.ChoiceLabel | None
    choices_of: ChoicesOf | None
    rows: bool  # lists of names as rows with add and remove (a sheet), else one comma-separated line (a roll)
    book: str | None = None  # the book's language: a sheet's labels are its terms, the reader's word beside


@lru_cache(maxsize=512)
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON schema, made once (forms are built from it on every page; it is only read here)."""
    return model.model_json_schema()


def schema_of(model: type[BaseModel]) -> dict[str, Any]:
    """A model's JSON schema, made once (read it, never change it)."""
    return _schema(model)


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The schema a property stands for (following $ref, and `X | None`), and whether None is allowed."""
    options = prop.get("anyOf")
    nullable = False
    if options:
        real = [o for o in options if o.get("type") != "null"]
        nullable = len(real) < len(options)
        if len(real) == 1:
            prop = {**{k: v for k, v in prop.items() if k != "anyOf"}, **real[0]}
    ref = prop.get("$ref")
    if ref:
        prop = {**defs[ref.rsplit("/", 1)[-1]], **{k: v for k, v in prop.items() if k != "$ref"}}
    return prop, nullable


def _kind(prop: dict[str, Any], defs: dict[str, Any]) -> tuple[str, list[str]]:
    options = [prop, *prop.get("anyOf", [])]
    for option in options:
        if "enum" in option:
            return "select", [str(v) for v in option["enum"]]
        if "const" in option:
            return "select", [str(o["const"]) for o in options if "const" in o]
    real, nullable = _resolve(prop, defs)
    types = {o.get("type") for o in options} | {real.get("type")}
    if "properties" in real:
        return "group", []
    if real.get("type") == "object":
        return "scores", []
    if real.get("type") == "array":
        item, _ = _resolve(real.get("items", {}), defs)
        return ("items" if "properties" in item else "rows"), []
    if "boolean" in types:
        # yes / no / (unset) when the field may be left to its default; a checkbox cannot say "unset"
        return ("select", ["true", "false"]) if nullable else ("checkbox", [])
    if types & {"integer", "number"} and not types & {"string", "array"}:
        return "number", []
    return "text", []


def fields(
    model: type[BaseModel],
    values: dict[str, Any] | None = None,
    words: Words = ENGLISH,
    choice_label: said.ChoiceLabel | None = None,
    choices_of: ChoicesOf | None = None,
    list_rows: bool = False,
    book: str | None = None,
) -> list[Field]:
    """The model's fields as form controls, their words in `words` (a system's: words_for(lang, id)).
    `values` is a stored sheet or what a form sent (flat dotted names are nested first); `choice_label` is the
    system's hook saying how a choice reads, `choices_of` the sheet's hook naming what a list may hold.
    A list of names is one comma-separated line (a bag typed "4F, 2M" in a roll) unless `list_rows` or the
    sheet names its choices."""
    schema = _schema(model)
    context = _Context(schema.get("$defs", {}), words, choice_label, choices_of, list_rows, book)
    return _controls(schema, tree(values or {}), context, "", "", 0)


def _controls(schema: dict[str, Any], values: Any, c: _Context, prefix: str, path: str, depth: int) -> list[Field]:
    values = values if isinstance(values, dict) else {}
    required = set(schema.get("required", []))
    props = schema.get("properties", {})
    controls = [
        _control(name, prop, values.get(name), name in required, c, prefix + name, path + name, depth)
        for name, prop in props.items()
    ]
    # A field that applies only to some choices of a sibling (`"x-when": {"kind": ["cover"]}`: a terrain
    # feature's degree of cover) is drawn hidden while the sibling holds another.
    siblings = dict(zip(props, controls, strict=True))
    for f in controls:
        f.off = any(key in siblings and siblings[key].shown not in kinds for key, kinds in f.when.items())
    return controls


def _control(
    key: str, prop: dict[str, Any], value: Any, required: bool, c: _Context, name: str, path: str, depth: int
) -> Field:
    kind, choices = _kind(prop, c.defs)
    real, _ = _resolve(prop, c.defs)
    if prop.get("readOnly") or real.get("readOnly"):  # made by the rules, never typed: kept as it is on an edit
        return Field(name=name, label=said.label(key, prop, c.words), kind="hidden", required=False, value=value)
    listed = c.choices_of(path) if c.choices_of else None
    if listed is not None and listed.same is not None and isinstance(value, list | tuple):
        value = [listed.id_of(v) for v in value]  # a stored name shown as the choice it is
    if listed is not None and listed.same is not None and kind == "text" and isinstance(value, str) and value:
        value = listed.id_of(value)
    if kind == "rows" and listed is not None and not (listed.open or listed.rows) and not _repeats(value):
        kind = "picks"  # each choice at most once (a list holding one twice keeps its rows)
        choices = list(listed.ids)
    if kind in ("rows", "items") and listed is None and not c.rows:
        kind = "list"  # a roll's list is typed on one line, in its own shorthand ("Thurid:3:hero, Casin:6")
    if kind == "text" and listed is not None and not listed.open:
        kind, choices = "select", list(listed.ids)
        if not required:
            choices = ["", *choices]
    if kind == "select" and not required and prop.get("default") is None and "" not in choices:
        choices = ["", *choices]  # "none" is a choice for an optional select
    label, gloss = said.label(key, prop, c.words), ""
    if c.book == "en" and c.words.lang != "en":  # the book's term first, the reader's word beside it
        term = said.label(key, prop, BOOK_ENGLISH)
        label, gloss = (term, label) if term != label else (label, "")
    elif c.book is not None and c.book != c.words.lang and label.endswith(")") and " (" in label:
        label, _, said_gloss = label[:-1].partition(" (")  # "Nombre (name)": a Spanish book's term, the gloss
        gloss = said_gloss
    f = Field(
        name=name,
        label=label,
        gloss=gloss,
        kind=kind,
        required=required,
        default=prop.get("default"),
        description=said.hint(prop, c.words),
        choices=choices,
        value=value,
        choice_text={v: said.choice(path, v, c.words, c.choice_label) for v in choices},
        limit=real.get("maxItems") or real.get("maxProperties"),
        minimum=real.get("minimum"),
        maximum=real.get("maximum"),
        whole_numbers="number" not in {real.get("type"), *(o.get("type") for o in prop.get("anyOf", []))},
        when={str(k): [str(v) for v in vs] for k, vs in (prop.get("x-when") or real.get("x-when") or {}).items()},
    )
    if kind == "select" and listed is not None and listed.group is not None:
        f.groups = {v: listed.group(v, c.words) for v in listed.ids}
    if kind == "text" and listed is not None and listed.open:
        f.suggestions = list(listed.ids)
        f.choice_text = {v: said.choice(path, v, c.words, c.choice_label) for v in listed.ids}
    if kind == "group":
        inner = whole(value, name) if isinstance(value, str) else value
        f.children = _controls(real, inner, c, name + ".", path + ".", depth)
        if not required:  # a group that may be left out: its own required fields are required only when used
            for child in walk(f.children):
                child.required = False
    elif kind in ("rows", "items"):
        _list_rows(f, real, value, c, path, depth)
    elif kind == "scores":
        _score_rows(f, real, value, listed, c, path, depth)
    return f


def _list_rows(f: Field, real: dict[str, Any], value: Any, c: _Context, path: str, depth: int) -> None:
    item = real.get("items", {})
    if isinstance(value, str):
        value = whole(value, f.name) if f.kind == "items" else [v.strip() for v in value.split(",") if v.strip()]
    f.token = f"__i{depth}__"
    entries = rows(value)

    def row(index: str, entry: Any) -> Field:
        return _control(f.label, {**item, "title": f.label}, entry, True, c, f"{f.name}.{index}", path, depth + 1)

    f.rows = [row(str(i), entry) for i, entry in enumerate(entries)]
    f.template = row(f.token, None)


def _score_rows(
    f: Field, real: dict[str, Any], value: Any, listed: Choices | None, c: _Context, path: str, depth: int
) -> None:
    score = real.get("additionalProperties")
    score = score if isinstance(score, dict) else {}  # a mapping of anything: each value typed as text
    if isinstance(value, str):
        value = whole(value, f.name)
    pairs = _pairs(value)
    if listed is not None and listed.same is not None:
        pairs = [(listed.id_of(k) if k else k, v) for k, v in pairs]
    if listed is not None and listed.every:  # one labelled number per name the system lists, no add or remove
        f.kind = "table"
        had = dict(pairs)
        f.rows = [
            _control(key, {**score, "title": said.choice(path, key, c.words, c.choice_label)}, had.get(key), False, c,
                     f"{f.name}.{key}", path + ".value", depth + 1)
            for key in listed.ids
        ]  # fmt: skip
        if listed.group is not None:
            for key, line in zip(listed.ids, f.rows, strict=True):
                line.group = listed.group(key, c.words)
        return
    key_schema: dict[str, Any] = {"type": "string", "title": "Name"}
    if listed is not None and not listed.open:
        key_schema = {"enum": list(listed.ids), "title": "Name"}
    row_schema = {
        "properties": {"key": key_schema, "value": {**score, "title": "Value"}},
        "required": ["key", "value"],
    }
    f.token = f"__i{depth}__"

    def row(index: str, pair: tuple[str, Any] | None) -> Field:
        shown = {"key": pair[0], "value": pair[1]} if pair else {}
        control = Field(name=f"{f.name}.{index}", label=f.label, kind="group", required=True)
        control.children = _controls(row_schema, shown, c, f"{f.name}.{index}.", path + ".", depth + 1)
        for child in control.children:
            child.label = c.words("Name") if child.name.endswith(".key") else c.words("Value")
            if child.name.endswith(".key") and listed is not None and listed.open:
                child.suggestions = list(listed.ids)
                child.choice_text = {v: said.choice(path, v, c.words, c.choice_label) for v in listed.ids}
        return control

    f.rows = [row(str(i), pair) for i, pair in enumerate(pairs)]
    f.template = row(f.token, None)


def _repeats(value: Any) -> bool:
    listed = value if isinstance(value, list | tuple) else []
    return len(set(map(str, listed))) < len(listed)


def _pairs(value: Any) -> list[tuple[str, Any]]:
    """A table's (name, score) pairs: from a stored mapping, or from the rows a form sent."""
    if not isinstance(value, dict):
        return []
    if value and all(isinstance(v, dict) for v in value.values()):
        return [(str(r.get("key", "")), r.get("value")) for r in rows(value) if isinstance(r, dict)]
    return [(str(k), v) for k, v in value.items()]


def walk(controls: list[Field]) -> list[Field]:
    """Every control, nested ones included (a group's fields, each row's, each Add row's)."""
    found: list[Field] = []
    for f in controls:
        found.append(f)
        found.extend(walk(f.children))
        found.extend(walk(f.rows))
        if f.template is not None:
            found.extend(walk([f.template]))
    return found


# -- what comes back ---------------------------------------------------------------------------------------
_MISSING = object()


def collect(model: type[BaseModel], form: dict[str, str]) -> dict[str, Any]:
    """Form strings to values the model validates: blank optional fields are left out."""
    schema = _schema(model)
    out = _collect_object(schema, schema.get("$defs", {}), tree(form), "")
    return out if isinstance(out, dict) else {}


def _collect_object(schema: dict[str, Any], defs: dict[str, Any], sent: Any, prefix: str) -> Any:
    if isinstance(sent, str):
        return whole(sent, prefix.rstrip(".") or "form")
    sent = sent if isinstance(sent, dict) else {}
    values: dict[str, Any] = {}
    required = set(schema.get("required", []))
    for name, prop in schema.get("properties", {}).items():
        found = _collect(prop, defs, sent.get(name), prefix + name, name not in required)
        if found is not _MISSING:
            values[name] = found
    return values


def _collect(prop: dict[str, Any], defs: dict[str, Any], raw: Any, name: str, optional: bool = False) -> Any:
    kind, _ = _kind(prop, defs)
    real, _ = _resolve(prop, defs)
    if kind == "checkbox":
        return raw in ("on", "true", "1")
    if raw is None or (isinstance(raw, str) and raw.strip() == ""):
        return _MISSING
    if kind in ("number", "select", "text"):
        return raw.strip() if isinstance(raw, str) else raw
    if kind == "group":
        if blank(raw) or (optional and _untouched(real, raw)):
            return _MISSING
        return _collect_object(real, defs, raw, name + ".")
    if kind == "scores":
        if isinstance(raw, str):
            return whole(raw, name)
        return {k: v.strip() if isinstance(v, str) else v for k, v in _pairs(raw) if k.strip() and not blank(v)}
    if isinstance(raw, str):  # a list sent whole: comma-separated (a list of groups in its shorthand), or JSON
        if raw.lstrip().startswith("["):
            return whole(raw, name)
        return [v.strip() for v in raw.split(",") if v.strip()]
    if kind == "items":
        item, _ = _resolve(real.get("items", {}), defs)
        return [_collect_object(item, defs, r, f"{name}.{i}.") for i, r in enumerate(rows(raw)) if not blank(r)]
    if isinstance(raw, dict) and raw and not any(str(k).isdigit() for k in raw):  # a picker: id -> "on"
        return [k for k, v in raw.items() if v in ("on", "true")]
    return [v.strip() if isinstance(v, str) else v for v in rows(raw) if not blank(v)]


def _untouched(schema: dict[str, Any], sent: Any) -> bool:
    """A group whose every field is blank or still at its default (an optional group's select shows its
    default): left out, as if never opened."""
    if not isinstance(sent, dict):
        return False
    for name, prop in schema.get("properties", {}).items():
        value = sent.get(name)
        if blank(value):
            continue
        default = prop.get("default")
        if default is None or not isinstance(value, str) or value.strip() != str(default):
            return False
    return True


def validated(model: type[M], **values: Any) -> M:
    """A form's request checked by the API's own model (service/models.py): the web and the API accept
    exactly the same things, and a refusal names each field and why, as templates the page says in its
    language (systems.base.refusals)."""
    try:
        return model.model_validate(values)
    except ValidationError as error:
        raise ParameterError(parts=[_plain(part) for part in refusals(error, "field")]) from None


# A request's own limits (a message's length, a name's) are said plainly; "over its cap" is the rules' word
# for a count the rules bound.
PLAIN = {
    "over its cap: at most {max_length} characters": N_("at most {max_length} characters"),
    "over its cap: at most {le}": N_("at most {le}"),
}


def _plain(part: Refusal) -> Refusal:
    return replace(part, template=PLAIN.get(part.template, part.template))
