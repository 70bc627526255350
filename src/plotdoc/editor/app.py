"""The editor's server: one session, the routes the page fetches rows and files from, startup.

Everything here is imported only when `plotdoc edit` runs, never by `import plotdoc`.
"""

from __future__ import annotations

import secrets
import sys
import webbrowser
from pathlib import Path

from fastapi import Request
from fastapi.responses import JSONResponse

from ..contract.limits import MAX_FILE_BYTES
from .security import Guard, allowed_hosts
from .server import Server

__all__ = ["Server", "create", "run"]


def create(server: Server, token: str, host: str, port: int) -> None:
    """Register the routes and the page on NiceGUI's app."""
    from nicegui import app

    from . import page

    @app.get("/_plotdoc/rows")
    def rows(table: str, start: int = 0, end: int = 100) -> JSONResponse:
        return JSONResponse(server.rows(table, start, min(end, start + 1000)))

    @app.post("/_plotdoc/upload")
    async def upload(request: Request, name: str) -> JSONResponse:
        size = int(request.headers.get("content-length") or 0)
        if size > MAX_FILE_BYTES:
            return JSONResponse({"error": f"expected a file of at most 50 MB; found {size} bytes"})
        body = bytearray()
        async for chunk in request.stream():
            if len(body) + len(chunk) > MAX_FILE_BYTES:
                return JSONResponse({"error": "expected a file of at most 50 MB"})
            body += chunk
        key = secrets.token_urlsafe(12)
        server.uploads.clear()  # only the latest file waits to be opened
        server.uploads[key] = (Path(name).name, bytes(body))
        del body
        return JSONResponse({"id": key})

    page.register(server)
    app.add_middleware(Guard, token=token, hosts=allowed_hosts(host, port))


def run(
    file: str | None, *, host: str = "127.0.0.1", port: int = 8765, browser: bool = True
) -> int:
    """Start the editor (blocking until Ctrl-C)."""
    from nicegui import app, ui

    from ..problems import problem_lines

    server = Server()
    if file is not None:
        path = Path(file)
        if path.exists():
            report = server.session.open_path(path)
            if not report.ok:
                print(
                    *problem_lines(file, report.problems, report.omitted), sep="\n", file=sys.stderr
                )
                server.session.warnings = list(report.problems)
        else:
            server.session.path = path
            server.session.name = path.name
    token = secrets.token_urlsafe(24)
    create(server, token, host, port)
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{port}/?token={token}"
    print(f"plotdoc editor: open {url}\n(press Ctrl-C to stop)", flush=True)
    # recovery copies of unsaved work; stopping (Ctrl-C, SIGTERM, SIGHUP) keeps one and says so
    app.on_startup(server.safety.start)
    app.on_shutdown(server.safety.stopping)
    if browser:
        app.on_startup(lambda: webbrowser.open(url))
    ui.run(
        host=host,
        port=port,
        title="plotdoc",
        reload=False,
        show=False,
        show_welcome_message=False,
        uvicorn_logging_level="warning",
        favicon=Path(__file__).with_name("static") / "favicon.svg",
        reconnect_timeout=30,
    )
    return 0
