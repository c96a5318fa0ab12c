"""Tester round 13: a counts table's ``--min-cell`` statement (its metadata's
``ethiclens_suppression``) is checked against the cells where the table is read: a cell under
``min_cell`` (one added by hand, or the unsuppressed table under another table's metadata) or
cells that do not add up to ``rows_kept`` are refused, naming the cell or the totals, the
metadata and the fix, on CSV and Parquet alike: never a report repeating a false privacy claim."""

from __future__ import annotations

import json
import shutil

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import read_counts
from tests.sources.conftest import make_frame

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race", "--protected", "sex"]
MIN_CELL = 60


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    """The data, its full counts table and its --min-cell tables (CSV and Parquet)."""
    folder = tmp_path_factory.mktemp("round13")
    data = folder / "d.csv"
    make_frame(0, n=3000).to_csv(data, index=False)
    out = {}
    for name, more in (
        ("full.csv", []),
        ("cm.csv", ["--min-cell", str(MIN_CELL)]),
        ("cm.parquet", ["--min-cell", str(MIN_CELL)]),
    ):
        out[name] = folder / name
        argv = ["counts", str(data), *ROLES, *more, "--engine", "pandas", "--out", str(out[name])]
        assert main(argv) == 0
    full = pd.read_csv(out["full.csv"])
    assert (full["count"] < MIN_CELL).any() and (full["count"] >= MIN_CELL).any()
    return out


def _audit(path, capsys) -> str:
    assert main(["audit", "--counts", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


def test_the_written_tables_read_and_audit(tables, capsys):
    for name in ("cm.csv", "cm.parquet"):
        table = read_counts(tables[name])
        assert (table["count"] >= MIN_CELL).all()
        assert main(["audit", "--counts", str(tables[name])]) == 0
        assert f"--min-cell {MIN_CELL} dropped" in capsys.readouterr().out


def test_a_small_cell_added_to_a_suppressed_csv_is_refused(tables, tmp_path, capsys):
    path = tmp_path / "unsup.csv"
    text = tables["cm.csv"].read_text() + "D,F,1,1,5\n"
    path.write_text(text)
    shutil.copy(f"{tables['cm.csv']}.ethiclens.json", f"{path}.ethiclens.json")
    err = _audit(path, capsys)
    assert "ethiclens_suppression.min_cell" in err and "unsup.csv.ethiclens.json" in err, err
    line = len(text.splitlines())
    assert f"cell (race='D', sex='F', y_true=1, y_pred=1) at unsup.csv line {line}" in err, err
    assert "holds 5 rows" in err and f"--min-cell {MIN_CELL}" in err, err
    assert "ethiclens counts" in err, err  # the fix


def test_the_unsuppressed_table_under_suppressed_metadata_is_refused(tables, tmp_path, capsys):
    path = tmp_path / "swap.csv"
    shutil.copy(tables["full.csv"], path)
    shutil.copy(f"{tables['cm.csv']}.ethiclens.json", f"{path}.ethiclens.json")
    full = pd.read_csv(path)
    n_small = int((full["count"] < MIN_CELL).sum())
    err = _audit(path, capsys)
    assert f"{n_small} cell(s) of swap.csv hold fewer" in err, err
    with pytest.raises(EthicLensInputError, match="holds fewer|hold fewer"):
        read_counts(path)


def test_cells_that_do_not_add_up_to_the_rows_kept_are_refused(tables, tmp_path, capsys):
    path = tmp_path / "edit.csv"
    cells = pd.read_csv(tables["cm.csv"])
    cells.loc[0, "count"] += 100  # every cell still at least min_cell
    cells.to_csv(path, index=False)
    shutil.copy(f"{tables['cm.csv']}.ethiclens.json", f"{path}.ethiclens.json")
    kept = json.loads(open(f"{path}.ethiclens.json").read())["ethiclens_suppression"]["rows_kept"]
    err = _audit(path, capsys)
    assert "ethiclens_suppression.rows_kept" in err and f"says {kept:,} rows were kept" in err
    assert f"add up to {kept + 100:,} rows" in err, err


def test_a_parquet_table_holding_a_small_cell_is_refused(tables, tmp_path, capsys):
    path = tmp_path / "unsup.parquet"
    arrow = pq.read_table(tables["cm.parquet"])
    cells = arrow.to_pandas()
    small = pd.DataFrame([{"race": "D", "sex": "F", "y_true": 1, "y_pred": 1, "count": 5}])
    tampered = pd.concat([cells, small], ignore_index=True)
    out = pa.Table.from_pandas(tampered, preserve_index=False)
    pq.write_table(out.replace_schema_metadata(arrow.schema.metadata), path)
    err = _audit(path, capsys)
    assert "inside the Parquet file" in err and "ethiclens_suppression.min_cell" in err, err
    assert f"unsup.parquet row {len(tampered)}" in err and "holds 5 rows" in err, err
