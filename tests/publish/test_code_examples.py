"""Every problem code has an example message in the docs, and it is the message given today."""

from __future__ import annotations

from plotdoc.problems import CATALOGUE
from plotdoc.publish.messages import collect, examples
from plotdoc.publish.specpage import codes_block

from ..conftest import CORPUS


def test_the_committed_examples_are_the_messages_the_reader_gives() -> None:
    assert examples() == collect(CORPUS / "reference"), (
        "src/plotdoc/publish/code-examples.json is out of date; regenerate it with "
        "`python -m plotdoc.publish.messages tests/corpus/reference "
        "> src/plotdoc/publish/code-examples.json`"
    )


def test_every_code_has_an_example_on_the_format_page() -> None:
    found = examples()
    assert set(found) == set(CATALOGUE)
    assert all(found.values()), [code for code, text in found.items() if not text]
    block = codes_block()
    assert '`expected one of 64 values (closest: parts-pie); found "pie-3d"' in block
