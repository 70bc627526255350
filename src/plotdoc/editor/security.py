"""The local server's guard: a secret token on every request, and only this machine's names.

Like a notebook server, the editor prints a URL carrying a random token; the first visit
sets it as a cookie (HttpOnly, SameSite=Strict) so the page's own requests carry it. A
request without the token, with a Host header that is not the server's own address (DNS
rebinding) or with an Origin of another site is refused before it reaches the application,
for plain requests and WebSocket connections alike.
"""

from __future__ import annotations

import hmac
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


def allowed_hosts(host: str, port: int) -> frozenset[str]:
    names = {host, "127.0.0.1", "localhost", "[::1]"}
    if ":" in host and not host.startswith("["):
        names.add(f"[{host}]")
    return frozenset(f"{name}:{port}" for name in names)


class Guard:
    """ASGI middleware enforcing the token, Host and Origin rules."""

    def __init__(self, app: ASGIApp, token: str, hosts: frozenset[str]) -> None:
        self.app = app
        self.token = token
        self.hosts = hosts

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
        cookie_token = cookie[COOKIE].value if COOKIE in cookie else None
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
        if (
            scope["type"] == "http"
            and self._token_ok(query_token)
            and not self._token_ok(cookie_token)
        ):

            async def send_with_cookie(message: Message) -> None:
                if message["type"] == "http.response.start":
                    value = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                    message["headers"] = [
                        *message.get("headers", []),
                        (b"set-cookie", value.encode()),
                    ]
                await send(message)

            await self.app(scope, receive, send_with_cookie)
            return
        await self.app(scope, receive, send)

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
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
