"""Round 46: a CSV whose fields are separated by spaces (``y yhat g`` / ``1 0 a``, as a
plain-text export or ``print(df)`` writes it) was read as one column and then refused for
"column 'y': not found ... use one of its columns: 'y yhat g'", which hid the cause; a file
separated by semicolons, tabs or pipes was told its separator. Every reader now says the
spaces; a header naming one column that merely holds a space is still read."""

from __future__ import annotations

import pytest

import ethiclens.io as eio
from ethiclens.cli import main
from ethiclens.errors import DataFileError
from ethiclens.sources import read_counts

SAID = (
    "s.csv has one column 'y yhat g': its fields look separated by spaces, not commas. "
    "Fix: save it as comma-separated CSV (or Parquet)"
)


@pytest.mark.parametrize(
    "text",
    [
        "y yhat g\n1 1 a\n0 1 b\n1 0 a\n",
        "y  yhat  g\r\n1  1  a\r\n",
        '"y" "yhat" "g"\n"1" "0" "a"\n',
    ],
)
def test_a_space_separated_csv_is_told_its_separator_on_every_reader(tmp_path, text):
    path = tmp_path / "s.csv"
    path.write_text(text, newline="")
    said = SAID.replace("'y yhat g'", repr(eio.csv_head(path)[0][0]))
    for read in (eio.read_table, eio.preflight_file, read_counts):  # pandas, DuckDB/Dask, --counts
        with pytest.raises(DataFileError) as err:
            read(path)
        assert str(err.value) == said, read


def test_the_cli_says_the_spaces_not_a_missing_column(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("y yhat g\n1 1 a\n0 1 b\n")
    for engine in ("pandas", "duckdb"):
        args = ["audit", str(path), "--y-true", "y", "--y-pred", "yhat", "--protected", "g"]
        assert main([*args, "--engine", engine]) == 2
        out = capsys.readouterr().err
        assert SAID in out and "not found" not in out, engine


def test_a_one_column_name_holding_a_space_is_still_read(tmp_path):
    path = tmp_path / "one.csv"
    path.write_text("credit score\n1\n2\n")
    assert list(eio.read_table(path).columns) == ["credit score"]
    eio.preflight_file(path)


# review of b7b60aa4: a quoted one-column name over quoted values holding spaces is one column
# (it was told "separated by spaces"); print(df)'s rows lead with the index, one field more
# (it was told "not found"); a short file's last line is read (a two-line file was judged by
# its first row only)
@pytest.mark.parametrize(
    "text", ['"full name"\n"John Smith"\n"Jane Doe"\n', "a b\n1 2\n3\n", "y\n1 2\n0 1\n"]
)
def test_a_quoted_or_uneven_one_column_file_is_still_read(tmp_path, text):
    path = tmp_path / "one.csv"
    path.write_text(text)
    assert eio.read_table(path).shape[1] == 1
    eio.preflight_file(path)


def test_print_df_with_its_index_is_told_its_separator(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("   y  yhat  g\n0  1     1  a\n1  0     1  b\n2  1     0  a\n")
    for read in (eio.read_table, eio.preflight_file, read_counts):
        with pytest.raises(DataFileError, match="separated by spaces, not commas"):
            read(path)
