"""Round 49: one file's text group column writing one value two ways is refused, not merged.

A CSV whose ``g`` writes ``1``, ``1.0`` and ``x`` (a text column) is audited as three groups
(``1 vs x`` and ``1.0 vs x``); the monitor keyed ``1.0`` by its value and counted it inside
``1`` without a word. One file's or table's column (pandas, DuckDB, SQLite) writing a value
two ways (``True`` beside ``1`` too) is now refused, naming the spellings and the fix; a merge
naming them runs as the audit would with it, and a folder whose files differ in type (int
Parquet, float Parquet) still merges as documented."""

import sqlite3

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.monitor import MonitorRequest, run_monitor


def _frame(spellings) -> pd.DataFrame:
    times = pd.date_range("2024-01-01", periods=300, freq="4min").strftime("%Y-%m-%dT%H:%M:%SZ")
    g = [spellings[i % len(spellings)] for i in range(300)]
    y = [(i * 7) % 2 for i in range(300)]
    p = [(i * 11 // 3) % 2 for i in range(300)]
    return pd.DataFrame({"t": times, "g": g, "y": y, "p": p})


def _source(face, frame, tmp_path) -> list:
    if face == "sqlite":
        with sqlite3.connect(tmp_path / "d.db") as con:
            frame.to_sql("preds", con, index=False)
        con.close()
        return ["--db", f"sqlite:///{tmp_path / 'd.db'}", "--table", "preds"]
    frame.to_csv(tmp_path / "d.csv", index=False)
    return [str(tmp_path / "d.csv"), "--engine", face]


def _cli(capsys, source, store, *more, ref="x") -> tuple[int, str, str]:
    flags = ["--time", "t", "--window", "1d", "--y-pred", "p", "--y-true", "y", "--protected"]
    rc = main(["monitor", *source, *flags, f"g={ref}", "--store", str(store), *more])
    out, err = capsys.readouterr()
    return rc, out, err


FACES = ["pandas", "duckdb", "sqlite"]


@pytest.mark.parametrize("face", FACES)
@pytest.mark.parametrize(
    "spellings, ref, words, merge",
    [
        (("1", "1.0", "x"), "x", "(1, 1.0)", "g=1,1.0:1"),
        (("1", "True", "x"), "1", "(1, True)", "g=1,True:1"),  # True keyed 1 beside g=1
    ],
)
def test_one_files_two_spellings_are_refused_naming_both(
    face, spellings, ref, words, merge, tmp_path, capsys
):
    store = tmp_path / "s.sqlite"
    rc, _, err = _cli(capsys, _source(face, _frame(spellings), tmp_path), store, ref=ref)
    assert rc == 2, err
    assert f"g writes one value 2 ways {words}" in err
    assert f"--merge-groups '{merge}'" in err and "nothing was written" in err
    assert not store.exists()


@pytest.mark.parametrize("face", FACES)
def test_a_merge_naming_both_runs_as_the_audit_would(face, tmp_path, capsys):
    source = _source(face, _frame(("1", "1.0", "x")), tmp_path)
    store = tmp_path / "s.sqlite"
    rc, out, err = _cli(capsys, source, store, "--merge-groups", "g=1,1.0:1")
    assert rc == 0, err
    assert "g: 1 vs x" in out and "1.0 vs" not in out


def test_a_dataframe_from_python_is_refused_alike(tmp_path):
    request = MonitorRequest(target=_frame(("1", "1.0", "x")), time="t", window="1d",
                             y_pred="p", y_true="y", protected=("g=x",), n_draws=100)  # fmt: skip
    with pytest.raises(Exception, match=r"writes one value 2 ways \(1, 1.0\)"):
        run_monitor(request, tmp_path / "s.sqlite")


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_folder_of_int_and_float_parquet_files_still_merges(engine, tmp_path):
    frame = _frame((1, 2))
    (tmp_path / "f").mkdir()
    frame.iloc[:150].to_parquet(tmp_path / "f" / "a.parquet", index=False)
    frame.iloc[150:].astype({"g": float}).to_parquet(tmp_path / "f" / "b.parquet", index=False)
    request = MonitorRequest(target=str(tmp_path / "f"), time="t", window="1d", y_pred="p",
                             y_true="y", protected=("g=2",), engine=engine,
                             n_draws=100)  # fmt: skip
    doc = run_monitor(request, tmp_path / "s.sqlite").to_dict()
    assert [(c["group"], c["reference"]) for c in doc["comparisons"]] == [("1", "2")]


def test_a_baseline_file_writing_a_value_two_ways_is_refused_as_the_baselines(tmp_path, capsys):
    target = _frame(("1", "x"))
    target.to_csv(tmp_path / "d.csv", index=False)
    base = _frame(("1", "1.0", "x"))
    base.to_csv(tmp_path / "b.csv", index=False)
    source = [str(tmp_path / "d.csv"), "--baseline-target", str(tmp_path / "b.csv")]
    rc, _, err = _cli(capsys, source, tmp_path / "s.sqlite")
    assert rc == 2, err
    assert "of the baseline" in err and "g writes one value 2 ways (1, 1.0)" in err
