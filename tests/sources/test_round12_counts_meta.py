"""Tester round 12: a counts table's metadata (a CSV's NAME.csv.ethiclens.json, a Parquet
file's own) is checked whole where it is read: a hand edit is one line naming the file, the
key, the value and the fix, exit 2 (never a traceback and exit 1, a failed gate to CI); a CSV
copied without its metadata file is told so, not that its y_true column is missing."""

from __future__ import annotations

import json
import shutil

import pandas as pd
import pyarrow.parquet as pq
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of, read_counts, write_counts
from tests.sources.conftest import make_frame

FIX = "Fix: write the table again with `ethiclens counts`, or restore the file"
ROLES = Roles(y_pred="p", y_true="y", protected=["race"])


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """A CSV counts table and its metadata file as ``ethiclens counts`` writes them."""
    folder = tmp_path_factory.mktemp("meta12")
    data = folder / "d.csv"
    make_frame(0, n=1500).to_csv(data, index=False)
    out = folder / "c.csv"
    argv = ["counts", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "race"]
    assert main([*argv, "--engine", "pandas", "--out", str(out)]) == 0
    return out


def _copy(written, tmp_path, name="t.csv", meta=None, raw=None):
    path = tmp_path / name
    shutil.copy(written, path)
    side = tmp_path / f"{name}.ethiclens.json"
    if raw is not None:
        side.write_text(raw)
    elif meta is not None:
        side.write_text(json.dumps(meta))
    return path


def _meta(written) -> dict:
    return json.loads((written.parent / "c.csv.ethiclens.json").read_text())


def _audit(path, capsys, *extra) -> tuple[int, list[str]]:
    capsys.readouterr()
    argv = ["audit", "--counts", str(path), "--y-true", "y", "--y-pred", "p"]
    code = main([*argv, "--protected", "race", "--n-boot", "200", *extra])
    return code, capsys.readouterr().err.strip().splitlines()


EDITS = [
    ("ethiclens_columns", 5, "must be an object of role"),
    ("ethiclens_columns", ["y"], "must be an object of role"),
    ("ethiclens_columns", {"y_true": 5, "y_pred": "p"}, "the y_true cells were counted from"),
    ("ethiclens_columns", {"label": "y", "y_pred": "p"}, "is not a role of a counts table"),
    ("ethiclens_attributes", 5, "must be a list of the table's attribute column names"),
    ("ethiclens_attributes", "race", "must be a list of the table's attribute column names"),
    ("ethiclens_attributes", ["race", 3], "every entry must be a column name"),
    ("ethiclens_attributes", ["race", "race"], "names the column 'race' twice"),
    ("ethiclens_attributes", ["race", "count"], "reserved column 'count'"),
    ("ethiclens_text_columns", 5, "must be a list of the table's text column names"),
    ("ethiclens_source", "x", "must be an object saying where the rows came from"),
    ("ethiclens_source", {"dataset": ["a"]}, "must be text, a number or null"),
    ("ethiclens_n_bins", "x", "the number of score bins must be a whole number"),
    ("ethiclens_n_bins", -3, "the number of score bins must be a whole number"),
    ("ethiclens_n_bins", 10.0, "the number of score bins must be a whole number"),
    ("ethiclens_n_bins", None, "the number of score bins must be a whole number"),
    ("ethiclens_engine", 5, "the engine that counted the table"),
    ("ethiclens_suppression", 5, "must be the --min-cell statement"),
    ("ethiclens_suppression", {"min_cell": 3}, "must be a whole number of at least 0"),
    ("ethiclens_bogus", 1, "is not a key ethiclens writes"),
    ("ethiclens_min_cell", -1, "is not a key ethiclens writes"),
]


@pytest.mark.parametrize(("key", "value", "said"), EDITS)
def test_a_hand_edited_metadata_file_is_one_line_exit_2(
    written, tmp_path, capsys, key, value, said
):
    meta = _meta(written)
    meta[key] = value
    path = _copy(written, tmp_path, meta=meta)
    code, err = _audit(path, capsys)
    assert code == 2 and len(err) == 1, err
    line = err[0]
    assert "t.csv.ethiclens.json" in line and said in line and FIX in line, line
    assert f"key '{key}" in line, line
    if not isinstance(value, dict | list):
        assert f"(value: {'null' if value is None else repr(value)})" in line, line


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        ("[1, 2]", "must hold a JSON object of ethiclens_* keys, not a list (value: [1, 2])"),
        ("5", "must hold a JSON object of ethiclens_* keys, not a number"),
        ('{"ethiclens_columns": {"y_true": "y"', "is not valid JSON"),
        ('{"ethiclens_n_bins": 10, "ethiclens_n_bins": 5}', "the key 'ethiclens_n_bins' appears"),
        ("\xff", "is not valid JSON"),
    ],
)
def test_a_metadata_file_that_is_no_object_is_one_line(written, tmp_path, capsys, raw, said):
    path = _copy(written, tmp_path, raw=raw)
    if raw == "\xff":
        (tmp_path / "t.csv.ethiclens.json").write_bytes(b"\xff\xfe{")
    code, err = _audit(path, capsys)
    assert code == 2 and len(err) == 1, err
    assert "t.csv.ethiclens.json" in err[0] and said in err[0] and FIX in err[0], err


