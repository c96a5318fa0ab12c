"""Round 45 (review of 14348f5f: one story for a real column so named): a column of the data
whose name prints as nothing (' ', a zero-width space U+200B, a Hangul filler U+3164, a blank
braille cell U+2800), named by --protected, is matched whole, then was refused in each engine's
words: DuckDB and Dask (and the config, ethiclens.run) "argument 'protected': ... Fix: rename the
counts table's column" for a CSV, pandas "argument 'sensitive_features': ... Fix: name each
attribute with text that prints (a dict key, a column or Series name)". The spec now refuses
it by its column before any engine reads it: one refusal on every engine and face."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

WORDS = "an attribute's name must not be empty (it prints as nothing)"
FIX = "rename the column in the data to a name that prints"


@pytest.fixture
def data(tmp_path):
    def write(name):
        path = tmp_path / "d.csv"
        rows = {"y": [1, 0] * 10, "p": [1, 1, 0, 0] * 5, name: ["a", "b"] * 10}
        pd.DataFrame(rows).to_csv(path, index=False)
        return str(path)

    return write


@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
@pytest.mark.parametrize("name", [" ", "\u200b", "\u3164", "\u2800"], ids=ascii)
def test_every_engine_refuses_the_column_alike(data, name, engine):
    path = data(name)
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(path, y_true="y", y_pred="p", protected=name, engine=engine)
    assert caught.value.problem == WORDS, caught.value
    assert caught.value.column == name
    assert caught.value.fix == FIX


@pytest.mark.parametrize("name", [" ", "\u200b"], ids=ascii)
def test_the_monitor_refuses_it_as_the_audit(tmp_path, name):
    # the monitor read the target's columns only for COL=REF, so its parser stripped ' ' and
    # refused "option '--protected': must not be empty ... Fix: give the column's name"
    from ethiclens.monitor import MonitorRequest

    path = tmp_path / "t.csv"
    path.write_text(f"y,p,ts,{name}\n1,1,2024-01-01,a\n0,1,2024-01-02,b\n", encoding="utf-8")
    with pytest.raises(EthicLensInputError) as caught:
        MonitorRequest(target=str(path), time="ts", window="1d", y_pred="p", protected=name)
    assert caught.value.problem == WORDS, caught.value
    assert caught.value.column == name
