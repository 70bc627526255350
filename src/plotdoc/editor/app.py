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
from .memory import freeze_startup
from .security import Guard, allowed_hosts, cookie_name
from .server import Server
from .uploads import TooLarge, UploadsFull

__all__ = ["Server", "create", "run"]

BUSY = "the editor is still reading other files; try again when they are open"


def _refused(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create(server: Server, token: str, host: str, port: int) -> None:
    """Register the routes and the page on NiceGUI's app."""
    from nicegui import app

    from . import page

    # Routes are coroutines: they run on the event loop, between the tabs' edits, never in a
    # worker thread while an edit changes the session.
    @app.get("/_plotdoc/rows")
    async def rows(table: str, start: int = 0, end: int = 100) -> JSONResponse:
        return JSONResponse(server.rows(table, start, min(end, start + 1000)))

    @app.post("/_plotdoc/upload")
    async def upload(request: Request, name: str) -> JSONResponse:
        """A dropped file, or a paste too large for the page's connection: counted as it
        arrives, and refused (the rest never read) as soon as it passes a limit."""
        try:
            announced = max(0, int(request.headers.get("content-length") or 0))
        except ValueError:
            announced = 0
        try:
            key = await server.uploads.receive(Path(name).name, request.stream(), announced)
        except TooLarge as exc:
            found = f"found {announced:,}" if announced else f"found more than {exc.received:,}"
            return _refused(413, f"expected at most 50 MB ({MAX_FILE_BYTES:,} bytes); {found}")
        except UploadsFull:
            return _refused(503, BUSY)
        return JSONResponse({"id": key})

    page.register(server)
    app.add_middleware(
        Guard, token=token, hosts=allowed_hosts(host, port), cookie=cookie_name(port)
    )


def run(
    file: str | None, *, host: str = "127.0.0.1", port: int = 8765, browser: bool = True
) -> int:
    """Start the editor (blocking until Ctrl-C)."""
    from nicegui import app, ui

    from ..problems import problem_lines

    freeze_startup()
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
