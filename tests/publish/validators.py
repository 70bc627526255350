"""Both independent validators of the shipped schema, for the publish tests."""

from __future__ import annotations

from typing import Any

import jsonschema
import jsonschema_rs

from plotdoc.contract.schema import load_schema

SCHEMA: dict[str, Any] = load_schema()
PY = jsonschema.Draft7Validator(SCHEMA)
RS = jsonschema_rs.Draft7Validator(SCHEMA)


def py_errors(doc: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message[:200]}" for e in PY.iter_errors(doc)]


def rs_valid(doc: Any) -> bool:
    return bool(RS.is_valid(doc))
