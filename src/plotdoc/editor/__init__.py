"""The editor: `plotdoc edit`, a local web application over :mod:`plotdoc.editing`.

Importing this package loads nothing heavy; :func:`main` imports the web stack (NiceGUI,
installed with ``pip install "plotdoc[editor]"``) when the editor starts.
"""

from __future__ import annotations


def main(
    file: str | None, *, host: str = "127.0.0.1", port: int = 8765, browser: bool = True
) -> int:
    """Run the editor until Ctrl-C; returns the exit code."""
    try:
        import nicegui  # noqa: F401
    except ImportError:
        import sys

        print(
            'plotdoc edit: the editor needs its extra packages: pip install "plotdoc[editor]"',
            file=sys.stderr,
        )
        return 2
    from .app import run

    return run(file, host=host, port=port, browser=browser)
