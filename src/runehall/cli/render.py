"""How the CLI shows things: Rich tables for people, plain JSON with --json."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from runehall.fairness.log import VerifyReport
from runehall.rolling import RollResult
from runehall.systems.base import GameSystem, Odds

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)
BAR_WIDTH = 30


def _json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=1))


def error(message: str) -> None:
    err.print(f"error: {message}", markup=False)


def roll(result: RollResult, as_json: bool) -> None:
    if as_json:
        _json({**result.to_json(), "text": result.render()})
        return
    source = result.source
    note = source["kind"]
    if note == "seeded":
        note += f" {source['seed']}"
    elif note == "fair":
        note += f" nonce {source['nonce']}, commitment {source['commitment'][:16]}…"
    out.print(result.render(), markup=False)
    out.print(f"[dim]({note})[/dim]")


def _outcome_text(outcome: Any) -> str:
    if isinstance(outcome, dict):
        return ", ".join(f"{k}={v}" for k, v in outcome.items())
    return str(outcome)


def _table(title: str, rows: list[dict[str, Any]]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("outcome", justify="right")
    table.add_column("probability", justify="right")
    table.add_column("%", justify="right")
    table.add_column("")
    top = max(Fraction(r["probability"]) for r in rows)
    for r in rows:
        p = Fraction(r["probability"])
        bar = "█" * round(BAR_WIDTH * p / top) if top else ""
        table.add_row(r.get("label") or _outcome_text(r["outcome"]), r["probability"], f"{float(p) * 100:.4f}", bar)
    return table


def odds(header: Mapping[str, Any], result: Odds[Any], as_json: bool) -> None:
    data = result.to_json()
    if as_json:
        _json({**header, **data})
        return
    params = ", ".join(f"{k}={v}" for k, v in header["params"].items())
    out.print(_table(f"{header['system']} {header['mechanic']} ({params})", data["outcomes"]))
    for name, rows in data["views"].items():
        out.print(_table(name, rows))
    if data["truncation"]:
        t = data["truncation"]
        out.print(f"explosions cut after {t['depth']} extra dice; runs reaching the cut: {t['mass']}")


def fields(model: Any) -> list[dict[str, Any]]:
    schema = model.model_json_schema()
    required = set(schema.get("required", []))
    rows = []
    for name, prop in schema.get("properties", {}).items():
        kind = prop.get("type") or " | ".join(str(a.get("type", a.get("$ref", "?"))) for a in prop.get("anyOf", []))
        if "enum" in prop:
            kind = " | ".join(map(str, prop["enum"]))
        rows.append(
            {
                "name": name,
                "type": kind,
                "required": name in required,
                "default": prop.get("default"),
                "description": prop.get("description", ""),
            }
        )
    return rows


def systems(found: Mapping[str, GameSystem], as_json: bool) -> None:
    data: list[dict[str, Any]] = []
    for system in sorted(found.values(), key=lambda s: s.id):
        data.append(
            {
                "id": system.id,
                "name": system.meta.name,
                "language": system.meta.language,
                "source": system.meta.source,
                "summary": system.meta.summary,
                "gm_title": system.meta.gm_title,
                "options": fields(system.Options),
                "mechanics": [
                    {"name": m.name, "title": m.title, "summary": m.summary, "params": fields(m.Params)}
                    for m in system.mechanics().values()
                ],
            }
        )
    if as_json:
        _json(data)
        return
    for s in data:
        out.print(f"[bold]{s['id']}[/bold] — {escape(s['name'])} [dim]({s['language']}; {escape(s['source'])})[/dim]")
        for m in s["mechanics"]:
            params = " ".join(
                f"--{p['name'].replace('_', '-')} {p['type']}" + ("" if p["required"] else f"={p['default']}")
                for p in m["params"]
            )
            out.print(f"  {s['id']} {m['name']} {params}", markup=False)
            out.print(f"    [dim]{escape(m['summary'])}[/dim]")
        for o in s["options"]:
            out.print(f"  option {o['name']}={o['default']}  [dim]{escape(o['description'])}[/dim]", soft_wrap=True)


def epoch(label: str, public: Mapping[str, Any], as_json: bool) -> None:
    if as_json:
        _json({"label": label, **public})
        return
    out.print(f"[bold]{label}[/bold]: commitment {public['commitment']} (client seed {public['client_seed']})")
    if public.get("server_seed"):
        out.print(f"  server seed {public['server_seed']}")


def verification(report: VerifyReport, as_json: bool) -> None:
    if as_json:
        _json(report.to_json())
        return
    for problem in report.problems:
        out.print(f"[red]problem[/red]: {escape(problem)}")
    for c in report.checks:
        if c.status != "verified":
            out.print(f"roll {c.index + 1}: [yellow]{c.status}[/yellow] {escape(c.reason)}")
    for t in report.trackers:
        if t.status != "verified":
            out.print(f"tracker {escape(t.tracker_id)}: [yellow]{t.status}[/yellow] {escape(t.reason)}")
    verdict = "[green]verified[/green]" if report.ok else "[red]NOT verified[/red]"
    folded = sum(1 for t in report.trackers if t.status == "verified")
    out.print(
        f"{verdict}: {report.verified} of {len(report.checks)} rolls re-derived from their seeds"
        f" ({report.manual} manual), {folded} of {len(report.trackers)} trackers folded"
    )
