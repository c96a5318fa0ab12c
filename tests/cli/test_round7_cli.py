"""Tester round 7 on the CLI: a baseline gates a run whatever place its rows come from; a
closed standard stream drops its output, never the work; a comparison's refusal names the
column and the model on every engine; the threshold view refuses two predictions; two
targets are named by their flags; a comparison's provenance names its engine."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "label", "--protected", "race", "--n-boot", "200"]
COMPARE = ["compare", "--y-pred", "pred", "--y-pred", "pred_b", *ROLES]


def _rows(n: int = 600) -> pd.DataFrame:
    rng = np.random.default_rng(7)
    pred = rng.integers(0, 2, n)
    return pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": pred,
            "pred_b": np.where(rng.random(n) < 0.2, 1 - pred, pred),
            "race": rng.choice(["A", "B"], n),
        }
    )


def _write(tmp_path, frame: pd.DataFrame, name: str = "rows"):
    """The rows as a CSV file and a SQLite table ``preds``: (csv path, database URL)."""
    csv = tmp_path / f"{name}.csv"
    frame.to_csv(csv, index=False)
    db = tmp_path / f"{name}.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("preds", con, index=False)
    return csv, f"sqlite:///{db}"


def _last_error(capsys) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


# -- 1. the place the rows come from is free ------------------------------------------------


def test_a_counts_or_database_run_gates_against_a_files_baseline(tmp_path, capsys):
    # tester round 7: "target file -> counts" and "target file -> db; target.table None ->
    # 'preds'" refused a baseline of the same rows
    csv, url = _write(tmp_path, _rows())
    baseline = tmp_path / "base.json"
    audit = ["--y-pred", "pred", *ROLES]
    assert main(["audit", str(csv), *audit, "--json", str(baseline)]) == 0
    counts = tmp_path / "counts.parquet"
    flags = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    assert main(["counts", str(csv), *flags, "--out", str(counts)]) == 0
    for target in (["--counts", str(counts)], ["--db", url, "--table", "preds"]):
        out = tmp_path / "now.json"
        capsys.readouterr()
        code = main(["audit", *target, *audit, "--baseline", str(baseline), "--json", str(out)])
        assert code == 0, capsys.readouterr().err
        assert json.loads(out.read_text())["run"]["gate"]["baseline"] == str(baseline)


# -- 2. a closed standard stream ------------------------------------------------------------


def _cli(args, close: tuple, cwd):
    """The CLI in a process whose standard streams ``close`` (1, 2) were closed at start."""

    def closed():
        for fd in close:
            os.close(fd)

    return subprocess.run(
        [sys.executable, "-m", "ethiclens", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        preexec_fn=closed,
        check=False,
    )


def test_a_closed_stdout_or_stderr_drops_its_output_not_the_work(tmp_path):
    # tester round 7: `>&-` gave AttributeError ... 'isatty', exit 1 and no JSON file
    csv, _ = _write(tmp_path, _rows())
    audit = ["audit", csv, "--y-pred", "pred", *ROLES]
    done = _cli([*audit, "--json", "x.json"], (1,), tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert json.loads((tmp_path / "x.json").read_text())["comparisons"]
    both = _cli([*audit, "--json", "y.json"], (1, 2), tmp_path)
    assert both.returncode == 0 and (tmp_path / "y.json").exists()
    piped = _cli([*audit, "--json", "-"], (2,), tmp_path)  # the report still goes to stdout
    assert piped.returncode == 0 and json.loads(piped.stdout)["comparisons"]


def test_json_to_a_closed_stdout_is_refused_before_any_work(tmp_path):
    csv, _ = _write(tmp_path, _rows())
    done = _cli(["audit", csv, "--y-pred", "pred", *ROLES, "--json", "-"], (1,), tmp_path)
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: option '--json': standard output is closed"), line


# -- 3. a comparison's refusal names the column and the model, on every engine ---------------


def _bad(column: str, row: int, value) -> pd.DataFrame:
    frame = _rows()
    frame[column] = frame[column].astype(object)
    frame.loc[row, column] = value
    return frame


@pytest.mark.parametrize(
    ("column", "value", "said"),
    [
        ("label", 2, "column 'label (y_true)': is not binary 0/1"),
        ("pred", None, "column 'pred (y_pred, model A)': 1 missing value(s)"),
        ("pred_b", None, "column 'pred_b (y_pred, model B)': 1 missing value(s)"),
        ("pred_b", 2, "column 'pred_b (y_pred, model B)': is not binary 0/1"),
    ],
)
def test_a_comparisons_refusal_is_worded_alike_on_every_engine(
    tmp_path, capsys, column, value, said
):
    # tester round 7: pandas said "column 'label (y_true)'", duckdb and SQLite "option
    # '--y-true'"; model B's column was only "option '--y-pred'"
    csv, url = _write(tmp_path, _bad(column, 15, value))
    lines = []
    for engine in ("pandas", "duckdb", "dask"):
        assert main([COMPARE[0], str(csv), *COMPARE[1:], "--engine", engine]) == 2
        lines.append(_last_error(capsys))
    assert main([COMPARE[0], "--db", url, "--table", "preds", *COMPARE[1:]]) == 2
    lines.append(_last_error(capsys))
    for line in lines:
        assert line.startswith(f"error: {said}"), lines
    # the same words but the row (a database has no file line to name; since round 26 a file's
    # refusal names the line and value, a database's the value: "(value '2')")
    said_alike = {
        line.split(", first at")[0].split(" (value")[0].split(". Fix")[0] for line in lines
    }
    assert len(said_alike) == 1, lines


# -- 5. the threshold view takes one model's predictions -----------------------------------


def test_the_threshold_view_refuses_two_predictions(tmp_path, capsys):
    # tester round 7: roles.y_pred: [pred, pred_b] was silently ignored
    frame = _rows()
    frame["score"] = np.random.default_rng(0).random(len(frame)).round(3)
    csv, _ = _write(tmp_path, frame)
    config = tmp_path / "a.yaml"
    config.write_text(
        f"target: {{file: {csv}}}\nroles: {{y_true: label, y_pred: [pred, pred_b], "
        "protected: [race], y_score: score}\n"
    )
    assert main(["thresholds", "--config", str(config)]) == 2
    line = _last_error(capsys)
    assert line.startswith("error: key 'roles.y_pred': gives two models' predictions"), line
    assert "(value: ['pred', 'pred_b'])" in line and "ethiclens compare" in line


# -- 6. two targets; a comparison's engine ---------------------------------------------------


def test_two_targets_are_named_by_their_flags(tmp_path, capsys):
    # tester round 7: "key 'spec': names 2 targets (file, db)"
    csv, url = _write(tmp_path, _rows())
    assert main(["audit", str(csv), "--db", url, "--table", "preds", "--y-pred", "pred"]) == 2
    assert _last_error(capsys).startswith(
        "error: argument 'TARGET' and option '--db': names 2 targets (file, db). "
        "Fix: keep one of them"
    )


def test_a_comparisons_provenance_names_its_engine_on_every_engine(tmp_path, capsys):
    # tester round 7: data.provenance.engine was there on pandas only
    csv, url = _write(tmp_path, _rows())
    engines = {}
    for engine in ("pandas", "duckdb"):
        out = tmp_path / f"{engine}.json"
        argv = [COMPARE[0], str(csv), *COMPARE[1:], "--engine", engine, "--json", str(out)]
        assert main(argv) == 0
        engines[engine] = json.loads(out.read_text())["data"]["provenance"].get("engine")
    out = tmp_path / "sql.json"
    argv = [COMPARE[0], "--db", url, "--table", "preds", *COMPARE[1:], "--json", str(out)]
    assert main(argv) == 0
    engines["sql"] = json.loads(out.read_text())["data"]["provenance"].get("engine")
    assert engines == {"pandas": "pandas", "duckdb": "duckdb", "sql": "sql (sqlite)"}
