"""Round 33: a threshold view's roles.y_pred (an audit's spec run as it is) is checked on
every engine as pandas checks it: it must exist, read as 0/1 predictions and be score >=
thresholds.threshold on every row. Counted by DuckDB or a database, it was ignored: a column
the file lacks, another threshold's predictions or the score itself drew the view silently."""

from __future__ import annotations

import re
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ENGINES = ["pandas", "duckdb", "sql"]


@pytest.fixture
def write(tmp_path, monkeypatch):
    rng = np.random.default_rng(3)
    n = 300
    score = rng.uniform(0, 1, n).round(3)
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "score": score,
            "at5": (score >= 0.5).astype(int),
            "at7": (score >= 0.7).astype(int),
            "race": rng.choice(["A", "B"], n),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    with sqlite3.connect(tmp_path / "d.db") as con:
        frame.to_sql("t", con, index=False)
    monkeypatch.chdir(tmp_path)

    def config(engine, y_pred):
        target = (
            "{db: 'sqlite:///d.db', table: t}"
            if engine == "sql"
            else (f"{{file: d.csv, engine: {engine}}}")
        )
        path = tmp_path / f"{engine}-{y_pred}.yaml"
        path.write_text(
            f"version: 1\ntarget: {target}\n"
            f"roles: {{y_true: label, y_pred: {y_pred}, y_score: score, protected: [race]}}\n",
            encoding="utf-8",
        )
        return str(path)

    return config


def _error(capsys, args):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, err
    return err.replace("d.db", "d.csv").replace("table 't'", "d.csv")


@pytest.mark.parametrize("y_pred", ["at7", "score"])
@pytest.mark.parametrize("engine", ENGINES[1:])
def test_every_engine_refuses_predictions_pandas_refuses(write, capsys, engine, y_pred):
    expected = _error(capsys, ["thresholds", "--config", write("pandas", y_pred)])
    said = _error(capsys, ["thresholds", "--config", write(engine, y_pred)])
    assert _noun(said) == _noun(expected)


@pytest.mark.parametrize("engine", ENGINES[1:])
def test_a_missing_prediction_column_is_refused(write, capsys, engine):
    assert main(["thresholds", "--config", write(engine, "nope")]) == 2
    err = capsys.readouterr().err
    assert "'nope'" in err and "not found" in err, err


@pytest.mark.parametrize("engine", ENGINES)
def test_the_audited_thresholds_predictions_run_alike(write, capsys, engine):
    assert main(["thresholds", "--config", write("pandas", "at5"), "--json", "p.json"]) == 0
    assert main(["thresholds", "--config", write(engine, "at5"), "--json", "e.json"]) == 0
    capsys.readouterr()
    import json

    pandas, other = (json.load(open(f, encoding="utf-8")) for f in ("p.json", "e.json"))
    assert pandas["rows"] == other["rows"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_missing_prediction_is_named_alike(tmp_path, capsys, engine, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(
        "label,score,pred,race\n1,0.9,1,A\n0,0.2,,B\n1,0.7,1,A\n0,0.1,0,B\n", encoding="utf-8"
    )
    (tmp_path / "c.yaml").write_text(
        f"target: {{file: d.csv, engine: {engine}}}\n"
        "roles: {y_true: label, y_pred: pred, y_score: score, protected: [race]}\n",
        encoding="utf-8",
    )
    assert main(["thresholds", "--config", "c.yaml"]) == 2
    assert capsys.readouterr().err == (
        "error: column 'pred (y_pred)': 1 missing value(s), first at d.csv line 3 (an empty "
        "field). Fix: drop "
        "or impute those rows before auditing\n"
    )


def _noun(words: str) -> str:
    """Round 50 (6e10fbdf): a database's fix names its table (or a query's result) where a
    file's names the file: the rest of the words must agree."""
    return re.sub(r" in the (file or table|file|table|query's result)\b", " in the SOURCE", words)
