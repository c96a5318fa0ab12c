"""A protected attribute named like a counts-table column (``count``, ``y_true``) was audited
by the pandas engine (exit 0) and refused by DuckDB, Dask, Spark, a database and ``ethiclens
counts``, which key their cells by those names: now refused alike on every engine."""

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize("name", ["count", "y_true", "score_sum"])
def test_a_reserved_group_column_name_is_refused_alike(tmp_path, capsys, engine, name):
    path = tmp_path / "d.csv"
    path.write_text(
        "y,p,"
        + name
        + "\n"
        + "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 3 % 2]}\n" for i in range(200))
    )
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", name]
    assert main([*argv, "--engine", engine]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert "a protected attribute may not use a reserved counts-table name. Fix: rename" in said
    assert main([*argv, "--engine", "duckdb"]) == 2  # (refused so before)
    assert capsys.readouterr().err.strip().splitlines()[-1] == said
