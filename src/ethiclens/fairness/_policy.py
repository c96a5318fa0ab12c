"""The flag policy, sample floors and the status vocabulary of the engine."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

import numpy as np

from .._checks import (
    ZERO_D_TEXT,
    check_count,
    check_di_threshold,
    check_fraction,
    check_member,
    printed_float,
    schema_words,
    zero_d_item,
)
from .._text import beside, is_unbounded, threshold_text, unbounded_text
from ..errors import EthicLensInputError
from ._keywords import refusing_unknown_keywords

FLAGGED = "FLAGGED"
INCONCLUSIVE = "INCONCLUSIVE"
PASS = "PASS"
INSUFFICIENT_DATA = "INSUFFICIENT_DATA"
UNDEFINED = "UNDEFINED"
# An undefined metric has no interval, hence no method: the words PCER and P2NIA write for it.
UNDEFINED_METHOD = "none (undefined)"
# The method of a group a counts table's --min-cell dropped whole (fairness._suppressed).
SUPPRESSED_METHOD = "not reported: suppressed by --min-cell"
# A metric outside the flag policy (SPD, predictive parity, ...) with enough data: estimated and
# shown, not judged against a threshold.
REPORTED = "REPORTED"

STATUSES = (FLAGGED, INCONCLUSIVE, PASS, INSUFFICIENT_DATA, UNDEFINED, REPORTED)
# How a comparison's status follows from its policy metrics (the first that applies wins), and
# the order a reader should act on comparisons in (the report's first page).
STATUS_ORDER = (FLAGGED, INCONCLUSIVE, INSUFFICIENT_DATA, UNDEFINED, PASS)


@dataclass(frozen=True)
class StatusLook:
    """How one status reads on every face; adding a status is one row of :data:`STATUS_LOOKS`.

    ``words`` are always shown beside the colour (colour alone is not enough); ``html``: its
    colour in HTML tables; ``chart``: its Okabe & Ito (2008) colour, distinguishable with the
    common colour-vision deficiencies, and ``marker``: its shape, so a chart survives greyscale
    printing; ``terminal``: its rich style; ``mark``: its one character in the threshold grid.
    """

    words: str
    html: str
    chart: str
    marker: str
    terminal: str
    mark: str


STATUS_LOOKS = {
    FLAGGED: StatusLook("flagged", "#b00020", "#D55E00", "D", "bold red", "F"),
    INCONCLUSIVE: StatusLook("inconclusive", "#a15c00", "#E69F00", "s", "yellow", "?"),
    PASS: StatusLook("pass", "#1b6e20", "#009E73", "o", "green", "."),
    INSUFFICIENT_DATA: StatusLook("insufficient data", "#555555", "#999999", "x", "dim", "n"),
    UNDEFINED: StatusLook("undefined", "#555555", "#999999", "x", "dim", "u"),
    # a metric's status only (never a comparison's): no terminal style, no grid mark
    REPORTED: StatusLook("reported", "#244a8f", "#0072B2", "o", "", "-"),
}


DI_RULES = ("two_sided", "below")


@dataclass(frozen=True)
class Policy:
    """When a comparison is flagged, and how much data a claim needs.

    Parameters
    ----------
    di_threshold : float
        The four-fifths line. With ``di_rule="two_sided"`` (default) a comparison is flagged
        when its DI interval lies entirely outside ``[di_threshold, 1 / di_threshold]``, i.e.
        ``min(DI, 1/DI)`` is below the threshold with confidence, whichever group is the
        reference. With ``di_rule="below"`` (the methodology's literal one-sided rule) only an
        interval entirely below ``di_threshold`` flags. See docs/adr/0008-verdicts.md.
    eo_threshold : float
        ... or when its equalized-odds interval's lower bound exceeds this.
    min_group_size : int
        Rows needed in both the comparison and the reference group for selection-rate metrics
        (effective rows, Kish, when the audit is weighted).
    min_label_count : int
        Positive and negative labels each needed in both groups for error-rate metrics.
    di_rule : {"two_sided", "below"}
        How the DI interval is judged (see ``di_threshold``).
    pcer_min_group_size : int
        Rows per group (train and test each) below which a PCER group statistic is
        INSUFFICIENT_DATA.
    """

    di_threshold: float = 0.80
    eo_threshold: float = 0.10
    min_group_size: int = 100
    min_label_count: int = 30
    di_rule: str = "two_sided"
    pcer_min_group_size: int = 30

    def __post_init__(self):
        # np.int64(50) would not write as JSON. Each field as given: asdict deep-copies them,
        # and a generator or a lock crashed ("cannot pickle 'generator' object") unrefused.
        for name, value in ((f.name, getattr(self, f.name)) for f in fields(self)):
            if isinstance(value, np.generic):  # a float32/float16 0.8 as the 0.8 it prints as;
                # a longdouble as a float (its .item() is still a longdouble, not JSON)
                real = isinstance(value, np.floating)
                object.__setattr__(self, name, printed_float(value) if real else value.item())
        problem = schema_words("enum", DI_RULES, "")  # as a request's choice is refused
        item = zero_d_item(self.di_rule)
        if isinstance(item, str) and item in DI_RULES:  # as audit(di_rule=...) refuses it
            problem = ZERO_D_TEXT
        fix = f"use one of {', '.join(DI_RULES)}"
        check_member(
            self.di_rule, DI_RULES, column="di_rule", problem=problem, fix=fix, kind="argument"
        )
        check_di_threshold(self.di_threshold, "di_threshold")
        check_fraction(self.eo_threshold, "eo_threshold", fix="e.g. 0.1")
        for name in ("min_group_size", "min_label_count", "pcer_min_group_size"):
            check_count(getattr(self, name), name)

    def to_dict(self) -> dict:
        return asdict(self)


# Policy(min_grup_size=5) refused as audit(n_bot=5) is: the project's input error (still a
# TypeError) with the closest setting, not the dataclass's bare TypeError
refusing_unknown_keywords(Policy, init=True)


def _unjudged(interval) -> tuple[str, str] | None:
    """INCONCLUSIVE, and why, for an interval no threshold can judge; None for one it can."""
    if not interval.defined:
        return INCONCLUSIVE, "no confidence interval"
    if interval.degenerate:
        return INCONCLUSIVE, "degenerate confidence interval (every draw equal)"
    return None


def judge_disparate_impact(interval, policy: Policy) -> tuple[str, str | None]:
    """FLAGGED when the DI interval lies outside the band (or below it, with ``di_rule="below"``).

    The two-sided band [t, 1/t] makes the verdict the same whichever group is the reference:
    swapping the reference inverts the ratio and its interval.
    """
    if unjudged := _unjudged(interval):
        return unjudged
    t = policy.di_threshold
    band = f"[{threshold_text(t)}, {threshold_text(1 / t)}]"
    edges = (t, 1 / t) if policy.di_rule == "two_sided" else (t,)
    iv = f"DI interval [{beside(interval.low, edges)}, {beside(interval.high, edges)}]"
    if is_unbounded(interval.high):  # a reference never selected: [57.698, ∞), never inf
        iv = f"DI interval {unbounded_text(beside(interval.low, edges)).removeprefix('unbounded ')}"
    if interval.high < t:
        where = (
            f"entirely outside {band}"
            if policy.di_rule == "two_sided"
            else f"entirely below {threshold_text(t)}"
        )
        return FLAGGED, f"{iv} lies {where}"
    if policy.di_rule == "two_sided":
        if interval.low > 1 / t:
            return FLAGGED, f"{iv} lies entirely outside {band}"
        if interval.low >= t and interval.high <= 1 / t:
            return PASS, None
        return INCONCLUSIVE, f"{iv} is not entirely inside or outside {band}"
    if interval.low >= t:
        return PASS, None
    return INCONCLUSIVE, f"{iv} straddles {threshold_text(t)}"


def judge_equalized_odds(interval, policy: Policy) -> tuple[str, str | None]:
    if unjudged := _unjudged(interval):
        return unjudged
    if interval.low > policy.eo_threshold:
        low = beside(interval.low, policy.eo_threshold)
        eo = threshold_text(policy.eo_threshold)
        return FLAGGED, f"equalized-odds interval lower bound {low} exceeds {eo}"
    if interval.high <= policy.eo_threshold:
        return PASS, None
    return INCONCLUSIVE, (
        f"equalized-odds interval straddles {threshold_text(policy.eo_threshold)}"
    )


# Policy role (ComparisonMetric.policy) -> judge.
JUDGES = {"di": judge_disparate_impact, "eo": judge_equalized_odds}
# Rule codes of a flag, as written in ``Comparison.flag_rules``.
DI_BELOW = "DI_CI_BELOW_THRESHOLD"
DI_ABOVE = "DI_CI_ABOVE_INVERSE_THRESHOLD"
EO_ABOVE = "EO_CI_ABOVE_THRESHOLD"


def rule_name(role: str, interval, policy: Policy) -> str:
    if role == "eo":
        return EO_ABOVE
    return DI_BELOW if interval.high < policy.di_threshold else DI_ABOVE


def comparison_status(policy_statuses: list[str]) -> str:
    return next((s for s in STATUS_ORDER if s in policy_statuses), UNDEFINED)


def check_policy(policy) -> Policy:
    """``policy``, or the default :class:`Policy` when None; anything else is refused."""
    if policy is None:
        return Policy()
    if isinstance(policy, Policy):
        return policy
    name, fix = type(policy).__name__, "pass Policy(...)"  # as AuditSpec.of (audit) words it
    problem = "must be an ethiclens.Policy"
    raise EthicLensInputError(problem, column="policy", value=name, fix=fix, kind="argument")
