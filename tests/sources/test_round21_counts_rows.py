"""Round 21: a counts file's row that the audit refuses is named by the file's line (CSV) or row
(Parquet), as the refusals made while reading it are: a score bin out of range, a missing key,
a blank group name, a label that is not 0/1 (``read_counts(check_labels=True)``)."""

from __future__ import annotations

import shutil

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of, metadata_path, read_counts, write_counts

ROW = 5  # the data row changed (0-based): line 7 of the CSV, row 6 of the Parquet file
PLACE = {"csv": "line 7", "parquet": "row 6"}


def _table() -> pd.DataFrame:
    rng = np.random.default_rng(0)
    n = 400
    rows = pd.DataFrame(
        {
            "race": rng.choice(["A", "B"], n),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "score": rng.random(n),
        }
    )
    roles = Roles(y_pred="pred", y_true="label", y_score="score", protected=["race"])
    return counts_of(rows, roles)


def _files(tmp_path, column: str, value) -> dict:
    """The counts table as a CSV and a Parquet file, each with ``column`` of data row ``ROW``
    set to ``value`` (None: missing) and the rest as written."""
    out = {}
    for kind in ("csv", "parquet"):
        good = tmp_path / f"good.{kind}"
        write_counts(_table(), good)
        path = tmp_path / f"bad.{kind}"
        if kind == "csv":
            cells = pd.read_csv(good, dtype=str, keep_default_na=False)
            cells.loc[ROW, column] = "" if value is None else str(value)
            cells.to_csv(path, index=False)
            shutil.copy(metadata_path(good), metadata_path(path))
        else:
            cells = pd.read_parquet(good)
            if cells[column].dtype.kind in "iu" and not isinstance(value, int):
                cells[column] = cells[column].astype(str if isinstance(value, str) else float)
            cells.loc[ROW, column] = None if value is None else value
            arrow = pa.Table.from_pandas(cells, preserve_index=False)
            meta = {
                **arrow.schema.metadata,
                b"ethiclens": pq.read_schema(good).metadata[b"ethiclens"],
            }
            pq.write_table(arrow.replace_schema_metadata(meta), path)
        out[kind] = path
    return out


def _refusal(path, capsys) -> str:
    capsys.readouterr()
    assert main(["audit", "--counts", str(path)]) == 2
    return capsys.readouterr().err.strip()


CASES = [
    (
        "score_bin",
        11,
        "column 'score (score_bin)': scores must lie in [0, 1]; 1 do not (score bins outside "
        "0 .. 9), first at bad.{kind} {place} (value: 11).",
    ),
    ("score_bin", -1, "score bins outside 0 .. 9), first at bad.{kind} {place} (value: -1)."),
    ("score_bin", 2.5, "score bins outside 0 .. 9), first at bad.{kind} {place} (value: 2.5)."),
    (
        "score_bin",
        None,
        "column 'score (score_bin)': {n} missing score(s) (in 1 cell(s) of the counts table), "
        "first at bad.{kind} {place}. Fix: drop or impute those rows before auditing",
    ),
    ("y_true", None, "column 'label (y_true)': {n} missing value(s) (in 1 cell(s) of the counts "
     "table), first at bad.{kind} {place}."),
    ("y_pred", None, "column 'pred (y_pred)': {n} missing value(s) (in 1 cell(s) of the counts "
     "table), first at bad.{kind} {place}."),
    ("race", None, "column 'race': {n} missing value(s) (in 1 cell(s) of the counts table), "
     "first at bad.{kind} {place}."),
    ("race", "  ", "column 'race': holds blank group names (empty, or only spaces and "
     "characters that print as nothing): '  ', first at bad.{kind} {place}. Fix: give those "
     "rows an explicit group"),
]  # fmt: skip


@pytest.mark.parametrize(("column", "value", "expected"), CASES)
def test_a_counts_row_the_audit_refuses_is_named_by_its_line_or_row(
    tmp_path, capsys, column, value, expected
):
    said = {}
    for kind, path in _files(tmp_path, column, value).items():
        n = int(pd.read_parquet(tmp_path / "good.parquet")["count"].iloc[ROW])
        err = _refusal(path, capsys)
        assert expected.format(kind=kind, place=PLACE[kind], n=n) in err, err
        said[kind] = err.replace(f"bad.{kind} {PLACE[kind]}", "PLACE")
    assert said["csv"] == said["parquet"]  # one message, the place aside


