"""Round 19b: an empty database table or query adds nothing to a store (as a header-only file
does), a header-only file in a hive folder too; such a run claims no run number and names
the engine that read it; a reference group that is a near miss gets the audit's "did you
mean"."""

import json
import sqlite3

import pytest

from .conftest import SCHEMA, run_cli, write_days

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "pred", "--y-true", "label"]
ARGV += ["--protected", "race"]


def _store(tmp_path, capsys):
    feed = write_days(tmp_path / "feed", range(2))
    store = tmp_path / "s.sqlite"
    assert run_cli(capsys, "monitor", feed, *ARGV, "--store", store)[0] == 0
    return store


def _empty_db(tmp_path) -> str:
    path = tmp_path / "e.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (ts TEXT, label INT, pred INT, race TEXT)")
    con.commit()
    con.close()
    return f"sqlite:///{path}"


@pytest.mark.parametrize(
    ("source", "note"),
    [
        (["--table", "t"], "table t has no rows: nothing to add"),
        (["--query", "SELECT * FROM t WHERE 1 = 0"], "the query selects no rows: nothing to add"),
    ],
)
def test_empty_table_or_query_adds_nothing(tmp_path, capsys, source, note):
    pytest.importorskip("sqlalchemy")
    store, db = _store(tmp_path, capsys), _empty_db(tmp_path)
    before = store.read_bytes()
    rc, out, err = run_cli(capsys, "monitor", *ARGV, "--db", db, *source, "--store", store)
    assert rc == 0, err
    assert note in out and "0 new window(s) added" in out
    assert store.read_bytes() == before


def test_empty_table_first_run_named(tmp_path, capsys):
    pytest.importorskip("sqlalchemy")
    db, new = _empty_db(tmp_path), tmp_path / "new.sqlite"
    rc, _, err = run_cli(capsys, "monitor", *ARGV, "--db", db, "--table", "t", "--store", new)
    assert rc == 2 and "table t has no data rows" in err, err
    assert not new.exists()


def test_header_only_hive_partition_adds_nothing(tmp_path, capsys):
    store = _store(tmp_path, capsys)
    before = store.read_bytes()
    part = tmp_path / "hv" / "day=2026-11-03"
    part.mkdir(parents=True)
    (part / "part.csv").write_text("ts,label,pred,race\n")
    rc, out, err = run_cli(capsys, "monitor", tmp_path / "hv", *ARGV, "--store", store)
    assert rc == 0, err
    assert "has no rows: nothing to add" in out
    assert store.read_bytes() == before


def test_nothing_to_add_claims_no_run_and_names_its_engine(tmp_path, capsys):
    pytest.importorskip("duckdb")
    from ethiclens._jsonschema import validate

    store = _store(tmp_path, capsys)
    empty = tmp_path / "empty.csv"
    empty.write_text("ts,label,pred,race\n")
    out_json = tmp_path / "o.json"
    rc, _, err = run_cli(capsys, "monitor", empty, *ARGV, "--store", store, "--json", out_json)
    assert rc == 0, err
    doc = json.loads(out_json.read_text())
    validate(doc, SCHEMA)  # the schema allows a run without a number
    run = doc["run"]
    assert run["run"] is None
    assert run["engine"] == "duckdb"  # what auto resolved to, not "auto"
    # the next real run is the store's second
    more = write_days(tmp_path / "more", range(2, 3))
    rc, _, err = run_cli(capsys, "monitor", more, *ARGV, "--store", store, "--json", out_json)
    assert rc == 0, err
    assert json.loads(out_json.read_text())["run"]["run"] == 2


def test_reference_near_miss_did_you_mean(tmp_path, capsys):
    feed = write_days(tmp_path / "feed", range(1))
    argv = [*ARGV[:-1], "race=White\u3164"]
    rc, _, err = run_cli(capsys, "monitor", feed, *argv, "--store", tmp_path / "s.sqlite")
    assert rc == 2
    assert "did you mean 'White'?" in err, err


def test_an_empty_database_input_is_known_by_its_type_not_its_words(tmp_path, capsys, monkeypatch):
    # the SQL reader's refusal is an EmptyInputError: rewording it keeps the monitor's
    # "nothing to add" (it matched the exact text before)
    pytest.importorskip("sqlalchemy")
    import ethiclens.sources as sources
    from ethiclens.errors import EmptyInputError

    def reworded(*args, **kwargs):
        raise EmptyInputError("the selection holds no rows at all", fix="select some")

    store, db = _store(tmp_path, capsys), _empty_db(tmp_path)
    monkeypatch.setattr(sources, "sql_counts", reworded)
    rc, out, err = run_cli(capsys, "monitor", *ARGV, "--db", db, "--table", "t", "--store", store)
    assert rc == 0 and "table t has no rows: nothing to add" in out, err
