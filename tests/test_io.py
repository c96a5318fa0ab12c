"""Reading and writing user files: clear errors, never a half-written output."""

import errno
import os

import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.io import check_outputs, read_table
from ethiclens.report import write_atomic


def test_semicolon_csv_gets_a_delimiter_hint(tmp_path):
    f = tmp_path / "x.csv"
    f.write_text("a;b;c\n1;2;3\n")
    with pytest.raises(EthicLensInputError, match="semicolons"):
        read_table(f)


def test_folder_and_gzip(tmp_path):
    with pytest.raises(EthicLensInputError, match="is a folder"):
        read_table(tmp_path)
    f = tmp_path / "x.csv.gz"
    pd.DataFrame({"a": [1, 2], "b": [3, 4]}).to_csv(f, index=False)
    assert read_table(f).shape == (2, 2)


def test_repeated_csv_header_is_refused_not_renamed(tmp_path):
    # pandas would rename the second 'a' to 'a.1' and --y-pred a would silently read the first
    f = tmp_path / "x.csv"
    f.write_text("a,a\n1,2\n")
    with pytest.raises(EthicLensInputError, match="two columns named 'a'"):
        read_table(f)
    # a real column named like pandas' renaming is no duplicate
    g = tmp_path / "y.csv"
    g.write_text("a,a.1\n1,2\n")
    assert list(read_table(g).columns) == ["a", "a.1"]


def test_outputs_never_replace_inputs_or_each_other(tmp_path):
    inp = tmp_path / "base.csv"
    inp.write_text("a\n1\n")
    with pytest.raises(EthicLensInputError, match="--json.*input|input.*--json"):
        check_outputs({"--json": inp}, inputs=[inp])
    link = tmp_path / "link.csv"
    os.link(inp, link)
    with pytest.raises(EthicLensInputError, match="input file"):
        check_outputs({"--json": link}, inputs=[inp])
    with pytest.raises(EthicLensInputError, match="also given to --json"):
        check_outputs({"--json": tmp_path / "o", "--html": tmp_path / "o"})
    rel = tmp_path / "rel"
    rel.mkdir()
    with pytest.raises(EthicLensInputError, match="inside"):
        check_outputs({"--json": rel / "manifest.json"}, protected_dirs=[rel])
    check_outputs({"--json": tmp_path / "a.json", "--html": tmp_path / "a.html"}, inputs=[inp])
    assert inp.read_text() == "a\n1\n"


def test_full_disk_leaves_the_old_file_and_a_clear_error(tmp_path, monkeypatch):
    out = tmp_path / "report.json"
    out.write_text("old")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(EthicLensInputError, match="No space left"):
        write_atomic(out, "new")
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]  # no temp file left


def test_unwritable_target_is_an_input_error():
    with pytest.raises(EthicLensInputError):
        write_atomic("/proc/ethiclens-test.json", "x")
