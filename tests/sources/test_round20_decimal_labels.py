"""Round 20: ``ethiclens counts`` of a label or prediction column holding the decimal 0.50
(a Parquet DECIMAL, or 0.50 written in a CSV) is refused on every engine in one text, naming
the data row that holds it as the other file refusals count it and its value as written.
DuckDB named the first row of the file (every decimal, 1.00 too, read as "not 0/1"), pandas
and Dask wrote the table (a decimal was no number to them), and pandas showed a CSV's 0.50
as 0.5."""

from decimal import Decimal

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.cli import main

ENGINES = ["pandas", "duckdb", "dask"]
N, BAD = 40, 13  # the 0.50 is data row 14: Parquet row 14, CSV line 15


def _files(tmp_path, column):
    texts = {"y": ["1.00", "0.00"] * (N // 2), "p": ["1.00", "1.00", "0.00", "0.00"] * (N // 4)}
    texts[column][BAD] = "0.50"
    decimals = {c: pa.array([Decimal(v) for v in t], pa.decimal128(4, 2)) for c, t in texts.items()}
    parquet = tmp_path / "dec.parquet"
    pq.write_table(pa.table({**decimals, "g": ["A", "B"] * (N // 2)}), parquet)
    csv = tmp_path / "dec.csv"
    rows = zip(texts["y"], texts["p"], ["A", "B"] * (N // 2), strict=True)
    lines = ["y,p,g"] + [",".join(row) for row in rows]
    csv.write_text("\n".join(lines) + "\n")
    return {parquet: "dec.parquet row 14", csv: "dec.csv line 15"}


@pytest.mark.parametrize(("column", "role"), [("y", "y_true"), ("p", "y_pred")])
def test_a_decimal_half_label_is_refused_with_its_row_on_every_engine(
    tmp_path, capsys, column, role
):
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    out = tmp_path / "c.parquet"
    for path, where in _files(tmp_path, column).items():
        said = {}
        for engine in ENGINES:
            capsys.readouterr()
            code = main(["counts", str(path), *roles, "--engine", engine, "--out", str(out)])
            said[engine] = capsys.readouterr().err.strip().splitlines()[-1]
            assert code == 2, (engine, said[engine])
            assert not out.exists(), engine
        assert len(set(said.values())) == 1, said
        text = said["pandas"]
        # one 0.50 among 40 rows of 0/1: a stray row to drop, not scores
        assert f"column '{column} ({role})': is not binary 0/1: found values" in text, text
        assert f"1 row(s) hold 0.5, first at {where} (value '0.50')" in text, text


def test_a_postgres_numeric_half_label_is_refused_as_the_parquet_decimal(
    postgres_url, tmp_path, capsys
):
    """A NUMERIC(4, 2) column reaches pandas as decimals, as a Parquet DECIMAL does: its 0.50
    is refused by ``counts`` in the files' words (a database names no row: the value)."""
    import sqlalchemy as sa

    pytest.importorskip("sqlglot")
    path = next(iter(_files(tmp_path, "y")))
    engine = sa.create_engine(postgres_url)
    try:
        with engine.begin() as con:
            con.execute(sa.text("DROP TABLE IF EXISTS dec_labels"))
            con.execute(
                sa.text("CREATE TABLE dec_labels (y NUMERIC(4, 2), p NUMERIC(4, 2), g TEXT)")
            )
            rows = pq.read_table(path).to_pylist()
            insert = "INSERT INTO dec_labels VALUES (:y, :p, :g)"
            con.execute(sa.text(insert), rows)
    finally:
        engine.dispose()
    roles = ["--y-true", "y", "--y-pred", "p", "--protected", "g"]
    out = tmp_path / "c.parquet"
    capsys.readouterr()
    argv = ["counts", "--db", postgres_url, "--table", "dec_labels", *roles, "--out", str(out)]
    assert main(argv) == 2
    text = capsys.readouterr().err.strip().splitlines()[-1]
    assert "column 'y (y_true)': is not binary 0/1: found values" in text, text
    assert "1 row(s) hold 0.5 (value '0.50')" in text, text
    assert not out.exists()
