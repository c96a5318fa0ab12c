"""Two models on the same rows: B − A for every metric, with a paired interval.

Both models are scored on the same people, so their errors are correlated; an interval that
draws A and B independently ignores that and is too wide. Here each group's rows are counted
in the joint cells (ŷ_A, ŷ_B, y) — 8 cells with labels, 4 without — and the draws are of those
joint cells, so every draw scores both models on the same resample. With the default Jeffreys
draws the joint prior is 1/4 per cell: each model's own marginal is then exactly the audit's
Dirichlet(cells + 1/2) posterior (Dirichlet aggregation), and only the pairing is added.
"""

from __future__ import annotations

import contextvars
import copy
import json
import math
from dataclasses import asdict, dataclass, field, replace
from functools import partial

import numpy as np
import pandas as pd

from .._secrets import mask_secrets
from .._version import __version__
from ..errors import EthicLensInputError
from ..io import _memo_scope, json_fields
from . import _display
from . import _policy as pol
from ._bootstrap import draw_dirichlet_cells, draw_label_split_cells, kish_effective
from ._counts import cell_sums, round_significant
from ._engine import SMOOTHED_NOTE, _bins_stated, audit_rows, empty_cell_columns
from ._intervals import contain, equal_tailed, with_infinite_draws
from ._keywords import refusing_unknown_keywords
from ._metrics import comparison_specs, frozen_specs, group_specs
from ._options import (
    COMPARE_ALIASES,
    COMPARE_CI,
    KEYWORDS,
    keywords_before_rows,
    policy_and_options,
)
from ._result import AuditResult, MetricEstimate, _nan
from ._validate import (
    align_inputs,
    as_binary_columns,
    as_weights,
    check_length,
    check_one_dimensional,
    encode_edited,
    label_notes,
    said_notes,
)

COMPARE_SCHEMA_VERSION = "1.0"
PAIRED_METHOD = (
    "paired: Dirichlet(joint (ŷ_A, ŷ_B, y) cells + 1/4) draws per group, both models on "
    "each draw, equal-tailed"
)
PAIRED_BOOTSTRAP_METHOD = (
    "paired bootstrap: multinomial resample of each group's joint (ŷ_A, ŷ_B, y) cells, "
    "both models on each resample, percentile"
)
UNPAIRED_METHOD = (
    "unpaired: independent Dirichlet(cells + 1/2) draws per model and group, equal-tailed"
)
PAIRED_WEIGHTED_METHOD = (
    "paired, weighted: Dirichlet(Kish-effective joint (ŷ_A, ŷ_B, y) cells + 1/4) draws per "
    "group (each label's cells at that label's Kish size) scaled to its weight total, both "
    "models on each draw, equal-tailed"
)
UNPAIRED_WEIGHTED_METHOD = (
    "unpaired, weighted: independent Dirichlet(Kish-effective cells + 1/2) draws per model and "
    "group (each label's cells at that label's Kish size) scaled to its weight total, "
    "equal-tailed"
)
# "percentile" is the kit's name for the paired bootstrap; "bootstrap" is its older spelling,
# taken and recorded as "percentile" (config.ci_method names one method one way). Declared
# once, beside the other commands' choices (fairness/_options.py).
CI_CHOICES, CI_ALIASES = COMPARE_CI, COMPARE_ALIASES


@dataclass
class MetricDifference:
    """One metric of one comparison (or group) under model A and model B, and B − A."""

    attribute: str
    group: str
    reference: str | None  # None for a per-group metric
    metric: str
    value_a: float | None
    value_b: float | None
    difference: MetricEstimate
    # For display: a value that is infinite (a DI whose reference is never selected under that
    # model) is unbounded, not undefined; value_a/value_b stay None (null in the JSON, as the
    # audit's JSON writes an unbounded DI) and B − A is undefined with that reason.
    unbounded_a: bool = False
    unbounded_b: bool = False

    @property
    def excludes_zero(self) -> bool:
        d = self.difference
        return d.ci_low is not None and (d.ci_low > 0 or d.ci_high < 0)

    @property
    def interval_excludes_zero(self) -> bool | None:
        """The JSON's ``interval_excludes_zero``: whether B − A's interval excludes 0, None
        (null) where B − A has no interval (a group below its floor, an undefined difference,
        none drawn): undefined is null, never false, as the report's 'no interval'."""
        d = self.difference
        if d.ci_low is None or d.ci_high is None:
            return None
        return self.excludes_zero

    def to_dict(self) -> dict:
        names = "attribute group reference metric value_a value_b difference"
        return json_fields(self, names, interval_excludes_zero="interval_excludes_zero")


@dataclass
class VerdictChange:
    """A comparison's policy status under A and under B."""

    attribute: str
    group: str
    reference: str
    status_a: str
    status_b: str

    @property
    def changed(self) -> bool:
        return self.status_a != self.status_b

    def to_dict(self) -> dict:
        return {**asdict(self), "changed": self.changed}


