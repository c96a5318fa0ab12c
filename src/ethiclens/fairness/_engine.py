"""The audit engine: per-group cells -> metrics, stratified bootstrap CIs, policy, headlines."""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from .._version import __version__
from ..errors import EthicLensInputError
from . import _calibration as cal
from . import _policy as pol
from ._bootstrap import (
    Interval,
    bootstrap_interval,
    draw_cell_counts,
    draw_weighted_cells,
    jackknife_units,
)
from ._counts import GroupCounts, cell_index
from ._metrics import (
    COMPARISON_METRICS,
    GROUP_METRICS,
    composite_band,
    compute_composite_bias_score,
    false_positive_rate,
    positive_predictive_value,
    true_positive_rate,
)
from ._result import (
    AttributeSummary,
    AuditResult,
    Comparison,
    GroupSummary,
    Headline,
    MetricEstimate,
)
from ._validate import (
    as_binary,
    as_scores,
    as_weights,
    check_length,
    cross_groups,
    encode_groups,
    resolve_reference,
)

INTERSECTION_SEP = "&"


def audit(
    y_true,
    y_pred,
    sensitive_features,
    *,
    y_score=None,
    reference=None,
    sample_weight=None,
    intersections=None,
    pos_label=None,
    positive_is_favorable: bool = True,
    n_boot: int = 2000,
    ci: str = "bca",
    confidence_level: float = 0.95,
    n_bins: int = 10,
    policy: pol.Policy | None = None,
    random_state: int | None = None,
    provenance: dict | None = None,
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
        One column per protected attribute; each may have any number of groups.
    y_score : array-like of shape (n,), optional
        Scores in [0, 1] (probability of the positive label) for calibration (ECE).
    reference : scalar or dict, optional
        Reference (privileged) group per attribute. Default: each attribute's largest group,
        stated in the result.
    sample_weight : array-like of shape (n,), optional
        Weights for point estimates and the bootstrap (rows resampled within groups). Sample
        floors and the z-test count rows, not weights.
    intersections : list of tuples of attribute names, optional
        Also audit the crossed groups, e.g. ``[("race", "sex")]``.
    pos_label : scalar, optional
        The positive label, needed when labels/predictions are not 0/1.
    positive_is_favorable : bool
        Whether the positive label is a benefit (a loan) or a harm (a recidivism prediction);
        used to word reports. The flag policy applies either way.
    n_boot : int
        Bootstrap replicates (stratified by group).
    ci : {"bca", "percentile"}
        Interval method; each interval's ``ci_method`` says what was actually computed.
    confidence_level : float
        Interval coverage, 0.95 by default.
    n_bins : int
        Equal-width bins for ECE.
    policy : Policy, optional
        Thresholds and sample floors; defaults from the methodology.
    random_state : int, optional
        Seed. When None a seed is drawn and recorded in the result so the run can be repeated.
    provenance : dict, optional
        Where the data and model came from; copied into the report.

    Returns
    -------
    AuditResult
    """
    policy = policy or pol.Policy()
    if ci not in ("bca", "percentile"):
        raise EthicLensInputError("unknown interval method", column="ci", value=ci,
                                  fix="use 'bca' or 'percentile'")
    if not (isinstance(n_boot, (int, np.integer)) and n_boot >= 100):
        raise EthicLensInputError("too few bootstrap replicates for an interval", column="n_boot",
                                  value=n_boot, fix="use n_boot >= 100 (2000 is the default)")
    if not 0.5 < confidence_level < 1:
        raise EthicLensInputError("must be in (0.5, 1)", column="confidence_level",
                                  value=confidence_level)
    n = len(y_pred)
    if n == 0:
        raise EthicLensInputError("no rows to audit", column="y_pred",
                                  fix="check the file and any filters applied to it")
    pred = as_binary(y_pred, "y_pred", pos_label)
    labelled = y_true is not None
    if labelled:
        check_length(y_true, n, "y_true")
        true = as_binary(y_true, "y_true", pos_label)
    else:
        true = None
    scores = as_scores(y_score, n) if y_score is not None else None
    if scores is not None and not labelled:
        raise EthicLensInputError("calibration needs ground truth", column="y_score",
                                  fix="pass y_true too, or drop y_score")
    weights = as_weights(sample_weight, n) if sample_weight is not None else None
    attrs = encode_groups(sensitive_features, n)
    for combo in intersections or []:
        missing = [a for a in combo if a not in attrs]
        if missing or len(combo) < 2:
            raise EthicLensInputError("intersection needs two or more known attributes",
                                      column="intersections", value=combo,
                                      fix=f"use names from {list(attrs)}")
        attrs[INTERSECTION_SEP.join(combo)] = cross_groups([attrs[a] for a in combo],
                                                           INTERSECTION_SEP)
    references = _references(reference, list(attrs), intersections)

    if random_state is None:
        random_state = int(np.random.SeedSequence().entropy % (2**63))
    seeds = np.random.SeedSequence(random_state).spawn(len(attrs))
    cells = cell_index(pred, true)
    ctx = _Context(labelled, weights, scores, true, cells, n_boot, ci, confidence_level,
                   n_bins, policy, bool(positive_is_favorable))

    attributes, comparisons = [], []
    for (name, (groups, codes)), seed in zip(attrs.items(), seeds, strict=True):
        summary, comps = _audit_attribute(ctx, name, groups, codes, references.get(name),
                                          np.random.default_rng(seed))
        attributes.append(summary)
        comparisons.extend(comps)

    config = {
        "ethiclens_version": __version__,
        "n_boot": int(n_boot),
        "ci_method": ci,
        "confidence_level": confidence_level,
        "random_state": int(random_state),
        "policy": policy.to_dict(),
        "labelled": labelled,
        "has_scores": scores is not None,
        "weighted": weights is not None,
        "ece_bins": n_bins,
        "positive_is_favorable": bool(positive_is_favorable),
        "reference_default": "largest group",
        "intersections": [list(c) for c in intersections or []],
    }
    data = {"n_rows": int(n), "provenance": provenance or {}}
    return AuditResult(attributes, comparisons, _composite_headline(comparisons, labelled),
                       _min_di_headline(comparisons), config, data)


def _references(reference, columns, intersections) -> dict:
    if reference is None:
        refs = {}
    elif isinstance(reference, dict):
        refs = {str(k): v for k, v in reference.items()}
        unknown = [k for k in refs if k not in columns]
        if unknown:
            raise EthicLensInputError("reference given for an unknown attribute",
                                      column=unknown[0], fix=f"use names from {list(columns)}")
    elif len(columns) == 1:
        refs = {columns[0]: reference}
    else:
        raise EthicLensInputError("several attributes need a reference per attribute",
                                  column="reference", value=reference,
                                  fix="pass a dict {attribute: reference group}")
    for combo in intersections or []:
        name = INTERSECTION_SEP.join(combo)
        if name not in refs and all(a in refs for a in combo):
            refs[name] = INTERSECTION_SEP.join(str(refs[a]) for a in combo)
    return refs


class _Context:
    """Inputs shared by every attribute of one audit."""

    def __init__(self, labelled, weights, scores, true, cells, n_boot, ci, level, n_bins, policy,
                 favorable):
        self.labelled, self.weights, self.scores, self.true = labelled, weights, scores, true
        self.cells, self.n_boot, self.ci, self.level = cells, n_boot, ci, level
        self.n_bins, self.policy, self.favorable = n_bins, policy, favorable
        self.n_cells = 4 if labelled else 2


def _audit_attribute(ctx: _Context, name, groups, codes, requested_ref, rng):
    if len(groups) < 2:
        raise EthicLensInputError(
            f"has a single group {groups[0]!r}; nothing to compare", column=name,
            fix="audit an attribute with two or more groups, or drop this one",
        )
    gc = GroupCounts.from_arrays(name, groups, codes, ctx.cells, ctx.labelled, ctx.weights)
    ref, ref_source = resolve_reference(name, groups, gc.n, requested_ref)
    boot_rng, ece_rng = rng.spawn(2)
    if ctx.weights is None:
        boot = draw_cell_counts(gc.counts, ctx.n_boot, boot_rng)
        units = [jackknife_units(row, ctx.n_cells) for row in gc.counts]
    else:
        boot = draw_weighted_cells(codes, ctx.cells, ctx.weights, gc.counts.shape, ctx.n_boot,
                                   boot_rng)
        units = [jackknife_units(None, ctx.n_cells, ctx.cells[codes == g], ctx.weights[codes == g])
                 for g in range(len(groups))]
    ece = _ece(ctx, codes, len(groups), ece_rng) if ctx.scores is not None else None

    floors = _Floors(gc, ctx.policy)
    group_summaries = [
        _group_summary(ctx, gc, g, g == ref, boot, units[g], floors, ece)
        for g in range(len(groups))
    ]
    comparisons = [
        _comparison(ctx, gc, g, ref, boot, units, floors, ece)
        for g in range(len(groups)) if g != ref
    ]
    return AttributeSummary(name, groups[ref], ref_source, group_summaries), comparisons


class _Floors:
    """Which sample floors each group meets."""

    def __init__(self, gc: GroupCounts, policy: pol.Policy):
        self.policy = policy
        self.n = gc.n
        self.pos, self.neg = gc.label_counts() if gc.labelled else (None, None)

    def rate_ok(self, *groups) -> bool:
        return all(self.n[g] >= self.policy.min_group_size for g in groups)

    def error_ok(self, *groups) -> bool:
        k = self.policy.min_label_count
        return self.pos is not None and all(self.pos[g] >= k and self.neg[g] >= k for g in groups)

    def why_not(self, needs_labels, groups, names) -> str:
        p = self.policy
        if needs_labels:
            short = [f"{names[g]}: {self.pos[g]} positive / {self.neg[g]} negative labels"
                     for g in groups
                     if self.pos[g] < p.min_label_count or self.neg[g] < p.min_label_count]
            return f"needs >= {p.min_label_count} positive and negative labels per group; " + (
                "; ".join(short))
        short = [f"{names[g]}: n={self.n[g]}" for g in groups if self.n[g] < p.min_group_size]
        return f"needs >= {p.min_group_size} rows per group; " + "; ".join(short)


def _estimate(ctx, point, boot_values, jack_values, jack_mult, method_override=None):
    """Point estimate + interval (BCa by default) for one metric."""
    if method_override is not None:
        interval = bootstrap_interval(point, boot_values, None, None, method="percentile",
                                      level=ctx.level)
        interval = Interval(interval.low, interval.high,
                            interval.method.replace("percentile", method_override, 1))
    else:
        interval = bootstrap_interval(point, boot_values, jack_values, jack_mult,
                                      method=ctx.ci, level=ctx.level)
    return interval


def _group_summary(ctx, gc, g, is_ref, boot, units, floors, ece):
    metrics = {}
    cells = gc.weighted[g]
    for mname, (fn, needs_labels) in GROUP_METRICS.items():
        if needs_labels and not ctx.labelled:
            continue
        point = float(fn(cells, gc.labelled))
        jack = fn(cells - units.deltas, gc.labelled)
        interval = _estimate(ctx, point, fn(boot[:, g, :], gc.labelled), jack, units.multiplicity)
        ok = floors.error_ok(g) if needs_labels else floors.rate_ok(g)
        metrics[mname] = _metric(point, interval, ok, needs_labels, (g,), gc.groups, floors,
                                 judged=None, undefined_reason=f"{mname} undefined in this group")
    if ece is not None:
        point, reps = ece.point[g], ece.boot[:, g]
        interval = _estimate(ctx, point, reps, None, None, method_override=cal.ECE_CI_METHOD)
        metrics["ece"] = _metric(point, interval, floors.error_ok(g), True, (g,), gc.groups,
                                 floors, judged=None, undefined_reason="no rows")
    pos, neg = (floors.pos[g], floors.neg[g]) if ctx.labelled else (None, None)
    return GroupSummary(gc.attribute, gc.groups[g], bool(is_ref), int(gc.n[g]),
                        float(cells.sum()), _int(pos), _int(neg), metrics,
                        ece.bins[g] if ece is not None else None)


def _int(x):
    return None if x is None else int(x)


def _metric(point, interval, floor_ok, needs_labels, groups, names, floors, judged,
            undefined_reason):
    """Status of one metric: UNDEFINED, INSUFFICIENT_DATA, policy verdict or REPORTED."""
    if not math.isfinite(point):
        reason = undefined_reason() if callable(undefined_reason) else undefined_reason
        return MetricEstimate(None, None, None, interval.method, pol.UNDEFINED, reason)
    if not floor_ok:
        status, reason = pol.INSUFFICIENT_DATA, floors.why_not(needs_labels, groups, names)
    elif judged is not None:
        status, reason = judged(interval)
    else:
        status, reason = pol.REPORTED, None
    return MetricEstimate(point, interval.low, interval.high, interval.method, status, reason)


def _undefined_reason(mname, gc, g, ref):
    names = gc.groups
    if mname == "disparate_impact":
        return f"reference group {names[ref]!r} has selection rate 0; the ratio is undefined"
    checks = {
        "statistical_parity_difference": [],
        "equalized_odds_difference": [("TPR (no positive labels)", true_positive_rate),
                                      ("FPR (no negative labels)", false_positive_rate)],
        "equal_opportunity_difference": [("TPR (no positive labels)", true_positive_rate)],
        "fpr_balance": [("FPR (no negative labels)", false_positive_rate)],
        "predictive_parity_difference": [("PPV (no predicted positives)",
                                          positive_predictive_value)],
        "theil_difference": [],
    }[mname]
    for label, fn in checks:
        bad = [names[i] for i in (g, ref) if not np.isfinite(fn(gc.weighted[i]))]
        if bad:
            return f"{label} undefined for {', '.join(map(repr, bad))}"
    return "undefined for this comparison"


def _comparison(ctx, gc, g, ref, boot, units, floors, ece):
    policy = ctx.policy
    metrics, rules, reasons, policy_statuses = {}, [], [], []
    cg, cr = gc.weighted[g], gc.weighted[ref]
    for mname, (fn, needs_labels) in COMPARISON_METRICS.items():
        if needs_labels and not ctx.labelled:
            continue
        point = float(fn(cg, cr, gc.labelled))
        jack = np.concatenate([fn(cg - units[g].deltas, cr, gc.labelled),
                               fn(cg, cr - units[ref].deltas, gc.labelled)])
        mult = np.concatenate([units[g].multiplicity, units[ref].multiplicity])
        interval = _estimate(ctx, point, fn(boot[:, g, :], boot[:, ref, :], gc.labelled),
                             jack, mult)
        ok = floors.error_ok(g, ref) if needs_labels else floors.rate_ok(g, ref)
        rule, judge = pol.POLICY_JUDGES.get(mname, (None, None))
        m = _metric(point, interval, ok, needs_labels, (g, ref), gc.groups, floors,
                    judged=(lambda iv, j=judge: j(iv, policy)) if judge else None,
                    undefined_reason=lambda m=mname: _undefined_reason(m, gc, g, ref))
        metrics[mname] = m
        if judge:
            policy_statuses.append(m.status)
            if m.status == pol.FLAGGED:
                rules.append(rule)
                reason = m.reason
                if mname == "disparate_impact" and not ctx.favorable:
                    reason += (" (the positive label is harmful: this group receives it less "
                               "often than the reference)")
                reasons.append(reason)
    if ece is not None:
        point = ece.point[g] - ece.point[ref]
        reps = ece.boot[:, g] - ece.boot[:, ref]
        interval = _estimate(ctx, point, reps, None, None, method_override=cal.ECE_CI_METHOD)
        metrics["ece_difference"] = _metric(point, interval, floors.error_ok(g, ref), True,
                                            (g, ref), gc.groups, floors, None, "no rows")
    status = pol.comparison_status(policy_statuses)
    n = {"group": int(gc.n[g]), "reference": int(gc.n[ref])}
    labels = None
    if ctx.labelled:
        labels = {side: {"positive": int(floors.pos[i]), "negative": int(floors.neg[i])}
                  for side, i in (("group", g), ("reference", ref))}
    composite = None
    if all(k in metrics and metrics[k].value is not None for k in COMPOSITE_PARTS):
        composite = compute_composite_bias_score(
            metrics["disparate_impact"].value, metrics["statistical_parity_difference"].value,
            metrics["equalized_odds_difference"].value)
    return Comparison(
        attribute=gc.attribute, group=gc.groups[g], reference=gc.groups[ref], n=n,
        label_counts=labels, metrics=metrics, status=status, flagged=bool(rules),
        flag_rules=rules, flag_reason="; ".join(reasons) or None,
        z_test=two_proportion_z_test(gc, g, ref),
        composite=composite,
        floors={"selection_rate": floors.rate_ok(g, ref),
                "error_rate": floors.error_ok(g, ref) if ctx.labelled else False},
    )


def two_proportion_z_test(gc: GroupCounts, g: int, ref: int) -> dict:
    """Pooled two-proportion z-test of the selection-rate gap (row counts, two-sided)."""
    pos = gc.counts[:, 0] + gc.counts[:, 1] if gc.labelled else gc.counts[:, 0]
    x0, x1, n0, n1 = int(pos[g]), int(pos[ref]), int(gc.n[g]), int(gc.n[ref])
    pooled = (x0 + x1) / (n0 + n1)
    out = {"method": "pooled two-proportion z-test (two-sided, unweighted row counts)",
           "statistic": None, "p_value": None}
    se = math.sqrt(pooled * (1 - pooled) * (1 / n0 + 1 / n1))
    if se == 0:
        out["reason"] = "undefined: every row in both groups has the same prediction"
        return out
    z = (x0 / n0 - x1 / n1) / se
    out["statistic"] = z
    out["p_value"] = 2 * (1 - NormalDist().cdf(abs(z)))
    return out


class _ECE:
    def __init__(self, point, boot, bins):
        self.point, self.boot, self.bins = point, boot, bins


def _ece(ctx, codes, n_groups, rng):
    counts, wsum, ssum = cal.ece_cells(ctx.scores, ctx.true, codes, n_groups, ctx.n_bins,
                                       ctx.weights)
    bins = [cal.reliability_bins(counts[g], wsum[g], ssum[g], ctx.n_bins)
            for g in range(n_groups)]
    return _ECE(cal.ece_from_cells(wsum, ssum),
                cal.ece_replicates(counts, wsum, ssum, ctx.n_boot, rng), bins)


COMPOSITE_PARTS = ("disparate_impact", "statistical_parity_difference",
                   "equalized_odds_difference")


def _composite_headline(comparisons, labelled) -> Headline:
    """Worst (lowest) composite over comparisons.

    Withheld when any comparison lacks a usable DI, SPD or EO: undefined, or below its sample
    floor (a composite driven by seven people is not a finding; picking only the well-sampled
    comparisons would be cherry-picking).
    """
    if not labelled:
        return Headline("composite", None, None,
                        "no ground-truth labels: equalized odds cannot be computed, and a missing "
                        "component is never taken as zero")
    lacking, keys = [], []
    for c in comparisons:
        bad = [f"{k} {c.metrics[k].status.lower()}" for k in COMPOSITE_PARTS
               if c.metrics[k].status in (pol.UNDEFINED, pol.INSUFFICIENT_DATA)]
        if bad:
            lacking.append(f"{c.key} ({', '.join(bad)})")
            keys.append(c.key)
    if lacking:
        return Headline("composite", None, None,
                        "a component is undefined or below its sample floor for "
                        + "; ".join(lacking), affected=keys)
    worst = min(comparisons, key=lambda c: c.composite)
    return Headline("composite", worst.composite, worst.key, None, composite_band(worst.composite))


def _min_di_headline(comparisons) -> Headline:
    """Minimum DI over comparisons, published only if every DI comparison is reliable."""
    weak = [c.key for c in comparisons
            if c.metrics["disparate_impact"].status in (pol.INSUFFICIENT_DATA, pol.UNDEFINED)]
    if weak:
        return Headline("min_disparate_impact", None, None,
                        "withheld rather than cherry-picking reliable groups: DI is below its "
                        f"sample floor or undefined for {', '.join(weak)}", affected=weak)
    worst = min(comparisons, key=lambda c: c.metrics["disparate_impact"].value)
    return Headline("min_disparate_impact", worst.metrics["disparate_impact"].value,
                    worst.key, None)
