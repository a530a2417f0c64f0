"""What every HTTP response carries whatever produced it (a page, the API, a static file, an error), and
refusals that cannot be broken by the input they refuse.

The pages run no inline script and no inline style, so the Content-Security-Policy allows scripts and
styles from this server only: an injected <script> or on*= attribute does not run even if some text
ever escaped escaping. Framing is refused (clickjacking), MIME sniffing is off, and the Referer never
leaves the site (the GM link carries the GM's token in its query).

The API reference (/docs, Swagger UI served from this server's static files, nothing from a CDN) starts
with an inline script; that page reflects nothing from the request, and gets a policy that allows exactly
that script (by its hash) and Swagger UI's inline styles.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from typing import Any
from urllib.parse import unquote_to_bytes

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs",)
HEADERS = {
    "content-security-policy": POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
}
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.S)


def docs_policy(html: bytes) -> str:
    """The policy for the documentation page: its own inline script (by hash); its code is served locally."""
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s).digest()).decode()}'" for s in _INLINE_SCRIPT.findall(html)
    )
    return (
        f"default-src 'self'; script-src 'self' {hashes}; style-src 'self' 'unsafe-inline'; "
        f"img-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
        f"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


class SecurityHeaders:
    """Sets HEADERS on every HTTP response (replacing any the app set), the outermost middleware."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.raw = [(k.encode(), v.encode()) for k, v in HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] in DOCS_PATHS:
            await self._docs(scope, receive, send)
            return

        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = self._merged(message.get("headers", []))
            await send(message)

        try:
            await self.app(scope, receive, with_headers)
        except Exception:
            # A bug: Starlette's own 500 is written outside every middleware, without these headers. The
            # answer is written here instead (no detail, no traceback); the error goes on to be logged.
            if not started:
                await RefusalJSON({"detail": "internal error"}, 500)(scope, receive, with_headers)
            raise

    def _merged(self, headers: Any, policy: str = POLICY) -> list[tuple[bytes, bytes]]:
        ours = {k for k, _ in self.raw}
        kept = [(k, v) for k, v in headers if k.lower() not in ours]
        return kept + [(k, policy.encode() if k == b"content-security-policy" else v) for k, v in self.raw]

    async def _docs(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Hold the (small, static) page back until its body is known, to hash its inline script."""
        messages: list[Message] = []

        async def hold(message: Message) -> None:
            messages.append(message)

        await self.app(scope, receive, hold)
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
        for message in messages:
            if message["type"] == "http.response.start":
                message["headers"] = self._merged(message.get("headers", []), docs_policy(body))
            await send(message)


class RefuseNul:
    """No address holds a NUL character ("%00"): PostgreSQL cannot compare text with one, so a table id or
    participant id carrying it ended in a 500 there. Refused before any route sees it (422, or the socket
    closed), the same on both databases."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        nul = "\x00" in scope.get("path", "") or b"\x00" in unquote_to_bytes(scope.get("query_string", b""))
        if nul and scope["type"] == "http":
            refusal = RefusalJSON({"detail": "the address must not contain NUL characters (%00)"}, 422)
            await refusal(scope, receive, send)
        elif nul and scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "NUL in the address"})
        else:
            await self.app(scope, receive, send)


class RefusalJSON(JSONResponse):
    """JSON that any refusal can be written as: lone surrogates escaped, never NaN."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


async def invalid_request(_: Request, error: Exception) -> JSONResponse:
    """A request the models refuse: where and why, without FastAPI's echo of the refused input (which a
    hostile input breaks: nested thousands deep, NaN, lone surrogates, or simply 200 KB sent back)."""
    assert isinstance(error, RequestValidationError)
    detail = [
        {
            "type": str(e.get("type", "")),
            "loc": [part if isinstance(part, int) else str(part)[:100] for part in e.get("loc", ())],
            "msg": str(e.get("msg", ""))[:500],
        }
        for e in error.errors()[:20]
    ]
    return RefusalJSON({"detail": detail}, 422)


def install(app: FastAPI) -> None:
    """Call after every other middleware is added: this one must be outermost, to mark their answers too."""
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_middleware(RefuseNul)
    app.add_middleware(SecurityHeaders)
