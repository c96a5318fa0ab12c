"""Round 10: files that every face refuses in one set of words (docs/engines.md): a Parquet
file naming a column twice, a CSV row with surplus fields (a first row too, and a comma
ending every row), UTF-16 or UTF-32 text. The default engine, ``--engine pandas``,
``--engine duckdb``, ``--engine dask`` and ``ethiclens.audit`` agree: exit 2 with the
message, never a traceback, never a silent audit of part of the file."""

from __future__ import annotations

import importlib.util
import os

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import wide_text_error

ENGINES = [[], ["--engine", "pandas"], ["--engine", "duckdb"]]
if importlib.util.find_spec("dask") and importlib.util.find_spec("distributed"):
    ENGINES += [["--engine", "dask"], ["--engine", "dask", "--scheduler", "local-cluster"]]


def _frame(n=60) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "label": [i % 2 for i in range(n)],
            "pred": [i // 2 % 2 for i in range(n)],
            "group": ["A", "B", "C"] * (n // 3),
        }
    )


def _refusals(tmp_path, name: str, capsys) -> set[str]:
    """The refusal of every face: each CLI engine's error line and the Python API's words."""
    pytest.importorskip("duckdb")
    said = set()
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for engine in ENGINES:
            roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "group"]
            code = main(["audit", name, *engine, *roles, "--n-boot", "100", "--json", "o.json"])
            err = capsys.readouterr().err.strip().splitlines()
            assert code == 2 and err and "Traceback" not in "\n".join(err), (engine, err)
            said.add(err[-1].removeprefix("error: "))
        with pytest.raises(EthicLensInputError) as exc:
            ethiclens.audit(name, y_true="label", y_pred="pred", protected="group", n_boot=100)
        said.add(str(exc.value))
    finally:
        os.chdir(here)
    return said


def test_a_parquet_file_naming_a_column_twice_is_refused_by_every_face(tmp_path, capsys):
    import pyarrow as pa
    import pyarrow.parquet as pq

    f = _frame()
    table = pa.table(
        [f.label, f.pred, f.group, 1 - f.pred], names=["label", "pred", "group", "pred"]
    )
    pq.write_table(table, tmp_path / "dup.parquet")
    (said,) = _refusals(tmp_path, "dup.parquet", capsys)
    assert said.startswith("dup.parquet has two columns named 'pred'")


@pytest.mark.parametrize(
    "at, fix",
    [(0, "(quote values that contain commas)"), (7, "(quote values that contain commas)")],
)
def test_a_row_with_a_surplus_value_is_refused_by_every_face(tmp_path, capsys, at, fix):
    """The first data row too: pandas took its surplus field as the rows' index and dropped
    it with a warning only."""
    lines = _frame().to_csv(index=False).splitlines()
    lines[at + 1] += ",EXTRA"
    (tmp_path / "extra.csv").write_text("\n".join(lines) + "\n")
    (said,) = _refusals(tmp_path, "extra.csv", capsys)
    assert said.startswith(f"extra.csv line {at + 2} has 4 fields but its header has 3")
    assert said.endswith(fix)


def test_a_comma_ending_every_row_is_refused_by_every_face_saying_so(tmp_path, capsys):
    """One behaviour on every face (docs/engines.md): refused, naming the comma to remove,
    rather than guessed at (pandas dropped the empty field, DuckDB refused the row)."""
    lines = _frame().to_csv(index=False).splitlines()
    text = "\n".join([lines[0], *(line + "," for line in lines[1:])]) + "\n"
    (tmp_path / "trail.csv").write_text(text)
    (said,) = _refusals(tmp_path, "trail.csv", capsys)
    assert said.startswith("trail.csv line 2 has 4 fields but its header has 3")
    assert "remove the comma that ends the rows" in said


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_wide_text_is_named_with_the_conversion_that_works(tmp_path, capsys, encoding):
    (tmp_path / "wide.csv").write_bytes(_frame().to_csv(index=False).encode(encoding))
    (said,) = _refusals(tmp_path, "wide.csv", capsys)
    width = encoding[:6].upper()
    assert said.startswith(f"wide.csv is {width} text, not UTF-8")
    iconv = {"utf-16": "utf-16", "utf-16-le": "utf-16le", "utf-32": "utf-32"}[encoding]
    assert f"iconv -f {iconv} -t utf-8" in said and "latin1" not in said


@pytest.mark.parametrize(
    "head", [b"label,pred\n0,1\n", b"\x00" * 16, b"PAR1\x00\x00\x00\x00", "é,ü\n".encode("latin1")]
)
def test_only_wide_text_is_taken_for_it(head):
    assert wide_text_error("x.csv", head) is None


@pytest.mark.parametrize("surplus", [",EXTRA", ","])
def test_read_table_refuses_a_first_row_with_a_surplus_field_rather_than_shift_it(
    tmp_path, surplus
):
    """``read_table`` (JSON's and other commands' reader) took such a row's first field as the
    rows' index, shifting every column left: refused as every engine refuses it."""
    from ethiclens.io import read_table

    lines = _frame().to_csv(index=False).splitlines()
    lines[1] += surplus
    (tmp_path / "r.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(EthicLensInputError, match="r.csv line 2 has 4 fields but its header has 3"):
        read_table(tmp_path / "r.csv")


@pytest.mark.slow
@pytest.mark.parametrize("surplus", [",EXTRA", ","])
def test_spark_refuses_a_first_row_with_a_surplus_field_too(tmp_path, spark, surplus):
    """Spark reads an empty last field as no field: the file's first data row is checked
    before any engine reads it (io.preflight_file), so a comma ending every row is refused."""
    from ethiclens.sources import Roles, spark_file_counts

    lines = _frame().to_csv(index=False).splitlines()
    text = "\n".join([lines[0], *(line + surplus for line in lines[1:])]) + "\n"
    (tmp_path / "r.csv").write_text(text)
    with pytest.raises(EthicLensInputError, match="r.csv line 2 has 4 fields but its header has 3"):
        spark_file_counts(str(tmp_path / "r.csv"), Roles("pred", ["group"], "label"))


def _counted_alike(tmp_path, capsys, name: str) -> None:
    """``name`` (in ``tmp_path``) counted by every engine (one Dask scheduler): one table."""
    tables = set()
    roles = ["--y-true", "label", "--y-pred", "pred", "--protected", "group"]
    for i, engine in enumerate(e for e in ENGINES if "--scheduler" not in e):
        out = tmp_path / f"c{i}.csv"
        code = main(["counts", str(tmp_path / name), *engine, *roles, "--out", str(out)])
        assert code == 0, (engine, capsys.readouterr().err)
        cells = pd.read_csv(out).sort_values(["group", "y_true", "y_pred"])
        tables.add(cells.to_csv(index=False))
    assert len(tables) == 1


def test_lines_ending_in_a_bare_carriage_return_are_read_by_every_engine(tmp_path, capsys):
    """Old Mac exports end lines in \\r alone: pandas and DuckDB read them, and so does the
    check every engine runs first (it raised csv.Error, a traceback)."""
    (tmp_path / "cr.csv").write_bytes(_frame().to_csv(index=False).replace("\n", "\r").encode())
    _counted_alike(tmp_path, capsys, "cr.csv")


def test_a_parquet_file_with_a_named_pandas_index_is_counted_by_every_engine(tmp_path, capsys):
    frame = _frame()
    frame.index.name = "rid"  # stored in the file's pandas metadata: Dask's read crashed
    frame.to_parquet(tmp_path / "ix.parquet")
    _counted_alike(tmp_path, capsys, "ix.parquet")
