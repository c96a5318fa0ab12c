"""Round 43 (mon3): ``ethiclens monitor --engine auto`` on a Parquet file whose name holds a
backslash beside [ * ? (``d\\e[1].parquet``, or a hive folder ``k=a\\[1]/``) was refused
("DuckDB cannot open ...: count it with --engine pandas") where auto reads such a CSV file,
and read it before DuckDB read files escaped, with pandas. Auto now counts it with pandas;
an explicit ``--engine duckdb`` is still refused in our words."""

import pandas as pd
import pytest

from ethiclens.cli import main

ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p"]
ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})


def _files(tmp_path):
    ROWS.to_parquet(tmp_path / "d\\e[1].parquet")
    for key in ("k=a\\[1]", "k=b"):
        (tmp_path / "h" / key).mkdir(parents=True)
        ROWS.drop(columns="g").to_parquet(tmp_path / "h" / key / "x.parquet")


@pytest.mark.parametrize(("name", "group", "rows"), [("d\\e[1].parquet", "g", 2), ("h", "k", 4)])
def test_auto_reads_an_unglobbable_parquet_name_with_pandas(tmp_path, capsys, name, group, rows):
    _files(tmp_path)
    store = str(tmp_path / "s.sqlite")
    target = str(tmp_path / name)
    args = ["monitor", target, *ARGS, "--protected", group, "--store", store]
    rc = main([*args, "--engine", "auto"])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert f"({rows} rows, PROCESSED)" in out + err, out + err
    rc = main([*args, "--engine", "duckdb", "--store", store + "2"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "DuckDB cannot" in err and "--engine pandas" in err, err
