"""Round 18: CSV fields past Python's default limit (131,072 characters) are read, on every
thread alike; a header whose quote never closes is named."""

import csv
import threading

import pytest

from ethiclens.cli import main
from ethiclens.io import ragged_error

ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_header_quote_that_never_closes_is_named(tmp_path, capsys, engine):
    path = tmp_path / "u.csv"
    path.write_text('label,pred,"race\n' + "1,0,A\n0,1,B\n" * 30_000)  # past 128 KiB
    assert main(["audit", str(path), *ROLES, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "a quote opened in its header (line 1) never closes" in err, err


def test_a_column_name_past_the_csv_field_limit_is_read(tmp_path, capsys):
    path = tmp_path / "long.csv"
    path.write_text("label,pred,race," + "x" * 200_000 + "\n" + "1,0,A,1\n0,1,B,2\n" * 300)
    assert main(["audit", str(path), *ROLES, "--n-boot", "100"]) == 0


def test_long_fields_read_on_many_threads_at_once(tmp_path):
    long = tmp_path / "long.csv"  # a legitimate 150 KB field, and a row too many to find
    long.write_text("a,b\n" + "1," + "x" * 150_000 + "\n1,2,3\n")
    short = tmp_path / "short.csv"
    short.write_text("a,b\n1,2\n" * 100)
    errors, results = [], []

    def read(path):
        try:
            results.append(ragged_error([path]))
        except csv.Error as exc:  # the limit set back by another thread mid-read
            errors.append(exc)

    threads = [threading.Thread(target=read, args=(long if i % 3 else short,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sum(r is not None and "line 3 has 3 fields" in str(r) for r in results) == 16
    assert csv.field_size_limit() > 150_000
