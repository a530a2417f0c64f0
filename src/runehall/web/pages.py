"""Home, creating and joining tables, the GM link, and the language switch.

A browser holds one cookie per table (rh_<table id>) with its access token: HttpOnly, SameSite=Lax.
Form posts from another site are refused by their Origin header.
"""

from __future__ import annotations

import re
from typing import Annotated, Any
from urllib.parse import urlparse

from fastapi import APIRouter, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markupsafe import escape

from runehall.errors import N_, RunehallError
from runehall.present.words import words_for
from runehall.service import models
from runehall.storage.store import Conflict, NotFound, Unauthorized
from runehall.systems import registry
from runehall.table.limits import RateLimited
from runehall.table.play import TableService
from runehall.web.forms import collect, fields, validated
from runehall.web.i18n import LANGUAGES, choose
from runehall.web.refusals import in_language
from runehall.web.render import page

COOKIE_AGE = 60 * 60 * 24 * 365
router = APIRouter()


def lang_of(request: Request) -> str:
    return choose(request.cookies.get("rh_lang"), request.headers.get("accept-language"))


def service_of(request: Request) -> TableService:
    return request.app.state.service  # type: ignore[no-any-return]


def same_origin(request: Request) -> None:
    """Refuse a form posted from another site (the cookie would otherwise ride along)."""
    origin = request.headers.get("origin")
    if origin and urlparse(origin).netloc != request.headers.get("host"):
        raise RunehallError(N_("this form was sent from another site"))


def enter(response: Response, table_id: str, token: str) -> None:
    response.set_cookie(f"rh_{table_id}", token, max_age=COOKIE_AGE, httponly=True, samesite="lax")


async def form_of(request: Request) -> dict[str, str]:
    data = await request.form()
    return {k: v for k, v in data.items() if isinstance(v, str)}


def option_fields(system_id: str, values: dict[str, Any] | None = None, lang: str = "en") -> list[Any]:
    """The system's options as form fields, in the reader's words where its catalog has them."""
    system = registry.get(system_id)
    shown = fields(system.Options, values, words_for(lang, system.id), system.choice_label)
    for f in shown:
        f.name = f"opt_{f.name}"  # kept apart from the table's own fields in the same form
    return shown


def _recent(request: Request) -> list[dict[str, str]]:
    service = service_of(request)
    found = []
    for name, token in request.cookies.items():
        if not name.startswith("rh_") or name == "rh_lang":
            continue
        try:
            viewer = service.viewer(name[3:], token)
            summary = service.summary(viewer)
        except RunehallError:
            continue
        found.append({"id": viewer.table_id, "name": summary["name"], "role": viewer.role})
    return found


def home_page(
    request: Request,
    error: str | RunehallError = "",
    form: dict[str, str] | None = None,
    status: int = 200,
    join: dict[str, Any] | None = None,
) -> HTMLResponse:
    """The home page. `error` and `form` are the create form's refusal and what was typed in it; `join` is
    the join form's (its own, so a refused join never moves what was typed into the other form)."""
    systems = [s for s in sorted(registry.systems().values(), key=lambda s: s.meta.name) if s.id != "dice"]
    systems += [registry.get("dice")]
    chosen = (form or {}).get("system") or systems[0].id
    html = page(
        lang_of(request),
        "home.html",
        systems=systems,
        chosen=chosen,
        option_fields=option_fields(chosen, lang=lang_of(request)),
        options_system=chosen,
        recent=_recent(request),
        error=in_language(error, lang_of(request), {"name": "Table name"}, (form or {}).get("system") or None),
        form=form or {},
        join=join or {"form": {}},
    )
    return HTMLResponse(html, status)


def join_page(request: Request, join: dict[str, Any], status: int = 200, not_joined: bool = False) -> HTMLResponse:
    """Joining on its own page: by an invite link (the code filled in, only a name asked), or from a table's
    address this browser has not joined."""
    return HTMLResponse(page(lang_of(request), "join.html", join=join, not_joined=not_joined), status)


def join_refusal(request: Request, form: dict[str, str], error: RunehallError) -> dict[str, Any]:
    """The join form again with what was typed (never the password) and the refusal beside its field."""
    if isinstance(error, NotFound):
        field = "invite_code"
    elif isinstance(error, Unauthorized):
        field = "password"
    elif isinstance(error, Conflict):
        field = "name"
    else:  # a form's refusal names its field: "field 'name': at most 60 characters"
        about = [part.where for part in error.parts if part.where in ("invite_code", "name", "password")]
        named = re.match(r"field '(invite_code|name|password)'", str(error))
        field = about[0] if about else named[1] if named else ""
    kept = {"invite_code": form.get("invite_code", "").strip(), "name": form.get("name", "").strip()}
    return {
        "form": kept,
        "error": in_language(error, lang_of(request)),
        "field": field,
        "by_link": bool(form.get("by_link")) and field != "invite_code",
    }


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    return await run_in_threadpool(home_page, request)


