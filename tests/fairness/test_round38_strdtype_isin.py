"""Round 38: pandas' pyarrow text (``str``, pandas 3's default) in the audit's membership tests.

pandas' ``ArrowStringArray.isin`` makes one Python ``pyarrow.scalar`` of every member it is
given: ``audit_counts`` on a counts table of a million cells spent 9 s there (the groups
without rows check), ``audit`` on a reordered text index 10 s (the pairing of rows).
``fairness._validate.isin`` hands text members to pyarrow whole; these tests check that it
answers as pandas does, that the audits answer the same on text and object columns (odd
cells included), and that no scalar is made per cell.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import _engine
from ethiclens.fairness._validate import aligned_rows, isin


def _nan_text():
    """pandas' Python text with NaN as its missing value (pandas 2.3+; else none)."""
    try:
        return [pd.StringDtype("python", na_value=np.nan)]
    except TypeError:
        return []


NAN_TEXT = _nan_text()  # pyarrow's is "str" (pandas 3)
TEXT_DTYPES = ["str", "string[pyarrow]", "string[python]", *NAN_TEXT, pd.ArrowDtype(pa.string())]
MEMBERS = [["a", "b", None], ["a", np.nan, ""], ["", " ", "é", "e\u0301", "a\x00"], [], ["b"]]


def _outcome(call) -> str:
    """The result as JSON (version aside), or the refusal's words."""
    try:
        result = call()
    except EthicLensInputError as exc:
        return f"refused: {exc}"
    data = result.to_dict()
    data["config"].pop("ethiclens_version", None)
    return json.dumps(data, sort_keys=True, default=str)


@pytest.mark.parametrize("kind", [pd.Series, pd.Index])
@pytest.mark.parametrize("mine", ["str", "string[pyarrow]"])
def test_isin_answers_as_pandas_does(kind, mine):
    checked = 0
    for values in MEMBERS:
        for members in MEMBERS:
            for theirs in [*TEXT_DTYPES, "category", object]:
                try:
                    v, m = kind(values, dtype=mine), kind(members, dtype=theirs)
                except (TypeError, ValueError, pa.ArrowException):
                    continue  # pandas will not build it (NaN in an ArrowDtype column)
                expected = np.asarray(v.isin(m), dtype=bool)
                assert np.array_equal(isin(v, m), expected), (values, members, theirs)
                checked += 1
    assert checked > 100


def _table(groups, dtype, categories=None):
    n = len(groups)
    values = pd.Categorical(groups, categories=categories) if categories else groups
    table = pd.DataFrame(
        {
            "g": pd.Series(values, dtype=None if categories else dtype),
            "y_true": ([1, 1, 0, 0] * n)[:n],
            "y_pred": ([1, 0, 1, 0] * n)[:n],
            "count": ([5, 3, 2, 7, 4, 6, 1, 8] + [0] * n)[:n],
        }
    )
    table.attrs["ethiclens_attributes"] = ["g"]
    return table


GROUPS = {
    "plain": ["a"] * 4 + ["b"] * 4,
    "group without rows": ["a"] * 4 + ["b"] * 4 + ["c"] * 2,
    "NaN": ["a"] * 4 + ["b", "b", np.nan, "b"],
    "None": ["a"] * 4 + ["b", "b", None, "b"],
    "pd.NA": ["a"] * 4 + ["b", "b", pd.NA, "b"],
    "empty text": ["a"] * 4 + [""] * 4,
    "blank text": ["a"] * 4 + [" "] * 4,
    "accents apart": ["é"] * 4 + ["e\u0301"] * 4,
    "NUL": ["a\x00"] * 4 + ["a"] * 4,
}


@pytest.mark.parametrize("dtype", TEXT_DTYPES)
@pytest.mark.parametrize("name", list(GROUPS))
def test_counts_table_of_text_is_audited_as_object(name, dtype):
    groups = GROUPS[name]
    try:
        text = _table(groups, dtype)
    except (TypeError, ValueError, pa.ArrowException):
        pytest.skip("pandas does not build this column")
    expected = _outcome(lambda: ethiclens.audit_counts(_table(groups, object), random_state=0))
    assert _outcome(lambda: ethiclens.audit_counts(text, random_state=0)) == expected


@pytest.mark.parametrize("dtype", [object, "str", "string[pyarrow]"])
def test_unused_category_and_empty_group_refused_alike(dtype):
    groups = ["a"] * 4 + ["b"] * 4
    unused = _table(groups, None, categories=["a", "b", "c"])
    said = _outcome(lambda: ethiclens.audit_counts(unused, random_state=0))
    assert said.startswith("refused") and "group(s) c have no rows" in said
    empty = _table([*groups, "c", "c"], dtype)
    said = _outcome(lambda: ethiclens.audit_counts(empty, random_state=0))
    assert said.startswith("refused") and "group(s) c have no rows (every count 0)" in said


def _reordered(dtype, stray: bool = False):
    rng = np.random.default_rng(38)
    index = pd.Index([f"r{i}" for i in range(60)], dtype=dtype)
    y_true = pd.Series(rng.integers(0, 2, 60), index=index)
    y_pred = pd.Series(rng.integers(0, 2, 60), index=index).iloc[::-1]
    if stray:
        y_pred = y_pred.rename({"r7": "r7x"})
    groups = pd.Series(np.where(rng.random(60) < 0.5, "a", "b"), index=index, dtype=dtype)
    return y_true, y_pred, groups


@pytest.mark.parametrize("dtype", ["str", "string[pyarrow]", "string[python]"])
@pytest.mark.parametrize("stray", [False, True])
def test_reordered_text_index_pairs_rows_as_object(dtype, stray):
    expected = _outcome(lambda: ethiclens.audit(*_reordered(object, stray), random_state=0))
    assert _outcome(lambda: ethiclens.audit(*_reordered(dtype, stray), random_state=0)) == expected
    assert expected.startswith("refused") == stray


def test_no_pyarrow_scalar_per_cell(monkeypatch):
    """The membership tests of both audits make no Python scalar per cell (pandas' own
    ``isin`` of pyarrow text made one per member: 4,000 cells and rows, 8,000 scalars)."""
    made = []
    scalar = pa.scalar
    monkeypatch.setattr(pa, "scalar", lambda *a, **k: made.append(1) or scalar(*a, **k))
    groups = [f"g{i // 4}" for i in range(4000)]
    table = pd.DataFrame(
        {
            "g": pd.Series(groups, dtype="str"),
            "y_true": [1, 1, 0, 0] * 1000,
            "y_pred": [1, 0, 1, 0] * 1000,
            "count": 1,
        }
    )
    table.attrs["ethiclens_attributes"] = ["g"]
    _engine._refuse_groups_without_rows(table, table, ["g"])
    index = pd.Index([f"r{i}" for i in range(4000)], dtype="str")
    y_true = pd.Series(1, index=index)
    aligned_rows("y_pred", "prediction", y_true=y_true, y_pred=y_true.iloc[::-1])
    assert len(made) < 100
