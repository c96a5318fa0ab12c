"""Dask reads a CSV file whole only where a line break lies inside a quoted field, told as the
CSV reader tells one: a '"' opens a quoted field only at a field's start, elsewhere it is a
character of the value (``5" screen``). Every '"' was counted: a literal quote made a file
with no quoted line break read whole (slower), and a literal quote before a quoted line break
hid it, so Dask cut that row in two and counted other cells than pandas."""

import pytest

from ethiclens.io import quoted_line_break
from ethiclens.sources import Roles, _dask, dask_file_counts, duckdb_counts, pandas_counts

pytest.importorskip("dask.dataframe")

ROLES = Roles("p", ["g"], y_true="y")
LITERAL = "y,p,g\n" + "".join(f'{i % 2},{i % 2},g{i % 3} 5" x\n' for i in range(40))
# a literal '"' before each quoted field and one after it: every line break follows an even
# number of '"', the quoted ones too
HIDDEN = "y,p,h,g,k\n" + "".join(f'{i % 2},{i % 2},5"x,"a\n1,0,b{i % 3}",5"\n' for i in range(40))


@pytest.mark.parametrize(
    ("text", "whole"),
    [
        (LITERAL, False),
        (HIDDEN, True),
        ('y,g\n1,a"b\n2,"c\nd"\n', True),
        ('y,g\n1,"a"x"\n2,c\n', False),  # after a closing quote, a '"' is a character
        ('y,g\n1,"a""\nb"\n', True),  # an escaped quote, then a line break inside the quotes
        ('y,g\n1, "a\n2,b"\n', False),  # a quote after a space opens no quoted field
    ],
)
def test_only_a_quoted_line_break_as_the_reader_reads_it_keeps_a_file_whole(tmp_path, text, whole):
    path = tmp_path / "d.csv"
    path.write_text(text, newline="")
    assert quoted_line_break(path) is whole


@pytest.mark.parametrize("text", [LITERAL, HIDDEN])
@pytest.mark.parametrize("blocksize", [16, 37, 100])
def test_the_counts_equal_pandas_whatever_the_block_size(tmp_path, monkeypatch, text, blocksize):
    path = tmp_path / "d.csv"
    path.write_text(text, newline="")
    reference = pandas_counts(str(path), ROLES)
    assert int(reference["count"].sum()) == 40
    _same(duckdb_counts(str(path), ROLES), reference)
    monkeypatch.setattr(_dask, "BLOCKSIZE", blocksize)
    _same(dask_file_counts(str(path), ROLES), reference)


def _same(table, reference) -> None:
    columns = ["g", "y_true", "y_pred", "count"]

    def cells(t):
        return t[columns].astype(str).sort_values(columns[:3]).reset_index(drop=True)

    assert cells(table).equals(cells(reference))
