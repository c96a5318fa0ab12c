"""Binning a counts table's numeric attributes (``audit_counts``): apart from the binning itself
(:mod:`._bins`, which the audit of rows uses too), as it needs the counts table's columns."""

from __future__ import annotations

import pandas as pd

from ._bins import bin_attribute
from ._engine import COUNT, SCORE_SUM, WEIGHT_SQ_SUM, WEIGHT_SUM


def bin_counts(table: pd.DataFrame, bins: dict) -> pd.DataFrame:
    """A counts table (``audit_counts``) with numeric attribute columns binned and its cells
    re-added: counts and sums are additive, so binning after counting equals counting the
    binned rows."""
    table = table.copy()
    for column, edges in bins.items():
        binned = bin_attribute(table[column], edges, column, rows=table[COUNT].to_numpy())
        table[column] = binned.to_numpy()
    sums = [c for c in (COUNT, WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_SUM) if c in table.columns]
    keys = [c for c in table.columns if c not in sums]
    out = table.groupby(keys, sort=True, dropna=False, observed=True)[sums].sum().reset_index()
    out.attrs = dict(table.attrs)
    return out[list(table.columns)]
