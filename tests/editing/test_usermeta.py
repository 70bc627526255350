"""usermeta set whole: a JSON object, checked as open checks it, one step of undo."""

from __future__ import annotations

import orjson
import pytest

from plotdoc.editing import Session, add_table
from plotdoc.editing.usermeta import set_usermeta
from plotdoc.errors import EditRefusedError


def test_a_tables_usermeta_is_set_whole_and_undone() -> None:
    s = Session()
    tid = s.apply(add_table, "xy").table_id
    s.apply(set_usermeta, tid, {"lab": {"instrument": "plate reader", "run": 3}})
    doc = orjson.loads(s.document_bytes())
    assert doc["tables"][0]["usermeta"] == {"lab": {"instrument": "plate reader", "run": 3}}
    s.undo()
    assert orjson.loads(s.document_bytes())["tables"][0].get("usermeta", {}) == {}


def test_not_an_object_or_too_large_is_refused() -> None:
    s = Session()
    tid = s.apply(add_table, "xy").table_id
    with pytest.raises(EditRefusedError, match="expected a JSON object"):
        s.apply(set_usermeta, tid, [1, 2])
    with pytest.raises(EditRefusedError):
        s.apply(set_usermeta, tid, {"big": "x" * 70_000})
    s.apply(set_usermeta, None, {"tool": "plotdoc-test"})
    assert orjson.loads(s.document_bytes())["usermeta"] == {"tool": "plotdoc-test"}
