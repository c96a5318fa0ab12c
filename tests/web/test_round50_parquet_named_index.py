"""Round 50 (web hunt): a Parquet file written by pandas with a named index
(``df.set_index('group').to_parquet(...)``, a common export) keeps that column in the file, where
DuckDB, Spark and Dask read it as a column; pandas' reader restores it as the frame's index. The
web's mapping screen then did not list it (no role or attribute could name it), and the pandas
engine (the web's, and ``--engine pandas``) crashed with a bare ``KeyError: 'group'`` while the
default engine audited it. ``io._read_parquet`` (every pandas reader of Parquet) and the mapping
screen's profile now keep such index levels as columns."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main
from ethiclens.web._roles import profile
from tests.web.conftest import make_frame


@pytest.fixture
def indexed(tmp_path):
    path = tmp_path / "scored.parquet"
    make_frame(300).set_index("group").to_parquet(path)
    return path


def test_the_mapping_screen_lists_a_named_index_column(indexed):
    names = [c["name"] for c in profile(indexed, "parquet")["columns"]]
    assert names == ["label", "pred", "score", "age", "constant", "group"]  # the file's order


def test_every_engine_audits_a_named_index_column_alike(indexed, tmp_path, capsys):
    found = {}
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        argv = ["audit", str(indexed), "--y-true", "label", "--y-pred", "pred"]
        argv += ["--protected", "group", "--n-boot", "100", "--engine", engine, "--json", str(out)]
        assert main(argv) == 0, capsys.readouterr().err
        comparisons = json.loads(out.read_text())["comparisons"]
        found[engine] = [(c["group"], c["metrics"]["disparate_impact"]) for c in comparisons]
    assert found["pandas"] == found["duckdb"] and found["pandas"][0][0] == "B"
