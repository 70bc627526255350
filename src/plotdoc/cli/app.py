"""The parser of the `plotdoc` command and its entry point."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ..problems import PlotdocError
from . import walk
from .common import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    Parser,
    environment_message,
    parse_command_line,
    print_problems,
)

#: Each command and the module of this package that registers it (``register(sub)``), in the
#: order `plotdoc --help` lists them. A command line that names one loads only its module.
COMMANDS = {
    "validate": "validate",
    "fmt": "fmt",
    "schema": "contract",
    "prompt": "contract",
    "examples": "contract",
    "publish": "contract",
    "analyze": "analyze",
    "brackets": "brackets",
    "render": "render",
    "import": "importing",
    "export": "export",
    "demo": "demo",
    "edit": "edit",
}
#: The commands that draw graphs (the first drawing on an installation prepares the font).
DRAWING = frozenset({"render", "demo", "edit"})


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone when it names one (the others'
    modules are then not imported: `plotdoc validate` starts without the drawing's or the
    importers' command modules)."""
    from ..contract.site import CURRENT_VERSION, FORMAT, SUPPORTED_VERSIONS
    from ..version import __version__

    reads = ", ".join(str(v) for v in SUPPORTED_VERSIONS)
    version = (
        f"plotdoc {__version__} ({FORMAT} schema versions read: {reads}; "
        f"written: {CURRENT_VERSION})"
    )
    parser = Parser(
        prog="plotdoc",
        description="Open, check, save, analyse and draw plotdoc project files.",
        epilog="Exit codes: 0 success (warnings allowed); 1 a file was refused, would be "
        "reformatted (fmt --check) or a job failed; 2 a usage error; 3 an internal error "
        "(please report it); 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=version)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    names = [COMMANDS[command]] if command in COMMANDS else list(dict.fromkeys(COMMANDS.values()))
    for name in names:
        importlib.import_module(f"{__package__}.{name}").register(sub)
    walk.add_to_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(words[0] if words else None)
    try:
        args = parse_command_line(parser, argv)
        walk.configure(args)
        if args.command in DRAWING:
            _announce_font_preparation()
        code: int = args.func(args)
        sys.stdout.flush()  # a full disk behind standard output is reported here, not at exit
        return code
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except PlotdocError as exc:
        print_problems("plotdoc", exc.problems, sys.stderr, exc.omitted)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        print("plotdoc: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader of our output left (`plotdoc ... | head`): not an error
        _silence_stdout()
        return EXIT_OK
    except OSError as exc:  # the machine refused: a full disk, no permission, a missing folder
        if exc.filename is None:  # standard output's: the final flush must not fail again
            _silence_stdout()
        print(f"plotdoc: {environment_message(exc)}", file=sys.stderr)
        return EXIT_REFUSED
    except Exception as exc:
        print(
            f"plotdoc: internal error ({type(exc).__name__}: {exc}); please report it",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


def _announce_font_preparation() -> None:
    """Say so on a terminal when this drawing will first cut the default font's weights (a few
    silent seconds otherwise, once per installation)."""
    if not sys.stderr.isatty():
        return
    from ..render.style.fonts import fonts_ready

    if not fonts_ready():
        print(
            "plotdoc: preparing the default font's weights (once per installation, a few seconds)",
            file=sys.stderr,
        )


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's final flush does
    not report the closed pipe a second time."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
