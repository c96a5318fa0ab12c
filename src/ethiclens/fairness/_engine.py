"""The audit engine: per-group cells -> metrics, intervals, policy, headlines."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import numpy as np
import pandas as pd

from .._checks import (
    check_draws,
    check_label_lengths,
    check_level_draws,
    check_type,
    names_words,
    use_one_of,
)
from .._text import beside, brought_here, spaced_key, spaced_name
from .._version import __version__
from ..errors import EthicLensInputError
from . import _auc
from . import _calibration as cal
from . import _policy as pol
from ._bins import check_bin_edges, quiet_snan
from ._bootstrap import (
    LABEL_CELLS,
    Interval,
    draw_cell_counts,
    draw_dirichlet_cells,
    draw_label_split_cells,
    draw_weighted_cells,
    empty_cell_groups,
    jackknife_units,
    jeffreys_method,
    kish_effective,
)
from ._counts import (
    ATTRIBUTES_ATTR,
    COUNT,
    FIX_BUILD,
    SCORE_BIN,
    SCORE_SUM,
    WEIGHT_SQ_SUM,
    WEIGHT_SUM,
    Y_PRED,
    Y_TRUE,
    GroupCounts,
    cell_index,
    cell_sums,
    check_counts_cells,
    column_labeller,
    counts_attributes,
    refuse_columns_twice,
    refuse_missing_keys,
    round_significant,
)
from ._counts import RESERVED as COUNTS_RESERVED
from ._intervals import (
    JEFFREYS,
    PERCENTILE,
    Intervals,
    bootstrap_intervals,
    contain,
    equal_tailed,
    fold,
    metric_status,
    with_infinite_draws,
)
from ._metrics import (
    COMPOSITE_PARTS,
    comparison_specs,
    composite_band,
    compute_composite_bias_score,
    frozen_specs,
    group_specs,
    unguarded,
)
from ._options import DEFAULT_N_BINS, check_score_bins, keywords_before_rows, policy_and_options
from ._result import (
    AttributeSummary,
    AuditResult,
    Comparison,
    GroupSummary,
    Headline,
    MetricEstimate,
    empty_crossings,
    look_alike_notes,
    missing_value_codes,
)
from ._suppressed import Suppressed
from ._validate import (
    INTERSECTION_SEP,
    aligned_rows,
    as_binary_columns,
    as_scores,
    as_weights,
    check_distinct_keys,
    check_draw_memory,
    check_flag,
    check_length,
    encode_edited,
    followed_references,
    groups_without_rows,
    isin,
    label_notes,
    names_of,
    refuse_blank_attribute,
    refuse_underflowing_weights,
    resolve_reference,
    said_notes,
)


@keywords_before_rows("audit")
def audit(
    y_true,
    y_pred,
    sensitive_features,
    *,
    y_score=None,
    sample_weight=None,
    policy: pol.Policy | None = None,
    **options,
) -> AuditResult:
    """Audit binary predictions for group fairness.

    Parameters
    ----------
    y_true : array-like of shape (n,) or None
        Ground-truth labels. Without them only selection-rate metrics are computed and the
        composite score is withheld.
    y_pred : array-like of shape (n,)
        Predicted labels.
    sensitive_features : Series, DataFrame, dict or array-like
        One column per protected attribute; each may have any number of groups. Several
        columns give one audit per attribute (not their crossing: use ``intersections``).
    y_score : array-like of shape (n,), optional
        Scores in [0, 1] (probability of the positive label) for calibration (ECE).
    sample_weight : array-like of shape (n,), optional
        Survey (probability) weights for point estimates, intervals and the z-test. Sample
        floors, intervals and the z-test then count Kish's effective rows (Σw)² / Σw², so one
        huge weight cannot decide a verdict, and unequal weights widen the intervals. They are
        not frequency weights: a row that stands for k identical rows belongs in a counts table
        whose ``count`` column holds k (``audit_counts``), which counts it as k rows. Rows of
        weight 0 change no point estimate, floor or z-test, but count in ``n`` (rows read).
    policy : Policy, optional
        Thresholds, DI rule and sample floors; defaults from the methodology. Its fields may
        be given as keywords instead (``di_threshold=0.9``), not both.
    **options
        The audit's options, each described in :class:`AuditOptions` (``reference``,
        ``intersections``, ``merge_groups``, ``pos_label``, ``n_boot``, ``ci``, ...).

    Returns
    -------
    AuditResult

    Notes
    -----
    Rows pair as pandas pairs them: pandas inputs (Series, DataFrames, a dict's Series) by
    index label to the first one's (reordered labels are reindexed, others refused; reordered
    beside an index of positions, 0, 1, 2, ... (pandas' default, or those integers), is refused
    as ambiguous, since scikit-learn and fairlearn pair by position); arrays, lists and
    ``pd.Categorical`` by position, so a lone pandas input's index is not used.
    """
    rows = (y_true, y_pred, sensitive_features, y_score, sample_weight)
    return audit_rows(rows, policy, options)


def audit_rows(rows: tuple, policy, options: dict, encode=encode_edited) -> AuditResult:
    """:func:`audit` of ``rows`` (y_true, y_pred, sensitive_features, y_score, sample_weight);
    ``encode``: :func:`encode_edited`, or what stands for it (``compare`` encodes the groups
    once for both of its audits and its differences)."""
    y_true, y_pred, sensitive_features, y_score, sample_weight = rows
    policy, opts = policy_and_options("audit", policy, options)
    if opts.n_bins is None:  # None: the default, as audit_counts, audit_frame and Roles read it
        opts = replace(opts, n_bins=DEFAULT_N_BINS)
    policy = _check_options(policy, opts, y_score is not None or options.get("n_bins") is None)
    pred, true, scores, weights, sensitive_features, notes = _row_inputs(
        y_true, y_pred, sensitive_features, y_score, sample_weight, opts
    )
    attrs, edits = encode(sensitive_features, len(pred), opts)
    ctx = _rows_context(opts, policy, pred, true, scores, weights, attrs, sample_weight)
    facts = _Facts(len(pred), scores is not None, weights is not None, _bins_stated(opts.bins))
    result = _run(ctx, opts, attrs, edits, functools.partial(_attribute_cells, ctx), facts)
    return _noted(result, opts, notes)


def _noted(result, opts, notes: list[str]):
    """``result`` with the labels' notes (:func:`label_notes`) in its provenance and said as
    warnings: an audit called on arrays or a frame, with or without the caller's
    ``provenance``; a face that read a file gives its notes in its provenance already (the same
    rule, in the source's column names): not said twice (:func:`said_notes`)."""
    if notes:  # a caller's provenance= kept, the notes added (a face's own not said twice)
        result.data["provenance"] = said_notes(result.data.get("provenance"), notes)
    return result


def _bins_stated(bins, column: str = "bins") -> dict[str, list[float]]:
    """The edges each binned attribute was cut at (``config.bins``), as floats, by attribute
    name: ``bins`` as :func:`encode_edited` has checked them (a key 2 names the column '2')."""
    return {str(attr): check_bin_edges(edges, column) for attr, edges in (bins or {}).items()}


def _row_inputs(y_true, y_pred, sensitive_features, y_score, sample_weight, opts):
    """Predictions, labels, scores and weights of the rows, each checked, and the attributes,
    every input paired with the others by pandas index label (:func:`align_inputs`)."""
    (y_true, y_pred, sensitive_features, y_score, sample_weight), n = aligned_rows(
        "y_pred",
        "prediction",
        y_true=y_true,
        y_pred=y_pred,
        sensitive_features=sensitive_features,
        y_score=y_score,
        sample_weight=sample_weight,
    )
    if y_true is not None:
        check_length(y_true, n, "y_true")
    binary = as_binary_columns({"y_pred": y_pred, "y_true": y_true}, opts.pos_label)
    pred, true = binary["y_pred"], binary["y_true"]
    notes = label_notes({"y_true": y_true, "y_pred": y_pred}, opts.pos_label)
    scores = as_scores(y_score, n) if y_score is not None else None
    if scores is not None and true is None:
        raise EthicLensInputError(
            "calibration needs ground truth",
            column="y_score",
            fix="pass y_true too, or drop y_score",
        )
    weights = as_weights(sample_weight, n) if sample_weight is not None else None
    return pred, true, scores, weights, sensitive_features, notes


def _rows_context(opts, policy, pred, true, scores, weights, attrs, sample_weight) -> _Context:
    """The audit's shared inputs for rows: their cells, labels, scores and weights, and the
    order of the scores (unweighted rows only) that the AUC ranks by. Weights whose squares
    underflow in a cell of a group of ``attrs`` are refused, named as ``sample_weight`` was."""
    order = _auc.score_order(scores) if scores is not None and weights is None else None
    cells = cell_index(pred, true)
    if weights is not None:
        refuse_underflowing_weights(weights, attrs, cells, sample_weight)
    rows = dict(weights=weights, scores=scores, true=true, cells=cells, score_order=order)
    rows["weighted"] = weights is not None
    return _context(opts, policy, labelled=true is not None, **rows)


# The counts table (docs/adr/0009-data-engines.md): one row per cell of (protected attribute
# values..., y_true, y_pred[, score_bin]); its other columns (``_counts.RESERVED``: count, the
# sums of weights and scores) are reserved names. The table's ``attrs`` (and a Parquet file's
# metadata) may carry these keys.
N_BINS_ATTR = "ethiclens_n_bins"
BINS_ATTR = "ethiclens_bins"  # attribute -> the edges its groups were binned at (bin_counts)
NAMES_ATTR = "ethiclens_columns"  # role -> the source's column name, for messages


@keywords_before_rows("audit_counts")
def audit_counts(
    table, *, protected=None, policy: pol.Policy | None = None, **options
) -> AuditResult:
    """Audit from a counts table: per-group cells instead of rows.

    Same policy, intervals, headlines and report as :func:`audit`; for the same seed the result
    is identical to ``audit`` on the rows the table counts (floating-point sums of weights and
    scores are exact, hence identical, when they are multiples of a power of two; otherwise they
    agree to rounding).

    Parameters
    ----------
    table : DataFrame
        One row per cell. Columns: the protected attributes (any names), ``y_pred``, optional
        ``y_true`` (without it only selection-rate metrics), ``count`` (rows in the cell, a
        whole number >= 0), optional ``weight_sum`` and ``weight_sq_sum`` (sums of the weights
        and of their squares: the Kish floors need both), optional ``score_bin`` (equal-width
        bin of the score, 0 .. n_bins - 1) with ``score_sum`` (the cell's weighted score sum)
        for calibration. ``ethiclens.sources.counts_of`` builds it; so does ``ethiclens
        counts``.
    protected : list of str, optional
        The attribute columns; default the table's own list (``attrs["ethiclens_attributes"]``,
        written by ``counts_of``, every engine and ``ethiclens counts``). A column that is neither
        reserved nor an attribute is refused, and so is a table without that list audited
        without ``protected``. Every cell is checked first (``fairness.check_counts_cells``): sums
        no rows could produce, duplicate cells and counts past 2**53 are refused, the cell named.
    policy : Policy, optional
        As in :func:`audit`.
    **options
        As in :func:`audit` (see :class:`AuditOptions`). ``n_bins`` defaults to the table's
        ``attrs["ethiclens_n_bins"]``, else 10. Weighted ``bca``/``percentile`` intervals
        resample rows, which a counts table does not have, and are refused: use the default
        ``jeffreys``.

    Returns
    -------
    AuditResult
    """
    policy, opts = policy_and_options("audit_counts", policy, options)
    attrs_meta, opts = _table_options(table, opts)
    table, protected = _named_cells(table, protected)
    policy = _table_policy(table, policy, opts, options.get("n_bins"))
    names = dict(attrs_meta.get(NAMES_ATTR) or {})
    t = _check_counts_table(table, protected, names, opts.n_bins)
    weighted = WEIGHT_SUM in t.columns
    if weighted:
        _check_weighted_ci(opts.ci)
    pred, true, notes = _table_labels(t, names, opts.pos_label)
    cols = _table_attributes(table, t, protected, attrs_meta)
    gone, opts = Suppressed.of(attrs_meta, cols, opts)  # groups --min-cell dropped whole
    attrs, edits = encode_edited(t[list(cols)], len(t), opts)
    edits = gone.stated(edits)
    rows = dict(weights=None, scores=None, true=None, cells=cell_index(pred, true))
    rows["weighted"] = weighted
    ctx = _context(opts, policy, labelled=true is not None, **rows)
    cells = _TableCells(ctx, t, true)
    binned = _table_bins(attrs_meta, cols)
    facts = _Facts(int(t[COUNT].to_numpy(dtype=float).sum()), cells.has_scores, weighted, binned)
    result = _run(ctx, opts, attrs, edits, gone.build(cells.build), facts, gone.comparisons)
    return _noted(result, opts, notes)


def _table_policy(table, policy, opts, n_bins):
    """The policy, checked with the options as ``audit`` checks them; an ``n_bins`` given (other
    than the default) needs the table's score bins."""
    # a given n_bins bins the table's scores; the default given is let through: it is the fix
    # a table's broken attrs['ethiclens_n_bins'] offers (audit_frame passes none unless given)
    default = isinstance(n_bins, int | np.integer) and n_bins == DEFAULT_N_BINS
    scored = SCORE_BIN in table.columns or n_bins is None or default
    return _check_options(policy, opts, scored, f"{SCORE_BIN} column")


def _named_cells(table, protected):
    """The counts table and ``protected`` with every column named by text, as ``audit`` names
    a DataFrame's columns (attribute 0 is '0'), and the cells in the columns only."""
    if not all(isinstance(c, str) for c in table.columns):  # groupby of pd.DataFrame(matrix)
        table = table.rename(columns=str)
    if set(map(str, table.index.names)) & set(table.columns):  # set_index(..., drop=False)
        table = table.reset_index(drop=True)  # the cells are the columns; pandas: ambiguous
    refuse_columns_twice(table)  # was pandas' TypeError from the first look at one
    # one attribute's name, not its characters; a list, array, Index (table.columns[:2]) ...
    return table, None if protected is None else names_of(protected)


def _table_labels(t, names, pos_label):
    """The counts table's ``y_pred`` and ``y_true`` (``None`` when absent) as 0/1 arrays, each
    cell standing for its ``count`` rows, named as the source's columns (as the user knows them),
    and the notes on their values (:func:`label_notes`)."""
    roles = {
        r: t[r].rename(names.get(r, r)).reset_index(drop=True) if r in t.columns else None
        for r in (Y_PRED, Y_TRUE)
    }
    counts = t[COUNT].to_numpy(dtype=float)
    binary = as_binary_columns(roles, pos_label, counts=counts)
    notes = label_notes({r: roles[r] for r in (Y_TRUE, Y_PRED)}, pos_label, counts=counts)
    return binary[Y_PRED], binary[Y_TRUE], notes


def _table_attributes(table, t, protected, meta) -> list[str]:
    """The counts table's attribute columns to audit, an unknown column, a group without rows
    or an overlong group label refused."""
    cols = counts_attributes(t, protected, meta.get(ATTRIBUTES_ATTR))  # unknown: refused
    for col in cols:  # a column named '' or ' ' (a Parquet file or a groupby may hold one)
        refuse_blank_attribute(
            col, "protected", "rename the counts table's column to a name that prints"
        )
    _refuse_groups_without_rows(table, t, cols)
    _refuse_long_labels(t, cols)
    return cols


def _check_weighted_ci(ci) -> None:
    if ci != "jeffreys":
        raise EthicLensInputError(
            f"weighted {ci} intervals resample rows, which a counts table does not have",
            column="ci",
            value=ci,
            fix="audit the rows, or use the default jeffreys intervals: e.g. --ci jeffreys",
        )


def _table_options(table, opts):
    """The table's metadata (``attrs``) and the options with its ``n_bins`` where none was
    given."""
    fix = "pass a DataFrame (ethiclens.sources.read_counts reads a counts file)"
    if here := brought_here(table, "table"):  # a Dask, Spark, Arrow or Polars frame
        fix = f"bring a table of counts here as a pandas one first ({here})"
        if type(table).__module__.startswith(("dask", "pyspark")):  # its rows on the cluster
            fix += "; a frame of rows is audited on the cluster by its columns' names: "
            fix += "ethiclens.audit_frame(frame, y_pred=..., protected=...)"
    check_type(
        table, pd.DataFrame, column="table", problem="must be a pandas DataFrame of cells", fix=fix
    )
    if isinstance(table.columns, pd.MultiIndex):  # table['count'] would be a frame
        raise EthicLensInputError(
            "has columns of several levels (a MultiIndex), not one name per column",
            column="table",
            kind="argument",
            value=list(table.columns[:3]),
            fix="name each column once, e.g. table.columns = table.columns.get_level_values(-1)",
        )
    meta = dict(table.attrs or {})
    if opts.n_bins is None:
        n_bins = meta.get(N_BINS_ATTR, 10)
        if isinstance(n_bins, bool) or not isinstance(n_bins, int | np.integer):
            raise EthicLensInputError(
                "the table's number of score bins must be a whole number from 2 to 1000"
                + (", not None" if n_bins is None else ""),
                column=f"table.attrs[{N_BINS_ATTR!r}]",
                value=n_bins,
                fix="set it to the number of bins the table was counted with, or pass n_bins "
                "(ethiclens.sources.read_counts checks a counts file's metadata)",
                kind="key",
            )
        opts = replace(opts, n_bins=int(n_bins))
    return meta, opts


def _table_bins(meta: dict, columns) -> dict[str, list[float]]:
    """The edges the table's audited attributes were binned at (``attrs["ethiclens_bins"]``,
    written by :func:`bin_counts`, ``counts --bins`` and every engine), for ``config.bins``."""
    where = f"table.attrs[{BINS_ATTR!r}]"
    recorded = meta.get(BINS_ATTR) or {}
    if not isinstance(recorded, dict):
        raise EthicLensInputError(
            "must be a dict of attribute -> bin edges",
            column=where,
            value=recorded,
            fix="set it to the edges the table's attributes were binned at, or remove it "
            "(ethiclens.fairness.bin_counts records them)",
            kind="key",
        )
    audited = {str(c) for c in columns}
    kept = {str(a): edges for a, edges in recorded.items() if str(a) in audited}
    return {a: _bins_stated({a: edges}, f"{where}[{a!r}]")[a] for a, edges in kept.items()}


class _TableCells:
    """One attribute's cells from a counts table's rows (the counts path's ``build``)."""

    def __init__(self, ctx, t, true):
        self.ctx, self.true = ctx, true
        self.count = t[COUNT].to_numpy(dtype=float)
        self.weighted = WEIGHT_SUM in t.columns
        self.has_scores = SCORE_BIN in t.columns
        self.wsum = t[WEIGHT_SUM].to_numpy(dtype=float) if self.weighted else None
        self.wsq = t[WEIGHT_SQ_SUM].to_numpy(dtype=float) if self.weighted else None
        self.sbin = t[SCORE_BIN].to_numpy(dtype=np.int64) if self.has_scores else None
        self.ssum = t[SCORE_SUM].to_numpy(dtype=float) if self.has_scores else None

    def build(self, name, groups, codes) -> _Cells:
        ctx = self.ctx
        check_two_groups(name, groups)
        keep = codes >= 0
        codes, cells = codes[keep], ctx.cells[keep]
        shape = (len(groups), ctx.n_cells)
        flat = codes * ctx.n_cells + cells
        counts = cell_sums(flat, shape, self.count[keep]).astype(np.int64)
        w = cell_sums(flat, shape, self.wsum[keep]) if self.weighted else counts.astype(float)
        sq = cell_sums(flat, shape, self.wsq[keep]) if self.weighted else None
        gc = GroupCounts(name, tuple(groups), ctx.labelled, counts, w)
        if not self.has_scores:
            return _Cells(gc, sq, None, None, None)
        auc = (
            f"not computed: a counts table holds scores in {ctx.n_bins} bins, and AUC needs each "
            "row's score (audit the rows, or use ethiclens.fairness.group_auc)"
        )
        return _Cells(gc, sq, self._ece(codes, keep, len(groups)), None, auc)

    def _ece(self, codes, keep, n_groups):
        """Calibration cells (count, weight sum, score sum) per group, bin and label."""
        shape = (n_groups, 2 * self.ctx.n_bins)
        e_flat = codes * shape[1] + self.sbin[keep] * 2 + self.true[keep]
        e_counts = cell_sums(e_flat, shape, self.count[keep]).astype(np.int64)
        e_w = self.wsum[keep] if self.weighted else self.count[keep]
        return e_counts, cell_sums(e_flat, shape, e_w), cell_sums(e_flat, shape, self.ssum[keep])


def _check_counts_table(table, protected, names, n_bins):
    """The table's cells with count > 0, after checking its form; else a one-line error."""
    table = _quiet_snan_cells(table)
    # the cells first, in the words ethiclens.sources.read_counts uses (the CLI's): one check
    audited = [str(c) for c in protected] if protected else None  # another's gaps: no matter
    check_counts_cells(table, names=names, n_bins=n_bins, attributes=audited)
    protected = _check_table_columns(table, protected)
    count = pd.to_numeric(table[COUNT], errors="coerce").to_numpy(dtype=float)
    # check_counts_cells has refused a missing label, prediction or score bin and a declared
    # attribute's missing value; an undeclared column's is refused here, named without its
    # row, before counts_attributes refuses the column
    keys = protected or [c for c in table.columns if c not in COUNTS_RESERVED]
    refuse_missing_keys(table, count, keys, column_labeller(names))
    _check_totals(table, count, names)
    return table.loc[count > 0].reset_index(drop=True)


def _quiet_snan_cells(table):
    """``table`` with each signalling decimal NaN a quiet one (:func:`quiet_snan`), so it is
    refused as that missing value is; a copy only when one is there (the caller's unchanged)."""
    quieted = table
    for i in range(table.shape[1]):
        column = table.iloc[:, i]
        quiet = quiet_snan(column)
        if quiet is not column:
            quieted = table.copy() if quieted is table else quieted
            quieted.isetitem(i, quiet)
    return quieted


def _refuse_groups_without_rows(table, counted, cols) -> None:
    """A group whose cells all count 0 is a group with no rows: refused as an unused category
    is (it would otherwise vanish from the audit without a word)."""
    for col in cols:
        values = table[col].dropna()
        empty = sorted({str(v) for v in values[~isin(values, counted[col])]})
        if empty:
            raise groups_without_rows(empty, col, "the cells of those groups (every count is 0)")


def _refuse_long_labels(counted, cols) -> None:
    """Long group labels refused as ``audit`` refuses them, counted in rows (a cell stands for
    its count), as ``ethiclens audit --counts`` counts them; a missing group is left to the
    encoding, which refuses it first."""
    counts = counted[COUNT].to_numpy(dtype=float)
    for col in cols:
        if not counted[col].isna().any():
            check_label_lengths(counted[col].to_numpy(), col, counts=counts)


def _check_table_columns(table, protected):
    """The reserved columns a counts table needs in pairs (``check_counts_cells`` has found
    ``y_pred`` and ``count``), and the named attributes."""
    for a, b in ((WEIGHT_SUM, WEIGHT_SQ_SUM), (SCORE_BIN, SCORE_SUM)):
        if (a in table.columns) != (b in table.columns):
            have, lack = (a, b) if a in table.columns else (b, a)
            raise EthicLensInputError(
                f"the counts table has {have} but not {lack}", column=lack, fix=FIX_BUILD
            )
    if SCORE_BIN in table.columns and Y_TRUE not in table.columns:
        raise EthicLensInputError(
            "calibration needs ground truth",
            column=SCORE_BIN,
            fix="add y_true cells, or drop score_bin and score_sum",
        )
    if protected is None:
        return None
    protected = [str(p) for p in protected]
    for p in protected:
        if p not in table.columns or p in COUNTS_RESERVED:
            raise EthicLensInputError(
                "is not an attribute column of the counts table",
                column=p,
                fix=use_one_of(p, [c for c in table.columns if c not in COUNTS_RESERVED]),
            )
    return protected


def _check_totals(table, count, names) -> None:
    """Something to audit: rows, positive weight, and weights whose squares do not underflow."""
    if count.sum() <= 0:
        raise EthicLensInputError(
            "no rows to audit (every count is 0)", column=COUNT, fix=FIX_BUILD
        )
    if WEIGHT_SUM not in table.columns:
        return
    # as numbers first: the sum of a text column ('2.5' cells, which the cell check reads as
    # numbers) joins the texts ('2.52.5'), a ValueError, or a wrong total ('12' for 1 + 2)
    ws = pd.to_numeric(table[WEIGHT_SUM]).to_numpy(dtype=float)
    if float(ws.sum()) <= 0:
        raise EthicLensInputError(
            "every weight is 0; nothing would be audited",
            column=column_labeller(names)(WEIGHT_SUM),
            fix="pass positive weights for the rows to audit (or no weights)",
        )
    wq = pd.to_numeric(table[WEIGHT_SQ_SUM]).to_numpy(dtype=float)
    if ((ws > 0) & (wq <= 0)).any():  # weights of 1e-200: squares underflow to 0
        src = names.get(WEIGHT_SUM)
        raise EthicLensInputError(
            "weights so small that their squares underflow to 0 (effective sample sizes need them)",
            column=f"{src} ({WEIGHT_SQ_SUM})" if src else WEIGHT_SQ_SUM,
            fix="multiply every weight by one constant; weighted rates do not change",
        )


@dataclass(frozen=True)
class _Facts:
    """What the result states about its input (rows, scores, weights)."""

    n_rows: int
    has_scores: bool
    weighted: bool
    bins: dict = field(default_factory=dict)  # attribute -> edges its groups were binned at


@frozen_specs()  # the metrics as registered when it began, whatever another thread does
def _run(ctx, opts, attrs, edits, build, facts: _Facts, more=None) -> AuditResult:
    """Audit every attribute from the cells ``build(name, groups, codes)`` returns;
    ``more(name, comparisons)``: comparisons of groups with no cells (suppressed) to add."""
    check_distinct_keys(attrs)
    references = _references(opts.reference, list(attrs), opts.intersections, edits)
    check_draws(ctx.n_boot, "n_boot")
    check_level_draws(ctx.n_boot, ctx.level)
    check_draw_memory(ctx.n_boot, attrs, ctx.n_cells * (2 if ctx.labelled else 1))
    opts = opts.seeded()
    seeds = np.random.SeedSequence(opts.random_state).spawn(len(attrs))
    attributes, comparisons = [], []
    gaps = empty_crossings(
        {n: g for n, (g, _) in attrs.items()}, opts.intersections, INTERSECTION_SEP
    )
    for (name, (groups, codes)), seed in zip(attrs.items(), seeds, strict=True):
        source = opts.reference_source
        source = source.get(name) if isinstance(source, dict) else source
        cells = build(name, groups, codes)
        summary, comps = _audit_cells(
            ctx, cells, references.get(name), source, np.random.default_rng(seed)
        )
        lost = more(name, comps) if more else []  # suppressed: the rows had them
        if name in gaps:  # a crossing with no rows is named, not dropped without a word
            listed, rest = gaps[name]
            summary.empty_crossings = [g for g in listed if g not in {c.group for c in lost}]
            summary.empty_crossings_not_listed = rest
        # a group named like a missing value ('?' in UCI Adult) is audited, with a note
        summary.missing_value_codes = missing_value_codes(groups)
        attributes.append(summary)
        comparisons.extend(comps + lost)
    data = {"n_rows": int(facts.n_rows), "provenance": _look_alike_noted(opts, attrs)}
    return AuditResult(
        attributes,
        comparisons,
        _composite_headline(comparisons, ctx.labelled),
        _min_di_headline(comparisons),
        _config(ctx, opts, edits, facts),
        data,
    )


def _look_alike_noted(opts, attrs) -> dict:
    """The run's provenance, with the notes on groups written alike (:func:`look_alike_notes`)
    added and said as warnings."""
    notes = look_alike_notes(attrs, opts.intersections)
    return said_notes(opts.provenance, notes) if notes else (opts.provenance or {})


def _config(ctx, opts, edits, facts: _Facts) -> dict:
    """The settings the result states it was computed with."""
    return {
        "ethiclens_version": __version__,
        "n_boot": int(ctx.n_boot),
        "ci_method": ctx.ci,
        "confidence_level": ctx.level,
        "random_state": int(opts.random_state),
        "policy": ctx.policy.to_dict(),
        "labelled": ctx.labelled,
        "has_scores": facts.has_scores,
        "weighted": facts.weighted,
        "ece_bins": ctx.n_bins,
        "positive_is_favorable": ctx.favorable,
        # The rule for an attribute with no requested reference (resolve_reference); a
        # benchmark's declared default arrives requested, so each attribute's
        # reference_source, not this, says which rule chose it (docs/report-schema.md).
        "reference_default": "largest group",
        "intersections": [list(c) for c in opts.intersections or []],
        "exclude_groups": edits["exclude_groups"],
        "merge_groups": edits["merge_groups"],
        "bins": dict(facts.bins),  # attribute -> edges (a numeric attribute audited by bands)
    }


def _check_options(policy, opts, scored: bool = True, score: str = "y_score") -> pol.Policy:
    """The audit options shared by ``audit`` and ``audit_counts`` that ``policy_and_options``
    has not checked (it has the interval method and the seed); returns the policy. ``scored``:
    whether ``n_bins`` has scores to bin (false: a given ``n_bins`` is refused)."""
    policy = pol.check_policy(policy)
    check_flag(opts.positive_is_favorable, "positive_is_favorable")
    check_score_bins(opts.n_bins, scored, score=score, default=None)  # no scores: no use
    _check_reference_source(opts.reference_source, opts.reference)
    return policy


def _check_reference_source(source, reference) -> None:
    """``reference_source`` says how a given reference was chosen: one for no reference (or
    for an attribute whose reference was not given) would be dropped without a word."""
    unused = None if _unset(source) else source
    if unused is not None and not _unset(reference):
        given = {str(k) for k in reference} if isinstance(reference, dict) else None
        stray = (
            [k for k in source if str(k) not in given] if given and isinstance(source, dict) else []
        )
        unused = stray[0] if stray else None
    if unused is not None:
        raise EthicLensInputError(
            "says how a given reference was chosen, and no reference was given"
            + (f" for {unused!r}" if unused is not source else ""),
            column="reference_source",
            value=source if unused is source else None,
            fix="give reference too, or drop reference_source (each attribute's largest "
            "group is then the reference, stated as such)",
            kind="argument",
        )


def _unset(value) -> bool:
    return value is None or (isinstance(value, dict) and not value)


def _context(opts, policy, **data) -> _Context:
    """The audit's shared inputs: the rows' cells (``data``) and the checked options."""
    return _Context(
        n_boot=opts.n_boot,
        ci=opts.ci,
        level=float(opts.confidence_level),
        n_bins=int(opts.n_bins),
        policy=policy,
        favorable=bool(opts.positive_is_favorable),
        **data,
    )


def _references(reference, columns, intersections, edits=None) -> dict:
    if reference is None:
        refs = {}
    elif isinstance(reference, dict):
        refs = {str(k): v for k, v in reference.items()}
        unknown = [k for k in refs if k not in columns]
        if unknown:  # the keyword named (no column is called 'reference'), as exclude_groups
            raise EthicLensInputError(
                f"reference given for an unknown attribute {unknown[0]!r}",
                column="reference",
                kind="argument",
                fix=f"use names from {names_words(columns)}",
            )
    elif len(columns) == 1:
        refs = {columns[0]: reference}
    else:
        raise EthicLensInputError(
            "several attributes need a reference per attribute",
            column="reference",
            kind="argument",
            value=reference,
            fix="pass a dict {attribute: reference group}",
        )
    refs = followed_references(refs, edits)  # a reference merged: the merged group
    for combo in intersections or []:
        name = INTERSECTION_SEP.join(combo)
        if name not in refs and all(a in refs for a in combo):
            refs[name] = INTERSECTION_SEP.join(str(refs[a]) for a in combo)
    return refs


@dataclass(frozen=True)
class _Context:
    """Inputs shared by every attribute of one audit."""

    labelled: bool
    weights: np.ndarray | None
    scores: np.ndarray | None
    true: np.ndarray | None
    cells: np.ndarray
    n_boot: int
    ci: str
    level: float
    n_bins: int
    policy: pol.Policy
    favorable: bool
    score_order: tuple | None = None  # rows in score order, for per-group AUC (_auc)
    weighted: bool = False  # rows with sample weights, or a counts table of weight sums

    @property
    def n_cells(self) -> int:
        return 4 if self.labelled else 2


@dataclass
class _Draws:
    """Point values and interval draws of every group metric, for one attribute."""

    point: dict  # metric -> (n_groups,)
    cells: np.ndarray  # (n_boot, n_groups, n_cells): the draws of each group's cells
    labelled: bool
    jack: dict | None  # metric -> list per group of (n_units,) leave-one-out values (BCa only)
    mult: list | None  # per group: (n_units,) multiplicities
    smoothed: frozenset = frozenset()  # bca/percentile: groups with an empty cell (posterior draws)
    predicted: np.ndarray | None = None  # with labels: draws of (selected, not), or None
    # bca/percentile with labels: groups whose (selected, not) cells have an empty one
    smoothed_predicted: frozenset = frozenset()

    def empty_for(self, name: str) -> frozenset:
        """The groups whose draws of group metric ``name`` are posterior draws (bca/percentile):
        with labels, a metric of the predictions alone (selection rate, so DI, SPD) reads only
        the (selected, not) cells, and only a group with one of those empty is (an empty label
        cell, TP = 0 with 75 of 300 selected, leaves its selection rate resampled, BCa)."""
        if self.labelled and not group_specs()[name].needs_labels:
            return self.smoothed_predicted
        return self.smoothed

    def metric(self, name: str) -> np.ndarray:
        """(n_boot, n_groups) draws of group metric ``name``, computed anew on each call."""
        spec = group_specs()[name]
        with np.errstate(all="ignore"):
            if self.predicted is not None and not spec.needs_labels:
                return _metric_draws(spec, self.predicted, False)
            return _metric_draws(spec, self.cells, self.labelled)


@dataclass(frozen=True)
class _Cells:
    """One attribute's sufficient statistics: everything the audit needs, without rows.

    ``sq`` is each group's sum of squared weights per cell (Kish floors and effective cells;
    None unweighted); ``ece`` the
    (bin x label) cells ``(counts, wsum, ssum)`` of calibration, or None; ``rows`` the
    ``(codes, cells, weights)`` arrays, kept only for the weighted row bootstrap (bca and
    percentile with weights), which resamples rows and so cannot run on counts.
    """

    gc: GroupCounts
    sq: np.ndarray | None
    ece: tuple | None
    rows: tuple | None
    # per-group (AUC, DeLong variance) from exact score counts, or why AUC was not computed
    # (a str), or None without scores. Shown by ``by_group``; not in the JSON report.
    auc: list | str | None = None


def _attribute_cells(ctx: _Context, name, groups, codes) -> _Cells:
    all_codes = codes
    keep = codes >= 0  # excluded groups are coded -1
    rows = (codes, ctx.cells, ctx.weights, ctx.true, ctx.scores)
    if not keep.all():
        rows = tuple(None if a is None else a[keep] for a in rows)
    codes, cells, weights, true, scores = rows
    check_two_groups(name, groups)
    gc = GroupCounts.from_arrays(name, groups, codes, cells, ctx.labelled, weights)
    sq = None
    if weights is not None:
        sq = cell_sums(codes * ctx.n_cells + cells, (len(groups), ctx.n_cells), weights**2)
    ece = auc = None
    if scores is not None:
        ece = cal.ece_cells(scores, true, codes, len(groups), ctx.n_bins, weights)
        auc = (
            AUC_WEIGHTED
            if weights is not None
            else _auc.auc_by_group(ctx.scores, ctx.true, all_codes, len(groups), ctx.score_order)
        )
    rows = (codes, cells, weights) if weights is not None and ctx.ci != "jeffreys" else None
    return _Cells(gc, sq, ece, rows, auc)


AUC_WEIGHTED = (
    "not computed: DeLong's interval is for unweighted rows and this audit is weighted "
    "(ethiclens.fairness.group_auc gives the unweighted AUC)"
)


def check_two_groups(name, groups) -> None:
    """An attribute needs two groups to compare (after its group edits): one refusal for the
    audit, the comparison and the threshold view."""
    if len(groups) < 2:
        what = f"a single group {groups[0]!r}" if len(groups) else "no group"
        raise EthicLensInputError(
            f"has {what}; nothing to compare",
            column=name,
            fix="audit an attribute with two or more groups (check for a filter that left one "
            "group), or drop this one",
        )


def _settled(data: _Cells) -> _Cells:
    """Weighted cells and score sums rounded (``round_significant``): the same cells whatever
    engine counted them and in whatever order it added the weights or scores (a reader with
    threads may hand rows over in another order each run)."""
    ece = data.ece and (data.ece[0], *map(round_significant, data.ece[1:]))
    if data.sq is None:  # unweighted: whole counts, exact everywhere
        return replace(data, ece=ece)
    gc = replace(data.gc, weighted=round_significant(data.gc.weighted))
    return replace(data, gc=gc, sq=round_significant(data.sq), ece=ece)


def _audit_cells(ctx: _Context, data: _Cells, requested_ref, source, rng):
    """Audit one attribute from its cells (the engine's front door; rows or a counts table)."""
    data = _settled(data)
    gc = data.gc
    name, groups = gc.attribute, list(gc.groups)
    floors = _Floors(gc, ctx.policy, data.sq)
    weights = gc.weighted.sum(axis=1)
    ref, ref_source = resolve_reference(name, groups, gc.n, requested_ref, weights)
    if ref_source == "given" and source:
        ref_source = str(source)
    boot_rng, ece_rng = rng.spawn(2)
    draws = _draw(ctx, gc, floors, data.rows, boot_rng)
    ece = _ece(ctx, data.ece, ece_rng)

    # Every interval of the attribute at once: one column per group (or comparison) and metric.
    group_ivs, comparison_ivs = _attribute_intervals(ctx, draws, floors, ref, ece)
    columns = _group_metric_columns(gc, floors, draws, group_ivs)
    stats = _GroupStats(draws, ece, group_ivs, data.auc, columns)
    group_summaries = [_group_summary(ctx, gc, g, ref, floors, stats) for g in range(len(groups))]
    columns = _comparison_metric_columns(ctx, gc, (draws, floors), ref, comparison_ivs)
    comparisons = [
        _comparison(ctx, gc, (g, ref), floors, comparison_ivs, columns)
        for g in range(len(groups))
        if g != ref
    ]
    return AttributeSummary(name, groups[ref], ref_source, group_summaries), comparisons


def _draw(ctx, gc, floors, rows, rng) -> _Draws:
    specs = [s for s in group_specs().values() if ctx.labelled or not s.needs_labels]
    smoothed = smoothed_predicted = frozenset()
    if ctx.ci == "jeffreys":
        boot, predicted = _posterior_cells(gc, floors, slice(None), ctx.n_boot, rng)
        jack = mult = None
    else:
        # a group with an empty cell is drawn from its Jeffreys posterior, not resampled (a
        # cell whose rows all weigh 0 is empty too: resampled, it would stay 0 in every draw)
        smoothed = empty_cell_groups(gc.weighted)
        if rows is None:  # unweighted (weighted cells keep their rows: _attribute_cells)
            boot = draw_cell_counts(gc.counts, ctx.n_boot, rng, skip=smoothed)
            units = [jackknife_units(row, ctx.n_cells) for row in gc.counts]
        else:
            codes, cells, weights = rows
            boot = draw_weighted_cells(
                codes, cells, weights, gc.counts.shape, ctx.n_boot, rng, skip=smoothed
            )
            units = [
                jackknife_units(None, ctx.n_cells, cells[codes == g], weights[codes == g])
                for g in range(len(gc.groups))
            ]
        predicted = _posterior_into(boot, gc, floors, smoothed, ctx.n_boot, rng)
        if predicted is not None:
            two = np.stack([gc.weighted[:, :2].sum(axis=1), gc.weighted[:, 2:].sum(axis=1)], 1)
            smoothed_predicted = empty_cell_groups(two)
            _resample_predicted(predicted, gc, rows, smoothed - smoothed_predicted, rng)
        mult = [u.multiplicity for u in units]
        with np.errstate(all="ignore"):  # the engine's float cells: no argument guard
            jack = {
                s.name: [
                    fn(gc.weighted[g] - units[g].deltas, gc.labelled) for g in range(len(gc.groups))
                ]
                for s, fn in ((s, unguarded(s.fn)) for s in specs)
            }
    with np.errstate(all="ignore"):
        point = {s.name: np.asarray(s.fn(gc.weighted, gc.labelled), float) for s in specs}
    return _Draws(point, boot, gc.labelled, jack, mult, smoothed, predicted, smoothed_predicted)


def _resample_predicted(predicted, gc, rows, groups, rng) -> None:
    """``predicted``'s (selected, not) draws of ``groups`` (groups with an empty label cell but
    both a selected and an unselected row: bca/percentile) resampled as any other group's are,
    not taken from the posterior draws of their cells: a metric of the predictions alone does
    not read the empty cell (drawn as an audit of these predictions without labels draws
    them: the same method, other random numbers)."""
    if not groups:
        return
    idx, n_boot = sorted(groups), predicted.shape[0]
    if rows is None or rows[2] is None:
        two = np.stack([gc.counts[:, :2].sum(axis=1), gc.counts[:, 2:].sum(axis=1)], axis=1)
        predicted[:, idx, :] = draw_cell_counts(two[idx], n_boot, rng)
        return
    codes, cells, weights = rows  # engine cells (1 − ŷ)·2 + (1 − y): (selected, not) is // 2
    skip = frozenset(range(len(gc.groups))) - groups
    shape = (len(gc.groups), 2)
    drawn = draw_weighted_cells(codes, cells // 2, weights, shape, n_boot, rng, skip=skip)
    predicted[:, idx, :] = drawn[:, idx, :]


def _posterior_cells(gc, floors, groups, n_boot, rng):
    """Jeffreys-posterior draws of the cells of ``groups`` (an index of the groups), cell-major,
    and with labels of their (selected, not) cells, else None (``ci="jeffreys"``, ADR 0008)."""
    totals = gc.weighted.sum(axis=1)[groups]
    cells = floors.effective_cells[groups]
    predicted = None
    if gc.labelled:
        # A metric of the predictions alone (the selection rate, so DI) is drawn from its
        # own two cells: summed from the four, its prior would be Beta(1, 1), not
        # Jeffreys' Beta(1/2, 1/2). Drawn first, they are the very draws an audit without
        # labels makes: the same predictions get the same DI interval, labels or not.
        two = np.stack([cells[:, 0] + cells[:, 1], cells[:, 2] + cells[:, 3]], axis=1)
        predicted = draw_dirichlet_cells(two, totals, n_boot, rng, cell_major=True)
    if floors.label_cells is None:
        boot = draw_dirichlet_cells(cells, totals, n_boot, rng, cell_major=True)
    else:  # weighted: a rate within a label is as sure as that label's rows, not the group's
        label_cells = floors.label_cells[groups]
        boot = draw_label_split_cells(cells, label_cells, totals, n_boot, rng)
    return boot, predicted


def _posterior_into(boot, gc, floors, groups, n_boot, rng):
    """``boot``'s columns of ``groups`` (groups with an empty cell, under ``bca`` and
    ``percentile``) drawn from their Jeffreys posterior as ``ci="jeffreys"`` draws them; with
    labels, the (selected, not) draws of every group (the others' summed from their cells),
    else None."""
    if not groups:
        return None
    idx = sorted(groups)
    cells, two = _posterior_cells(gc, floors, idx, n_boot, rng)
    boot[:, idx, :] = cells
    if two is None:
        return None
    predicted = np.stack([boot[..., 0] + boot[..., 1], boot[..., 2] + boot[..., 3]], axis=-1)
    predicted[:, idx, :] = two
    return predicted


# The metrics of the draws are computed a slab of groups at a time, about this many numbers per
# array: a slab's temporaries stay in cache, which at thousands of groups makes the metrics
# several times faster (2,000 groups, B = 1,000: 0.56 -> 0.21 s; 25,000 rather than 100,000
# numbers: about 15% less again, the cells and temporaries of a slab fitting a 2 MB L2 cache).
# The numbers are the same: a metric is elementwise over groups and draws (the registry's
# contract).
METRIC_SLAB = 25_000


def _metric_draws(spec, boot, labelled) -> np.ndarray:
    """(n_boot, n_groups) values of a group metric on the draws of the cells."""
    n_boot, n_groups = boot.shape[:2]
    step = max(1, METRIC_SLAB // max(n_boot, 1))
    if step >= n_groups:
        return np.asarray(spec.fn(boot, labelled), float)
    out = np.empty((n_groups, n_boot)).T  # each group's draws together
    for start in range(0, n_groups, step):
        out[:, start : start + step] = spec.fn(boot[:, start : start + step], labelled)
    return out


class _Floors:
    """Which sample floors each group meets, in rows or (weighted) effective rows."""

    def __init__(self, gc: GroupCounts, policy: pol.Policy, sq):
        self.policy = policy
        self.weighted = sq is not None
        # weighted and labelled: each label's cells at that label's own Kish size (None else)
        self.label_cells = None
        if sq is None:
            self.n = gc.n.astype(float)
            self.effective_cells = gc.counts.astype(float)
        else:
            self.effective_cells = kish_effective(gc.weighted, sq)
            total, total_sq = gc.weighted.sum(axis=1), sq.sum(axis=1)
            with np.errstate(all="ignore"):
                self.n = np.where(total_sq > 0, total**2 / total_sq, 0.0)
            if gc.labelled:
                self.label_cells = kish_effective(gc.weighted, sq, parts=LABEL_CELLS)
        # per group, computed once (an attribute may have thousands of groups): whether it
        # meets the row floor and the label floor; rows, weight total and selected rows
        self.rate_ok_all = self.n >= policy.min_group_size - 1e-9
        if gc.labelled:
            c = self.effective_cells if self.label_cells is None else self.label_cells
            self.pos, self.neg = c[:, 0] + c[:, 2], c[:, 1] + c[:, 3]
            self.raw_pos, self.raw_neg = gc.label_counts()
            k = policy.min_label_count - 1e-9
            self.pos_ok_all, self.neg_ok_all = self.pos >= k, self.neg >= k
        else:
            self.pos = self.neg = self.raw_pos = self.raw_neg = None
            self.pos_ok_all = self.neg_ok_all = np.zeros(len(self.n), bool)
        self.error_ok_all = self.pos_ok_all & self.neg_ok_all
        self._rate_ok, self._error_ok = self.rate_ok_all.tolist(), self.error_ok_all.tolist()
        self.sizes = [int(x) for x in gc.n.tolist()]
        self.weight_sums = [float(x) for x in gc.weighted.sum(axis=1).tolist()]
        selected = gc.counts[:, 0] + gc.counts[:, 1] if gc.labelled else gc.counts[:, 0]
        self.selected = [int(x) for x in selected.tolist()]

    def rate_ok(self, *groups) -> bool:
        return all(self._rate_ok[g] for g in groups)

    def error_ok(self, *groups) -> bool:
        return self.pos is not None and all(self._error_ok[g] for g in groups)

    def ok_all(self, needs_labels) -> np.ndarray:
        """Which groups meet the floor of a metric that ``needs_labels`` (False: the row floor;
        "positive" or "negative": that label's floor alone; True: both labels')."""
        if not needs_labels:
            return self.rate_ok_all
        return {"positive": self.pos_ok_all, "negative": self.neg_ok_all}.get(
            needs_labels, self.error_ok_all
        )

    def why_not(self, needs_labels, groups, names, attribute) -> str:
        """E.g. "n = 7, below the floor of 100 (race:Asian)"; one clause per short group."""
        # a short group as its floor judged it (within 1e-9: met), its effective size on its
        # side of the floor (99.96, never 100.0; the floor read late: rows' or labels'); counts
        # with thousands separators, as the report's floors table prints them (1,500)
        fmt = (lambda x: _grouped(beside(x, floor, 1))) if self.weighted else _grouped
        floor, each = self.policy.min_label_count, ""
        if needs_labels in ("positive", "negative"):  # one label's floor
            counts = self.pos if needs_labels == "positive" else self.neg
            ok = self.ok_all(needs_labels)
            short = [(g, _labels(fmt(counts[g]), needs_labels)) for g in groups if not ok[g]]
        elif needs_labels:
            each = " each"
            short = [
                (g, f"{fmt(self.pos[g])} positive / {fmt(self.neg[g])} negative labels")
                for g in groups
                if not self.error_ok_all[g]
            ]
        else:
            floor = self.policy.min_group_size
            n = "n_eff" if self.weighted else "n"
            short = [(g, f"{n} = {fmt(self.n[g])}") for g in groups if not self._rate_ok[g]]
        return "; ".join(
            f"{text}, below the floor of {_grouped(floor)}{each} "
            f"({spaced_key(attribute, names[g])})"
            for g, text in short
        )


def _labels(count: str, which: str) -> str:
    """``1 positive label``, ``2 positive labels``, ``0.5 positive labels``."""
    return f"{count} {which} label{'' if count == '1' else 's'}"


def _grouped(count) -> str:
    """A count with thousands separators, as the report prints one: 1500 as ``1,500``, and a
    weighted count's text ``1500.0`` (already on its side of its floor) as ``1,500.0``."""
    if not isinstance(count, str):
        return f"{int(count):,}"
    whole, dot, rest = count.partition(".")
    return f"{int(whole):,}{dot}{rest}" if whole.isdigit() else count


def _intervals(ctx, points, draws, jack=None, mult=None, columns=None, overwrite=False, plain=None):
    """Intervals of one (transformed) statistic for every column of ``draws`` (n_boot, m), with
    the audit's method, each containing its estimate (the interval kit, ``_intervals``).
    ``columns``: the columns whose interval can be shown (estimate defined, floors met);
    ``overwrite``: ``draws`` may be sorted in place (``equal_tailed``); ``plain``: a mask of the
    columns involving a group with an empty cell (``bca``/``percentile``): the percentile
    interval of their draws, never BCa's correction (its bias correction is degenerate for an
    estimate on the boundary of the draws), and the method says so (:data:`SMOOTHED_NOTE`)."""
    points = np.asarray(points, float)
    if ctx.ci == JEFFREYS:  # a weighted audit's draws are of Kish-effective cells: said so
        name = jeffreys_method(ctx.weighted, ctx.labelled)
        return _equal_tailed(ctx, points, draws, name, columns, "estimate undefined", overwrite)
    want = np.ones(len(points), bool) if columns is None else np.asarray(columns, bool)
    want = want | np.isnan(points)
    plain = np.zeros(len(points), bool) if plain is None else plain & want

    def run(method, cols):
        return bootstrap_intervals(
            points, draws, jack, mult, method=method, level=ctx.level, columns=cols
        )

    ivs = run(ctx.ci, want & ~plain)
    if plain.any():
        flat = run(PERCENTILE, plain)
        note = SMOOTHED_WEIGHTED_NOTE if ctx.weighted else SMOOTHED_NOTE
        ivs = Intervals(
            np.where(plain, flat.low, ivs.low),
            np.where(plain, flat.high, ivs.high),
            [
                p + note if q else m
                for m, p, q in zip(ivs.methods, flat.methods, plain.tolist(), strict=True)
            ],
        )
    return contain(ivs, points)


def _equal_tailed(ctx, points, draws, name, columns, undefined, overwrite=False) -> Intervals:
    """Equal-tailed intervals named ``name`` where the estimate is defined, containing it."""
    points = np.asarray(points, float)
    defined = ~np.isnan(points)
    want = defined if columns is None else defined & np.asarray(columns, bool)
    ivs = equal_tailed(draws, level=ctx.level, name=name, columns=want, overwrite=overwrite)
    methods = [
        m if ok else f"{name}: not reported, {undefined}"
        for m, ok in zip(ivs.methods, defined, strict=True)
    ]
    return contain(Intervals(ivs.low, ivs.high, methods), points)


def _ece_intervals(ctx, points, reps, columns) -> Intervals:
    """ECE's percentile intervals (its draws resample bin x label cells; see _calibration)."""
    return _equal_tailed(ctx, points, reps, cal.ECE_CI_METHOD, columns, "point estimate undefined")


def _attribute_intervals(ctx, draws: _Draws, floors, ref, ece) -> tuple[dict, dict]:
    """(metric -> Intervals over the groups, comparison metric -> (values, Intervals)).

    One group metric at a time: its draws are computed, read by each signed comparison with
    ``ref`` built on it, then sorted in place for the groups' own intervals and dropped. One
    metric's draws are in memory at a time (2,000 groups, B = 1,000: 16 MB, not 176 MB of
    fresh pages for the kernel to hand over)."""
    others = np.arange(len(floors.sizes)) != ref
    forms = {}  # group metric -> the (ratio, needs_labels) forms, once each in order (dict keys)
    for spec in _comparison_specs(ctx).values():
        for c in spec.components:
            forms.setdefault(c, {})[spec.kind == "ratio", spec.needs_labels] = None

    def one(mname):
        boot, own = draws.metric(mname), {}
        for ratio, needs_labels in forms.get(mname, ()):
            ok = floors.ok_all(needs_labels)
            columns = others & ok & ok[ref]
            ivs = _component_intervals(ctx, draws, (mname, boot), ref, ratio, columns)
            own[mname, ratio, needs_labels] = ivs
        jack = draws.jack[mname] if draws.jack is not None else None
        ok = floors.ok_all(group_specs()[mname].needs_labels)
        point = draws.point[mname]
        plain = empty_cell_columns(draws.empty_for(mname), draws.cells.shape[1])
        return own, _intervals(ctx, point, boot, jack, draws.mult, ok, overwrite=True, plain=plain)

    parts, group_ivs = {}, {}
    for mname, (own, ivs) in zip(draws.point, _each_metric(one, draws), strict=True):
        parts.update(own)
        group_ivs[mname] = ivs
    if ece is not None:
        group_ivs["ece"] = _ece_intervals(ctx, ece.point, ece.boot, floors.error_ok_all)
    return group_ivs, _comparison_intervals(ctx, draws, floors, ref, ece, parts)


# From this many draws per metric (groups x B) on, the metrics are worked two at a time in
# threads: numpy releases the GIL in the arithmetic and the sorts that take their time, and each
# metric's work is its own, so the numbers are those of one thread (2,000 groups, B = 1,000:
# about 40% less time on two cores). Below it, a thread costs more than it saves.
THREADED_DRAWS = 1_000_000


def _each_metric(one, draws: _Draws):
    """``one(name)`` for each group metric, in order; two at a time when the draws are large."""
    names = list(draws.point)
    if draws.cells.shape[0] * draws.cells.shape[1] < THREADED_DRAWS or len(names) < 2:
        return [one(n) for n in names]
    import contextvars
    from concurrent.futures import ThreadPoolExecutor

    # each call in a copy of this thread's context: the run's copy of the registry (frozen_specs)
    runs = [contextvars.copy_context() for _ in names]
    with ThreadPoolExecutor(2, thread_name_prefix="ethiclens-metric") as pool:
        return list(pool.map(lambda run, n: run.run(one, n), runs, names))


def _comparison_specs(ctx) -> dict:
    """The comparison metrics this audit computes (those needing labels only with labels)."""
    return {
        name: spec
        for name, spec in comparison_specs().items()
        if ctx.labelled or not spec.needs_labels
    }


def _comparison_intervals(ctx, draws: _Draws, floors, ref, ece, parts: dict) -> dict:
    """Metric -> (values, Intervals), one column per group against ``ref`` (its own column is
    not used), from the signed component intervals ``parts`` (shared: EO and its parts)."""
    out = {}
    for mname, spec in _comparison_specs(ctx).items():
        comps = spec.components
        with np.errstate(all="ignore"):
            point = np.asarray(
                spec.value([draws.point[c] for c in comps], [draws.point[c][ref] for c in comps]),
                float,
            )
        own = [parts[c, spec.kind == "ratio", spec.needs_labels] for c in comps]
        out[mname] = ([float(x) for x in point.tolist()], _combine(ctx, spec, own))
    if ece is not None:
        point = ece.point - ece.point[ref]
        reps = ece.boot - ece.boot[:, ref : ref + 1]
        others = np.arange(len(point)) != ref
        columns = others & floors.error_ok_all & floors.error_ok_all[ref]
        out["ece_difference"] = (point, _ece_intervals(ctx, point, reps, columns))
    return out


# What the method of an interval involving a group with an empty cell says (bca, percentile).
SMOOTHED_NOTE = (
    " (a group has an empty cell: its cells drawn from the Jeffreys posterior"
    " Dirichlet(cells + 1/2); no bca correction)"
)
# a weighted audit's: that posterior is of the group's Kish-effective cells (_posterior_cells)
SMOOTHED_WEIGHTED_NOTE = (
    " (a group has an empty cell: its cells drawn from the Jeffreys posterior"
    " Dirichlet(Kish-effective cells + 1/2), scaled to its weight total; no bca correction)"
)


def empty_cell_columns(smoothed, n_groups: int, ref=None) -> np.ndarray | None:
    """The columns (one per group) whose interval involves a group in ``smoothed`` (groups with
    an empty cell): the group's own, or with ``ref`` its comparison with ``ref``; None when
    there is none."""
    if not smoothed:
        return None
    if ref is not None and ref in smoothed:
        return np.ones(n_groups, bool)
    mask = np.zeros(n_groups, bool)
    mask[sorted(smoothed)] = True
    return mask


def _component_intervals(ctx, draws: _Draws, metric, ref, ratio, columns) -> Intervals:
    """Intervals of the signed comparison of group metric ``c`` with the reference, every group
    (``metric``: ``c`` and its draws, which are left as they are).

    A ratio's interval: on log g − log r for the Dirichlet draws (never 0), so a swapped reference
    negates it exactly; on the ratio itself for the bootstrap, whose replicates can hit 0 (BCa and
    percentile respect monotone transforms)."""
    stat = np.subtract
    if ratio:
        stat = _safe_ratio if ctx.ci != JEFFREYS else lambda a, b: np.log(a) - np.log(b)
    c, boot = metric
    pg = draws.point[c]
    pr = pg[ref]
    with np.errstate(all="ignore"):
        both = np.isfinite(pg) & np.isfinite(pr)
        pt = np.where(both, stat(pg, pr), np.nan)
        if ratio and ctx.ci == JEFFREYS:
            reps = np.log(boot)
            reps -= reps[:, ref].copy()[:, None]
        else:
            reps = stat(boot, boot[:, ref : ref + 1])
        jack = mult = None
        if draws.jack is not None:
            jr, pr_f = draws.jack[c][ref], float(pr)
            jack, mult = [], []
            for g in range(len(pg)):
                jack.append(np.concatenate([stat(draws.jack[c][g], pr_f), stat(float(pg[g]), jr)]))
                mult.append(np.concatenate([draws.mult[g], draws.mult[ref]]))
        plain = empty_cell_columns(draws.empty_for(c), draws.cells.shape[1], ref)

        def intervals(reps):
            return _intervals(ctx, pt, reps, jack, mult, columns, overwrite=True, plain=plain)

        if ratio and ctx.ci != JEFFREYS:
            # a bootstrap ratio's replicates x / 0 are +inf: ordered, not dropped
            return with_infinite_draws(reps, intervals)
        return intervals(reps)


# how an interval's method says the estimate is undefined (both interval kits' words)
_NOT_REPORTED = ": not reported, "


def _combine(ctx, spec, parts: list) -> Intervals:
    """A comparison metric's intervals from its signed components (ComparisonMetric.kind)."""
    if spec.kind == "ratio":
        iv = parts[0]
        if ctx.ci != JEFFREYS:
            return iv
        ok = iv.reported
        return Intervals(
            np.where(ok, np.exp(iv.low), np.nan),
            np.where(ok, np.exp(iv.high), np.nan),
            [m + ", on log(ratio)" if d else m for m, d in zip(iv.methods, ok, strict=True)],
        )
    if spec.kind == "difference":
        return parts[0]
    folded = [fold(iv) for iv in parts]  # each component's (lows, highs), maxima taken in order
    low = functools.reduce(np.maximum, [lo for lo, _ in folded])
    high = functools.reduce(np.maximum, [hi for _, hi in folded])
    suffix = ", of the signed difference, folded at 0"
    if spec.kind == "max_abs_difference":
        suffix += " (max over components)"
    reported = [iv.reported for iv in parts]
    ok = np.logical_and.reduce(reported)
    methods = []
    for j in range(len(low)):
        if ok[j]:
            methods.append(parts[0].methods[j] + suffix)
        else:  # the component whose estimate is undefined says why, else the first without one
            missing = [i for i, r in enumerate(reported) if not r[j]]
            k = next((i for i in missing if _NOT_REPORTED in parts[i].methods[j]), missing[0])
            methods.append(parts[k].methods[j])
    return Intervals(np.where(ok, low, np.nan), np.where(ok, high, np.nan), methods)


def _group_auc(ctx, gc, g, floors, auc) -> MetricEstimate | None:
    """Group g's AUC with its DeLong interval (floors as for the other label metrics)."""
    if auc is None:
        return None
    if isinstance(auc, str):
        return MetricEstimate(None, None, None, _auc.AUC_CI_METHOD, pol.UNDEFINED, auc)
    point, var = auc[g]
    low, high, method = _auc.auc_interval(point, var, ctx.level)
    how = _Judging(floors.error_ok(g), True, (g,), None, lambda: _auc_undefined(gc, g))
    return _metric(point, Interval(low, high, method), how, gc, floors)


def _auc_undefined(gc, g) -> str:
    """Why group g's AUC is undefined: the label it has no rows of."""
    positives, negatives = (int(n[g]) for n in gc.label_counts())
    return f"AUC undefined ({_auc.missing_labels(positives, negatives)})"


class _Judging(NamedTuple):
    """How one metric is judged: its floor, the groups it covers, the policy's judge and why it
    could be undefined (a string, or a function called only when it is)."""

    floor_ok: bool
    needs_labels: bool | str  # ComparisonMetric.needs_labels
    groups: tuple
    judge: Callable | None
    undefined_reason: str | Callable


@dataclass(frozen=True)
class _GroupStats:
    """An attribute's per-group estimates: draws, calibration, intervals and AUC."""

    draws: _Draws
    ece: object
    ivs: dict
    auc: object
    columns: dict  # metric -> MetricEstimate per group (_group_metric_columns)


def _estimates(points, ivs: Intervals, ok, how, state, judge=None, skip=None) -> list:
    """A MetricEstimate per column. The common case (floors met, estimate defined: the interval
    with the policy's verdict, or REPORTED) inline, from Python lists: an attribute may have
    thousands of groups. Otherwise ``_metric``, with the reasons, judging column j as ``how(j)``
    says (``state``: the attribute's (GroupCounts, floors)). ``judge``: the policy's judge of
    column j's interval, or None; column ``skip`` (the reference) gets None."""
    out = []
    rows = zip(points, ivs.low.tolist(), ivs.high.tolist(), ivs.methods, ok.tolist(), strict=True)
    for j, (value, low, high, method, good) in enumerate(rows):
        if j == skip:
            out.append(None)
        elif not (good and value == value):
            out.append(_metric(value, ivs.at(j), how(j), *state))
        else:
            status, reason = judge(ivs.at(j)) if judge else (pol.REPORTED, None)
            if low != low:  # not reported
                low = high = None
            out.append(MetricEstimate(value, low, high, method, status, reason))
    return out


def _group_metric_columns(gc, floors, draws: _Draws, ivs: dict) -> dict:
    """Metric -> its MetricEstimate for every group."""
    out = {}
    for mname, point in draws.point.items():
        spec, intervals = group_specs()[mname], ivs[mname]
        ok = floors.ok_all(spec.needs_labels)

        def how(g, spec=spec, ok=ok):
            def reason():
                return f"{spec.label} undefined ({_why_undefined(spec, gc, (g,))})"

            return _Judging(bool(ok[g]), spec.needs_labels, (g,), None, reason)

        out[mname] = _estimates(point.tolist(), intervals, ok, how, (gc, floors))
    return out


def _group_summary(ctx, gc, g, ref, floors, stats: _GroupStats):
    metrics = {mname: column[g] for mname, column in stats.columns.items()}
    ece = stats.ece
    if ece is not None:
        how = _Judging(floors.error_ok(g), True, (g,), None, "no rows")
        metrics["ece"] = _metric(ece.point[g], stats.ivs["ece"].at(g), how, gc, floors)
    pos, neg = (int(floors.raw_pos[g]), int(floors.raw_neg[g])) if ctx.labelled else (None, None)
    return GroupSummary(
        gc.attribute,
        gc.groups[g],
        g == ref,
        floors.sizes[g],
        floors.weight_sums[g],
        pos,
        neg,
        metrics,
        ece.bins[g] if ece is not None else None,
        n_effective=float(floors.n[g]) if floors.weighted else None,
        labels_effective=(
            (float(floors.pos[g]), float(floors.neg[g]))
            if floors.weighted and pos is not None
            else None
        ),
        auc=_group_auc(ctx, gc, g, floors, stats.auc),
    )


BELOW_FLOOR_METHOD = "not reported: below the sample floor"


def _metric(point, interval, how: _Judging, gc, floors):
    """Status of one metric (the interval kit's metric_status): UNDEFINED, INSUFFICIENT_DATA,
    policy verdict or REPORTED."""
    if how.floor_ok and point is not None and point == point:
        # the common case, without metric_status's reasons (thousands of groups call this)
        status, reason = how.judge(interval) if how.judge else (pol.REPORTED, None)
        return MetricEstimate(point, interval.low, interval.high, interval.method, status, reason)

    def undefined():
        reason = how.undefined_reason
        reason = reason() if callable(reason) else reason
        return gc.zero_weight_reason(how.groups) or reason  # not "no rows" beside n = 255

    def below_floor():
        return floors.why_not(how.needs_labels, how.groups, gc.groups, gc.attribute)

    status, reason = metric_status(
        point,
        interval,
        below_floor=None if how.floor_ok else below_floor,
        judge=how.judge,
        undefined=undefined,
    )
    if status == pol.UNDEFINED:
        return MetricEstimate(None, None, None, interval.method, status, reason)
    if status == pol.INSUFFICIENT_DATA:
        # Below the floor no interval is shown: a confident-looking [0.000, 0.000] from seven
        # people is worse than none.
        return MetricEstimate(point, None, None, BELOW_FLOOR_METHOD, status, reason)
    return MetricEstimate(point, interval.low, interval.high, interval.method, status, reason)


def _undefined_reason(spec, gc, draws, g, ref):
    names = gc.groups
    if spec.kind == "ratio":
        comp = spec.components[0]
        label = group_specs()[comp].label.lower()
        if draws.point[comp][ref] == 0 and draws.point[comp][g] == 0:
            return f"both groups have {label} 0; the ratio 0/0 is undefined"
    for comp in spec.components:
        cs = group_specs()[comp]
        bad = [i for i in (g, ref) if not np.isfinite(draws.point[comp][i])]
        if bad:
            shown = ", ".join(repr(names[i]) for i in bad)
            return f"{cs.label} undefined for {shown} ({_why_undefined(cs, gc, bad)})"
    return "undefined for this comparison"


def _why_undefined(spec, gc, groups) -> str:
    """Why group metric ``spec`` is undefined for ``groups``: its own words, and that the rows
    it needs all weigh 0 where their counts alone define it (573 positive labels, each of
    weight 0, are not "no positive labels")."""
    with np.errstate(all="ignore"):
        counted = np.asarray(spec.fn(gc.counts[list(groups)].astype(float), gc.labelled))
    if np.isfinite(counted).all():
        return f"{spec.undefined} once weighted: the rows it needs all weigh 0"
    return spec.undefined


def _safe_ratio(a, b):
    """a / b with x / 0 = inf for x > 0 and 0 / 0 = NaN."""
    a, b = np.broadcast_arrays(np.asarray(a, float), np.asarray(b, float))
    with np.errstate(all="ignore"):
        return np.where(b > 0, a / np.where(b > 0, b, 1.0), np.where(a > 0, np.inf, np.nan))


def _comparison_metric_columns(ctx, gc, state, ref, ivs: dict) -> dict:
    """Comparison metric -> its MetricEstimate for every group against ``ref`` (None at ``ref``);
    ``state``: the attribute's (draws, floors)."""
    draws, floors = state
    out = {}
    for mname, spec in _comparison_specs(ctx).items():
        points, intervals = ivs[mname]
        ok_all = floors.ok_all(spec.needs_labels)
        ok = ok_all & ok_all[ref]
        judge = pol.JUDGES.get(spec.policy) if spec.policy else None
        judged = functools.partial(judge, policy=ctx.policy) if judge else None

        def how(g, spec=spec, ok=ok, judged=judged):
            return _Judging(
                bool(ok[g]),
                spec.needs_labels,
                (g, ref),
                judged,
                lambda: _undefined_reason(spec, gc, draws, g, ref),
            )

        out[mname] = _estimates(points, intervals, ok, how, (gc, floors), judged, ref)
        if spec.kind == "ratio":
            _say_unbounded(out[mname], spec, gc, ref)
    return out


def _say_unbounded(column: list, spec, gc, ref) -> None:
    """A ratio whose reference has rate 0 (and the group does not) is unbounded: inf here,
    null in the JSON like an undefined one, so its reason says which it is, whatever its status
    (a DI read PASS by the ``below`` rule or a reported-only ratio had none; a flagged DI's
    reason says it in :func:`_di_reason`)."""
    label = group_specs()[spec.components[0]].label.lower()
    for m in column:
        if m is None or m.value is None or not math.isinf(m.value):
            continue
        if m.status == pol.FLAGGED and spec.policy == "di":
            continue
        why = f"{gc.groups[ref]} has {label} 0, so the ratio is unbounded (inf; null in JSON)"
        m.reason = f"{why}; {m.reason}" if m.reason else why


def _comparison(ctx, gc, pair, floors, ivs: dict, columns: dict):
    g, ref = pair
    judged = _judged_metrics(ctx, gc, pair, ivs, columns)
    metrics = judged.metrics
    if "ece_difference" in ivs:
        points, intervals = ivs["ece_difference"]
        how = _Judging(floors.error_ok(g, ref), True, (g, ref), None, "no rows")
        metrics["ece_difference"] = _metric(points[g], intervals.at(g), how, gc, floors)
    labels = None
    if ctx.labelled:
        labels = {
            side: {"positive": int(floors.raw_pos[i]), "negative": int(floors.raw_neg[i])}
            for side, i in (("group", g), ("reference", ref))
        }
    return Comparison(
        attribute=gc.attribute,
        group=gc.groups[g],
        reference=gc.groups[ref],
        n={"group": floors.sizes[g], "reference": floors.sizes[ref]},
        label_counts=labels,
        metrics=metrics,
        status=pol.comparison_status(judged.statuses),
        flagged=bool(judged.rules),
        flag_rules=judged.rules,
        flag_reason="; ".join(judged.reasons) or None,
        z_test=_selection_z_test(gc, floors, g, ref),
        composite=_composite(metrics),
        floors={
            "selection_rate": floors.rate_ok(g, ref),
            "error_rate": floors.error_ok(g, ref) if ctx.labelled else False,
        },
        disadvantaged=judged.disadvantaged,
    )


@dataclass
class _Judged:
    """A comparison's metrics and what the policy made of them."""

    metrics: dict = field(default_factory=dict)
    statuses: list = field(default_factory=list)
    rules: list = field(default_factory=list)
    reasons: list = field(default_factory=list)
    disadvantaged: str | None = None


def _judged_metrics(ctx, gc, pair, ivs: dict, columns: dict) -> _Judged:
    """Every comparison metric of group ``g`` against ``ref`` (from ``columns``), and what the
    policy made of those it judges."""
    g, _ = pair
    out = _Judged()
    for mname, column in columns.items():
        spec = comparison_specs()[mname]
        m = out.metrics[mname] = column[g]
        if spec.policy not in pol.JUDGES:
            continue
        out.statuses.append(m.status)
        if m.status == pol.FLAGGED:
            points, intervals = ivs[mname]
            interval = intervals.at(g)
            out.rules.append(pol.rule_name(spec.policy, interval, ctx.policy))
            if spec.policy == "di":
                m.reason, out.disadvantaged = _di_reason(ctx, gc, pair, points[g], interval, m)
            out.reasons.append(m.reason)
    return out


def _di_reason(ctx, gc, pair, point, interval, m):
    """A flagged DI's reason in words, and which group it disadvantages."""
    g, ref = pair
    reason = m.reason
    if np.isinf(point):
        reason = f"{spaced_name(gc.groups[ref])} is never selected, so DI is unbounded; " + reason
    less, more = (gc.groups[i] for i in ((g, ref) if interval.high < 1 else (ref, g)))
    disadvantaged = less if ctx.favorable else more
    label = "favourable" if ctx.favorable else "harmful"
    said = {name: spaced_name(name) for name in (less, more)}  # ' d', as the terminal
    reason += (
        f": {said[less]} receives the {label} label less often than {said[more]}, "
        f"so {said[disadvantaged]} is disadvantaged"
    )
    return reason, disadvantaged


def _composite(metrics):
    """The composite bias score, when DI, EO and the accuracy gap could all be judged."""
    parts = [metrics.get(k) for k in COMPOSITE_PARTS]
    if not all(
        p is not None
        and p.value is not None
        and p.status not in (pol.UNDEFINED, pol.INSUFFICIENT_DATA)
        for p in parts
    ):
        return None
    di = parts[0].value
    return compute_composite_bias_score(
        di if np.isfinite(di) else 0.0, parts[1].value, parts[2].value
    )


def two_proportion_z_test(gc: GroupCounts, g: int, ref: int) -> dict:
    """Pooled two-proportion z-test of the selection-rate gap (row counts, two-sided).

    A weighted ``GroupCounts`` (weight sums that differ from its row counts) is refused
    (``EthicLensInputError``): the weighted test needs each group's sum of squared weights,
    which ``GroupCounts`` does not keep, and on the row counts it would test another gap (even
    of the other sign). The audit's comparisons carry the weighted test
    (``audit(..., sample_weight=w).comparison(attribute, group).z_test``).
    """
    if not np.array_equal(gc.weighted, gc.counts):
        raise EthicLensInputError(
            "two_proportion_z_test tests row counts, and these counts are weighted (their "
            "weight sums differ from the row counts); the weighted test needs the sums of "
            "squared weights, which GroupCounts does not keep",
            column="gc",
            kind="argument",
            fix="read the audit's weighted test: ethiclens.audit(..., sample_weight=w)"
            ".comparison(attribute, group).z_test",
        )
    pos = gc.counts[:, 0] + gc.counts[:, 1] if gc.labelled else gc.counts[:, 0]
    return _z_test(int(pos[g]), int(pos[ref]), int(gc.n[g]), int(gc.n[ref]))


Z_TEST_METHOD = "pooled two-proportion z-test (two-sided, unweighted row counts)"
Z_TEST_WEIGHTED_METHOD = (
    "pooled two-proportion z-test (two-sided, weighted selection rates, Kish effective sizes "
    "(Σw)²/Σw² per group, pooled rate weighted by them)"
)
_Z_SAME = "undefined: every row in both groups has the same prediction"


def _selection_z_test(gc: GroupCounts, floors: _Floors, g: int, ref: int) -> dict:
    """The comparison's z-test of group ``g``'s selection rate against ``ref``'s.

    Unweighted: the pooled test on row counts. Weighted (survey weights): the same test on the
    weighted selection rates (those SPD and DI are computed from, so z has SPD's sign) with each
    group's Kish effective size n_eff = (Σw)²/Σw² in place of its rows, the pooled rate the
    n_eff-weighted mean of the two rates (the inverse-variance weighting under the null; with
    unit weights it is the unweighted test). Rows of weight 0 change neither rates nor sizes.
    """
    if not floors.weighted:
        return _z_test(floors.selected[g], floors.selected[ref], floors.sizes[g], floors.sizes[ref])
    out = {"method": Z_TEST_WEIGHTED_METHOD, "statistic": None, "p_value": None}
    zero = gc.zero_weight_reason((g, ref))
    if zero is not None:
        out["reason"] = f"undefined: {zero}"
        return out
    selected = gc.weighted[:, 0] + gc.weighted[:, 1] if gc.labelled else gc.weighted[:, 0]
    p0, p1 = (min(1.0, max(0.0, float(selected[i] / floors.weight_sums[i]))) for i in (g, ref))
    n0, n1 = float(floors.n[g]), float(floors.n[ref])
    pooled = (n0 * p0 + n1 * p1) / (n0 + n1)
    reason = "undefined: every row of positive weight in both groups has the same prediction"
    return _z_from(p0 - p1, pooled, (n0, n1), out, reason)


def _z_test(x0: int, x1: int, n0: int, n1: int) -> dict:
    out = {"method": Z_TEST_METHOD, "statistic": None, "p_value": None}
    if not (n0 > 0 and n1 > 0):  # a GroupCounts built by hand may hold a group without rows
        out["reason"] = "undefined: a group has no rows"
        return out
    return _z_from(x0 / n0 - x1 / n1, (x0 + x1) / (n0 + n1), (n0, n1), out, _Z_SAME)


def _z_from(diff: float, pooled: float, sizes: tuple, out: dict, undefined: str) -> dict:
    """Fill ``out`` with z = diff / SE(pooled, sizes) and its two-sided p-value."""
    n0, n1 = sizes
    se = math.sqrt(max(0.0, pooled * (1 - pooled)) * (1 / n0 + 1 / n1))
    if se == 0:
        out["reason"] = undefined
        return out
    z = diff / se
    out["statistic"] = z
    # Two upper tails, 2·P(Z > |z|) = erfc(|z|/√2): 1 - cdf(|z|) rounds to 0 once |z| > ~8.3.
    out["p_value"] = math.erfc(abs(z) / math.sqrt(2))
    return out


class _ECE:
    def __init__(self, point, boot, bins):
        self.point, self.boot, self.bins = point, boot, bins


def _ece(ctx, cells, rng) -> _ECE | None:
    """An attribute's calibration from its cells (None without scores)."""
    if cells is None:
        return None
    counts, wsum, ssum = cells
    n_groups = counts.shape[0]
    bins = [cal.reliability_bins(counts[g], wsum[g], ssum[g], ctx.n_bins) for g in range(n_groups)]
    return _ECE(
        cal.ece_from_cells(wsum, ssum),
        cal.ece_replicates(counts, wsum, ssum, ctx.n_boot, rng),
        bins,
    )


def _composite_headline(comparisons, labelled) -> Headline:
    """Worst (lowest) composite over comparisons.

    Withheld when any comparison lacks a usable DI, SPD or EO: undefined, or below its sample
    floor (a composite driven by seven people is not a finding; picking only the well-sampled
    comparisons would be cherry-picking).
    """
    if not labelled:
        return _withheld(
            "composite",
            "no ground-truth labels: equalized odds cannot be computed, and a missing "
            "component is never taken as zero",
        )
    lacking, keys = [], []
    for c in comparisons:
        bad = [
            f"{k} {c.metrics[k].status.lower()}"
            for k in COMPOSITE_PARTS
            if c.metrics[k].status in (pol.UNDEFINED, pol.INSUFFICIENT_DATA)
        ]
        if bad:
            lacking.append(f"{spaced_key(c.attribute, c.group)} ({', '.join(bad)})")
            keys.append(c.key)
    if lacking:
        return _withheld(
            "composite",
            "a component is undefined or below its sample floor for " + "; ".join(lacking),
            keys,
        )
    worst = min(comparisons, key=lambda c: c.composite)
    return Headline("composite", worst.composite, worst.key, None, composite_band(worst.composite))


def _min_di_headline(comparisons) -> Headline:
    """Minimum DI over comparisons, published only if every DI comparison is reliable."""
    weak = [
        c.key
        for c in comparisons
        if c.metrics["disparate_impact"].status in (pol.INSUFFICIENT_DATA, pol.UNDEFINED)
    ]
    if weak:
        return _withheld(
            "min_disparate_impact",
            "withheld rather than cherry-picking reliable groups: DI is below its "
            f"sample floor or undefined for {_keys_text(comparisons, weak)}",
            weak,
        )
    worst = min(comparisons, key=lambda c: c.metrics["disparate_impact"].value)
    value = worst.metrics["disparate_impact"].value
    if not math.isfinite(value):  # every DI is unbounded: no number to publish
        keys = [c.key for c in comparisons]
        return _withheld(
            "min_disparate_impact",
            f"DI is unbounded for {_keys_text(comparisons, keys)}: the reference group's "
            "selection rate is 0",
            keys,
        )
    return Headline("min_disparate_impact", value, worst.key, None)


def _keys_text(comparisons, keys) -> str:
    """The comparisons of ``keys`` as a reason names them: ``g:' d', g:c``
    (:func:`ethiclens._text.spaced_key`, a name with whitespace around it quoted)."""
    return ", ".join(spaced_key(c.attribute, c.group) for c in comparisons if c.key in keys)


def _withheld(name: str, reason: str, affected=()) -> Headline:
    """Headline ``name`` withheld for ``reason``; ``affected``: the comparisons that caused it."""
    return Headline(name, None, None, reason, affected=list(affected))
