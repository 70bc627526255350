"""Version 1 is published and frozen: its schema, spec page and examples keep their bytes.

The digests below are those of the files as version 1 was published. A change that alters
any of them is a change of a published version, which section 9 of the contract forbids: it
belongs to a new schema version and a migration step.
"""

from __future__ import annotations

import hashlib

import pytest

from plotdoc.contract.schema import build_schema, dumps_schema, schema_bytes
from plotdoc.contract.versions import VERSIONS, description
from plotdoc.publish import examples, specpage

from ..conftest import REPO

SCHEMA = "ae4d6e8c7c2d93f80d14877fc5ae3ccb72b1b4f01707acbb54932f9d4de3e579"
SPEC_PAGE = "546f127330ecc8c66434d99dac92fee65c92a971cd172fc1a54d190966c81674"
EXAMPLES = {
    "column-scatter-bar": "89d225cac8dc997b854e65d9edd3f6a05d7a77e2355715f760e4eb1e6f65799f",
    "complete": "7263816441186faeda82e45821bd81de0b46731d7fe111a494fd2d88989c7b96",
    "contingency-bars": "f50ed7e32d63894bd2ffcf0ad2bea02e46831a068831452b11ffc1c4c69b7341",
    "grouped-interleaved-bars": "8e5453a8f6eb85f477bb30fcec48fbd7a696383838599be812fa50a1ec31efec",
    "multiple-variables-iris": "b5448d0f13582d64d56e12eca315eedc213e93a276c8d9a79eacf4f5c0e3d4f4",
    "nested-scatter": "eb9a7d891f9a0122d266004d83c4ba138fd613f681fd7f2a2453e78959669575",
    "parts-of-whole-pie": "ffab96e8424a827bb96df2b6717fcad5483769de599b19f3e153c4cd234a3f93",
    "survival-kaplan-meier": "2dd106d23f66e4b8f9bb25f77f5e38b384dec16b0a490bcb75fe8769a69da20a",
    "xy-dose-response": "4c442e62e4859cbd8715cce5cd4609afd3fed0c19fd160eb41e0ddf517f4f3ee",
}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_version_1_is_recorded_as_frozen() -> None:
    assert VERSIONS[1].frozen


def test_schema_keeps_its_bytes() -> None:
    assert _sha(schema_bytes(1)) == SCHEMA


def test_frozen_description_still_builds_the_published_schema() -> None:
    assert dumps_schema(build_schema(1)) == schema_bytes(1)


def test_frozen_description_is_its_own_module() -> None:
    root, _ = description(1)
    assert type(root).__module__ == "plotdoc.contract.nodes"
    assert VERSIONS[1].module == "plotdoc.contract.v1.document"


def test_spec_page_keeps_its_bytes() -> None:
    page = specpage.published_markdown(1).encode("utf-8")
    assert _sha(page) == SPEC_PAGE
    assert (REPO / "docs" / "format" / "v1.md").read_bytes() == page


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_keeps_its_bytes(name: str) -> None:
    assert _sha(examples.example_bytes(name, 1)) == EXAMPLES[name]


def test_every_example_is_pinned() -> None:
    assert sorted(examples.example_names(1)) == sorted(EXAMPLES)