@refusing_unknown_keywords
@dataclass
class ModelComparison:
    """Model B against model A on the same rows (``ethiclens.compare``).

    ``differences``: every comparison metric of every comparison, B − A with its interval;
    ``group_differences``: every per-group metric, B − A; ``verdicts``: each comparison's
    status under A and B; ``audit_a``/``audit_b``: the two full audits (same seed).
    """

    names: tuple[str, str]
    audit_a: AuditResult
    audit_b: AuditResult
    differences: list[MetricDifference]
    group_differences: list[MetricDifference]
    verdicts: list[VerdictChange]
    config: dict
    data: dict = field(default_factory=dict)
    run: dict | None = None  # as AuditResult.run (ethiclens.run)

    @property
    def changed(self) -> list[VerdictChange]:
        return [v for v in self.verdicts if v.changed]

    def gate(self, fail_on: str | None = None, baseline=None):
        """The release gate: is candidate B worse than production A? (``_gate.gate_comparison``)

        ``fail_on`` None: the run's own spec gate setting (``self.run["spec"]["gate"]``, as the
        CLI decides), else the spec's default ``never``. ``baseline`` is refused
        (``EthicLensInputError``): a comparison gates model B against model A, not against a
        previous report; to gate one model against last time's report, gate its own audit
        (``ethiclens.audit(...).gate(fail_on, baseline=...)``).
        """
        from ._gate import gate_comparison

        if baseline is not None:
            raise EthicLensInputError(
                "a model comparison gates model B against model A, not against a baseline report",
                column="baseline",
                kind="argument",
                fix="drop baseline; to gate one model against a previous report, gate its own "
                "audit: ethiclens.audit(...).gate(fail_on, baseline=...)",
            )
        return gate_comparison(self.to_dict(), fail_on)

    def difference(self, attribute: str, group: str, metric: str) -> MetricDifference:
        """B − A of one comparison metric (``compare(...).difference("race", "b",
        "disparate_impact")``); a name that is not there is refused with the valid ones."""
        key = (str(attribute), str(group), str(metric))
        for d in self.differences:
            if (d.attribute, d.group, d.metric) == key:
                return d
        raise _missing_difference(self.differences, *key)

    def to_dict(self) -> dict:
        return {
            "schema_version": COMPARE_SCHEMA_VERSION,
            "kind": "model_comparison",
            # as every report shows them: the JSON held a name's password ('u:hunter2@h')
            "models": {"a": mask_secrets(self.names[0]), "b": mask_secrets(self.names[1])},
            "config": self.config,
            "data": self.data,
            "differences": [d.to_dict() for d in self.differences],
            "group_differences": [d.to_dict() for d in self.group_differences],
            "verdicts": [v.to_dict() for v in self.verdicts],
            "summary": {
                "n_comparisons": len(self.verdicts),
                "verdicts_changed": [f"{v.attribute}:{v.group}" for v in self.changed],
                "intervals_excluding_zero": [
                    f"{d.attribute}:{d.group} {d.metric}"
                    for d in self.differences
                    if d.excludes_zero
                ],
            },
            "audits": {"a": self.audit_a.to_dict(), "b": self.audit_b.to_dict()},
            **({"run": self.run} if self.run is not None else {}),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The comparison as JSON text (``indent`` is keyword-only: ``to_json("out.json")`` is an
        error, not a file)."""
        return json.dumps(self.to_dict(), indent=indent, allow_nan=False)

    def to_frame(self) -> pd.DataFrame:
        """One row per (comparison, metric): A, B, B − A and its interval. Undefined numbers
        are NaN; a model's unbounded DI (it never selects the reference) is ``inf``;
        ``excludes_zero`` is None where B − A has no interval (the JSON's null)."""
        return pd.DataFrame([_flat(d) for d in self.differences])

    def __repr__(self) -> str:
        return _display.compare_repr(self)

    def _repr_html_(self) -> str:
        return _display.compare_html(self)

    def to_html(self, path, title: str | None = None):
        """Write the comparison's HTML report atomically; returns the path."""
        return _display.write("compare_html", path, "comparison.html", "--html", self, path, title)


def _missing_difference(differences, attribute: str, group: str, metric: str):
    """The refusal of :meth:`ModelComparison.difference`: the first of attribute, group and
    metric that is not there, with the valid ones."""
    attributes = list(dict.fromkeys(d.attribute for d in differences))
    if attribute not in attributes:
        return _display.not_found("attribute", attribute, attributes)
    of_attribute = [d for d in differences if d.attribute == attribute]
    groups = list(dict.fromkeys(d.group for d in of_attribute))
    if group not in groups:
        ref = of_attribute[0].reference
        why = " (its reference group: the others are compared with it)" if group == ref else ""
        problem = f"no comparison group {group!r} of {attribute!r}{why}"
        return _display.not_found("group", group, groups, problem)
    metrics = [d.metric for d in of_attribute if d.group == group]
    return _display.not_found("metric", metric, metrics)


def _flat(d: MetricDifference) -> dict:
    m = d.difference
    return {
        "attribute": d.attribute,
        "group": d.group,
        "reference": d.reference,
        "metric": d.metric,
        # an unbounded DI (that model never selects the reference) is inf, not NaN (undefined)
        "value_a": math.inf if d.unbounded_a else _nan(d.value_a),
        "value_b": math.inf if d.unbounded_b else _nan(d.value_b),
        "difference": _nan(m.value),
        "ci_low": _nan(m.ci_low),
        "ci_high": _nan(m.ci_high),
        "ci_method": m.ci_method,
        # as the JSON's interval_excludes_zero: None where B − A has no interval (undefined is
        # null, never False, which would read as an interval spanning 0)
        "excludes_zero": d.interval_excludes_zero,
    }


# model_free's answers within one comparison (:func:`compare` sets it), so a comparison probes
# each metric once, not once per attribute. Not kept from one call to the next: a metric's
# function can change in place between them (a notebook's autoreload swaps its code, a callable
# object's setting), and a kept answer then said B − A was 0 [0, 0] for a metric reading the model.
_MODEL_FREE: contextvars.ContextVar[dict | None] = contextvars.ContextVar(
    "ethiclens_model_free", default=None
)


@keywords_before_rows("compare")
@frozen_specs()  # both audits and the differences: the metrics registered when it began
@partial(_memo_scope, _MODEL_FREE)  # one model_free memo a run (each thread and task its own)
def compare(
    y_true,
    pred_a,
    pred_b,
    sensitive_features,
    *,
    sample_weight=None,
    policy: pol.Policy | None = None,
    **options,
) -> ModelComparison:
    """Compare model B with model A on the same rows: B − A for every metric, paired intervals.

    Parameters
    ----------
    y_true : array-like of shape (n,) or None
        Ground-truth labels (without them only selection-rate metrics are compared).
    pred_a, pred_b : array-like of shape (n,)
        The two models' predictions for the same rows. Rows are paired as in :func:`audit`
        (pandas inputs by index label, see its Notes; other labels are refused).
    sensitive_features : Series, DataFrame, dict or array-like
        Protected attributes, as for :func:`audit`.
    sample_weight : array-like of shape (n,), optional
        Row weights, as for :func:`audit`: both audits are weighted, and the paired draws are
        Dirichlet draws of each group's Kish-effective joint cells scaled to its weight total
        (the audit's weighted Jeffreys draws, paired). Only with ``ci="jeffreys"``.
    policy : Policy, optional
        As for :func:`audit`; both models are audited with the same settings.
    **options
        As for :func:`audit` (see :class:`AuditOptions`), plus ``names`` and ``paired``;
        ``n_boot`` (1,000 here) draws the differences' intervals and each audit's. ``ci``:
        ``"jeffreys"`` (Dirichlet draws of the joint cells, see the module text) or
        ``"percentile"`` (older spelling ``"bootstrap"``: a paired row bootstrap); each
        model's audit is drawn with it, as :func:`audit` with that ``ci``.

    Returns
    -------
    ModelComparison
    """
    policy, opts = policy_and_options("compare", policy, options)
    ci = _difference_ci(opts)
    opts = opts.seeded()
    true, a, b, weights, sf, opts = _compare_inputs(
        y_true, pred_a, pred_b, sensitive_features, sample_weight, opts
    )
    opts = replace(opts, ci=ci)  # refusals named the method as given; the result, its one name
    policy = pol.check_policy(policy)
    audit_a, audit_b, encode = _both_audits(true, (a, b), sf, weights, policy, opts)
    refs = {x.name: x.reference for x in audit_a.attributes}
    joint = joint_cells(a, b, true)
    attrs, _ = encode(sf, len(joint), opts)
    differences, group_diffs = _all_differences(attrs, refs, joint, weights, opts, true is not None)
    _apply_floors(differences, audit_a, audit_b)
    verdicts = _verdict_changes(audit_a, audit_b)
    data = {"n_rows": int(len(a)), "provenance": opts.provenance or {}}
    config = _compare_config(opts, policy, true is not None, weights is not None)
    _state_edits(config, opts, audit_a.config)
    names = (str(opts.names[0]), str(opts.names[1]))
    return ModelComparison(
        names, audit_a, audit_b, differences, group_diffs, verdicts, config, data
    )


def _both_audits(true, preds, sf, weights, policy, opts) -> tuple:
    """Audits A and B of ``preds`` on the same rows, and the groups' encoder: encoded by audit
    A, the same for B and for B − A (each audit its own copy of the settings)."""
    shared = _audit_settings(opts)
    encode = SharedEncoding()
    audit_a, audit_b = (
        audit_rows((true, p, sf, None, weights), policy, dict(shared), encode) for p in preds
    )
    for audit in (audit_a, audit_b):  # compare's provenance, as given (its report never draws
        audit.data["provenance"] = opts.provenance or {}  # it: no card's refusal here)
    return audit_a, audit_b, encode


def _difference_ci(opts) -> str:
    """The interval method of the differences (its one name), after refusing one that unpaired
    differences cannot use."""
    ci = CI_ALIASES.get(opts.ci, opts.ci)  # checked by take_options; "bootstrap": percentile
    if not opts.paired and ci != "jeffreys":  # the unpaired draws are Dirichlet: ci unused
        raise EthicLensInputError(
            f"unpaired differences are independent Dirichlet draws per model: ci={opts.ci!r} "
            "(the paired row bootstrap) would draw only each model's audit, not B - A",
            column="paired",
            value=False,
            fix="drop paired=False (a paired row bootstrap), or use ci='jeffreys' with it",
            kind="argument",
        )
    return ci


def _audit_settings(opts) -> dict:
    """The options of both models' audits (beside the comparison's policy and weights). They
    see plain arrays in one row order (their own checks already passed), recoded to 0/1 with
    pos_label: passing pos_label again would refuse 'yes' in a 0/1 column, or flip every label
    back with pos_label=0. Each is drawn with the comparison's interval method
    (``config.ci_method``), so its numbers, statuses and gate are ``audit``'s with that ``ci``
    at the same seed."""
    shared = {k: getattr(opts, k) for k in KEYWORDS["audit"][0] if k in KEYWORDS["compare"][0]}
    shared.update(ci=opts.ci, pos_label=None, provenance=None)  # set once drawn (_both_audits)
    return shared


def _verdict_changes(audit_a, audit_b) -> list:
    status_b = {(c.attribute, c.group): c.status for c in audit_b.comparisons}  # the same ones
    return [
        VerdictChange(c.attribute, c.group, c.reference, c.status, status_b[c.attribute, c.group])
        for c in audit_a.comparisons
    ]


def _compare_config(opts, policy, labelled: bool, weighted: bool) -> dict:
    config = {
        "ethiclens_version": __version__,
        "n_boot": int(opts.n_boot),
        "ci_method": opts.ci,
        "paired": bool(opts.paired),
        "confidence_level": opts.confidence_level,
        "random_state": int(opts.random_state),
        "policy": policy.to_dict(),
        "labelled": labelled,
    }
    if weighted:
        config["weighted"] = True  # absent when unweighted: those outputs are unchanged
    if opts.bins:  # the edges both audits binned at, as theirs (absent when none: unchanged)
        config["bins"] = _bins_stated(opts.bins)
    return config


def _state_edits(config: dict, opts, audited: dict) -> None:
    """The groups edited before both audits (``intersections``, ``exclude_groups``,
    ``merge_groups``, as done: the audits' own config), stated in the comparison's config as
    the threshold view's states them, so a rerun from it edits the same groups; absent when
    none was asked for (those outputs are unchanged)."""
    if opts.intersections or opts.exclude_groups or opts.merge_groups:
        for key in ("intersections", "exclude_groups", "merge_groups"):
            config[key] = copy.deepcopy(audited[key])


def _compare_inputs(y_true, pred_a, pred_b, sf, sample_weight, opts):
    """Labels, both models' predictions, weights and the attributes, checked and aligned,
    and ``opts`` with the labels' notes in its provenance (arrays: a file's face gives its own)."""
    for role, values in (("pred_a", pred_a), ("pred_b", pred_b)):
        check_one_dimensional(values, role, "pass one prediction per row")
    n = len(pred_a)
    if n == 0:
        raise EthicLensInputError("no rows to compare", column="pred_a", fix="check the data")
    named = dict(pred_a=pred_a, pred_b=pred_b, y_true=y_true, sensitive_features=sf)
    named["sample_weight"] = sample_weight
    for name, values in named.items():
        # a dict: checked column by column; the attributes: by audit's own checks of them
        # (encode_groups, in its words: a list of arrays, a bytes value), as audit checks them
        if values is not None and not isinstance(values, dict) and name != "sensitive_features":
            check_length(values, n, name, "pred_a")
    pred_a, pred_b, y_true, sf, sample_weight = align_inputs(**named)
    weights = None
    if sample_weight is not None:
        if opts.ci != "jeffreys":
            raise EthicLensInputError(
                "the paired row bootstrap does not take weights",
                column="ci",
                value=opts.ci,
                fix="use ci='jeffreys' with sample_weight: weighted paired draws",
            )
        weights = as_weights(sample_weight, n)
    roles = {"pred_a": pred_a, "pred_b": pred_b, "y_true": y_true}
    binary = as_binary_columns(roles, opts.pos_label)
    a, b, true = binary["pred_a"], binary["pred_b"], binary["y_true"]
    notes = label_notes({"y_true": y_true, "pred_a": pred_a, "pred_b": pred_b}, opts.pos_label)
    if np.array_equal(a, b):
        # the columns a face named the models by (the CLI: --y-pred's), else the arguments
        given = tuple(opts.names) != ("A", "B")
        b_name, a_name = (repr(str(n)) for n in opts.names[::-1]) if given else ("pred_b", "pred_a")
        raise EthicLensInputError(
            f"model B's predictions ({b_name}) are identical to model A's ({a_name}) on every "
            "row, so there is nothing to compare",
            column="pred_b",
            fix="pass the second model's predictions (a different column)",
        )
    sf_plain = sf.reset_index(drop=True) if isinstance(sf, (pd.Series, pd.DataFrame)) else sf
    if notes:  # a caller's provenance= kept; a face that read a file noted its own already
        opts = replace(opts, provenance=said_notes(opts.provenance, notes))
    return true, a, b, weights, sf_plain, opts


class SharedEncoding:
    """:func:`encode_edited` of one comparison's attributes, done at its first call (audit A's,
    where ``audit`` encodes them: the same refusals, in the same order) and handed to the later
    ones (audit B's, the differences') as copies: the same rows, options and edits each time
    (``_audit_settings``), so the same groups, without factorizing every column three times."""

    def __init__(self):
        self.done = None

    def __call__(self, sensitive_features, n: int, opts):
        if self.done is None:
            self.done = encode_edited(sensitive_features, n, opts, "pred_a")
        return copy.deepcopy(self.done)


def _all_differences(attrs, refs, joint, weights, opts, labelled):
    """B − A of every comparison and group metric, attribute by attribute (``attrs``: the
    edited groups and intersections, as in the audit)."""
    seeds = np.random.SeedSequence(opts.random_state).spawn(len(attrs))
    differences, group_diffs = [], []
    for (name, (groups, codes)), seed in zip(attrs.items(), seeds, strict=True):
        keep = codes >= 0
        w = None if weights is None else weights[keep]
        rows = (codes[keep], joint[keep], len(groups), labelled)  # rows in a kept group
        counts = joint_counts(*rows, w)
        effective = None
        if w is not None:
            # settled as the audit settles its weighted cells (round_significant): the same
            # numbers whatever order the weights were added in, and each model's cells those
            # of its own audit
            counts = round_significant(counts)
            sq = round_significant(joint_counts(*rows, w**2))
            effective = kish_effective(counts, sq)
            if labelled:  # each label its own Kish size, as the weighted audit draws it
                effective = (effective, kish_effective(counts, sq, parts=JOINT_LABEL_CELLS))
            own = model_cells(*rows, w)
        d, gd = paired_differences(
            PairedGroups(name, list(groups), list(groups).index(refs[name]), labelled),
            counts,
            np.random.default_rng(seed),
            opts,
            effective=effective,
            cells=None if w is None else own,
        )
        differences += d
        group_diffs += gd
    return differences, group_diffs


def _apply_floors(differences, audit_a, audit_b) -> None:
    """Below a sample floor a difference gets no interval, as in the audit (same floors)."""
    for d in differences:
        m = audit_a.comparison(d.attribute, d.group).metrics.get(d.metric)
        if m is None or m.status != pol.INSUFFICIENT_DATA:
            continue
        d.difference = MetricEstimate(
            d.difference.value, None, None, m.ci_method, pol.INSUFFICIENT_DATA, m.reason
        )


def joint_cells(pred_a, pred_b, y_true=None) -> np.ndarray:
    """Joint cell of each row: (1 − ŷ_A)·4 + (1 − ŷ_B)·2 + (1 − y) with labels, else
    (1 − ŷ_A)·2 + (1 − ŷ_B). Summing out one model leaves the other's engine cells."""
    a = 1 - np.asarray(pred_a, dtype=np.int8)
    b = 1 - np.asarray(pred_b, dtype=np.int8)
    if y_true is None:
        return a * 2 + b
    return a * 4 + b * 2 + (1 - np.asarray(y_true, dtype=np.int8))


def joint_counts(codes, joint, n_groups: int, labelled: bool, weights=None) -> np.ndarray:
    """(n_groups, 8) joint cell counts with labels, (n_groups, 4) without: one bincount
    (sums of ``weights`` when given)."""
    k = 8 if labelled else 4
    return cell_sums(codes.astype(np.int64) * k + joint, (n_groups, k), weights).astype(float)


def model_cells(codes, joint, n_groups: int, labelled: bool, weights):
    """Model A's and model B's weighted engine cells, each summed from the rows as its audit
    sums them (one bincount in row order) and settled as the audit settles them
    (``round_significant``): adding settled joint cells would round twice, and could differ
    from the audit in the last digit kept."""
    if labelled:  # joint (1 − ŷ_A)·4 + (1 − ŷ_B)·2 + (1 − y) -> engine (1 − ŷ)·2 + (1 − y)
        own = ((joint // 4) * 2 + joint % 2, ((joint // 2) % 2) * 2 + joint % 2)
    else:  # joint (1 − ŷ_A)·2 + (1 − ŷ_B) -> engine 1 − ŷ
        own = (joint // 2, joint % 2)
    k = 4 if labelled else 2
    a, b = (cell_sums(codes.astype(np.int64) * k + c, (n_groups, k), weights) for c in own)
    return round_significant(a), round_significant(b)


# The joint cells (1 − ŷ_A)·4 + (1 − ŷ_B)·2 + (1 − y) of each label: positives, negatives.
JOINT_LABEL_CELLS = ((0, 2, 4, 6), (1, 3, 5, 7))


def marginals(joint, labelled: bool):
    """Model A's and model B's engine cells from joint cells (last axis)."""
    shape = joint.shape[:-1]
    if labelled:
        j = joint.reshape(*shape, 2, 2, 2)  # (ŷ_A, ŷ_B, y)
        return j.sum(axis=-2).reshape(*shape, 4), j.sum(axis=-3).reshape(*shape, 4)
    j = joint.reshape(*shape, 2, 2)
    return j.sum(axis=-1), j.sum(axis=-2)


def posterior_groups(counts, labelled: bool) -> frozenset:
    """The groups a paired bootstrap (``ci="percentile"``) draws from the Jeffreys posterior of
    their joint cells, as ``ci="jeffreys"`` draws every group, rather than resampling: those
    with an empty cell in model A's or model B's own cells (resampled, it would stay 0 in every
    draw: B − A exactly 0 [0, 0]). An empty joint cell alone (the models agree on all its rows)
    is not one: each model's own cells are what is compared."""
    counts = np.asarray(counts, float)
    own_a, own_b = marginals(counts, labelled)
    empty = (own_a == 0).any(axis=1) | (own_b == 0).any(axis=1)
    return frozenset(int(g) for g in np.flatnonzero(empty & (counts.sum(axis=1) > 0)))


def draw_joint(
    counts, n_boot, rng, ci: str, paired: bool, labelled: bool, effective=None, posterior=()
):
    """Draws of A's and B's cells, each (n_boot, n_groups, n_cells). ``effective``: the
    Kish-effective joint cells of a weighted comparison (Dirichlet parameters; the draws are
    scaled to the weight totals of ``counts``); ``posterior``: groups a paired bootstrap draws
    as ``ci="jeffreys"`` does (:func:`posterior_groups`)."""
    totals = counts.sum(axis=1)
    shape, by_label = effective if isinstance(effective, tuple) else (effective, None)
    shape = counts if shape is None else shape
    if by_label is not None and ci == "jeffreys":  # weighted, labelled: label-split draws
        return _draw_label_split(shape, by_label, totals, n_boot, rng, paired)
    if not paired:  # each model's own cells, Dirichlet(cells + 1/2), A's groups then B's
        return tuple(
            draw_dirichlet_cells(m, totals, n_boot, rng) for m in marginals(shape, labelled)
        )
    draws = np.empty((n_boot, *counts.shape))
    for g in range(counts.shape[0]):
        if ci == "jeffreys" or g in posterior:
            draws[:, g, :] = rng.dirichlet(shape[g] + 0.25, size=n_boot) * totals[g]
        elif totals[g] > 0:
            draws[:, g, :] = rng.multinomial(int(totals[g]), counts[g] / totals[g], size=n_boot)
        else:
            draws[:, g, :] = 0.0
    return marginals(draws, labelled)


def _draw_label_split(effective, by_label, totals, n_boot, rng, paired: bool):
    """A weighted labelled comparison's draws: each label's cells at that label's own Kish
    size (``draw_label_split_cells``), the joint cells with 1/4 each (paired) or each model's
    own cells with 1/2 (unpaired), as the unweighted draws take them."""
    if paired:
        draws = draw_label_split_cells(
            effective, by_label, totals, n_boot, rng, prior=0.25, labels=JOINT_LABEL_CELLS
        )
        return marginals(draws, True)
    own = zip(marginals(effective, True), marginals(by_label, True), strict=True)
    return tuple(draw_label_split_cells(m, lab, totals, n_boot, rng) for m, lab in own)


def _method(ci, paired, weighted=False, labelled=True) -> str:
    """The comparison's method as its draws were made: without labels the joint cells are
    (ŷ_A, ŷ_B) alone and no label's Kish size is drawn (the audit's jeffreys_method)."""
    if not paired:
        method = UNPAIRED_WEIGHTED_METHOD if weighted else UNPAIRED_METHOD
    elif weighted:
        method = PAIRED_WEIGHTED_METHOD
    else:
        method = PAIRED_METHOD if ci == "jeffreys" else PAIRED_BOOTSTRAP_METHOD
    if labelled:
        return method
    return method.replace("ŷ_B, y)", "ŷ_B)").replace(
        " (each label's cells at that label's Kish size)", ""
    )


_UNDEFINED_A_OR_B = "undefined under model A or B (see each audit for why)"


def _estimates(points, draws, level, method, noted=None) -> list[MetricEstimate]:
    """One estimate per column of ``draws`` (n_boot, n_groups): the interval kit's equal-tailed
    intervals, extended silently to their estimate; an undefined estimate has none. ``noted``:
    a mask of the columns involving a group drawn from its posterior (:func:`posterior_groups`),
    whose method says so as the audit's does (``SMOOTHED_NOTE``)."""
    points = np.asarray(points, float)
    finite = np.isfinite(points)

    def equal(d):
        return equal_tailed(d, level=level, name=method, columns=finite)

    # a ratio's replicate x / 0 is +inf, and B − A of it ±inf: ordered, not undefined
    # (``draws`` is the caller's temporary B − A: changed in place, not copied)
    ivs = contain(with_infinite_draws(np.asarray(draws, float), equal), points, None)
    out, no_ci = [], f"{method}: not reported, estimate undefined"  # as the audit's
    for j, point in enumerate(points.tolist()):
        if not finite[j]:
            out.append(MetricEstimate(None, None, None, no_ci, pol.UNDEFINED, _UNDEFINED_A_OR_B))
            continue
        iv = ivs.at(j)
        reason = None if iv.defined else iv.method
        shown = iv.method + (SMOOTHED_NOTE if noted is not None and noted[j] else "")
        out.append(MetricEstimate(point, iv.low, iv.high, shown, pol.REPORTED, reason))
    return out


# Labelled cells (tp, fp, fn, tn) with the same labels (5 positive, 12 negative) split
# differently by the prediction: a metric that gives all of them one value reads only the labels.
_SAME_LABELS = np.array(
    [[3.0, 5.0, 2.0, 7.0], [1.0, 6.0, 4.0, 6.0], [5.0, 0.0, 0.0, 12.0], [0.0, 12.0, 5.0, 0.0]]
)


def model_free(spec) -> bool:
    """Whether a group metric cannot depend on the model (the base rate): its value is the same
    on cells that differ only in the predictions. B − A of such a metric is exactly 0 with
    interval [0, 0]; computed from each model's own cells (the joint cells summed in another
    order) it came out ±1e-17 and printed ``[-0.000, 0.000]``. Probed once per spec and
    comparison."""
    memo = _MODEL_FREE.get()
    if memo is None:  # outside a comparison
        return _probe_model_free(spec)
    try:
        return memo[spec]
    except KeyError:
        pass
    except TypeError:  # a spec that cannot be a key (an unhashable field): probed every time
        return _probe_model_free(spec)
    memo[spec] = answer = _probe_model_free(spec)
    return answer


def _probe_model_free(spec) -> bool:
    with np.errstate(all="ignore"):
        try:
            out = np.asarray(spec.fn(_SAME_LABELS.copy(), True), float)
        except Exception:  # a user's metric that cannot take the probe is treated as the model's
            return False
    if out.shape != (len(_SAME_LABELS),) or not np.isfinite(out).all():
        return False
    return bool(np.allclose(out, out[0], rtol=1e-12, atol=1e-15))


@dataclass(frozen=True)
class PairedGroups:
    """One attribute's groups for :func:`paired_differences`: names, reference, labels."""

    attribute: str
    groups: list
    ref: int
    labelled: bool


def paired_differences(pg: PairedGroups, counts, rng, opts, effective=None, cells=None):
    """B − A for every comparison metric (each group vs ``ref``) and every group metric.

    ``counts``: (n_groups, 8) joint cells (4 without labels; weight sums when weighted, with
    ``effective`` their Kish-effective cells); ``opts``: an :class:`AuditOptions` (its
    ``n_boot``, ``ci``, ``paired`` and ``confidence_level``); ``cells``: model A's and model
    B's own cells for the estimates (default: the marginals of ``counts``). Returns two lists of
    :class:`MetricDifference`: comparisons, then per-group metrics.
    """
    attribute, groups, ref, labelled = pg.attribute, pg.groups, pg.ref, pg.labelled
    level = opts.confidence_level
    point_a, point_b = marginals(counts, labelled) if cells is None else cells
    # a paired bootstrap draws a group with an empty cell (A's or B's) from its posterior
    post = posterior_groups(counts, labelled) if opts.paired and opts.ci != "jeffreys" else ()
    draw_a, draw_b = draw_joint(
        counts, opts.n_boot, rng, opts.ci, opts.paired, labelled, effective, post
    )
    method = _method(opts.ci, opts.paired, effective is not None, labelled)
    specs = [s for s in group_specs().values() if labelled or not s.needs_labels]
    pa, pb, da, db, free = _group_values(specs, labelled, point_a, point_b, draw_a, draw_b)
    jobs, rows = [], []  # every estimate's (B − A, its draws, noted), worked in one batch
    for spec in comparison_specs().values():
        if spec.needs_labels and not labelled:
            continue
        comps = spec.components
        # every group against the reference at once (columns), then one estimate per group
        with np.errstate(all="ignore"):
            va = np.asarray(spec.value([pa[c] for c in comps], [pa[c][ref] for c in comps]))
            vb = np.asarray(spec.value([pb[c] for c in comps], [pb[c][ref] for c in comps]))
            ra = spec.value([da[c] for c in comps], [da[c][:, ref : ref + 1] for c in comps])
            rb = spec.value([db[c] for c in comps], [db[c][:, ref : ref + 1] for c in comps])
            same = all(c in free for c in comps)
            noted = empty_cell_columns(post, len(groups), ref)
            jobs.append((_b_minus_a(vb, va, same), _b_minus_a(rb, ra, same), noted))
        rows.append((spec.name, va, vb))
    for s in specs:
        with np.errstate(all="ignore"):
            same = s.name in free
            diff = _b_minus_a(pb[s.name], pa[s.name], same)
            draws = _b_minus_a(db[s.name], da[s.name], same)
            jobs.append((diff, draws, empty_cell_columns(post, len(groups))))
    all_ests = _batched_estimates(jobs, level, method)
    out = []
    for (name, va, vb), ests in zip(rows, all_ests[: len(rows)], strict=True):
        for g in range(len(groups)):
            if g == ref:
                continue
            bounds = (bool(np.isinf(va[g])), bool(np.isinf(vb[g])))
            est = _unbounded_difference(ests[g], name, *bounds)
            names = (attribute, groups[g], groups[ref], name)
            out.append(MetricDifference(*names, _fin(va[g]), _fin(vb[g]), est, *bounds))
    group_out = []
    for s, ests in zip(specs, all_ests[len(rows) :], strict=True):
        for g, est in enumerate(ests):
            a, b = _fin(pa[s.name][g]), _fin(pb[s.name][g])
            group_out.append(MetricDifference(attribute, groups[g], None, s.name, a, b, est))
    return out, group_out


def _noted(points, noted) -> np.ndarray:
    return np.zeros(len(points), bool) if noted is None else noted


# Draws (n_boot x columns) worked in one batch by _batched_estimates: 16 MB of float64.
BATCH_DRAWS = 1 << 21


def _batched_estimates(jobs, level, method) -> list[list[MetricEstimate]]:
    """:func:`_estimates` of each job (B − A, its draws, noted), the jobs' columns side by side
    in batches of up to :data:`BATCH_DRAWS` draws: every step of an estimate is its column's
    own, so the same estimates as one call per job, without a sort, quantile and containment
    pass per metric (most of a small comparison's time)."""
    out, start = [], 0
    while start < len(jobs):
        stop, size = start + 1, jobs[start][1].size
        while stop < len(jobs) and size + jobs[stop][1].size <= BATCH_DRAWS:
            size += jobs[stop][1].size
            stop += 1
        part = jobs[start:stop]
        widths = [len(points) for points, _, _ in part]
        with np.errstate(all="ignore"):
            if len(part) == 1:  # a large one alone: its draws as they are, not copied
                ests = _estimates(*part[0][:2], level, method, part[0][2])
            else:
                ests = _estimates(
                    np.concatenate([np.asarray(p, float) for p, _, _ in part]),
                    np.concatenate([np.asarray(d, float) for _, d, _ in part], axis=1),
                    level,
                    method,
                    np.concatenate([_noted(p, m) for p, _, m in part]),
                )
        for w in widths:
            out.append(ests[:w])
            ests = ests[w:]
        start = stop
    return out


def _unbounded_difference(est: MetricEstimate, metric: str, a: bool, b: bool):
    """B − A when model A's or B's value is infinite (a DI whose reference is never selected):
    undefined, saying which model's value is unbounded and why (was 'undefined under model A
    or B', while that model's own audit reads the DI as unbounded, [low, inf])."""
    if not (a or b) or est.status != pol.UNDEFINED:
        return est
    name, why = ("DI", "selection rate") if metric == "disparate_impact" else (metric, "rate")
    which = "both models'" if a and b else ("model A's" if a else "model B's")
    reason = (
        f"undefined because {which} {name} {'are' if a and b else 'is'} unbounded "
        f"(the reference's {why} is 0)"
    )
    return replace(est, reason=reason)


def _group_values(specs, labelled, point_a, point_b, draw_a, draw_b):
    """Each group metric on A's and B's cells and draws: four dicts name -> array, and the
    names of the metrics the model cannot change (:func:`model_free`): their B − A is 0."""
    out = []
    for cells in (point_a, point_b, draw_a, draw_b):
        with np.errstate(all="ignore"):
            out.append({s.name: np.asarray(s.fn(cells, labelled), float) for s in specs})
    free = {s.name for s in specs if labelled and model_free(s)}
    return (*out, free)


def _b_minus_a(b, a, free: bool):
    """B − A; exactly 0 where the metric cannot depend on the model (each model's own cells,
    summed in another order, would leave ±1e-17 and print ``[-0.000, 0.000]``)."""
    return np.where(np.isnan(a), np.nan, 0.0) if free else b - a


def _fin(x):
    x = float(x)
    return x if np.isfinite(x) else None
