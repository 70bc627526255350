"""The `plotdoc` command: a thin layer over the library, one module per command.

Exit codes: 0 success (warnings allowed), 1 a file was refused or a job failed, 2 a usage
error, 3 an internal error (a defect: please report it), 130 interrupted. Each subcommand
imports what it needs when it runs, so `plotdoc validate` never loads matplotlib or scipy.
No traceback reaches the user: unexpected failures print one line.
"""

from __future__ import annotations

from .app import build_parser, main
from .common import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_REFUSED, EXIT_USAGE

__all__ = [
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_USAGE",
    "build_parser",
    "main",
]
