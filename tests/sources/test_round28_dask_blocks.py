"""Round 28: Dask cuts a CSV file into blocks at line breaks, and a quoted field holding a line
break was cut in two: the count failed ("EOF inside string") or read the pieces as rows, where
pandas reads the file whole. A file holding a quoted line break is now read whole (one
partition), every other file still in blocks; the counts equal pandas' whatever the block size,
for quoted line breaks (LF or CRLF, escaped quotes), CRLF line ends, a file without a trailing
newline, a BOM, blank lines and several files."""

import gzip

import pytest

from ethiclens.io import quoted_line_break
from ethiclens.sources import Roles, _dask, dask_file_counts, pandas_counts

pytest.importorskip("dask.dataframe")

ROWS = range(40)
FILES = {
    "quoted line break": "y,p,g\n" + "".join(f'{i % 2},{i % 2},"a\nb{i % 3}"\n' for i in ROWS),
    "a quoted row": "y,p,g\n" + "".join(f'{i % 2},{i % 2},"a\n1,1,b"\n' for i in ROWS),
    "quoted CRLF": "y,p,g\r\n" + "".join(f'{i % 2},{i % 2},"x\r\ny{i % 3}"\r\n' for i in ROWS),
    "escaped quote": "y,p,g\n" + "".join(f'{i % 2},{i % 2},"a""\nb{i % 3}"\n' for i in ROWS),
    "no trailing newline": "y,p,g\n" + "\n".join(f"{i % 2},{i % 2},g{i % 3}" for i in ROWS),
    "CRLF": "y,p,g\r\n" + "".join(f"{i % 2},{i % 2},g{i % 3}\r\n" for i in ROWS),
    "BOM": "\ufeffy,p,g\n" + "".join(f"{i % 2},{i % 2},g{i % 3}\n" for i in ROWS),
    "blank lines": "y,p,g\n" + "".join(f"{i % 2},{i % 2},g{i % 3}\n\n" for i in ROWS),
}
ROLES = Roles("p", ["g"], y_true="y")


def _same(table, reference) -> None:
    columns = ["g", "y_true", "y_pred", "count"]

    def cells(t):
        return t[columns].astype(str).sort_values(columns[:3]).reset_index(drop=True)

    assert cells(table).equals(cells(reference))


@pytest.mark.parametrize("case", sorted(FILES))
@pytest.mark.parametrize("blocksize", [16, 37, 100])
def test_the_counts_equal_pandas_whatever_the_block_size(tmp_path, monkeypatch, case, blocksize):
    path = tmp_path / "d.csv"
    path.write_bytes(FILES[case].encode())
    reference = pandas_counts(str(path), ROLES)
    assert int(reference["count"].sum()) == 40
    monkeypatch.setattr(_dask, "BLOCKSIZE", blocksize)
    _same(dask_file_counts(str(path), ROLES), reference)


def test_files_read_whole_and_in_blocks_together(tmp_path, monkeypatch):
    d = tmp_path / "d"
    d.mkdir()
    (d / "a.csv").write_bytes(FILES["quoted line break"].encode())
    (d / "b.csv").write_bytes(FILES["CRLF"].encode())
    (d / "c.csv.gz").write_bytes(gzip.compress(FILES["no trailing newline"][:-6].encode()))
    reference = pandas_counts(str(d), ROLES)
    assert int(reference["count"].sum()) == 119
    monkeypatch.setattr(_dask, "BLOCKSIZE", 37)
    _same(dask_file_counts(str(d), ROLES), reference)


def test_only_a_quoted_line_break_keeps_a_file_whole(tmp_path):
    cases = {
        'y,g\n1,"a\nb"\n': True,
        'y,g\r\n1,"a\r\nb"\r\n': True,
        'y,g\n1,"a,""b"""\n2,c\n': False,  # quotes, none across a line
        "y,g\n1,a\n": False,
    }
    for i, (text, whole) in enumerate(cases.items()):
        path = tmp_path / f"{i}.csv"
        path.write_text(text, newline="")
        assert quoted_line_break(path) is whole, text
