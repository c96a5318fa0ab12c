"""Round 15: one answer on every engine. A file, folder or glob without a data row is refused
with the pandas path's words (exit 2, nothing written) by audit and counts on every engine; a CSV
with CRLF data lines under an LF header is read by DuckDB too; an explicit engine with --db is
refused; the --scheduler and empty-group-name messages fit every case."""

from __future__ import annotations

import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
FAST = ("pandas", "duckdb", "dask")


def _empty_targets(tmp_path) -> dict:
    """{name: (target, the refusal's subject)} of targets without a data row."""
    empty = pd.DataFrame({"label": pd.Series([], dtype="int64"), "pred": [], "race": []})
    empty["pred"] = empty["pred"].astype("int64")
    empty["race"] = empty["race"].astype(object)
    pq_file = tmp_path / "zerorows.parquet"
    empty.to_parquet(pq_file)
    csv_file = tmp_path / "zerorows.csv"
    csv_file.write_text("label,pred,race\n")
    hdr = tmp_path / "f_allhdr"
    hdr.mkdir()
    (hdr / "a.csv").write_text("label,pred,race\n")
    (hdr / "b.csv").write_text("pred,label,race\n")  # two files, not one twice
    zpq = tmp_path / "f_allz"
    zpq.mkdir()
    empty.to_parquet(zpq / "a.parquet")
    empty[["race", "pred", "label"]].to_parquet(zpq / "b.parquet")
    glob = str(hdr / "*.csv")
    return {
        "parquet file": (str(pq_file), f"file {pq_file}"),
        "csv file": (str(csv_file), f"file {csv_file}"),
        "header-only csv folder": (str(hdr), str(hdr)),
        "zero-row parquet folder": (str(zpq), str(zpq)),
        "glob": (glob, glob),
    }


def _no_rows(tmp_path, capsys, engines, commands=("audit", "counts")) -> list:
    """Every (engine, command, target) whose answer is not the pandas path's refusal."""
    wrong = []
    for name, (target, subject) in _empty_targets(tmp_path).items():
        want = f"error: {subject} has no data rows. Fix: export the data again"
        for engine in engines:
            for command in commands:
                flag, ext = ("--json", "json") if command == "audit" else ("--out", "parquet")
                out = tmp_path / f"out-{command}-{engine}.{ext}"
                code = main([command, target, *ROLES, "--engine", engine, flag, str(out)])
                err = capsys.readouterr().err.strip().splitlines()
                got = (code, err[-1] if err else "", out.exists())
                if got != (2, want, False):
                    wrong.append((name, engine, command, got))
    return wrong


def test_no_data_rows_is_the_pandas_refusal_on_every_fast_engine(tmp_path, capsys):
    """DuckDB (the default for files) and Dask said "column 'count': no rows to audit (every
    count is 0). Fix: build it with ethiclens counts ..." and `counts` wrote an empty table
    (exit 0); a zero-row Parquet file lacked the word "file" a zero-row CSV has."""
    pytest.importorskip("duckdb")
    pytest.importorskip("dask.dataframe")
    assert _no_rows(tmp_path, capsys, FAST) == []


def test_counts_of_a_zero_row_parquet_by_default_writes_nothing(tmp_path, capsys):
    pytest.importorskip("duckdb")
    target, subject = _empty_targets(tmp_path)["parquet file"]
    out = tmp_path / "zc.parquet"
    assert main(["counts", target, *ROLES, "--out", str(out)]) == 2
    assert f"{subject} has no data rows" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.slow
def test_no_data_rows_is_the_pandas_refusal_on_spark(tmp_path, capsys):
    pytest.importorskip("pyspark")
    assert _no_rows(tmp_path, capsys, ("spark",)) == []
