"""Round 38: ``io._check_writable_argument`` (the Python writers' check of their output path)
and ``fairness._display.written`` (the result writers') were near-copies, and the first let a
name too long for the file system out as a bare OSError ('[Errno 36] File name too long')
where the second named the argument. Both are now ``io._as_argument``: the same refusal for
every output path."""

from __future__ import annotations

import pytest

from ethiclens import io
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import _display


def _paths(tmp_path):
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("x")
    return {
        "folder": tmp_path / "adir",
        "missing parent": str(tmp_path / "missing" / "x.csv"),
        "parent is a file": str(tmp_path / "afile" / "x.csv"),
        "device": "/dev/null",
        "name too long": str(tmp_path / ("a" * 300 + ".csv")),
        "folder name too long": str(tmp_path / ("b" * 300) / "x.csv"),
    }


def _refusal(call) -> tuple:
    with pytest.raises(EthicLensInputError) as info:
        call()
    e = info.value
    return str(e), e.column, e.kind, e.value, e.fix


@pytest.mark.parametrize(
    "case",
    [
        "folder",
        "missing parent",
        "parent is a file",
        "device",
        "name too long",
        "folder name too long",
    ],
)
def test_writers_refuse_an_output_path_in_one_wording(tmp_path, case):
    path = _paths(tmp_path)[case]
    checked = _refusal(lambda: io._check_writable_argument(path, "path", "pass a file"))
    by_writer = _refusal(lambda: _display.written(path, lambda: io.check_writable(path)))
    assert checked == by_writer
    assert checked[0].startswith("argument 'path': ") and checked[1:3] == ("path", "argument")


def test_a_name_too_long_is_refused_naming_the_argument(tmp_path):
    # p2nia's write_request(req, out), write_json_output(path, ...), the experiments' figures
    path = str(tmp_path / ("a" * 300 + ".json"))
    words, column, kind, value, fix = _refusal(
        lambda: io._check_writable_argument(path, "out", "pass a file")
    )
    assert words.startswith("argument 'out': has a file or folder name that is too long")
    assert (column, kind, value) == ("out", "argument", path)
    assert "255 bytes" in fix
