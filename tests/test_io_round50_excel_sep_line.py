"""A CSV exported by Excel with its separator line ('sep=,' or 'sep=;' above the header) was
refused 'line 2 has 6 fields but its header has 2. Fix: check the file is comma-separated ...'
on every face (pandas, Dask and Spark read 'sep=' as the header; DuckDB's sniffer skips it).
Every reader now refuses it in one message naming that line, its fix to delete it."""

import gzip

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import preflight_file, ragged_error, read_table
from ethiclens.sources import csv_header
from ethiclens.web._uploads import check_content

ROWS = "y,p,g,s,w,x\n" + "1,1,a,0.9,1,1\n0,0,b,0.2,1,1\n1,0,a,0.3,1,1\n0,1,b,0.7,1,1\n" * 3
COMMAS = "e.csv: its first line 'sep=,' is Excel's separator line (naming commas as the separator)"
DELETE = "Fix: delete that first line (e.g. tail -n +2 e.csv > out.csv)"


def _file(tmp_path, first="sep=,", rows=ROWS, name="e.csv"):
    path = tmp_path / name
    text = f"{first}\r\n{rows}"
    if name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text)
    return path


def _web(path):
    return check_content(path, 10**6, "e.csv")


@pytest.mark.parametrize("read", [read_table, preflight_file, csv_header, _web, ragged_error])
def test_every_reader_names_the_separator_line(tmp_path, read):
    path = _file(tmp_path)
    if read is ragged_error:  # the Spark and Dask engines' words for a ragged read
        err = ragged_error([path])
    else:
        with pytest.raises(EthicLensInputError) as caught:
            read(path)
        err = caught.value
    assert COMMAS in str(err) and DELETE in str(err)
    assert "fields but its header" not in str(err)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_the_command_line_on_each_engine(tmp_path, capsys, engine):
    path = _file(tmp_path, "sep=;", ROWS.replace(",", ";"))
    args = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*args, "--engine", engine]) == 2
    out = capsys.readouterr().err
    assert "its first line 'sep=;' is Excel's separator line (naming semicolons" in out
    assert "delete that first line" in out and "save it as such" in out


def test_a_compressed_file_and_a_bom(tmp_path):
    with pytest.raises(EthicLensInputError, match=r"first line 'sep=,' is Excel's") as err:
        read_table(_file(tmp_path, name="e.csv.gz"))
    assert "Fix: delete that first line: the column names" in str(err.value)
    with pytest.raises(EthicLensInputError, match=r"first line '\"sep=\\t\"' is Excel's"):
        preflight_file(_file(tmp_path, '\ufeff"sep=\t"', ROWS.replace(",", "\t"), "t.csv"))


@pytest.mark.parametrize("first", ["sep", "separator", "sep="])
def test_a_column_so_named_is_no_separator_line(tmp_path, first):
    path = tmp_path / "n.csv"
    path.write_text(f"{first},y\n1,0\n0,1\n")
    assert "y" in read_table(path).columns
