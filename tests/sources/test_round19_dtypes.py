"""Engines, round 19 of the tester's findings: one answer per input on every face.

- a folder of files whose label is an integer in one and text in another ('1' and 1) is refused
  with ``--pos-label`` too, on every engine (pandas counted every integer 1 as negative);
- a Parquet decimal label or prediction equal to exactly 0 and 1 (0.00/1.00) is audited as 0/1
  on every engine (DuckDB audited it, pandas and Dask refused "found values ['0.00', '1.00']");
  0.50 is refused as scores on every engine, in one text;
- a SQLite REAL score or weight column holding one value stored as TEXT ('1.5') is refused as
  ``pandas.read_sql`` and the audit refuse it ("holds the text values ['1.5'], not numbers"),
  by ``--table``, ``--query`` and ``counts`` alike (it was taken as the number 1.5);
- a CSV score or weight written with underscores (``1_000``, ``0.2_5``: Python's float() reads
  them) is not a number on every engine, by ``counts`` and the Python API alike (pandas and
  DuckDB took it, Dask refused it).
"""

import re
import sqlite3
from decimal import Decimal

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import ethiclens
from ethiclens.cli import main

ENGINES = ["pandas", "duckdb", "dask"]


def _run(capsys, argv) -> tuple[int, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, (out + err).strip()


def _audit(capsys, target, engine, *extra) -> tuple[int, str]:
    argv = ["audit", target, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    return _run(capsys, [*argv, "--engine", engine, "--n-boot", "100", "--json", "-", *extra])


@pytest.mark.parametrize("engine", ENGINES)
def test_a_folder_with_int_and_text_labels_is_refused_with_pos_label(tmp_path, capsys, engine):
    folder = tmp_path / "fold"
    folder.mkdir()
    frame = pd.DataFrame({"y": [1, 0, 1, 0] * 5, "p": [1, 0, 0, 1] * 5, "g": ["A", "B"] * 10})
    frame.to_parquet(folder / "part0.parquet")
    frame.astype({"y": str}).to_parquet(folder / "part1.parquet")
    code, text = _audit(capsys, folder, engine, "--pos-label", "1")
    assert code == 2, text
    assert "distinct values print the same" in text


def _decimal_file(tmp_path, labels, scale: int):
    table = pa.table(
        {
            "y": pa.array([Decimal(v) for v in labels], pa.decimal128(4, scale)),
            "p": [1, 1, 0, 0] * (len(labels) // 4),
            "g": ["A", "B"] * (len(labels) // 2),
        }
    )
    path = tmp_path / f"dec{scale}.parquet"
    pq.write_table(table, path)
    return path


def _without_source(text: str) -> str:
    import json

    report = json.JSONDecoder().raw_decode(text)[0]  # the report, then any notes
    return json.dumps({k: report[k] for k in ("attributes", "comparisons")}, sort_keys=True)


def test_decimal_zero_one_labels_are_audited_alike_on_every_engine(tmp_path, capsys):
    labels = ["1.00", "0.00", "1.00", "0.00"] * 10
    plain = tmp_path / "plain.parquet"
    pd.DataFrame({"y": [1, 0, 1, 0] * 10, "p": [1, 1, 0, 0] * 10, "g": ["A", "B"] * 20}).to_parquet(
        plain
    )
    code, expected = _audit(capsys, plain, "pandas")
    assert code == 0, expected
    for engine in ENGINES:
        code, text = _audit(capsys, _decimal_file(tmp_path, labels, 2), engine)
        assert code == 0, (engine, text)
        assert _without_source(text) == _without_source(expected), engine


def test_a_decimal_half_label_is_refused_alike_on_every_engine(tmp_path, capsys):
    path = _decimal_file(tmp_path, ["0.00", "0.50", "1.00", "1.00"] * 5, 2)
    texts = set()
    for engine in ENGINES:
        code, text = _audit(capsys, path, engine)
        assert code == 2, (engine, text)
        texts.add(next(line for line in text.splitlines() if line.startswith("error:")))
    assert len(texts) == 1, texts
    assert "looks like scores, not 0/1 labels" in texts.pop()


@pytest.mark.parametrize(
    ("column", "flag", "text"), [("w", "--weight", "1.5"), ("s", "--y-score", "0.95")]
)
def test_a_sqlite_text_number_among_real_values_is_refused_as_read_sql_refuses_it(
    tmp_path, capsys, column, flag, text
):
    frame = pd.DataFrame(
        {"y": [1, 0, 1, 0] * 10, "p": [1, 1, 0, 0] * 10, "g": ["A", "B"] * 20, column: 0.5}
    )
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as con:  # a column without a type keeps each value's own
        con.execute(f"CREATE TABLE t (y INTEGER, p INTEGER, g TEXT, {column})")
        frame.to_sql("t", con, index=False, if_exists="append")
        con.execute(f"UPDATE t SET {column} = '{text}' WHERE rowid = 3")
        read = pd.read_sql("SELECT * FROM t", con)
    role = {"w": "sample_weight", "s": "y_score"}[column]
    with pytest.raises(ethiclens.EthicLensInputError, match="not numbers") as api:
        ethiclens.audit(read["y"], read["p"], read[["g"]], **{role: read[column]}, n_boot=100)
    words = f"holds the text values ['{text}'], not numbers (a string column)"
    assert words in str(api.value)
    url = f"sqlite:///{db}"
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", flag, column]
    for source in (["--table", "t"], ["--query", "SELECT * FROM t"]):
        code, err = _run(capsys, ["audit", "--db", url, *source, *roles, "--n-boot", "100"])
        assert code == 2 and words in err, (source, err)
    out = tmp_path / "c.parquet"
    code, err = _run(capsys, ["counts", "--db", url, "--table", "t", *roles, "--out", out])
    assert code == 2 and words in err, err


@pytest.mark.parametrize(
    ("column", "flag", "text", "words"),
    [
        ("w", "--weight", "1_000", "weights must be numbers; 1 value is not a number"),
        ("s", "--y-score", "0.2_5", "scores must be numbers in [0, 1]; 1 value is not a number"),
    ],
)
def test_an_underscored_csv_number_is_refused_on_every_engine(
    tmp_path, capsys, column, flag, text, words
):
    lines = ["y,p,g," + column] + [f"{i % 2},{i // 2 % 2},{'AB'[i % 2]},0.5" for i in range(40)]
    lines[11] = lines[11].rsplit(",", 1)[0] + "," + text
    path = tmp_path / "us.csv"
    path.write_text("\n".join(lines) + "\n")
    expected = f"{words}, first at us.csv line 12 (value: '{text}')"
    for engine in ENGINES:
        code, err = _audit(capsys, path, engine, flag, column)
        assert code == 2 and expected in err, (engine, err)
        roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g", flag, column]
        argv = ["counts", path, *roles, "--engine", engine, "--out", tmp_path / "c.parquet"]
        code, err = _run(capsys, argv)
        assert code == 2 and expected in err, (engine, err)
    frame = pd.read_csv(path)
    role = {"w": "sample_weight", "s": "y_score"}[column]
    with pytest.raises(ethiclens.EthicLensInputError, match=re.escape(words)):
        ethiclens.audit(frame["y"], frame["p"], frame[["g"]], **{role: frame[column]}, n_boot=100)
