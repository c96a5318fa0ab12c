"""Round 42 (dask2): the role names given to audit_frame and the Dask counts. Was: a group named
twice (protected=['g', 'g']) a ValueError traceback ('cannot insert g, already exists') from
dask_counts, dask_file_counts and audit_frame; protected=None a TypeError ("'NoneType' object is
not iterable"); y_pred=None a KeyError; y_pred=['p'] a TypeError (unhashable type: 'list')."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, audit_frame, counts_of, dask_counts, dask_file_counts

dd = pytest.importorskip("dask.dataframe")

FRAME = pd.DataFrame({"y": [0, 1] * 4, "p": [1, 0, 0, 1] * 2, "g": ["a", "b"] * 4})
TWICE = Roles("p", ["g", "g"], "y")


def _same(table, expected) -> None:
    cells = ["g", "y_true", "y_pred"]
    got = table[[*cells, "count"]].sort_values(cells).reset_index(drop=True)
    expected = expected.sort_values(cells).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, expected, check_dtype=False)  # Arrow text or str


def test_a_group_named_twice_is_counted_once_as_every_engine_counts_it(tmp_path):
    expected = counts_of(FRAME, TWICE)[["g", "y_true", "y_pred", "count"]]
    _same(dask_counts(dd.from_pandas(FRAME, npartitions=2), TWICE), expected)
    path = tmp_path / "t.csv"
    FRAME.to_csv(path, index=False)
    _same(dask_file_counts(str(path), TWICE), expected)


def test_audit_frame_refuses_a_group_named_twice_as_audit_does():
    with pytest.raises(EthicLensInputError) as rows:
        ethiclens.audit(FRAME["y"], FRAME["p"], FRAME[["g", "g"]])
    with pytest.raises(EthicLensInputError) as dask:
        audit_frame(dd.from_pandas(FRAME, npartitions=1), y_pred="p", protected=["g", "g"])
    assert str(dask.value) == str(rows.value)


@pytest.mark.parametrize(
    ("keywords", "start"),
    [
        ({"y_pred": "p", "protected": None}, "argument 'protected': must name one or more"),
        ({"y_pred": "p", "protected": []}, "argument 'protected': must name one or more"),
        ({"y_pred": "p", "protected": [["g"]]}, "argument 'protected': must name one or more"),
        ({"y_pred": None, "protected": "g"}, "argument 'y_pred': must be the name of a column"),
        ({"y_pred": ["p"], "protected": "g"}, "argument 'y_pred': must be the name of a column"),
        ({"y_pred": "p", "protected": "g", "y_true": ["y"]}, "argument 'y_true': must be"),
    ],
)
def test_a_role_that_names_no_column_is_one_clear_refusal(keywords, start):
    with pytest.raises(EthicLensInputError) as exc:
        audit_frame(dd.from_pandas(FRAME, npartitions=1), **keywords)
    assert str(exc.value).startswith(start)


@pytest.mark.slow
def test_spark_counts_a_group_named_twice_once(spark):
    # was an AttributeError traceback ('DataFrame' object has no attribute 'dtype')
    from ethiclens.sources import spark_counts

    table = spark_counts(spark.createDataFrame(FRAME), TWICE)
    _same(table, counts_of(FRAME, TWICE)[["g", "y_true", "y_pred", "count"]])
