"""Round 21: one input, one answer on every engine (pandas CSV/Parquet, DuckDB, SQLite).

- a SQLite column declared ``COLLATE NOCASE`` (or RTRIM) is counted byte for byte, as pandas
  counts it: labels 'yes' and 'YES', groups 'a' and 'A' stay apart (GROUP BY ... COLLATE
  BINARY);
- a true/false label column takes a ``pos_label`` that names True (True, 'true', 1) and
  refuses one that names no value ('yes'), in the same words on every engine, and the note on
  the other values never calls a positive value negative; a SQLite table's BOOLEAN labels read
  as true/false, as its BOOLEAN groups do;
- ``compare`` on a query names its models "column 'a' of the query", as ``audit`` does;
- ``--table`` finds a table whose name holds a dot ('t.x'), and a missing table is named as
  typed (``'T '``, its space shown), with the near miss.
"""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

pytest.importorskip("sqlalchemy")
pytest.importorskip("sqlglot")
pytest.importorskip("duckdb")

N = 240


def _run(capsys, *argv):
    """(exit code, the report's comparisons and attributes and notes, or the error line)."""
    capsys.readouterr()
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    if rc:
        return rc, err.strip().splitlines()[-1]
    doc = json.JSONDecoder().raw_decode(out)[0]
    notes = doc["data"].get("provenance", {}).get("notes")
    return rc, (doc["comparisons"], doc["attributes"], notes)


def _engines(tmp_path, frame: pd.DataFrame, create: str | None = None) -> dict:
    """{engine: the target's argv} of ``frame`` written as CSV, Parquet and a SQLite table
    (``create``: the table's declaration)."""
    tmp_path.mkdir(exist_ok=True)
    frame.to_csv(tmp_path / "d.csv", index=False)
    frame.to_parquet(tmp_path / "d.parquet", index=False)
    db = tmp_path / "d.db"
    with sqlite3.connect(db) as con:
        if create:
            con.execute(create)
            marks = ", ".join("?" * frame.shape[1])
            rows = frame.astype(object).values.tolist()
            con.executemany(f"INSERT INTO t VALUES ({marks})", rows)
        else:
            frame.to_sql("t", con, index=False)
    return {
        "pandas-csv": [tmp_path / "d.csv", "--engine", "pandas"],
        "duckdb-csv": [tmp_path / "d.csv", "--engine", "duckdb"],
        "pandas-pq": [tmp_path / "d.parquet", "--engine", "pandas"],
        "duckdb-pq": [tmp_path / "d.parquet", "--engine", "duckdb"],
        "sqlite": ["--db", f"sqlite:///{db}", "--table", "t"],
    }


def _all(capsys, targets: dict, args: list, only=None) -> dict:
    base = ["--json", "-", "--n-boot", "100", "--min-group-size", "1", "--min-labels", "1"]
    return {
        name: _run(capsys, "audit", *target, *args, *base)
        for name, target in targets.items()
        if only is None or name in only
    }


def _alike(results: dict):
    first = next(iter(results.values()))
    for name, got in results.items():
        # round 50: a database's refusal names its table where a file's names the file
        if name == "sqlite" and isinstance(got, tuple) and isinstance(got[1], str):
            got = (got[0], got[1].replace(" in the table", " in the file"))
        assert got == first, name
    return first


def _rng():
    return np.random.default_rng(21)


def test_a_nocase_label_column_is_counted_as_pandas_counts_it(tmp_path, capsys):
    r = _rng()
    y = np.array(["yes", "YES", "no"])[r.integers(0, 3, N)]
    frame = pd.DataFrame({"y": y, "p": np.array(["yes", "no"])[r.integers(0, 2, N)]})
    frame["g"] = np.array(["a", "b"])[r.integers(0, 2, N)]
    create = "CREATE TABLE t (y TEXT COLLATE NOCASE, p TEXT, g TEXT)"
    targets = _engines(tmp_path, frame, create)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", "yes"]
    rc, (_, _, notes) = _alike(_all(capsys, targets, args))
    assert rc == 0
    yes_upper = int((y == "YES").sum())
    assert any(f"'YES' ({yes_upper} rows)" in n for n in notes), notes


def test_a_nocase_group_column_keeps_a_and_A_apart(tmp_path, capsys):
    r = _rng()
    frame = pd.DataFrame({"y": r.integers(0, 2, N), "p": r.integers(0, 2, N)})
    frame["g"] = np.array(["a", "A", "b"])[r.integers(0, 3, N)]
    create = "CREATE TABLE t (y INTEGER, p INTEGER, g TEXT COLLATE NOCASE)"
    targets = _engines(tmp_path, frame, create)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    rc, (_, attributes, _) = _alike(_all(capsys, targets, args))
    assert rc == 0
    assert sorted(g["group"] for g in attributes[0]["groups"]) == ["A", "a", "b"]


def test_an_rtrim_group_column_keeps_b_and_b_space_apart(tmp_path, capsys):
    r = _rng()
    frame = pd.DataFrame({"y": r.integers(0, 2, N), "p": r.integers(0, 2, N)})
    frame["g"] = np.array(["a", "b", "b "])[r.integers(0, 3, N)]
    create = "CREATE TABLE t (y INTEGER, p INTEGER, g TEXT COLLATE RTRIM)"
    targets = _engines(tmp_path, frame, create)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    rc, err = _alike(_all(capsys, targets, args))
    assert rc == 2 and "'b' is written both as 'b' and as 'b '" in err


