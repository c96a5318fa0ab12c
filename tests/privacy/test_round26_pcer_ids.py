"""Round 26 (PCER overlap, files): the note on test rows that are train rows names them by the
file's line (``leaky.csv lines 152, ...``, as a refused row is named), not data rows counted
from 0; ``pcer audit --id COLUMN`` (``read_splits(ids=...)``) finds them by a record id when a
per-file column (a scoring timestamp) makes no row identical in every shared column."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.privacy import pcer_audit, read_split, read_splits

from .test_round26_pcer_overlap import _frame as _with_losses


def _frame(n, seed, offset=0):
    """The overlap tests' rows without their losses (the same draws: losses are drawn last)."""
    return _with_losses(n, seed, offset).drop(columns="loss")


@pytest.fixture
def files(tmp_path):
    train, test = _frame(300, 0), _frame(200, 1, offset=10_000)
    leaky = pd.concat([test.iloc[:150], train.iloc[:50]], ignore_index=True)  # 50 train rows
    train.to_csv(tmp_path / "tr.csv", index=False)
    leaky.to_csv(tmp_path / "leaky.csv", index=False)
    leaky.to_parquet(tmp_path / "leaky.parquet")
    train.assign(scored_at="2026-01-01").to_csv(tmp_path / "tr_ts.csv", index=False)
    leaky.assign(scored_at="2026-02-01").to_csv(tmp_path / "leaky_ts.csv", index=False)
    return tmp_path


def _audit(files, capsys, train, test, *more):
    code = main(
        ["pcer", "audit", "--train", str(files / train), "--test", str(files / test)]
        + ["--y-true", "y", "--y-pred", "pred", "--protected", "g", "--n-boot", "100"]
        + ["--json", "-", *more]
    )
    return code, capsys.readouterr()


def _overlap(notes):
    found = [n for n in notes if "test row(s)" in n]
    return found[0] if found else None


@pytest.mark.parametrize(
    ("test", "where"),
    [
        ("leaky.csv", "leaky.csv lines 152, 153, 154, 155, 156 and 45 more;"),  # header: line 1
        ("leaky.parquet", "leaky.parquet rows 151, 152, 153, 154, 155 and 45 more;"),
    ],
)
def test_the_cli_names_shared_rows_by_their_place_in_the_file(files, capsys, test, where):
    code, out = _audit(files, capsys, "tr.csv", test)
    assert code == 0
    note = _overlap(json.loads(out.out)["notes"])
    assert note and note.startswith("50 of 200 test row(s)") and where in note, note
    assert "counted from 0" not in note


def test_python_files_name_rows_by_the_callers_name_rows(files):
    named = []

    def name_rows(exc, path):
        named.append(path)
        return exc  # keeps "row N": the note keeps rows counted from 0

    splits = read_splits(
        files / "tr.csv",
        files / "leaky.csv",
        y_true="y",
        y_pred="pred",
        protected="g",
        name_rows=name_rows,
    )
    note = _overlap(pcer_audit(*splits, n_boot=100).notes)
    assert "test rows 150, 151, 152, 153, 154 and 45 more, counted from 0" in note, note
    assert named


def test_a_per_file_column_hides_the_overlap_without_id_and_id_finds_it(files, capsys):
    code, out = _audit(files, capsys, "tr_ts.csv", "leaky_ts.csv")
    assert code == 0 and _overlap(json.loads(out.out)["notes"]) is None
    code, out = _audit(files, capsys, "tr_ts.csv", "leaky_ts.csv", "--id", "id")
    note = _overlap(json.loads(out.out)["notes"])
    assert code == 0 and note, out
    assert note.startswith("50 of 200 test row(s) have the id") and "test ids 0, 1, 2" in note


def test_python_read_splits_takes_ids(files):
    kw = dict(y_true="y", y_pred="pred", protected="g")
    train, test = read_splits(files / "tr_ts.csv", files / "leaky_ts.csv", ids="id", **kw)
    assert list(test.ids[:2]) == [10_000, 10_001]
    assert "have the id" in _overlap(pcer_audit(train, test, n_boot=100).notes)
    one = read_split(files / "leaky_ts.csv", name="test", ids="id", **kw)
    assert len(one.ids) == 200


def test_id_refusals_name_the_flag_column_and_line(files, capsys):
    code, out = _audit(files, capsys, "tr.csv", "leaky.csv", "--id", "y")
    assert code == 2 and "option '--id'" in out.err and "columns must differ" in out.err
    code, out = _audit(files, capsys, "tr.csv", "leaky.csv", "--id", "nope")
    assert code == 2 and "'nope'" in out.err
    frame = pd.read_csv(files / "leaky.csv").astype({"id": object})
    frame.loc[9, "id"] = None
    frame.to_csv(files / "noid.csv", index=False)
    code, out = _audit(files, capsys, "tr.csv", "noid.csv", "--id", "id")
    assert code == 2 and "missing id(s), first at noid.csv line 11" in out.err, out.err
