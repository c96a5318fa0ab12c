"""Engine parity, round 26: a CSV label written 'tRUE' (or 'fAlSe', or '١') is text on every
engine. The rule reads booleans only as True/TRUE/true and False/FALSE/false (docs/engines.md), as
DuckDB, Dask and Spark type a CSV's labels; the pandas engine let the installed pandas parse
them, and pandas 3 reads any case as a boolean: 'tRUE' was audited there and refused as not
binary, naming its line, everywhere else."""

import json

import pytest

from ethiclens.cli import main

pytest.importorskip("duckdb", reason="duckdb not installed (ethiclens[duckdb])")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--min-group-size", "1"]


def _run(capsys, target, engine):
    rc = main(["audit", str(target), "--engine", engine, *ROLES, "--json", "-", "--n-boot", "100"])
    out, err = capsys.readouterr()
    if rc:
        return rc, err.strip().splitlines()[-1]
    report = json.loads(out[out.index("{") :])
    return rc, sorted((g["group"], g["n"]) for a in report["attributes"] for g in a["groups"])


def _csv(path, labels):
    lines = [f"{'ab'[i % 2]},{y},{i % 3 == 0:d}" for i, y in enumerate(labels * 3)]
    path.write_text("g,y,p\n" + "\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_mixed_case_boolean_is_text(tmp_path, capsys, engine):
    rc, err = _run(capsys, _csv(tmp_path / "d.csv", ["tRUE", "FALSE", "True", "false"]), engine)
    assert rc == 2
    assert "is not binary 0/1" in err and "first at d.csv line 2 (value 'tRUE')" in err


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_rules_booleans_are_labels(tmp_path, capsys, engine):
    got = _run(capsys, _csv(tmp_path / "d.csv", ["true", "FALSE", "True", "false"]), engine)
    assert got == (0, [("a", 6), ("b", 6)])


def test_every_engine_agrees_on_a_mixed_case_folder(tmp_path, capsys):
    pytest.importorskip("dask.dataframe", reason="dask not installed (ethiclens[dask])")
    d = tmp_path / "d"
    d.mkdir()
    _csv(d / "a.csv", ["1", "0", "1", "0"])
    _csv(d / "b.csv", ["TrUe", "fAlSe", "TrUe", "fAlSe"])
    got = {e: _run(capsys, d, e) for e in ["pandas", "duckdb", "dask"]}
    assert got["pandas"] == got["duckdb"] == got["dask"], got
    assert got["pandas"][0] == 2 and "(value 'TrUe')" in got["pandas"][1]


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_label_in_other_digits_is_text(tmp_path, capsys, engine):
    """'١' (an Arabic-Indic one) is no number, as a score or weight written so is not: the
    pandas engine read it as text and the others as 1; '١.0' was not named as a stray label."""
    rc, err = _run(capsys, _csv(tmp_path / "d.csv", ["\u0661", "0", "\u0661", "0"]), engine)
    assert rc == 2 and "found values 0, \u0661" in err
    rc, err = _run(capsys, _csv(tmp_path / "e.csv", ["\u0661.0", "0.5", "1", "0"]), engine)
    assert rc == 2 and "hold 0.5, \u0661.0, first at e.csv line 2" in err
