"""Round 13: one refusal, word for word and in the documented order, on every engine
(docs/engines.md) when a protected column is binned; a file kind no file engine reads is refused
naming the engine and a fix that works; notes and messages of pos_label, --counts and SQLite."""

from __future__ import annotations

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

BINNED = ["--y-true", "y", "--y-pred", "p", "--protected", "age", "--n-boot", "100"]


def _sqlite(tmp_path, frame: pd.DataFrame) -> str:
    path = tmp_path / "d.sqlite"
    with sqlite3.connect(path) as con:
        frame.to_sql("t", con, index=False)
    con.close()
    return f"sqlite:///{path}"


def _answers(tmp_path, capsys, frame, args, faces=("pandas", "duckdb", "sqlite")) -> dict:
    """{face: (exit code, last line of standard error)} of ``ethiclens audit`` on ``frame``
    written as CSV (pandas, DuckDB) and as a SQLite table (--db)."""
    csv = tmp_path / "d.csv"
    frame.to_csv(csv, index=False)
    out, got = tmp_path / "o.json", {}
    for face in faces:
        where = (
            ["--db", _sqlite(tmp_path, frame), "--table", "t"]
            if face == "sqlite"
            else [str(csv), "--engine", face]
        )
        code = main(["audit", *where, *args, "--json", str(out)])
        err = capsys.readouterr().err.strip().splitlines()
        got[face] = (code, err[-1] if err else "")
    return got


def _ages(n=300, seed=19) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "age": r.integers(18, 90, n).astype(float),
            "y": (r.random(n) < 0.4).astype(int),
            "p": (r.random(n) < 0.4).astype(int),
        }
    )


def test_a_missing_value_in_a_binned_column_is_one_refusal_on_every_engine(tmp_path, capsys):
    """pandas refused 'column 'age': 1 missing value(s). Fix: drop or fill the rows ... before
    binning' (no line); DuckDB and SQLite the missing group value, first at its line."""
    frame = _ages()
    frame.loc[3, "age"] = np.nan
    got = _answers(tmp_path, capsys, frame, [*BINNED, "--bins", "age=0,40,120"])
    want = "missing group value(s)"
    assert got["pandas"] == got["duckdb"], got
    assert got["pandas"][0] == 2 and want in got["pandas"][1] and "line 5" in got["pandas"][1]
    assert want in got["sqlite"][1]


def test_a_nullable_integer_missing_age_in_parquet_is_one_refusal(tmp_path, capsys):
    """pd.NA in an Int64 column: the same refusal by pandas and DuckDB, naming its row."""
    frame = _ages()
    frame["age"] = pd.array(frame["age"].astype(int), dtype="Int64")
    frame.loc[3, "age"] = pd.NA
    path = tmp_path / "d.parquet"
    frame.to_parquet(path)
    got = {}
    for engine in ("pandas", "duckdb"):
        code = main(["audit", str(path), "--engine", engine, *BINNED, "--bins", "age=0,40,120"])
        got[engine] = (code, capsys.readouterr().err.strip())
    assert got["pandas"] == got["duckdb"], got
    assert "1 missing group value(s), first at d.parquet row 4" in got["pandas"][1]


def test_a_missing_prediction_is_refused_before_ages_outside_the_bins(tmp_path, capsys):
    """Order: predictions before groups. pandas refused the ages outside the edges first."""
    frame = _ages()
    frame["age"] = frame["age"].astype(int)
    frame["p"] = frame["p"].astype(float)
    frame.loc[5, "p"] = np.nan
    got = _answers(tmp_path, capsys, frame, [*BINNED, "--bins", "age=20,120"])
    assert got["pandas"] == got["duckdb"], got
    assert "column 'p (y_pred)': 1 missing value(s), first at d.csv line 7" in got["pandas"][1]
    assert "column 'p (y_pred)': 1 missing value(s)" in got["sqlite"][1]


def test_another_groups_missing_value_comes_before_ages_outside_the_bins(tmp_path, capsys):
    """Every engine checks each group column as written before it bins: a missing group in a
    second protected column is refused before the ages outside the edges, on pandas too."""
    frame = _ages()
    frame["age"] = frame["age"].astype(int)
    frame["g"] = np.where(np.arange(len(frame)) % 2, "a", "b").astype(object)
    frame.loc[9, "g"] = None
    args = [*BINNED, "--protected", "g", "--bins", "age=20,120"]
    got = _answers(tmp_path, capsys, frame, args, faces=("pandas", "duckdb"))
    assert got["pandas"] == got["duckdb"], got
    assert "column 'g': 1 missing group value(s), first at d.csv line 11" in got["pandas"][1]


def test_ages_outside_the_bins_alone_are_still_refused_alike(tmp_path, capsys):
    frame = _ages()
    frame["age"] = frame["age"].astype(int)
    got = _answers(tmp_path, capsys, frame, [*BINNED, "--bins", "age=20,120"])
    assert got["pandas"] == got["duckdb"] == got["sqlite"], got
    assert "outside the bin edges [20, 120]" in got["pandas"][1]


