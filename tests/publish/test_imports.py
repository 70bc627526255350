"""Publishing needs neither the renderer nor the statistics: no matplotlib, no scipy."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
import plotdoc.publish
import plotdoc.publish.examples, plotdoc.publish.prompt, plotdoc.publish.specpage
import plotdoc.publish.tree
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("matplotlib", "scipy"))
assert not heavy, heavy
plotdoc.publish.specpage.render_html()
plotdoc.publish.prompt.build_prompt()
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("matplotlib", "scipy"))
assert not heavy, heavy
"""


def test_publish_imports_no_matplotlib_or_scipy() -> None:
    done = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
