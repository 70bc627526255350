"""`plotdoc edit` costs nothing until it runs: no web stack on `import plotdoc` or the CLI's parser."""

from __future__ import annotations

import subprocess
import sys

WEB = ("nicegui", "fastapi", "starlette", "uvicorn", "socketio", "playwright")

CODE = f"""
import sys
import plotdoc, plotdoc.cli, plotdoc.editor
plotdoc.cli.build_parser().parse_args(["edit", "--no-browser", "x.plotdoc"])
loaded = [m for m in {WEB!r} if m in sys.modules]
assert not loaded, loaded
"""


def test_editor_command_loads_no_web_stack_until_it_runs() -> None:
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
