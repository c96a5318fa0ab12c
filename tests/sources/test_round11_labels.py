"""Group labels, round 11 of the tester's findings: every engine labels a Parquet group as
pandas does (``str(value)`` of what ``pandas.read_parquet`` gives), so a reference group,
``--exclude-group`` or ``--merge-groups`` that works on one engine works on all.

- ``date32``: ``2020-01-01`` (DuckDB gave a midnight timestamp, ``2020-01-01 00:00:00``);
- a time-zone-aware ``timestamp[ns, tz]``: its own offset (DuckDB gave UTC wall time, no
  offset);
- ``decimal128(5, 2)``: ``1.50`` (DuckDB gave the float ``1.5``);
- ``binary``: ``A``, the UTF-8 text its bytes hold (DuckDB's bytearray was refused as "not a
  scalar"; the label was ``b'A'`` until round 18);
- a float column holding ``-0.0`` and ``0.0``: one group labelled ``0.0`` everywhere, whatever
  row comes first;
- hive partition keys are the text of the folder names on every engine (``d=2020-01-01`` no
  midnight timestamp on DuckDB, ``z=01`` not the number 1 on Dask).
"""

import datetime
import decimal
import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from ethiclens.cli import main
from ethiclens.fairness._validate import encode_groups
from ethiclens.sources import (
    Roles,
    dask_file_counts,
    duckdb_counts,
    pandas_counts,
    read_counts,
    read_rows,
    write_counts,
)

ROLES = Roles(y_true="y", y_pred="p", protected=["g"])
Y, P = [1, 0, 1, 0, 1, 0], [1, 1, 0, 0, 1, 0]
D1, D2 = datetime.datetime(2020, 1, 1, 5), datetime.datetime(2021, 6, 1, 4)

CASES = {  # name: (the column, pandas' labels, a reference group given on the command line)
    "date32": (
        pa.array([datetime.date(2020, 1, 1)] * 3 + [datetime.date(2021, 6, 1)] * 3),
        ["2020-01-01", "2021-06-01"],
        "2020-01-01",
    ),
    "timestamp-ns-utc": (
        pa.array([D1] * 3 + [D2] * 3, pa.timestamp("ns", tz="UTC")),
        ["2020-01-01 05:00:00+00:00", "2021-06-01 04:00:00+00:00"],
        "2020-01-01 05:00:00+00:00",
    ),
    "timestamp-ns-new-york": (
        pa.array([D1] * 3 + [D2] * 3, pa.timestamp("ns", tz="America/New_York")),
        ["2020-01-01 00:00:00-05:00", "2021-06-01 00:00:00-04:00"],
        "2020-01-01 00:00:00-05:00",
    ),
    "timestamp-us-new-york": (
        pa.array([D1] * 3 + [D2] * 3, pa.timestamp("us", tz="America/New_York")),
        ["2020-01-01 00:00:00-05:00", "2021-06-01 00:00:00-04:00"],
        "2021-06-01 00:00:00-04:00",
    ),
    "decimal": (
        pa.array([decimal.Decimal(v) for v in ["1.50"] * 3 + ["2.00"] * 3], pa.decimal128(5, 2)),
        ["1.50", "2.00"],
        "1.50",
    ),
    "binary": (pa.array([b"A"] * 3 + [b"B"] * 3), ["A", "B"], "A"),
    "negative-zero-first": (pa.array([-0.0, 0.0, 0.0, 1.0, 1.0, 1.0]), ["0.0", "1.0"], "0.0"),
    "zero-first": (pa.array([0.0, -0.0, -0.0, 1.0, 1.0, 1.0]), ["0.0", "1.0"], "0.0"),
}


def _labels(frame) -> list[str]:
    """The group labels the audit gives the column ``g`` of rows or of a counts table."""
    return encode_groups(frame[["g"]], len(frame))["g"][0]


@pytest.fixture(params=sorted(CASES))
def case(request, tmp_path):
    column, labels, ref = CASES[request.param]
    path = tmp_path / f"{request.param}.parquet"
    pq.write_table(pa.table({"y": Y, "p": P, "g": column}), path)
    return path, labels, ref


def test_every_engine_labels_a_parquet_group_as_pandas(case, tmp_path):
    path, labels, _ = case
    tables = {
        "pandas": pandas_counts(path, ROLES),
        "duckdb": duckdb_counts(path, ROLES),
        "dask": dask_file_counts(path, ROLES),
    }
    found = {"rows": _labels(read_rows(path, ROLES))}
    for engine, table in tables.items():
        found[engine] = _labels(table)
        written = tmp_path / f"counts-{engine}.parquet"  # the counts path: a file handed over
        write_counts(table, written)
        found[f"counts file ({engine})"] = _labels(read_counts(written))
    assert found == dict.fromkeys(found, labels)


def _groups(capsys, argv) -> list[str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    report = json.loads(argv[argv.index("--json") + 1].read_text())
    return [g["group"] for g in report["attributes"][0]["groups"]]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
def test_a_reference_group_pandas_accepts_is_accepted_on_every_engine(
    case, engine, tmp_path, capsys
):
    """The reference group as pandas labels it (the label the report shows) is a group on
    every engine, on the rows and on the counts file they make."""
    path, labels, ref = case
    common = ["--n-boot", "100", "--seed", "1"]
    out = tmp_path / f"{engine}.json"
    argv = ["audit", path, "--y-true", "y", "--y-pred", "p", "--protected", f"g={ref}"]
    assert _groups(capsys, [*argv, "--engine", engine, "--json", out, *common]) == labels
    counts = tmp_path / f"counts-{engine}.parquet"
    made = ["counts", path, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([str(a) for a in [*made, "--engine", engine, "--out", counts]]) == 0
    from_counts = ["audit", "--counts", counts, "--protected", f"g={ref}"]
    assert _groups(capsys, [*from_counts, "--json", tmp_path / "c.json", *common]) == labels


@pytest.mark.parametrize("key, values", [("d", ["2020-01-01", "2021-06-01"]), ("z", ["01", "2"])])
def test_hive_keys_are_the_folder_names_text_on_every_engine(tmp_path, key, values):
    for value in values:
        folder = tmp_path / "data" / f"{key}={value}"
        folder.mkdir(parents=True)
        pq.write_table(pa.table({"y": [1, 0, 1], "p": [1, 1, 0]}), folder / "part.parquet")
    roles = Roles(y_true="y", y_pred="p", protected=[key])
    target = tmp_path / "data"
    found = {
        "rows": read_rows(target, roles),
        "pandas": pandas_counts(target, roles),
        "duckdb": duckdb_counts(target, roles),
        "dask": dask_file_counts(target, roles),
    }
    labels = {k: encode_groups(t[[key]], len(t))[key][0] for k, t in found.items()}
    assert labels == dict.fromkeys(labels, values)


def test_a_csv_negative_zero_group_is_the_group_zero_on_every_engine(tmp_path):
    path = tmp_path / "negz.csv"
    path.write_text("y,p,g\n1,1,-0.0\n0,1,0.0\n1,0,-0.0\n0,0,1.0\n1,1,1.0\n0,0,1.0\n")
    found = {
        "rows": read_rows(path, ROLES),
        "pandas": pandas_counts(path, ROLES),
        "duckdb": duckdb_counts(path, ROLES),
        "dask": dask_file_counts(path, ROLES),
    }
    labels = {k: _labels(t) for k, t in found.items()}
    assert labels == dict.fromkeys(labels, ["0.0", "1.0"])
