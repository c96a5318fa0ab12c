"""Round 45 holdout: a CSV whose quoted fields are separated by semicolons (``"a";"b"``, as
Excel writes it in many locales, e.g. ``df.to_csv(sep=';', quoting=csv.QUOTE_ALL)``), tabs or
pipes was refused on every engine and face for "text follows a closing quote (\"a\";)", a fix
no such file takes; an unquoted one was told its separator. Both now get the separator's words.
"""

from __future__ import annotations

import pytest

import ethiclens.io as eio
from ethiclens.errors import DataFileError
from ethiclens.sources import read_counts

QUOTED = [
    ('"a";"b";"c"\r\n"1";"0";"x"\r\n', "semicolons", 'a;"b";"c"'),
    ('"a"\t"b"\t"c"\n"1"\t"0"\t"x"\n', "tabs", 'a\\t"b"\\t"c"'),
    ('"a"|"b"|"c"\n"1"|"0"|"x"\n', "pipes", 'a|"b"|"c"'),
]


@pytest.mark.parametrize(("text", "shown", "header"), QUOTED)
def test_a_quoted_separated_csv_is_told_its_separator_on_every_reader(
    tmp_path, text, shown, header
):
    path = tmp_path / "q.csv"
    path.write_text(text, newline="")
    said = (
        f"q.csv has one column '{header}': its fields look separated by {shown}, not commas. "
        "Fix: save it as comma-separated CSV (or Parquet)"
    )
    for read in (eio.read_table, eio.preflight_file, read_counts):  # pandas, DuckDB/Dask, --counts
        with pytest.raises(DataFileError) as err:
            read(path)
        assert str(err.value) == said, read


def test_text_after_a_quote_in_a_comma_separated_file_keeps_its_words(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text('a,b\n"1";x,0\n')
    with pytest.raises(DataFileError, match="text follows a closing quote"):
        eio.preflight_file(path)


def test_a_line_above_a_comma_separated_table_is_not_taken_for_its_separator(tmp_path):
    """UCI's adult.test starts '|1x3 Cross validator' above comma-separated rows: it was
    refused as a file 'separated by pipes' (fix: save it as comma-separated CSV, which it is)."""
    path = tmp_path / "t.csv"
    path.write_text("|1x3 Cross validator\n25, Private, <=50K.\n38, Private, >50K.\n")
    said = (
        "t.csv: its first line '|1x3 Cross validator' is not a header row: the rows below it "
        "hold 3 comma-separated fields. Fix: delete the lines above the table (e.g. tail -n +2 "
        "in.csv > out.csv) and make its first line the column names"
    )
    for read in (eio.read_table, eio.preflight_file, read_counts):
        with pytest.raises(DataFileError) as err:
            read(path)
        assert str(err.value) == said, read
    path.write_text("a|b\n1|2\n")  # separated by pipes: told so
    with pytest.raises(DataFileError, match="separated by pipes, not commas"):
        eio.preflight_file(path)


def test_read_table_names_the_separator_before_a_row_s_length(tmp_path):
    """Semicolons with decimal commas (1,5;2,5): read_table said 'line 2 has 3 fields but its
    header has 1', where every face (its preflight) names the semicolons."""
    path = tmp_path / "eu.csv"
    path.write_text("a;b;c\n1,5;2,5;0\n")
    with pytest.raises(DataFileError, match="separated by semicolons, not commas"):
        eio.read_table(path)
