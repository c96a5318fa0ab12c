"""Round 38: a counts table in a Parquet file is read with pandas 3's pyarrow text (``str``)
columns; ``ethiclens.audit_counts(path)`` and ``ethiclens audit --counts FILE`` spent 42 s of
47 on a million cells in pandas' per-member ``isin`` (now ``fairness._validate.isin``). Both
faces answer as the same table of object columns does, and make no pyarrow scalar per cell."""

from __future__ import annotations

import json

import pandas as pd
import pyarrow as pa
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _table(groups, gone: int = 0) -> pd.DataFrame:
    """Cells of ``groups`` (four per group), the last ``gone`` of them counting 0 rows."""
    n = len(groups)
    table = pd.DataFrame(
        {
            "g": pd.Series(groups, dtype=object),
            "y_true": ([1, 1, 0, 0] * n)[:n],
            "y_pred": ([1, 0, 1, 0] * n)[:n],
            "count": ([9, 3, 2, 7, 4, 6, 1, 8] * n)[: n - gone] + [0] * gone,
        }
    )
    table.attrs["ethiclens_attributes"] = ["g"]
    return table


def _rates(result) -> list:
    return [
        (g.group, name, m.value)
        for a in result.attributes
        for g in a.groups
        for name, m in sorted(g.metrics.items())
    ]


@pytest.fixture
def parquet(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def write(groups, gone=0, name="c.parquet"):
        _table(groups, gone).to_parquet(name)
        return name

    return write


def test_parquet_counts_audited_as_object_columns(parquet, capsys):
    path = parquet(["a"] * 4 + ["b"] * 4)
    expected = ethiclens.audit_counts(_table(["a"] * 4 + ["b"] * 4), random_state=0)
    assert _rates(ethiclens.audit_counts(path, random_state=0)) == _rates(expected)
    assert main(["audit", "--counts", path, "--protected", "g", "--json", "r.json"]) == 0
    groups = json.load(open("r.json"))["attributes"][0]["groups"]
    assert [g["group"] for g in groups] == [g.group for g in expected.attributes[0].groups]


def test_parquet_group_without_rows_refused_on_both_faces(parquet, capsys):
    path = parquet(["a"] * 4 + ["b"] * 4 + ["c"] * 2, gone=2)
    with pytest.raises(EthicLensInputError) as said:
        ethiclens.audit_counts(_table(["a"] * 4 + ["b"] * 4 + ["c"] * 2, gone=2))
    assert "group(s) c have no rows (every count 0)" in str(said.value)
    with pytest.raises(EthicLensInputError) as read:
        ethiclens.audit_counts(path)
    assert str(read.value) == str(said.value)
    capsys.readouterr()
    assert main(["audit", "--counts", path, "--protected", "g"]) == 2
    assert "group(s) c have no rows (every count 0)" in capsys.readouterr().err


def test_parquet_counts_make_no_scalar_per_cell(parquet, monkeypatch):
    path = parquet([f"g{i // 4}" for i in range(400)])
    made = []
    scalar = pa.scalar
    monkeypatch.setattr(pa, "scalar", lambda *a, **k: made.append(1) or scalar(*a, **k))
    ethiclens.audit_counts(path, random_state=0)
    assert len(made) < 50  # pandas' isin made 400
