"""``monitor --engine spark`` over columns ``g`` beside ``G`` (a CSV file, a Parquet file, a
Spark DataFrame) ended in AnalysisException AMBIGUOUS_REFERENCE (a traceback): Spark's session
tells names apart by case only when asked. The monitor now counts with
``spark.sql.caseSensitive`` on (the session's own setting restored after): the windows pandas
counts, for ``G`` and for ``g``."""

import pandas as pd
import pytest

from ethiclens.monitor import MonitorRequest, run_monitor
from tests.sources.conftest import spark  # noqa: F401 (the suite's one SparkSession)

N = 24
ROWS = {
    "ts": [f"2024-03-0{1 + i % 2}T00:00:00Z" for i in range(N)],
    "g": ["a" if i % 2 else "b" for i in range(N)],
    "G": ["x" if i % 3 else "y" for i in range(N)],
    "pred": [(i // 3) % 2 for i in range(N)],
}


def _counted(target, engine: str, store) -> list:
    request = MonitorRequest(
        target=target, time="ts", window="1d", y_pred="pred", protected=("G", "g"), engine=engine
    )
    doc = run_monitor(request, store).data
    return [
        (c["attribute"], c["group"], c["reference"], [h["counts"] for h in c["history"]])
        for c in doc["comparisons"]
    ]


@pytest.mark.slow
def test_spark_tells_g_from_G_as_pandas_does(spark, tmp_path):  # noqa: F811
    frame = pd.DataFrame(ROWS)
    frame.to_csv(tmp_path / "f.csv", index=False)
    expected = _counted(str(tmp_path / "f.csv"), "pandas", tmp_path / "p.sqlite")
    assert [c[0] for c in expected] == ["G", "g"]
    spark.conf.set("spark.sql.caseSensitive", "true")  # a frame of both names to begin with
    sdf = spark.createDataFrame(frame)
    spark.conf.unset("spark.sql.caseSensitive")
    for name, target in {"csv": str(tmp_path / "f.csv"), "frame": sdf}.items():
        assert _counted(target, "spark", tmp_path / f"{name}.sqlite") == expected, name
        assert spark.conf.get("spark.sql.caseSensitive") == "false"  # the session's own, back
