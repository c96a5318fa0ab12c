"""``--baseline-table`` and ``--baseline-query``: a baseline from the target's own database."""

import json
import sqlite3

import pandas as pd
import pytest

from ethiclens._jsonschema import validate
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, read_store, run_monitor

from .conftest import FLAGS, PASSWORD, SCHEMA
from .conftest import request_of as _req
from .conftest import run_cli as _cli
from .test_baseline_target import BASE_TESTS, _baseline_history, _split


def _rows(folder) -> pd.DataFrame:
    return pd.concat([pd.read_csv(f) for f in sorted(folder.glob("*.csv"))], ignore_index=True)


def _database(tmp_path, days, n_days=10, k=4):
    """A SQLite database with the first ``k`` days in ``base`` and the others in ``preds``,
    the whole feed's files and the split files (base/, after/)."""
    whole = days(tmp_path / "whole", range(n_days), change_day=6)
    base, after = _split(tmp_path, whole, k)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        _rows(base).to_sql("base", con, index=False)
        _rows(after).to_sql("preds", con, index=False)
    return f"sqlite:///{db}", whole, base, after


def _db_req(url, **kw):
    return _req("db", db=url, table="preds", **kw)


@pytest.mark.parametrize("window", ["1d", "400"], ids=["days", "rows"])
def test_a_baseline_table_equals_the_baseline_files_and_baseline_windows(tmp_path, days, window):
    url, whole, base, after = _database(tmp_path, days)
    by_k = run_monitor(_req(whole, baseline_windows=4, window=window), tmp_path / "k.sqlite").data
    by_file = run_monitor(
        _req(after, baseline_target=str(base), window=window), tmp_path / "f.sqlite"
    ).data
    by_table = run_monitor(
        _db_req(url, baseline_table="base", window=window), tmp_path / "t.sqlite"
    ).data
    by_query = run_monitor(
        _db_req(url, baseline_query="SELECT * FROM base WHERE 1 = 1;", window=window),
        tmp_path / "q.sqlite",
    ).data
    for doc in (by_table, by_query):
        validate(doc, SCHEMA)
        for f_side, d_side, k_side in zip(
            by_file["comparisons"], doc["comparisons"], by_k["comparisons"], strict=True
        ):
            assert _baseline_history(d_side) == _baseline_history(f_side)
            assert _baseline_history(d_side) == _baseline_history(k_side, since=4)
            for test in BASE_TESTS:
                for key in ("e_value", "alarm"):
                    assert d_side["tests"][test][key] == f_side["tests"][test][key]
    assert by_table["request"]["baseline_table"] == "base"
    info = by_table["run"]["baseline_target"]
    assert info["rows"] == 1600 and info["target"] == "base"
    assert info["counts"] == by_file["run"]["baseline_target"]["counts"]
    assert info["source"] == f"table base in {url}"
    assert by_query["run"]["baseline_target"]["source"] == f"query in {url}"
    null = by_table["comparisons"][0]["tests"]["baseline_disparate_impact"]["null"]
    assert "than in the baseline table" in null
    assert (
        "than in the baseline query"
        in (by_query["comparisons"][0]["tests"]["baseline_disparate_impact"]["null"])
    )


def test_the_cli_names_the_baseline_table_and_reads_it_back(tmp_path, days, capsys):
    url, _, _, _ = _database(tmp_path, days, n_days=8)
    store, out = tmp_path / "s.sqlite", tmp_path / "out.json"
    argv = ["monitor", "--db", url, "--table", "preds", *FLAGS, "--protected", "race=White",
            "--store", store, "--baseline-table", "base"]  # fmt: skip
    rc, printed, err = _cli(capsys, *argv, "--json", out)
    assert rc == 0, err
    assert f"baseline: table base in {url} (1,600 rows)" in printed + err
    doc = json.loads(out.read_text())
    assert doc["run"]["baseline_target"]["source"] == f"table base in {url}"
    # the same rows under another table name are the same baseline (bound by its counts)
    with sqlite3.connect(str(tmp_path / "rows.db")) as con:
        con.execute("CREATE TABLE base_copy AS SELECT * FROM base")
    assert _cli(capsys, *argv[:-1], "base_copy")[0] == 0
    read = read_store(store)
    assert read["request"]["baseline_table"] == "base"
    assert [c["tests"] for c in read["comparisons"]] == [c["tests"] for c in doc["comparisons"]]


