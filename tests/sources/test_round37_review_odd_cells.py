"""Round 37 review of 0d6906b7 (io._not_one_value): the rule's class finished. The monitor's
Python entry (count_windows of a DataFrame) let a Series, slice, bytearray or an object whose
__hash__ raises in a group cell escape as a bare TypeError/RuntimeError on the pandas engine and
counted them on DuckDB's; PCER's SplitPredictions let them escape from y_true/y_pred (and a
raising __hash__ from groups); counts_of said 'row 1 holds a list or mapping, not one value' where
audit said 'values must be single labels ...'. One rule and one wording now, on every entry; the
rule stays cheap on a column of single values."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import io as eio
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import Columns, count_windows
from ethiclens.privacy import SplitPredictions
from ethiclens.sources import Roles, counts_of

from ._odd_cells import RaisingEq, RaisingHash

ODD = [
    pytest.param(lambda: pd.Series([1]), id="Series"),
    pytest.param(lambda: slice(1), id="slice"),
    pytest.param(RaisingHash, id="raising-hash"),
    pytest.param(RaisingEq, id="raising-eq"),
    pytest.param(lambda: [1], id="list"),
]


def _frame(column, cell):
    frame = pd.DataFrame(
        {
            "t": pd.date_range("2024-01-01", periods=8, freq="h"),
            "g": ["A", "B"] * 4,
            "y": [0, 1, 1, 0] * 2,
            "p": [1, 0, 1, 0] * 2,
        }
    )
    frame[column] = frame[column].astype(object)
    frame.at[3, column] = cell
    return frame


def _refusal(call) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as exc:
        call()
    return exc.value


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("column", ["g", "y", "p"])
@pytest.mark.parametrize("cell", ODD)
def test_monitor_refuses_what_audit_refuses_in_its_words(cell, column, engine):
    frame = _frame(column, cell())
    audited = _refusal(lambda: ethiclens.audit(frame["y"], frame["p"], frame[["g"]], n_boot=100))
    cols = Columns("t", "p", ("g",), "y")
    monitored = _refusal(lambda: count_windows(frame, cols, "1d", engine=engine))
    assert str(monitored) == str(audited).replace("at row 3", "at the DataFrame's row 3")


@pytest.mark.parametrize("field", ["y_true", "y_pred", "groups", "ids"])
@pytest.mark.parametrize("cell", ODD)
def test_pcer_refuses_what_audit_refuses_in_its_words(cell, field):
    fields = {"y_true": [0, 1, 1, 0], "y_pred": [1, 0, 1, 0], "groups": ["a", "b"] * 2}
    fields["ids"] = [1, 2, 3, 4]
    values = np.empty(4, dtype=object)
    values[:] = fields[field]
    values[3] = cell()
    fields[field] = values
    refused = _refusal(lambda: SplitPredictions(**fields, name="train"))
    frame = _frame("g" if field == "groups" else "y", cell())
    audited = _refusal(lambda: ethiclens.audit(frame["y"], frame["p"], frame[["g"]], n_boot=100))
    assert refused.column == field
    assert refused.problem == f"train split: {audited.problem}"
    assert (repr(refused.value), refused.fix) == (repr(audited.value), audited.fix)


@pytest.mark.parametrize("column", ["g", "y", "p"])
@pytest.mark.parametrize("cell", ODD)
def test_counts_of_refuses_in_the_audit_s_words(cell, column):
    frame = _frame(column, cell())
    audited = _refusal(lambda: ethiclens.audit(frame["y"], frame["p"], frame[["g"]], n_boot=100))
    assert str(_refusal(lambda: counts_of(frame, Roles("p", ["g"], "y")))) == str(audited)


def test_pcer_file_names_the_file_of_a_list_label(tmp_path):
    from ethiclens.privacy import read_split

    frame = pd.DataFrame({"y": [[0], [1]], "p": [1, 0], "g": ["a", "b"]})
    frame.to_parquet(path := tmp_path / "s.parquet", index=False)
    refused = _refusal(
        lambda: read_split(path, name="train", y_true="y", y_pred="p", protected="g")
    )
    assert str(refused) == (
        f"column 'y': values must be single labels, found a list at row 0 of {path} "
        "(value: [0]). Fix: give one label per row (flatten or recode the column)"
    )


def test_a_bytearray_is_the_bytes_it_holds_on_monitor_and_counts_of():
    frame = _frame("g", bytearray(b"A"))
    audited = _refusal(lambda: ethiclens.audit(frame["y"], frame["p"], frame[["g"]], n_boot=100))
    cols = Columns("t", "p", ("g",), "y")
    assert str(_refusal(lambda: count_windows(frame, cols, "1d", engine="pandas"))) == str(audited)
    labels = np.array([0, 1, bytearray(b"1"), 0], dtype=object)  # PCER: read as b'1'
    refused = _refusal(lambda: SplitPredictions(labels, [1, 0, 1, 0], ["a", "b"] * 2, name="test"))
    assert refused.problem.startswith("test split: must be 0/1, found 0, 1, \"b'1'\"")
    frame["g"] = [memoryview(b"A"), b"B"] * 4  # hashed as its bytes: counted as them
    table = counts_of(frame, Roles("p", ["g"], "y"))
    assert set(map(type, table["g"])) == {bytes} and set(table["g"]) == {b"A", b"B"}


def test_the_rule_looks_at_no_cell_of_a_column_of_single_values(monkeypatch):
    looked = []
    rule = eio._not_one_value
    monkeypatch.setattr(eio, "_not_one_value", lambda v: looked.append(v) or rule(v))
    assert eio._first_not_one_value(pd.Series(["a", "b", None] * 1000, dtype=object)) is None
    assert eio._first_not_one_value(pd.Series([1, 2.5, np.nan] * 1000, dtype=object)) is None
    assert looked == []
    mixed = pd.Series([1, "a", 2.5] * 1000, dtype=object)  # distinct values only
    assert eio._first_not_one_value(mixed) is None and len(looked) == 3
    for odd in ([1], RaisingEq(), RaisingHash(), slice(1)):
        values = pd.Series(["a", 1] * 500 + [odd, "b"], dtype=object)
        assert eio._first_not_one_value(values) == 1000
