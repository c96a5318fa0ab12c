"""The flag policy, sample floors and the status vocabulary of the engine."""

from __future__ import annotations

from dataclasses import asdict, dataclass

FLAGGED = "FLAGGED"
INCONCLUSIVE = "INCONCLUSIVE"
PASS = "PASS"
INSUFFICIENT_DATA = "INSUFFICIENT_DATA"
UNDEFINED = "UNDEFINED"
# A metric outside the flag policy (SPD, predictive parity, ...) with enough data: estimated and
# shown, not judged against a threshold.
REPORTED = "REPORTED"

STATUSES = (FLAGGED, INCONCLUSIVE, PASS, INSUFFICIENT_DATA, UNDEFINED, REPORTED)
# How a comparison's status follows from its policy metrics: the first that applies wins.
_PRECEDENCE = (FLAGGED, INCONCLUSIVE, INSUFFICIENT_DATA, UNDEFINED, PASS)


@dataclass(frozen=True)
class Policy:
    """When a comparison is flagged, and how much data a claim needs.

    Parameters
    ----------
    di_threshold : float
        A comparison is flagged when its DI interval lies entirely below this (EEOC 4/5ths rule).
    eo_threshold : float
        ... or when its equalized-odds interval's lower bound exceeds this.
    min_group_size : int
        Rows needed in both the comparison and the reference group for selection-rate metrics.
    min_label_count : int
        Positive and negative labels each needed in both groups for error-rate metrics.
    """

    di_threshold: float = 0.80
    eo_threshold: float = 0.10
    min_group_size: int = 100
    min_label_count: int = 30

    def to_dict(self) -> dict:
        return asdict(self)


def judge_disparate_impact(interval, policy: Policy) -> tuple[str, str | None]:
    if not interval.defined:
        return INCONCLUSIVE, "no confidence interval"
    if interval.degenerate:
        return INCONCLUSIVE, "degenerate confidence interval (every replicate equal)"
    if interval.high < policy.di_threshold:
        return FLAGGED, (
            f"DI interval [{interval.low:.3f}, {interval.high:.3f}] lies entirely below "
            f"{policy.di_threshold:.2f}"
        )
    if interval.low >= policy.di_threshold:
        return PASS, None
    return INCONCLUSIVE, f"DI interval straddles {policy.di_threshold:.2f}"


def judge_equalized_odds(interval, policy: Policy) -> tuple[str, str | None]:
    if not interval.defined:
        return INCONCLUSIVE, "no confidence interval"
    if interval.degenerate:
        return INCONCLUSIVE, "degenerate confidence interval (every replicate equal)"
    if interval.low > policy.eo_threshold:
        return FLAGGED, (
            f"equalized-odds interval lower bound {interval.low:.3f} exceeds "
            f"{policy.eo_threshold:.2f}"
        )
    if interval.high <= policy.eo_threshold:
        return PASS, None
    return INCONCLUSIVE, f"equalized-odds interval straddles {policy.eo_threshold:.2f}"


POLICY_JUDGES = {
    "disparate_impact": ("DI_CI_BELOW_THRESHOLD", judge_disparate_impact),
    "equalized_odds_difference": ("EO_CI_ABOVE_THRESHOLD", judge_equalized_odds),
}


def comparison_status(policy_statuses: list[str]) -> str:
    for status in _PRECEDENCE:
        if status in policy_statuses:
            return status
    return UNDEFINED
