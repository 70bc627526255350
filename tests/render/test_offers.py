"""Every switch and graph setting the editor offers for a graph type changes its drawing, and
none it hides does: for each variant's sample document, each switch of ``elementActivation``
is turned on and off and each key of ``graphSettingsOverride`` and ``partsOfWholeBorders``
set, and the drawing compared with the sample's own. What the registry offers
(:mod:`plotdoc.contract.variants.offers`) must be exactly what changes the drawing, except
the controls listed in :data:`SHOWN_ONLY_WITH`, whose effect needs data a sample may not have.
"""

from __future__ import annotations

import copy
import os
from typing import Any

import orjson
import pytest

from plotdoc import loads
from plotdoc.contract import styles as S
from plotdoc.contract.variants import VARIANTS
from plotdoc.publish.samples import sample_document
from plotdoc.render import render_table

#: every switch of ``elementActivation``: per data set, and for the whole graph
SWITCHES = S.DATA_SET_SWITCHES
GRAPH_SWITCHES = S.GRAPH_SWITCHES
_BORDER = {"show": True, "color": {"hex": "#ff0000", "alpha": 1}, "thickness": 3}
#: a value of each graph setting other than its default
SETTINGS: dict[str, dict[str, Any]] = {
    "direction": {"direction": "horizontal"},
    "baseline": {"baseline": "manual", "baselineY": 2.5},
    "barWidthRatio": {"barWidthRatio": 0.2},
    "groupGapRatio": {"groupGapRatio": 2.0},
    "seriesGapRatio": {"seriesGapRatio": 0.8},
    "columnGapRatio": {"columnGapRatio": 2.0},
    "firstGapRatio": {"firstGapRatio": 2.0},
    "lastGapRatio": {"lastGapRatio": 2.0},
    "scatterAppearance": {
        "scatterAppearance": next(a for a in S.SCATTER_APPEARANCES if a != "standard")
    },
    "missingValuePolicy": {
        "missingValuePolicy": next(a for a in S.MISSING_VALUE_POLICIES if a != "gap")
    },
    "lineOfIdentity": {
        "lineOfIdentity": {
            "show": True,
            "color": {"hex": "#ff0000", "alpha": 1},
            "thickness": 2,
            "dashStyle": "solid",
        }
    },
}

#: controls offered whose effect needs something a sample may not have, and what
SHOWN_ONLY_WITH = {
    "valueLabels": "a value label asked for by the style (valueAnnotation)",
    "outliers": "values beyond the whiskers",
    "symbols": "values beyond the whiskers (a box draws its outliers as symbols)",
    "pointLabels": "a variable or column that labels the points",
    "errorBars": "replicates to summarise",
    "legend": "more than one data set to tell apart (a column graph names its columns)",
    "xTitle": "an X title (a column graph has none of its own)",
    "yTitle": "a Y title (a heat map or a pie has none of its own)",
    "regressionLine": "a linear regression among the table's analyses",
    "confidenceBand": "a regression among the table's analyses",
    "predictionBand": "a regression among the table's analyses",
    "fittedCurve": "a nonlinear regression among the table's analyses",
    "numberAtRisk": "the number-at-risk table asked for by the plot options",
    "annotations": "annotations",
    "missingValuePolicy": "missing values between points a line joins",
    "baseline": "bars, spikes or areas reaching below the baseline",
}


def _drawing(doc: dict[str, Any]) -> bytes:
    project = loads(orjson.dumps(doc))
    return render_table(project, project.tables[0], fmt="svg")


def _changes(doc: dict[str, Any], base: bytes, change: Any) -> bool:
    for value in (True, False) if not callable(change) else (None,):
        d = copy.deepcopy(doc)
        graph = d["tables"][0]["graph"]
        if callable(change):
            change(graph)
        else:
            where, name = change
            graph.setdefault("elementActivation", {}).setdefault(where, {})[name] = value
        if _drawing(d) != base:
            return True
    return False


def _settings(values: dict[str, Any]) -> Any:
    return lambda graph: graph.setdefault("graphSettingsOverride", {}).update(values)


def _border(key: str) -> Any:
    return lambda graph: graph.setdefault("partsOfWholeBorders", {}).update({key: _BORDER})


#: the variants checked in an ordinary run: each family's first, and graph types whose
#: controls differ most from it (every variant is about 4,000 drawings, 17 minutes on two
#: cores; ``PLOTDOC_EVERY_VARIANT=1`` checks all of them)
FIRST_OF_FAMILY = {v.family: vid for vid, v in reversed(list(VARIANTS.items()))}
EXTRA = (
    "xy-spikes",
    "column-before-after",
    "grouped-heat-map",
    "grouped-superimposed-symbols-line",
)
CHECKED = (
    list(VARIANTS)
    if os.environ.get("PLOTDOC_EVERY_VARIANT")
    else [vid for vid in VARIANTS if vid in FIRST_OF_FAMILY.values() or vid in EXTRA]
)


@pytest.mark.slow
@pytest.mark.parametrize("variant_id", CHECKED)
def test_offered_controls_are_those_that_change_the_drawing(variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    doc = sample_document(variant_id)
    options = doc["tables"][0]["graph"].get("plot", {}).get("options", {})
    base = _drawing(doc)
    wrong: list[str] = []

    def check(name: str, offered: bool, change: Any) -> None:
        changed = _changes(doc, base, change)
        if changed and not offered:
            wrong.append(f"{name}: changes the drawing but is not offered")
        elif offered and not changed and name not in SHOWN_ONLY_WITH:
            wrong.append(f"{name}: offered but changes nothing")

    for name in SWITCHES:
        check(name, variant.offers_switch(name, options), ("global", name))
    for name in GRAPH_SWITCHES:
        check(name, variant.offers_graph_switch(name), ("graph", name))
    for name, values in SETTINGS.items():
        check(name, variant.offers_setting(name), _settings(values))
    for key in ("outer", "inner"):
        check(key, variant.offers_setting(key), _border(key))
    assert not wrong, f"{variant_id}: " + "; ".join(wrong)
