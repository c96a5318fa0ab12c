"""A file of a hive-partitioned folder or glob that is damaged (a row with surplus fields, a
repeated header line, a NUL byte, a byte that is not UTF-8, UTF-16 text, a column named twice)
is named by its path below the folder or the glob's fixed part (``year=2024/part.csv``), the
same words on every engine, as its refused rows are; it was named ``part.csv``, which many
partitions share. A file given alone keeps its name."""

import pytest

from ethiclens.cli import main

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
ROWS = "y,p,g\n" + "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 2]}\n" for i in range(20))
DAMAGE = {
    "ragged": lambda b: b.replace(b"1,1,b\n", b"1,1,b,x\n", 1),
    "header": lambda b: b + b"y,p,g\n1,0,a\n",
    "nul": lambda b: b.replace(b"1,1,b\n", b"1,1,\x00b\n", 1),
    "utf8": lambda b: b.replace(b"1,1,b\n", b"1,1,b\xff\n", 1),
    "utf16": lambda b: ROWS.encode("utf-16"),
    "names": lambda b: b.replace(b"y,p,g\n", b"y,p,g,g\n", 1),
}


def _hive(root, damage):
    for year in ["2023", "2024"]:
        folder = root / f"year={year}"
        folder.mkdir(parents=True)
        data = ROWS.encode()
        (folder / "part.csv").write_bytes(DAMAGE[damage](data) if year == "2024" else data)
    return root


def _said(capsys, target, engine) -> str:
    assert main(["audit", str(target), *ROLES, "--engine", engine]) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_partition_is_named_by_its_path_below_the_folder(
    tmp_path, capsys, engine, damage
):
    root = _hive(tmp_path / "data", damage)
    said = _said(capsys, root, engine)
    assert said.startswith("error: year=2024/part.csv "), said
    assert _said(capsys, f"{root}/*/part.csv", engine) == said
    alone = _said(capsys, root / "year=2024" / "part.csv", engine)
    assert alone == said.replace("year=2024/part.csv", "part.csv"), alone
    if engine == "pandas":
        assert _said(capsys, root, "duckdb") == said  # the same words on every engine


@pytest.mark.slow
def test_spark_names_a_damaged_partition_by_its_path_below_the_folder(tmp_path, capsys, spark):
    root = _hive(tmp_path / "data", "ragged")
    assert _said(capsys, root, "spark").startswith("error: year=2024/part.csv line 5 has 4 ")
