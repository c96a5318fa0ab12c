"""Audit and probe commands never destroy their inputs and read awkward column names."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture
def base(tmp_path):
    rng = np.random.default_rng(0)
    n = 400
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
            "a=b": rng.choice(["x", "y"], n),
        }
    )
    path = tmp_path / "base.csv"
    frame.to_csv(path, index=False)
    return path


class _Res:
    def __init__(self, code, out):
        self.exit_code, self.output = code, out


@pytest.fixture
def run(capsys):
    def go(args):
        code = main([str(a) for a in args])
        cap = capsys.readouterr()
        return _Res(code, cap.out + cap.err)

    return go


AUDIT = ["audit", "{base}", "--y-true", "y", "--y-pred", "p", "--n-boot", "200"]


@pytest.mark.parametrize(
    "extra,match",
    [
        (["--protected", "g", "--json", "{base}"], "is the input file"),
        (["--protected", "g", "--html", "{base}"], "is the input file"),
        (["--protected", "g", "--json", "{dir}/o.json", "--html", "{dir}/o.json"], "also given to"),
        (["--protected", "g", "--protected", "g=a"], "given twice"),
        (["--protected", "g", "--seed", "-1"], "--seed"),
    ],
)
def test_audit_refusals_leave_the_input_alone(base, extra, match, run):
    before = base.read_bytes()
    args = [a.format(base=base, dir=base.parent) for a in AUDIT + extra]
    res = run(args)
    assert res.exit_code == 2, res.output
    assert match in res.output
    assert base.read_bytes() == before


def test_make_counterfactuals_refuses_to_overwrite_its_input(base, run):
    before = base.read_bytes()
    res = run(["probe", "make-counterfactuals", base, "--protected", "g", "--out", base])
    assert res.exit_code == 2 and "is the input file" in res.output
    assert base.read_bytes() == before


@pytest.mark.parametrize("spec,reference", [("a=b", "x"), ("a=b=y", "y")])
def test_column_names_with_an_equals_sign(base, tmp_path, spec, reference, run):
    out = tmp_path / "o.json"
    res = run([a.format(base=base) for a in AUDIT] + ["--protected", spec, "--json", out])
    assert res.exit_code == 0, res.output
    doc = json.loads(out.read_text())
    assert doc["attributes"][0]["name"] == "a=b"
    assert doc["attributes"][0]["reference"] == reference


@pytest.fixture
def sqlite_db(base, tmp_path):
    import sqlite3

    path = tmp_path / "preds.db"
    with sqlite3.connect(path) as con:
        pd.read_csv(base).assign(t="2026-01-01").to_sql("preds", con, index=False)
    return path


DB_ROLES = ["--table", "preds", "--y-pred", "p", "--protected", "g", "--n-boot", "200"]


@pytest.mark.parametrize("flag", ["--json", "--html", "--save-config"])
@pytest.mark.parametrize("how", ["--db", "--db-env"])
def test_a_report_never_replaces_the_sqlite_database_it_reads(
    sqlite_db, run, monkeypatch, flag, how
):
    """The database file behind --db/--db-env is an input like a CSV (a report written onto it
    destroyed the user's database, exit 0)."""
    url = f"sqlite:///{sqlite_db}"
    monkeypatch.setenv("ETHICLENS_TEST_DB", url)
    db = ["--db", url] if how == "--db" else ["--db-env", "ETHICLENS_TEST_DB"]
    before = sqlite_db.read_bytes()
    res = run(["audit", *db, *DB_ROLES, flag, sqlite_db])
    assert res.exit_code == 2 and "is the input file" in res.output, res.output
    assert sqlite_db.read_bytes() == before


def test_the_monitor_never_replaces_the_sqlite_database_it_watches(sqlite_db, tmp_path, run):
    before = sqlite_db.read_bytes()
    monitor = ["monitor", "--db", f"sqlite:///{sqlite_db}", *DB_ROLES, "--time", "t"]
    res = run([*monitor, "--window", "1d", "--store", tmp_path / "s.sqlite", "--json", sqlite_db])
    assert res.exit_code == 2 and "is the input file" in res.output, res.output
    assert sqlite_db.read_bytes() == before and not (tmp_path / "s.sqlite").exists()


def test_a_report_never_replaces_a_counts_tables_metadata_file(base, tmp_path, run):
    table = tmp_path / "counts.csv"
    assert run(["counts", base, "--y-pred", "p", "--protected", "g", "--out", table]).exit_code == 0
    side = tmp_path / "counts.csv.ethiclens.json"
    before = side.read_bytes()
    res = run(["audit", "--counts", table, "--json", side])
    assert res.exit_code == 2 and "is the input file" in res.output, res.output
    assert side.read_bytes() == before
