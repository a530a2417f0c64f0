"""Jinja2 environments (one per language) for the web pages."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from runehall.web.i18n import LANGUAGES, translations


def show(value: Any) -> str:
    """A derived value as people read it: {'F': 2, 'M': 0} becomes "F 2 · M 0"."""
    if isinstance(value, dict):
        return " · ".join(f"{k} {show(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(show(v) for v in value)
    if isinstance(value, bool):
        return "✔" if value else "—"
    return str(value)


@cache
def environment(lang: str) -> Environment:
    env = Environment(
        loader=PackageLoader("runehall.web", "templates"),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.filters["show"] = show
    env.globals["languages"] = LANGUAGES
    env.globals["lang"] = lang
    return env


def page(lang: str, template: str, **context: Any) -> str:
    return environment(lang).get_template(template).render(**context)
