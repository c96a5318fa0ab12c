"""Dask pieces given to the Python face's row functions (round 50): ``audit(ddf['y'], ddf['p'],
ddf[['g']])`` crashed with Dask's raw TypeError (a lazy frame's truth value); a Dask Array of
unknown chunks had no length. They are now computed here and audited as the pandas objects
they stand for (same result as pandas and as ``audit_frame``); a Spark object (its rows on the
cluster, a Column no values at all) is refused in one line naming the argument and the fix."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

dd = pytest.importorskip("dask.dataframe")

_RNG = np.random.default_rng(0)
FRAME = pd.DataFrame(
    {
        "y": _RNG.integers(0, 2, 200),
        "p": _RNG.integers(0, 2, 200),
        "q": _RNG.integers(0, 2, 200),
        "s": _RNG.random(200),
        "g": _RNG.choice(["a", "b"], 200),
    }
)
DDF = dd.from_pandas(FRAME, npartitions=2)
OPTS = {"n_boot": 100, "random_state": 0}


GROUPS = [lambda f: f[["g"]], lambda f: f["g"], lambda f: {"g": f["g"]}]


@pytest.mark.parametrize("groups", GROUPS, ids=["frame", "series", "dict"])
def test_audit_of_dask_pieces_is_pandas_audit(groups):
    expected = ethiclens.audit(FRAME["y"], FRAME["p"], groups(FRAME), **OPTS).to_dict()
    got = ethiclens.audit(DDF["y"], DDF["p"], groups(DDF), y_score=DDF["s"], **OPTS).to_dict()
    want = ethiclens.audit(FRAME["y"], FRAME["p"], groups(FRAME), y_score=FRAME["s"], **OPTS)
    assert got == want.to_dict()
    assert ethiclens.audit(DDF["y"], DDF["p"], groups(DDF), **OPTS).to_dict() == expected


def test_compare_threshold_table_and_dask_array():
    want = ethiclens.compare(FRAME["y"], FRAME["p"], FRAME["q"], FRAME[["g"]], **OPTS)
    got = ethiclens.compare(DDF["y"], DDF["p"], DDF["q"], DDF[["g"]], **OPTS)
    assert got.to_dict() == want.to_dict()
    want = ethiclens.threshold_table(FRAME["y"], FRAME["s"], FRAME[["g"]], random_state=0)
    got = ethiclens.threshold_table(DDF["y"], DDF["s"], DDF[["g"]], random_state=0)
    pd.testing.assert_frame_equal(got.frame, want.frame)
    unknown_chunks = DDF["p"].to_dask_array()  # no length until computed
    y, g = FRAME["y"].to_numpy(), FRAME["g"].to_numpy()
    got = ethiclens.audit(y, unknown_chunks, g, **OPTS)
    assert got.to_dict() == ethiclens.audit(y, FRAME["p"].to_numpy(), g, **OPTS).to_dict()


def _spark_like(name):  # a Spark object, told by its module as the engines tell it (no session)
    return type(name, (), {"__module__": "pyspark.sql.classic.column"})()


@pytest.mark.parametrize(
    ("args", "where"),
    [
        ((_spark_like("Column"), FRAME["p"], FRAME["g"]), "y_true"),
        ((FRAME["y"], FRAME["p"], _spark_like("DataFrame")), "sensitive_features"),
        ((FRAME["y"], FRAME["p"], {"g": _spark_like("Column")}), "sensitive_features['g']"),
    ],
)
def test_spark_pieces_refused_naming_argument(args, where):
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(*args)
    text = str(info.value)
    assert f"argument {where!r}" in text and "Spark" in text
    assert "audit_frame(sdf" in text and "toPandas()" in text


def _spark_frame():  # a Spark DataFrame as the faces tell it: by its module (no session)
    frame = type("DataFrame", (), {"__module__": "pyspark.sql.classic.dataframe"})()
    frame.columns = list(FRAME.columns)
    return frame


@pytest.mark.parametrize(("frame", "name"), [(DDF, "ddf"), (_spark_frame(), "sdf")])
def test_a_cluster_frame_given_with_names_points_to_audit_frame(frame, name):
    # was "audit() got an unexpected keyword argument 'protected'; did you mean
    # 'sensitive_features'?" (a Dask frame) or "takes 3 positional arguments but 4 were given"
    for call in (
        lambda: ethiclens.audit(frame, y_true="y", y_pred="p", protected="g"),
        lambda: ethiclens.audit(frame, "y", "p", "g"),
    ):
        with pytest.raises(EthicLensInputError) as info:
            call()
        assert "DataFrame given with its columns' names" in str(info.value)
        want = f"ethiclens.audit_frame({name}, y_true='y', y_pred='p', protected='g')"
        assert str(info.value).endswith(want)
    with pytest.raises(EthicLensInputError, match=r"threshold_table\(\) takes the columns'"):
        ethiclens.threshold_table(frame, "y", "g")


def test_a_dask_frame_where_a_pandas_one_is_taken_names_the_way_here():
    # run(ddf): was "... not DataFrame (value: a DataFrame). Fix: pass a str or pathlib.Path"
    with pytest.raises(EthicLensInputError, match=r"not a Dask DataFrame\. Fix: .*audit_frame"):
        ethiclens.run(DDF)
    counts = DDF.groupby(["g", "y", "p"]).size().rename("count").reset_index()
    with pytest.raises(EthicLensInputError, match=r"first \(table\.compute\(\)\)"):
        ethiclens.audit_counts(counts, protected="g")  # was "Fix: pass a DataFrame"
    from ethiclens import p2nia

    request = p2nia.make_request(100, "g", epsilon=1.0, protected_domain=["a", "b"])
    with pytest.raises(EthicLensInputError, match=r"pandas DataFrame\. Fix: .*data\.compute\(\)"):
        p2nia.release(request, DDF, "y", "p", random_state=0)  # was no fix


def test_an_arrow_table_given_with_names_or_as_counts_names_the_way():
    pa = pytest.importorskip("pyarrow")
    table = pa.Table.from_pandas(FRAME, preserve_index=False)
    # was "audit() got an unexpected keyword argument 'protected'; did you mean ..."
    with pytest.raises(EthicLensInputError, match=r"is an Arrow Table given with its columns'"):
        ethiclens.audit(table, y_true="y", y_pred="p", protected="g")
    batch = table.to_batches()[0]  # a RecordBatch alike (was the unexpected keyword)
    with pytest.raises(EthicLensInputError, match=r"is an Arrow RecordBatch given with its"):
        ethiclens.audit(batch, y_true="y", y_pred="p", protected="g")
    counts = FRAME.groupby(["g", "y", "p"]).size().rename("count").reset_index()
    counts = pa.Table.from_pandas(counts)
    with pytest.raises(EthicLensInputError, match=r"first \(table\.to_pandas\(\)\)"):
        ethiclens.audit_counts(counts, protected="g")  # was "Fix: pass a DataFrame"
    from ethiclens import p2nia

    queries = dd.from_pandas(pd.DataFrame({"g": ["a", "b"] * 5}), npartitions=2)
    with pytest.raises(EthicLensInputError, match=r"first \(queries\.compute\(\)\)"):
        p2nia.blackbox_audit(lambda x: [0] * len(x), {"g": ["a", "b"]}, "g", 10, queries=queries)


def test_dask_index_restarting_per_partition_is_told_to_compute_first():
    # a Dask .reset_index(drop=True) numbers each partition from 0 again: advising it to the
    # Dask input would not help; its fix computes it first, and following the fix audits
    restarted = DDF.reset_index(drop=True)
    with pytest.raises(EthicLensInputError) as err:
        ethiclens.audit(restarted["y"], FRAME["p"], FRAME["g"], **OPTS)
    assert ".compute().reset_index(drop=True) on the Dask input(s) (y_true" in str(err.value)
    fixed = restarted["y"].compute().reset_index(drop=True)
    got = ethiclens.audit(fixed, FRAME["p"], FRAME["g"], **OPTS)
    assert got.to_dict() == ethiclens.audit(FRAME["y"], FRAME["p"], FRAME["g"], **OPTS).to_dict()
    with pytest.raises(EthicLensInputError, match="call .reset_index\\(drop=True\\) on every"):
        ethiclens.audit(FRAME["y"], FRAME["p"].iloc[::-1].set_axis(range(1, 201)), FRAME["g"])
