"""Counting on a Dask DataFrame: one groupby on the cluster, only the cells come back."""

from __future__ import annotations

import numpy as np

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


def dask_counts(ddf, roles: Roles):
    """The counts table of a Dask DataFrame (computed where its partitions live)."""
    dd = require("dask.dataframe", extra="dask")
    if not isinstance(ddf, dd.DataFrame):
        raise EthicLensInputError(
            "must be a dask DataFrame",
            column="frame",
            value=type(ddf).__name__,
            fix="pass dask.dataframe.from_pandas(...) or dd.read_parquet(...)",
        )
    missing = [c for c in roles.columns if c not in ddf.columns]
    if missing:
        raise EthicLensInputError(
            "not found", column=missing[0], fix=f"use one of {list(ddf.columns)[:20]}"
        )
    k = int(roles.n_bins)
    frame = ddf[list(roles.protected)].assign(_one=1)
    keys = list(roles.protected)
    if roles.y_true:
        frame = frame.assign(**{Y_TRUE: ddf[roles.y_true]})
        keys.append(Y_TRUE)
    frame = frame.assign(**{Y_PRED: ddf[roles.y_pred]})
    keys.append(Y_PRED)
    agg = {COUNT: ("_one", "sum")}
    if roles.y_score:
        s = ddf[roles.y_score].astype(float)
        b = (s * k).map_partitions(np.floor, meta=(None, "f8")).clip(upper=k - 1)
        b = b.where(~((s < 0) | (s > 1)), -1.0)
        frame = frame.assign(**{SCORE_BIN: b, "_s": s.fillna(0.0)})
        keys.append(SCORE_BIN)
    if roles.weight:
        w = ddf[roles.weight].astype(float)
        frame = frame.assign(_w=w, _w2=w * w, _bad=(w.isna() | (w < 0)).astype(np.int64))
        agg[WEIGHT_SUM] = ("_w", "sum")
        agg[WEIGHT_SQ_SUM] = ("_w2", "sum")
        agg[BAD_WEIGHTS] = ("_bad", "sum")
        if roles.y_score:
            frame = frame.assign(_s=frame["_s"] * w)
    if roles.y_score:
        agg[SCORE_SUM] = ("_s", "sum")
    out = frame.groupby(keys, dropna=False).agg(**agg).compute().reset_index()
    return finish_sql_counts(out, roles)


def audit_frame(
    frame,
    *,
    y_pred: str,
    protected,
    y_true: str | None = None,
    y_score: str | None = None,
    sample_weight: str | None = None,
    n_bins: int = 10,
    **kwargs,
):
    """Audit a Dask or Spark DataFrame by column names: counted on the cluster, audited here.

    ``protected`` is a column name or a list of them; every other keyword is
    :func:`ethiclens.audit_counts`'s. Same result as ``ethiclens.audit`` on the same rows.
    """
    from ..fairness import audit_counts

    cols = [protected] if isinstance(protected, str) else list(protected)
    roles = Roles(y_pred, cols, y_true, y_score, sample_weight, n_bins)
    if type(frame).__module__.startswith("pyspark"):
        from ._spark import spark_counts

        table = spark_counts(frame, roles)
    else:
        table = dask_counts(frame, roles)
    return audit_counts(table, n_bins=n_bins, **kwargs)
