"""A refused row of a hive-partitioned folder or glob is named by its file's path relative to
the folder or glob given (``year=2024/part.csv line 2``), the same words on every engine; it
was named ``part.csv line 2``, which many partitions share. A file given alone keeps its name."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
FAST = ["pandas", "duckdb", "dask"]


def _hive(root, kind):
    for i, year in enumerate(["2023", "2024"]):
        folder = root / f"year={year}"
        folder.mkdir(parents=True)
        r = np.random.default_rng(i)
        rows = pd.DataFrame({"y": r.integers(0, 2, 30), "p": r.integers(0, 2, 30)})
        rows["g"] = ["a", "b"] * 15
        if year == "2024":
            rows["p"] = rows["p"].astype(float)
            rows.loc[0, "p"] = 0.5  # a stray label at line 2 (row 1)
        if kind == "csv":
            rows.to_csv(folder / "part.csv", index=False)
        else:
            rows.to_parquet(folder / "part.parquet")
    return root


def _said(capsys, target, engine) -> str:
    assert main(["audit", str(target), *ROLES, "--engine", engine]) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", FAST)
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_partitions_row_is_named_by_its_path_below_the_folder(tmp_path, capsys, engine, kind):
    root = _hive(tmp_path / "data", kind)
    where = "year=2024/part.csv line 2" if kind == "csv" else "year=2024/part.parquet row 1"
    said = _said(capsys, root, engine)
    assert f"first at {where} " in said, said
    glob = _said(capsys, f"{root}/*/part.{kind}", engine)
    assert glob == said.replace(str(root), f"{root}/*/part.{kind}"), glob
    alone = root / "year=2024" / f"part.{kind}"
    assert f"first at part.{kind} {where.split()[-2]} " in _said(capsys, alone, engine)


@pytest.mark.slow
def test_spark_names_a_partitions_row_by_its_path_below_the_folder(tmp_path, capsys, spark):
    root = _hive(tmp_path / "data", "csv")
    assert "first at year=2024/part.csv line 2 " in _said(capsys, root, "spark")
