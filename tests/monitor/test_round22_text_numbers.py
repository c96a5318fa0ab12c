"""Round 22: pins the documented keying of a text group spelled as a whole float
(docs/monitoring.md, "One key per group"): a text column holding ``1.0`` is keyed ``1`` by the
monitor, whatever the column's type — a CSV (read as text: no types), a Parquet string column,
a SQLite ``TEXT`` column — because a group is judged by its text, so that a stream keeps one
key per group whatever format its batches come in. ``--protected g=1.0`` (the request names
the float spelling) keys it ``1.0``, as the audit labels it."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from .conftest import run_cli

ARGV = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--n-boot", "200"]


def _frame(n: int = 600) -> pd.DataFrame:
    r = np.random.default_rng(22)
    return pd.DataFrame(
        {
            "g": r.choice(["1.0", "x"], n),
            "p": r.integers(0, 2, n),
            "ts": [f"2024-03-0{1 + i % 5}T10:00:00Z" for i in range(n)],
        }
    )


def _source(kind: str, tmp_path) -> list:
    frame = _frame()
    if kind == "csv":
        frame.to_csv(tmp_path / "d.csv", index=False)
        return [tmp_path / "d.csv"]
    if kind == "parquet":
        frame.to_parquet(tmp_path / "d.parquet", index=False)  # g: a string column
        return [tmp_path / "d.parquet"]
    pytest.importorskip("sqlalchemy")
    with sqlite3.connect(tmp_path / "d.db") as con:
        con.execute("CREATE TABLE t (g TEXT, p INTEGER, ts TEXT)")
        con.executemany("INSERT INTO t VALUES (?, ?, ?)", frame.astype(object).values.tolist())
    con.close()
    return ["--db", f"sqlite:///{tmp_path / 'd.db'}", "--table", "t"]


def _groups(capsys, tmp_path, kind, protected, name):
    tmp_path.mkdir()
    out = tmp_path / f"{name}.json"
    rc, _, err = run_cli(capsys, "monitor", *_source(kind, tmp_path), *ARGV,
                         "--protected", protected, "--store", tmp_path / f"{name}.sqlite",
                         "--json", out)  # fmt: skip
    assert rc == 0, err
    return sorted({c[k] for c in json.loads(out.read_text())["comparisons"]
                   for k in ("group", "reference")})  # fmt: skip


@pytest.mark.parametrize("kind", ["csv", "parquet", "sqlite"])
def test_a_text_group_spelled_1_0_is_keyed_1_unless_the_request_names_1_0(kind, tmp_path, capsys):
    assert _groups(capsys, tmp_path / "a", kind, "g", "plain") == ["1", "x"]
    assert _groups(capsys, tmp_path / "b", kind, "g=1.0", "named") == ["1.0", "x"]
