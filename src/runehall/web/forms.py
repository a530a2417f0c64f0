"""Form fields from pydantic models: the web forms are built from each system's contract.

A field becomes a number input, a checkbox, a select (for literals) or a text input; nested models and
dictionaries are edited as JSON in a text area. Values come back as strings and are validated by the
same model, so the web, the API and the CLI accept exactly the same things. Labels, hints and a select's
choices are shown in the reader's words (runehall.present.fields); a choice's value stays its id.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from runehall import wire
from runehall.errors import ParameterError
from runehall.present import fields as said
from runehall.present.words import ENGLISH, Words

M = TypeVar("M", bound=BaseModel)


@dataclass
class Field:
    name: str
    label: str
    kind: str  # number | checkbox | select | text | list | json
    required: bool
    default: Any = None
    description: str = ""
    choices: list[str] = field(default_factory=list)
    value: Any = None
    error: str = ""
    choice_text: dict[str, str] = field(default_factory=dict)  # how each choice reads; its value is sent

    def choice_shown(self, value: str) -> str:
        return self.choice_text.get(value) or value or "—"

    @property
    def shown(self) -> str:
        value = self.default if self.value is None else self.value
        if value is None:
            return ""
        if self.kind == "json" and not isinstance(value, str):
            return json.dumps(value, ensure_ascii=False)
        if isinstance(value, list | tuple) and self.kind in ("text", "list"):
            return ", ".join(str(v) for v in value)
        return str(value)


def _kind(prop: dict[str, Any]) -> tuple[str, list[str]]:
    options = [prop, *prop.get("anyOf", [])]
    for option in options:
        if "enum" in option:
            return "select", [str(v) for v in option["enum"]]
        if "const" in option:
            return "select", [str(o["const"]) for o in options if "const" in o]
    types = {o.get("type") for o in options}
    if types & {"object"} or any("$ref" in o for o in options):
        return "json", []
    if "array" in types:
        return "list", []
    if "boolean" in types:
        # yes / no / (unset) when the field may be left to its default; a checkbox cannot say "unset"
        return ("select", ["true", "false"]) if "null" in types else ("checkbox", [])
    if types & {"integer", "number"} and not types & {"string", "array"}:
        return "number", []
    return "text", []


def fields(
    model: type[BaseModel],
    values: dict[str, Any] | None = None,
    words: Words = ENGLISH,
    choice_label: said.ChoiceLabel | None = None,
) -> list[Field]:
    """The model's fields as form controls, their words in `words` (a system's: words_for(lang, id));
    `choice_label` is the system's hook saying how a select's choices read."""
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    out = []
    for name, prop in schema.get("properties", {}).items():
        kind, choices = _kind(prop)
        if kind == "select" and name not in required and prop.get("default") is None:
            choices = ["", *choices]  # "none" is a choice for an optional select
        out.append(
            Field(
                name=name,
                label=said.label(name, prop, words),
                kind=kind,
                required=name in required,
                default=prop.get("default"),
                description=said.hint(prop, words),
                choices=choices,
                value=(values or {}).get(name),
                choice_text={c: said.choice(name, c, words, choice_label) for c in choices},
            )
        )
    return out


def collect(model: type[BaseModel], form: dict[str, str]) -> dict[str, Any]:
    """Form strings to values the model validates: blank optional fields are left out."""
    values: dict[str, Any] = {}
    for f in fields(model):
        raw = form.get(f.name)
        if f.kind == "checkbox":
            values[f.name] = raw in ("on", "true", "1")
            continue
        if raw is None or raw.strip() == "":
            continue
        if f.kind == "json":
            try:  # depth-limited: a field's JSON is the client's to nest (an InputError names the field)
                values[f.name] = wire.loads(raw, f"field '{f.name}'")
            except json.JSONDecodeError:
                values[f.name] = raw  # the model reports it as the wrong type, next to the field
        elif f.kind == "list":
            values[f.name] = [part.strip() for part in raw.split(",") if part.strip()]
        else:
            values[f.name] = raw.strip()
    return values


def errors_by_field(detail: str) -> dict[str, str]:
    """Split a contract error ("parameter 'destiny': ...; field 'name': ...") into per-field messages."""
    found: dict[str, str] = {}
    for part in re.split(r"; (?=\w+ '[^']+': )", detail):
        if "'" in part and "':" in part:
            name = part.split("'", 2)[1].split(".")[0]
            found[name] = part.split("': ", 1)[1]
    return found


def validated(model: type[M], **values: Any) -> M:
    """A form's request checked by the API's own model (service/models.py): the web and the API accept
    exactly the same things, and a refusal names the field and the reason."""
    try:
        return model.model_validate(values)
    except ValidationError as error:
        raise ParameterError(reasons(error)) from None


def reasons(error: ValidationError) -> str:
    """The model's refusals as one line a person reads: "field 'text': at most 4000 characters"."""
    found = []
    for e in error.errors()[:5]:
        where = ".".join(str(part) for part in e["loc"])
        found.append(f"field '{where}': {_reason(e)}" if where else _reason(e))
    return "; ".join(found)


def _reason(e: Any) -> str:
    kind, limits = e["type"], e.get("ctx", {})
    if kind == "string_too_long":
        return f"at most {limits['max_length']} characters"
    if kind == "string_too_short":
        return "must not be empty" if limits.get("min_length") == 1 else f"at least {limits['min_length']} characters"
    if kind == "string_pattern_mismatch" and limits.get("pattern") == r"\S":
        return "must not be blank"
    if kind == "too_long":
        return f"at most {limits['max_length']} entries"
    if kind == "missing":
        return "is required"
    return str(e["msg"]).removeprefix("Value error, ")