def test_another_baseline_table_is_refused(tmp_path, days, capsys):
    url, _, _, _ = _database(tmp_path, days, n_days=8)
    store = tmp_path / "s.sqlite"
    argv = ["monitor", "--db", url, "--table", "preds", *FLAGS, "--protected", "race=White",
            "--store", store]  # fmt: skip
    assert _cli(capsys, *argv, "--baseline-table", "base")[0] == 0
    fewer = "SELECT * FROM base WHERE ts < '2024-03-04'"
    with sqlite3.connect(str(tmp_path / "rows.db")) as con:
        con.execute(f"CREATE TABLE other AS {fewer}")
    rc, _, err = _cli(capsys, *argv, "--baseline-table", "other")
    line = err.strip()
    assert rc == 2 and "\n" not in line, err
    assert "option '--baseline-table'" in line and "another baseline" in line, line
    assert f"table base in {url} (1,600 rows" in line and "1,200 rows" in line, line
    rc, _, err = _cli(capsys, *argv, "--baseline-query", "SELECT * FROM base")
    assert rc == 2 and "--baseline-table 'base' there, not given here" in err, err


@pytest.mark.parametrize(
    "extra, given",
    [(["--baseline-query", "SELECT * FROM base"], "--baseline-query"),
     (["--baseline-target", "base"], "--baseline-target"),
     (["--baseline-windows", "3"], "--baseline-windows"),
     (["--baseline-period", "2024-03-01..2024-03-02"], "--baseline-period")],
)  # fmt: skip
def test_a_baseline_table_with_another_baseline_is_refused(tmp_path, days, capsys, extra, given):
    url, _, base, _ = _database(tmp_path, days, n_days=5)
    extra = [str(base) if e == "base" and given == "--baseline-target" else e for e in extra]
    argv = ["monitor", "--db", url, "--table", "preds", *FLAGS, "--protected", "race",
            "--baseline-table", "base", *extra, "--store", tmp_path / "s.sqlite"]  # fmt: skip
    rc, _, err = _cli(capsys, *argv)
    line = err.strip()
    assert rc == 2 and "\n" not in line and "not both" in line, err
    assert "option '--baseline-table'" in line and given in line, line
    with pytest.raises(EthicLensInputError, match="argument 'baseline_query'.*baseline_windows"):
        _db_req(url, baseline_query="SELECT * FROM base", baseline_windows=2)


def test_a_baseline_table_without_a_database_is_refused(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(3))
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race",
                      "--baseline-table", "base", "--store", tmp_path / "s.sqlite")  # fmt: skip
    line = err.strip()
    assert rc == 2 and "\n" not in line and "option '--baseline-table'" in line, err
    assert "--db" in line, line
    assert not (tmp_path / "s.sqlite").exists()
    with pytest.raises(EthicLensInputError, match="--db"):
        run_monitor(_req(data, baseline_query="SELECT 1"), tmp_path / "p.sqlite")


def test_the_watched_table_as_its_own_baseline_is_refused(tmp_path, days):
    url, _, _, _ = _database(tmp_path, days, n_days=5)
    with pytest.raises(EthicLensInputError, match="tested against itself"):
        run_monitor(_db_req(url, baseline_table="preds"), tmp_path / "s.sqlite")
    assert not (tmp_path / "s.sqlite").exists()


