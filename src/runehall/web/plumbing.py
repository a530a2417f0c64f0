"""What every table form and fragment goes through: who is asking, rendering, and answering a write
(an htmx fragment, or a redirect for a plain form)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import escape

from runehall import wire
from runehall.errors import N_, Refusal, RunehallError
from runehall.storage.store import Event, Participant
from runehall.table.play import TableService
from runehall.web.pages import _publish, lang_of, same_origin, service_of
from runehall.web.refusals import in_language
from runehall.web.render import page


def viewer_of(request: Request, table_id: str) -> Participant:
    token = request.cookies.get(f"rh_{table_id}", "")
    return service_of(request).viewer(table_id, token)


def render_html(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(page(lang_of(request), template, **context), status)


def answer(
    request: Request,
    table_id: str,
    message: str | RunehallError = "",
    status: int = 200,
    system_id: str | None = None,
    labels: dict[str, str] | None = None,
) -> Response:
    """A fragment for htmx; for a plain form, back to the table, or a page saying why it was refused.
    A refusal is said in the page's language (the service speaks English, as the API and the CLI do), in
    the words of the table's system (`system_id`) and with the form's `labels` for its fields."""
    if status >= 400 or isinstance(message, RunehallError):
        message = in_language(message, lang_of(request), labels, system_id)
    if request.headers.get("hx-request"):
        css = "error" if status >= 400 else "ok"
        return HTMLResponse(f'<span class="{css}">{escape(message)}</span>', status)
    if status >= 400:
        return render_html(request, "refused.html", status, error=message, table_id=table_id)
    return RedirectResponse(f"/t/{table_id}", 303)


def system_of(request: Request, table_id: str) -> str | None:
    """The table's system's id (its words say its rules' refusals), or None where there is no such table.
    It reads the database: call it in a thread."""
    if not table_id:
        return None
    try:
        return service_of(request).system(table_id)[0].id
    except RunehallError:
        return None


def refusal(
    request: Request, message: str | RunehallError, status: int, headers: dict[str, str] | None = None
) -> Response:
    """A web page's or fragment's refusal (raised past its route) said as `answer` says it, never as JSON:
    a fragment polled by htmx (the people list of someone just revoked) shows it in words. It reads the
    table's system from the database: call it in a thread."""
    parts = request.url.path.split("/")
    table_id = parts[2] if len(parts) > 2 and parts[1] == "t" else ""
    system_id = system_of(request, table_id) if isinstance(message, RunehallError) else None
    response = answer(request, table_id, message, status, system_id)
    response.headers.update(headers or {})
    return response


async def act(
    request: Request,
    table_id: str,
    work: Callable[[TableService, Participant], Event],
    done: str = "✔",
    labels: dict[str, str] | None = None,
) -> Response:
    """One write from a form: same-site check, the viewer, the service call, the live broadcast. A refusal
    names the form's fields by `labels` (which `work` may fill in once it knows its form)."""
    try:
        same_origin(request)
        viewer = await run_in_threadpool(viewer_of, request, table_id)
        event = await run_in_threadpool(work, service_of(request), viewer)
    except RunehallError as e:
        system_id = await run_in_threadpool(system_of, request, table_id)
        return answer(request, table_id, e, 422, system_id, labels)
    await _publish(request, [event])
    return answer(request, table_id, done)


def json_object(text: str, what: str) -> dict[str, Any]:
    """`text` as a JSON object, or a refusal naming it as `what` (a template: N_("a sheet")), in words."""
    named = Refusal(what)
    try:
        value = wire.loads(text or "{}", named)
    except ValueError:
        raise RunehallError(N_("{what} must be JSON"), what=named) from None
    if not isinstance(value, dict):
        raise RunehallError(N_("{what} must be a JSON object"), what=named)
    return value
