"""Round 39: Spark reads a CSV file whose lines end both in \\n and in \\r\\n, and a file with
columns named alike but for case (g beside G), as pandas, DuckDB and Dask read them. Was: Spark
took the first line's end for the whole file, so a \\n header above \\r\\n rows counted groups
'a\\r' and 'b\\r', and a \\r\\n header above \\n rows read two lines as one row ('a\\n0': half
the rows, a silent wrong answer); g beside G ended in AnalysisException's traceback
(COLUMN_ALREADY_EXISTS: Spark's names ignore case by default)."""

import gzip

import pandas as pd
import pytest

from ethiclens.sources import Roles, pandas_counts, spark_file_counts

ROLES = Roles(y_true="y", y_pred="p", protected=["g"])
ROWS = [b"1,1,a", b"0,1,a", b"1,0,b", b"0,0,b", b'1,1,"b\r\nc"', b"0,0,x", b"1,0,a,"]
MIXED = {  # file -> its lines' ends (the header's first)
    "lf_crlf.csv": [b"\n"] + [b"\r\n"] * len(ROWS),
    "crlf_lf.csv": [b"\r\n"] + [b"\n"] * len(ROWS),
    "alternating.csv": [(b"\n", b"\r\n")[i % 2] for i in range(len(ROWS) + 1)],
}


def _cells(table: pd.DataFrame, cols=("g", "y_true", "y_pred", "count")) -> list:
    return sorted(tuple(str(v) for v in row) for row in table[list(cols)].itertuples(index=False))


def test_spark_reads_mixed_line_ends_as_pandas(spark, tmp_path):
    for i, (name, ends) in enumerate(MIXED.items()):
        rows = [b"y,p,g,", *ROWS, b"0,1,file%d" % i]  # each file its own lines
        (tmp_path / name).write_bytes(b"".join(map(bytes.__add__, rows, [*ends, b"\n"])))
    packed = b"y,p,g,\r\n1,1,a,\n0,1,b,\r\n0,0,b,\n"
    (tmp_path / "packed.csv.gz").write_bytes(gzip.compress(packed))
    expected = _cells(pandas_counts(str(tmp_path), ROLES))
    assert _cells(spark_file_counts(str(tmp_path), ROLES)) == expected
    assert ("b\r\nc", "1", "1", "3") in expected and ("a", "1", "1", "4") in expected


def test_spark_refuses_an_empty_group_at_a_crlf_line_end_as_pandas(spark, tmp_path):
    from ethiclens.errors import EthicLensInputError

    path = tmp_path / "t.csv"
    path.write_bytes(b"y,p,g\n1,1,a\r\n0,1,a\r\n1,0,b\r\n0,0,\r\n")
    said = {}
    for name, count in (("pandas", pandas_counts), ("spark", spark_file_counts)):
        with pytest.raises(EthicLensInputError) as info:
            count(str(path), ROLES)
        said[name] = str(info.value).split(", first at")[0]
    assert said["spark"] == said["pandas"] and "missing group" in said["pandas"]


def test_spark_tells_columns_apart_by_case(spark, tmp_path):
    path = tmp_path / "t.csv"
    path.write_bytes(b"y,p,g,G\n1,1,a,x\n0,1,a,x\n1,0,b,y\n0,0,b,y\n")
    roles = Roles(y_true="y", y_pred="p", protected=["g", "G"])
    cols = ("g", "G", "y_true", "y_pred", "count")
    expected = _cells(pandas_counts(str(path), roles), cols)
    assert _cells(spark_file_counts(str(path), roles), cols) == expected
    assert spark.conf.get("spark.sql.caseSensitive") == "false"  # the session's own, restored


def test_a_spark_frame_and_parquet_file_tell_columns_apart_by_case(spark, tmp_path):
    from ethiclens.sources import audit_frame

    frame = pd.DataFrame(
        {"y": [1, 0, 1, 0], "p": [1, 1, 0, 0], "g": list("aabb"), "G": list("xxxy")}
    )
    frame.to_parquet(tmp_path / "t.parquet", index=False)
    roles = Roles(y_true="y", y_pred="p", protected=["g", "G"])
    cols = ("g", "G", "y_true", "y_pred", "count")
    expected = _cells(pandas_counts(str(tmp_path / "t.parquet"), roles), cols)
    assert _cells(spark_file_counts(str(tmp_path / "t.parquet"), roles), cols) == expected
    opts = {"n_boot": 200, "min_group_size": 1, "min_label_count": 1}
    result = audit_frame(
        spark.createDataFrame(frame), y_true="y", y_pred="p", protected="g", **opts
    )
    assert [g["group"] for g in result.to_dict()["attributes"][0]["groups"]] == ["a", "b"]


def test_rows_without_the_headers_trailing_unnamed_column_are_read_on_every_engine(tmp_path):
    """f1aa537c refused a row short of its header's fields; a header ending in a separator
    ('y,p,g,': a spreadsheet's unnamed last column) above rows that leave it out ('1,1,a') was
    refused too, though the missing field is no column's value. A row short of a NAMED column
    stays refused."""
    from ethiclens.errors import EthicLensInputError

    (tmp_path / "t.csv").write_bytes(b"y,p,g,\n1,1,a\n0,1,a,\n1,0,b\n0,0,b,\n")
    assert _cells(pandas_counts(str(tmp_path / "t.csv"), ROLES)) == [
        ("a", "0", "1", "1"), ("a", "1", "1", "1"), ("b", "0", "0", "1"), ("b", "1", "0", "1")
    ]  # fmt: skip
    (tmp_path / "t.csv").write_bytes(b"y,p,g,h\n1,1,a\n0,1,a,\n")
    with pytest.raises(EthicLensInputError, match="line 2 has 3 fields but its header has 4"):
        pandas_counts(str(tmp_path / "t.csv"), ROLES)
