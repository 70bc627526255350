"""`plotdoc edit`: the editor in a web browser, served from this machine.

The address is checked before the editor starts or prints its URL: a port another program
listens on is a usage error (exit 2) naming ``--port``, never a URL that leads elsewhere.
"""

from __future__ import annotations

import argparse
import errno
import socket
import sys

from .common import EXIT_USAGE, Parser, add_command, bounded_int, usage_error


def port_problem(host: str, port: int) -> str | None:
    """Why the editor cannot listen on ``host``:``port`` (the port is in use, the address is
    not this machine's), or None when it can. The test binds as the server will (with
    ``SO_REUSEADDR`` on POSIX, so a port left in TIME_WAIT by a stopped editor is free)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        return f"--host {host}: not an address of this machine ({exc.strerror})"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        if sys.platform != "win32":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            return _bind_problem(exc, host, port)
    return None


def _bind_problem(exc: OSError, host: str, port: int) -> str:
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is in use; try --port with another number (such as {port + 1})"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"port {port} needs more privileges than this user has; try --port above 1023"
    return f"cannot listen on {host}:{port} ({exc.strerror or exc}); try another --host or --port"


def run(args: argparse.Namespace) -> int:
    problem = port_problem(args.host, args.port)
    if problem is not None:
        return usage_error(args, problem)
    from ..editor import main as edit_main

    try:
        return edit_main(args.file, host=args.host, port=args.port, browser=not args.no_browser)
    except OSError as exc:  # taken between the check and the server's own bind
        if exc.errno not in (errno.EADDRINUSE, errno.EACCES, errno.EPERM):
            raise
        print(f"plotdoc edit: error: {_bind_problem(exc, args.host, args.port)}", file=sys.stderr)
        return EXIT_USAGE


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
