"""Round 20 (V): a CSV score or weight written with a character that is not ASCII (a no-break
space '\\xa00.5', an Arabic-Indic digit '١', a full-width '０.５') is not a number on any engine,
with one message naming its line and value: Python's float() reads it, so the pandas engine
took it for a number where DuckDB, Dask and Spark refused it. A '+nan' is a missing score
on Spark too, as on the other engines (Spark's cast reads 'nan' and '+NaN' but not '+nan')."""

import pytest

from ethiclens.cli import main

from .conftest import make_frame

pytest.importorskip("duckdb")
pytest.importorskip("dask")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
FLAGS = {"w": ["--weight", "w"], "s": ["--y-score", "s"]}
PROBLEM = {"w": "weights must be numbers", "s": "scores must be numbers in [0, 1]"}
ROLE = {"w": "sample_weight", "s": "y_score"}


def _csv(tmp_path, column: str, value: str):
    """A CSV whose ``column`` holds ``value`` (written as is) on line 6."""
    path = tmp_path / f"{column}.csv"
    make_frame(13, n=300).to_csv(path, index=False)
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    cells = lines[5].split(",")
    cells[header.index(column)] = value
    lines[5] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _said(capsys, path, column: str, engines) -> dict:
    """Each engine's (exit code, last line of stderr) for the audit of ``path``."""
    said = {}
    for engine in engines:
        capsys.readouterr()
        argv = ["audit", str(path), *ROLES, *FLAGS[column], "--engine", engine]
        rc = main([*argv, "--n-boot", "100"])
        err = capsys.readouterr().err.strip().splitlines()
        said[engine] = (rc, err[-1] if err else "")
    return said


@pytest.mark.parametrize("value", ["\xa00.5", "0.5\u2003", "\u0661", "\uff10.\uff15"])
@pytest.mark.parametrize("column", ["w", "s"])
def test_non_ascii_number_is_not_a_number_on_every_engine(tmp_path, capsys, column, value):
    said = _said(capsys, _csv(tmp_path, column, value), column, ("pandas", "duckdb", "dask"))
    assert len(set(said.values())) == 1, said
    rc, err = said["pandas"]
    assert rc == 2, said
    assert err.startswith(f"error: column '{column} ({ROLE[column]})': "), err
    assert f"{PROBLEM[column]}; 1 value is not a number, first at {column}.csv line 6" in err, err
    assert f"(value: {value!r})" in err, err
