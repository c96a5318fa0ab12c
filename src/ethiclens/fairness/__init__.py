"""Group-fairness audit engine: count-based metrics, bootstrap statistics, policy, headlines."""

from ._bootstrap import JEFFREYS_METHOD, Interval, bootstrap_interval, draw_dirichlet_cells
from ._counts import GroupCounts
from ._engine import audit, two_proportion_z_test
from ._metrics import (
    COMPARISON_METRICS,
    GROUP_METRICS,
    accuracy,
    calculate_disparate_impact,
    composite_band,
    compute_composite_bias_score,
    false_positive_rate,
    selection_rate,
    theil_index,
    true_positive_rate,
)
from ._policy import (
    FLAGGED,
    INCONCLUSIVE,
    INSUFFICIENT_DATA,
    PASS,
    REPORTED,
    STATUSES,
    UNDEFINED,
    Policy,
)
from ._result import SCHEMA_VERSION, AuditResult, Comparison, Headline, MetricEstimate

__all__ = [
    "audit",
    "AuditResult",
    "Comparison",
    "Headline",
    "MetricEstimate",
    "Policy",
    "GroupCounts",
    "Interval",
    "bootstrap_interval",
    "draw_dirichlet_cells",
    "JEFFREYS_METHOD",
    "two_proportion_z_test",
    "calculate_disparate_impact",
    "compute_composite_bias_score",
    "composite_band",
    "theil_index",
    "selection_rate",
    "true_positive_rate",
    "false_positive_rate",
    "accuracy",
    "COMPARISON_METRICS",
    "GROUP_METRICS",
    "SCHEMA_VERSION",
    "STATUSES",
    "FLAGGED",
    "INCONCLUSIVE",
    "PASS",
    "INSUFFICIENT_DATA",
    "UNDEFINED",
    "REPORTED",
]
