"""Binning a counts table's numeric attributes (``audit_counts``): apart from the binning itself
(:mod:`._bins`, which the audit of rows uses too), as it needs the counts table's columns."""

from __future__ import annotations

import pandas as pd

from .._checks import check_type, names_words
from ..errors import EthicLensInputError
from ._bins import bin_attribute, check_bins, check_bins_argument
from ._counts import RESERVED, check_counts_cells
from ._engine import BINS_ATTR, COUNT, SCORE_SUM, WEIGHT_SQ_SUM, WEIGHT_SUM
from ._keywords import refusing_unknown_keywords


@refusing_unknown_keywords
def bin_counts(table: pd.DataFrame, bins: dict) -> pd.DataFrame:
    """A counts table (``audit_counts``) with numeric attribute columns binned and its cells
    re-added: counts and sums are additive, so binning after counting equals counting the
    binned rows. The cells are checked first (:func:`check_counts_cells`, as ``audit_counts``
    checks them): adding them up would hide a missing or negative count (NaN + 30 = 30,
    -30 + 30 = 0), and counts written as text ('30') are refused, neither joined nor read. A
    table that is no DataFrame (a counts file's path), ``bins`` that are no mapping or name a
    column the table does not hold are refused in ``audit_counts``' and ``audit``'s words.
    The table's ``attrs["ethiclens_bins"]`` records the edges (beside those it records
    already), so its audit states them (``config.bins``) as the audit of the binned rows does."""
    stated = _check_arguments(table, bins)
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
    recorded = out.attrs.get(BINS_ATTR)
    if stated:  # beside the edges the table was binned at before (counts --bins)
        out.attrs[BINS_ATTR] = {**(recorded if isinstance(recorded, dict) else {}), **stated}
    return out[list(table.columns)]


def _check_arguments(table, bins) -> dict[str, list[float]]:
    """``table`` a DataFrame and ``bins`` attribute -> edges of its attribute columns, refused
    as ``audit_counts`` refuses the table and ``audit`` its ``bins`` (never an AttributeError
    or a KeyError); returns the edges as floats by attribute name."""
    try:  # arguments, not columns called 'table' or 'bins'
        check_type(
            table,
            pd.DataFrame,
            column="table",
            problem="must be a pandas DataFrame of cells",
            fix="pass a DataFrame (ethiclens.sources.read_counts reads a counts file)",
        )
        check_bins_argument(bins)
        attributes = [c for c in table.columns if c not in RESERVED]
        if cells := [c for c in bins if c in RESERVED and c in table.columns]:
            raise EthicLensInputError(  # no attribute: "count the table with it" is no fix
                "bins a cell column of the counts table (its labels or sums), not an attribute",
                column="bins",
                value=cells[0],
                fix=f"bin one of {names_words(sorted(attributes))}",
            )
        edges = check_bins(bins, attributes, column="bins", add="count the table with {attr!r}")
    except EthicLensInputError as exc:
        raise exc.renamed({}, "argument") from None
    return {str(attr): e for attr, e in edges.items()}
