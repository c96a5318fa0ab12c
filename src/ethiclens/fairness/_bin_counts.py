"""Binning a counts table's numeric attributes (``audit_counts``): apart from the binning itself
(:mod:`._bins`, which the audit of rows uses too), as it needs the counts table's columns."""

from __future__ import annotations

import pandas as pd

from ._bins import bin_attribute
from ._counts import check_counts_cells
from ._engine import COUNT, SCORE_SUM, WEIGHT_SQ_SUM, WEIGHT_SUM


def bin_counts(table: pd.DataFrame, bins: dict) -> pd.DataFrame:
    """A counts table (``audit_counts``) with numeric attribute columns binned and its cells
    re-added: counts and sums are additive, so binning after counting equals counting the
    binned rows. The cells are checked first (:func:`check_counts_cells`, as ``audit_counts``
    checks them): adding them up would hide a missing or negative count (NaN + 30 = 30,
    -30 + 30 = 0), and counts written as text ('30') are added as numbers, not joined."""
    columns = table.attrs.get("ethiclens_columns")
    names = columns if isinstance(columns, dict) else None
    check_counts_cells(table, names=names, attributes=[str(c) for c in bins])
    table = table.copy()
    for column, edges in bins.items():
        binned = bin_attribute(table[column], edges, column, rows=table[COUNT].to_numpy())
        table[column] = binned.to_numpy()
    sums = [c for c in (COUNT, WEIGHT_SUM, WEIGHT_SQ_SUM, SCORE_SUM) if c in table.columns]
    for c in sums:
        table[c] = pd.to_numeric(table[c])
    keys = [c for c in table.columns if c not in sums]
    out = table.groupby(keys, sort=True, dropna=False, observed=True)[sums].sum().reset_index()
    out.attrs = dict(table.attrs)
    return out[list(table.columns)]
