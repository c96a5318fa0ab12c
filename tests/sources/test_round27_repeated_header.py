"""Round 27: a CSV line in the middle of a file that repeats the header (files joined with
``cat``, each keeping its header) is refused as a repeated header line, naming the file and the
line, alike on every engine; before, each engine refused its values as a stray label ('p' among
0/1), and with --pos-label the header row was counted as a row of group 'race'."""

import gzip

import pytest

from ethiclens.cli import main
from tests.sources.conftest import make_frame

BOM = "\ufeff"
ENGINES = ("pandas", "duckdb", "dask")


def _part(seed: int) -> str:
    return make_frame(seed, n=40)[["y", "p", "race", "s"]].to_csv(index=False)


def _error(capsys, args) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def _refusals(capsys, target, extra=()) -> set:
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "race", *extra]
    return {
        _error(capsys, ["audit", str(target), "--engine", engine, *roles]) for engine in ENGINES
    }


@pytest.mark.parametrize("layout", ["file", "gz", "folder", "bom"])
def test_every_engine_names_a_repeated_header_line(tmp_path, capsys, layout):
    joined = _part(1) + _part(2)  # line 42 repeats the header
    if layout == "bom":  # files joined with their byte-order marks: the second one mid-file
        joined = BOM + _part(1) + BOM + _part(2)
    if layout == "folder":
        target = tmp_path / "feed"
        target.mkdir()
        (target / "a.csv").write_text(_part(3))
        (target / "b.csv").write_text(joined)
    elif layout == "gz":
        target = tmp_path / "f.csv.gz"
        target.write_bytes(gzip.compress(joined.encode()))
    else:
        target = tmp_path / "f.csv"
        target.write_text(joined, encoding="utf-8")
    (err,) = _refusals(capsys, target)
    name = "b.csv" if layout == "folder" else target.name
    assert f"{name} line 42 repeats the header line" in err
    assert "delete" in err


def test_a_repeated_header_is_refused_with_pos_label_and_scores(tmp_path, capsys):
    # with --pos-label the header's 'p' and 'y' are labels like any other: it was counted
    path = tmp_path / "f.csv"
    path.write_text(_part(1) + _part(2))
    extra = ["--pos-label", "1", "--y-score", "s"]
    (err,) = _refusals(capsys, path, extra)
    assert "f.csv line 42 repeats the header line" in err


def test_a_row_holding_column_names_but_not_the_header_is_not_named_so(tmp_path, capsys):
    # the row's key values are the column names, its score is not: not a header line
    path = tmp_path / "f.csv"
    path.write_text(_part(1) + "y,p,race,0.5\n")
    (err,) = _refusals(capsys, path)
    assert "repeats the header" not in err and "line 42" in err


@pytest.mark.slow
def test_spark_names_a_repeated_header_line(tmp_path, spark):  # under the active session
    pytest.importorskip("pyspark")
    from ethiclens.errors import DataFileError
    from ethiclens.sources import Roles, spark_file_counts

    path = tmp_path / "f.csv"
    path.write_text(_part(1) + _part(2))
    with pytest.raises(DataFileError, match="f.csv line 42 repeats the header line"):
        spark_file_counts(str(path), Roles("p", ["race"], y_true="y"))
