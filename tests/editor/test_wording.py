"""The Format panel's words and which plot options each graph type is offered."""

from __future__ import annotations

from plotdoc.contract.variants import VARIANTS
from plotdoc.editor.format_panel import HANDLED_ELSEWHERE
from plotdoc.editor.option_values import option_nodes
from plotdoc.editor.wording import label_of, option_applies


def offered(variant_id: str) -> set[str]:
    family = VARIANTS[variant_id].family
    return {
        k
        for k in option_nodes(family)
        if k not in HANDLED_ELSEWHERE and option_applies(k, variant_id)
    }


def test_a_bar_graph_is_not_offered_a_violins_option() -> None:
    assert "showTruncatedViolin" not in offered("bar")
    assert "showTruncatedViolin" in offered("column-violin")
    assert "pointLayout" in offered("column-scatter-only")
    assert "pointLayout" not in offered("column-box-whiskers")
    assert "heatMap" in offered("grouped-heat-map")
    assert "heatMap" not in offered("grouped-interleaved-bars")
    assert "donutHoleRatio" in offered("parts-donut")
    assert "donutHoleRatio" not in offered("parts-pie")


def test_every_option_is_offered_to_some_graph_type() -> None:
    for family in {v.family for v in VARIANTS.values()}:
        keys = {k for k in option_nodes(family) if k not in HANDLED_ELSEWHERE}
        used = set().union(*(offered(v.id) for v in VARIANTS.values() if v.family == family))
        assert keys == used, (family, keys - used)


def test_values_in_a_scientists_words() -> None:
    assert label_of("sd") == "SD"
    assert label_of("meanWithSem") == "Mean with SEM"
    assert label_of("welch") == "Welch's correction (unequal SDs)"
    assert label_of("ci95") == "95% CI"
    assert label_of("showTruncatedViolin") == "Show truncated violin"


def test_an_option_is_offered_where_it_changes_the_drawing() -> None:
    # data sets sharing one slot are moved apart by seriesAlign; side-by-side ones never share
    assert "seriesAlign" in offered("grouped-superimposed-scatter")
    assert "seriesAlign" in offered("grouped-rm-across-row")
    assert "seriesAlign" not in offered("grouped-interleaved-bars")
    # an ...Error center draws error bars on any xy graph: their kind is offered on all
    assert "error" in offered("scatter")
    # only the graphs that spread every value sideways follow pointLayout
    assert "pointLayout" in offered("nested-scatter")
    assert "pointLayout" not in offered("nested-box")
    # each multiple-variables option belongs to its kind
    assert "maxBubbleSize" in offered("mv-bubble")
    assert "maxBubbleSize" not in offered("mv-scatter")
    assert "volcano" not in offered("mv-forest")
