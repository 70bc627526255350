"""The local server's guard: a secret token on every request, and only this machine's names.

Like a notebook server, the editor prints a URL carrying a random token; the first visit
sets it as a cookie (HttpOnly, SameSite=Strict) so the page's own requests carry it. Cookies
ignore the port, so each server's cookie has a name of its own (it names the port): two
editors open in one browser do not overwrite each other's token. A
request without the token, with a Host header that is not the server's own address (DNS
rebinding) or with an Origin of another site is refused before it reaches the application,
for plain requests and WebSocket connections alike.

Every answer carries a Content-Security-Policy, ``frame-ancestors 'none'`` and
``X-Frame-Options: DENY`` (no other site may show the editor in a frame), ``nosniff`` and no
referrer (the address carries the token). The policy lets the page load scripts, styles,
pictures and fonts from the editor itself only and connect nowhere else. No inline script runs
without the page's nonce: each HTML answer gets a fresh one, written into the ``<script>`` tags
of NiceGUI's page (its template inlines its start-up code), so markup a value could smuggle in
(an ``onerror=`` handler, a ``<script>`` added later) never runs. The page keeps
``'unsafe-eval'``: NiceGUI runs the JavaScript the server sends and compiles its components'
templates in the browser with ``eval``/``new Function``. Styles keep ``'unsafe-inline'`` (Vue
and Quasar set style attributes); a style can load nothing from elsewhere.
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "plotdoc_token"

#: What the editor's page may load and where it may connect; ``{scripts}`` is the nonce of an
#: HTML answer's inline scripts (none for other answers).
POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'{scripts} 'unsafe-eval'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
CSP = POLICY.format(scripts="")
OTHER_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
SECURITY_HEADERS = [(b"content-security-policy", CSP.encode()), *OTHER_HEADERS]

#: the opening of a script tag in NiceGUI's page. Only the page's own markup can hold one:
#: NiceGUI writes the elements' data into the page with ``<`` escaped, and its title escaped.
_SCRIPT_TAG = re.compile(rb"<script(?=[\s>])", re.IGNORECASE)


def with_nonce(page: bytes, nonce: str) -> bytes:
    """``page`` with ``nonce`` on each of its script tags."""
    return _SCRIPT_TAG.sub(b'<script nonce="' + nonce.encode() + b'"', page)


def cookie_name(port: int) -> str:
    """The token cookie of the server on ``port`` (cookies are shared across ports)."""
    return f"{COOKIE}_{port}"


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    names = {host, "127.0.0.1", "localhost", "[::1]"}
    if ":" in host and not host.startswith("["):
        names.add(f"[{host}]")
    return frozenset(f"{name}:{port}" for name in names)


class Guard:
    """ASGI middleware enforcing the token, Host and Origin rules."""

    def __init__(
        self, app: ASGIApp, token: str, hosts: frozenset[str], cookie: str = COOKIE
    ) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts
        self.cookie = cookie

    def _headers(self, scope: Scope) -> dict[str, str]:
        return {
            k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
        }

    def _token_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = self._headers(scope)
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        query_token = (query.get("token") or [None])[0]
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:
            cookie = SimpleCookie()
        cookie_token = cookie[self.cookie].value if self.cookie in cookie else None
        host = headers.get("host", "")
        origin = headers.get("origin")
        if host not in self.hosts:
            await self._refuse(scope, receive, send, "unknown host")
            return
        if origin is not None and origin not in {f"http://{h}" for h in self.hosts}:
            await self._refuse(scope, receive, send, "request from another site")
            return
        if not (self._token_ok(query_token) or self._token_ok(cookie_token)):
            await self._refuse(scope, receive, send, "missing or wrong token")
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        extra = list(OTHER_HEADERS)
        if self._token_ok(query_token) and not self._token_ok(cookie_token):
            value = f"{self.cookie}={self.token}; Path=/; HttpOnly; SameSite=Strict"
            extra.append((b"set-cookie", value.encode()))
        await self.app(scope, receive, _Secured(send, extra).send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, why: str) -> None:
        if scope["type"] == "websocket":
            await receive()  # the connect message
            await send({"type": "websocket.close", "code": 1008})
            return
        body = (
            f"plotdoc editor: forbidden ({why}). Open the address with its token that "
            "`plotdoc edit` printed in the terminal.\n"
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    *SECURITY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class _Secured:
    """An answer's messages with the security headers added; an HTML page is held until its
    end, its script tags get a fresh nonce, and its policy names that nonce."""

    def __init__(self, send: Send, extra: list[tuple[bytes, bytes]]) -> None:
        self._send = send
        self._extra = extra
        self._start: Message | None = None
        self._body: list[bytes] = []

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", [])]
            html = any(
                k.lower() == b"content-type" and v.lower().startswith(b"text/html")
                for k, v in headers
            )
            if not html:
                message["headers"] = [
                    *headers,
                    (b"content-security-policy", CSP.encode()),
                    *self._extra,
                ]
                await self._send(message)
                return
            self._start = message
            return
        if message["type"] != "http.response.body" or self._start is None:
            await self._send(message)
            return
        self._body.append(message.get("body", b""))
        if message.get("more_body", False):
            return
        nonce = secrets.token_urlsafe(18)
        page = with_nonce(b"".join(self._body), nonce)
        policy = POLICY.format(scripts=f" 'nonce-{nonce}'")
        start = self._start
        start["headers"] = [
            *((k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"),
            (b"content-length", str(len(page)).encode()),
            (b"content-security-policy", policy.encode()),
            *self._extra,
        ]
        await self._send(start)
        await self._send({"type": "http.response.body", "body": page, "more_body": False})