@router.get("/join", response_class=HTMLResponse)
async def join_link(request: Request, code: Annotated[str, Query(max_length=64)] = "") -> HTMLResponse:
    """The invite link: the code is filled in from the address; the person types only a name."""
    code = code.strip().lower()
    if not code:
        return join_page(request, {"form": {}})
    return join_page(request, {"form": {"invite_code": code}, "by_link": True})


@router.get("/options", response_class=HTMLResponse)
async def options(request: Request, system: Annotated[str, Query(max_length=40)] = "dice") -> HTMLResponse:
    try:
        shown = option_fields(system, lang=lang_of(request))
    except RunehallError as e:  # the message names what was asked for: escaped, like all text in a page
        return HTMLResponse(f'<p class="error">{escape(in_language(e, lang_of(request)))}</p>', 422)
    return HTMLResponse(page(lang_of(request), "_options.html", option_fields=shown, options_system=system))


@router.post("/tables")
async def create(request: Request) -> Response:
    form = await form_of(request)
    try:
        same_origin(request)
        system = registry.get(form.get("system", ""))
        shown = {k[4:]: v for k, v in form.items() if k.startswith("opt_")}
        # Options count only when the form showed this system's (an unticked checkbox is simply absent, and
        # a quick submit can race the swap of the options when the system is changed).
        chosen = collect(system.Options, shown) if form.get("options_for") == system.id else {}
        asked = validated(
            models.CreateTable,
            name=form.get("name", "").strip(),
            system=system.id,
            options=chosen,
            gm_name=form.get("gm_name", "").strip(),
            password=form.get("password") or None,
        )
        address = request.client.host if request.client else ""
        created = await run_in_threadpool(
            lambda: service_of(request).create(
                asked.name, asked.system, asked.options, asked.gm_name, asked.password, address=address
            )
        )
    except RateLimited as e:
        return _limited(await run_in_threadpool(home_page, request, e, form, 429), e)
    except RunehallError as e:
        return await run_in_threadpool(home_page, request, e, form, 422)
    response = RedirectResponse(f"/t/{created.table_id}", 303)
    enter(response, created.table_id, created.gm_token)
    await _publish(request, created.events)
    return response


@router.post("/join")
async def join(request: Request) -> Response:
    form = await form_of(request)
    try:
        same_origin(request)
        asked = validated(  # the API's model: name length, NUL, lone surrogates
            models.Join,
            invite_code=form.get("invite_code", "").strip(),
            name=form.get("name", "").strip(),
            password=form.get("password") or None,
        )
        code, name, password = asked.invite_code, asked.name, asked.password
        address = request.client.host if request.client else ""
        participant, token, event = await run_in_threadpool(service_of(request).join, code, name, password, address)
    except RateLimited as e:
        return _limited(await run_in_threadpool(_join_again, request, form, e, 429), e)
    except RunehallError as e:
        return await run_in_threadpool(_join_again, request, form, e, 409 if isinstance(e, Conflict) else 422)
    response = RedirectResponse(f"/t/{participant.table_id}", 303)
    enter(response, participant.table_id, token)
    await _publish(request, [event])
    return response


def _join_again(request: Request, form: dict[str, str], error: RunehallError, status: int) -> HTMLResponse:
    """A refused join: the page it was sent from (the invite link's or home), with what was typed."""
    join = join_refusal(request, form, error)
    if form.get("by_link"):
        return join_page(request, join, status)
    return home_page(request, join=join, status=status)


def _limited(page: HTMLResponse, error: RateLimited) -> HTMLResponse:
    page.headers["Retry-After"] = str(error.retry_after)
    return page


@router.get("/t/{table_id}/enter")
async def enter_link(request: Request, table_id: str, token: str = "") -> Response:
    """The GM link: keeps the token in this browser's cookie and opens the table."""
    try:
        await run_in_threadpool(service_of(request).viewer, table_id, token)
    except RunehallError:
        return join_page(request, {"form": {}}, 403, not_joined=True)
    response = RedirectResponse(f"/t/{table_id}", 303)
    enter(response, table_id, token)
    return response


@router.post("/lang")
async def language(request: Request) -> Response:
    form = await form_of(request)
    code = form.get("lang", "")
    back = request.headers.get("referer") or "/"
    response = RedirectResponse(back if urlparse(back).netloc in ("", request.headers.get("host")) else "/", 303)
    if code in LANGUAGES:
        response.set_cookie("rh_lang", code, max_age=COOKIE_AGE, samesite="lax")
    return response


async def _publish(request: Request, events: list[Any]) -> None:
    from runehall.service.app import present

    request.app.state.hub.publish(events, present)
