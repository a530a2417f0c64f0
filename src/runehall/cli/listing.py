"""`runehall systems` and `runehall play actions` in words: what each game offers, in the reader's language.

Each system, mechanic, tracker and action is named by its title and summary in the reader's words; each
parameter by its label and hint, its choices as the web's forms say them, and its default in words. What a
person types stays beside the words once, in brackets: a parameter's name (dashes for underscores, as the
command line takes it after two dashes) and a choice's value. --json keeps the program's own listing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.text import Text

from runehall.present import fields as said
from runehall.present.words import N_, Words, words_for
from runehall.systems.base import GameSystem

KIND_WORDS = {
    "integer": N_("A whole number."),
    "number": N_("A number."),
    "boolean": N_("Yes or no [yes / no]."),
    "array": N_("A list, comma-separated."),
    "object": N_("JSON, or @FILE with JSON or TOML."),
}


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter as a person reads it: its label, what to type (`typed`), and the lines that say it."""

    label: str
    typed: str
    required: bool
    about: str  # the hint, the kind of value or the choices, and the default, in words


def _resolve(prop: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    ref = prop.get("$ref")
    return {**defs.get(str(ref).rsplit("/", 1)[-1], {}), **prop} if ref else prop


def _choices(prop: dict[str, Any], defs: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for option in (prop, *prop.get("anyOf", []), *prop.get("allOf", [])):
        option = _resolve(option, defs)
        found += [str(v) for v in option.get("enum", [])]
        if "const" in option:
            found.append(str(option["const"]))
    return list(dict.fromkeys(found))


def _kind(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    options = [_resolve(o, defs) for o in (prop, *prop.get("anyOf", []))]
    types = {str(o.get("type", "object" if "properties" in o else "")) for o in options}
    items = [_resolve(o.get("items", {}), defs) for o in options if o.get("type") == "array"]
    if any(i.get("type") == "object" or "properties" in i for i in items):
        return "object"  # a list of groups: JSON
    for kind in ("object", "array", "boolean", "number", "integer"):
        if kind in types:
            return kind
    return ""


def _value(name: str, value: Any, words: Words, choice: Any) -> str:
    """A default as words: yes / no, a number in the language's digits, a choice as the forms say it."""
    if isinstance(value, bool):
        return words(said.YES_NO["true" if value else "false"])
    if isinstance(value, int | float):
        return words.number(Fraction(str(value)))
    if isinstance(value, str):
        return said.choice(name, value, words, choice)
    return ""


def _choice(name: str, value: str, words: Words, choice: Any) -> str:
    """A choice in words, with what to type in brackets unless the words already show it ("Físico (F)")."""
    shown = said.choice(name, value, words, choice)
    return shown if shown == value or f"({value})" in shown else f"{shown} [{value}]"


def parameters(model: Any, words: Words, choice: Any = None) -> Iterator[Parameter]:
    """The model's fields in words, in their order."""
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    required = set(schema.get("required", []))
    for name, prop in schema.get("properties", {}).items():
        real = _resolve(prop, defs)
        parts = [said.hint(real, words)] if real.get("description") else []
        values = _choices(real, defs)
        picks = [] if values else _choices(_resolve(real.get("items", {}), defs), defs)  # a list of choices
        if values:
            shown = [_choice(name, v, words, choice) for v in values]
            parts.append(words(N_("One of: {choices}."), choices=words.join(shown, alternatives=True)))
        elif picks:
            shown = [_choice(name, v, words, choice) for v in picks]
            parts.append(words(N_("Any of these, comma-separated: {choices}."), choices=words.join(shown)))
        elif _kind(real, defs) in KIND_WORDS:
            parts.append(words(KIND_WORDS[_kind(real, defs)]))
        default = _value(name, real.get("default"), words, choice) if "default" in real else ""
        if default and name not in required:
            parts.append(words(N_("If left out: {value}."), value=default))
        about = " ".join(p if p.endswith((".", ")", "?", "!")) else f"{p}." for p in parts if p)
        yield Parameter(said.label(name, prop, words), name.replace("_", "-"), name in required, about)


def _parameter_lines(console: Console, found: Iterator[Parameter], words: Words, indent: str) -> None:
    for p in found:
        line = Text(indent)
        if p.label != p.typed:  # a label that is its own name ("a") is said once, as what is typed
            line.append(f"{p.label} ", style="bold")
        line.append(f"[{p.typed}]", style="cyan")
        if p.required:
            line.append(f" ({words(N_('required'))})", style="yellow")
        if p.about:
            line.append(f": {p.about}")
        console.print(line)


def _how_to_type(console: Console, words: Words) -> None:
    console.print(
        words(N_("What you type is in brackets: a parameter's name after two dashes, then its value.")), style="dim"
    )


def systems(console: Console, found: dict[str, GameSystem], lang: str) -> None:
    """Every installed system: its name and what it is, what can be rolled with what, and its table options."""
    _how_to_type(console, words_for(lang))
    for system in sorted(found.values(), key=lambda s: s.meta.name):
        words = words_for(lang, system.id)
        console.print()
        head = Text(words(system.meta.name), style="bold")
        head.append(f" [{system.id}]", style="cyan")
        console.print(head)
        console.print(Text(f"  {words(system.meta.summary)}"))
        mechanics = list(system.mechanics().values())
        if mechanics:
            console.print(Text(f"  {words(N_('What can be rolled'))}", style="underline"))
        for m in mechanics:
            line = Text("    ")
            line.append(words(m.title), style="bold")
            line.append(f" [{m.name}]", style="cyan")
            line.append(f": {words(m.summary)}")
            console.print(line)
            _parameter_lines(console, parameters(m.Params, words, m.choice_label), words, "      ")
        trackers = list(system.trackers().values())
        if trackers:
            console.print(Text(f"  {words(N_('What can be put into play'))}", style="underline"))
        for t in trackers:
            line = Text("    ")
            line.append(words(t.title), style="bold")
            line.append(f" [{t.name}]", style="cyan")
            console.print(line)
        options = list(parameters(system.Options, words, system.choice_label))
        if options:
            console.print(Text(f"  {words(N_('Table options (each given as -o name=value)'))}", style="underline"))
            _parameter_lines(console, iter(options), words, "    ")


def tracker_actions(console: Console, system: GameSystem, tracker_name: str, lang: str) -> None:
    """A tracker's setup and its actions, each with its parameters, in words."""
    words = words_for(lang, system.id)
    tracker = system.tracker(tracker_name)
    _how_to_type(console, words)
    console.print(Text(words(tracker.title), style="bold"))
    console.print(Text(f"  {words(N_('To start it'))}", style="underline"))
    _parameter_lines(console, parameters(tracker.Setup, words, tracker.choice_label), words, "    ")
    console.print(Text(f"  {words(N_('What can be done'))}", style="underline"))
    for a in tracker.actions().values():
        line = Text("    ")
        line.append(words(a.title) if a.title else said.choice("action", a.name, words), style="bold")
        line.append(f" [{a.name}]", style="cyan")
        if a.summary:
            line.append(f": {words(a.summary)}")
        if a.random:
            line.append(f" ({words(N_('draws or rolls'))})", style="dim")
        console.print(line)
        _parameter_lines(console, parameters(a.Params, words, a.choice_label), words, "      ")
