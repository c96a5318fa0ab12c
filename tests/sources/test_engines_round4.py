"""A data path that does not exist is refused in the same words by every engine and command
(round 4 of the testers' findings: DuckDB and Dask said "matches no file", pandas "does not
exist")."""

import pytest

from ethiclens.cli import main

pytest.importorskip("duckdb")
pytest.importorskip("dask.dataframe")

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]


@pytest.mark.parametrize("name", ["nothere.csv", "nothere.parquet", "sub/nothere.csv.gz"])
def test_a_missing_file_is_refused_alike_by_every_engine(tmp_path, capsys, name):
    missing = tmp_path / name
    lines = set()
    for engine in ("pandas", "duckdb", "dask"):
        assert main(["audit", str(missing), *ROLES, "--engine", engine]) == 2
        lines.add(capsys.readouterr().err.strip().splitlines()[-1])
        argv = ["monitor", str(missing), *ROLES, "--time", "t", "--window", "1d"]
        assert main([*argv, "--store", str(tmp_path / "s.db"), "--engine", engine]) == 2
        lines.add(capsys.readouterr().err.strip().splitlines()[-1])
    assert lines == {f"error: file {missing} does not exist. Fix: check the path"}
    assert not (tmp_path / "s.db").exists()


def test_a_glob_matching_nothing_names_the_glob(tmp_path, capsys):
    pattern = str(tmp_path / "no*.csv")
    for engine in ("pandas", "duckdb"):
        assert main(["audit", pattern, *ROLES, "--engine", engine]) == 2
        assert "matches no file" in capsys.readouterr().err
