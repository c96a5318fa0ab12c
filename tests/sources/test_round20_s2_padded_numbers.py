"""Round 20 (S2): a CSV score or weight that Python's float() reads but pd.to_numeric does not
(' inf', 'inf ', '\\tinf', ' Infinity', '+nan') is the number the pandas reference path's
audit reads, on every engine, with one message and the value shown: it was "(value: nan)" on
DuckDB and "weights must be numbers … (value: ' inf')" on Dask. Padded plain numbers (' 0.5',
'0.5 ') are accepted everywhere."""

import pytest

from ethiclens.cli import main

from .conftest import make_frame

pytest.importorskip("duckdb")
pytest.importorskip("dask")

ENGINES = ("pandas", "duckdb", "dask")
ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]
FLAGS = {"w": ["--weight", "w"], "s": ["--y-score", "s"]}


def _csv(tmp_path, column: str, value: str):
    """A CSV whose ``column`` holds ``value`` (written as is) on line 6."""
    path = tmp_path / f"{column}.csv"
    make_frame(12, n=300).to_csv(path, index=False)
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    cells = lines[5].split(",")
    cells[header.index(column)] = value
    lines[5] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n")
    return path


def _said(capsys, path, column: str) -> dict:
    """Each engine's (exit code, last line of stderr) for the audit of ``path``."""
    said = {}
    for engine in ENGINES:
        capsys.readouterr()
        argv = ["audit", str(path), *ROLES, *FLAGS[column], "--engine", engine]
        rc = main([*argv, "--n-boot", "100"])
        err = capsys.readouterr().err.strip().splitlines()
        said[engine] = (rc, err[-1] if err else "")
    return said


@pytest.mark.parametrize(
    ("value", "shown"),
    [(" inf", "inf"), ("inf ", "inf"), ("\tinf", "inf"), (" -inf", "-inf"), (" Infinity", "inf")],
)
@pytest.mark.parametrize("column", ["w", "s"])
def test_padded_infinity_is_infinity_on_every_engine(tmp_path, capsys, column, value, shown):
    said = _said(capsys, _csv(tmp_path, column, value), column)
    assert len(set(said.values())) == 1, said
    rc, err = said["pandas"]
    problem = "weights must be finite and >= 0" if column == "w" else "scores must lie in [0, 1]"
    assert rc == 2 and problem in err, err
    assert f"first at {column}.csv line 6 (value: {shown})." in err, err


@pytest.mark.parametrize("value", ["+nan", " nan", "nan "])
def test_signed_or_padded_nan_is_missing_on_every_engine(tmp_path, capsys, value):
    said = _said(capsys, _csv(tmp_path, "s", value), "s")
    assert len(set(said.values())) == 1, said
    assert said["pandas"][1].endswith(
        "1 missing score(s), first at s.csv line 6. Fix: drop or impute those rows"
    ), said
    said = _said(capsys, _csv(tmp_path, "w", value), "w")
    assert len(set(said.values())) == 1, said
    assert "first at w.csv line 6 (value: nan)." in said["pandas"][1], said


@pytest.mark.parametrize("value", [" 0.5", "0.5 ", "\t0.5", " 1e-1"])
@pytest.mark.parametrize("column", ["w", "s"])
def test_padded_numbers_are_accepted_on_every_engine(tmp_path, capsys, column, value):
    said = _said(capsys, _csv(tmp_path, column, value), column)
    assert all(rc == 0 for rc, _ in said.values()), said
