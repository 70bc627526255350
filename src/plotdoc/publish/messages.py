"""One example message per problem code, for the catalogue page and the format docs.

The examples of the reader's codes are the messages the reader really gives for the reference
documents (one per code, ``tests/corpus/reference/<code>.plotdoc``); codes no document can
give (about a path, a size, another component) have a written example below. The collected
examples are committed as ``code-examples.json`` and a test regenerates them, so a message
that changes changes the docs with it.

    python -m plotdoc.publish.messages tests/corpus/reference > src/plotdoc/publish/code-examples.json
"""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

from ..problems import CATALOGUE

EXAMPLES_FILE = "code-examples.json"

#: Examples of the codes no reference document gives, in the words of the code that reports them.
WRITTEN: dict[str, str] = {
    "file-not-found": "expected a file at results/run-2.plotdoc; there is none",
    "file-unreadable": "expected a file at results; found a folder",
    "file-name": "expected a name ending in .plotdoc or .plotdoc.json; found 'run.json' "
    "(read anyway)",
    "file-too-large": "expected at most 52,428,800 bytes (50 MB); the file is larger",
    "migration-failed": "expected a document that migrates from version 1 to 2; the migration "
    "failed: (the migration's reason)",
    "rows-too-many": "250000 rows; at most 200,000",
    "import-syntax": "expected a Prism file (<GraphPadPrismFile>), found <html>",
    "import-unsafe-xml": "the XML declares the entity 'x'; entities are never expanded",
    "import-bad-number": 'expected a number, found "1.2.3" (line 3, column 2)',
    "import-unsupported": "<Layout> is not imported",
    "import-converted": "Prism Y format 'SDN' (summary data) imported as one data set per "
    "summary column",
    "builder-invalid": "expected --family for a CSV file (xy, column, grouped, ...)",
    "export-not-written": "the analysis 'fit' (fourPL) is not exported: Prism keeps it in the "
    "binary template of its own files, which plotdoc cannot write",
    "render-failed": "expected a graph that can be drawn; table 'a' failed (ValueError: ...)",
    "render-value-hidden": "table 'a': 2 values of zero or below cannot be shown on the log Y "
    "axis and are left out",
    "render-labels-thinned": "table 'a': 19,973 of 20,000 category labels are not shown: they "
    "do not fit along the X axis (one in 749 is shown, the first and the last always)",
    "render-capped": "table 'a': 20,000 point labels asked for; the first 2,000 are placed (at "
    "most 2,000 per graph)",
    "render-analysis-not-drawn": "table 'a': the nonlinearRegression 'fit' of data set "
    "'Dose' is not drawn (did-not-converge): The fit did not converge in 200 iterations. X "
    "spans 4 decades of positive values, as raw doses do: model logX expects log10 doses "
    "(enter log10 of each dose), model linearX fits doses as entered",
    "render-ambiguous": "table 'a': 30 legend entries but 24 distinct looks: 'S24' as 'S0', "
    "'S25' as 'S1', 'S26' as 'S2' and 3 more are drawn alike; give them colours, symbols or "
    "dashes of their own (styleOverrides.perDataSet), or fewer data sets per graph",
    "render-too-small": "table 'a': at 85mm wide the smallest text prints at 3.4 pt (9 pt "
    "scaled by 0.38), below the 6 pt journals ask for (it reaches 6 pt at 150mm wide); make "
    "the graph smaller (plotGeometry) or its text larger (titlesAndFonts), or print it wider",
    "render-reference-not-drawn": "reference line 0 of leftY at 150 is not drawn: it is "
    "outside the axis range (0 to 100); widen the range (rangeMin, rangeMax) to show it",
    "edit-invalid": "expected the id of a table; no table has the id 'nope'",
    "non-finite-number": "expected a finite number or a missing cell (NaN); found inf",
    "number-not-exact": "expected a number a double holds exactly (an integer of at most 2^53 "
    "in magnitude); found 9007199254740993, which would be read back as 9007199254740992",
    "not-json-value": "expected a JSON value (an object, array, string, number, true, false or "
    "null); found a set (set)",
    "save-failed": "could not write results/run.plotdoc: Permission denied",
    "version-1-unfit": "expected a data set id version 1 can restore ('Control', made from its "
    "name); found 'ctrl', which version 1 cannot hold",
    "schema-version-unwritable": "expected a schema version plotdoc writes (1, 2); found 3",
}


def collect(reference: Path) -> dict[str, str]:
    """Every catalogue code with its example: the reference document's message, else WRITTEN."""
    from ..api import validate

    found: dict[str, str] = {}
    for path in sorted(reference.glob("*.plotdoc")):
        report = validate(path.read_bytes())
        for problem in report.problems:
            if problem.code == path.stem:
                found[path.stem] = problem.message
                break
    return {code: found.get(code) or WRITTEN.get(code, "") for code in CATALOGUE}


def examples() -> dict[str, str]:
    """The committed examples, by code."""
    text = resources.files("plotdoc.publish").joinpath(EXAMPLES_FILE).read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def dumps_examples(found: dict[str, str]) -> str:
    return json.dumps(found, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(dumps_examples(collect(Path(sys.argv[1]))))
