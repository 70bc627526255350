from __future__ import annotations

import pytest

from plotdoc import loads
from plotdoc.model import Project
from plotdoc.publish.examples import example_bytes


@pytest.fixture
def project() -> Project:
    """A new copy of the complete example (every family, analysis and annotation)."""
    return loads(example_bytes("complete"))
