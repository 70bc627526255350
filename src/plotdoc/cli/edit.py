"""`plotdoc edit`: the editor in a web browser, served from this machine."""

from __future__ import annotations

import argparse

from .common import Parser, add_command, bounded_int


def run(args: argparse.Namespace) -> int:
    from ..editor import main as edit_main

    return edit_main(args.file, host=args.host, port=args.port, browser=not args.no_browser)


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    p = add_command(
        sub, "edit", run, "Open the editor in a web browser (a local server; Ctrl-C stops it)."
    )
    p.add_argument("file", nargs="?", metavar="FILE", help="a project file to open (optional)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--port",
        type=bounded_int(1, 65535),
        default=8765,
        help="port to listen on, 1 to 65535 (default 8765)",
    )
    p.add_argument("--no-browser", action="store_true", help="print the address; open no browser")