def test_a_baseline_table_that_cannot_be_read_names_its_option(tmp_path, days, capsys):
    url, _, _, _ = _database(tmp_path, days, n_days=5)
    with sqlite3.connect(str(tmp_path / "rows.db")) as con:
        con.execute("CREATE TABLE nolabel AS SELECT ts, pred, race FROM base")
    for flag, value, said in [
        ("--baseline-table", "missing", "missing"),
        ("--baseline-table", "nolabel", "column 'label' (--y-true) of the baseline (nolabel): not"),
        ("--baseline-query", "DELETE FROM base", "is a DELETE statement, not a SELECT"),
    ]:
        argv = ["monitor", "--db", url, "--table", "preds", *FLAGS, "--protected", "race",
                flag, value, "--store", tmp_path / "s.sqlite"]  # fmt: skip
        rc, _, err = _cli(capsys, *argv)
        line = err.strip()
        assert rc == 2 and "\n" not in line and f"option '{flag}'" in line, err
        assert said in line, line
        fix = line.split("Fix:", 1)[-1]
        assert "--table" not in fix.replace("--baseline-table", "") and (
            "--query" not in fix.replace("--baseline-query", "")
        ), line  # the fix names the baseline's options, not the target's


def test_a_baseline_table_without_the_reference_is_refused(tmp_path, days, capsys):
    url, _, _, _ = _database(tmp_path, days, n_days=5)
    rc, _, err = _cli(capsys, "monitor", "--db", url, "--table", "preds", *FLAGS,
                      "--protected", "race=White", "--store", tmp_path / "s.sqlite",
                      "--baseline-query", "SELECT * FROM base WHERE race <> 'White'")  # fmt: skip
    line = err.strip()
    assert rc == 2 and "option '--baseline-query'" in line, err
    assert "reference group 'White'" in line and "drop --baseline-query" in line, line


@pytest.mark.slow
def test_a_postgres_baseline_table_equals_the_files(pg_url, tmp_path, days):
    import sqlalchemy as sa

    whole = days(tmp_path / "whole", range(8), change_day=5)
    base, after = _split(tmp_path, whole, 3)
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        _rows(base).to_sql("base_rows", con, index=False, if_exists="replace")
        _rows(after).to_sql("after_rows", con, index=False, if_exists="replace")
    engine.dispose()
    files = run_monitor(_req(after, baseline_target=str(base)), tmp_path / "f.sqlite").data
    request = MonitorRequest(
        target="db", db=pg_url, table="after_rows", time="ts", window="1d", y_pred="pred",
        y_true="label", protected=("race=White",), baseline_table="base_rows",
    )  # fmt: skip
    database = run_monitor(request, tmp_path / "d.sqlite").data
    for f_side, d_side in zip(files["comparisons"], database["comparisons"], strict=True):
        assert _baseline_history(d_side) == _baseline_history(f_side)
    source = database["run"]["baseline_target"]["source"]
    assert source.startswith("table base_rows in postgresql") and PASSWORD not in source


def test_a_database_given_by_variable_is_named_by_it_and_columns_as_the_audit_names_them(
    tmp_path, days, capsys, monkeypatch
):
    # round 6: refusals named "--db sqlite:///..." for --db-env NAME, and listed the monitor's
    # own day column among the table's columns
    url, *_ = _database(tmp_path, days)
    monkeypatch.setenv("ETHICLENS_TEST_MON_DB", url)
    base = ["monitor", "--db-env", "ETHICLENS_TEST_MON_DB", "--store", tmp_path / "s.sqlite"]
    rc, _, err = _cli(capsys, *base, "--table", "nosuch", *FLAGS, "--protected", "race")
    assert rc == 2 and "option '--db-env ETHICLENS_TEST_MON_DB': table 'nosuch'" in err
    assert url not in err
    flags = [f if f != "pred" else "nosuch" for f in FLAGS]
    rc, _, err = _cli(capsys, *base, "--table", "preds", *flags, "--protected", "race")
    assert rc == 2 and "option '--y-pred': column 'nosuch' not found in the database source" in err
    assert "_ethiclens" not in err
