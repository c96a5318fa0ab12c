"""Round 43 (cfg2): the refusal of weighted resampling intervals (or a weighted comparison or
threshold view) on counts that DuckDB keeps names its fix in each face's own words."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROWS = "y,p,q,s,g,w\n1,1,0,.9,a,1\n0,1,1,.2,a,2\n1,0,1,.7,b,1\n0,0,0,.1,b,1\n"


def _fix(capsys) -> str:
    return capsys.readouterr().err.strip().partition("Fix: ")[2]


def test_weighted_bca_on_duckdb_says_each_faces_fix(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(
            "d.csv", y_true="y", y_pred="p", protected="g", sample_weight="w", ci="bca",
            engine="duckdb",
        )  # fmt: skip
    assert err.value.fix == (
        'read the rows with pandas, e.g. engine="pandas" (a database table: export it to '
        'Parquet or CSV first), or use the default jeffreys intervals, e.g. ci="jeffreys"'
    )
    (tmp_path / "c.yaml").write_text(
        "target: {file: d.csv, engine: duckdb}\n"
        "roles: {y_true: y, y_pred: p, protected: g, weight: w}\npolicy: {ci: percentile}\n"
    )
    assert main(["audit", "--config", "c.yaml"]) == 2
    assert _fix(capsys) == (
        "read the rows with pandas, e.g. target: {engine: pandas} (a database table: export it "
        "to Parquet or CSV first), or use the default jeffreys intervals, e.g. policy: {ci: "
        "jeffreys}"
    )


def test_weighted_comparison_on_duckdb_says_each_faces_fix(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(ROWS)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.compare(
            "d.csv", y_true="y", y_pred=["p", "q"], protected="g", sample_weight="w",
            engine="duckdb",
        )  # fmt: skip
    assert err.value.fix.startswith('read the file with pandas, e.g. engine="pandas" (')
    (tmp_path / "c.yaml").write_text(
        "target: {file: d.csv, engine: duckdb}\n"
        "roles: {y_true: y, y_pred: [p, q], protected: g, weight: w}\n"
    )
    assert main(["compare", "--config", "c.yaml"]) == 2
    assert _fix(capsys).startswith("read the file with pandas, e.g. target: {engine: pandas} (")
