"""Round 49: a CSV's last line cut short (no line break after it, fewer fields than the
header: a file still being written) is refused by its line as any short row is (f1aa537c),
with the words the monitor gave it before that: the file may not be finished (plain or gzip);
a short row ended by a line break, or inside the file, is refused without them."""

from __future__ import annotations

import gzip

import pytest

from ethiclens.errors import DataFileError
from ethiclens.io import ragged_error, read_table

HEAD = "y,p,g\n1,0,a\n0,1,b\n"
HINT = "(the file's last line, cut short: if d.csv{gz} is still being written, run again"


@pytest.mark.parametrize("gz", ["", ".gz"])
@pytest.mark.parametrize(
    "tail, line, cut",
    [("1,0", 4, True), ("1", 4, True), ("1,0\n", 4, False), ("1,0\n0,1,b", 4, False)],
    ids=["cut", "cut-to-one-field", "ended", "inside"],
)
def test_a_last_line_cut_short_says_the_file_may_be_unfinished(tmp_path, gz, tail, line, cut):
    path = tmp_path / f"d.csv{gz}"
    data = (HEAD + tail).encode()
    path.write_bytes(gzip.compress(data) if gz else data)
    fields = len(tail.split("\n")[0].split(","))
    with pytest.raises(DataFileError, match=f"d.csv{gz} line {line} has {fields} fields") as caught:
        read_table(path)
    said = str(caught.value)
    assert (HINT.format(gz=gz) in said) is cut, said
    assert ("Fix: run again once" in said) is cut
    assert str(ragged_error([path])) == said  # every engine's words
