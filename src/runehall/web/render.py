"""Jinja2 environments (one per language) for the web pages."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from runehall.web.i18n import LANGUAGES, translations


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
    env.globals["languages"] = LANGUAGES
    env.globals["lang"] = lang
    return env


def page(lang: str, template: str, **context: Any) -> str:
    return environment(lang).get_template(template).render(**context)
