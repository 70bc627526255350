"""Decimal-comma blocks read as pandas reads them with ``decimal=","`` and ``thousands="."``."""

from __future__ import annotations

import io

import pandas as pd
import pytest

from plotdoc.editor.pasting import decimal_commas


@pytest.mark.parametrize(
    "block",
    [
        "1,5\t2\n1.234,5\t3,25\n",
        "-0,25\n12.345.678,9\n7\n",
        "0,001\t1.000\n",
    ],
)
def test_a_consistent_decimal_comma_block_reads_as_pandas_reads_it(block: str) -> None:
    read = decimal_commas(block)
    assert read.converted
    ours = pd.read_csv(io.StringIO(read.text), sep="\t", header=None)
    theirs = pd.read_csv(io.StringIO(block), sep="\t", header=None, decimal=",", thousands=".")
    pd.testing.assert_frame_equal(ours.astype(float), theirs.astype(float))
    assert "decimal comma" in read.note


def test_a_mixed_block_is_pasted_as_it_is_and_says_why() -> None:
    read = decimal_commas("1,5\n2.5\n")
    assert not read.converted
    assert read.text == "1,5\n2.5\n"
    assert "mixes decimal commas (1,5) and decimal points (2.5)" in read.note


def test_a_block_without_decimal_commas_is_untouched() -> None:
    for block in ("1.5\t2\n", "a,b\n", "1,2,3\n"):
        read = decimal_commas(block)
        assert (read.text, read.note, read.converted) == (block, "", False)