def _booleans() -> pd.DataFrame:
    r = _rng()
    frame = pd.DataFrame({"y": r.random(N) < 0.5, "p": r.random(N) < 0.5})
    frame["g"] = np.array(["a", "b"])[r.integers(0, 2, N)]
    return frame


BOOL_TABLE = "CREATE TABLE t (y BOOLEAN, p BOOLEAN, g TEXT)"


@pytest.mark.parametrize("label", ["yes", "on", "t", "maybe"])
def test_a_pos_label_naming_no_value_of_a_boolean_column_is_refused_alike(tmp_path, capsys, label):
    targets = _engines(tmp_path, _booleans(), BOOL_TABLE)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--pos-label", label]
    rc, err = _alike(_all(capsys, targets, args))
    assert rc == 2
    assert "option '--pos-label': no row of the column" in err
    assert "this column holds False, True:" in err


@pytest.mark.parametrize("label", ["True", "true", "TRUE", "1", "1.0"])
def test_a_pos_label_naming_true_counts_true_as_positive(tmp_path, capsys, label):
    targets = _engines(tmp_path, _booleans(), BOOL_TABLE)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    plain = _alike(_all(capsys, targets, args))
    named = _alike(_all(capsys, targets, [*args, "--pos-label", label]))
    assert named == plain  # True is the positive value; no note claims otherwise
    assert named[1][2] is None


@pytest.mark.parametrize("label", ["False", "false", "0"])
def test_a_pos_label_naming_false_counts_false_as_positive(tmp_path, capsys, label):
    frame = _booleans()
    targets = _engines(tmp_path, frame, BOOL_TABLE)
    args = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    named = _alike(_all(capsys, targets, [*args, "--pos-label", label]))
    # the same as the negated columns audited with True positive
    flipped = _engines(tmp_path / "f", frame.assign(y=~frame["y"], p=~frame["p"]), BOOL_TABLE)
    assert named == _alike(_all(capsys, flipped, args, only=("pandas-pq",)))


def test_the_python_api_refuses_yes_on_a_boolean_column():
    import ethiclens
    from ethiclens.errors import EthicLensInputError

    frame = _booleans()
    with pytest.raises(EthicLensInputError, match="argument 'pos_label': no row of the column"):
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], pos_label="yes", n_boot=100)


def test_compare_on_a_query_names_its_models_of_the_query(tmp_path, capsys):
    r = _rng()
    frame = pd.DataFrame({k: r.integers(0, 2, N) for k in ("y", "a", "b")})
    frame["g"] = np.array(["a", "b"])[r.integers(0, 2, N)]
    db = tmp_path / "d.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("t", con, index=False)
    roles = ["--y-true", "y", "--y-pred", "a", "--y-pred", "b", "--protected", "g"]
    models = {}
    for how in (["--query", "SELECT * FROM t"], ["--table", "t"]):
        out = tmp_path / f"{how[0][2:]}.json"
        argv = ["compare", "--db", f"sqlite:///{db}", *how, *roles, "--n-boot", "100"]
        assert main([str(a) for a in [*argv, "--json", out]]) == 0
        models[how[0]] = json.loads(out.read_text())["data"]["provenance"]["models"]
    assert models["--query"] == {"a": "column 'a' of the query", "b": "column 'b' of the query"}
    assert models["--table"] == {"a": "column 'a' of t", "b": "column 'b' of t"}


def test_table_names_are_read_as_typed(tmp_path, capsys):
    r = _rng()
    frame = pd.DataFrame({"y": r.integers(0, 2, N), "p": r.integers(0, 2, N)})
    frame["g"] = np.array(["a", "b"])[r.integers(0, 2, N)]
    db = tmp_path / "d.db"
    with sqlite3.connect(db) as con:
        for name in ("T", "t.x"):
            frame.to_sql(name, con, index=False)
    url = f"sqlite:///{db}"
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--json", "-"]
    results = {
        name: _run(capsys, "audit", "--db", url, "--table", name, *roles, "--n-boot", "100")
        for name in ("T", "t.x", "main.T")
    }
    assert _alike(results)[0] == 0
    rc, err = _run(capsys, "audit", "--db", url, "--table", "T ", *roles)
    assert rc == 2
    assert "table 'T ' cannot be read" in err and "Fix: did you mean 'T'?" in err
    rc, err = _run(capsys, "audit", "--db", url, "--table", "x.y", *roles)
    assert rc == 2
    assert "'x.y' was read as one table's name, then as the table 'y' of the schema 'x'" in err


def test_compare_reads_a_sqlite_boolean_table_as_the_parquet_booleans(tmp_path, capsys):
    r = _rng()
    frame = pd.DataFrame({k: r.random(N) < 0.5 for k in ("y", "a", "b")})
    frame["g"] = np.array(["x", "z"])[r.integers(0, 2, N)]
    targets = _engines(tmp_path, frame, "CREATE TABLE t (y BOOLEAN, a BOOLEAN, b BOOLEAN, g TEXT)")
    roles = ["--y-true", "y", "--y-pred", "a", "--y-pred", "b", "--protected", "g"]
    keys = ("differences", "group_differences", "verdicts", "summary")
    docs = {}
    for name in ("pandas-pq", "duckdb-pq", "sqlite"):
        capsys.readouterr()
        argv = ["compare", *targets[name], *roles, "--pos-label", "true", "--n-boot", "100"]
        assert main([str(a) for a in [*argv, "--json", "-"]]) == 0, capsys.readouterr().err
        doc = json.JSONDecoder().raw_decode(capsys.readouterr().out)[0]
        docs[name] = {k: doc[k] for k in keys}
    _alike(docs)
