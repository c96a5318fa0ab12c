"""Round 40: ethiclens.sources.spark_read_settings(session), for callers that select their own
columns (the monitor's Spark path, which ended in AMBIGUOUS_REFERENCE on columns g beside G):
names told apart by case inside it, the session's own settings back after it."""

import pytest

from ethiclens.sources import spark_read_settings


def test_columns_named_alike_but_for_case_are_selected_apart_inside(spark):
    from pyspark.errors import AnalysisException

    key = "spark.sql.caseSensitive"
    before = spark.conf.get(key, None)
    with spark_read_settings(spark):
        sdf = spark.range(1).selectExpr("1 AS g", "2 AS G")  # analysed only: no job run
        assert sdf.select("G", "g").columns == ["G", "g"]
    assert spark.conf.get(key, None) == before
    with pytest.raises(AnalysisException, match="AMBIGUOUS_REFERENCE"):
        sdf.select("g")  # analysed as it is built
