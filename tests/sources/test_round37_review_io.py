"""Round 37 review of the io.py and sources/ line cuts (abc636b3 ... fd272ae4).

- A CSV whose fields are separated by semicolons, tabs or pipes was refused in two wordings:
  ``read_counts`` (``ethiclens audit --counts``) said "look separated by something other than
  commas. Fix: save it as comma-separated CSV", ``read_table`` and the file engines said
  "look separated by semicolons, not commas. Fix: ... (or Parquet)". One refusal, one
  message: the counts path now says io's words.
- abc636b3 folded the two not-a-path refusals into one: a ``str`` subclass holding a NUL
  (numpy's ``np.str_``) given to a read was shown as ``np.str_('a\\x00b')`` (the writer
  showed ``'a\\x00b'``); both show the text now. Pinned here.
- d446583f made write_atomic's two except clauses one: an interrupt mid-write still removes
  the temporary file and re-raises the same exception; an OSError is still the refusal.
"""

from __future__ import annotations

import os

import numpy as np
import pandas as pd
import pytest

import ethiclens.io as eio
from ethiclens.cli import main
from ethiclens.errors import DataFileError, EthicLensInputError
from ethiclens.sources import read_counts

SEPARATED = [
    ("a;b;c\n1;2;3\n", "semicolons", "a;b;c"),
    ("a\tb\tc\n1\t2\t3\n", "tabs", "a\\tb\\tc"),
    ("a|b|c\n1|2|3\n", "pipes", "a|b|c"),
]


@pytest.mark.parametrize(("text", "shown", "header"), SEPARATED)
def test_counts_and_table_reads_refuse_a_separated_csv_in_one_wording(
    tmp_path, text, shown, header
):
    path = tmp_path / "t.csv"
    path.write_text(text)
    with pytest.raises(DataFileError) as table:
        eio.read_table(path)
    with pytest.raises(DataFileError) as counts:
        read_counts(path)
    said = (
        f"t.csv has one column '{header}': its fields look separated by {shown}, not commas. "
        "Fix: save it as comma-separated CSV (or Parquet)"
    )
    assert str(table.value) == said
    assert str(counts.value) == said


def test_audit_counts_cli_says_the_same_words(tmp_path, capsys):
    path = tmp_path / "semi.csv"
    path.write_text("a;b;c\n1;2;3\n")
    assert main(["audit", "--counts", str(path)]) != 0
    err = capsys.readouterr().err
    assert "its fields look separated by semicolons, not commas" in err
    assert "comma-separated CSV (or Parquet)" in err
    assert "something other than commas" not in err


def test_a_numpy_text_path_with_a_nul_is_shown_as_text_by_reads_and_writes(tmp_path):
    path = np.str_("a\x00b.csv")
    for call in [lambda: eio.read_table(path), lambda: eio.write_atomic(path, "x")]:
        with pytest.raises(EthicLensInputError) as exc:
            call()
        assert str(exc.value) == (
            "argument 'path': a path cannot hold a NUL character (\\x00) "
            "(value: 'a\\x00b.csv'). Fix: remove it: no file or folder name holds one"
        )
        assert type(exc.value.value) is str


class _Interrupted(KeyboardInterrupt):
    pass


@pytest.mark.parametrize("exc", [_Interrupted(), SystemExit(3), OSError(28, "No space left")])
def test_write_atomic_cut_mid_write_leaves_the_old_file_and_no_temporary(
    tmp_path, monkeypatch, exc
):
    out = tmp_path / "report.html"
    out.write_text("OLD")
    real = os.fdopen

    class Cut:
        def __init__(self, fd, mode):
            self.fh = real(fd, mode)

        def __enter__(self):
            return self

        def __exit__(self, *args):
            self.fh.close()

        def write(self, data):
            self.fh.write(data[:2])
            raise exc

    monkeypatch.setattr(eio.os, "fdopen", Cut)
    with pytest.raises(BaseException) as raised:
        eio.write_atomic(out, "NEW CONTENT")
    monkeypatch.undo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html"]
    assert out.read_text() == "OLD"
    if isinstance(exc, OSError):
        assert type(raised.value) is EthicLensInputError
        assert raised.value.__cause__ is exc
        assert str(raised.value) == (
            f"output {out}: could not be written (No space left). Fix: free disk space or "
            "choose another folder; nothing was left half-written"
        )
    else:
        assert raised.value is exc


def test_os_error_line_names_a_loop_only_for_python_s_words():
    fix = "Fix: point the link at a file, or give the file's own path"
    line = eio.os_error_line(RuntimeError("Symlink loop from '/p/q'"))
    assert line == f"the path is a loop of symbolic links (value: '/p/q'). {fix}"
    assert eio.os_error_line(RuntimeError("maximum recursion depth exceeded")) is None
    assert eio.os_error_line(RuntimeError("x Symlink loop from '/p'")) is None


def test_counts_of_refuses_each_nested_cell_kind_it_names():
    from ethiclens.sources import Roles, counts_of

    roles = Roles(protected=("g",), y_true="y", y_pred="p")
    # in the audit's words, with the value (round 37 review: one wording for one problem)
    for cell, shown in (
        ([1], "[1]"),
        ({"a": 1}, "{'a': 1}"),
        ({1}, "{1}"),
        (np.array([1, 2]), "[1, 2]"),
    ):
        frame = pd.DataFrame({"g": ["a", "b", "a"], "y": [0, 1, 1], "p": [1, 0, 1]}, dtype=object)
        frame.at[1, "g"] = cell
        with pytest.raises(EthicLensInputError) as exc:
            counts_of(frame, roles)
        assert str(exc.value) == (
            "column 'g': group values must be scalars (found a list, tuple "
            "or other cell that is not one value), "
            f"first at row 1 (value: {shown}). Fix: give one group label per row, e.g. a string"
        )
