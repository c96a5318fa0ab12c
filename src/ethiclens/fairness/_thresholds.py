"""The threshold view: rates and the DI/EO verdict as the decision threshold moves.

Each group's rows are counted once in (score bin × label) cells, with bin edges at the
thresholds; the confusion cells at every threshold are then suffix sums of those counts, so a
sweep over 19 thresholds costs one ``bincount`` of the rows. At each threshold every group's
cells are drawn as the audit draws predictions thresholded there (its Jeffreys rule:
Dirichlet(cells + 1/2) over the (selected, not) cells, and over (tp, fp, fn, tn) with labels),
so an interval does not depend on the grid; the audited threshold's draws come from the audit's
own generator, so there the view's intervals are the audit's.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pandas as pd

from .._checks import check_draws, check_fraction, check_level_draws, is_number
from .._text import (
    decision_threshold_text,
    number_text,
    percent,
    plural,
    printed_floats,
    spaced_key,
    spaced_name,
)
from .._version import __version__
from ..errors import EthicLensInputError
from ..io import check_suffix, json_ready, write_atomic
from . import _display
from . import _policy as pol
from ._bins import wide_float
from ._bootstrap import JEFFREYS_METHOD, Interval, jeffreys_method, kish_effective
from ._counts import cell_index, cell_sums
from ._engine import _bins_stated, _posterior_cells, _references, check_two_groups
from ._intervals import Intervals, contain, equal_tailed, fold, metric_status
from ._keywords import refusing_unknown_keywords
from ._metrics import false_positive_rate, selection_rate, true_positive_rate
from ._options import keywords_before_rows, policy_and_options
from ._result import (
    empty_crossings,
    empty_crossings_text,
    look_alike_notes,
    missing_value_codes,
    missing_value_codes_text,
)
from ._validate import (
    MAX_DRAW_BYTES,
    aligned_rows,
    as_binary,
    as_scores,
    as_weights,
    check_flag,
    check_length,
    encode_edited,
    label_notes,
    refuse_underflowing_weights,
    resolve_reference,
    said_notes,
)

THRESHOLDS_SCHEMA_VERSION = "1.0"
THRESHOLD_METHOD = JEFFREYS_METHOD + " at each threshold"


@refusing_unknown_keywords
@dataclass
class ThresholdTable:
    """Per group and threshold: selection rate, TPR, FPR; per comparison: DI, EO and status.

    ``frame`` has one row per (attribute, group, threshold); comparison columns (``di``,
    ``eo``, their intervals, statuses and reasons ``di_reason``/``eo_reason`` in the audit's
    words, ``status``) are empty on the reference group's rows.
    ``audited_threshold`` is marked in the ``audited`` column and in the plot.
    """

    frame: pd.DataFrame
    audited_threshold: float
    config: dict
    data: dict = field(default_factory=dict)
    run: dict | None = None  # as AuditResult.run (ethiclens.run)
    flag_words = None  # as AuditResult.flag_words (in_face_words); no field

    def to_dict(self) -> dict:
        # every digit, as the audit's JSON and this table's CSV write them (pandas' to_json
        # kept 10 places: a bound 4e-11 below a threshold read as equal to it, 1e-11 as 0)
        rows = json_ready(self.frame.to_dict(orient="records"))
        return {
            "schema_version": THRESHOLDS_SCHEMA_VERSION,
            "kind": "threshold_table",
            "audited_threshold": self.audited_threshold,
            "config": self.config,
            "data": self.data,
            "rows": rows,
            **({"empty_crossings": gaps} if (gaps := self._empty_crossings()) else {}),
            **({"missing_value_codes": codes} if (codes := self._missing_codes()) else {}),
            **({"run": self.run} if self.run is not None else {}),
        }

    def _empty_crossings(self) -> dict:
        """Intersection -> its crossings of observed groups without rows (as the audit's
        ``attributes[].empty_crossings``: at most 20 named, then how many more)."""
        return {
            name: {"crossings": list(listed), **({"not_listed": int(more)} if more else {})}
            for name, (listed, more) in self._gaps().items()
        }

    @property
    def empty_crossing_notes(self) -> dict[str, str]:
        """Intersection -> the line naming its crossings without rows (``race&sex: no rows
        for D&M``), as :attr:`AuditResult.empty_crossing_notes` words them."""
        return {name: empty_crossings_text(name, *gap) for name, gap in self._gaps().items()}

    @property
    def missing_code_notes(self) -> dict[str, str]:
        """Attribute -> the note on its groups named like a missing value ('?'), as
        :attr:`AuditResult.attribute_notes` words it."""
        words = self.flag_words
        return {
            a: missing_value_codes_text(a, c, words=words) for a, c in self._missing_codes().items()
        }

    @property
    def look_alike_notes(self) -> list[str]:
        """The notes on each attribute's groups written alike, as :attr:`AuditResult.
        look_alike_notes` (in ``data.provenance.notes`` too)."""
        attrs = {
            a: (list(dict.fromkeys(sub["group"])), None)
            for a, sub in self.frame.groupby("attribute", sort=False)
        }
        return look_alike_notes(attrs, self.config.get("intersections"), self.flag_words)

    def _missing_codes(self) -> dict[str, list[str]]:
        """Attribute -> its groups named like a missing value (``missing_value_codes``)."""
        groups = {
            a: missing_value_codes(dict.fromkeys(sub["group"]))
            for a, sub in self.frame.groupby("attribute", sort=False)
        }
        return {a: codes for a, codes in groups.items() if codes}

    def _gaps(self) -> dict:
        combos = self.config.get("intersections") or []
        if not combos:
            return {}
        groups = {
            a: list(dict.fromkeys(sub["group"]))
            for a, sub in self.frame.groupby("attribute", sort=False)
        }
        return empty_crossings(groups, combos)

    def to_json(self, *, indent: int | None = 2) -> str:
        """The table as JSON text (``indent`` is keyword-only: ``to_json("out.json")`` is an
        error, not a file)."""
        return json.dumps(self.to_dict(), indent=indent, allow_nan=False)

    def to_csv(self, path=None):
        """The table as CSV text, or written atomically to ``path``. Group and attribute names
        are made safe for spreadsheets and terminals (:func:`ethiclens._text.csv_cell`: a cell
        starting with ``=``, ``+``, ``-``, ``@`` gets a leading ``'``). The last two columns,
        ``ci_method`` and ``confidence_level``, say how each row's intervals were drawn (empty
        on a row without one, e.g. the reference's)."""
        from .._text import csv_safe_frame

        if path is not None:
            _display.check_path(path, "thresholds.csv")
            csv = "the threshold table (CSV)"
            _display.in_python_words(
                lambda: check_suffix(path, "--csv", ".csv", csv), {"--csv": "path"}
            )
        text = csv_safe_frame(self._with_method()).to_csv(index=False)
        if path is None:
            return text
        return _display.written(path, lambda: write_atomic(path, text))

    def _with_method(self) -> pd.DataFrame:
        """The frame with each row's interval method and level beside its intervals (a CSV
        has no config: without them its di_ci_low, eo_ci_high, ... said no method); empty on a
        row without an interval."""
        frame = self.frame.copy()
        drawn = frame[["di_ci_low", "eo_ci_low"]].notna().any(axis=1)
        frame["ci_method"] = self.config["ci_method"]
        frame["confidence_level"] = self.config["confidence_level"]
        frame.loc[~drawn, ["ci_method", "confidence_level"]] = None
        return frame

    def plot(self, path=None, attribute: str | None = None):
        """Selection rate, TPR and FPR per group over thresholds, and each comparison's status,
        with the audited threshold marked: a matplotlib Figure, or a PNG written to ``path``
        (a name ending in .png; another is refused). ``attribute``: the one attribute to show
        (default: every attribute, one row of panels each); another name is refused with the
        valid ones."""
        attribute = self._attribute(attribute)
        if path is None:
            return _display.renderer("thresholds_figure")(self, attribute)
        return _display.write(
            "thresholds_png", path, "thresholds.png", "--plot", self, path, attribute
        )

    def _attribute(self, attribute) -> str | None:
        """``attribute`` as the frame names it (0 finds attribute '0'), or refused."""
        if attribute is None:
            return None
        names = list(dict.fromkeys(self.frame["attribute"]))
        if str(attribute) not in names:
            raise _display.not_found("attribute", attribute, names)
        return str(attribute)

    def to_html(self, path, title: str | None = None):
        """Write an HTML report (the plot and the verdicts per attribute) atomically."""
        return _display.write(
            "thresholds_html", path, "thresholds.html", "--html", self, path, title
        )

    def verdicts(self) -> pd.DataFrame:
        """Comparison status per (attribute, group) and threshold (a wide table)."""
        rows = self.frame[self.frame["status"].notna()]
        return rows.pivot_table(
            index=["attribute", "group"], columns="threshold", values="status", aggfunc="first"
        )

    def __repr__(self) -> str:
        v = self.verdicts()
        return (
            f"ThresholdTable({plural(self.frame['threshold'].nunique(), 'threshold')}, "
            f"{plural(len(v), 'comparison')}, audited threshold {self.audited_threshold})"
        )

    def _repr_html_(self) -> str:
        v = self.verdicts()
        headers = ["comparison", *[decision_threshold_text(t) for t in v.columns]]
        rows = []
        for (attr, group), statuses in v.iterrows():
            # a name with whitespace around it quoted (' d'), as the terminal's rows say it
            label = f"{spaced_name(attr)}: {spaced_name(group)}"
            rows.append([label, *[_display.status_html(s) for s in statuses]])
        names = {str(n) for pair in v.index for n in pair}
        with _display.naming(names):  # a group 'password=' masked alone, not the words after it
            table = _display.html_table(headers, rows, None, tuple(range(1, len(headers))))
            return self._block(table)

    def _block(self, table: str) -> str:
        cfg = self.config
        return _display.block(
            "EthicLens threshold view: comparison status by threshold",
            [
                f"Audited threshold {decision_threshold_text(self.audited_threshold)}; "
                f"{percent(cfg['confidence_level'])} intervals: {cfg['ci_method']}, "
                f"{cfg['n_boot']} draws, seed {cfg['random_state']}. .frame has every rate "
                "and interval.",
                # the faces' notes (weighted; the one-sided DI rule under a harmful label)
                *_display.renderer("thresholds_notes")(self),
                *self.empty_crossing_notes.values(),
                *self.missing_code_notes.values(),
            ],
            [table],
        )


MAX_THRESHOLDS = 1000
_EXAMPLE_GRID = "e.g. thresholds=[0.3, 0.5, 0.7] or the default 0.05 steps"


def _grid(thresholds, step, audited) -> np.ndarray:
    """The sorted thresholds: ``thresholds`` as given, else :func:`_step_grid`; the audited
    threshold is always one of them."""
    if thresholds is None:
        thresholds = _step_grid(step)
    th = _numbers(thresholds)
    if th.size == 0:  # else the view silently shows the audited threshold alone
        fix = "give at least one, e.g. thresholds=[0.3, 0.5, 0.7], or drop it for the default "
        raise _thresholds_error("is empty: no threshold to show", [], fix + "0.05 steps")
    if th.size > MAX_THRESHOLDS:
        problem = f"{th.size:,} thresholds; at most {MAX_THRESHOLDS:,}"
        raise _thresholds_error(problem, None, "give fewer thresholds")
    bad = th[np.isnan(th) | (th <= 0) | (th >= 1)]
    if bad.size:  # the values given, before the audited threshold (checked apart) joins them
        problem = "thresholds must lie strictly between 0 and 1"
        raise _thresholds_error(problem, [float(x) for x in bad[:5]])
    th = _as_written(th)
    # a grid value within 1e-9 of the audited threshold (0.3 beside 0.1 + 0.2) gives way to
    # it: two columns that print alike, both at "the" threshold, with different rates
    th = th[~np.isclose(th, float(audited), rtol=0, atol=1e-9)]
    return np.unique(np.concatenate([th, [float(audited)]]))


def _as_written(th: np.ndarray) -> np.ndarray:
    """Given thresholds as the decimals they stand for: one within 1e-12 of a number of 10
    decimals is that number, as the default grid's are (np.arange(0.1, 1, 0.1) holds
    0.30000000000000004 and 0.7000000000000001, which every page prints 0.3 and 0.7 while a
    score of exactly 0.3 or 0.7 fell below them: the rates shown at 0.3 were those of 0.4).
    A value that would become 0 or 1 is kept (refused or shown as given)."""
    written = np.round(th, 10)
    noise = (np.abs(th - written) <= 1e-12) & (written > 0) & (written < 1)
    return np.where(noise, written, th)


def _numbers(thresholds) -> np.ndarray:
    """The thresholds given, as floats; text ('x', even '0.5') or True is refused, as the
    command line refuses it, not converted or let through as a ValueError."""
    if isinstance(thresholds, Iterator):  # a generator, read once (asarray keeps it whole)
        thresholds = list(thresholds)
    if getattr(thresholds, "ndim", 0) == 1:  # a float32 column's 0.3 is 0.3, as printed
        thresholds = printed_floats(thresholds)
    values = np.asarray(thresholds, dtype=object).ravel()
    values = np.asarray([_exact(v) for v in values], dtype=object)
    wrong = [v for v in values if not is_number(v)]
    if wrong:
        raise _thresholds_error(f"{len(wrong)} threshold(s) are not numbers", wrong[:5])
    return np.asarray([wide_float(v) for v in values], dtype=float)  # 10**400: inf, refused


def _exact(value):
    """A ``decimal.Decimal`` or ``fractions.Fraction`` as the float it is nearest (an exact
    number is a number: 0.3 written as Decimal('0.3')), a float32 as the decimal it prints as
    (:func:`wide_float`); any other value as it is."""
    if isinstance(value, (np.float32, np.float16)):
        return wide_float(value)
    if isinstance(value, (Decimal, Fraction)):
        return float("nan") if isinstance(value, Decimal) and value.is_snan() else float(value)
    return value


def _thresholds_error(problem: str, value, fix: str = _EXAMPLE_GRID) -> EthicLensInputError:
    """The refusal of the ``thresholds`` argument."""
    return EthicLensInputError(problem, column="thresholds", kind="argument", value=value, fix=fix)


def _step_grid(step) -> np.ndarray:
    """Every multiple of ``step`` strictly inside (0, 1): k·step for k = 1, 2, … while below 1
    (0.3 gives 0.3, 0.6, 0.9; 0.7 gives 0.7). Each is rounded to 10 decimals, so float error
    neither shifts one (0.1·3 is 0.3) nor lets one that is 1 up to rounding (3 · 1/3) in."""
    check_fraction(step, "step", fix="e.g. 0.05")
    if step < 1 / MAX_THRESHOLDS:  # 1e-9 meant 10**9 thresholds: an out-of-memory kill
        raise EthicLensInputError(
            f"gives more than {MAX_THRESHOLDS:,} thresholds",
            column="step",
            value=step,
            fix=f"use a step of at least {1 / MAX_THRESHOLDS:g} (0.05 is the default)",
        )
    # one multiple past 1 however 1 / step rounds; those at or above 1 are then dropped
    multiples = np.round(np.arange(1, int(np.ceil(1 / step)) + 1) * step, 10)
    return multiples[multiples < 1]


@keywords_before_rows("threshold_table")
def threshold_table(
    y_true,
    y_score,
    sensitive_features,
    *,
    sample_weight=None,
    policy: pol.Policy | None = None,
    **options,
) -> ThresholdTable:
    """Selection rate, TPR, FPR per group and the DI/EO verdict at each decision threshold
    (a row is predicted positive when its score is at least the threshold).

    Parameters
    ----------
    y_true : array-like of shape (n,) or None
        Labels; without them only selection rate and DI are shown.
    y_score : array-like of shape (n,)
        Scores in [0, 1]; anything else is refused.
    sensitive_features : Series, DataFrame, dict or array-like
        Protected attributes, as for :func:`audit` (rows paired as there, see its Notes).
    sample_weight : array-like of shape (n,), optional
        Row weights, as for :func:`audit`: weighted rates; floors and Dirichlet draws on
        Kish-effective cells (each label's at its own size), scaled to the weight total.
    policy : Policy, optional
        DI/EO thresholds and sample floors (or its fields as keywords, as in :func:`audit`).
    **options
        As for :func:`audit` (:class:`AuditOptions`: group edits, ``reference``, ``pos_label``,
        ``positive_is_favorable`` (recorded in ``config``: the reports say what the one-sided
        DI rule misses with a harmful label), ``n_boot`` (1,000 here), ``confidence_level``,
        ``random_state``) and the grid:
        ``audited_threshold`` (0.5, marked, always in the grid), ``thresholds`` or ``step``
        (0.05: every multiple k·step strictly inside (0, 1); 0.3 gives 0.3, 0.6, 0.9).

    Returns
    -------
    ThresholdTable
    """
    _refuse_thresholds_and_step(options)
    policy, opts = policy_and_options("threshold_table", policy, options)
    policy = pol.check_policy(policy)
    audited = check_fraction(_exact(opts.audited_threshold), "audited_threshold", fix="e.g. 0.5")
    th = _grid(opts.thresholds, _exact(opts.step), audited)
    opts = _checked_draws(opts.seeded())
    scores, true, weights, sensitive_features, notes = _rows(
        y_true, y_score, sensitive_features, sample_weight, opts.pos_label
    )
    n, labelled = len(scores), y_true is not None
    attrs, edits = encode_edited(sensitive_features, n, opts, "y_score")
    for name, (groups, _) in attrs.items():
        check_two_groups(name, groups)  # the audit's and the comparison's words
    if weights is not None:  # refused as the audit of these scores at the audited threshold
        cells = cell_index(scores >= audited, true if labelled else None)
        refuse_underflowing_weights(weights, attrs, cells, sample_weight)
    frame = _attributes_rows(attrs, th, (scores, true, weights), labelled, policy, opts, edits)
    frame["audited"] = frame["threshold"] == float(audited)  # one threshold: the one used
    config = _config(opts, policy, (labelled, weights is not None), th, edits)
    notes += look_alike_notes(attrs, opts.intersections)  # 'Male' beside 'male': said
    return ThresholdTable(frame, audited, config, _table_data(n, notes))


def _checked_draws(opts):
    """``opts`` once its draws, level and favourable flag are checked (threshold_table's)."""
    check_draws(opts.n_boot, "n_boot", default=1000)  # threshold_table's (_options)
    check_level_draws(opts.n_boot, opts.confidence_level)
    check_flag(opts.positive_is_favorable, "positive_is_favorable")
    return opts


def _table_data(n: int, notes: list[str]) -> dict:
    """The table's ``data``: its rows, and the labels' notes (``provenance.notes``, as an
    audit's), each said as a warning."""
    return {"n_rows": int(n), **({"provenance": said_notes(None, notes)} if notes else {})}


def _attributes_rows(attrs, th, rows, labelled, policy, opts, edits) -> pd.DataFrame:
    """Every attribute's rows of the table, one after another, each drawn from its own seed;
    ``rows`` are the scores, labels and weights. References as the audit's (its rule: an
    intersection whose every attribute has one is referred to their crossing)."""
    reference = _references(opts.reference, list(attrs), opts.intersections, edits)
    scores, true, weights = rows
    bins = np.searchsorted(th, scores, side="right")  # thresholds <= score: 0..K
    seeds = np.random.SeedSequence(opts.random_state).spawn(len(attrs))
    parts = []
    for (name, (groups, codes)), seed in zip(attrs.items(), seeds, strict=True):
        attr = _counted(name, groups, codes, (bins, true, weights, len(th)), reference.get(name))
        rng = np.random.default_rng(seed)
        parts.append(_attribute_rows(attr, th, labelled, policy, opts, rng))
    return pd.concat(parts, ignore_index=True)


def _refuse_thresholds_and_step(options: dict) -> None:
    """Both would be silently half-used: the thresholds replace the grid the step would make."""
    if options.get("thresholds") is not None and "step" in options:
        raise EthicLensInputError(
            "give thresholds or step, not both: thresholds replace the grid step would make",
            column="step",
            kind="argument",
            value=options["step"],
            fix="drop step (the thresholds are shown as given), or drop thresholds",
        )


def _refuse_short_scores(y_score, y_true, sensitive_features) -> None:
    """Scores of another length than the labels and the attributes, which agree, are the odd
    input out: named, as compare names the prediction column of another length (the other
    inputs are checked against the scores, and would each be blamed)."""
    if y_true is None:
        return
    lengths = [_length(v) for v in (y_score, y_true, sensitive_features)]
    if None not in lengths and lengths[0] != lengths[1] == lengths[2]:
        check_length(y_score, lengths[1], "y_score", "y_true")


def _length(values) -> int | None:
    """The rows of an input (a dict of columns: its first column's), None when it has none."""
    if isinstance(values, dict):
        values = next(iter(values.values()), None)
    try:
        return len(values) if np.ndim(values) >= 1 else None
    except TypeError:
        return None


def _rows(y_true, y_score, sensitive_features, sample_weight, pos_label):
    """Scores, labels (all 1 without labels: every row counts as a positive), weights, the
    attributes, pandas inputs paired by index label as in audit (:func:`align_inputs`), and
    the labels' notes (:func:`label_notes`)."""
    _refuse_short_scores(y_score, y_true, sensitive_features)
    (y_true, sensitive_features, y_score, sample_weight), n = aligned_rows(
        "y_score",
        "score",
        y_true=y_true,
        sensitive_features=sensitive_features,
        y_score=y_score,
        sample_weight=sample_weight,
    )
    scores = as_scores(y_score, n)
    weights = as_weights(sample_weight, n, "y_score") if sample_weight is not None else None
    if y_true is None:
        return scores, np.ones(n, dtype=np.int8), weights, sensitive_features, []
    check_length(y_true, n, "y_true", "y_score")
    true = as_binary(y_true, "y_true", pos_label)
    notes = label_notes({"y_true": y_true}, pos_label)
    return scores, true, weights, sensitive_features, notes


def _counted(name, groups, codes, rows, reference) -> _Attribute:
    """One attribute's (group, score bin, label) counts (weight sums when weighted, with
    their Kish-effective cells) and its reference group (the largest by rows by default, among
    those with weight)."""
    bins, true, weights, k = rows
    keep = codes >= 0
    flat = (codes[keep].astype(np.int64) * (k + 1) + bins[keep]) * 2 + (1 - true[keep])
    shape, cells = (len(groups), k + 1, 2), (len(groups), (k + 1) * 2)
    counts = cell_sums(flat, cells).reshape(shape)
    n_rows = counts.sum(axis=(1, 2))
    if weights is None:
        ref, _ = resolve_reference(name, list(groups), n_rows, reference)
        return _Attribute(name, list(groups), ref, counts, counts, n_rows)
    w = weights[keep]
    sums = cell_sums(flat, cells, w)
    # the largest group with weight, as the audit's: one weighted all 0 leaves nothing defined
    ref, _ = resolve_reference(name, list(groups), n_rows, reference, sums.sum(axis=1))
    sq = cell_sums(flat, cells, w**2)
    # the group's Kish size for its rows, each label's own for its rates (as the audit): the
    # flattened (score bin, label) cells of the positive label, then the negative
    effective = kish_effective(sums, sq).reshape(shape)
    labels = (range(0, 2 * (k + 1), 2), range(1, 2 * (k + 1), 2))
    by_label = kish_effective(sums, sq, parts=labels).reshape(shape)
    label_rows = counts.sum(axis=1)
    return _Attribute(
        name, list(groups), ref, sums.reshape(shape), effective, n_rows, by_label, label_rows
    )


def _config(opts, policy, rows, th, edits) -> dict:
    """The run's settings; ``rows``: (labelled, weighted)."""
    labelled, weighted = rows
    config = {
        "ethiclens_version": __version__,
        "n_boot": int(opts.n_boot),
        "ci_method": jeffreys_method(weighted, labelled) + " at each threshold",
        "confidence_level": opts.confidence_level,
        "random_state": int(opts.random_state),
        "policy": policy.to_dict(),
        "positive_is_favorable": bool(opts.positive_is_favorable),  # as the audit's config
        "labelled": labelled,
        "thresholds": [float(t) for t in th],
        "rule": "predicted positive when score >= threshold",
    }
    if opts.intersections or opts.exclude_groups or opts.merge_groups:
        config["intersections"] = [list(c) for c in opts.intersections or []]
        config.update(edits)  # as done: exclude_groups, merge_groups
    if weighted:
        config["weighted"] = True  # absent when unweighted: those outputs are unchanged
    if opts.bins:  # the edges the groups were binned at, as the audit's (absent when none)
        config["bins"] = _bins_stated(opts.bins)
    return config


def _cells_at_thresholds(fine):
    """(…, K+1 bins, 2 labels) -> (…, K thresholds, 4 cells tp, fp, fn, tn)."""
    suffix = np.flip(np.cumsum(np.flip(fine, axis=-2), axis=-2), axis=-2)  # sum over bins >= j
    above = suffix[..., 1:, :]  # threshold k: bins k+1.. are predicted positive
    total = fine.sum(axis=-2, keepdims=True)
    # weights summed in two orders may leave a hair below 0 for an empty cell: a rate of
    # 1.0000000000000002 (TPR = tp / (tp + fn), fn < 0) where the rows give exactly 1
    below = np.maximum(total - above, 0.0)
    return np.stack([above[..., 0], above[..., 1], below[..., 0], below[..., 1]], axis=-1)


def _contained(draws, points, level):
    """(low, high): the equal-tailed interval of each column of the draws (B, K), extended to
    its estimate as the audit's are (the interval kit: none above 1% undefined draws; an
    infinite estimate, a log of 0, extends it to infinity)."""
    ivs = contain(equal_tailed(draws, level=level), points, note=None)
    return ivs.low, ivs.high


@dataclass(frozen=True)
class _Attribute:
    """One attribute's groups, reference and (group, score bin, label) counts."""

    name: str
    groups: list
    ref: int
    counts: np.ndarray  # (G, K + 1, 2): rows, or weight sums when weighted
    effective: np.ndarray  # the same cells in (Kish-)effective rows: floors and draws
    n_rows: np.ndarray  # (G,) rows per group
    # weighted: the cells at each label's own Kish size (label floors, draws of TPR and FPR)
    by_label: np.ndarray | None = None
    # weighted: (G, 2) rows of each label (positive, negative), to tell a rate whose rows all
    # weigh 0 from one with no rows
    label_rows: np.ndarray | None = None


def _attribute_rows(attr: _Attribute, th, labelled, policy, opts, rng) -> pd.DataFrame:
    """The table's rows of one attribute: every group at every threshold."""
    counts, ref = attr.counts, attr.ref
    totals = attr.effective.sum(axis=(1, 2)).astype(float)  # the floors' rows
    audited = int(np.searchsorted(th, float(_exact(opts.audited_threshold))))
    two, four = _draw(attr, (len(th), audited), labelled, opts.n_boot, rng)
    cells = _cells_at_thresholds(counts.astype(float))  # (G, K, 4)
    with np.errstate(all="ignore"):
        point = {"sel": selection_rate(cells, True)}
        boot = {"sel": selection_rate(two, False)}
        if labelled:
            point.update(tpr=true_positive_rate(cells), fpr=false_positive_rate(cells))
            boot.update(tpr=true_positive_rate(four), fpr=false_positive_rate(four))
    labels = attr.effective if attr.by_label is None else attr.by_label
    pos, neg = labels[:, :, 0].sum(axis=1), labels[:, :, 1].sum(axis=1)
    rows = []
    for g in range(len(attr.groups)):
        base = {"attribute": attr.name, "group": attr.groups[g], "reference": attr.groups[ref]}
        if g == ref:
            verdicts = [dict.fromkeys(_COMPARISON_COLUMNS)] * len(th)
        else:
            short = _short_of(attr, (g, ref), (totals, pos, neg), policy, labelled)
            verdicts = _verdicts(point, boot, (g, ref), short, policy, opts.confidence_level, attr)
        for j, t in enumerate(th):
            row = {**base, "threshold": float(t), "n": int(attr.n_rows[g])}
            row["selection_rate"] = _f(point["sel"][g, j])
            row["tpr"] = _f(point["tpr"][g, j]) if labelled else None
            row["fpr"] = _f(point["fpr"][g, j]) if labelled else None
            rows.append({**row, **verdicts[j]})
    return pd.DataFrame(rows)


def _draw(attr: _Attribute, grid: tuple, labelled: bool, n_boot: int, rng) -> tuple:
    """(selected, not) draws (B, G, K, 2) of each group at each threshold, and with labels
    its (tp, fp, fn, tn) draws (B, G, K, 4), else None: at each threshold the cells the audit
    would draw for predictions thresholded there, by its own rule (the engine's Jeffreys
    posterior, weighted at the groups' and labels' Kish sizes), so an interval does not depend
    on the grid. ``grid``: (K thresholds, the audited one's index); its draws come from the
    generator the audit spawns for the attribute (the same seed gives the audit's intervals),
    the other thresholds' from a second one, all thresholds at once."""
    k, audited = grid
    n_groups = len(attr.groups)
    need = n_boot * n_groups * k * (6 if labelled else 2) * 8
    if need > MAX_DRAW_BYTES:  # n_boot = 1e11 asked numpy for 58 TiB
        raise EthicLensInputError(
            f"would need about {need / 2**30:.1f} GiB for the interval draws of {attr.name!r} "
            f"(limit {MAX_DRAW_BYTES / 2**30:.0f} GiB)",
            column="n_boot",
            value=n_boot,
            fix="use fewer draws (1000 is the default) or a coarser threshold step",
        )
    at = {
        "cells": _cells_at_thresholds(attr.counts.astype(float)),  # (G, K, 4) totals
        "effective": _cells_at_thresholds(attr.effective.astype(float)),
        "by_label": None if attr.by_label is None else _cells_at_thresholds(attr.by_label),
    }
    # stored cell-major, (cells, K, G, B) as the engine draws them, read as (B, G, K, cells)
    out = [np.empty((c, k, n_groups, n_boot)) for c in ((2, 4) if labelled else (2,))]
    picks = ([audited], [j for j in range(k) if j != audited])
    # the first generator is the audit's boot_rng: the audited threshold's draws
    for pick, gen in zip(picks, rng.spawn(2), strict=True):
        if not pick:  # the audited threshold alone
            continue
        drawn = _posterior_at(at, pick, labelled, n_boot, gen)
        for whole, part in zip(out, drawn, strict=True):
            whole[:, pick] = part.reshape(len(part), len(pick), n_groups, n_boot)
    drawn = [whole.transpose(3, 2, 1, 0) for whole in out]
    return drawn[0], drawn[1] if labelled else None


def _posterior_at(at: dict, pick: list, labelled: bool, n_boot: int, rng) -> list:
    """The engine's Jeffreys draws (``_posterior_cells``) of each group's cells at the
    thresholds ``pick``, threshold by threshold (its groups in the audit's order), stored
    cell-major: [(2, k·G, B), (4, k·G, B)] with labels, [(2, k·G, B)] without."""

    def flat(cells):  # (G, k, 4) -> (k·G, 4), threshold-major; (selected, not) without labels
        rows = cells[:, pick].transpose(1, 0, 2).reshape(-1, 4)
        return rows if labelled else rows[:, [0, 2]]

    by_label = at["by_label"] if labelled else None  # weighted with labels: each label's size
    gc = SimpleNamespace(weighted=flat(at["cells"]), labelled=labelled)
    floors = SimpleNamespace(
        effective_cells=flat(at["effective"]),
        label_cells=None if by_label is None else flat(by_label),
    )
    boot, two = _posterior_cells(gc, floors, slice(None), n_boot, rng)
    return [d.transpose(2, 1, 0) for d in ([boot] if two is None else [two, boot])]


def _short_of(attr: _Attribute, pair, sizes, policy, labelled) -> dict:
    """Why DI and EO of the pair (group, reference) are below the sample floors, in the
    audit's words ("n = 30, below the floor of 100 (race:A)"), None when a floor is met;
    without labels EO's is None (it has no value to withhold)."""
    (totals, pos, neg), weighted = sizes, attr.by_label is not None
    n = "n_eff" if weighted else "n"

    def fmt(x):
        return f"{x:,.1f}" if weighted else f"{int(round(x)):,}"

    def why(short, floor, each=""):
        return "; ".join(
            f"{text}, below the floor of {floor:,}{each} ({spaced_key(attr.name, attr.groups[i])})"
            for i, text in short
        )

    rate = [(i, f"{n} = {fmt(totals[i])}") for i in pair if totals[i] < policy.min_group_size]
    floor = policy.min_label_count
    labels = [
        (i, f"{fmt(pos[i])} positive / {fmt(neg[i])} negative labels")
        for i in pair
        if min(pos[i], neg[i]) < floor
    ]
    return {
        "di": why(rate, policy.min_group_size) or None,
        "eo": (why(labels, floor, " each") or None) if labelled else None,
    }


def _undefined_why(point, j, pair, attr: _Attribute, labelled) -> dict:
    """Why DI and EO at threshold ``j`` have no value or an unbounded one (the audit's words),
    None where they have a finite one: a group with rows whose weights are all 0, a rate
    whose rows all weigh 0 ("once weighted"), as the audit says them."""
    g, ref = pair
    names = (attr.groups[g], attr.groups[ref])
    weightless = _weightless(attr, pair)
    if weightless:
        return {"di": weightless, "eo": weightless if labelled else None}
    sel_g, sel_ref = point["sel"][g, j], point["sel"][ref, j]
    di = None
    if sel_ref == 0:
        di = (
            "both groups have selection rate 0; the ratio 0/0 is undefined"
            if sel_g == 0
            else f"{names[1]} has selection rate 0, so the ratio is unbounded (inf; null in JSON)"
        )
    eo = None
    if labelled:
        for key, label, missing in (("tpr", "TPR", "positive"), ("fpr", "FPR", "negative")):
            bad = [i for i in pair if not np.isfinite(point[key][i, j])]
            if bad and eo is None:
                shown = ", ".join(repr(attr.groups[i]) for i in bad)
                label_index = 0 if key == "tpr" else 1
                rows = attr.label_rows
                weighed = rows is not None and all(rows[i, label_index] > 0 for i in bad)
                once = " once weighted: the rows it needs all weigh 0" if weighed else ""
                eo = f"{label} undefined for {shown} (no {missing} labels{once})"
    return {"di": di, "eo": eo}


def _weightless(attr: _Attribute, pair) -> str | None:
    """The audit's reason when a group of ``pair`` has rows whose weights are all 0 (every
    weighted rate 0/0), None otherwise."""
    if attr.label_rows is None:
        return None
    zero = [i for i in pair if attr.n_rows[i] > 0 and not attr.counts[i].sum() > 0]
    if not zero:
        return None
    parts = [f"{attr.groups[i]!r} (n = {int(attr.n_rows[i])})" for i in zero]
    return f"the weights of {', '.join(parts)} are all zero; weighted rates are 0/0"


def _verdicts(point, boot, pair, short, policy, level, attr) -> list[dict]:
    """DI and EO with intervals, statuses and reasons of group ``g`` against ``ref``
    (``pair``), per threshold; ``short``: why each is below the sample floors
    (:func:`_short_of`); ``attr``: the attribute's groups and counts."""
    g, ref = pair
    labelled = "tpr" in point
    with np.errstate(all="ignore"):
        di = point["sel"][g] / point["sel"][ref]
        log_ratio = np.log(boot["sel"][:, g]) - np.log(boot["sel"][:, ref])
        log_di = np.log(point["sel"][g]) - np.log(point["sel"][ref])
        di_lo, di_hi = np.exp(_contained(log_ratio, log_di, level))
        if labelled:
            tpr_gap = point["tpr"][g] - point["tpr"][ref]
            fpr_gap = point["fpr"][g] - point["fpr"][ref]
            eo = np.maximum(np.abs(tpr_gap), np.abs(fpr_gap))
            t_lo, t_hi = _fold(*_contained(boot["tpr"][:, g] - boot["tpr"][:, ref], tpr_gap, level))
            f_lo, f_hi = _fold(*_contained(boot["fpr"][:, g] - boot["fpr"][:, ref], fpr_gap, level))
            eo_lo, eo_hi = np.maximum(t_lo, f_lo), np.maximum(t_hi, f_hi)
    out = []
    for j in range(len(di)):
        why = _undefined_why(point, j, pair, attr, labelled)
        di_j = (di[j], di_lo[j], di_hi[j])
        row = _judged("di", pol.judge_disparate_impact, di_j, (short["di"], why["di"]), policy)
        if labelled:
            eo_j = (eo[j], eo_lo[j], eo_hi[j])
            row.update(
                _judged("eo", pol.judge_equalized_odds, eo_j, (short["eo"], why["eo"]), policy)
            )
        else:
            row.update(eo=None, eo_ci_low=None, eo_ci_high=None, eo_status=None, eo_reason=None)
        # without labels eo_status is None, which no comparison status reads
        row["status"] = pol.comparison_status([row["di_status"], row["eo_status"]])
        out.append(row)
    return out


def _judged(metric, judge, values, whys, policy) -> dict:
    """``{metric, metric_ci_low, metric_ci_high, metric_status, metric_reason}``. As in the
    audit (the interval kit's :func:`metric_status`), an interval is shown only with a
    verdict: none around an undefined estimate (UNDEFINED), none below a sample floor
    (INSUFFICIENT_DATA). ``whys``: (why below the floors or None, why undefined or unbounded
    or None); the reason is the audit's: why undefined, unbounded, withheld or judged so."""
    point, low, high = values
    below, undefined = whys
    defined = np.isfinite(point) or (np.isinf(point) and point > 0)  # +inf (unbounded DI) judged
    status, reason = metric_status(  # as the interval kit gives it
        point if defined else None,
        Interval(_f(low), _f(high), THRESHOLD_METHOD),
        below_floor=below,
        judge=lambda iv: judge(iv, policy),
        undefined=undefined or "undefined for this comparison",
    )
    if status != pol.UNDEFINED and undefined:  # unbounded: said whatever the verdict
        reason = f"{undefined}; {reason}" if reason else undefined
    shown = status not in (pol.UNDEFINED, pol.INSUFFICIENT_DATA)
    return {
        metric: _f(point),
        f"{metric}_ci_low": _f(low) if shown else None,
        f"{metric}_ci_high": _f(high) if shown else None,
        f"{metric}_status": status,
        f"{metric}_reason": reason,
    }


# each metric's value, interval and status (``_judged``), then the comparison's status
_COMPARISON_COLUMNS = (
    *(
        f"{m}{part}"
        for m in ("di", "eo")
        for part in ("", "_ci_low", "_ci_high", "_status", "_reason")
    ),
    "status",
)


def _fold(lo, hi):
    """The interval of |d| from that of d: [0, max(−lo, hi)] when it straddles 0."""
    return fold(Intervals(lo, hi, []))


def _f(x):
    x = None if x is None else float(x)
    return x if x is None or np.isfinite(x) or x == float("inf") else None


def simplest_between(lo: float, hi: float) -> float | None:
    """The threshold with the fewest decimals in ``(lo, hi]`` and strictly inside (0, 1)
    (0.5, the library's default, when it lies there), else None. Every such threshold makes
    the same predictions: the one a person would have written is shown."""
    if lo < 0.5 <= hi:
        return 0.5
    for digits in range(1, 16):
        scale = 10**digits
        t = (math.floor(lo * scale) + 1) / scale
        if t <= lo:  # a product rounded down: the next step up
            t = (math.floor(lo * scale) + 2) / scale
        if lo < t <= hi and 0 < t < 1:
            return round(t, digits)
    return None


def one_kind_thresholds(positive, scores) -> tuple[str, float | None] | None:
    """Where the 0/1 predictions ``positive`` are all of one kind (every one 0, or every one
    1) beside their ``scores``: (the words saying which thresholds ``score >= t`` make them,
    and one such threshold to suggest, or None where none lies inside (0, 1)); None where both
    kinds occur, or no row. No threshold is theirs then: every one of a range makes them."""
    positive, scores = np.asarray(positive, dtype=bool), np.asarray(scores, dtype=float)
    if not len(positive) or (positive.any() and not positive.all()):
        return None
    if positive.all():
        hi = float(scores.min())
        words = "every prediction is 1 (positive), which score >= t makes for any threshold t "
        return words + f"up to {number_text(hi)} (the smallest score)", simplest_between(0.0, hi)
    lo = float(scores.max())
    words = "every prediction is 0 (negative), which score >= t makes for any threshold t "
    return words + f"above {number_text(lo)} (the largest score)", simplest_between(lo, 1.0)
