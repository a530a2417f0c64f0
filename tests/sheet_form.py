"""A character sheet entered through the structured sheet form, as a person does it (tests' helper).

`fill_sheet(page, system_id, sheet)` drives the form in a browser: types names and numbers, picks runes,
chooses from selects, presses Add for each row of a list and fills it. `flat(system_id, sheet)` is what that
form sends (dotted names: `skills.0.key`), for tests that post without a browser.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from runehall.present.fields import Choices
from runehall.systems import registry
from runehall.web.forms import Field, fields


def _controls(system_id: str) -> list[Field]:
    character = registry.get(system_id).Character
    assert character is not None
    return fields(character, None, choices_of=lambda path: character.choices(path), list_rows=True)


def _listed(system_id: str, f: Field) -> Choices | None:
    character = registry.get(system_id).Character
    assert character is not None
    path = ".".join(part for part in f.name.split(".") if not part.isdigit() and not part.startswith("__"))
    return character.choices(path)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def flat(system_id: str, sheet: dict[str, Any]) -> dict[str, str]:
    """The form's names and values for `sheet` (what the structured form sends)."""
    out: dict[str, str] = {}
    _flatten(system_id, _controls(system_id), sheet, "", out)
    return out


def _flatten(system_id: str, controls: list[Field], values: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for f in controls:
        key = f.name.rsplit(".", 1)[-1]
        value = values.get(key)
        if value is None:
            continue
        name = prefix + key
        listed = _listed(system_id, f)
        same = listed.id_of if listed is not None else str
        if f.kind == "group":
            _flatten(system_id, f.children, value, name + ".", out)
        elif f.kind == "picks":
            out.update({f"{name}.{same(v)}": "on" for v in value})
        elif f.kind == "table":
            out.update({f"{name}.{same(k)}": _text(v) for k, v in value.items()})
        elif f.kind == "rows":
            out.update({f"{name}.{i}": same(v) for i, v in enumerate(value)})
        elif f.kind == "scores":
            for i, (k, v) in enumerate(value.items()):
                out[f"{name}.{i}.key"], out[f"{name}.{i}.value"] = same(k), _text(v)
        elif f.kind == "items":
            assert f.template is not None
            for i, item in enumerate(value):
                _flatten(system_id, f.template.children, item, f"{name}.{i}.", out)
        elif f.kind == "list":
            out[name] = ", ".join(map(str, value))
        elif f.kind == "checkbox":
            if value:
                out[name] = "on"
        elif f.kind == "select" and _text(value) not in f.choices and "" in f.choices:
            out[name] = ""  # "none", said by leaving the choice empty
        else:
            out[name] = _text(value)


def fill_sheet(page: Page, system_id: str, sheet: dict[str, Any], form: str = "#character-form") -> None:
    """Enter `sheet` into the (empty) sheet form through its controls."""
    for name, value in flat(system_id, sheet).items():
        _enter(page, form, name, value)


def _enter(page: Page, form: str, name: str, value: str) -> None:
    control = page.locator(f'{form} [name="{name}"]')
    if control.count() == 0:  # a row not there yet: press its list's Add
        parts = name.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            if parts[cut].isdigit():
                rows = ".".join(parts[:cut])
                page.locator(f'{form} [data-rows="{rows}"] > [data-add-row]').click()
                break
        control = page.locator(f'{form} [name="{name}"]')
    tag = control.evaluate("e => e.tagName + ':' + (e.type || '')")
    if tag.startswith("SELECT"):
        control.select_option(value)
    elif tag.endswith(":checkbox"):
        control.set_checked(value in ("on", "true"))
    else:
        control.fill(value)
