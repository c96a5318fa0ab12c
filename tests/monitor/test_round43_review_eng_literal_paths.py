"""Round 43 review (bf1292a6's note): the monitor's DuckDB read took every path as a glob:
'ethiclens monitor "d[1].csv" --engine duckdb' (and auto) counted d1.csv's 4 rows, where
pandas counts the file's own 2. And a file in a folder named like a hive key (h/g=c/x.csv,
alone or by a glob) was read with the folder's g ('c': 'g has one group so far (c)') over
the file's own column g. Now DuckDB counts the file named, as pandas does."""

import pandas as pd
import pytest

from ethiclens.cli import main

ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]
ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})


@pytest.mark.parametrize(
    "name", ["d[1].csv", "h/g=c/x.csv", "h/g=c/x.parquet", "h/*/x.csv"], ids=str
)
@pytest.mark.parametrize("engine", ["duckdb", "pandas"])
def test_duckdb_counts_the_file_named(tmp_path, capsys, name, engine):
    (tmp_path / "h" / "g=c").mkdir(parents=True)
    ROWS.to_csv(tmp_path / "d[1].csv", index=False)
    pd.concat([ROWS] * 2).to_csv(tmp_path / "d1.csv", index=False)
    ROWS.to_csv(tmp_path / "h" / "g=c" / "x.csv", index=False)
    ROWS.to_parquet(tmp_path / "h" / "g=c" / "x.parquet")
    store = str(tmp_path / "s.sqlite")
    rc = main(["monitor", str(tmp_path / name), *ARGS, "--engine", engine, "--store", store])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "(2 rows, PROCESSED)" in out + err, out + err
    assert "one group so far" not in out + err, out + err