@pytest.mark.parametrize("engine", ["dask", "spark", "duckdb"])
def test_a_file_kind_no_file_engine_reads_names_the_engine_and_a_working_fix(tmp_path, engine):
    """'DuckDB reads .parquet and .csv files ... Fix: use --engine pandas' was said to Dask and
    Spark, and for a .tsv file, which pandas does not read either. A .tsv now gets io's one
    unknown-file-type refusal, as on pandas (test_round17_holdout)."""
    from ethiclens.sources import file_columns

    (tmp_path / "d.tsv").write_text("y\tp\n1\t0\n")
    (tmp_path / "d.json").write_text('[{"y": 1, "p": 0}]')
    with pytest.raises(EthicLensInputError) as tsv:
        file_columns(str(tmp_path / "d.tsv"), engine)
    text = str(tsv.value)
    assert "unknown file type '.tsv'" in text and "--engine pandas" not in text, text
    with pytest.raises(EthicLensInputError) as js:
        file_columns(str(tmp_path / "d.json"), engine)
    assert f"--engine {engine}" in str(js.value) and "--engine pandas" in str(js.value)


def test_dask_on_a_tsv_is_not_told_duckdb_or_pandas(tmp_path, capsys):
    path = tmp_path / "d.tsv"
    _ages().to_csv(path, sep="\t", index=False)
    code = main(["audit", str(path), "--engine", "dask", *BINNED])
    err = capsys.readouterr().err
    assert code == 2
    assert "DuckDB reads" not in err and "--engine pandas" not in err, err
    assert "unknown file type '.tsv'" in err, err  # pandas' refusal: no engine reads it


def test_spark_beside_db_env_names_db_env(capsys):
    code = main(["audit", "--db-env", "HOME", "--table", "t", "--engine", "spark",
                 "--y-pred", "p", "--protected", "g"])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "with --db-env HOME the database counts" in err, err
    assert "drop --db-env HOME" in err


def _pos_label_frame(n=300, seed=5) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    p = np.where(r.random(n) < 0.4, "yes", "no").astype(object)
    p[:45] = "maybe"
    return pd.DataFrame(
        {"g": r.choice(["a", "b"], n), "y": np.where(r.random(n) < 0.4, "yes", "no"), "p": p}
    )


def test_values_counted_negative_by_pos_label_are_noted_alike_on_every_engine(tmp_path, capsys):
    """A third prediction value ('maybe') is counted as negative: the run says so, in the JSON
    report's provenance and on the terminal, in the same words on every engine."""
    frame = _pos_label_frame()
    csv, out = tmp_path / "d.csv", tmp_path / "o.json"
    frame.to_csv(csv, index=False)
    url = _sqlite(tmp_path, frame)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", "yes"]
    notes, warned = {}, {}
    for face, where in {
        "pandas": [str(csv), "--engine", "pandas"],
        "duckdb": [str(csv), "--engine", "duckdb"],
        "sqlite": ["--db", url, "--table", "t"],
    }.items():
        assert main(["audit", *where, *args, "--n-boot", "100", "--json", str(out)]) == 0
        warned[face] = [x for x in capsys.readouterr().err.splitlines() if "negative" in x]
        notes[face] = json.loads(out.read_text())["data"]["provenance"].get("notes")
    n_no = int((frame["p"] == "no").sum())
    want = [
        "column 'p (y_pred)': only 'yes' is positive; the other values were all counted as "
        f"negative: 'maybe' (45 rows), 'no' ({n_no} rows)"
    ]
    assert notes == {"pandas": want, "duckdb": want, "sqlite": want}, notes
    assert warned["pandas"] == warned["duckdb"] == warned["sqlite"] == [f"warning: {want[0]}"]


def test_two_values_and_pos_label_get_no_note(tmp_path, capsys):
    frame = _pos_label_frame()
    frame["p"] = frame["p"].replace({"maybe": "no"})
    csv, out = tmp_path / "d.csv", tmp_path / "o.json"
    frame.to_csv(csv, index=False)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", "yes"]
    assert main(["audit", str(csv), *args, "--n-boot", "100", "--json", str(out)]) == 0
    assert "notes" not in json.loads(out.read_text())["data"]["provenance"]


def test_a_missing_counts_file_names_the_counts_option(tmp_path, capsys):
    code = main(["audit", "--counts", str(tmp_path / "nonexist.parquet")])
    err = capsys.readouterr().err
    assert code == 2
    assert "option '--counts': file" in err and "does not exist" in err, err


def test_a_sqlite_url_query_taken_as_a_path_is_explained(tmp_path, capsys):
    """With uri=true, SQLite reads '?mode=ro' as part of a path not written 'file:...': the
    refusal said the file '.../db.sqlite?mode=ro' does not exist, with no way out."""
    frame = _pos_label_frame()
    url = _sqlite(tmp_path, frame)
    path = url.removeprefix("sqlite:///")
    args = ["--table", "t", "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    code = main(["audit", "--db", f"sqlite:///{path}?mode=ro&uri=true", *args])
    err = capsys.readouterr().err
    assert code == 2
    assert "starts with 'file:'" in err and f"sqlite:///file:{path}?mode=ro&uri=true" in err, err
    fixed = f"sqlite:///file:{path}?mode=ro&uri=true"
    assert main(["audit", "--db", fixed, *args, "--pos-label", "yes", "--n-boot", "100"]) == 0