@pytest.mark.parametrize(("column", "source"), [("y_pred", "pred"), ("y_true", "label")])
def test_a_label_not_0_1_is_named_by_its_line_or_row_when_labels_are_checked(
    tmp_path, column, source
):
    said = {}
    for kind, path in _files(tmp_path, column, 2).items():
        with pytest.raises(EthicLensInputError) as refused:
            read_counts(path, check_labels=True)
        text = str(refused.value)
        assert text.startswith(
            f"column '{source} ({column})': is not binary 0/1: found values 0, 1, 2; "
            f"first at bad.{kind} {PLACE[kind]} (value: 2). Fix: drop those rows"
        ), text
        said[kind] = text.replace(f"bad.{kind} {PLACE[kind]}", "PLACE")
        read_counts(path, check_labels=True, pos_label=2)  # 2 is a label then: read
        read_counts(path)  # left to the audit, whose --pos-label may make it a label
    assert said["csv"] == said["parquet"]


def test_a_text_label_beside_0_1_names_the_row_of_the_stray_value(tmp_path):
    for kind, path in _files(tmp_path, "y_pred", "x").items():
        with pytest.raises(EthicLensInputError, match="found values") as refused:
            read_counts(path, check_labels=True)
        assert f"first at bad.{kind} {PLACE[kind]} (value: 'x')" in str(refused.value)


def test_a_counts_data_frame_names_the_row_of_a_bad_score_bin():
    table = _table()
    table.loc[ROW, "score_bin"] = 11
    with pytest.raises(EthicLensInputError) as refused:
        ethiclens.audit_counts(table, n_boot=50, random_state=0)
    assert "(score bins outside 0 .. 9), first at row 5 of the counts table (value: 11)" in str(
        refused.value
    )


@pytest.mark.parametrize(("column", "source"), [("y_pred", "pred"), ("y_true", "label")])
def test_the_cli_names_the_row_of_a_label_not_0_1_and_pos_label_still_reads_it(
    tmp_path, capsys, column, source
):
    said = {}
    for kind, path in _files(tmp_path, column, 2).items():
        err = _refusal(path, capsys)
        assert f"column '{source} ({column})': is not binary 0/1" in err, err
        assert f"first at bad.{kind} {PLACE[kind]} (value: 2)" in err, err
        said[kind] = err.replace(f"bad.{kind} {PLACE[kind]}", "PLACE")
    assert said["csv"] == said["parquet"]


def _two_attribute_table(tmp_path):
    """A counts table of race and sex whose one sex cell is missing (CSV, metadata beside)."""
    rng = np.random.default_rng(1)
    n = 600
    rows = pd.DataFrame(
        {
            "race": rng.choice(["A", "B"], n),
            "sex": rng.choice(["F", "M"], n),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
        }
    )
    roles = Roles(y_pred="pred", y_true="label", protected=["race", "sex"])
    good = tmp_path / "two.csv"
    write_counts(counts_of(rows, roles), good)
    cells = pd.read_csv(good, dtype=str, keep_default_na=False)
    cells.loc[2, "sex"] = ""
    path = tmp_path / "gap.csv"
    cells.to_csv(path, index=False)
    shutil.copy(metadata_path(good), metadata_path(path))
    return path


def test_a_missing_group_in_an_attribute_not_audited_is_no_reason_to_refuse(tmp_path, capsys):
    path = _two_attribute_table(tmp_path)
    for audited in (["--protected", "race"], ["--protected", "race=A"]):
        assert main(["audit", "--counts", str(path), *audited, "--n-boot", "100"]) == 0
    capsys.readouterr()
    table = read_counts(path, attributes={"race"})
    ethiclens.audit_counts(table, protected=["race"], n_boot=100, random_state=0)
    for audited in (["--protected", "sex"], ["--intersect", "race,sex"], []):
        err = _refusal_args(path, audited, capsys)
        assert "column 'sex': " in err and "missing value(s)" in err, err
        assert "first at gap.csv line 4" in err, err


def _refusal_args(path, extra, capsys) -> str:
    capsys.readouterr()
    assert main(["audit", "--counts", str(path), *extra, "--n-boot", "100"]) == 2
    return capsys.readouterr().err.strip()
