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


HEAVY = ("matplotlib", "scipy", "nicegui", "pandas")

EDITING = f"""
import sys
import plotdoc
from plotdoc.editing import Session, field_spec, set_field, settable_fields
from plotdoc.publish.examples import example_bytes
session = Session(plotdoc.loads(example_bytes("complete")))
session.set_field("tables[1].graph.legend.position", "top")
session.add_annotation("weights", {{"type": "text", "x": 1, "y": 2, "text": "a"}})
field_spec("tables[1].graph.plot.options.mode", session.project)
settable_fields("graph")
session.document_bytes()
loaded = [m for m in {HEAVY!r} if m in sys.modules]
assert not loaded, loaded
"""


def test_editing_loads_no_drawing_statistics_or_web_stack() -> None:
    done = subprocess.run([sys.executable, "-c", EDITING], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
