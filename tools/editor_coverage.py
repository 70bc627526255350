"""Write docs/editor-coverage.md: every settable field of the graph and the editor control that
sets it, or why none does (see plotdoc.editor.coverage). Run after changing the Format panel's
declared controls or the contract; tests/editor/test_coverage.py checks the file is current."""

from __future__ import annotations

from pathlib import Path

from plotdoc.editor.coverage import markdown

OUT = Path(__file__).resolve().parents[1] / "docs" / "editor-coverage.md"

if __name__ == "__main__":
    OUT.write_text(markdown(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(OUT.parents[1])}")
