"""Jinja2 environments (one per language) for the web pages."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from jinja2 import ChoiceLoader, Environment, PackageLoader, PrefixLoader, select_autoescape

from runehall.present.words import words_for
from runehall.systems import registry
from runehall.web.i18n import LANGUAGES, translations


def system_templates() -> dict[str, PackageLoader]:
    """A system's own templates live in its folder, under templates/ (a tracker is drawn by its board,
    web/templates/_board.html, not by a template of its own)."""
    found = {}
    for system_id, system in registry.systems().items():
        package = type(system).__module__
        try:
            if (resources.files(package) / "templates").is_dir():
                found[system_id] = PackageLoader(package, "templates")
        except TypeError:  # a system in a single module (a test's) has no folder of templates
            continue
    return found


def show(value: Any) -> str:
    """A derived value as people read it: {'F': 2, 'M': 0} becomes "F 2 · M 0"."""
    if isinstance(value, dict):
        return " · ".join(f"{k} {show(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(show(v) for v in value)
    if isinstance(value, bool):
        return "✔" if value else "—"
    return str(value)


def system_words(lang: str) -> Any:
    """`said(system_id, text)` in a template: a system's own words (its name, what it calls the game master)
    in the page's language, from the system's catalog."""

    def said(system_id: str, text: str) -> str:
        return words_for(lang, system_id)(text) if text else ""

    return said


@cache
def environment(lang: str) -> Environment:
    env = Environment(
        loader=ChoiceLoader([PackageLoader("runehall.web", "templates"), PrefixLoader(system_templates())]),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.filters["show"] = show
    env.globals["languages"] = LANGUAGES
    env.globals["lang"] = lang
    env.globals["said"] = system_words(lang)
    return env


def page(lang: str, template: str, **context: Any) -> str:
    return environment(lang).get_template(template).render(**context)


def warm() -> None:
    """Every page template compiled now, in every language, so the first person to open a page after the
    server starts does not wait for it (about half a second of compiling)."""
    for lang in LANGUAGES:
        env = environment(lang)
        for name in env.list_templates(filter_func=lambda n: n.endswith(".html")):
            env.get_template(name)