def test_read_counts_refuses_it_for_every_face(written, tmp_path):
    meta = _meta(written)
    meta["ethiclens_columns"] = 5
    path = _copy(written, tmp_path, meta=meta)
    with pytest.raises(EthicLensInputError, match="key 'ethiclens_columns'"):
        read_counts(path)


def test_a_role_the_metadata_records_but_the_table_lacks(written, tmp_path, capsys):
    meta = _meta(written)
    meta["ethiclens_columns"]["weight_sum"] = "w"
    path = _copy(written, tmp_path, meta=meta)
    code, err = _audit(path, capsys)
    assert code == 2 and len(err) == 1, err
    assert "key 'ethiclens_columns.weight_sum'" in err[0] and "no weight_sum column" in err[0]


def test_the_written_metadata_and_a_tables_own_keys_still_read(written, tmp_path, capsys):
    meta = _meta(written) | {"note": {"by": ["me"]}}  # not ethiclens's: the table's own attrs
    path = _copy(written, tmp_path, meta=meta)
    assert read_counts(path).attrs["note"] == {"by": ["me"]}
    code, _ = _audit(path, capsys)
    assert code == 0
    meta = _meta(written) | {"ethiclens_source": None}  # hand_over(source=None) writes null
    path = _copy(written, tmp_path, meta=meta)
    assert read_counts(path).attrs["ethiclens_source"] is None


def test_a_suppressed_tables_statement_reads_back(tmp_path):
    table = counts_of(make_frame(0, n=1500), ROLES)
    path = tmp_path / "s.csv"
    ethiclens.sources.hand_over(table, path, min_cell=3)
    assert read_counts(path).attrs["ethiclens_suppression"]["min_cell"] == 3


# -- Parquet: the same metadata inside the file -----------------------------------------------


def _parquet(tmp_path, raw: bytes):
    table = counts_of(make_frame(0, n=1500), ROLES)
    path = tmp_path / "c.parquet"
    write_counts(table, path)
    arrow = pq.read_table(path)
    meta = dict(arrow.schema.metadata or {})
    meta[b"ethiclens"] = raw
    pq.write_table(arrow.replace_schema_metadata(meta), path)
    return path


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b"{not json", "is not valid JSON"),
        (b"\xff\xfe", "is not valid JSON"),
        (b"[1, 2]", "must hold a JSON object"),
        (b'{"ethiclens_columns": ["y"]}', "key 'ethiclens_columns'"),
        (b'{"ethiclens_n_bins": "x"}', "key 'ethiclens_n_bins'"),
    ],
)
def test_a_parquet_tables_metadata_is_checked_the_same(tmp_path, capsys, raw, said):
    path = _parquet(tmp_path, raw)
    capsys.readouterr()
    code = main(["audit", "--counts", str(path), "--n-boot", "200", "--protected", "race"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1, err
    assert f"the metadata inside the Parquet file {path}" in err[0] and said in err[0], err
    assert "Fix: write the table again with `ethiclens counts`" in err[0]


# -- a counts table copied without its metadata file ------------------------------------------


def test_a_csv_without_its_metadata_file_is_told_so(written, tmp_path, capsys):
    path = _copy(written, tmp_path, name="k.csv")
    code, err = _audit(path, capsys)
    assert code == 2 and len(err) == 1, err
    line = err[0]
    assert "option '--y-true'" in line and "k.csv.ethiclens.json" in line and "is missing" in line
    assert "no y_true column" not in line and "counted without" not in line
    assert "copy k.csv.ethiclens.json beside the table" in line
    assert "name the roles by the table's own column names (--y-true y_true)" in line
    # named by the table's own columns, it runs
    capsys.readouterr()
    argv = ["audit", "--counts", str(path), "--y-true", "y_true", "--y-pred", "y_pred"]
    assert main([*argv, "--protected", "race", "--n-boot", "200"]) == 0


def test_metadata_that_does_not_record_the_role_is_told_so(written, tmp_path, capsys):
    path = _copy(written, tmp_path, meta={"ethiclens_attributes": ["race"]})
    code, err = _audit(path, capsys)
    assert code == 2 and len(err) == 1, err
    assert "t.csv.ethiclens.json does not record the column it was counted from" in err[0]


def test_a_table_without_the_role_still_says_it_was_counted_without_it(tmp_path, capsys):
    table = counts_of(make_frame(0, n=1500), Roles(y_pred="p", protected=["race"]))
    path = tmp_path / "u.csv"
    write_counts(table, path)
    code, err = _audit(path, capsys)
    assert code == 2 and "the counts table has no y_true column" in err[0], err


# -- the engine reads a DataFrame's own attrs --------------------------------------------------


@pytest.mark.parametrize("n_bins", ["x", None, 2.5, True])
def test_audit_counts_names_a_bad_n_bins_attr(n_bins):
    table = counts_of(make_frame(0, n=1500), ROLES)
    table.attrs["ethiclens_n_bins"] = n_bins
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit_counts(table, n_boot=200)
    assert "table.attrs['ethiclens_n_bins']" in str(info.value)
    assert ethiclens.audit_counts(table, n_boot=200, n_bins=10).comparisons  # given: not read


def test_a_tables_metadata_is_not_changed_by_reading_it(written):
    before = pd.read_csv(written).shape
    assert read_counts(written).shape == before
