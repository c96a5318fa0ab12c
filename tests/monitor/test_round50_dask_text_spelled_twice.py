"""Round 50 (bcc28789's sibling on the Dask and Spark engines): a Dask DataFrame whose text
group column writes '0' beside '-0' was monitored as one group '0' without a word, where its
audit (``audit_frame``, the Dask engine's group keys) compares them as two groups, as pandas
and CSV text are refused since bcc28789/3fbd3652. A Dask column of text (its ``string`` dtype,
or an ``object`` one holding text only) now takes the text rule; the merge it names runs. A
Spark string column takes it alike (from its schema; no Spark session in this test)."""

import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")


def _frame() -> pd.DataFrame:
    times = pd.date_range("2024-01-01", periods=150, freq="8min")
    return pd.DataFrame(
        {
            "t": times.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "g": [("x", "0", "-0")[i % 3] for i in range(150)],
            "y": [(i * 7) % 2 for i in range(150)],
            "p": [(i * 11 // 3) % 2 for i in range(150)],
        }
    )


def _request(target, **kw) -> MonitorRequest:
    return MonitorRequest(target=target, time="t", window="1d", y_pred="p", y_true="y",
                          protected=("g=x",), n_draws=100, **kw)  # fmt: skip


@pytest.mark.parametrize("convert_string", [True, False], ids=["string", "object"])
def test_a_dask_text_column_writing_a_signed_zero_is_refused(tmp_path, convert_string):
    with dask.config.set({"dataframe.convert-string": convert_string}):
        target = dd.from_pandas(_frame().astype({"g": object}), npartitions=2)
        with pytest.raises(EthicLensInputError, match=r"g writes one value 2 ways \(0, -0\)") as e:
            run_monitor(_request(target), tmp_path / "s.sqlite")
    assert "merge_groups={'g': {'0': ['0', '-0']}}" in str(e.value)


@pytest.mark.parametrize("arrow", ["string", "large_string"])
def test_a_dask_arrow_text_column_is_text(tmp_path, arrow):
    # pd.ArrowDtype(pa.string()) (what pandas' dtype_backend='pyarrow' reads): no StringDtype,
    # no object: it was counted by the kind rule, '0' and '-0' one group without a word
    pa = pytest.importorskip("pyarrow")
    frame = _frame().astype({"g": pd.ArrowDtype(getattr(pa, arrow)())})
    with pytest.raises(EthicLensInputError, match=r"g writes one value 2 ways \(0, -0\)"):
        run_monitor(_request(dd.from_pandas(frame, npartitions=2)), tmp_path / "s.sqlite")


def test_the_merge_it_names_runs(tmp_path):
    target = dd.from_pandas(_frame(), npartitions=2)
    merged = _request(target, merge_groups={"g": {"0": ["0", "-0"]}})
    result = run_monitor(merged, tmp_path / "m.sqlite").to_dict()
    assert [(c["group"], c["reference"]) for c in result["comparisons"]] == [("0", "x")]


class _Field:  # a Spark schema's field, as pyspark.sql.types.StructField reads
    def __init__(self, name, type_name):
        self.name, self.dataType = name, type("T", (), {"typeName": lambda _: type_name})()


@pytest.mark.parametrize(("type_name", "text"), [("string", True), ("varchar", True),
                                                 ("double", False)])  # fmt: skip
def test_a_spark_string_column_is_text(type_name, text):
    from ethiclens.monitor import _run

    frame = type("DataFrame", (), {"__module__": "pyspark.sql.classic.dataframe"})()
    frame.columns = ["g", "t"]
    frame.schema = type("S", (), {"fields": [_Field("g", type_name), _Field("t", "string")]})
    assert _run._text_columns(frame, ("g",)) == ({"g"} if text else set())
