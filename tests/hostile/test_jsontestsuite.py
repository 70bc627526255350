"""JSON conformance: every file of JSONTestSuite's test_parsing/ through validate(bytes).

* ``n_`` files (must be rejected) are refused by the encoding or JSON stage;
* ``y_`` files (must be accepted) get past JSON parsing and are refused by the envelope, as
  none is a plotdoc project; the two with a duplicated key are the documented exception:
  RFC 8259 only says names SHOULD be unique, and plotdoc refuses duplicates
  (``json-duplicate-key``) rather than guess which value was meant;
* ``i_`` files (implementation-defined) get the outcome pinned in :data:`I_OUTCOMES`, which
  docs/reliability.md lists as a table.

No file ever raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from plotdoc.api import validate
from plotdoc.problems import CATALOGUE

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpora" / "jsontestsuite"
PARSING = CORPUS / "test_parsing"

REFUSED_BY_JSON_STAGES = {
    "invalid-utf8",
    "json-syntax",
    "json-number-out-of-range",
    "json-lone-surrogate",
    "json-too-deep",
    "json-duplicate-key",
}
ENVELOPE_CODES = {"not-an-object", "format-missing"}

#: y_ files plotdoc refuses at the JSON stage on purpose (see the module docstring)
Y_EXCEPTIONS = {
    "y_object_duplicated_key.json": "json-duplicate-key",
    "y_object_duplicated_key_and_value.json": "json-duplicate-key",
}

#: the decided outcome of each implementation-defined file: the first error's code. Codes of
#: the envelope stage mean the JSON was accepted (then found not to be a project).
I_OUTCOMES: dict[str, str] = {
    "i_number_double_huge_neg_exp.json": "not-an-object",
    "i_number_huge_exp.json": "json-number-out-of-range",
    "i_number_neg_int_huge_exp.json": "json-number-out-of-range",
    "i_number_pos_double_huge_exp.json": "json-number-out-of-range",
    "i_number_real_neg_overflow.json": "json-number-out-of-range",
    "i_number_real_pos_overflow.json": "json-number-out-of-range",
    "i_number_real_underflow.json": "not-an-object",
    "i_number_too_big_neg_int.json": "not-an-object",
    "i_number_too_big_pos_int.json": "not-an-object",
    "i_number_very_big_negative_int.json": "not-an-object",
    "i_object_key_lone_2nd_surrogate.json": "json-lone-surrogate",
    "i_string_1st_surrogate_but_2nd_missing.json": "json-lone-surrogate",
    "i_string_1st_valid_surrogate_2nd_invalid.json": "json-lone-surrogate",
    "i_string_UTF-16LE_with_BOM.json": "invalid-utf8",
    "i_string_UTF-8_invalid_sequence.json": "invalid-utf8",
    "i_string_UTF8_surrogate_U+D800.json": "invalid-utf8",
    "i_string_incomplete_surrogate_and_escape_valid.json": "json-lone-surrogate",
    "i_string_incomplete_surrogate_pair.json": "json-lone-surrogate",
    "i_string_incomplete_surrogates_escape_valid.json": "json-lone-surrogate",
    "i_string_invalid_lonely_surrogate.json": "json-lone-surrogate",
    "i_string_invalid_surrogate.json": "json-lone-surrogate",
    "i_string_invalid_utf-8.json": "invalid-utf8",
    "i_string_inverted_surrogates_U+1D11E.json": "json-lone-surrogate",
    "i_string_iso_latin_1.json": "invalid-utf8",
    "i_string_lone_second_surrogate.json": "json-lone-surrogate",
    "i_string_lone_utf8_continuation_byte.json": "invalid-utf8",
    "i_string_not_in_unicode_range.json": "invalid-utf8",
    "i_string_overlong_sequence_2_bytes.json": "invalid-utf8",
    "i_string_overlong_sequence_6_bytes.json": "invalid-utf8",
    "i_string_overlong_sequence_6_bytes_null.json": "invalid-utf8",
    "i_string_truncated-utf-8.json": "invalid-utf8",
    "i_string_utf16BE_no_BOM.json": "invalid-utf8",
    "i_string_utf16LE_no_BOM.json": "invalid-utf8",
    "i_structure_500_nested_arrays.json": "not-an-object",
    "i_structure_UTF-8_BOM_empty_object.json": "format-missing",
}


def corpus_files(prefix: str) -> list[Path]:
    if not PARSING.is_dir():
        return []
    return sorted(p for p in PARSING.iterdir() if p.name.startswith(prefix))


def _skip_if_absent() -> None:
    if not PARSING.is_dir():
        pytest.skip(f"JSONTestSuite corpus not found at {PARSING} (shared/ sits beside the repo)")


def _first_error(path: Path) -> tuple[str, str]:
    report = validate(path.read_bytes())
    assert report.errors, f"{path.name} opened as a project"
    first = report.errors[0]
    return first.code, CATALOGUE[first.code].stage


def test_corpus_is_complete() -> None:
    _skip_if_absent()
    counts = {p: len(corpus_files(p)) for p in ("y_", "n_", "i_")}
    assert counts == {"y_": 95, "n_": 188, "i_": 35}  # as PROVENANCE.md lists them
    assert {p.name for p in corpus_files("i_")} == set(I_OUTCOMES)


@pytest.mark.parametrize("path", corpus_files("n_"), ids=lambda p: p.name)
def test_n_files_are_refused_by_encoding_or_json(path: Path) -> None:
    code, stage = _first_error(path)
    assert code in REFUSED_BY_JSON_STAGES
    assert stage in ("encoding", "json")


@pytest.mark.parametrize("path", corpus_files("y_"), ids=lambda p: p.name)
def test_y_files_pass_json_and_are_refused_by_the_envelope(path: Path) -> None:
    code, stage = _first_error(path)
    if path.name in Y_EXCEPTIONS:
        assert code == Y_EXCEPTIONS[path.name]
        return
    assert code in ENVELOPE_CODES
    assert stage == "envelope"


@pytest.mark.parametrize("path", corpus_files("i_"), ids=lambda p: p.name)
def test_i_files_get_their_decided_outcome(path: Path) -> None:
    code, _ = _first_error(path)
    assert code == I_OUTCOMES[path.name]


def test_empty_corpus_means_skip_not_pass() -> None:
    # the parametrised tests above collect nothing when the corpus is absent; say so loudly
    _skip_if_absent()
    assert corpus_files("n_")
