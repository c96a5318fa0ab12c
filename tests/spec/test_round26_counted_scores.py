"""Round 26: a threshold view counted where the rows are stored (DuckDB, Dask) reads a CSV's
scores written with a trailing zero (0.10, 0.650) as numbers, as pandas reads them: they were
kept as text keys (a group's '0.10' is not '0.1') and refused as 'a string column'."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    scores = ["0.10", "0.650", "0.9", "0.30", "0.55", "0.20", "0.80", "0.40"]
    rows = "".join(f"{i % 2},{s},{'ab'[i // 4 % 2]}\n" for i, s in enumerate(scores * 5))
    path.write_text("y,s,g\n" + rows)
    return path


def _table(path, tmp_path, engine) -> dict:
    out = tmp_path / f"{engine}.json"
    argv = ["thresholds", str(path), "--y-true", "y", "--y-score", "s", "--protected", "g"]
    assert main([*argv, "--engine", engine, "--json", str(out)]) == 0
    said = json.loads(out.read_text())
    said.pop("run", None)
    return said


@pytest.mark.parametrize("engine", ["duckdb", "dask"])
def test_trailing_zero_scores_are_numbers_on_every_engine(data, tmp_path, engine):
    assert _table(data, tmp_path, engine) == _table(data, tmp_path, "pandas")
