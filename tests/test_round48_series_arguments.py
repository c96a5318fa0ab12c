"""Round 48 (API battery): io.type_groups / sources.type_groups, sources.canonical_zero (a
column's values), io.csv_head's size and sources.read_csv_file's columns, given a wrong kind
(None, a set, bytes, NaN, 10**5000, text, a dict, a frame, a generator), raised pandas' or
Python's own TypeError ('unique requires a Series', "'<' not supported between int and
NoneType", "'NoneType' object is not iterable") or AttributeError ('no attribute dtype'). Each
argument is declared (_checks.argument_kinds) and refused by name."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens import io, sources
from ethiclens.errors import EthicLensInputError

BAD = [None, {1, 2}, b"x", float("nan"), 10**5000, "", {"a": 1}, (i for i in range(2))]
CALLS = {
    "io.type_groups": (io.type_groups, "values", {}),
    "sources.type_groups": (sources.type_groups, "values", {}),
    "sources.canonical_zero": (sources.canonical_zero, "values", {}),
    "io.csv_head": (io.csv_head, "size", {"path": "d.csv"}),
    "sources.read_csv_file": (sources.read_csv_file, "columns", {"path": "d.csv"}),
}


@pytest.mark.parametrize("func", list(CALLS))
def test_a_wrong_kind_is_refused_by_name(func, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("a,b\n1,2\n")
    fn, arg, others = CALLS[func]
    for value in BAD + ([pd.DataFrame()] if arg == "values" else []):
        with pytest.raises(EthicLensInputError, match=f"argument '{arg}'"):
            fn(**{arg: value}, **others)


def test_valid_calls_as_before(tmp_path):
    (tmp_path / "d.csv").write_text("a,b\n1,2\n")
    assert list(sources.canonical_zero(pd.Series([-0.0, 1.0])).astype(str)) == ["0.0", "1.0"]
    assert io.csv_head(tmp_path / "d.csv", 10)[0] == ["a", "b"]
    assert list(sources.read_csv_file(tmp_path / "d.csv", ["a"]).columns) == ["a"]
