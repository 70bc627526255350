"""The editor's server: one session, the routes the page fetches rows and files from, startup.

Everything here is imported only when `plotdoc edit` runs, never by `import plotdoc`.
"""

from __future__ import annotations

import secrets
import sys
import time
import webbrowser
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse

from ..contract.limits import MAX_FILE_BYTES, MAX_ROWS
from ..editing.cells import cell_text, sheet_columns
from ..editing.history import pending
from ..editing.session import Session
from .security import Guard, allowed_hosts

#: A tab kept in sync with another is told so at most once in this many seconds.
OTHER_TAB_NOTICE_EVERY = 60.0
#: Empty rows shown below a data table's last row, ready for typing.
SPARE_ROWS = 50


class Server:
    """What the routes and every page share."""

    def __init__(self) -> None:
        self.session = Session()
        self.uploads: dict[str, tuple[str, bytes]] = {}
        #: the open tabs; each shows the one session
        self.views: list[Any] = []
        #: when each tab was last told that another tab changed the project (monotonic s)
        self._told: dict[int, float] = {}

    def forget(self, view: Any) -> None:
        if view in self.views:
            self.views.remove(view)
        self._told.pop(id(view), None)

    def changed(self, source: Any) -> None:
        """The project changed in ``source``'s tab: bring every other tab up to date, telling
        it so once per :data:`OTHER_TAB_NOTICE_EVERY` seconds rather than after every edit."""
        from .notify import notify

        now = time.monotonic()
        for view in list(self.views):
            if view is source:
                continue
            with view.anchor:
                view.refresh(broadcast=False)
                told = self._told.get(id(view))
                if told is None or now - told >= OTHER_TAB_NOTICE_EVERY:
                    notify("The project was changed in another tab; this tab shows it now")
                    self._told[id(view)] = now

    def rows(self, table_id: str, start: int, end: int) -> dict[str, Any]:
        try:
            table = self.session.project.table(table_id)
        except KeyError:
            return {"rows": [], "lastRow": 0}
        if pending(table):  # its cells are being computed: shown when they are
            return {"rows": [], "lastRow": 0}
        n = table.n_rows
        total = n if table.derived_from is not None else min(n + SPARE_ROWS, MAX_ROWS)
        start = max(0, start)
        end = min(max(start, end), total)
        columns = sheet_columns(table)
        out = []
        for r in range(start, end):
            row: dict[str, Any] = {}
            if r < n:
                for i, col in enumerate(columns):
                    value = cell_text(table, r, col)
                    if value is not None:
                        row[f"c{i}"] = _show(value)
            out.append(row)
        return {"rows": out, "lastRow": total}


def _show(value: float | str) -> str:
    if isinstance(value, str):
        return value
    text = repr(value)
    return text[:-2] if text.endswith(".0") else text


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
