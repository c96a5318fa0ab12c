"""Counting on a Spark DataFrame: one groupBy().agg() on the cluster, only the cells come back."""

from __future__ import annotations

from .._optional import require
from ..errors import EthicLensInputError
from ._counts_table import (
    BAD_WEIGHTS,
    COUNT,
    SCORE_BIN,
    SCORE_SUM,
    WEIGHT_SQ_SUM,
    WEIGHT_SUM,
    Y_PRED,
    Y_TRUE,
    Roles,
    finish_sql_counts,
)


def spark_counts(sdf, roles: Roles):
    """The counts table of a Spark DataFrame (computed where its partitions live)."""
    require("pyspark", extra="spark")
    from pyspark.sql import DataFrame
    from pyspark.sql import functions as F

    if not isinstance(sdf, DataFrame):
        raise EthicLensInputError(
            "must be a Spark DataFrame",
            column="frame",
            value=type(sdf).__name__,
            fix="pass spark.read.parquet(...) or spark.table(...)",
        )
    missing = [c for c in roles.columns if c not in sdf.columns]
    if missing:
        raise EthicLensInputError(
            "not found", column=missing[0], fix=f"use one of {list(sdf.columns)[:20]}"
        )

    def col(name):
        return F.col("`" + name.replace("`", "``") + "`")

    keys = [col(c).alias(c) for c in roles.protected]
    if roles.y_true:
        keys.append(col(roles.y_true).alias(Y_TRUE))
    keys.append(col(roles.y_pred).alias(Y_PRED))
    k = int(roles.n_bins)
    s = col(roles.y_score).cast("double") if roles.y_score else None
    if s is not None:
        raw = F.floor(s * F.lit(k))
        keys.append(
            F.when(s.isNull(), F.lit(None))
            .when((s < 0) | (s > 1), F.lit(-1))
            .when(raw >= k, F.lit(k - 1))
            .otherwise(raw)
            .cast("long")
            .alias(SCORE_BIN)
        )
    aggs = [F.count(F.lit(1)).alias(COUNT)]
    w = col(roles.weight).cast("double") if roles.weight else None
    if w is not None:
        aggs += [
            F.sum(w).alias(WEIGHT_SUM),
            F.sum(w * w).alias(WEIGHT_SQ_SUM),
            F.sum(F.when(w.isNull() | (w < 0), 1).otherwise(0)).alias(BAD_WEIGHTS),
        ]
    if s is not None:
        aggs.append(F.sum(s if w is None else w * s).alias(SCORE_SUM))
    rows = sdf.groupBy(*keys).agg(*aggs).collect()
    import pandas as pd

    names = [c for c in roles.protected]
    names += [Y_TRUE] if roles.y_true else []
    names += [Y_PRED] + ([SCORE_BIN] if s is not None else []) + [a for a in _agg_names(roles)]
    frame = pd.DataFrame([tuple(r) for r in rows], columns=names)
    return finish_sql_counts(frame, roles)


LOCAL_MASTER = "local[2]"


def spark_file_counts(target: str, roles: Roles, *, master: str | None = None):
    """The counts table of a CSV/Parquet file, glob or (hive-partitioned) folder read by Spark.

    Uses the active SparkSession when there is one; otherwise starts one on ``master``
    (default ``local[2]``: local mode, no cluster) and stops it afterwards. Only the role
    columns are read; the groupBy runs in Spark and only the cells come back.
    """
    require("pyspark", extra="spark")
    from pyspark.sql import SparkSession

    from ._duckdb import resolve_files

    files, kind, hive = resolve_files(target)
    active = SparkSession.getActiveSession()
    if active is not None and master:
        raise EthicLensInputError(
            "a SparkSession is already active, so the master cannot be chosen",
            column="--scheduler",
            value=master,
            fix="drop --scheduler (the active session is used) or stop that session",
        )
    session = active or (
        SparkSession.builder.master(master or LOCAL_MASTER)
        .appName("ethiclens")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    if active is None:
        session.sparkContext.setLogLevel("ERROR")
    try:
        reader = session.read
        if hive:
            reader = reader.option("basePath", str(target))
        if kind == "parquet":
            sdf = reader.parquet(*files)
        else:
            sdf = reader.csv(files, header=True, inferSchema=True)
        # only the role columns are referenced, so Spark prunes the rest of a Parquet file
        return spark_counts(sdf, roles)
    finally:
        if active is None:
            session.stop()


def _agg_names(roles: Roles) -> list[str]:
    out = [COUNT]
    if roles.weight:
        out += [WEIGHT_SUM, WEIGHT_SQ_SUM, BAD_WEIGHTS]
    if roles.y_score:
        out.append(SCORE_SUM)
    return out
